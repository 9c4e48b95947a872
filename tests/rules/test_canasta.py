"""Canasta, the classic game (RULINGS.md section 6): what it alone has. What it shares with the
other canasta games is checked beside them in test_canasta_family.py. Every number here is typed
from the RULINGS text, never read from the engine, so that a slip in the engine's numbers shows
up."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules import Canasta, GameSetup, get_rule_set
from games.rules.gamefile import read_game_file, report, write_game_file

from . import worded
from .helpers import (
    ANN_CY,
    BOB_DI,
    PARTNERS,
    THREE,
    TWO,
    bare,
    hand,
    new_game,
    one_hand,
    partnership,
    refusal,
    score,
)
from .refusals import problem
from .worded import said_in_force

SLUG = "canasta"


@pytest.fixture
def game() -> GameSetup:
    return partnership(SLUG)


def alone(players: tuple[str, ...] = TWO, options: dict[str, Any] | None = None) -> GameSetup:
    return new_game(SLUG, players, None, options)


# -- the rule set as declared ------------------------------------------------------------------


def test_cards_dealt_are_15_13_and_11():
    dealt = worded.text(get_rule_set(SLUG), "cards_dealt")

    assert "15" in dealt and "13" in dealt and "11" in dealt
    assert dealt.index("15") < dealt.index("13") < dealt.index("11")


# -- each scoring row ----------------------------------------------------------------------------


def test_going_out_concealed_is_200_in_all(game):
    tally = {"went_out": True, "concealed": True, "natural_canastas": 1, "meld_points": 100}

    scores = one_hand(game, tally, {})

    assert scores[ANN_CY] == 200 + 500 + 100


# -- house rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "total", "minimum"),
    [
        ({"opening_below_zero": 0}, -100, 0),
        ({"opening_below_zero": 25}, -100, 25),
        ({"opening_from_0": 15}, 0, 15),
        ({"opening_from_0": 90}, 1_495, 90),
        ({"opening_from_1500": 50}, 1_500, 50),
        ({"opening_from_1500": 120}, 2_995, 120),
        ({"opening_from_3000": 90}, 3_000, 90),
        ({"opening_from_3000": 150}, 4_000, 150),
    ],
    ids=lambda v: str(v) if not isinstance(v, dict) else None,
)
def test_each_opening_house_rule_changes_its_bracket_only(options, total, minimum):
    setup = partnership(SLUG, options)

    result = score(setup, bare(setup, total, 0))

    bob_di_at_0 = options.get("opening_from_0", 50)
    assert result.opening_minimums() == {ANN_CY: minimum, BOB_DI: bob_di_at_0}


def test_one_canasta_goes_out_with_three_or_four_players_by_default():
    for setup in (partnership(SLUG), alone(THREE)):
        assert setup.rules.options["canastas_to_go_out"] == 1
        tally = {"went_out": True, "natural_canastas": 1, "meld_points": 100}
        one_hand(setup, tally, *[{}] * (len(setup.sides) - 1))


def test_canastas_to_go_out_defaults_to_2_with_two_players():
    setup = alone(TWO)

    assert setup.rules.options["canastas_to_go_out"] == 2
    assert setup.chosen_options == {}
    error = refusal(setup, {"went_out": True, "natural_canastas": 1, "meld_points": 100}, {})
    assert "two canastas" in problem(error)


def test_two_players_may_choose_one_canasta_to_go_out():
    setup = alone(TWO, {"canastas_to_go_out": 1})

    scores = one_hand(setup, {"went_out": True, "natural_canastas": 1, "meld_points": 100}, {})

    assert scores["Ann"] == 100 + 500 + 100
    assert setup.chosen_options == {"canastas_to_go_out": 1}


def test_four_players_may_choose_two_canastas_to_go_out():
    setup = partnership(SLUG, {"canastas_to_go_out": 2})

    error = refusal(setup, {"went_out": True, "mixed_canastas": 1, "meld_points": 100}, {})

    assert "at least two canastas" in problem(error)
    assert setup.chosen_options == {"canastas_to_go_out": 2}


def test_house_rules_in_force_are_said_in_players_words():
    setup = partnership(SLUG, {"target": 7_500, "red_three": 200})

    assert said_in_force(setup.rules, 4) == ["game to 7,500", "red threes score 200 each"]
    assert said_in_force(partnership(SLUG).rules, 4) == []


# -- game files --------------------------------------------------------------------------------


def test_a_game_file_of_two_players_scores_and_reports(tmp_path):
    text = json.dumps(
        {
            "rules": SLUG,
            "players": list(TWO),
            "hands": [
                {
                    "dealer": "Ann",
                    "tallies": {
                        "Ann": {
                            "went_out": True,
                            "natural_canastas": 1,
                            "mixed_canastas": 1,
                            "red_threes": 1,
                            "meld_points": 310,
                        },
                        "Bob": {"red_threes": 1, "meld_points": 0, "hand_points": 65},
                    },
                },
                {"dealer": "Bob", "tallies": {"Ann": {"total": 1_000}, "Bob": {"total": 1_600}}},
            ],
        }
    )

    setup, hands = read_game_file(text)
    result = report(setup.score(hands))

    first = 100 + 500 + 300 + 100 + 310
    assert result["hands"][0]["scores"] == {"Ann": first, "Bob": -100 - 65}
    assert result["totals"] == {"Ann": first + 1_000, "Bob": -165 + 1_600}
    assert result["opening_minimums"] == {"Ann": 90, "Bob": 50}
    assert result["options"]["canastas_to_go_out"] == 2
    assert result["options"]["target"] == 5_000
    assert result["finished"] is False
    assert result["winners"] == []


def test_a_game_file_with_house_rules_round_trips():
    setup = partnership(SLUG, {"target": 3_000, "natural_canasta": 750, "opening_from_0": 90})
    hands = [
        hand({ANN_CY: {"natural_canastas": 2, "meld_points": 400}, BOB_DI: {"hand_points": 20}}),
        hand(
            {
                ANN_CY: {"went_out": True, "natural_canastas": 2, "meld_points": 300},
                BOB_DI: {"red_threes": 4, "meld_points": 80},
            }
        ),
    ]
    written = write_game_file(setup, hands)

    again, read_hands = read_game_file(json.dumps(written))
    result = report(again.score(read_hands))

    assert written["options"] == {"target": 3_000, "natural_canasta": 750, "opening_from_0": 90}
    assert [side["players"] for side in written["sides"]] == [list(p) for p in PARTNERS.values()]
    assert result == report(setup.score(hands))
    assert result["totals"] == {
        ANN_CY: 2 * 750 + 400 + 100 + 2 * 750 + 300,
        BOB_DI: -20 + 800 + 80,
    }
    assert result["finished"] is True
    assert result["winners"] == [ANN_CY]


# -- the rule sheet's words ----------------------------------------------------------------------


def sheet_text(rules: Canasta) -> str:
    return " ".join(" ".join((s.heading, *s.paragraphs, *s.items)) for s in worded.sections(rules))


def test_the_rule_sheet_prose_is_filled_with_the_rulings_numbers():
    text = sheet_text(Canasta())

    assert "{" not in text and "}" not in text
    for words in (
        "15 cards each with two players, 13 with three, 11 with four",
        "draw the top two cards",
        "scores 500",
        "scores 300",
        "each red three scores 100, and all four together score 800",
        "Going out scores 100",
        "100 more, 200 in all",
        "at least one canasta (two canastas with two players)",
        "three or four of them",
        "costs 5",
    ):
        assert words in text, words


def test_the_rule_sheet_prose_follows_the_house_rules():
    rules = Canasta().with_options(
        {"natural_canasta": 750, "red_three": 200, "concealed_extra": 200, "going_out": 50}, 4
    )
    text = sheet_text(rules)

    assert "scores 750" in text
    assert "each red three scores 200" in text
    assert "Going out scores 50" in text
    assert "200 more, 250 in all" in text
    assert worded.summary(rules).endswith("first side to 5,000.")
    assert worded.summary(Canasta().with_options({"target": 7_500})).endswith(
        "first side to 7,500."
    )


def test_the_two_player_rule_sheet_says_two_canastas_go_out():
    text = sheet_text(Canasta().with_options({}, 2))

    assert "at least two canastas." in text


def test_the_words_explained_on_the_hand_form_follow_the_house_rules():
    rules = Canasta().with_options({"all_four_red_threes": 1_200, "concealed_extra": 200}, 4)

    assert "1,200" in (worded.explain(rules, "Red threes") or "")
    assert "200 on top of going out" in (worded.explain(rules, "Went out concealed") or "")
    assert worded.explain(rules, "Mixed canastas")
