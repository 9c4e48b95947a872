"""Samba (RULINGS.md section 10): what it alone has. What it shares with the other canasta games
is checked beside them in test_canasta_family.py. Every number here is typed from the RULINGS
text, never read from the engine, so that a slip in the engine's numbers shows up."""

from __future__ import annotations

import json

import pytest

from games.rules import GameSetup
from games.rules.gamefile import read_game_file, report

from .canasta_tallies import SAMBA_WORKED as WORKED
from .helpers import ANN_CY, BOB_DI, FOUR, PARTNERS, THREE, bare, one_hand, partnership, score

SLUG = "samba"


@pytest.fixture
def game() -> GameSetup:
    return partnership(SLUG)


# -- opening minimum ---------------------------------------------------------------------------


def test_the_opening_minimum_follows_the_running_total(game):
    result = score(game, bare(game, 4_000, 1_000), bare(game, 3_000, -1_200))

    assert result.opening_minimums() == {ANN_CY: 160, BOB_DI: 15}


# -- house rules ---------------------------------------------------------------------------------


def test_the_worked_hand_with_a_1000_samba_and_100_for_going_out():
    setup = partnership(SLUG, {"samba": 1_000, "going_out": 100})

    scores = one_hand(setup, WORKED, {})

    assert scores[ANN_CY] == 1_000 + 500 + 200 + 560 - 30 + 100


def test_a_game_to_7500_ends_there():
    setup = partnership(SLUG, {"target": 7_500})

    result = score(setup, bare(setup, 5_000, 2_000), bare(setup, 2_500, 1_000))

    assert result.finished
    assert result.winners == [ANN_CY]


# -- game files --------------------------------------------------------------------------------


def test_a_game_file_scores_and_reports():
    bob_di = {"mixed_canastas": 1, "red_threes": 1, "meld_points": 215, "hand_points": 120}
    text = json.dumps(
        {
            "rules": SLUG,
            "players": list(FOUR),
            "sides": [{"name": name, "players": list(p)} for name, p in PARTNERS.items()],
            "hands": [
                {"dealer": "Ann", "tallies": {ANN_CY: WORKED, BOB_DI: bob_di}},
                {"dealer": "Bob", "tallies": {ANN_CY: {"total": 500}, BOB_DI: {"total": -400}}},
            ],
        }
    )

    setup, hands = read_game_file(text)
    result = report(setup.score(hands))

    assert result["hands"][0]["scores"] == {ANN_CY: 2_930, BOB_DI: 300 - 100 + 215 - 120}
    assert result["totals"] == {ANN_CY: 2_930 + 500, BOB_DI: 295 - 400}
    assert result["opening_minimums"] == {ANN_CY: 120, BOB_DI: 15}
    assert result["options"]["target"] == 10_000
    assert result["finished"] is False
    assert result["winners"] == []


def test_a_game_file_with_house_rules_ends_at_its_target():
    text = json.dumps(
        {
            "rules": SLUG,
            "options": {"target": 7_500, "samba": 1_000},
            "players": list(THREE),
            "hands": [
                {"tallies": {"Ann": {"total": 7_000}, "Bob": {"total": 3_000}, "Cy": {"total": 0}}},
                {
                    "tallies": {
                        "Ann": {"sambas": 1, "meld_points": 35},
                        "Bob": {"total": 0},
                        "Cy": {"total": 0},
                    }
                },
            ],
        }
    )

    setup, hands = read_game_file(text)
    result = report(setup.score(hands))

    assert result["totals"] == {"Ann": 7_000 + 1_000 + 35, "Bob": 3_000, "Cy": 0}
    assert result["finished"] is True
    assert result["winners"] == ["Ann"]
