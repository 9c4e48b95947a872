"""Modern American Canasta through the generic screens: a game set up on the new-game page with
its house rules, hands entered on the generic hand form (a special hand among them) and scored,
the scoreboard, the rules page and every printout.

Personas: alice keeps score; a stranger reads the rules page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.conftest import GameFactory
from tests.views.helpers import bare, game_url, hand_data, html, totals

SLUG = "american-canasta"
FOUR = ("Ann", "Bob", "Cy", "Di")
ANN_CY, BOB_DI = "Ann & Cy", "Bob & Di"
#: Section 19's worked hand: 4,225 and −3,585.
WORKED_HAND = [
    {
        "went_out": True,
        "natural_canastas": 1,
        "mixed_canastas": 1,
        "seven_canastas": 1,
        "red_threes": 2,
        "black_threes": 1,
        "meld_points": 455,
        "hand_points": 30,
    },
    {
        "mixed_canastas": 1,
        "unfinished_aces": 1,
        "red_threes": 1,
        "black_threes": 2,
        "meld_points": 210,
        "hand_points": 95,
        "aces_penalties": 1,
    },
]
#: Garbage for Ann & Cy (its place in the club list is 6), and 755 for Bob & Di.
GARBAGE_HAND = [
    {"special_hand": 6},
    {"natural_canastas": 1, "meld_points": 340, "red_threes": 1, "hand_points": 85},
]


def new_game_data(**house: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"rules": SLUG, "first_dealer": 0}
    data |= {f"seat{seat}": name for seat, name in enumerate(FOUR)}
    data |= {f"{SLUG}--{name}": value for name, value in house.items()}
    return data


def posted_hand(sides: list[dict[str, Any]]) -> dict[str, Any]:
    """The hand form's body: "went_out" is asked once, as the side that went out."""
    data = hand_data([{k: v for k, v in side.items() if k != "went_out"} for side in sides], 1)
    out = [index for index, side in enumerate(sides) if side.get("went_out")]
    if out:
        data["went_out"] = out[0]
    return data


def test_the_new_game_page_offers_it_with_its_house_rules(alice_client: Client) -> None:
    page = html(alice_client.get(reverse("new_game")))

    assert f'value="{SLUG}"' in page
    for name in ("special_hands", "threes", "special_canasta_cards", "failed_opening_raise"):
        assert f'name="{SLUG}--{name}"' in page


def test_the_worked_hand_is_entered_scored_and_shown(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data(going_out=100))
    game = Game.objects.get()
    form = html(alice_client.get(game_url("hand_new", game)))
    for name in ("s0-special_hand", "s0-seven_canastas", "s1-black_threes"):
        assert f'name="{name}"' in form

    response = alice_client.post(game_url("hand_new", game), posted_hand(WORKED_HAND))

    assert response.status_code == 302
    assert totals(game) == {ANN_CY: 4_225, BOB_DI: -3_585}
    board = html(alice_client.get(game_url("game", game)))
    assert "4,225" in board and "3,585" in board
    assert ">155<" in board and ">125<" in board


def test_a_special_hand_is_entered_on_the_generic_form(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data())
    game = Game.objects.get()

    response = alice_client.post(game_url("hand_new", game), posted_hand(GARBAGE_HAND))

    assert response.status_code == 302
    assert totals(game) == {ANN_CY: 3_000, BOB_DI: 755}


def test_a_refused_hand_says_why_at_the_field(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data())
    game = Game.objects.get()
    broken = [{**WORKED_HAND[0], "unfinished_sevens": 1}, WORKED_HAND[1]]

    response = alice_client.post(game_url("hand_new", game), posted_hand(broken))

    assert response.status_code == 422
    assert "go out with" in html(response)
    assert totals(game) == {ANN_CY: 0, BOB_DI: 0}


def test_a_dream_hand_ends_the_game_with_its_side_the_winner(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)
    game.record_hand(1, bare(game, 3_000, 0), game.dealer_for(1))
    game.record_hand(2, {ANN_CY: {}, BOB_DI: {"special_hand": 10}}, game.dealer_for(2))

    score = game.setup().score(game.hand_inputs())
    board = html(alice_client.get(game_url("game", game)))

    assert score.finished and score.winners == [BOB_DI]
    assert "Dream Hand" in board


@pytest.mark.parametrize("options", [{}, {"special_hands": 1, "unfinished_joker_wild": 2_500}])
def test_every_page_and_printout_of_a_game_renders(
    alice_client: Client, make_game: GameFactory, options: dict[str, Any]
) -> None:
    game = make_game(SLUG, team_size=2, options=options)
    game.record_hand(1, bare(game, 500, 300), game.dealer_for(1))
    game.record_hand(2, {ANN_CY: {"special_hand": 2}, BOB_DI: {}}, game.dealer_for(2))
    pages = [
        game_url("game", game),
        game_url("hand_new", game),
        game_url("hand_edit", game, 1),
        game_url("hand_edit", game, 2),
        game_url("share", game),
        game_url("game_rules_page", game),
        reverse("live", args=[game.share_token]),
        reverse("rules_page", args=[SLUG]),
    ]
    for path in pages:
        assert alice_client.get(path).status_code == 200, path
    for name in ("game_rule_sheet", "game_score_pad", "score_sheet"):
        response = alice_client.get(game_url(name, game))
        assert response.status_code == 200, name
        assert response["Content-Type"] == "application/pdf"


def test_the_rules_page_lists_the_special_hands(client: Client) -> None:
    page = html(client.get(reverse("rules_page", args=[SLUG])))

    for word in ("Modern American Canasta", "Garbage", "Dream Hand", "Bonus cards"):
        assert word in page


@pytest.mark.parametrize("house", [[], ["special_hands=pagat", "threes=flat"]])
def test_the_rulesheet_command_prints_it(tmp_path: Path, house: list[str]) -> None:
    out = tmp_path / "mac.pdf"

    call_command(
        "rulesheet", SLUG, *[arg for rule in house for arg in ("--house", rule)], "-o", str(out)
    )

    assert out.read_bytes().startswith(b"%PDF")
