"""Migrations that move data are frozen: they use the historical models and their own code, never
the app's, so a later change of games.models or the engine cannot break migrating a fresh
database. (Django's generated migrations may still name a field's default or choices.)"""

from __future__ import annotations

import ast
from pathlib import Path

import games.migrations

MIGRATIONS = Path(games.migrations.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_migration_linking_players_imports_no_app_code() -> None:
    modules = imported_modules(MIGRATIONS / "0008_link_players.py")

    assert modules == {"typing", "django.db", "django.db.models"}
