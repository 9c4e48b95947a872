"""Gin Rummy and Oklahoma Gin through the generic screens: a game set up on the new-game page, a
hand entered on the hand form ("Who knocked?" asked once) and scored, the scoreboard, the rules
page and every printout (rule sheet, score pad, score sheet).

An Oklahoma hand with a knock and no upcard is refused on the form; the upcard's taps, and every
other path of the hand form, are tests/views/test_gin_hand_form.py's.

Personas: alice keeps score; a stranger reads the rules page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.conftest import GameFactory
from tests.views.helpers import game_url, hand_data, html, totals

ANN, BOB = "Ann", "Bob"


def new_game_data(slug: str, **house: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"rules": slug, "first_dealer": 0, "seat0": ANN, "seat1": BOB}
    if slug == "oklahoma-gin":
        data[f"{slug}--spades_double"] = "on"  # ticked by default on the page
    data |= {f"{slug}--{name}": value for name, value in house.items()}
    return data


def posted_hand(sides: list[dict[str, Any]]) -> dict[str, Any]:
    """The hand form's body: "knocked" is asked once, as the player who knocked ("" for a dead
    hand)."""
    data = hand_data([{k: v for k, v in side.items() if k != "knocked"} for side in sides], 1)
    knockers = [index for index, side in enumerate(sides) if side.get("knocked")]
    data["knocked"] = knockers[0] if knockers else ""
    return data


def test_the_new_game_page_offers_both(alice_client: Client) -> None:
    page = html(alice_client.get(reverse("new_game")))

    assert 'value="gin-rummy"' in page and 'value="oklahoma-gin"' in page
    for name in ("gin-rummy--hollywood", "gin-rummy--shutout", "oklahoma-gin--ace_upcard"):
        assert f'name="{name}"' in page


def test_a_gin_hand_is_entered_scored_and_shown(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data("gin-rummy"))
    game = Game.objects.get()
    form = html(alice_client.get(game_url("hand_new", game)))
    assert "Who knocked?" in form
    for name in ('name="knocked"', 'name="s0-deadwood"', 'name="s1-big_gin"'):
        assert name in form

    # RULINGS.md's first worked hand: Ann knocks with 6, Bob has 21: Ann 15.
    response = alice_client.post(
        game_url("hand_new", game),
        posted_hand([{"knocked": True, "deadwood": 6}, {"deadwood": 21}]),
    )

    assert response.status_code == 302
    assert totals(game) == {ANN: 15, BOB: 0}
    assert "15" in html(alice_client.get(game_url("game", game)))


def test_a_dead_hand_is_entered_with_nobody_knocking(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data("gin-rummy"))
    game = Game.objects.get()

    # The generic form takes a hand with nothing typed as forgotten: a 0 typed says it is not.
    response = alice_client.post(
        game_url("hand_new", game), posted_hand([{"deadwood": 0}, {"deadwood": 0}])
    )

    assert response.status_code == 302
    assert totals(game) == {ANN: 0, BOB: 0}


def test_a_knock_over_ten_is_refused_at_the_field(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data("gin-rummy"))
    game = Game.objects.get()

    response = alice_client.post(
        game_url("hand_new", game),
        posted_hand([{"knocked": True, "deadwood": 12}, {"deadwood": 30}]),
    )

    assert response.status_code == 422
    assert "at most 10 points of deadwood, not 12" in html(response)
    assert totals(game) == {ANN: 0, BOB: 0}


def test_an_oklahoma_knock_is_refused_for_want_of_an_upcard(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data("oklahoma-gin"))
    game = Game.objects.get()

    response = alice_client.post(
        game_url("hand_new", game),
        posted_hand([{"knocked": True, "deadwood": 3}, {"deadwood": 30}]),
    )

    assert response.status_code == 422
    assert "write the hand" in html(response) and "upcard" in html(response)


@pytest.mark.parametrize(
    ("slug", "options"),
    [("gin-rummy", {}), ("gin-rummy", {"hollywood": True}), ("oklahoma-gin", {})],
)
def test_every_page_and_printout_of_a_game_renders(
    alice_client: Client, make_game: GameFactory, slug: str, options: dict[str, Any]
) -> None:
    game = make_game(slug, players=(ANN, BOB), options=options)
    if slug == "gin-rummy":
        game.record_hand(1, {ANN: {"knocked": True, "deadwood": 6}, BOB: {"deadwood": 21}})
        game.record_hand(2, {ANN: {}, BOB: {}})
    pages = [
        game_url("game", game),
        game_url("hand_new", game),
        game_url("share", game),
        game_url("game_rules_page", game),
        reverse("live", args=[game.share_token]),
        reverse("rules_page", args=[slug]),
    ]
    if slug == "gin-rummy":
        pages.append(game_url("hand_edit", game, 1))
    for path in pages:
        assert alice_client.get(path).status_code == 200, path
    for name in ("game_rule_sheet", "game_score_pad", "score_sheet"):
        response = alice_client.get(game_url(name, game))
        assert response.status_code == 200, name
        assert response["Content-Type"] == "application/pdf"


def test_a_finished_game_shows_its_winner(alice_client: Client, make_game: GameFactory) -> None:
    game = make_game("gin-rummy", players=(ANN, BOB), options={"target": 50})
    game.record_hand(1, {ANN: {"knocked": True}, BOB: {"deadwood": 40}})

    board = html(alice_client.get(game_url("game", game)))

    assert "65" in board
    assert Game.objects.get(pk=game.pk).score().finished


@pytest.mark.parametrize("slug", ["gin-rummy", "oklahoma-gin"])
def test_the_rules_page_reads_the_games_own_words(client: Client, slug: str) -> None:
    page = html(client.get(reverse("rules_page", args=[slug])))

    for word in ("knock", "deadwood", "undercut", "Hollywood", "box"):
        assert word in page
    if slug == "oklahoma-gin":
        assert "spade" in page
