"""No function over 60 lines outside the tests and the migrations: a longer one is cut into
named steps. Counted from its `def` to its last line (docstring and comments included)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LONGEST = 60

#: Still longer than LONGEST, being split into named steps (issue 22): take one off the list when
#: it is.
KNOWN_LONG: set[tuple[str, str]] = set()


def source_files() -> list[Path]:
    files = [ROOT / "manage.py"]
    for folder in ("games", "scorekeeper", "scripts"):
        files += (ROOT / folder).rglob("*.py")
    return [path for path in files if "migrations" not in path.parts]


def long_functions() -> dict[tuple[str, str], int]:
    """(file, function) -> lines, for every function over LONGEST lines."""
    found = {}
    for path in source_files():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LONGEST:
                    found[(path.relative_to(ROOT).as_posix(), node.name)] = lines
    return found


def test_no_new_function_is_over_60_lines() -> None:
    new = {place: lines for place, lines in long_functions().items() if place not in KNOWN_LONG}

    assert new == {}, f"over {LONGEST} lines: cut into named steps"


def test_a_function_split_since_is_off_the_list_of_long_ones() -> None:
    split = KNOWN_LONG - set(long_functions())

    assert split == set(), "no longer long: take these off KNOWN_LONG"
