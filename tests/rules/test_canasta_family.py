"""The canasta games side by side: a fact that several of them have, each in its own numbers, is
checked once, by a test over a table keyed by rule set (RULINGS.md: Pennies From Heaven sections
1 and 2, Hearts of Miromar Canasta 5, Canasta 6, Hand and Foot 9, Samba 10, Bolivia 11). Every
number here is typed from the RULINGS text, never read from the engine, so that a slip in the
engine's numbers shows up. What one game alone has stays in its own file."""

from __future__ import annotations

import json

import pytest

from games.rules import (
    Bolivia,
    Canasta,
    HandAndFoot,
    RulesError,
    RuleSet,
    Samba,
    Seating,
    get_rule_set,
)
from games.rules.gamefile import read_game_file

from . import worded
from .canasta_tallies import (
    BOLIVIA_OUT,
    BOLIVIA_WORKED,
    CANASTA_OUT,
    HAND_AND_FOOT_OUT,
    PFH_FAMILY_OUT,
    SAMBA_OUT,
    SAMBA_WORKED,
)
from .helpers import (
    ANN_CY,
    ANN_DI,
    BOB_DI,
    CY_FLO,
    FOUR,
    SIX,
    SIX_PARTNERS,
    THREE,
    TWO,
    Table,
    bare,
    keyed,
    new_game,
    one_hand,
    partnership,
    played,
    score,
    score_one,
    seated,
)
from .refusals import hand_word, refuses, said

#: The four games that share most of their rules: classic Canasta and its descendants.
CLASSIC = ("canasta", "samba", "bolivia", "hand-and-foot")

# -- the rule set as declared ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "kind", "name", "player_counts"),
    [
        ("canasta", Canasta, "Canasta", (2, 3, 4)),
        ("samba", Samba, "Samba", (2, 3, 4)),
        ("bolivia", Bolivia, "Bolivia", (2, 3, 4)),
        ("hand-and-foot", HandAndFoot, "Hand and Foot", (2, 3, 4, 6)),
    ],
)
def test_each_game_is_registered_under_its_slug_with_its_name(slug, kind, name, player_counts):
    rules = get_rule_set(slug)

    assert isinstance(rules, kind)
    assert worded.name(rules) == name
    assert rules.player_counts == player_counts


PACKS: Table = {
    # Two packs of 52 and 4 jokers, whatever the table.
    "canasta": [(2, 2, 108), (3, 2, 108), (4, 2, 108)],
    # Three packs of 52 and 6 jokers, whatever the table.
    "samba": [(2, 3, 162), (3, 3, 162), (4, 3, 162)],
    "bolivia": [(2, 3, 162), (3, 3, 162), (4, 3, 162)],
    # One pack of 52 and 2 jokers more than players.
    "hand-and-foot": [(2, 3, 3 * 54), (3, 4, 4 * 54), (4, 5, 270), (6, 7, 7 * 54)],
}


@pytest.mark.parametrize(("slug", "players", "packs", "cards"), keyed(PACKS))
def test_the_packs_and_the_cards_in_play_follow_the_number_of_players(slug, players, packs, cards):
    rules = get_rule_set(slug)

    assert rules.packs(players) == packs
    assert rules.cards_in_play(players) == cards


@pytest.mark.parametrize(("slug", "cards"), [("canasta", "108"), ("samba", "162")])
def test_the_packs_are_described_with_their_cards(slug, cards):
    assert cards in worded.text(get_rule_set(slug), "packs")


@pytest.mark.parametrize("slug", CLASSIC)
def test_wild_cards_are_twos_and_jokers(slug):
    assert worded.text(get_rule_set(slug), "wild_cards") == "twos and jokers"


@pytest.mark.parametrize(
    ("cards", "points"),
    [("Joker", 50), ("Two, Ace", 20), ("Eight to King", 10), ("Four to Seven", 5)],
)
@pytest.mark.parametrize("slug", CLASSIC)
def test_card_values_are_those_of_classic_canasta(slug, cards, points):
    values = {value.cards: value.points for value in get_rule_set(slug).card_values}

    assert values[cards] == points


@pytest.mark.parametrize("slug", ["canasta", "samba", "hand-and-foot"])
def test_a_black_three_counts_5_as_card_points_and_a_red_three_never_does(slug):
    counted = {v.cards.lower(): v.points for v in get_rule_set(slug).counted_card_values}

    assert counted["black three"] == 5
    assert not any("red" in cards for cards in counted)


@pytest.mark.parametrize(
    ("slug", "names"),
    [
        (
            "canasta",
            [
                "natural_canastas",
                "mixed_canastas",
                "red_threes",
                "meld_points",
                "hand_points",
                "went_out",
                "concealed",
            ],
        ),
        (
            "samba",
            [
                "sambas",
                "natural_canastas",
                "mixed_canastas",
                "red_threes",
                "meld_points",
                "hand_points",
                "went_out",
            ],
        ),
        (
            "bolivia",
            [
                "bolivias",
                "escaleras",
                "natural_canastas",
                "mixed_canastas",
                "red_threes",
                "black_threes_in_hand",
                "meld_points",
                "hand_points",
                "went_out",
            ],
        ),
        (
            "hand-and-foot",
            [
                "clean_books",
                "dirty_books",
                "wild_books",
                "red_threes",
                "red_threes_caught",
                "meld_points",
                "hand_points",
                "went_out",
            ],
        ),
    ],
)
def test_the_tally_fields_are_those_of_the_rulings_table(slug, names):
    assert [f.name for f in get_rule_set(slug).tally_fields] == names


