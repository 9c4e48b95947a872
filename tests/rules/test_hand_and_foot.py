"""Hand and Foot (RULINGS.md section 9): what it alone has. What it shares with the other canasta
games is checked beside them in test_canasta_family.py. Every number here is typed from the
RULINGS text, never read from the engine, so that a slip in the engine's numbers shows up."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules import GameSetup, RulesError, get_rule_set
from games.rules.gamefile import read_game_file, report

from .canasta_tallies import HAND_AND_FOOT_OUT as OUT
from .helpers import (
    ANN_CY,
    ANN_DI,
    BOB_DI,
    BOB_ED,
    CY_FLO,
    FOUR,
    PARTNERS,
    SIX,
    SIX_PARTNERS,
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
from .refusals import said

SLUG = "hand-and-foot"

#: RULINGS.md's worked deal: the side that went out, and its opponents.
WORKED_OUT = {
    "clean_books": 2,
    "dirty_books": 2,
    "wild_books": 1,
    "red_threes": 2,
    "meld_points": 1_180,
    "hand_points": 45,
    "went_out": True,
}
WORKED_OTHER = {"clean_books": 1, "red_threes_caught": 1, "meld_points": 420, "hand_points": 310}


@pytest.fixture
def game() -> GameSetup:
    return partnership(SLUG)


def alone(players: tuple[str, ...] = TWO, options: dict[str, Any] | None = None) -> GameSetup:
    return new_game(SLUG, players, None, options)


def six(options: dict[str, Any] | None = None) -> GameSetup:
    return new_game(SLUG, SIX, SIX_PARTNERS, options)


def zeros(game: GameSetup, deals: int) -> list:
    return [bare(game, *[0] * len(game.sides))] * deals


# -- the rule set as declared ------------------------------------------------------------------


def test_a_game_of_four_shuffles_five_packs(game):
    assert game.packs == 5


# -- seating -------------------------------------------------------------------------------------


def test_six_players_play_as_three_partnerships_of_two():
    setup = six()

    assert setup.side_names == [ANN_DI, BOB_ED, CY_FLO]
    assert all(len(side.players) == 2 for side in setup.sides)
    assert setup.packs == 7


# -- each scoring row ----------------------------------------------------------------------------


def test_the_worked_deal_scores_4535_and_510(game):
    scores = one_hand(game, WORKED_OUT, WORKED_OTHER)

    assert scores == {
        ANN_CY: 1_000 + 600 + 1_500 + 200 + 1_180 - 45 + 100,
        BOB_DI: 500 - 100 + 420 - 310,
    }
    assert scores == {ANN_CY: 4_535, BOB_DI: 510}


def test_the_worked_deal_itemizes_every_row(game):
    result = score(game, {ANN_CY: WORKED_OUT, BOB_DI: WORKED_OTHER})
    breakdown = result.hands[0].breakdown

    assert {k: v for k, v in breakdown[ANN_CY].items() if v} == {
        "clean_books": 1_000,
        "dirty_books": 600,
        "wild_books": 1_500,
        "red_threes": 200,
        "meld_points": 1_180,
        "hand_points": -45,
        "went_out": 100,
    }
    assert {k: v for k, v in breakdown[BOB_DI].items() if v} == {
        "clean_books": 500,
        "red_threes_caught": -100,
        "meld_points": 420,
        "hand_points": -310,
    }


@pytest.mark.parametrize("deal", [1, 2, 3, 4])
def test_a_tally_scores_the_same_in_every_deal(game, deal):
    result = score(game, *zeros(game, deal - 1), hand({ANN_CY: WORKED_OUT, BOB_DI: WORKED_OTHER}))

    assert result.hands[-1].scores == {ANN_CY: 4_535, BOB_DI: 510}


def test_a_bare_total_may_stand_beside_an_itemized_tally(game):
    result = score(game, {ANN_CY: WORKED_OUT, BOB_DI: {"total": -250}})

    assert result.hands[0].scores == {ANN_CY: 4_535, BOB_DI: -250}


# -- checks ----------------------------------------------------------------------------------------


def test_a_side_that_went_out_without_a_wild_book_is_refused(game):
    error = refusal(game, {}, {**OUT, "wild_books": 0, "meld_points": 140})

    assert (error.side, error.field) == (BOB_DI, "went_out")


def test_a_side_that_went_out_with_exactly_the_books_needed_is_taken(game):
    assert one_hand(game, OUT, {})[ANN_CY] == 2 * 500 + 2 * 300 + 1_500 + 280 + 100


@pytest.mark.parametrize(
    "tally",
    [
        {"clean_books": 1, "meld_points": 35},
        {"dirty_books": 1, "meld_points": 35},
        {"clean_books": 2, "dirty_books": 1, "meld_points": 105},
        {"wild_books": 1, "meld_points": 140},
        {"clean_books": 1, "wild_books": 1, "meld_points": 175},
    ],
    ids=["clean-35", "dirty-35", "three-books-105", "wild-140", "clean-and-wild-175"],
)
def test_meld_points_at_the_least_the_books_are_worth_are_taken(game, tally):
    assert one_hand(game, tally, {})[ANN_CY] > 0


@pytest.mark.parametrize(
    ("setup", "tallies", "side"),
    [
        ("four", ({"wild_books": 2, "meld_points": 280}, {"wild_books": 3, "meld_points": 420}), 1),
        ("four", ({"wild_books": 5, "meld_points": 700}, {}), 0),
        (
            "six",
            (
                {"wild_books": 3, "meld_points": 420},
                {"wild_books": 3, "meld_points": 420},
                {"wild_books": 1, "meld_points": 140},
            ),
            2,
        ),
        ("two", ({"wild_books": 1, "meld_points": 140}, {"wild_books": 2, "meld_points": 280}), 1),
        (
            "three",
            (
                {"wild_books": 1, "meld_points": 140},
                {"wild_books": 1, "meld_points": 140},
                {"wild_books": 2, "meld_points": 280},
            ),
            2,
        ),
    ],
    ids=[
        "four-players-5-of-4",
        "four-players-5-on-one-side",
        "six-7-of-6",
        "two-3-of-2",
        "three-4-of-3",
    ],
)
def test_wild_books_over_six_sevenths_of_the_packs_are_refused(setup, tallies, side):
    built = {"four": partnership(SLUG), "six": six(), "two": alone(TWO), "three": alone(THREE)}
    game = built[setup]

    error = refusal(game, *tallies)

    assert error.field == "wild_books"
    assert error.side == game.side_names[side]


@pytest.mark.parametrize(
    ("setup", "tallies"),
    [
        ("four", ({"wild_books": 2, "meld_points": 280}, {"wild_books": 2, "meld_points": 280})),
        (
            "six",
            (
                {"wild_books": 2, "meld_points": 280},
                {"wild_books": 2, "meld_points": 280},
                {"wild_books": 2, "meld_points": 280},
            ),
        ),
        ("two", ({"wild_books": 1, "meld_points": 140}, {"wild_books": 1, "meld_points": 140})),
        (
            "three",
            (
                {"wild_books": 1, "meld_points": 140},
                {"wild_books": 1, "meld_points": 140},
                {"wild_books": 1, "meld_points": 140},
            ),
        ),
    ],
    ids=["four-players-4", "six-6", "two-2", "three-3"],
)
def test_wild_books_up_to_six_sevenths_of_the_packs_are_taken(setup, tallies):
    built = {"four": partnership(SLUG), "six": six(), "two": alone(TWO), "three": alone(THREE)}

    scores = one_hand(built[setup], *tallies)

    assert len(scores) == len(tallies)


@pytest.mark.parametrize(
    ("setup", "tallies", "side"),
    [
        ("four", ({"red_threes": 6}, {"red_threes": 3, "red_threes_caught": 2}), 1),
        ("four", ({"red_threes": 5, "red_threes_caught": 6}, {}), 0),
        ("four", ({"red_threes": 11}, {}), 0),
        ("six", ({"red_threes": 5}, {"red_threes": 5}, {"red_threes_caught": 5}), 2),
        ("two", ({"red_threes": 4}, {"red_threes_caught": 3}), 1),
    ],
    ids=["four-11-of-10", "four-11-on-one-side", "four-11-laid", "six-15-of-14", "two-7-of-6"],
)
def test_red_threes_laid_and_caught_over_two_a_pack_are_refused(setup, tallies, side):
    built = {"four": partnership(SLUG), "six": six(), "two": alone(TWO)}
    game = built[setup]

    error = refusal(game, *tallies)

    assert error.side == game.side_names[side]
    assert error.field in ("red_threes", "red_threes_caught")


@pytest.mark.parametrize(
    ("setup", "tallies"),
    [
        ("four", ({"red_threes": 6}, {"red_threes": 2, "red_threes_caught": 2})),
        ("six", ({"red_threes": 5}, {"red_threes": 5}, {"red_threes_caught": 4})),
        ("two", ({"red_threes": 3}, {"red_threes_caught": 3})),
    ],
    ids=["four-10", "six-14", "two-6"],
)
def test_red_threes_laid_and_caught_up_to_two_a_pack_are_taken(setup, tallies):
    built = {"four": partnership(SLUG), "six": six(), "two": alone(TWO)}

    assert len(one_hand(built[setup], *tallies)) == len(tallies)


def test_books_that_need_more_than_the_270_cards_of_five_packs_are_refused(game):
    error = refusal(
        game, {"clean_books": 20, "meld_points": 700}, {"dirty_books": 19, "meld_points": 665}
    )

    assert error.side == BOB_DI
    assert error.field == "dirty_books"
    assert "270" in said(error)


def test_books_that_fit_in_the_270_cards_of_five_packs_are_taken(game):
    scores = one_hand(
        game, {"clean_books": 20, "meld_points": 700}, {"dirty_books": 18, "meld_points": 630}
    )

    assert scores == {ANN_CY: 20 * 500 + 700, BOB_DI: 18 * 300 + 630}


def test_a_player_alone_who_went_out_needs_the_books_too():
    setup = alone(THREE)

    error = refusal(setup, {}, {"went_out": True, "clean_books": 2, "meld_points": 70}, {})

    assert (error.side, error.field) == ("Bob", "went_out")


# -- opening minimum: by the deal's number -------------------------------------------------------


@pytest.mark.parametrize(
    ("deals_played", "minimum"), [(0, 50), (1, 90), (2, 120), (3, 150)], ids=lambda v: str(v)
)
def test_the_opening_minimum_goes_by_the_deal_not_the_score(game, deals_played, minimum):
    result = score(game, *[bare(game, -700, 4_000)] * deals_played)

    assert result.opening_minimums() == {ANN_CY: minimum, BOB_DI: minimum}


@pytest.mark.parametrize("totals", [(-2_000, 0), (0, 0), (1_500, 3_000), (7_000, 12_000)])
def test_in_deal_two_every_side_needs_90_whatever_its_total(game, totals):
    result = score(game, bare(game, *totals))

    assert result.opening_minimums() == {ANN_CY: 90, BOB_DI: 90}


def test_with_five_deals_the_fifth_deal_opens_at_180():
    setup = partnership(SLUG, {"deals": 5})

    result = score(setup, *zeros(setup, 4))

    assert result.opening_minimums() == {ANN_CY: 180, BOB_DI: 180}


@pytest.mark.parametrize(
    ("options", "deals_played", "minimum"),
    [
        ({"opening_deal_1": 60}, 0, 60),
        ({"opening_deal_2": 120}, 1, 120),
        ({"opening_deal_3": 150}, 2, 150),
        ({"opening_deal_4": 180}, 3, 180),
        ({"deals": 5, "opening_deal_5": 200}, 4, 200),
    ],
    ids=["deal-1-60", "deal-2-120", "deal-3-150", "deal-4-180", "deal-5-200"],
)
def test_each_opening_house_rule_changes_its_deal(options, deals_played, minimum):
    setup = partnership(SLUG, options)

    result = score(setup, *zeros(setup, deals_played))

    assert result.opening_minimums() == {ANN_CY: minimum, BOB_DI: minimum}


@pytest.mark.parametrize(
    ("deals_played", "minimum"), [(0, 50), (1, 90), (2, 150), (3, 150)], ids=lambda v: str(v)
)
def test_an_opening_house_rule_leaves_the_other_deals_alone(deals_played, minimum):
    setup = partnership(SLUG, {"opening_deal_3": 150})

    result = score(setup, *zeros(setup, deals_played))

    assert result.opening_minimums() == {ANN_CY: minimum, BOB_DI: minimum}


def test_six_players_open_by_the_deal_too():
    setup = six()

    result = score(setup, bare(setup, -100, 500, 5_000))

    assert result.opening_minimums() == {ANN_DI: 90, BOB_ED: 90, CY_FLO: 90}


# -- the end of the game -------------------------------------------------------------------------


def test_the_game_goes_on_after_three_deals_whatever_the_totals(game):
    result = score(game, *[bare(game, 20_000, 100)] * 3)

    assert not result.finished
    assert result.winners == []


def test_the_game_ends_after_four_deals_and_the_highest_total_wins(game):
    result = score(
        game,
        bare(game, 4_535, 510),
        bare(game, 1_200, 2_000),
        bare(game, -300, 1_000),
        bare(game, 800, 2_500),
    )

    assert result.finished
    assert result.totals == {ANN_CY: 4_535 + 1_200 - 300 + 800, BOB_DI: 510 + 2_000 + 1_000 + 2_500}
    assert result.totals == {ANN_CY: 6_235, BOB_DI: 6_010}
    assert result.winners == [ANN_CY]


def test_with_five_deals_the_game_goes_on_after_the_fourth_and_ends_after_the_fifth():
    setup = partnership(SLUG, {"deals": 5})

    assert not score(setup, *zeros(setup, 4)).finished
    ended = score(setup, *zeros(setup, 4), bare(setup, 300, 200))
    assert ended.finished
    assert ended.winners == [ANN_CY]


def test_with_five_deals_a_sixth_deal_is_refused():
    setup = partnership(SLUG, {"deals": 5})

    with pytest.raises(RulesError) as caught:
        score(setup, *zeros(setup, 6))

    assert caught.value.hand == 6


# -- house rules ---------------------------------------------------------------------------------


def test_a_wild_book_to_go_out_is_a_yes_or_no_that_defaults_to_yes():
    rule = get_rule_set(SLUG).house_rule("wild_book_to_go_out")

    assert rule is not None
    assert rule.default is True


def test_the_worked_deal_with_every_points_house_rule_changed():
    setup = partnership(
        SLUG,
        {
            "clean_book": 300,
            "dirty_book": 100,
            "wild_book": 1_000,
            "red_three": 50,
            "red_three_caught": 500,
            "going_out": 200,
        },
    )

    scores = one_hand(setup, WORKED_OUT, WORKED_OTHER)

    assert scores == {
        ANN_CY: 2 * 300 + 2 * 100 + 1_000 + 2 * 50 + 1_180 - 45 + 200,
        BOB_DI: 300 - 500 + 420 - 310,
    }


def test_without_wild_books_the_tally_does_not_ask_for_them():
    setup = partnership(SLUG, {"wild_book": 0})

    assert "wild_books" not in [f.name for f in setup.tally_fields]


def test_without_wild_books_a_tally_naming_them_is_refused():
    setup = partnership(SLUG, {"wild_book": 0})

    error = refusal(setup, {"wild_books": 1, "meld_points": 140}, {})

    assert (error.side, error.field) == (ANN_CY, "wild_books")


@pytest.mark.parametrize(
    "options",
    [{"wild_book": 0}, {"wild_book": 0, "wild_book_to_go_out": True}],
    ids=["no-wild-books", "no-wild-books-even-if-asked"],
)
def test_without_wild_books_going_out_needs_no_wild_book(options):
    setup = partnership(SLUG, options)
    tally = {"went_out": True, "clean_books": 2, "dirty_books": 2, "meld_points": 140}

    scores = one_hand(setup, tally, {})

    assert scores[ANN_CY] == 2 * 500 + 2 * 300 + 140 + 100


@pytest.mark.parametrize(
    ("options", "tally"),
    [
        ({"clean_books_to_go_out": 1}, {**OUT, "clean_books": 1, "meld_points": 245}),
        ({"dirty_books_to_go_out": 1}, {**OUT, "dirty_books": 1, "meld_points": 245}),
        ({"wild_book_to_go_out": False}, {**OUT, "wild_books": 0, "meld_points": 140}),
        ({"clean_books_to_go_out": 3}, {**OUT, "clean_books": 3, "meld_points": 315}),
        ({"dirty_books_to_go_out": 3}, {**OUT, "dirty_books": 3, "meld_points": 315}),
    ],
    ids=["one-clean", "one-dirty", "no-wild", "three-clean", "three-dirty"],
)
def test_going_out_with_the_books_the_house_rules_need_is_taken(options, tally):
    setup = partnership(SLUG, options)

    assert one_hand(setup, tally, {})[ANN_CY] > 0


@pytest.mark.parametrize(
    ("options", "tally"),
    [
        ({"clean_books_to_go_out": 3}, OUT),
        ({"dirty_books_to_go_out": 3}, OUT),
        ({"clean_books_to_go_out": 1}, {**OUT, "clean_books": 0, "meld_points": 210}),
        ({"dirty_books_to_go_out": 1}, {**OUT, "dirty_books": 0, "meld_points": 210}),
        ({"wild_book_to_go_out": False}, {**OUT, "clean_books": 1, "wild_books": 0}),
    ],
    ids=["three-clean", "three-dirty", "one-clean", "one-dirty", "no-wild-still-two-clean"],
)
def test_going_out_short_of_the_books_the_house_rules_need_is_refused(options, tally):
    setup = partnership(SLUG, options)

    error = refusal(setup, tally, {})

    assert (error.side, error.field) == (ANN_CY, "went_out")


# -- game files --------------------------------------------------------------------------------


def test_a_game_file_scores_and_reports_the_next_deals_minimum():
    text = json.dumps(
        {
            "rules": SLUG,
            "players": list(FOUR),
            "sides": [{"name": name, "players": list(p)} for name, p in PARTNERS.items()],
            "hands": [
                {"dealer": "Ann", "tallies": {ANN_CY: WORKED_OUT, BOB_DI: WORKED_OTHER}},
                {"dealer": "Bob", "tallies": {ANN_CY: {"total": -300}, BOB_DI: {"total": 900}}},
            ],
        }
    )

    setup, hands = read_game_file(text)
    result = report(setup.score(hands))

    assert result["hands"][0]["scores"] == {ANN_CY: 4_535, BOB_DI: 510}
    assert result["totals"] == {ANN_CY: 4_535 - 300, BOB_DI: 510 + 900}
    assert result["opening_minimums"] == {ANN_CY: 120, BOB_DI: 120}
    assert result["options"]["deals"] == 4
    assert result["finished"] is False
    assert result["winners"] == []


def test_a_game_file_of_five_deals_reports_180_for_the_fifth():
    deal = {"tallies": {"Ann": {"total": 500}, "Bob": {"total": 200}}}
    text = json.dumps(
        {"rules": SLUG, "options": {"deals": 5}, "players": list(TWO), "hands": [deal] * 4}
    )

    setup, hands = read_game_file(text)
    result = report(setup.score(hands))

    assert result["opening_minimums"] == {"Ann": 180, "Bob": 180}
    assert result["totals"] == {"Ann": 2_000, "Bob": 800}
    assert result["finished"] is False


def test_a_game_file_of_four_deals_is_finished_with_its_winner():
    deal = {"tallies": {"Ann": {"total": 100}, "Bob": {"total": 250}}}
    text = json.dumps({"rules": SLUG, "players": list(TWO), "hands": [deal] * 4})

    setup, hands = read_game_file(text)
    result = report(setup.score(hands))

    assert result["finished"] is True
    assert result["winners"] == ["Bob"]
