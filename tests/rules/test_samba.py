"""Samba (RULINGS.md section 10). Every number here is typed from the RULINGS text, never read
from the engine, so that a slip in the engine's numbers shows up."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules import GameSetup, RulesError, Samba, Seating, get_rule_set
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

SLUG = "samba"
TWO = ("Ann", "Bob")
THREE = ("Ann", "Bob", "Cy")

#: Going out with the two canastas it needs, worth at least 35 card points each.
OUT = {"went_out": True, "natural_canastas": 2, "meld_points": 70}

#: RULINGS.md's worked hand: 1,500 + 500 + 200 + 560 − 30 + 200 = 2,930.
WORKED = {
    "sambas": 1,
    "natural_canastas": 1,
    "red_threes": 2,
    "meld_points": 560,
    "hand_points": 30,
    "went_out": True,
}


@pytest.fixture
def game() -> GameSetup:
    return partnership(SLUG)


def alone(players: tuple[str, ...] = TWO, options: dict[str, Any] | None = None) -> GameSetup:
    return new_game(SLUG, players, None, options)


# -- the rule set as declared ------------------------------------------------------------------


def test_it_is_registered_as_samba_with_its_name():
    rules = get_rule_set(SLUG)

    assert isinstance(rules, Samba)
    assert rules.name == "Samba"
    assert rules.player_counts == (2, 3, 4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_packs_of_52_and_6_jokers_make_162_cards_for_every_table(players):
    rules = get_rule_set(SLUG)

    assert rules.packs(players) == 3
    assert rules.cards_in_play(players) == 162


def test_the_packs_are_described_with_their_162_cards():
    assert "162" in get_rule_set(SLUG).describe_packs()


def test_wild_cards_are_twos_and_jokers():
    assert get_rule_set(SLUG).wild_cards == "twos and jokers"


@pytest.mark.parametrize(
    ("cards", "points"),
    [("Joker", 50), ("Two, Ace", 20), ("Eight to King", 10), ("Four to Seven", 5)],
)
def test_card_values_are_those_of_classic_canasta(cards, points):
    values = {value.cards: value.points for value in get_rule_set(SLUG).card_values}

    assert values[cards] == points


def test_a_black_three_is_worth_5_as_card_points():
    counted = {v.cards.lower(): v.points for v in get_rule_set(SLUG).counted_card_values}

    assert counted["black three"] == 5


def test_the_tally_fields_are_those_of_the_rulings_table():
    names = [f.name for f in get_rule_set(SLUG).tally_fields]

    assert names == [
        "sambas",
        "natural_canastas",
        "mixed_canastas",
        "red_threes",
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
        (TWO, {"Ann & Bob": TWO}),
        (("Ann",), None),
        (("Ann", "Bob", "Cy", "Di", "Ed"), None),
        (("Ann", "Bob", "Cy", "Di", "Ed", "Flo"), None),
    ],
    ids=["four-unnamed", "four-alone", "two-as-a-team", "one", "five", "six"],
)
def test_other_seatings_and_player_counts_are_refused(players, sides):
    with pytest.raises(RulesError):
        new_game(SLUG, players, sides)


# -- each scoring row ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tally", "field", "expected"),
    [
        ({"sambas": 1, "meld_points": 35}, "sambas", 1_500),
        ({"sambas": 2, "meld_points": 70}, "sambas", 2 * 1_500),
        ({"natural_canastas": 1, "meld_points": 35}, "natural_canastas", 500),
        ({"natural_canastas": 2, "meld_points": 70}, "natural_canastas", 2 * 500),
        ({"mixed_canastas": 1, "meld_points": 35}, "mixed_canastas", 300),
        ({"mixed_canastas": 3, "meld_points": 105}, "mixed_canastas", 3 * 300),
        ({"meld_points": 135}, "meld_points", 135),
        ({"hand_points": 85}, "hand_points", -85),
        (OUT, "went_out", 200),
    ],
    ids=[
        "samba-1500",
        "sambas-1500-each",
        "natural-500",
        "naturals-500-each",
        "mixed-300",
        "mixed-300-each",
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
        ({"red_threes": 5, "natural_canastas": 1, "mixed_canastas": 1, "meld_points": 70}, 500),
        ({"red_threes": 6, "natural_canastas": 2, "meld_points": 70}, 1_000),
        ({"red_threes": 3, "sambas": 2, "meld_points": 70}, 300),
        ({"red_threes": 6, "sambas": 1, "mixed_canastas": 1, "meld_points": 70}, 1_000),
        ({"red_threes": 2, "natural_canastas": 1, "meld_points": 35}, -200),
        ({"red_threes": 1, "sambas": 1, "meld_points": 35}, -100),
        ({"red_threes": 4}, -400),
        ({"red_threes": 6, "sambas": 1, "meld_points": 35}, -1_000),
        ({"red_threes": 6, "meld_points": 500}, -1_000),
    ],
    ids=[
        "none",
        "one-with-two-canastas",
        "five-100-each",
        "all-six-1000",
        "sambas-count-as-canastas",
        "all-six-with-a-samba",
        "against-one-canasta",
        "against-one-samba",
        "against-no-canasta",
        "all-six-against-one-samba",
        "all-six-against-melds-without-canasta",
    ],
)
def test_red_threes_score_100_each_1000_for_six_against_fewer_than_two_canastas(
    game, tally, expected
):
    result = score(game, {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY]["red_threes"] == expected


def test_the_worked_hand_scores_2930(game):
    result = score(game, {ANN_CY: WORKED, BOB_DI: {}})

    assert result.hands[0].scores[ANN_CY] == 1_500 + 500 + 200 + 560 - 30 + 200
    assert result.hands[0].scores[ANN_CY] == 2_930
    assert {k: v for k, v in result.hands[0].breakdown[ANN_CY].items() if v} == {
        "sambas": 1_500,
        "natural_canastas": 500,
        "red_threes": 200,
        "meld_points": 560,
        "hand_points": -30,
        "went_out": 200,
    }


def test_a_whole_hand_adds_every_item_for_both_sides(game):
    bob_di = {"mixed_canastas": 1, "red_threes": 1, "meld_points": 215, "hand_points": 120}

    scores = one_hand(game, WORKED, bob_di)

    assert scores == {ANN_CY: 2_930, BOB_DI: 300 - 100 + 215 - 120}


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
        (FOUR, ({"went_out": True, "sambas": 1, "meld_points": 35}, {}), ANN_CY, "went_out"),
        (
            FOUR,
            ({}, {"went_out": True, "natural_canastas": 1, "meld_points": 35}),
            BOB_DI,
            "went_out",
        ),
        (FOUR, ({"went_out": True, "meld_points": 200}, {}), ANN_CY, "went_out"),
        (TWO, ({"went_out": True, "mixed_canastas": 1, "meld_points": 35}, {}), "Ann", "went_out"),
        (
            THREE,
            ({}, {}, {"went_out": True, "sambas": 1, "meld_points": 35}),
            "Cy",
            "went_out",
        ),
        (FOUR, ({"red_threes": 4}, {"red_threes": 3}), BOB_DI, "red_threes"),
        (THREE, ({"red_threes": 2}, {"red_threes": 2}, {"red_threes": 3}), "Cy", "red_threes"),
        (FOUR, ({"red_threes": 7}, {}), ANN_CY, "red_threes"),
        (FOUR, ({"sambas": 1, "meld_points": 30}, {}), ANN_CY, "meld_points"),
        (FOUR, ({"natural_canastas": 1, "meld_points": 30}, {}), ANN_CY, "meld_points"),
        (
            FOUR,
            ({}, {"sambas": 1, "mixed_canastas": 1, "meld_points": 65}),
            BOB_DI,
            "meld_points",
        ),
        (FOUR, ({**OUT, "meld_points": 65}, {}), ANN_CY, "meld_points"),
    ],
    ids=[
        "two-went-out",
        "out-with-one-samba",
        "out-with-one-canasta",
        "out-without-canasta",
        "two-players-out-with-one-canasta",
        "three-players-out-with-one-samba",
        "seven-red-threes-between-partnerships",
        "seven-red-threes-between-three-players",
        "seven-red-threes-on-one-side",
        "samba-under-35",
        "canasta-under-35",
        "samba-and-canasta-under-70",
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


def test_a_side_that_went_out_with_fewer_than_two_canastas_is_refused(game):
    error = refusal(game, {"went_out": True, "natural_canastas": 1, "meld_points": 35}, {})

    assert (error.side, error.field) == (ANN_CY, "went_out")
    assert "two canastas" in error.problem


@pytest.mark.parametrize(
    ("players", "tallies"),
    [
        (FOUR, (OUT, {})),
        (FOUR, ({"went_out": True, "sambas": 2, "meld_points": 70}, {})),
        (FOUR, ({"went_out": True, "sambas": 1, "mixed_canastas": 1, "meld_points": 70}, {})),
        (TWO, ({"went_out": True, "sambas": 1, "natural_canastas": 1, "meld_points": 70}, {})),
        (FOUR, ({"red_threes": 6}, {})),
        (FOUR, ({"red_threes": 3}, {"red_threes": 3})),
        (THREE, ({"red_threes": 2}, {"red_threes": 2}, {"red_threes": 2})),
        (FOUR, ({"natural_canastas": 12, "meld_points": 420}, {"sambas": 11, "meld_points": 385})),
    ],
    ids=[
        "out-with-two-canastas",
        "out-with-two-sambas",
        "out-with-samba-and-canasta",
        "two-players-out-with-samba-and-canasta",
        "all-six-red-threes-on-one-side",
        "six-red-threes-between-sides",
        "six-red-threes-between-three",
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


def test_five_hundred_sambas_are_refused(game):
    error = refusal(game, {"sambas": 500, "meld_points": 17_500}, {})

    assert (error.side, error.field) == (ANN_CY, "sambas")


def test_a_refused_hand_changes_nothing_recorded(game):
    so_far = score(game, hand({ANN_CY: {"meld_points": 120}, BOB_DI: {"hand_points": 20}}))
    bad = hand({ANN_CY: {"went_out": True}, BOB_DI: {}})

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
        (7_000, 160),
        (9_995, 160),
    ],
    ids=lambda v: str(v),
)
def test_the_opening_minimum_follows_the_total_before_the_hand(game, total, minimum):
    result = score(game, bare(game, total, -20))

    assert result.opening_minimums() == {ANN_CY: minimum, BOB_DI: 15}


def test_the_first_hand_opens_at_50(game):
    assert score(game).opening_minimums() == {ANN_CY: 50, BOB_DI: 50}


def test_the_opening_minimum_follows_the_running_total(game):
    result = score(game, bare(game, 4_000, 1_000), bare(game, 3_000, -1_200))

    assert result.opening_minimums() == {ANN_CY: 160, BOB_DI: 15}


# -- the end of the game -------------------------------------------------------------------------


def test_the_game_goes_on_below_10000(game):
    result = score(game, bare(game, 9_995, 7_000))

    assert not result.finished
    assert result.winners == []


def test_the_game_ends_after_the_hand_in_which_a_side_reaches_10000(game):
    result = score(game, bare(game, 6_000, 7_000), bare(game, 4_000, 3_500))

    assert result.finished
    assert result.totals == {ANN_CY: 10_000, BOB_DI: 10_500}
    assert result.winners == [BOB_DI]


def test_the_side_that_reached_10000_may_not_be_the_highest_but_the_highest_wins(game):
    result = score(game, bare(game, 10_000, 9_990))

    assert result.winners == [ANN_CY]


def test_equal_highest_totals_share_the_win(game):
    result = score(game, bare(game, 10_200, 10_200))

    assert result.winners == [ANN_CY, BOB_DI]


def test_equal_highest_totals_share_the_win_among_three():
    setup = alone(THREE)

    result = score(setup, bare(setup, 11_000, 11_000, 4_000))

    assert result.winners == ["Ann", "Bob"]


def test_no_hand_is_taken_after_the_end(game):
    with pytest.raises(RulesError) as caught:
        score(game, bare(game, 10_000, 0), bare(game, 10, 10))

    assert caught.value.hand == 2


@pytest.mark.parametrize(
    ("target", "last_going_on", "first_ended"),
    [(7_500, 7_495, 7_500), (15_000, 14_995, 15_000)],
)
def test_the_target_house_rule_moves_the_end(target, last_going_on, first_ended):
    going_on = partnership(SLUG, {"target": target})
    ended = partnership(SLUG, {"target": target})

    assert not score(going_on, bare(going_on, last_going_on, 0)).finished
    assert score(ended, bare(ended, first_ended, 0)).finished


def test_a_game_to_15000_goes_past_10000():
    setup = partnership(SLUG, {"target": 15_000})

    assert not score(setup, bare(setup, 10_000, 12_000)).finished


# -- house rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "default", "values"),
    [
        ("target", 10_000, (7_500, 10_000, 15_000)),
        ("going_out", 200, (100, 200)),
        ("samba", 1_500, (1_000, 1_500)),
    ],
)
def test_each_house_rule_offers_the_values_of_the_rulings(name, default, values):
    rule = get_rule_set(SLUG).house_rule(name)

    assert rule is not None
    assert rule.default == default
    assert rule.values == values


def test_there_are_exactly_the_house_rules_of_the_rulings():
    assert len(get_rule_set(SLUG).house_rules) == 3


@pytest.mark.parametrize(
    ("options", "tally", "field", "expected"),
    [
        ({"samba": 1_000}, {"sambas": 1, "meld_points": 35}, "sambas", 1_000),
        ({"samba": 1_000}, {"sambas": 2, "meld_points": 70}, "sambas", 2 * 1_000),
        ({"going_out": 100}, OUT, "went_out", 100),
    ],
    ids=["samba-1000", "sambas-1000-each", "going-out-100"],
)
def test_each_points_house_rule_changes_its_number(options, tally, field, expected):
    setup = partnership(SLUG, options)

    result = score(setup, {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY][field] == expected


def test_the_worked_hand_with_a_1000_samba_and_100_for_going_out():
    setup = partnership(SLUG, {"samba": 1_000, "going_out": 100})

    scores = one_hand(setup, WORKED, {})

    assert scores[ANN_CY] == 1_000 + 500 + 200 + 560 - 30 + 100


def test_a_game_to_7500_ends_there():
    setup = partnership(SLUG, {"target": 7_500})

    result = score(setup, bare(setup, 5_000, 2_000), bare(setup, 2_500, 1_000))

    assert result.finished
    assert result.winners == [ANN_CY]


@pytest.mark.parametrize(
    "options",
    [
        {"target": 5_000},
        {"target": 20_000},
        {"going_out": 50},
        {"going_out": 300},
        {"samba": 2_000},
        {"samba": True},
        {"red_three": 50},
    ],
    ids=lambda v: "-".join(f"{k}={w}" for k, w in v.items()),
)
def test_a_house_rule_value_not_offered_is_refused(options):
    with pytest.raises(RulesError):
        partnership(SLUG, options)


def test_house_rules_do_not_change_the_shared_rule_set():
    partnership(SLUG, {"samba": 1_000, "target": 7_500})
    rules = get_rule_set(SLUG)

    assert rules.target_score == 10_000
    assert {f.name: f.points_each for f in rules.tally_fields}["sambas"] == 1_500


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


@pytest.mark.parametrize(
    "data",
    [
        {"options": {"going_out": 300}},
        {"players": ["Ann", "Bob", "Cy", "Di", "Ed"]},
        {"hands": [{"tallies": {"Ann": {"went_out": True, "sambas": 1}, "Bob": {}}}]},
    ],
    ids=["option-not-offered", "five-players", "out-with-one-samba"],
)
def test_a_game_file_that_breaks_the_rules_is_refused(data):
    text = json.dumps({"rules": SLUG, "players": list(TWO), "hands": [], **data})

    with pytest.raises(RulesError):
        setup, hands = read_game_file(text)
        setup.score(hands)
