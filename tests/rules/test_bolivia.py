"""Bolivia (RULINGS.md section 11: Samba's game with bolivias, escaleras and black threes that
cost 100 in hand). Every number here is typed from the RULINGS text, never read from the engine,
so that a slip in the engine's numbers shows up."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules import Bolivia, GameSetup, RulesError, Seating, get_rule_set
from games.rules.gamefile import read_game_file, report

from .helpers import (
    ANN_CY,
    BOB_DI,
    FOUR,
    PARTNERS,
    bare,
    hand,
    new_game,
    one_hand,
    partnership,
    refusal,
    score,
)

SLUG = "bolivia"
TWO = ("Ann", "Bob")
THREE = ("Ann", "Bob", "Cy")

#: Going out with what it needs: two canastas, one of them an escalera (35 card points each).
OUT = {"went_out": True, "escaleras": 1, "natural_canastas": 1, "meld_points": 70}

#: RULINGS.md's worked hand: 1,500 + 300 + 300 − 100 + 480 − 25 = 2,455.
WORKED = {
    "escaleras": 1,
    "mixed_canastas": 1,
    "red_threes": 3,
    "black_threes_in_hand": 1,
    "meld_points": 480,
    "hand_points": 25,
}


@pytest.fixture
def game() -> GameSetup:
    return partnership(SLUG)


def alone(players: tuple[str, ...] = TWO, options: dict[str, Any] | None = None) -> GameSetup:
    return new_game(SLUG, players, None, options)


# -- the rule set as declared ------------------------------------------------------------------


def test_it_is_registered_as_bolivia_with_its_name():
    rules = get_rule_set(SLUG)

    assert isinstance(rules, Bolivia)
    assert rules.name == "Bolivia"
    assert rules.player_counts == (2, 3, 4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_packs_of_52_and_6_jokers_make_162_cards_for_every_table(players):
    rules = get_rule_set(SLUG)

    assert rules.packs(players) == 3
    assert rules.cards_in_play(players) == 162


def test_wild_cards_are_twos_and_jokers():
    assert get_rule_set(SLUG).wild_cards == "twos and jokers"


@pytest.mark.parametrize(
    ("cards", "points"),
    [("Joker", 50), ("Two, Ace", 20), ("Eight to King", 10), ("Four to Seven", 5)],
)
def test_card_values_are_samba_s(cards, points):
    values = {value.cards: value.points for value in get_rule_set(SLUG).card_values}

    assert values[cards] == points


def test_the_tally_fields_are_those_of_the_rulings_table():
    names = [f.name for f in get_rule_set(SLUG).tally_fields]

    assert names == [
        "bolivias",
        "escaleras",
        "natural_canastas",
        "mixed_canastas",
        "red_threes",
        "black_threes_in_hand",
        "meld_points",
        "hand_points",
        "went_out",
    ]


# -- seating -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seating"), [(2, Seating.ALONE), (3, Seating.ALONE), (4, Seating.PARTNERS)]
)
def test_four_play_as_partners_two_or_three_each_alone(players, seating):
    assert get_rule_set(SLUG).seating_for(players) is seating


def test_four_players_play_as_two_partnerships(game):
    assert game.side_names == [ANN_CY, BOB_DI]


@pytest.mark.parametrize("players", [TWO, THREE])
def test_two_or_three_players_each_play_alone(players):
    assert alone(players).side_names == list(players)


@pytest.mark.parametrize(
    ("players", "sides"),
    [
        (FOUR, None),
        (FOUR, {p: (p,) for p in FOUR}),
        (("Ann",), None),
        (("Ann", "Bob", "Cy", "Di", "Ed"), None),
        (("Ann", "Bob", "Cy", "Di", "Ed", "Flo"), None),
    ],
    ids=["four-unnamed", "four-alone", "one", "five", "six"],
)
def test_other_seatings_and_player_counts_are_refused(players, sides):
    with pytest.raises(RulesError):
        new_game(SLUG, players, sides)


# -- each scoring row ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tally", "field", "expected"),
    [
        ({"bolivias": 1, "meld_points": 140}, "bolivias", 2_500),
        ({"bolivias": 2, "meld_points": 280}, "bolivias", 2 * 2_500),
        ({"escaleras": 1, "meld_points": 35}, "escaleras", 1_500),
        ({"escaleras": 2, "meld_points": 70}, "escaleras", 2 * 1_500),
        ({"natural_canastas": 1, "meld_points": 35}, "natural_canastas", 500),
        ({"natural_canastas": 2, "meld_points": 70}, "natural_canastas", 2 * 500),
        ({"mixed_canastas": 1, "meld_points": 35}, "mixed_canastas", 300),
        ({"mixed_canastas": 3, "meld_points": 105}, "mixed_canastas", 3 * 300),
        ({"black_threes_in_hand": 1}, "black_threes_in_hand", -100),
        ({"black_threes_in_hand": 3}, "black_threes_in_hand", -3 * 100),
        ({"meld_points": 135}, "meld_points", 135),
        ({"hand_points": 85}, "hand_points", -85),
        (OUT, "went_out", 200),
    ],
    ids=[
        "bolivia-2500",
        "bolivias-2500-each",
        "escalera-1500",
        "escaleras-1500-each",
        "natural-500",
        "naturals-500-each",
        "mixed-300",
        "mixed-300-each",
        "black-three-in-hand-minus-100",
        "black-threes-in-hand-minus-100-each",
        "meld-points-for",
        "hand-points-against",
        "going-out-200",
    ],
)
def test_each_field_scores_as_the_rulings_say(game, tally, field, expected):
    result = score(game, {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY][field] == expected


@pytest.mark.parametrize(
    ("tally", "expected"),
    [
        ({"red_threes": 0, "natural_canastas": 2, "meld_points": 70}, 0),
        ({"red_threes": 1, "natural_canastas": 2, "meld_points": 70}, 100),
        ({"red_threes": 5, "escaleras": 1, "mixed_canastas": 1, "meld_points": 70}, 500),
        ({"red_threes": 6, "natural_canastas": 2, "meld_points": 70}, 1_000),
        ({"red_threes": 3, "escaleras": 2, "meld_points": 70}, 300),
        ({"red_threes": 2, "bolivias": 1, "escaleras": 1, "meld_points": 175}, 200),
        ({"red_threes": 6, "bolivias": 2, "meld_points": 280}, 1_000),
        ({"red_threes": 2, "natural_canastas": 1, "meld_points": 35}, -200),
        ({"red_threes": 1, "escaleras": 1, "meld_points": 35}, -100),
        ({"red_threes": 3, "bolivias": 1, "meld_points": 140}, -300),
        ({"red_threes": 4}, -400),
        ({"red_threes": 6, "escaleras": 1, "meld_points": 35}, -1_000),
        ({"red_threes": 6}, -1_000),
    ],
    ids=[
        "none",
        "one-with-two-canastas",
        "five-100-each",
        "all-six-1000",
        "escaleras-count-as-canastas",
        "a-bolivia-counts-as-a-canasta",
        "all-six-with-two-bolivias",
        "against-one-canasta",
        "against-one-escalera",
        "against-one-bolivia",
        "against-no-canasta",
        "all-six-against-one-escalera",
        "all-six-against-nothing",
    ],
)
def test_red_threes_score_as_samba_s(game, tally, expected):
    result = score(game, {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY]["red_threes"] == expected


def test_the_worked_hand_scores_2455(game):
    result = score(game, {ANN_CY: WORKED, BOB_DI: {}})

    assert result.hands[0].scores[ANN_CY] == 1_500 + 300 + 300 - 100 + 480 - 25
    assert result.hands[0].scores[ANN_CY] == 2_455
    assert {k: v for k, v in result.hands[0].breakdown[ANN_CY].items() if v} == {
        "escaleras": 1_500,
        "mixed_canastas": 300,
        "red_threes": 300,
        "black_threes_in_hand": -100,
        "meld_points": 480,
        "hand_points": -25,
    }


def test_a_whole_hand_adds_every_item_for_both_sides(game):
    out = {**OUT, "bolivias": 1, "red_threes": 2, "meld_points": 400, "hand_points": 15}

    scores = one_hand(game, out, WORKED)

    assert scores == {ANN_CY: 2_500 + 1_500 + 500 + 200 + 400 - 15 + 200, BOB_DI: 2_455}


def test_a_bare_total_is_taken_as_the_hand_score(game):
    result = score(game, bare(game, 1_230, -45))

    assert result.totals == {ANN_CY: 1_230, BOB_DI: -45}


def test_a_hand_needs_a_tally_for_every_side(game):
    with pytest.raises(RulesError) as caught:
        score(game, {ANN_CY: {"total": 100}})

    assert caught.value.side == BOB_DI


# -- checks ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "tallies", "side", "field"),
    [
        (FOUR, (OUT, OUT), BOB_DI, "went_out"),
        (
            FOUR,
            ({"went_out": True, "natural_canastas": 2, "meld_points": 70}, {}),
            ANN_CY,
            "went_out",
        ),
        (
            FOUR,
            ({"went_out": True, "bolivias": 1, "mixed_canastas": 1, "meld_points": 175}, {}),
            ANN_CY,
            "went_out",
        ),
        (
            FOUR,
            ({}, {"went_out": True, "bolivias": 2, "meld_points": 280}),
            BOB_DI,
            "went_out",
        ),
        (FOUR, ({"went_out": True, "escaleras": 1, "meld_points": 35}, {}), ANN_CY, "went_out"),
        (FOUR, ({"went_out": True, "meld_points": 200}, {}), ANN_CY, "went_out"),
        (
            TWO,
            ({"went_out": True, "natural_canastas": 1, "mixed_canastas": 1, "meld_points": 70}, {}),
            "Ann",
            "went_out",
        ),
        (THREE, ({}, {}, {"went_out": True, "escaleras": 1, "meld_points": 35}), "Cy", "went_out"),
        (FOUR, ({"red_threes": 4}, {"red_threes": 3}), BOB_DI, "red_threes"),
        (THREE, ({"red_threes": 2}, {"red_threes": 2}, {"red_threes": 3}), "Cy", "red_threes"),
        (FOUR, ({"red_threes": 7}, {}), ANN_CY, "red_threes"),
        (
            FOUR,
            ({"bolivias": 1, "meld_points": 140}, {"bolivias": 2, "meld_points": 280}),
            BOB_DI,
            "bolivias",
        ),
        (
            THREE,
            (
                {"bolivias": 1, "meld_points": 140},
                {"bolivias": 1, "meld_points": 140},
                {"bolivias": 1, "meld_points": 140},
            ),
            "Cy",
            "bolivias",
        ),
        (FOUR, ({"bolivias": 3, "meld_points": 420}, {}), ANN_CY, "bolivias"),
        (
            FOUR,
            ({"black_threes_in_hand": 4}, {"black_threes_in_hand": 3}),
            BOB_DI,
            "black_threes_in_hand",
        ),
        (
            THREE,
            ({"black_threes_in_hand": 3}, {"black_threes_in_hand": 2}, {"black_threes_in_hand": 2}),
            "Cy",
            "black_threes_in_hand",
        ),
        (FOUR, ({"black_threes_in_hand": 7}, {}), ANN_CY, "black_threes_in_hand"),
        (FOUR, ({"escaleras": 1, "meld_points": 30}, {}), ANN_CY, "meld_points"),
        (FOUR, ({"natural_canastas": 1, "meld_points": 30}, {}), ANN_CY, "meld_points"),
        (
            FOUR,
            ({}, {"escaleras": 1, "mixed_canastas": 1, "meld_points": 65}),
            BOB_DI,
            "meld_points",
        ),
        (FOUR, ({**OUT, "meld_points": 65}, {}), ANN_CY, "meld_points"),
    ],
    ids=[
        "two-went-out",
        "out-with-two-canastas-no-escalera",
        "out-with-bolivia-and-canasta-no-escalera",
        "out-with-two-bolivias-no-escalera",
        "out-with-an-escalera-alone",
        "out-without-canasta",
        "two-players-out-without-escalera",
        "three-players-out-with-an-escalera-alone",
        "seven-red-threes-between-partnerships",
        "seven-red-threes-between-three-players",
        "seven-red-threes-on-one-side",
        "three-bolivias-between-partnerships",
        "three-bolivias-between-three-players",
        "three-bolivias-on-one-side",
        "seven-black-threes-between-partnerships",
        "seven-black-threes-between-three-players",
        "seven-black-threes-on-one-side",
        "escalera-under-35",
        "canasta-under-35",
        "escalera-and-canasta-under-70",
        "going-out-canastas-under-70",
    ],
)
def test_a_tally_that_breaks_a_check_is_refused_naming_hand_side_and_field(
    players, tallies, side, field
):
    setup = partnership(SLUG) if players == FOUR else alone(players)

    error = refusal(setup, *tallies)

    assert error.hand == 1
    assert error.side == side
    assert error.field == field
    assert str(error).startswith(f"Hand 1, {side}: ")


def test_a_side_that_went_out_without_an_escalera_is_refused(game):
    error = refusal(game, {"went_out": True, "natural_canastas": 2, "meld_points": 70}, {})

    assert (error.side, error.field) == (ANN_CY, "went_out")
    assert "escalera" in error.problem


@pytest.mark.parametrize(
    ("players", "tallies"),
    [
        (FOUR, (OUT, {})),
        (FOUR, ({"went_out": True, "escaleras": 2, "meld_points": 70}, {})),
        (FOUR, ({"went_out": True, "escaleras": 1, "bolivias": 1, "meld_points": 175}, {})),
        (FOUR, ({"went_out": True, "escaleras": 1, "mixed_canastas": 1, "meld_points": 70}, {})),
        (TWO, ({"went_out": True, "escaleras": 1, "natural_canastas": 1, "meld_points": 70}, {})),
        (FOUR, ({"red_threes": 6}, {})),
        (FOUR, ({"red_threes": 3}, {"red_threes": 3})),
        (FOUR, ({"bolivias": 2, "meld_points": 280}, {})),
        (FOUR, ({"bolivias": 1, "meld_points": 140}, {"bolivias": 1, "meld_points": 140})),
        (FOUR, ({"black_threes_in_hand": 6}, {})),
        (THREE, ({"black_threes_in_hand": 2},) * 3),
        (
            FOUR,
            ({"natural_canastas": 12, "meld_points": 420}, {"escaleras": 11, "meld_points": 385}),
        ),
    ],
    ids=[
        "out-with-escalera-and-canasta",
        "out-with-two-escaleras",
        "out-with-escalera-and-bolivia",
        "out-with-escalera-and-mixed",
        "two-players-out-with-escalera-and-canasta",
        "all-six-red-threes-on-one-side",
        "six-red-threes-between-sides",
        "two-bolivias-on-one-side",
        "two-bolivias-between-sides",
        "six-black-threes-on-one-side",
        "six-black-threes-between-three",
        "twenty-three-canastas-fit-in-162-cards",
    ],
)
def test_tallies_within_every_check_are_taken(players, tallies):
    setup = partnership(SLUG) if players == FOUR else alone(players)

    assert len(one_hand(setup, *tallies)) == len(tallies)


def test_canastas_that_need_more_than_162_cards_are_refused(game):
    error = refusal(
        game,
        {"natural_canastas": 12, "meld_points": 420},
        {"mixed_canastas": 12, "meld_points": 420},
    )

    assert error.side == BOB_DI
    assert error.field == "mixed_canastas"
    assert "162" in str(error)


def test_a_refused_hand_changes_nothing_recorded(game):
    so_far = score(game, hand({ANN_CY: {"meld_points": 120}, BOB_DI: {"hand_points": 20}}))
    bad = hand({ANN_CY: {"went_out": True, "natural_canastas": 2, "meld_points": 70}, BOB_DI: {}})

    with pytest.raises(RulesError, match="Hand 2, Ann & Cy"):
        game.score_next_hand(so_far, bad)

    assert so_far.totals == {ANN_CY: 120, BOB_DI: -20}


# -- opening minimum ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "minimum"),
    [
        (-2_000, 15),
        (-5, 15),
        (0, 50),
        (1_495, 50),
        (1_500, 90),
        (2_995, 90),
        (3_000, 120),
        (6_995, 120),
        (7_000, 150),
        (14_995, 150),
    ],
    ids=lambda v: str(v),
)
def test_the_opening_minimum_is_samba_s_but_150_from_7000(game, total, minimum):
    result = score(game, bare(game, total, -20))

    assert result.opening_minimums() == {ANN_CY: minimum, BOB_DI: 15}


def test_the_first_hand_opens_at_50(game):
    assert score(game).opening_minimums() == {ANN_CY: 50, BOB_DI: 50}


# -- the end of the game -------------------------------------------------------------------------


def test_the_game_goes_on_below_15000(game):
    result = score(game, bare(game, 14_995, 10_000))

    assert not result.finished
    assert result.winners == []


def test_the_game_ends_after_the_hand_in_which_a_side_reaches_15000(game):
    result = score(game, bare(game, 9_000, 10_000), bare(game, 6_000, 5_500))

    assert result.finished
    assert result.totals == {ANN_CY: 15_000, BOB_DI: 15_500}
    assert result.winners == [BOB_DI]


def test_equal_highest_totals_share_the_win(game):
    result = score(game, bare(game, 15_200, 15_200))

    assert result.winners == [ANN_CY, BOB_DI]


def test_equal_highest_totals_share_the_win_among_three():
    setup = alone(THREE)

    result = score(setup, bare(setup, 16_000, 4_000, 16_000))

    assert result.winners == ["Ann", "Cy"]


def test_no_hand_is_taken_after_the_end(game):
    with pytest.raises(RulesError) as caught:
        score(game, bare(game, 15_000, 0), bare(game, 10, 10))

    assert caught.value.hand == 2


def test_a_game_to_10000_ends_there():
    going_on = partnership(SLUG, {"target": 10_000})
    ended = partnership(SLUG, {"target": 10_000})

    assert not score(going_on, bare(going_on, 9_995, 0)).finished
    result = score(ended, bare(ended, 10_000, 9_000))
    assert result.finished
    assert result.winners == [ANN_CY]


# -- house rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "default", "values"),
    [("target", 15_000, (10_000, 15_000)), ("going_out", 200, (100, 200))],
)
def test_each_house_rule_offers_the_values_of_the_rulings(name, default, values):
    rule = get_rule_set(SLUG).house_rule(name)

    assert rule is not None
    assert rule.default == default
    assert rule.values == values


def test_there_are_exactly_the_house_rules_of_the_rulings():
    assert len(get_rule_set(SLUG).house_rules) == 2


def test_going_out_may_score_100():
    setup = partnership(SLUG, {"going_out": 100})

    result = score(setup, {ANN_CY: OUT, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY]["went_out"] == 100


@pytest.mark.parametrize(
    "options",
    [
        {"target": 7_500},
        {"target": 20_000},
        {"going_out": 50},
        {"samba": 1_000},
        {"bolivia": 2_000},
    ],
    ids=lambda v: "-".join(f"{k}={w}" for k, w in v.items()),
)
def test_a_house_rule_value_not_offered_is_refused(options):
    with pytest.raises(RulesError):
        partnership(SLUG, options)


def test_house_rules_do_not_change_the_shared_rule_set():
    partnership(SLUG, {"target": 10_000, "going_out": 100})
    rules = get_rule_set(SLUG)

    assert rules.target_score == 15_000
    assert {f.name: f.points_each for f in rules.tally_fields}["went_out"] == 200


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


@pytest.mark.parametrize(
    "data",
    [
        {"options": {"target": 7_500}},
        {"players": ["Ann", "Bob", "Cy", "Di", "Ed"]},
        {
            "hands": [
                {
                    "tallies": {
                        "Ann": {"went_out": True, "natural_canastas": 2, "meld_points": 70},
                        "Bob": {},
                    }
                }
            ]
        },
    ],
    ids=["option-not-offered", "five-players", "out-without-escalera"],
)
def test_a_game_file_that_breaks_the_rules_is_refused(data):
    text = json.dumps({"rules": SLUG, "players": list(TWO), "hands": [], **data})

    with pytest.raises(RulesError):
        setup, hands = read_game_file(text)
        setup.score(hands)
