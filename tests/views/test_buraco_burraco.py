"""Buraco and Burraco through the generic screens: a game set up on the new-game page with its
house rules, a hand entered on the hand form and scored, the scoreboard, the live view, the rules
page and every printout (rule sheet, score pad, score sheet), and the rulesheet command.

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

FOUR = ("Ann", "Bob", "Cy", "Di")
ANN_CY, BOB_DI = "Ann & Cy", "Bob & Di"
#: Section 16's worked hand: 1,215 and 185.
BURACO_HAND = [
    {
        "clean_canastas": 2,
        "dirty_canastas": 1,
        "meld_points": 640,
        "hand_points": 25,
        "went_out": True,
    },
    {"dirty_canastas": 1, "meld_points": 280, "hand_points": 95, "morto_not_taken": True},
]
#: Section 17's worked hand: 1,315 and 30.
BURRACO_HAND = [
    {
        "clean_burracos": 1,
        "semi_clean_burracos": 1,
        "dirty_burracos": 2,
        "meld_points": 705,
        "hand_points": 40,
        "went_out": True,
    },
    {"meld_points": 215, "hand_points": 85, "pozzetto_not_taken": True},
]


#: The yes/no house rules whose box the new-game page shows ticked (a box left unticked posts
#: nothing, which is "no").
TICKED = {"buraco": ("jokers", "long_canastras", "clean_to_go_out"), "burraco": ()}


def new_game_data(slug: str, players: tuple[str, ...] = FOUR, **house: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"rules": slug, "first_dealer": 0}
    data |= {f"{slug}--{name}": "on" for name in TICKED[slug]}
    data |= {f"seat{seat}": name for seat, name in enumerate(players)}
    data |= {f"{slug}--{name}": value for name, value in house.items()}
    return data


def posted_hand(sides: list[dict[str, Any]]) -> dict[str, Any]:
    """The hand form's body: "went_out" is asked once, as the side that went out."""
    data = hand_data([{k: v for k, v in side.items() if k != "went_out"} for side in sides], 1)
    out = [index for index, side in enumerate(sides) if side.get("went_out")]
    if out:
        data["went_out"] = out[0]
    return data


def test_the_new_game_page_offers_both_with_their_house_rules(alice_client: Client) -> None:
    page = html(alice_client.get(reverse("new_game")))

    assert 'value="buraco"' in page and 'value="burraco"' in page
    for name in ("buraco--vulnerable", "buraco--card_values", "burraco--hands"):
        assert f'name="{name}"' in page
    assert "Nobody vulnerable (usual)" in page
    assert "A free game to the target (usual)" in page


@pytest.mark.parametrize(
    ("slug", "players", "sides"),
    [
        ("buraco", FOUR, [ANN_CY, BOB_DI]),
        ("buraco", ("Ann", "Bob"), ["Ann", "Bob"]),
        ("burraco", FOUR, [ANN_CY, BOB_DI]),
        ("burraco", ("Ann", "Bob"), ["Ann", "Bob"]),
    ],
)
def test_a_game_is_set_up_with_partners_or_alone(
    alice_client: Client, slug: str, players: tuple[str, ...], sides: list[str]
) -> None:
    response = alice_client.post(reverse("new_game"), new_game_data(slug, players))

    game = Game.objects.get()
    assert response.status_code == 302
    assert game.rules_slug == slug
    assert game.side_names == sides


def test_a_buraco_hand_is_entered_scored_and_shown(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data("buraco", vulnerable=1_000))
    game = Game.objects.get()
    form = html(alice_client.get(game_url("hand_new", game)))
    for name in ("s0-clean_canastas", "s1-morto_not_taken", "s0-ace_to_king_canastas"):
        assert f'name="{name}"' in form

    response = alice_client.post(game_url("hand_new", game), posted_hand(BURACO_HAND))

    assert response.status_code == 302
    assert totals(game) == {ANN_CY: 1_215, BOB_DI: 185}
    board = html(alice_client.get(game_url("game", game)))
    assert "1,215" in board and "185" in board
    assert "vulnerable from 1,000" in board


