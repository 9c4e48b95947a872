"""The engine holds no word a player reads (issue 41): a rule set's names, labels, phrases and
rule-sheet prose are the app's (games/words/), and a refusal is a code with its numbers. This
walks every module of games/rules/ and fails on a string that reads as words (a space, or a
capital followed by lower case), but for docstrings, the messages of errors for programmers
(TypeError, ValueError ... raised by the engine's own checks) and a short allow-list."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "games" / "rules"

#: Words are a space between letters, or a capital letter followed by lower case ("Canasta").
WORDS = re.compile(r"[A-Za-z][ ,.:;!?]+[A-Za-z]|[A-Z][a-z]")

#: Strings that look like words but are codes or names no player reads as the engine's.
ALLOWED = {
    # A programmer's message: a rule set class that declares neither end (core.py's TypeError).
    "target_score or fixed_hands",
    # Unicode's categories of characters a name may not hold (names.py).
    "Cc",
    "Cf",
    "Cs",
    "Co",
    "Cn",
    "Zl",
    "Zp",
}

#: The calls whose first argument is a card's key (its name is the words').
CARD_KEYS = {"CardValue"}

#: Errors the engine raises for a programmer (a rule set declared wrong), never for a table.
PROGRAMMERS_ERRORS = {"TypeError", "ValueError", "NotImplementedError", "AssertionError"}


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of every docstring's node: a module's, a class's, a function's."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def keys(tree: ast.AST) -> set[int]:
    """The ids of the strings that are keys, not words: the cards of a card value
    (`CardValue("Eight to King", 10)`, the key its words name it by, in each language), the
    names a module exports (`__all__`) and a type named in quotes (`tuple["Param", ...]`)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        inside: list[ast.AST] = []
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in CARD_KEYS and node.args:
            inside = [node.args[0]]
        elif isinstance(node, ast.Assign) and any(
            getattr(target, "id", "") == "__all__" for target in node.targets
        ):
            inside = [node.value]
        elif isinstance(node, ast.Subscript):
            inside = [node.slice]
        found |= {id(inner) for part in inside for inner in ast.walk(part)}
    return found


def for_programmers(tree: ast.AST) -> set[int]:
    """The ids of the strings inside a programmer's error (`raise TypeError(f"...")`) and an
    assert's message."""
    found = set()
    for node in ast.walk(tree):
        message: ast.AST | None = None
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            if isinstance(func, ast.Name) and func.id in PROGRAMMERS_ERRORS:
                message = node.exc
        elif isinstance(node, ast.Assert):
            message = node.msg
        if message is not None:
            found |= {id(inner) for inner in ast.walk(message)}
    return found


def words_in(source: str) -> list[tuple[int, str]]:
    """(line, string) of every string constant in `source` that reads as words."""
    tree = ast.parse(source)
    skipped = docstrings(tree) | keys(tree) | for_programmers(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in skipped or node.value in ALLOWED:
            continue
        if WORDS.search(node.value):
            found.append((node.lineno, node.value))
    return found


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda path: path.name)
def test_no_module_of_the_engine_holds_a_word_a_player_reads(path: Path) -> None:
    found = [f"{path.name}:{line}: {text!r}" for line, text in words_in(path.read_text())]

    assert found == [], "words a player reads belong in games/words/:\n" + "\n".join(found)


def test_the_scan_sees_a_word_and_leaves_a_code_alone() -> None:
    source = '''"""A docstring, left alone."""
NAME = "Canasta"
SENTENCE = "a side goes out"
CODE = "natural_canastas"
KEY = "hand"
def check():
    raise TypeError(f"rule set {NAME} must declare it")
'''
    assert [text for _, text in words_in(source)] == ["Canasta", "a side goes out"]