# -- seating -------------------------------------------------------------------------------------

ALONE, PARTNERS = Seating.ALONE, Seating.PARTNERS


PARTNERS_AT_FOUR = [(2, ALONE), (3, ALONE), (4, PARTNERS)]
SEATING: Table = {
    "canasta": PARTNERS_AT_FOUR,
    "samba": PARTNERS_AT_FOUR,
    "bolivia": PARTNERS_AT_FOUR,
    "hand-and-foot": [*PARTNERS_AT_FOUR, (6, PARTNERS)],
}


@pytest.mark.parametrize(("slug", "players", "seating"), keyed(SEATING))
def test_partners_play_at_the_tables_the_rulings_say_and_everyone_else_alone(
    slug, players, seating
):
    assert get_rule_set(slug).seating_for(players) is seating


@pytest.mark.parametrize("slug", CLASSIC)
def test_four_players_play_as_two_partnerships(slug):
    assert partnership(slug).side_names == [ANN_CY, BOB_DI]


@pytest.mark.parametrize("players", [TWO, THREE])
@pytest.mark.parametrize("slug", CLASSIC)
def test_two_or_three_players_each_play_alone_by_default(slug, players):
    assert new_game(slug, players).side_names == list(players)


EACH_ALONE = {p: (p,) for p in FOUR}
FIVE = ("Ann", "Bob", "Cy", "Di", "Ed")
SEVEN = (*SIX, "Gus")
#: What Samba, Bolivia and Hand and Foot refuse alike.
NO_SUCH_TABLE = {
    "four-unnamed": (FOUR, None, None),
    "four-alone": (FOUR, EACH_ALONE, None),
    "one": (("Ann",), None, None),
    "five": (FIVE, None, None),
}


REFUSED_SEATINGS: Table = {
    "canasta": {
        "four-unnamed": (FOUR, None, "partnerships: name the sides"),
        "four-alone": (FOUR, EACH_ALONE, "every side has two players"),
        "two-as-a-team": (TWO, {"Ann & Bob": TWO}, "at least two sides"),
        "one": (("Ann",), None, "2 to 4 players"),
        "five": (FIVE, None, "2 to 4 players"),
        "six": (SIX, None, "2 to 4 players"),
    },
    "samba": {
        **NO_SUCH_TABLE,
        "two-as-a-team": (TWO, {"Ann & Bob": TWO}, None),
        "six": (SIX, None, None),
    },
    "bolivia": {**NO_SUCH_TABLE, "six": (SIX, None, None)},
    "hand-and-foot": {
        **NO_SUCH_TABLE,
        "six-unnamed": (SIX, None, None),
        "six-alone": (SIX, {p: (p,) for p in SIX}, None),
        "six-as-two-threes": (
            SIX,
            {"Ann & Bob & Cy": ("Ann", "Bob", "Cy"), "Di & Ed & Flo": ("Di", "Ed", "Flo")},
            None,
        ),
        "seven": (SEVEN, None, None),
        "eight": ((*SEVEN, "Hal"), None, None),
    },
}


@pytest.mark.parametrize(("slug", "players", "sides", "fragment"), keyed(REFUSED_SEATINGS))
def test_other_seatings_and_player_counts_are_refused(slug, players, sides, fragment):
    with refuses(fragment):
        new_game(slug, players, sides)


# -- each scoring row ----------------------------------------------------------------------------

CONCEALED_OUT = {"went_out": True, "concealed": True, "natural_canastas": 1, "meld_points": 200}
#: Card points melded count for a side, and card points left in hand against it, in every game.
CARD_POINTS = {
    "meld-points-for": ({"meld_points": 135}, "meld_points", 135),
    "hand-points-against": ({"hand_points": 85}, "hand_points", -85),
}
#: Samba's and Bolivia's canastas of a rank: 500 a natural one, 300 a mixed one.
SAMBA_CANASTAS = {
    "natural-500": ({"natural_canastas": 1, "meld_points": 35}, "natural_canastas", 500),
    "naturals-500-each": ({"natural_canastas": 2, "meld_points": 70}, "natural_canastas", 2 * 500),
    "mixed-300": ({"mixed_canastas": 1, "meld_points": 35}, "mixed_canastas", 300),
    "mixed-300-each": ({"mixed_canastas": 3, "meld_points": 105}, "mixed_canastas", 3 * 300),
}