def test_a_buraco_hand_refused_says_why_at_the_field(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data("buraco"))
    game = Game.objects.get()
    broken = [{**BURACO_HAND[0], "morto_not_taken": True}, BURACO_HAND[1]]

    response = alice_client.post(game_url("hand_new", game), posted_hand(broken))

    assert response.status_code == 422
    assert "A side that goes out has taken its morto" in html(response)
    assert totals(game) == {ANN_CY: 0, BOB_DI: 0}


def test_a_burraco_tournament_hand_is_entered_and_scored(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data("burraco", hands=3))
    game = Game.objects.get()

    response = alice_client.post(game_url("hand_new", game), posted_hand(BURRACO_HAND))

    assert response.status_code == 302
    assert totals(game) == {ANN_CY: 1_315, BOB_DI: 30}
    board = html(alice_client.get(game_url("game", game)))
    assert "1,315" in board
    assert "3 hands, decided in victory points" in board


def test_a_finished_burraco_tournament_shows_its_winner(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("burraco", team_size=2, options={"hands": 3})
    for number, scores in enumerate(((1_315, 30), (500, 1_000), (165, 215)), start=1):
        game.record_hand(number, bare(game, *scores), game.dealer_for(number))

    board = html(alice_client.get(game_url("game", game)))

    assert game.setup().score(game.hand_inputs()).victory_points == {ANN_CY: 16, BOB_DI: 4}
    assert "1,980" in board and "1,245" in board


@pytest.mark.parametrize("slug", ["buraco", "burraco"])
def test_every_page_and_printout_of_a_game_renders(
    alice_client: Client, make_game: GameFactory, slug: str
) -> None:
    game = make_game(slug, team_size=2)
    game.record_hand(1, bare(game, 500, 300), game.dealer_for(1))
    pages = [
        game_url("game", game),
        game_url("hand_new", game),
        game_url("hand_edit", game, 1),
        game_url("share", game),
        game_url("game_rules_page", game),
        reverse("live", args=[game.share_token]),
        reverse("rules_page", args=[slug]),
    ]
    for path in pages:
        assert alice_client.get(path).status_code == 200, path
    for name in ("game_rule_sheet", "game_score_pad", "score_sheet"):
        response = alice_client.get(game_url(name, game))
        assert response.status_code == 200, name
        assert response["Content-Type"] == "application/pdf"


@pytest.mark.parametrize("slug", ["buraco", "burraco"])
def test_the_rules_page_reads_the_games_own_words(client: Client, slug: str) -> None:
    page = html(client.get(reverse("rules_page", args=[slug])))

    words = {"buraco": ("morto", "batida", "canastra limpa"), "burraco": ("pozzetto", "chiusura")}
    for word in words[slug]:
        assert word in page


@pytest.mark.parametrize(
    ("slug", "house"),
    [("buraco", []), ("buraco", ["vulnerable=1000", "jokers=no"]), ("burraco", ["hands=4"])],
)
def test_the_rulesheet_command_prints_them(tmp_path: Path, slug: str, house: list[str]) -> None:
    out = tmp_path / f"{slug}.pdf"

    call_command(
        "rulesheet", slug, *[arg for rule in house for arg in ("--house", rule)], "-o", str(out)
    )

    assert out.read_bytes().startswith(b"%PDF")


def test_a_vulnerable_sides_minimum_and_its_failed_attempts_show_on_the_scoreboard(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("buraco", team_size=2, options={"vulnerable": 1_000})
    game.record_hand(1, bare(game, 1_200, 300), game.dealer_for(1))

    board = html(alice_client.get(game_url("game", game)))

    assert "Failed opening +15" in board
    assert "Next Toulon" not in board
    assert ">75<" in board
