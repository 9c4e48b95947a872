"""Pennies From Heaven, partnership game to 25,000 (RULINGS.md section 1): what it alone has. What
it shares with the other canasta games is checked beside them in test_canasta_family.py."""

from __future__ import annotations

import pytest

from games.rules import RulesError

from .helpers import (
    ANN_CY,
    BOB_DI,
    SIX,
    SIX_PARTNERS,
    bare,
    hand,
    new_game,
    partnership,
    score,
    score_one,
)
from .refusals import refuses, said

SLUG = "pfh-partnership"


@pytest.fixture
def game():
    return partnership(SLUG)


# -- the all_red_threes_1000 house option ------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "red_threes", "expected"),
    [
        ({}, 8, 8 * 100),
        ({"all_red_threes_1000": False}, 8, 8 * 100),
        ({"all_red_threes_1000": True}, 8, 1_000),
        ({"all_red_threes_1000": True}, 7, 7 * 100),
    ],
    ids=["default-800", "off-800", "on-all-eight-1000", "on-seven-700"],
)
def test_all_eight_red_threes_score_1000_only_with_the_house_option(options, red_threes, expected):
    game = partnership(SLUG, options)

    result = score_one(game, {ANN_CY: {"red_threes": red_threes}, BOB_DI: {}})

    assert result.hands[0].scores[ANN_CY] == expected


def test_the_all_red_threes_option_is_refused_with_six_players():
    with refuses("four players"):
        new_game(SLUG, SIX, SIX_PARTNERS, {"all_red_threes_1000": True})


def test_the_all_red_threes_option_turned_off_is_fine_with_six_players():
    game = new_game(SLUG, SIX, SIX_PARTNERS, {"all_red_threes_1000": False})

    assert len(game.sides) == 3
    assert game.packs == 6


# -- end of the game ---------------------------------------------------------------------------


def test_six_players_play_in_three_sides():
    game = new_game(SLUG, SIX, SIX_PARTNERS)

    result = score(game, bare(game, 100, 200, -300))

    assert result.totals == {"Ann & Di": 100, "Bob & Ed": 200, "Cy & Flo": -300}


# -- checks ------------------------------------------------------------------------------------

GOES_OUT = {"went_out": True, "natural_canastas": 1, "wild_canastas": 1}


def refused(game, tallies, dealer=None, *hands_before):
    with pytest.raises(RulesError) as caught:
        score(game, *hands_before, hand(tallies, dealer))
    return caught.value


def test_only_one_side_can_go_out(game):
    error = refused(game, {ANN_CY: GOES_OUT, BOB_DI: GOES_OUT})

    assert (error.hand, error.side, error.field) == (1, BOB_DI, "went_out")
    assert said(error).startswith(f"Hand 1, {BOB_DI}: ")
    assert "only one side can go out" in said(error)


def test_only_the_dealing_side_can_score_perfect_deals(game):
    error = refused(game, {ANN_CY: {"perfect_deals": 1}, BOB_DI: {}}, "Bob", bare(game, 0, 0))

    assert (error.hand, error.side, error.field) == (2, ANN_CY, "perfect_deals")
    assert said(error).startswith(f"Hand 2, {ANN_CY}: ")
    assert BOB_DI in said(error)


@pytest.mark.parametrize(
    "dealer", ["Ann", "Cy", None], ids=["dealer-ann", "dealer-cy", "no-dealer"]
)
def test_perfect_deals_count_for_the_dealing_side_or_when_no_dealer_is_named(game, dealer):
    result = score_one(game, {ANN_CY: {"perfect_deals": 2}, BOB_DI: {}}, dealer)

    assert result.hands[0].scores[ANN_CY] == 2 * 50


def test_perfect_deals_are_at_most_two(game):
    error = refused(game, {ANN_CY: {"perfect_deals": 3}, BOB_DI: {}})

    assert (error.hand, error.side, error.field) == (1, ANN_CY, "perfect_deals")


