"""Canasta, the classic game (RULINGS.md section 6). Every number here is typed from the RULINGS
text, never read from the engine, so that a slip in the engine's numbers shows up."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules import Canasta, GameSetup, RulesError, Seating, get_rule_set, rulebook
from games.rules.gamefile import read_game_file, report, write_game_file

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

SLUG = "canasta"
TWO = ("Ann", "Bob")
THREE = ("Ann", "Bob", "Cy")


@pytest.fixture
def game() -> GameSetup:
    return partnership(SLUG)


def alone(players: tuple[str, ...] = TWO, options: dict[str, Any] | None = None) -> GameSetup:
    return new_game(SLUG, players, None, options)


# -- the rule set as declared ------------------------------------------------------------------


def test_it_is_registered_as_canasta_with_its_name():
    rules = get_rule_set(SLUG)

    assert isinstance(rules, Canasta)
    assert rules.name == "Canasta"
    assert rules.player_counts == (2, 3, 4)


def test_two_packs_of_52_and_4_jokers_make_108_cards_for_every_table():
    rules = get_rule_set(SLUG)

    for players in (2, 3, 4):
        assert rules.packs(players) == 2
        assert rules.cards_in_play(players) == 108
    assert "108" in rules.describe_packs()


def test_cards_dealt_are_15_13_and_11():
    dealt = get_rule_set(SLUG).cards_dealt

    assert "15" in dealt and "13" in dealt and "11" in dealt
    assert dealt.index("15") < dealt.index("13") < dealt.index("11")


@pytest.mark.parametrize(
    ("cards", "points"),
    [("Joker", 50), ("Two, Ace", 20), ("Eight to King", 10), ("Four to Seven", 5)],
)
def test_card_values(cards, points):
    values = {value.cards: value.points for value in get_rule_set(SLUG).card_values}

    assert values[cards] == points


def test_a_black_three_is_worth_5_and_counted_as_card_points():
    rules = get_rule_set(SLUG)
    counted = {value.cards.lower(): value.points for value in rules.counted_card_values}

    assert counted["black three"] == 5
    assert not any("red" in cards for cards in counted)


def test_wild_cards_are_twos_and_jokers():
    assert get_rule_set(SLUG).wild_cards == "twos and jokers"


def test_the_tally_fields_are_those_of_the_rulings_table():
    names = [f.name for f in get_rule_set(SLUG).tally_fields]

    assert names == [
        "natural_canastas",
        "mixed_canastas",
        "red_threes",
        "meld_points",
        "hand_points",
        "went_out",
        "concealed",
    ]


# -- seating -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seating"), [(2, Seating.ALONE), (3, Seating.ALONE), (4, Seating.PARTNERS)]
)
def test_four_play_as_partners_two_or_three_each_alone(players, seating):
    assert get_rule_set(SLUG).seating_for(players) is seating


@pytest.mark.parametrize("players", [TWO, THREE])
def test_two_or_three_players_each_play_alone_by_default(players):
    setup = alone(players)

    assert setup.side_names == list(players)


def test_four_players_play_as_two_partnerships(game):
    assert game.side_names == [ANN_CY, BOB_DI]


@pytest.mark.parametrize(
    ("players", "sides", "fragment"),
    [
        (FOUR, None, "partnerships: name the sides"),
        (FOUR, {p: (p,) for p in FOUR}, "every side has two players"),
        (TWO, {"Ann & Bob": TWO}, "at least two sides"),
        (("Ann",), None, "2 to 4 players"),
        (("Ann", "Bob", "Cy", "Di", "Ed"), None, "2 to 4 players"),
        (("Ann", "Bob", "Cy", "Di", "Ed", "Flo"), None, "2 to 4 players"),
    ],
    ids=["four-unnamed", "four-alone", "two-as-a-team", "one", "five", "six"],
)
def test_other_seatings_and_player_counts_are_refused(players, sides, fragment):
    with pytest.raises(RulesError, match=fragment):
        new_game(SLUG, players, sides)


# -- each scoring row ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tally", "field", "expected"),
    [
        ({"natural_canastas": 2, "meld_points": 400}, "natural_canastas", 2 * 500),
        ({"mixed_canastas": 3, "meld_points": 400}, "mixed_canastas", 3 * 300),
        ({"meld_points": 135}, "meld_points", 135),
        ({"hand_points": 85}, "hand_points", -85),
        ({"went_out": True, "mixed_canastas": 1, "meld_points": 200}, "went_out", 100),
        (
            {"went_out": True, "concealed": True, "natural_canastas": 1, "meld_points": 200},
            "concealed",
            100,
        ),
        ({"red_threes": 1, "meld_points": 50}, "red_threes", 100),
        ({"red_threes": 3, "meld_points": 50}, "red_threes", 3 * 100),
        ({"red_threes": 4, "meld_points": 50}, "red_threes", 800),
        ({"red_threes": 4, "natural_canastas": 1, "meld_points": 300}, "red_threes", 800),
        ({"red_threes": 2}, "red_threes", -2 * 100),
        ({"red_threes": 4}, "red_threes", -800),
        ({"red_threes": 1, "hand_points": 60}, "red_threes", -100),
        ({"red_threes": 0}, "red_threes", 0),
    ],
    ids=[
        "natural-500",
        "mixed-300",
        "meld-points-for",
        "hand-points-against",
        "going-out-100",
        "concealed-100-more",
        "red-three-100",
        "red-threes-100-each",
        "all-four-800",
        "all-four-800-with-canasta",
        "red-threes-against-nothing-melded",
        "all-four-against-nothing-melded",
        "cards-in-hand-are-not-a-meld",
        "no-red-threes",
    ],
)
def test_each_field_scores_as_the_rulings_say(game, tally, field, expected):
    result = score(game, {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY][field] == expected


def test_going_out_concealed_is_200_in_all(game):
    tally = {"went_out": True, "concealed": True, "natural_canastas": 1, "meld_points": 100}

    scores = one_hand(game, tally, {})

    assert scores[ANN_CY] == 200 + 500 + 100


def test_a_whole_hand_adds_every_item(game):
    ann_cy = {
        "went_out": True,
        "natural_canastas": 1,
        "mixed_canastas": 1,
        "red_threes": 1,
        "meld_points": 520,
        "hand_points": 35,  # the partner's cards
    }
    bob_di = {"red_threes": 2, "meld_points": 0, "hand_points": 95}

    scores = one_hand(game, ann_cy, bob_di)

    assert scores == {ANN_CY: 100 + 500 + 300 + 100 + 520 - 35, BOB_DI: -200 - 95}
    assert scores == {ANN_CY: 1_485, BOB_DI: -295}


def test_a_bare_total_is_taken_as_the_hand_score(game):
    result = score(game, bare(game, 1_230, -45))

    assert result.totals == {ANN_CY: 1_230, BOB_DI: -45}


# -- checks ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "tallies", "side", "field", "fragment"),
    [
        (
            FOUR,
            (
                {"went_out": True, "natural_canastas": 1, "meld_points": 100},
                {"went_out": True, "natural_canastas": 1, "meld_points": 100},
            ),
            BOB_DI,
            "went_out",
            "only one side can go out",
        ),
        (
            FOUR,
            ({}, {"concealed": True, "natural_canastas": 1, "meld_points": 100}),
            BOB_DI,
            "concealed",
            "did not go out",
        ),
        (
            TWO,
            ({"went_out": True, "natural_canastas": 2, "meld_points": 200, "hand_points": 10}, {}),
            "Ann",
            "hand_points",
            "no cards left",
        ),
        (
            THREE,
            (
                {},
                {},
                {"went_out": True, "natural_canastas": 1, "meld_points": 70, "hand_points": 5},
            ),
            "Cy",
            "hand_points",
            "no cards left",
        ),
        (
            FOUR,
            ({"went_out": True, "meld_points": 100}, {}),
            ANN_CY,
            "went_out",
            "at least one canasta",
        ),
        (
            TWO,
            ({}, {"went_out": True, "natural_canastas": 1, "meld_points": 100}),
            "Bob",
            "went_out",
            "at least two canastas",
        ),
        (
            THREE,
            ({"went_out": True, "meld_points": 60}, {}, {}),
            "Ann",
            "went_out",
            "at least one canasta",
        ),
        (
            FOUR,
            ({"red_threes": 3, "meld_points": 50}, {"red_threes": 2, "meld_points": 50}),
            BOB_DI,
            "red_threes",
            "only four red threes",
        ),
        (
            THREE,
            ({"red_threes": 2}, {"red_threes": 1}, {"red_threes": 2}),
            "Cy",
            "red_threes",
            "only four red threes",
        ),
        (FOUR, ({"red_threes": 5}, {}), ANN_CY, "red_threes", "at most 4"),
        (FOUR, ({"natural_canastas": 1, "meld_points": 30}, {}), ANN_CY, "meld_points", "35"),
        (
            FOUR,
            ({}, {"natural_canastas": 1, "mixed_canastas": 1, "meld_points": 65}),
            BOB_DI,
            "meld_points",
            "70",
        ),
        (
            FOUR,
            ({"natural_canastas": 16, "meld_points": 5_000}, {}),
            ANN_CY,
            "natural_canastas",
            "only 108 cards",
        ),
        (
            FOUR,
            (
                {"natural_canastas": 8, "meld_points": 2_000},
                {"mixed_canastas": 8, "meld_points": 2_000},
            ),
            BOB_DI,
            "mixed_canastas",
            "only 108 cards",
        ),
        (
            FOUR,
            ({"natural_canastas": 500, "meld_points": 500_000}, {}),
            ANN_CY,
            "natural_canastas",
            "only 108 cards",
        ),
    ],
    ids=[
        "two-went-out",
        "concealed-without-going-out",
        "alone-out-with-cards-in-hand",
        "alone-of-three-out-with-cards-in-hand",
        "out-without-canasta",
        "two-players-out-with-one-canasta",
        "three-players-out-without-canasta",
        "five-red-threes-between-partnerships",
        "five-red-threes-between-three-players",
        "five-red-threes-on-one-side",
        "canasta-under-35",
        "two-canastas-under-70",
        "sixteen-canastas",
        "sixteen-canastas-between-sides",
        "five-hundred-canastas",
    ],
)
def test_a_tally_that_breaks_a_check_is_refused_naming_hand_side_and_field(
    players, tallies, side, field, fragment
):
    setup = partnership(SLUG) if players == FOUR else alone(players)

    error = refusal(setup, *tallies)

    assert error.hand == 1
    assert error.side == side
    assert error.field == field
    assert fragment in error.problem
    assert str(error).startswith(f"Hand 1, {side}: ")


@pytest.mark.parametrize(
    ("players", "tallies"),
    [
        (
            FOUR,
            ({"went_out": True, "natural_canastas": 1, "meld_points": 35, "hand_points": 40}, {}),
        ),
        (TWO, ({"went_out": True, "natural_canastas": 2, "meld_points": 70}, {"hand_points": 90})),
        (THREE, ({"went_out": True, "mixed_canastas": 1, "meld_points": 60}, {}, {})),
        (FOUR, ({"red_threes": 4, "meld_points": 40}, {})),
        (FOUR, ({"red_threes": 2, "meld_points": 40}, {"red_threes": 2})),
        (
            FOUR,
            (
                {"natural_canastas": 7, "meld_points": 2_000},
                {"mixed_canastas": 8, "meld_points": 2_000},
            ),
        ),
        (
            FOUR,
            ({"went_out": True, "concealed": True, "natural_canastas": 1, "meld_points": 90}, {}),
        ),
    ],
    ids=[
        "partner-holds-cards-after-going-out",
        "two-players-out-with-two-canastas",
        "three-players-out-with-one-canasta",
        "all-four-red-threes-on-one-side",
        "four-red-threes-between-sides",
        "fifteen-canastas-fit-in-108-cards",
        "concealed-with-going-out",
    ],
)
def test_tallies_within_every_check_are_taken(players, tallies):
    setup = partnership(SLUG) if players == FOUR else alone(players)

    scores = one_hand(setup, *tallies)

    assert len(scores) == len(tallies)


def test_a_refused_hand_changes_nothing_recorded(game):
    first = hand({ANN_CY: {"meld_points": 120}, BOB_DI: {"hand_points": 20}})
    so_far = score(game, first)
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
        (4_995, 120),
    ],
    ids=lambda v: str(v),
)
def test_the_opening_minimum_follows_the_total_before_the_hand(game, total, minimum):
    result = score(game, bare(game, total, 0))

    assert result.opening_minimums() == {ANN_CY: minimum, BOB_DI: 50}


def test_the_first_hand_opens_at_50(game):
    assert score(game).opening_minimums() == {ANN_CY: 50, BOB_DI: 50}


# -- the end of the game -------------------------------------------------------------------------


def test_the_game_goes_on_below_5000(game):
    result = score(game, bare(game, 4_995, 3_000))

    assert not result.finished
    assert result.winners == []


def test_the_game_ends_after_the_hand_in_which_a_side_reaches_5000(game):
    result = score(game, bare(game, 4_000, 3_000), bare(game, 1_000, 2_500))

    assert result.finished
    assert result.totals == {ANN_CY: 5_000, BOB_DI: 5_500}
    assert result.winners == [BOB_DI]


def test_equal_highest_totals_share_the_win(game):
    result = score(game, bare(game, 5_200, 5_200))

    assert result.winners == [ANN_CY, BOB_DI]


def test_equal_highest_totals_share_the_win_among_three(game):
    setup = alone(THREE)

    result = score(setup, bare(setup, 6_000, 6_000, 4_000))

    assert result.winners == ["Ann", "Bob"]


def test_no_hand_is_taken_after_the_end(game):
    with pytest.raises(RulesError, match="reached 5,000"):
        score(game, bare(game, 5_000, 0), bare(game, 10, 10))


# -- house rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "default", "values"),
    [
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
)
def test_each_house_rule_offers_the_values_of_the_rulings(name, default, values):
    rule = get_rule_set(SLUG).house_rule(name)

    assert rule is not None
    assert rule.default == default
    assert rule.values == values


def test_there_are_exactly_the_house_rules_of_the_rulings():
    assert len(get_rule_set(SLUG).house_rules) == 12


@pytest.mark.parametrize(
    ("options", "tally", "field", "expected"),
    [
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
        (
            {"going_out": 50},
            {"went_out": True, "natural_canastas": 1, "meld_points": 100},
            "went_out",
            50,
        ),
        (
            {"going_out": 200},
            {"went_out": True, "natural_canastas": 1, "meld_points": 100},
            "went_out",
            200,
        ),
        (
            {"concealed_extra": 0},
            {"went_out": True, "concealed": True, "natural_canastas": 1, "meld_points": 100},
            "concealed",
            0,
        ),
        (
            {"concealed_extra": 200},
            {"went_out": True, "concealed": True, "natural_canastas": 1, "meld_points": 100},
            "concealed",
            200,
        ),
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
    ids=lambda v: str(v) if not isinstance(v, dict) else None,
)
def test_each_points_house_rule_changes_its_number(options, tally, field, expected):
    setup = partnership(SLUG, options)

    result = score(setup, {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY][field] == expected


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


@pytest.mark.parametrize(
    ("target", "last_going_on", "first_ended"),
    [(3_000, 2_995, 3_000), (7_500, 7_495, 7_500), (10_000, 9_995, 10_000)],
)
def test_the_target_house_rule_moves_the_end(target, last_going_on, first_ended):
    going_on = partnership(SLUG, {"target": target})
    ended = partnership(SLUG, {"target": target})

    assert not score(going_on, bare(going_on, last_going_on, 0)).finished
    assert score(ended, bare(ended, first_ended, 0)).finished


def test_the_target_house_rule_lets_a_game_go_past_5000():
    setup = partnership(SLUG, {"target": 10_000})

    assert not score(setup, bare(setup, 5_000, 6_000)).finished


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
    assert "two canastas" in error.problem


def test_two_players_may_choose_one_canasta_to_go_out():
    setup = alone(TWO, {"canastas_to_go_out": 1})

    scores = one_hand(setup, {"went_out": True, "natural_canastas": 1, "meld_points": 100}, {})

    assert scores["Ann"] == 100 + 500 + 100
    assert setup.chosen_options == {"canastas_to_go_out": 1}


def test_four_players_may_choose_two_canastas_to_go_out():
    setup = partnership(SLUG, {"canastas_to_go_out": 2})

    error = refusal(setup, {"went_out": True, "mixed_canastas": 1, "meld_points": 100}, {})

    assert "at least two canastas" in error.problem
    assert setup.chosen_options == {"canastas_to_go_out": 2}


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"natural_canasta": 400}, "can be 300, 500 or 750, not 400"),
        ({"target": 8_500}, "can be 3,000, 5,000, 7,500 or 10,000"),
        ({"canastas_to_go_out": 3}, "can be 1 or 2"),
        ({"concealed_extra": True}, "can be 0, 100 or 200, not true"),
        ({"all_red_threes_1000": True}, "no house rule called all_red_threes_1000"),
    ],
)
def test_a_house_rule_value_not_offered_is_refused(options, fragment):
    with pytest.raises(RulesError, match=fragment):
        partnership(SLUG, options)


def test_house_rules_in_force_are_said_in_players_words():
    setup = partnership(SLUG, {"target": 7_500, "red_three": 200})

    assert setup.rules.house_rules_in_force(4) == ["game to 7,500", "red threes score 200 each"]
    assert partnership(SLUG).rules.house_rules_in_force(4) == []


def test_house_rules_do_not_change_the_shared_rule_set():
    partnership(SLUG, {"natural_canasta": 750, "opening_from_0": 90, "target": 10_000})
    rules = get_rule_set(SLUG)

    assert rules.target_score == 5_000
    assert rules.opening.minimum(0, 1) == 50
    assert {f.name: f.points_each for f in rules.tally_fields}["natural_canastas"] == 500


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


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"options": {"going_out": 300}}, "can be 50, 100 or 200"),
        ({"players": ["Ann", "Bob", "Cy", "Di", "Ed"]}, "2 to 4 players"),
        (
            {"hands": [{"tallies": {"Ann": {"went_out": True}, "Bob": {}}}]},
            "Hand 1, Ann: a player who goes out needs at least two canastas",
        ),
    ],
    ids=["option-not-offered", "five-players", "out-without-canastas"],
)
def test_a_game_file_that_breaks_the_rules_is_refused(data, fragment):
    text = json.dumps({"rules": SLUG, "players": list(TWO), "hands": [], **data})

    with pytest.raises(RulesError, match=fragment):
        setup, hands = read_game_file(text)
        setup.score(hands)


# -- the rule sheet's words ----------------------------------------------------------------------


def sheet_text(rules: Canasta) -> str:
    return " ".join(
        " ".join((s.heading, *s.paragraphs, *s.items)) for s in rulebook.sections(rules)
    )


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
    assert rules.summary.endswith("first side to 5,000.")
    assert Canasta().with_options({"target": 7_500}).summary.endswith("first side to 7,500.")


def test_the_two_player_rule_sheet_says_two_canastas_go_out():
    text = sheet_text(Canasta().with_options({}, 2))

    assert "at least two canastas." in text


def test_the_words_explained_on_the_hand_form_follow_the_house_rules():
    rules = Canasta().with_options({"all_four_red_threes": 1_200, "concealed_extra": 200}, 4)

    assert "1,200" in (rulebook.explain(rules, "Red threes") or "")
    assert "200 on top of going out" in (rulebook.explain(rules, "Went out concealed") or "")
    assert rulebook.explain(rules, "Mixed canastas")
