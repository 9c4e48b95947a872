"""Pennies From Heaven, the three-hand family game (RULINGS.md section 2): what it alone has. What
it shares with the other canasta games is checked beside them in test_canasta_family.py."""

from __future__ import annotations

import pytest

from games.rules import PenniesFromHeavenThreeHands, RulesError

from .canasta_tallies import PFH_FAMILY_OUT as OUT
from .helpers import ANN_CY, BOB_DI, bare, hand, new_game, partnership, score, score_one
from .refusals import said

SLUG = "pfh-three-hands"
RULES = PenniesFromHeavenThreeHands()
ANN, BOB = "Ann", "Bob"


@pytest.fixture
def game():
    return new_game(SLUG, (ANN, BOB))


@pytest.mark.parametrize(
    ("players", "packs"),
    [(2, 4), (3, 6), (4, 6), (5, 8), (6, 8)],
    ids=lambda v: str(v),
)
def test_the_packs_are_two_plus_two_for_every_two_players(players, packs):
    assert RULES.packs(players) == packs


def test_players_can_play_on_their_own_or_in_equal_teams():
    alone = new_game(SLUG, ("Ann", "Bob", "Cy"))
    teams = partnership(SLUG)

    assert alone.side_names == ["Ann", "Bob", "Cy"]
    assert teams.side_names == [ANN_CY, BOB_DI]


# -- red threes: hand 1 only, doubled at four or more -----------------------------------------


@pytest.mark.parametrize(
    ("red_threes", "expected"),
    [(0, 0), (1, 100), (3, 3 * 100), (4, 4 * 200), (5, 5 * 200), (8, 8 * 200)],
    ids=lambda v: str(v),
)
def test_red_threes_in_hand_one_score_100_each_or_200_each_from_four(game, red_threes, expected):
    result = score_one(game, {ANN: {"red_threes": red_threes}, BOB: {}})

    assert result.hands[0].scores[ANN] == expected


@pytest.mark.parametrize("hand_number", [2, 3])
@pytest.mark.parametrize("red_threes", [1, 4], ids=["one", "four"])
def test_red_threes_score_nothing_in_hands_two_and_three(game, hand_number, red_threes):
    before = [bare(game, 0, 0)] * (hand_number - 1)

    result = score(game, *before, hand({ANN: {"red_threes": red_threes}, BOB: {}}))

    assert result.hands[-1].scores[ANN] == 0


@pytest.mark.parametrize(("hand_number", "asked"), [(1, True), (2, False), (3, False)])
def test_the_form_asks_for_red_threes_only_in_hand_one(game, hand_number, asked):
    names = [f.name for f in game.fields(hand_number)]

    assert ("red_threes" in names) is asked
    assert "black_threes" in names


# -- the 15-card piles ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bob", "expected"),
    [
        ({"on_board": False, "hand_points": 60, "pile_points": 85}, -60 - 85),
        ({"on_board": True, "hand_points": 60, "pile_points": 85}, -60),
        ({"hand_points": 60, "pile_points": 85}, -60),  # on_board defaults to yes
    ],
    ids=["off-board-caught", "on-board", "default-on-board"],
)
def test_pile_points_count_only_against_a_side_off_the_board_when_another_went_out(
    game, bob, expected
):
    result = score_one(game, {ANN: OUT, BOB: bob})

    assert result.hands[0].scores[BOB] == expected


def test_pile_points_do_not_count_when_nobody_went_out(game):
    result = score_one(game, {ANN: {}, BOB: {"on_board": False, "pile_points": 85}})

    assert result.hands[0].scores[BOB] == 0


# -- opening minimum ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "hand_number", "minimum"),
    [
        (0, 1, 50),
        (0, 2, 90),
        (0, 3, 120),
        (5_000, 2, 90),
        (-5, 2, 15),
        (-5, 3, 15),
        (-2_000, 1, 15),
    ],
    ids=lambda v: str(v),
)
def test_the_opening_minimum_goes_by_hand_but_below_zero_is_15(total, hand_number, minimum):
    assert RULES.opening.minimum(total, hand_number) == minimum


def test_the_next_hands_minimums_follow_each_sides_total(game):
    result = score(game, bare(game, 500, -40))
    assert result.opening_minimums() == {ANN: 90, BOB: 15}

    result = score(game, bare(game, 500, -40), bare(game, -600, 40))
    assert result.opening_minimums() == {ANN: 15, BOB: 120}

    assert score(game).opening_minimums() == {ANN: 50, BOB: 50}


# -- exactly three hands -----------------------------------------------------------------------


def test_the_game_is_not_over_after_two_hands(game):
    result = score(game, bare(game, 100, 200), bare(game, 100, 200))

    assert not result.finished
    assert result.winners == []


def test_after_exactly_three_hands_the_highest_total_wins(game):
    result = score(game, bare(game, 100, 200), bare(game, 300, 50), bare(game, -20, 100))

    assert result.totals == {ANN: 100 + 300 - 20, BOB: 200 + 50 + 100}
    assert result.finished
    assert result.winners == [ANN]
    assert result.opening_minimums() == {}


# -- checks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ann", "bob", "field", "fragment"),
    [
        (OUT, OUT, "went_out", "only one side can go out"),
        ({}, {**OUT, "on_board": False}, "on_board", "got on the board"),
        ({}, {"went_out": True, "wild_books": 1, "red_books": 3}, "went_out", "sevens"),
        ({}, {"went_out": True, "seven_books": 2}, "went_out", "wild card book"),
    ],
    ids=["two-went-out", "out-but-off-board", "no-seven-book", "no-wild-book"],
)
def test_checks_refuse_impossible_hands(game, ann, bob, field, fragment):
    with pytest.raises(RulesError) as caught:
        score(game, bare(game, 0, 0), bare(game, 0, 0), hand({ANN: ann, BOB: bob}))

    error = caught.value
    assert (error.hand, error.side, error.field) == (3, BOB, field)
    assert said(error).startswith(f"Hand 3, {BOB}: ")
    assert fragment in said(error)
