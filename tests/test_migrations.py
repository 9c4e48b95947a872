"""Migrations that move data are frozen: they use the historical models and their own code, never
the app's, so a later change of games.models or the engine cannot break migrating a fresh
database. (Django's generated migrations may still name a field's default or choices.) The one
that turns the names each game kept into seats is run on a game kept the old way."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

import games.migrations
from games.models import Game

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


def test_the_migration_turning_names_into_seats_imports_no_app_code() -> None:
    modules = imported_modules(MIGRATIONS / "0015_names_become_seats.py")

    assert modules == {"typing", "django.db"}


BEFORE_SEATS = [("games", "0013_rename_table_hand_in_progress")]
AFTER_SEATS = [("games", "0016_drop_copied_names")]


def old_game(apps: Any) -> Any:
    """A game as kept before names were read through the roster: Ann, Bob, Cy and Di with
    their names copied into the game, a side of its own name listing its players off the
    seating order ("Cy", "Ann"), Bob dealing first, hand 1 dealt by someone since dropped
    from the game, hand 2 edited once (Undo's copy dealt by Cy) and hand 3 deleted (dealt by
    Di)."""
    User = apps.get_model("auth", "User")
    Player, Game = apps.get_model("games", "Player"), apps.get_model("games", "Game")
    Team, Seat = apps.get_model("games", "Team"), apps.get_model("games", "Seat")
    Hand = apps.get_model("games", "Hand")
    owner = User.objects.create(username="alice")
    names = ["Ann", "Bob", "Cy", "Di"]
    sides = [
        {"name": "The Aces", "players": ["Cy", "Ann"]},
        {"name": "Bob & Di", "players": ["Bob", "Di"]},
    ]
    copy = {"number": 3, "dealer": "Di", "revision": 1, "recorded": "2026-01-01T00:00:00+00:00"}
    game = Game.objects.create(
        owner=owner,
        rules_slug="pfh-partnership",
        players=names,
        sides=sides,
        first_dealer="Bob",
        deleted_hand={**copy, "form_token": "", "entries": []},
    )
    teams = [
        Team.objects.create(game=game, order=0, name="The Aces", named_after_players=False),
        Team.objects.create(game=game, order=1, name="Bob & Di", named_after_players=True),
    ]
    for order, name in enumerate(names):
        player = Player.objects.create(owner=owner, name=name)
        Seat.objects.create(game=game, order=order, player=player, team=teams[order % 2])
    Hand.objects.create(game=game, number=1, dealer="Zed")
    Hand.objects.create(game=game, number=2, dealer="Cy", before_edit={"dealer": "Cy"})
    return game


@pytest.mark.django_db(transaction=True)
def test_every_name_a_game_kept_becomes_a_seat_read_through_the_roster() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE_SEATS)
    old = old_game(executor.loader.project_state(BEFORE_SEATS).apps)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER_SEATS)
    # Then every later migration, so that the app's own models read the game.
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    game = Game.objects.get(pk=old.pk)
    assert game.players == ["Ann", "Bob", "Cy", "Di"]
    assert game.sides == [
        {"name": "The Aces", "players": ["Cy", "Ann"]},
        {"name": "Bob & Di", "players": ["Bob", "Di"]},
    ]
    assert list(game.teams.values_list("name", flat=True)) == ["The Aces", ""]
    assert (game.first_dealer_seat, game.first_dealer) == (1, "Bob")
    assert game.deleted_hand["dealer_seat"] == 3 and "dealer" not in game.deleted_hand
    assert [(hand.dealer_seat, hand.dealer) for hand in game.hands.all()] == [
        (None, ""),  # Zed is not in the game
        (2, "Cy"),
    ]
    assert game.hands.get(number=2).before_edit == {"dealer_seat": 2}
