"""No function over 60 lines outside the tests and the migrations: a longer one is cut into
named steps. Counted from its `def` to its last line (docstring and comments included)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LONGEST = 60


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


def test_no_function_is_over_60_lines() -> None:
    assert long_functions() == {}, f"over {LONGEST} lines: cut into named steps"
