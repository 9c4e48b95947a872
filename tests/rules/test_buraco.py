"""Buraco (RULINGS.md section 16): its scores, every check refused with its code, every house
rule, the end of the game (one side alone on top at the target) and its game file. Every number
is typed from the RULINGS text, never read from the engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules import RulesError
from games.rules.gamefile import read_game_file, report, write_game_file

from .helpers import (
    ANN_CY,
    BOB_DI,
    FOUR,
    PARTNERS,
    TWO,
    bare,
    hand,
    new_game,
    one_hand,
    partnership,
    refusal,
    score,
)
from .refusals import said

SLUG = "buraco"

#: The worked hand of section 16: Ana & Caio went out; Bia & Davi never took their morto.
OUT = {
    "clean_canastas": 2,
    "dirty_canastas": 1,
    "meld_points": 640,
    "hand_points": 25,
    "went_out": True,
}
OTHER = {"dirty_canastas": 1, "meld_points": 280, "hand_points": 95, "morto_not_taken": True}
#: A side that played a quiet hand: nothing that any check looks at.
QUIET = {"meld_points": 60, "hand_points": 30}


# -- scores ------------------------------------------------------------------------------------

SCORES: dict[str, tuple[dict[str, Any], dict[str, Any], dict[str, Any], int, int]] = {
    "worked hand": ({}, OUT, OTHER, 1_215, 185),
    "ace-to-king instead of a clean canastra": (
        {},
        {**OUT, "clean_canastas": 1, "ace_to_king_canastas": 1},
        OTHER,
        200 + 500 + 100 + 640 - 25 + 100,
        185,
    ),
    "ace-to-ace": (
        {},
        {**OUT, "clean_canastas": 1, "ace_to_ace_canastas": 1},
        OTHER,
        200 + 1_000 + 100 + 640 - 25 + 100,
        185,
    ),
    "melds against a side with no canastra": (
        {"melds_without_canasta": "against"},
        OUT,
        {"meld_points": 150, "hand_points": 60, "morto_not_taken": True},
        1_215,
        -310,
    ),
    "melds against only a side with no canastra": (
        {"melds_without_canasta": "against"},
        OUT,
        OTHER,
        1_215,
        185,
    ),
    "taking the morto scores 100": ({"morto_taken_bonus": 100}, OUT, OTHER, 1_315, 185),
    "no long canastras: the worked hand alike": ({"long_canastras": False}, OUT, OTHER, 1_215, 185),
    "any canastra to go out": (
        {"clean_to_go_out": False},
        {"dirty_canastas": 1, "meld_points": 100, "hand_points": 10, "went_out": True},
        QUIET,
        100 + 100 - 10 + 100,
        30,
    ),
    "nobody out": ({}, QUIET, OTHER, 30, 185),
}


@pytest.mark.parametrize(
    ("options", "first", "second", "expected_first", "expected_second"), SCORES.values(), ids=SCORES
)
def test_a_hand_scores_as_section_16_says(options, first, second, expected_first, expected_second):
    game = partnership(SLUG, options)

    assert one_hand(game, first, second) == {ANN_CY: expected_first, BOB_DI: expected_second}


def test_the_worked_hand_itemized():
    result = score(partnership(SLUG), {ANN_CY: OUT, BOB_DI: OTHER})

    parts = result.hands[0].breakdown
    assert parts[ANN_CY]["clean_canastas"] == 400
    assert parts[ANN_CY]["went_out"] == 100
    assert parts[ANN_CY]["hand_points"] == -25
    assert parts[BOB_DI]["morto_not_taken"] == -100
    assert sum(parts[BOB_DI].values()) == 185


# -- checks ------------------------------------------------------------------------------------

HIGH = {"meld_points": 3_000, "hand_points": 30}

REFUSED: dict[str, tuple[dict[str, Any], tuple[str, ...], dict[str, Any], dict[str, Any], str]] = {
    "two sides out": ({}, FOUR, OUT, {**OUT, "hand_points": 0}, "only_one_side_goes_out"),
    "out without the morto": (
        {},
        FOUR,
        {**OUT, "morto_not_taken": True},
        QUIET,
        "side_out_without_morto",
    ),
    "out without a clean canastra": (
        {},
        FOUR,
        {**OUT, "clean_canastas": 0},
        QUIET,
        "side_out_needs_clean_canastra",
    ),
    "out with no canastra where any will do": (
        {"clean_to_go_out": False},
        FOUR,
        {"meld_points": 100, "hand_points": 10, "went_out": True},
        QUIET,
        "side_out_needs_canastra",
    ),
    "a player out without the morto": (
        {},
        TWO,
        {**OUT, "hand_points": 0, "morto_not_taken": True},
        QUIET,
        "player_out_without_morto",
    ),
    "a player out without a clean canastra": (
        {},
        TWO,
        {**OUT, "hand_points": 0, "clean_canastas": 0},
        QUIET,
        "player_out_needs_clean_canastra",
    ),
    "a player out with no canastra": (
        {"clean_to_go_out": False},
        TWO,
        {"meld_points": 100, "went_out": True},
        QUIET,
        "player_out_needs_canastra",
    ),
    "a player out with cards in hand": ({}, TWO, OUT, QUIET, "hand_points_after_going_out"),
    "partners who never took the morto with empty hands": (
        {},
        FOUR,
        QUIET,
        {**OTHER, "hand_points": 0},
        "morto_not_taken_cards_in_hand",
    ),
    "canastras worth more than the melds": (
        {},
        FOUR,
        {**OUT, "meld_points": 3 * 35 - 5},
        QUIET,
        "canastras_worth_more",
    ),
    "an ace-to-king run worth more": (
        {},
        FOUR,
        {"ace_to_king_canastas": 1, "meld_points": 105},
        QUIET,
        "canastras_worth_more",
    ),
    "an ace-to-king run worth more in Burako's values": (
        {"card_values": "burako"},
        FOUR,
        {"ace_to_king_canastas": 1, "meld_points": 115},
        QUIET,
        "canastras_worth_more",
    ),
    "an ace-to-ace run worth more": (
        {},
        FOUR,
        {"ace_to_ace_canastas": 1, "meld_points": 120},
        QUIET,
        "canastras_worth_more",
    ),
    "an ace-to-ace run worth more in Burako's values": (
        {"card_values": "burako"},
        FOUR,
        {"ace_to_ace_canastas": 1, "meld_points": 130},
        QUIET,
        "canastras_worth_more",
    ),
    "more dirty canastras than wild cards": (
        {},
        FOUR,
        {**HIGH, "dirty_canastas": 7},
        {**HIGH, "dirty_canastas": 6},
        "too_many_dirty_canastras",
    ),
    "more dirty canastras than twos, without jokers": (
        {"jokers": False},
        FOUR,
        {**HIGH, "dirty_canastas": 5},
        {**HIGH, "dirty_canastas": 4},
        "too_many_dirty_canastras",
    ),
    "five ace-to-ace runs": (
        {},
        FOUR,
        {**HIGH, "ace_to_ace_canastas": 3},
        {**HIGH, "ace_to_ace_canastas": 2},
        "too_many_ace_to_ace",
    ),
    "long runs needing nine aces": (
        {},
        FOUR,
        {**HIGH, "ace_to_ace_canastas": 2},
        {**HIGH, "ace_to_king_canastas": 5},
        "long_canastras_need_aces",
    ),
    "canastras beyond 108 cards": (
        {},
        FOUR,
        {**HIGH, "clean_canastas": 8},
        {**HIGH, "clean_canastas": 8},
        "canastras_beyond_cards",
    ),
    "canastras beyond 104 cards, without jokers": (
        {"jokers": False},
        FOUR,
        {**HIGH, "clean_canastas": 8},
        {**HIGH, "clean_canastas": 7},
        "canastras_beyond_cards",
    ),
    "long runs asked only with long_canastras": (
        {"long_canastras": False},
        FOUR,
        {**OUT, "ace_to_king_canastas": 1},
        QUIET,
        "no_such_field",
    ),
}


@pytest.mark.parametrize(
    ("options", "players", "first", "second", "code"), REFUSED.values(), ids=REFUSED
)
def test_every_check_is_refused_with_its_code(options, players, first, second, code):
    game = new_game(SLUG, players, PARTNERS if players == FOUR else None, options)

    error = refusal(game, first, second)

    assert error.code == code
    assert error.hand == 1
    assert said(error).startswith("Hand 1, ")


TAKEN = {
    "partners out with a card left in the partner's hand": ({}, FOUR, OUT, OTHER),
    "a player alone who never played the morto, hand empty": (
        {},
        TWO,
        QUIET,
        {"dirty_canastas": 1, "meld_points": 280, "morto_not_taken": True},
    ),
    "canastras worth exactly the least": ({}, FOUR, {**OUT, "meld_points": 3 * 35}, QUIET),
    "an ace-to-king run worth 110": (
        {},
        FOUR,
        {"ace_to_king_canastas": 1, "meld_points": 110},
        QUIET,
    ),
    "an ace-to-ace run worth 125": (
        {},
        FOUR,
        {"ace_to_ace_canastas": 1, "meld_points": 125},
        QUIET,
    ),
    "twelve dirty canastras": (
        {},
        FOUR,
        {**HIGH, "dirty_canastas": 6},
        {**HIGH, "dirty_canastas": 6},
    ),
    "eight dirty canastras without jokers": (
        {"jokers": False},
        FOUR,
        {**HIGH, "dirty_canastas": 4},
        {**HIGH, "dirty_canastas": 4},
    ),
    "eight aces in long runs": (
        {},
        FOUR,
        {**HIGH, "ace_to_ace_canastas": 2},
        {**HIGH, "ace_to_king_canastas": 4},
    ),
    "105 cards of canastras with jokers": (
        {},
        FOUR,
        {**HIGH, "clean_canastas": 8},
        {**HIGH, "clean_canastas": 7},
    ),
    "a dirty canastra lets a side go out where any will do": (
        {"clean_to_go_out": False},
        FOUR,
        {"dirty_canastas": 1, "meld_points": 100, "hand_points": 10, "went_out": True},
        QUIET,
    ),
}


@pytest.mark.parametrize(("options", "players", "first", "second"), TAKEN.values(), ids=TAKEN)
def test_what_the_checks_take(options, players, first, second):
    game = new_game(SLUG, players, PARTNERS if players == FOUR else None, options)

    one_hand(game, first, second)


def test_a_refusal_reads_in_the_tables_words():
    error = refusal(partnership(SLUG), {**OUT, "morto_not_taken": True}, QUIET)

    assert said(error) == "Hand 1, Ann & Cy: a side that goes out has taken its morto"


# -- the end of the game -----------------------------------------------------------------------

ENDINGS: dict[str, tuple[dict[str, Any], tuple[tuple[int, int], ...], bool, list[str]]] = {
    "short of the target": ({}, ((2_990, 2_000),), False, []),
    "one side at the target": ({}, ((3_000, 2_000),), True, [ANN_CY]),
    "both past it, one ahead": ({}, ((3_000, 3_050),), True, [BOB_DI]),
    "equal at the target: another hand": ({}, ((3_000, 3_000),), False, []),
    "equal past it: another hand": ({}, ((3_100, 3_100),), False, []),
    "equal, then one ahead": ({}, ((3_000, 3_000), (100, 0)), True, [ANN_CY]),
    "equal below the target, other side short": ({}, ((1_000, 1_000),), False, []),
    "a game to 1,500": ({"target": 1_500}, ((1_500, 200),), True, [ANN_CY]),
    "a game to 5,000": ({"target": 5_000}, ((4_995, 200),), False, []),
}


@pytest.mark.parametrize(("options", "hands", "finished", "winners"), ENDINGS.values(), ids=ENDINGS)
def test_the_game_ends_with_one_side_alone_on_top(options, hands, finished, winners):
    game = partnership(SLUG, options)

    result = score(game, *(bare(game, *totals) for totals in hands))

    assert result.finished is finished
    assert result.winners == winners


def test_equal_totals_at_the_target_say_another_hand_is_played():
    game = partnership(SLUG)

    result = score(game, bare(game, 3_000, 3_000))

    assert game.rules.tied_at_target(result.totals)
    assert not game.rules.tied_at_target({ANN_CY: 2_000, BOB_DI: 2_000})


def test_no_hand_after_the_end():
    game = partnership(SLUG)

    with pytest.raises(RulesError) as caught:
        score(game, bare(game, 3_000, 0), bare(game, 0, 0))

    assert caught.value.code == "game_over_at_target"
    assert caught.value.hand == 2


# -- vulnerable: the opening minimum -----------------------------------------------------------


def test_without_vulnerable_there_is_no_opening_minimum():
    game = partnership(SLUG)

    result = score(game, bare(game, 1_200, 500))

    assert result.opening_minimums() == {}
    assert game.rules.tracker is None
    assert "opening_minimums" not in report(result)


@pytest.mark.parametrize(
    ("vulnerable", "totals", "minimums"),
    [
        (1_000, (1_000, 995), {ANN_CY: 75, BOB_DI: 0}),
        (1_000, (2_500, -50), {ANN_CY: 75, BOB_DI: 0}),
        (1_500, (1_495, 1_500), {ANN_CY: 0, BOB_DI: 75}),
    ],
)
def test_a_vulnerable_side_opens_with_75(vulnerable, totals, minimums):
    game = partnership(SLUG, {"vulnerable": vulnerable})

    result = score(game, bare(game, *totals))

    assert result.opening_minimums() == minimums
    assert report(result)["opening_minimums"] == minimums


def test_each_failed_attempt_raises_a_vulnerable_sides_minimum_by_15():
    game = partnership(SLUG, {"vulnerable": 1_000})
    result = score(game, bare(game, 1_200, 300))

    assert result.opening_minimums({ANN_CY: 2, BOB_DI: 3}) == {ANN_CY: 75 + 30, BOB_DI: 0}


def test_a_vulnerable_table_counts_failed_attempts_only():
    rules = partnership(SLUG, {"vulnerable": 1_500}).rules
    tracker = rules.tracker
    assert tracker is not None

    state = tracker.act({}, "fail", "0", 2)
    view = tracker.view(state, [ANN_CY, BOB_DI])

    assert tracker.failed_openings(state, [ANN_CY, BOB_DI]) == {ANN_CY: 1, BOB_DI: 0}
    assert view.facts == []
    assert view.buttons == []


# -- house rules and the game file -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("target", 2_500),
        ("card_values", "Burako"),
        ("melds_without_canasta", "none"),
        ("morto_taken_bonus", 50),
        ("vulnerable", 1_200),
        ("jokers", "no"),
    ],
)
def test_a_house_rule_value_not_offered_is_refused(name, value):
    with pytest.raises(RulesError):
        partnership(SLUG, {name: value})


def game_file(options: dict[str, Any], *tallies: tuple[dict[str, Any], dict[str, Any]]) -> str:
    return json.dumps(
        {
            "rules": SLUG,
            "options": options,
            "players": list(FOUR),
            "sides": [{"name": name, "players": list(p)} for name, p in PARTNERS.items()],
            "hands": [{"tallies": {ANN_CY: first, BOB_DI: second}} for first, second in tallies],
        }
    )


def test_score_game_reports_the_worked_hand_with_every_option_filled_in():
    setup, hands = read_game_file(game_file({}, (OUT, OTHER)))

    result = report(setup.score(hands))

    assert result["hands"][0]["scores"] == {ANN_CY: 1_215, BOB_DI: 185}
    assert result["options"] == {
        "target": 3_000,
        "jokers": True,
        "long_canastras": True,
        "clean_to_go_out": True,
        "card_values": "brazil",
        "melds_without_canasta": "count",
        "morto_taken_bonus": 0,
        "vulnerable": "none",
    }
    assert "opening_minimums" not in result
    assert "victory_points" not in result
    assert result["finished"] is False


def test_score_game_reads_the_words_of_the_options():
    options = {"card_values": "burako", "melds_without_canasta": "against", "vulnerable": 1_000}
    setup, hands = read_game_file(game_file(options, ({"total": 1_100}, {"total": 200})))

    result = report(setup.score(hands))

    assert result["options"]["card_values"] == "burako"
    assert result["options"]["melds_without_canasta"] == "against"
    assert result["opening_minimums"] == {ANN_CY: 75, BOB_DI: 0}


def test_a_null_vulnerable_means_none():
    setup, _hands = read_game_file(game_file({"vulnerable": None}))

    assert setup.rules.opening.exists is False


def test_an_exported_game_writes_the_options_words_and_reads_back_the_same():
    game = partnership(SLUG, {"card_values": "burako", "vulnerable": 1_500, "jokers": False})
    hands = [hand({ANN_CY: {"total": 1_600}, BOB_DI: {"total": 200}})]

    written = write_game_file(game, hands)
    setup, read = read_game_file(json.dumps(written))

    assert written["options"] == {"jokers": False, "card_values": "burako", "vulnerable": 1_500}
    assert setup.options == game.options
    assert setup.score(read).opening_minimums() == {ANN_CY: 75, BOB_DI: 0}
