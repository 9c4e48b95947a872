"""Bolivia (RULINGS.md section 11: Samba's game with bolivias, escaleras and black threes that
cost 100 in hand): what it alone has. What it shares with the other canasta games is checked
beside them in test_canasta_family.py. Every number here is typed from the RULINGS text, never
read from the engine, so that a slip in the engine's numbers shows up."""

from __future__ import annotations

import json

from games.rules.gamefile import read_game_file, report

from .canasta_tallies import BOLIVIA_WORKED as WORKED
from .helpers import ANN_CY, BOB_DI, FOUR, PARTNERS, THREE, bare, partnership, score

SLUG = "bolivia"


# -- the end of the game -------------------------------------------------------------------------


def test_a_game_to_10000_ends_there():
    going_on = partnership(SLUG, {"target": 10_000})
    ended = partnership(SLUG, {"target": 10_000})

    assert not score(going_on, bare(going_on, 9_995, 0)).finished
    result = score(ended, bare(ended, 10_000, 9_000))
    assert result.finished
    assert result.winners == [ANN_CY]


# -- game files --------------------------------------------------------------------------------


def test_a_game_file_of_three_players_scores_and_reports():
    cy = {"went_out": True, "escaleras": 1, "natural_canastas": 1, "meld_points": 90}
    text = json.dumps(
        {
            "rules": SLUG,
            "players": list(THREE),
            "hands": [
                {"dealer": "Ann", "tallies": {"Ann": WORKED, "Bob": {"hand_points": 40}, "Cy": cy}},
                {
                    "dealer": "Bob",
                    "tallies": {
                        "Ann": {"total": 5_000},
                        "Bob": {"total": 1_500},
                        "Cy": {"total": -2_000},
                    },
                },
            ],
        }
    )

    setup, hands = read_game_file(text)
    result = report(setup.score(hands))

    cy_first = 1_500 + 500 + 90 + 200
    assert result["hands"][0]["scores"] == {"Ann": 2_455, "Bob": -40, "Cy": cy_first}
    assert result["totals"] == {"Ann": 2_455 + 5_000, "Bob": -40 + 1_500, "Cy": cy_first - 2_000}
    assert result["opening_minimums"] == {"Ann": 150, "Bob": 50, "Cy": 50}
    assert result["options"]["target"] == 15_000
    assert result["finished"] is False
    assert result["winners"] == []


def test_a_game_file_of_partners_to_10000_ends_there():
    text = json.dumps(
        {
            "rules": SLUG,
            "options": {"target": 10_000},
            "players": list(FOUR),
            "sides": [{"name": name, "players": list(p)} for name, p in PARTNERS.items()],
            "hands": [
                {"tallies": {ANN_CY: {"total": 8_000}, BOB_DI: {"total": 9_000}}},
                {"tallies": {ANN_CY: WORKED, BOB_DI: {"hand_points": 100}}},
            ],
        }
    )

    setup, hands = read_game_file(text)
    result = report(setup.score(hands))

    assert result["totals"] == {ANN_CY: 8_000 + 2_455, BOB_DI: 9_000 - 100}
    assert result["finished"] is True
    assert result["winners"] == [ANN_CY]