FIELD_SCORES: Table = {
    "canasta": {
        "natural-500": ({"natural_canastas": 2, "meld_points": 400}, "natural_canastas", 2 * 500),
        "mixed-300": ({"mixed_canastas": 3, "meld_points": 400}, "mixed_canastas", 3 * 300),
        **CARD_POINTS,
        "going-out-100": (
            {"went_out": True, "mixed_canastas": 1, "meld_points": 200},
            "went_out",
            100,
        ),
        "concealed-100-more": (CONCEALED_OUT, "concealed", 100),
        "red-three-100": ({"red_threes": 1, "meld_points": 50}, "red_threes", 100),
        "red-threes-100-each": ({"red_threes": 3, "meld_points": 50}, "red_threes", 300),
        "all-four-800": ({"red_threes": 4, "meld_points": 50}, "red_threes", 800),
        "all-four-800-with-canasta": (
            {"red_threes": 4, "natural_canastas": 1, "meld_points": 300},
            "red_threes",
            800,
        ),
        "red-threes-against-nothing-melded": ({"red_threes": 2}, "red_threes", -2 * 100),
        "all-four-against-nothing-melded": ({"red_threes": 4}, "red_threes", -800),
        "cards-in-hand-are-not-a-meld": ({"red_threes": 1, "hand_points": 60}, "red_threes", -100),
        "no-red-threes": ({"red_threes": 0}, "red_threes", 0),
    },
    "samba": {
        "samba-1500": ({"sambas": 1, "meld_points": 35}, "sambas", 1_500),
        "sambas-1500-each": ({"sambas": 2, "meld_points": 70}, "sambas", 2 * 1_500),
        **SAMBA_CANASTAS,
        **CARD_POINTS,
        "going-out-200": (SAMBA_OUT, "went_out", 200),
    },
    "bolivia": {
        "bolivia-2500": ({"bolivias": 1, "meld_points": 140}, "bolivias", 2_500),
        "bolivias-2500-each": ({"bolivias": 2, "meld_points": 280}, "bolivias", 2 * 2_500),
        "escalera-1500": ({"escaleras": 1, "meld_points": 35}, "escaleras", 1_500),
        "escaleras-1500-each": ({"escaleras": 2, "meld_points": 70}, "escaleras", 2 * 1_500),
        **SAMBA_CANASTAS,
        "black-three-in-hand-minus-100": (
            {"black_threes_in_hand": 1},
            "black_threes_in_hand",
            -100,
        ),
        "black-threes-in-hand-minus-100-each": (
            {"black_threes_in_hand": 3},
            "black_threes_in_hand",
            -3 * 100,
        ),
        **CARD_POINTS,
        "going-out-200": (BOLIVIA_OUT, "went_out", 200),
    },
    "hand-and-foot": {
        "clean-book-500": ({"clean_books": 1, "meld_points": 35}, "clean_books", 500),
        "clean-books-500-each": ({"clean_books": 2, "meld_points": 70}, "clean_books", 2 * 500),
        "dirty-book-300": ({"dirty_books": 1, "meld_points": 35}, "dirty_books", 300),
        "dirty-books-300-each": ({"dirty_books": 3, "meld_points": 105}, "dirty_books", 3 * 300),
        "wild-book-1500": ({"wild_books": 1, "meld_points": 140}, "wild_books", 1_500),
        "wild-books-1500-each": ({"wild_books": 2, "meld_points": 280}, "wild_books", 2 * 1_500),
        "red-three-laid-100": ({"red_threes": 1}, "red_threes", 100),
        "red-threes-laid-100-each": ({"red_threes": 3}, "red_threes", 3 * 100),
        "red-three-caught-minus-100": ({"red_threes_caught": 1}, "red_threes_caught", -100),
        "red-threes-caught-minus-100-each": (
            {"red_threes_caught": 2},
            "red_threes_caught",
            -2 * 100,
        ),
        **CARD_POINTS,
        "going-out-100": (HAND_AND_FOOT_OUT, "went_out", 100),
    },
}