@pytest.mark.parametrize(
    ("tally", "missing"),
    [
        ({"went_out": True, "wild_canastas": 1}, "natural or unnatural"),
        ({"went_out": True, "natural_canastas": 2}, "wild card, ace or seven"),
        ({"went_out": True, "unnatural_canastas": 3, "red_threes": 2}, "wild card, ace or seven"),
        ({"went_out": True}, "natural or unnatural"),
    ],
    ids=["no-natural-or-unnatural", "no-special", "no-special-unnatural", "no-canasta"],
)
def test_a_side_that_goes_out_needs_a_plain_and_a_special_canasta(game, tally, missing):
    error = refused(game, {ANN_CY: {}, BOB_DI: tally})

    assert (error.hand, error.side, error.field) == (1, BOB_DI, "went_out")
    assert missing in said(error)


@pytest.mark.parametrize(
    "tally",
    [
        {"natural_canastas": 1, "wild_canastas": 1},
        {"unnatural_canastas": 1, "ace_canastas": 1},
        {"unnatural_canastas": 1, "seven_canastas": 1},
    ],
    ids=["natural-wild", "unnatural-ace", "unnatural-seven"],
)
def test_a_side_with_a_plain_and_a_special_canasta_can_go_out(game, tally):
    result = score_one(game, {ANN_CY: {"went_out": True, **tally}, BOB_DI: {}})

    assert result.hands[0].breakdown[ANN_CY]["went_out"] == 200


@pytest.mark.parametrize(
    ("a", "b", "field"),
    [
        ({"red_threes": 5}, {"pennies_red_threes": 4}, "pennies_red_threes"),
        ({"red_threes": 4, "pennies_red_threes": 1}, {"red_threes": 4}, "red_threes"),
        ({"black_threes": 4}, {"black_threes": 5}, "black_threes"),
        ({"wild_canastas": 2}, {"wild_canastas": 2}, "wild_canastas"),  # 4 packs: 24 // 7 = 3
        ({"ace_canastas": 1}, {"ace_canastas": 2}, "ace_canastas"),  # 16 // 7 = 2
        ({"seven_canastas": 2}, {"seven_canastas": 1}, "seven_canastas"),  # 16 // 7 = 2
    ],
    ids=["red-9", "red-9-both-fields", "black-9", "wild-4", "aces-3", "sevens-3"],
)
def test_the_sides_together_cannot_hold_more_than_four_packs_have(game, a, b, field):
    error = refused(game, {ANN_CY: a, BOB_DI: b})

    assert (error.hand, error.side, error.field) == (1, BOB_DI, field)
    assert "4 packs" in said(error)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ({"red_threes": 5}, {"red_threes": 1, "pennies_red_threes": 2}),
        ({"black_threes": 4}, {"black_threes": 4}),
        ({"wild_canastas": 2}, {"wild_canastas": 1}),
        ({"ace_canastas": 1}, {"ace_canastas": 1}),
        ({"seven_canastas": 2}, {}),
    ],
    ids=["red-8", "black-8", "wild-3", "aces-2", "sevens-2"],
)
def test_the_sides_together_can_hold_exactly_what_four_packs_have(game, a, b):
    result = score_one(game, {ANN_CY: a, BOB_DI: b})

    assert len(result.hands) == 1


@pytest.mark.parametrize(
    ("field", "allowed"),
    [
        ("red_threes", 2 * 6),
        ("black_threes", 2 * 6),
        ("wild_canastas", 6 * 6 // 7),  # 5
        ("ace_canastas", 4 * 6 // 7),  # 3
        ("seven_canastas", 4 * 6 // 7),  # 3
    ],
    ids=lambda v: str(v),
)
def test_six_players_play_with_six_packs(field, allowed):
    game = new_game(SLUG, SIX, SIX_PARTNERS)
    names = game.side_names

    result = score_one(game, {names[0]: {field: allowed - 1}, names[1]: {field: 1}, names[2]: {}})
    assert len(result.hands) == 1

    with pytest.raises(RulesError) as caught:
        score_one(game, {names[0]: {field: allowed - 1}, names[1]: {}, names[2]: {field: 2}})
    assert (caught.value.side, caught.value.field) == (names[2], field)
    assert "6 packs" in said(caught.value)
