"""House rules that RULINGS.md names by a word travel as that word (section 8): a game's export
writes Hand and Foot's "no wild books" as "none", and an import reads "none", null and an
older export's 0 alike.

Personas: alice owns the games."""

from __future__ import annotations

import json
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.views.helpers import FOUR, game_url, html


def hand_and_foot_file(options: dict[str, Any]) -> dict[str, Any]:
    return {
        "rules": "hand-and-foot",
        "options": options,
        "players": list(FOUR),
        "sides": [
            {"name": "Ann & Cy", "players": ["Ann", "Cy"]},
            {"name": "Bob & Di", "players": ["Bob", "Di"]},
        ],
        "hands": [],
    }


def test_a_games_export_writes_no_wild_books_as_none(alice_client: Client, make_game) -> None:
    game = make_game("hand-and-foot", team_size=2, options={"wild_book": 0})

    exported = json.loads(alice_client.get(game_url("export_game", game)).content)

    assert exported["options"] == {"wild_book": "none"}


@pytest.mark.parametrize("no_wild_books", ["none", None, 0], ids=["none", "null", "old-0"])
def test_an_import_reads_no_wild_books_as_none_null_or_an_older_exports_0(
    alice_client: Client, no_wild_books: Any
) -> None:
    text = json.dumps(hand_and_foot_file({"wild_book": no_wild_books}))

    alice_client.post(reverse("import_game"), {"text": text})

    game = Game.objects.get()
    assert game.options == {"wild_book": 0}
    assert "no wild books" in html(alice_client.get(game_url("game", game)))


def test_an_import_refuses_a_word_in_another_case_naming_the_rule(alice_client: Client) -> None:
    text = json.dumps(hand_and_foot_file({"wild_book": "None"}))

    response = alice_client.post(reverse("import_game"), {"text": text})

    message = "House rule wild_book can be none, 1,000 or 1,500, not 'None'"
    assert message in unescape(html(response))
    assert not Game.objects.exists()