@pytest.mark.parametrize(("slug", "tally", "field", "expected"), keyed(FIELD_SCORES))
def test_each_field_scores_as_the_rulings_say(slug, tally, field, expected):
    result = score(partnership(slug), {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY][field] == expected


FIELD_POINTS: Table = {
    "miromar-canasta": [
        ("natural_canastas", 2, 2 * 500),
        ("dirty_canastas", 3, 3 * 300),
        ("natural_ace_canastas", 1, 2_500),
        ("dirty_ace_canastas", 1, 300),
        ("seven_canastas", 1, 2_500),
        ("wild_canastas", 1, 2_500),
        ("grand_wild_canastas", 1, 3_000),
        ("unfinished_natural_aces", 1, -2_500),
        ("unfinished_sevens", 1, -2_500),
        ("unfinished_wilds", 2, -2 * 2_500),
        ("hand_points", 85, -85),
        ("threes_in_hand", 2, -2 * 100),
        ("sevens_penalties", 2, -2 * 1_500),
        ("aces_penalties", 1, -1_500),
    ],
    "pfh-partnership": [
        ("natural_canastas", 2, 2 * 500),
        ("unnatural_canastas", 3, 3 * 300),
        ("wild_canastas", 1, 2_500),
        ("ace_canastas", 2, 2 * 1_500),
        ("seven_canastas", 1, 1_000),
        ("red_threes", 3, 3 * 100),
        ("pennies_red_threes", 2, -2 * 100),
        ("black_threes", 3, -3 * 100),
        ("meld_points", 235, 235),
        ("hand_points", 85, -85),
        ("perfect_deals", 2, 2 * 50),
    ],
    # Two players alone.
    "pfh-three-hands": [
        ("red_books", 2, 2 * 500),
        ("black_books", 3, 3 * 300),
        ("seven_books", 1, 1_500),
        ("wild_books", 2, 2 * 1_500),
        ("black_threes", 2, -2 * 100),
        ("meld_points", 120, 120),
        ("hand_points", 45, -45),
        ("on_board", False, 0),
        ("pile_points", 85, 0),  # nobody went out: the pile is not deducted
    ],
}


@pytest.mark.parametrize(("slug", "field", "value", "expected"), keyed(FIELD_POINTS))
def test_each_field_alone_scores_its_points(slug, field, value, expected):
    game = seated(slug, TWO if slug == "pfh-three-hands" else FOUR)
    first, second = game.side_names

    result = score_one(game, {first: {field: value}, second: {}})

    assert result.hands[0].scores == {first: expected, second: 0}
    assert result.hands[0].breakdown[first].get(field, 0) == expected


@pytest.mark.parametrize(
    ("slug", "players", "tally", "bonus", "expected"),
    [
        (
            "miromar-canasta",
            FOUR,
            {"went_out": True, "natural_canastas": 1, "dirty_canastas": 1},
            200,
            200 + 500 + 300,
        ),
        (
            "pfh-partnership",
            FOUR,
            {"went_out": True, "natural_canastas": 1, "seven_canastas": 1},
            200,
            500 + 1_000 + 200,
        ),
        (
            "pfh-three-hands",
            TWO,
            PFH_FAMILY_OUT,
            100,
            1_500 + 1_500 + 100,
        ),
    ],
)
def test_going_out_scores_its_bonus_on_top_of_what_it_needs(slug, players, tally, bonus, expected):
    game = seated(slug, players)
    first, second = game.side_names

    result = score_one(game, {first: tally, second: {}})

    assert result.hands[0].breakdown[first]["went_out"] == bonus
    assert result.hands[0].scores[first] == expected


#: Red threes with canastas of a rank, alike in Samba and Bolivia.
RED_THREES_BY_RANK = {
    "none": ({"red_threes": 0, "natural_canastas": 2, "meld_points": 70}, 0),
    "one-with-two-canastas": ({"red_threes": 1, "natural_canastas": 2, "meld_points": 70}, 100),
    "all-six-1000": ({"red_threes": 6, "natural_canastas": 2, "meld_points": 70}, 1_000),
    "against-one-canasta": ({"red_threes": 2, "natural_canastas": 1, "meld_points": 35}, -200),
    "against-no-canasta": ({"red_threes": 4}, -400),
}


RED_THREES: Table = {
    "samba": {
        **RED_THREES_BY_RANK,
        "five-100-each": (
            {"red_threes": 5, "natural_canastas": 1, "mixed_canastas": 1, "meld_points": 70},
            500,
        ),
        "sambas-count-as-canastas": ({"red_threes": 3, "sambas": 2, "meld_points": 70}, 300),
        "all-six-with-a-samba": (
            {"red_threes": 6, "sambas": 1, "mixed_canastas": 1, "meld_points": 70},
            1_000,
        ),
        "against-one-samba": ({"red_threes": 1, "sambas": 1, "meld_points": 35}, -100),
        "all-six-against-one-samba": ({"red_threes": 6, "sambas": 1, "meld_points": 35}, -1_000),
        "all-six-against-melds-without-canasta": ({"red_threes": 6, "meld_points": 500}, -1_000),
    },
    "bolivia": {
        **RED_THREES_BY_RANK,
        "five-100-each": (
            {"red_threes": 5, "escaleras": 1, "mixed_canastas": 1, "meld_points": 70},
            500,
        ),
        "escaleras-count-as-canastas": ({"red_threes": 3, "escaleras": 2, "meld_points": 70}, 300),
        "a-bolivia-counts-as-a-canasta": (
            {"red_threes": 2, "bolivias": 1, "escaleras": 1, "meld_points": 175},
            200,
        ),
        "all-six-with-two-bolivias": ({"red_threes": 6, "bolivias": 2, "meld_points": 280}, 1_000),
        "against-one-escalera": ({"red_threes": 1, "escaleras": 1, "meld_points": 35}, -100),
        "against-one-bolivia": ({"red_threes": 3, "bolivias": 1, "meld_points": 140}, -300),
        "all-six-against-one-escalera": (
            {"red_threes": 6, "escaleras": 1, "meld_points": 35},
            -1_000,
        ),
        "all-six-against-nothing": ({"red_threes": 6}, -1_000),
    },
}


@pytest.mark.parametrize(("slug", "tally", "expected"), keyed(RED_THREES))
def test_red_threes_score_100_each_1000_for_six_against_fewer_than_two_canastas(
    slug, tally, expected
):
    result = score(partnership(slug), {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY]["red_threes"] == expected


@pytest.mark.parametrize(
    ("slug", "tally", "parts", "total"),
    [
        (
            "samba",
            SAMBA_WORKED,
            {
                "sambas": 1_500,
                "natural_canastas": 500,
                "red_threes": 200,
                "meld_points": 560,
                "hand_points": -30,
                "went_out": 200,
            },
            2_930,
        ),
        (
            "bolivia",
            BOLIVIA_WORKED,
            {
                "escaleras": 1_500,
                "mixed_canastas": 300,
                "red_threes": 300,
                "black_threes_in_hand": -100,
                "meld_points": 480,
                "hand_points": -25,
            },
            2_455,
        ),
    ],
)
def test_the_rulings_worked_hand_scores_its_total_item_by_item(slug, tally, parts, total):
    result = score(partnership(slug), {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].scores[ANN_CY] == sum(parts.values())
    assert result.hands[0].scores[ANN_CY] == total
    assert {k: v for k, v in result.hands[0].breakdown[ANN_CY].items() if v} == parts


@pytest.mark.parametrize(
    ("slug", "players", "first", "second", "expected"),
    [
        (
            "canasta",
            FOUR,
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "red_threes": 1,
                "meld_points": 520,
                "hand_points": 35,  # the partner's cards
            },
            {"red_threes": 2, "meld_points": 0, "hand_points": 95},
            {ANN_CY: 100 + 500 + 300 + 100 + 520 - 35, BOB_DI: -200 - 95},  # 1,485 and −295
        ),
        (
            "samba",
            FOUR,
            SAMBA_WORKED,
            {"mixed_canastas": 1, "red_threes": 1, "meld_points": 215, "hand_points": 120},
            {ANN_CY: 2_930, BOB_DI: 300 - 100 + 215 - 120},
        ),
        (
            "bolivia",
            FOUR,
            {**BOLIVIA_OUT, "bolivias": 1, "red_threes": 2, "meld_points": 400, "hand_points": 15},
            BOLIVIA_WORKED,
            {ANN_CY: 2_500 + 1_500 + 500 + 200 + 400 - 15 + 200, BOB_DI: 2_455},
        ),
        (
            "pfh-partnership",
            FOUR,
            {
                "went_out": True,
                "natural_canastas": 1,
                "unnatural_canastas": 2,
                "wild_canastas": 1,
                "red_threes": 2,
                "black_threes": 1,
                "meld_points": 235,
                "hand_points": 85,
            },
            {
                "unnatural_canastas": 1,
                "pennies_red_threes": 1,
                "meld_points": 180,
                "hand_points": 140,
            },
            {
                ANN_CY: 500 + 2 * 300 + 2_500 + 2 * 100 - 100 + 235 - 85 + 200,
                BOB_DI: 300 - 100 + 180 - 140,
            },
        ),
        (
            "pfh-three-hands",
            TWO,
            {
                **PFH_FAMILY_OUT,
                "red_books": 2,
                "black_books": 1,
                "red_threes": 3,
                "black_threes": 1,
                "meld_points": 410,
                "hand_points": 0,
            },
            {
                "red_books": 1,
                "red_threes": 1,
                "black_threes": 2,
                "meld_points": 150,
                "hand_points": 65,
            },
            {
                "Ann": 1_500 + 1_500 + 100 + 2 * 500 + 300 + 3 * 100 - 100 + 410,
                "Bob": 500 + 100 - 2 * 100 + 150 - 65,
            },
        ),
    ],
)
def test_a_whole_hand_adds_every_item_for_both_sides(slug, players, first, second, expected):
    assert one_hand(seated(slug, players), first, second) == expected


@pytest.mark.parametrize("slug", CLASSIC)
def test_a_bare_total_is_taken_as_the_hand_score(slug):
    game = partnership(slug)

    result = score(game, bare(game, 1_230, -45))

    assert result.hands[0].scores == {ANN_CY: 1_230, BOB_DI: -45}
    assert result.totals == {ANN_CY: 1_230, BOB_DI: -45}


@pytest.mark.parametrize("slug", ["samba", "bolivia", "hand-and-foot"])
def test_a_hand_needs_a_tally_for_every_side(slug):
    with pytest.raises(RulesError) as caught:
        score(partnership(slug), {ANN_CY: {"total": 100}})

    assert caught.value.side == BOB_DI


# -- opening minimum by the side's total -------------------------------------------------------

#: The other side's total in the tests of the opening minimum, and what it opens at.
OTHER_SIDE = {
    "canasta": (0, 50),
    "samba": (-20, 15),
    "bolivia": (-20, 15),
    "miromar-canasta": (0, 125),
    "pfh-partnership": (0, 50),
}


#: Classic Canasta's minimums up to a total of 3,000, which Samba and Bolivia keep.
CLASSIC_OPENING = [(-2_000, 15), (-5, 15), (0, 50), (1_495, 50), (1_500, 90), (2_995, 90)]


OPENING_BY_TOTAL: Table = {
    "canasta": [*CLASSIC_OPENING, (3_000, 120), (4_995, 120)],
    "samba": [*CLASSIC_OPENING, (3_000, 120), (6_995, 120), (7_000, 160), (9_995, 160)],
    # Samba's, but 150 from 7,000.
    "bolivia": [*CLASSIC_OPENING, (3_000, 120), (6_995, 120), (7_000, 150), (14_995, 150)],
    "miromar-canasta": [
        (-3_000, 125),
        (-5, 125),
        (0, 125),
        (2_999, 125),
        (3_000, 155),
        (4_999, 155),
        (5_000, 180),
        (8_495, 180),
    ],
    "pfh-partnership": [
        (-1_500, 50),
        (0, 50),
        (8_999, 50),
        (9_000, 90),
        (11_999, 90),
        (12_000, 120),
        (14_999, 120),
        (15_000, 150),
        (24_999, 150),
    ],
}


@pytest.mark.parametrize(("slug", "total", "minimum"), keyed(OPENING_BY_TOTAL))
def test_the_opening_minimum_follows_the_total_before_the_hand(slug, total, minimum):
    game = partnership(slug)
    other_total, other_minimum = OTHER_SIDE[slug]

    result = score(game, bare(game, total, other_total))

    assert get_rule_set(slug).opening.minimum(total, 2) == minimum
    assert result.opening_minimums() == {ANN_CY: minimum, BOB_DI: other_minimum}


@pytest.mark.parametrize("slug", ["canasta", "samba", "bolivia"])
def test_the_first_hand_opens_at_50(slug):
    assert score(partnership(slug)).opening_minimums() == {ANN_CY: 50, BOB_DI: 50}


# -- the end of the game -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "totals"),
    [
        ("canasta", (4_995, 3_000)),
        ("samba", (9_995, 7_000)),
        ("bolivia", (14_995, 10_000)),
        ("pfh-partnership", (24_999, 3_000)),
    ],
)
def test_the_game_goes_on_below_its_target(slug, totals):
    game = partnership(slug)

    result = score(game, bare(game, *totals))

    assert not result.finished
    assert result.winners == []


@pytest.mark.parametrize(
    ("slug", "hands", "totals", "winner"),
    [
        ("canasta", [(4_000, 3_000), (1_000, 2_500)], (5_000, 5_500), BOB_DI),
        ("samba", [(6_000, 7_000), (4_000, 3_500)], (10_000, 10_500), BOB_DI),
        ("bolivia", [(9_000, 10_000), (6_000, 5_500)], (15_000, 15_500), BOB_DI),
        ("miromar-canasta", [(4_000, 7_000), (3_000, 1_500)], (7_000, 8_500), BOB_DI),
        ("pfh-partnership", [(20_000, 3_000), (5_000, 2_000)], (25_000, 5_000), ANN_CY),
    ],
)
def test_the_game_ends_after_the_hand_in_which_a_side_reaches_its_target(
    slug, hands, totals, winner
):
    result = played(partnership(slug), *hands)

    assert result.finished
    assert result.totals == dict(zip((ANN_CY, BOB_DI), totals, strict=True))
    assert result.winners == [winner]
    assert result.opening_minimums() == {}


@pytest.mark.parametrize(
    ("slug", "totals", "winner"),
    [("samba", (10_000, 9_990), ANN_CY), ("pfh-partnership", (25_100, 26_000), BOB_DI)],
)
def test_the_highest_total_wins_whichever_side_reached_the_target(slug, totals, winner):
    game = partnership(slug)

    assert score(game, bare(game, *totals)).winners == [winner]


@pytest.mark.parametrize(
    ("slug", "hands"),
    [
        ("canasta", [(5_200, 5_200)]),
        ("samba", [(10_200, 10_200)]),
        ("bolivia", [(15_200, 15_200)]),
        ("miromar-canasta", [(9_000, 9_000)]),
        ("pfh-partnership", [(25_000, 25_000)]),
        ("hand-and-foot", [(1_000, 1_000)] * 4),
    ],
)
def test_equal_highest_totals_share_the_win(slug, hands):
    assert played(partnership(slug), *hands).winners == [ANN_CY, BOB_DI]


@pytest.mark.parametrize(
    ("slug", "players", "sides", "hands", "winners"),
    [
        ("canasta", THREE, None, [(6_000, 6_000, 4_000)], ["Ann", "Bob"]),
        ("samba", THREE, None, [(11_000, 11_000, 4_000)], ["Ann", "Bob"]),
        ("bolivia", THREE, None, [(16_000, 4_000, 16_000)], ["Ann", "Cy"]),
        ("hand-and-foot", SIX, SIX_PARTNERS, [(2_000, 500, 2_000)] * 4, [ANN_DI, CY_FLO]),
        ("pfh-three-hands", THREE, None, [(100, 300, 300), (0, 0, 0), (50, 50, 50)], ["Bob", "Cy"]),
    ],
)
def test_equal_highest_totals_share_the_win_among_three_sides(slug, players, sides, hands, winners):
    assert played(new_game(slug, players, sides), *hands).winners == winners


@pytest.mark.parametrize(
    ("slug", "players", "hands", "number", "fragment"),
    [
        ("canasta", FOUR, [(5_000, 0), (10, 10)], 2, "reached 5,000"),
        ("samba", FOUR, [(10_000, 0), (10, 10)], 2, "reached 10,000"),
        ("bolivia", FOUR, [(15_000, 0), (10, 10)], 2, "reached 15,000"),
        ("miromar-canasta", FOUR, [(8_500, 0), {ANN_CY: {}, BOB_DI: {}}], 2, "8,500"),
        ("pfh-partnership", FOUR, [(10_000, 0), (15_000, 0), (10, 10)], 3, "25,000"),
        ("hand-and-foot", FOUR, [(0, 0)] * 4 + [(10, 10)], 5, "only 4 deals"),
        ("pfh-three-hands", TWO, [(10, 20)] * 4, 4, "3 hands"),
    ],
)
def test_no_hand_is_scored_after_the_game_ended(slug, players, hands, number, fragment):
    game = seated(slug, players)

    with pytest.raises(RulesError) as caught:
        played(game, *hands)

    assert caught.value.hand == number
    assert said(caught.value).startswith(f"{hand_word(game.rules.hand_word)} {number}: ")
    assert fragment in said(caught.value)


@pytest.mark.parametrize(
    ("slug", "target", "last_going_on", "first_ended"),
    [
        ("canasta", 3_000, 2_995, 3_000),
        ("canasta", 7_500, 7_495, 7_500),
        ("canasta", 10_000, 9_995, 10_000),
        ("samba", 7_500, 7_495, 7_500),
        ("samba", 15_000, 14_995, 15_000),
    ],
)
def test_the_target_house_rule_moves_the_end(slug, target, last_going_on, first_ended):
    going_on = partnership(slug, {"target": target})
    ended = partnership(slug, {"target": target})

    assert not score(going_on, bare(going_on, last_going_on, 0)).finished
    assert score(ended, bare(ended, first_ended, 0)).finished


@pytest.mark.parametrize(
    ("slug", "target", "totals"),
    [("canasta", 10_000, (5_000, 6_000)), ("samba", 15_000, (10_000, 12_000))],
)
def test_a_higher_target_lets_a_game_go_past_the_usual_one(slug, target, totals):
    game = partnership(slug, {"target": target})

    assert not score(game, bare(game, *totals)).finished


# -- house rules ---------------------------------------------------------------------------------


HOUSE_RULE_VALUES: Table = {
    "canasta": [
        ("target", 5_000, (3_000, 5_000, 7_500, 10_000)),
        ("natural_canasta", 500, (300, 500, 750)),
        ("mixed_canasta", 300, (150, 300, 500)),
        ("going_out", 100, (50, 100, 200)),
        ("concealed_extra", 100, (0, 100, 200)),
        ("red_three", 100, (50, 100, 200)),
        ("all_four_red_threes", 800, (400, 800, 1_200)),
        ("opening_below_zero", 15, (0, 15, 25)),
        ("opening_from_0", 50, (15, 50, 90)),
        ("opening_from_1500", 90, (50, 90, 120)),
        ("opening_from_3000", 120, (90, 120, 150)),
        ("canastas_to_go_out", 1, (1, 2)),
    ],
    "samba": [
        ("target", 10_000, (7_500, 10_000, 15_000)),
        ("going_out", 200, (100, 200)),
        ("samba", 1_500, (1_000, 1_500)),
    ],
    "bolivia": [("target", 15_000, (10_000, 15_000)), ("going_out", 200, (100, 200))],
    "hand-and-foot": [
        ("clean_book", 500, (300, 500)),
        ("dirty_book", 300, (100, 200, 300)),
        ("wild_book", 1_500, (0, 1_000, 1_500)),
        ("red_three", 100, (50, 100)),
        ("red_three_caught", 100, (100, 300, 500)),
        ("going_out", 100, (100, 200)),
        ("deals", 4, (4, 5)),
        ("opening_deal_1", 50, (50, 60)),
        ("opening_deal_2", 90, (90, 120)),
        ("opening_deal_3", 120, (120, 150)),
        ("opening_deal_4", 150, (150, 180)),
        ("opening_deal_5", 180, (180, 200)),
        ("clean_books_to_go_out", 2, (1, 2, 3)),
        ("dirty_books_to_go_out", 2, (1, 2, 3)),
    ],
}


@pytest.mark.parametrize(("slug", "name", "default", "values"), keyed(HOUSE_RULE_VALUES))
def test_each_house_rule_offers_the_values_of_the_rulings(slug, name, default, values):
    rule = get_rule_set(slug).house_rule(name)

    assert rule is not None
    assert rule.default == default
    assert rule.values == values


@pytest.mark.parametrize(
    ("slug", "count"), [("canasta", 12), ("samba", 3), ("bolivia", 2), ("hand-and-foot", 15)]
)
def test_there_are_exactly_the_house_rules_of_the_rulings(slug, count):
    assert len(get_rule_set(slug).house_rules) == count


CANASTA_OUT_CONCEALED = {**CONCEALED_OUT, "meld_points": 100}


POINTS_HOUSE_RULES: Table = {
    "canasta": [
        (
            {"natural_canasta": 300},
            {"natural_canastas": 2, "meld_points": 100},
            "natural_canastas",
            600,
        ),
        (
            {"natural_canasta": 750},
            {"natural_canastas": 1, "meld_points": 100},
            "natural_canastas",
            750,
        ),
        ({"mixed_canasta": 150}, {"mixed_canastas": 2, "meld_points": 100}, "mixed_canastas", 300),
        ({"mixed_canasta": 500}, {"mixed_canastas": 1, "meld_points": 100}, "mixed_canastas", 500),
        ({"going_out": 50}, CANASTA_OUT, "went_out", 50),
        ({"going_out": 200}, CANASTA_OUT, "went_out", 200),
        ({"concealed_extra": 0}, CANASTA_OUT_CONCEALED, "concealed", 0),
        ({"concealed_extra": 200}, CANASTA_OUT_CONCEALED, "concealed", 200),
        ({"red_three": 50}, {"red_threes": 3, "meld_points": 100}, "red_threes", 150),
        ({"red_three": 200}, {"red_threes": 2, "meld_points": 100}, "red_threes", 400),
        ({"red_three": 200}, {"red_threes": 1}, "red_threes", -200),
        ({"all_four_red_threes": 400}, {"red_threes": 4, "meld_points": 100}, "red_threes", 400),
        (
            {"all_four_red_threes": 1_200},
            {"red_threes": 4, "meld_points": 100},
            "red_threes",
            1_200,
        ),
        ({"all_four_red_threes": 1_200}, {"red_threes": 4}, "red_threes", -1_200),
        (
            {"red_three": 200, "all_four_red_threes": 400},
            {"red_threes": 3, "meld_points": 50},
            "red_threes",
            600,
        ),
    ],
    "samba": {
        "samba-1000": ({"samba": 1_000}, {"sambas": 1, "meld_points": 35}, "sambas", 1_000),
        "sambas-1000-each": (
            {"samba": 1_000},
            {"sambas": 2, "meld_points": 70},
            "sambas",
            2 * 1_000,
        ),
        "going-out-100": ({"going_out": 100}, SAMBA_OUT, "went_out", 100),
    },
    "bolivia": {"going-out-100": ({"going_out": 100}, BOLIVIA_OUT, "went_out", 100)},
    "hand-and-foot": {
        "clean-300": (
            {"clean_book": 300},
            {"clean_books": 2, "meld_points": 70},
            "clean_books",
            2 * 300,
        ),
        "dirty-100": (
            {"dirty_book": 100},
            {"dirty_books": 2, "meld_points": 70},
            "dirty_books",
            2 * 100,
        ),
        "dirty-200": (
            {"dirty_book": 200},
            {"dirty_books": 3, "meld_points": 105},
            "dirty_books",
            3 * 200,
        ),
        "wild-1000": (
            {"wild_book": 1_000},
            {"wild_books": 1, "meld_points": 140},
            "wild_books",
            1_000,
        ),
        "red-three-50": ({"red_three": 50}, {"red_threes": 3}, "red_threes", 3 * 50),
        "caught-300": (
            {"red_three_caught": 300},
            {"red_threes_caught": 1},
            "red_threes_caught",
            -300,
        ),
        "caught-500": (
            {"red_three_caught": 500},
            {"red_threes_caught": 2},
            "red_threes_caught",
            -2 * 500,
        ),
        "going-out-200": ({"going_out": 200}, HAND_AND_FOOT_OUT, "went_out", 200),
    },
}


@pytest.mark.parametrize(
    ("slug", "options", "tally", "field", "expected"), keyed(POINTS_HOUSE_RULES)
)
def test_each_points_house_rule_changes_its_number(slug, options, tally, field, expected):
    result = score(partnership(slug, options), {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY][field] == expected


VALUES_NOT_OFFERED: Table = {
    "canasta": [
        ({"natural_canasta": 400}, "can be 300, 500 or 750, not 400"),
        ({"target": 8_500}, "can be 3,000, 5,000, 7,500 or 10,000"),
        ({"canastas_to_go_out": 3}, "can be 1 or 2"),
        ({"concealed_extra": True}, "can be 0, 100 or 200, not true"),
        ({"all_red_threes_1000": True}, "no house rule called all_red_threes_1000"),
    ],
    "samba": [
        ({"target": 5_000}, None),
        ({"target": 20_000}, None),
        ({"going_out": 50}, None),
        ({"going_out": 300}, None),
        ({"samba": 2_000}, None),
        ({"samba": True}, None),
        ({"red_three": 50}, None),
    ],
    "bolivia": [
        ({"target": 7_500}, None),
        ({"target": 20_000}, None),
        ({"going_out": 50}, None),
        ({"samba": 1_000}, None),
        ({"bolivia": 2_000}, None),
    ],
    "hand-and-foot": [
        ({"clean_book": 400}, None),
        ({"dirty_book": 250}, None),
        ({"wild_book": 500}, None),
        ({"red_three": 200}, None),
        ({"red_three_caught": 200}, None),
        ({"going_out": 50}, None),
        ({"deals": 3}, None),
        ({"deals": 6}, None),
        ({"opening_deal_1": 90}, None),
        ({"opening_deal_4": 120}, None),
        ({"clean_books_to_go_out": 4}, None),
        ({"dirty_books_to_go_out": 0}, None),
        ({"wild_book_to_go_out": 1}, None),
        ({"target": 5_000}, None),
    ],
}


@pytest.mark.parametrize(("slug", "options", "fragment"), keyed(VALUES_NOT_OFFERED))
def test_a_house_rule_value_not_offered_is_refused(slug, options, fragment):
    with refuses(fragment):
        partnership(slug, options)


@pytest.mark.parametrize(
    ("slug", "options", "end", "field", "points", "opening"),
    [
        (
            "canasta",
            {"natural_canasta": 750, "opening_from_0": 90, "target": 10_000},
            ("target_score", 5_000),
            "natural_canastas",
            500,
            (1, 50),
        ),
        (
            "samba",
            {"samba": 1_000, "target": 7_500},
            ("target_score", 10_000),
            "sambas",
            1_500,
            (1, 50),
        ),
        (
            "bolivia",
            {"target": 10_000, "going_out": 100},
            ("target_score", 15_000),
            "went_out",
            200,
            (1, 50),
        ),
        (
            "hand-and-foot",
            {"clean_book": 300, "deals": 5, "opening_deal_2": 120},
            ("fixed_hands", 4),
            "clean_books",
            500,
            (2, 90),
        ),
    ],
)
def test_house_rules_do_not_change_the_shared_rule_set(slug, options, end, field, points, opening):
    partnership(slug, options)
    rules: RuleSet = get_rule_set(slug)
    hand_number, minimum = opening

    assert getattr(rules, end[0]) == end[1]
    assert {f.name: f.points_each for f in rules.tally_fields}[field] == points
    assert rules.opening.minimum(0, hand_number) == minimum


# -- game files --------------------------------------------------------------------------------


BROKEN_GAME_FILES: Table = {
    "canasta": {
        "option-not-offered": ({"options": {"going_out": 300}}, "can be 50, 100 or 200"),
        "five-players": ({"players": list(FIVE)}, "2 to 4 players"),
        "out-without-canastas": (
            {"hands": [{"tallies": {"Ann": {"went_out": True}, "Bob": {}}}]},
            "Hand 1, Ann: a player who goes out needs at least two canastas",
        ),
    },
    "samba": {
        "option-not-offered": ({"options": {"going_out": 300}}, None),
        "five-players": ({"players": list(FIVE)}, None),
        "out-with-one-samba": (
            {"hands": [{"tallies": {"Ann": {"went_out": True, "sambas": 1}, "Bob": {}}}]},
            None,
        ),
    },
    "bolivia": {
        "option-not-offered": ({"options": {"target": 7_500}}, None),
        "five-players": ({"players": list(FIVE)}, None),
        "out-without-escalera": (
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
            None,
        ),
    },
    "hand-and-foot": {
        "five-deals": (
            {"hands": [{"tallies": {"Ann": {"total": 0}, "Bob": {"total": 0}}}] * 5},
            None,
        ),
        "option-not-offered": ({"options": {"clean_book": 400}}, None),
        "out-without-books": (
            {"hands": [{"tallies": {"Ann": {"went_out": True}, "Bob": {}}}]},
            None,
        ),
    },
}


@pytest.mark.parametrize(("slug", "data", "fragment"), keyed(BROKEN_GAME_FILES))
def test_a_game_file_that_breaks_the_rules_is_refused(slug, data, fragment):
    text = json.dumps({"rules": slug, "players": list(TWO), "hands": [], **data})

    with refuses(fragment):
        setup, hands = read_game_file(text)
        setup.score(hands)
