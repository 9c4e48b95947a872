"""The checks the canasta games make of a hand, side by side: a check that several of them make,
each in its own numbers, is tried once, by a test over a table keyed by rule set (see
test_canasta_family.py). Every number here is typed from the RULINGS text, never read from the
engine, so that a slip in the engine's numbers shows up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from .canasta_tallies import BOLIVIA_OUT, CANASTA_OUT, SAMBA_OUT
from .canasta_tallies import HAND_AND_FOOT_OUT as HF_OUT
from .helpers import (
    ANN_CY,
    BOB_DI,
    FOUR,
    THREE,
    TWO,
    Table,
    hand,
    keyed,
    one_hand,
    partnership,
    refusal,
    score,
    seated,
)
from .refusals import hand_word, problem, refuses, said


def samba_refusals(out: Mapping[str, int | bool]) -> dict[str, tuple[Any, ...]]:
    """What Samba and Bolivia refuse alike, `out` being a side going out with what it needs."""
    return {
        "two-went-out": (FOUR, (out, out), BOB_DI, "went_out", None),
        "out-without-canasta": (
            FOUR,
            ({"went_out": True, "meld_points": 200}, {}),
            ANN_CY,
            "went_out",
            None,
        ),
        "seven-red-threes-between-partnerships": (
            FOUR,
            ({"red_threes": 4}, {"red_threes": 3}),
            BOB_DI,
            "red_threes",
            None,
        ),
        "seven-red-threes-between-three-players": (
            THREE,
            ({"red_threes": 2}, {"red_threes": 2}, {"red_threes": 3}),
            "Cy",
            "red_threes",
            None,
        ),
        "seven-red-threes-on-one-side": (FOUR, ({"red_threes": 7}, {}), ANN_CY, "red_threes", None),
        "canasta-under-35": (
            FOUR,
            ({"natural_canastas": 1, "meld_points": 30}, {}),
            ANN_CY,
            "meld_points",
            None,
        ),
        "going-out-canastas-under-70": (
            FOUR,
            ({**out, "meld_points": 65}, {}),
            ANN_CY,
            "meld_points",
            None,
        ),
    }


REFUSED_TALLIES: Table = {
    "canasta": {
        "two-went-out": (
            FOUR,
            (CANASTA_OUT, CANASTA_OUT),
            BOB_DI,
            "went_out",
            "only one side can go out",
        ),
        "concealed-without-going-out": (
            FOUR,
            ({}, {"concealed": True, "natural_canastas": 1, "meld_points": 100}),
            BOB_DI,
            "concealed",
            "did not go out",
        ),
        "alone-out-with-cards-in-hand": (
            TWO,
            ({"went_out": True, "natural_canastas": 2, "meld_points": 200, "hand_points": 10}, {}),
            "Ann",
            "hand_points",
            "no cards left",
        ),
        "alone-of-three-out-with-cards-in-hand": (
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
        "out-without-canasta": (
            FOUR,
            ({"went_out": True, "meld_points": 100}, {}),
            ANN_CY,
            "went_out",
            "at least one canasta",
        ),
        "two-players-out-with-one-canasta": (
            TWO,
            ({}, CANASTA_OUT),
            "Bob",
            "went_out",
            "at least two canastas",
        ),
        "three-players-out-without-canasta": (
            THREE,
            ({"went_out": True, "meld_points": 60}, {}, {}),
            "Ann",
            "went_out",
            "at least one canasta",
        ),
        "five-red-threes-between-partnerships": (
            FOUR,
            ({"red_threes": 3, "meld_points": 50}, {"red_threes": 2, "meld_points": 50}),
            BOB_DI,
            "red_threes",
            "only four red threes",
        ),
        "five-red-threes-between-three-players": (
            THREE,
            ({"red_threes": 2}, {"red_threes": 1}, {"red_threes": 2}),
            "Cy",
            "red_threes",
            "only four red threes",
        ),
        "five-red-threes-on-one-side": (
            FOUR,
            ({"red_threes": 5}, {}),
            ANN_CY,
            "red_threes",
            "at most 4",
        ),
        "canasta-under-35": (
            FOUR,
            ({"natural_canastas": 1, "meld_points": 30}, {}),
            ANN_CY,
            "meld_points",
            "35",
        ),
        "two-canastas-under-70": (
            FOUR,
            ({}, {"natural_canastas": 1, "mixed_canastas": 1, "meld_points": 65}),
            BOB_DI,
            "meld_points",
            "70",
        ),
        "sixteen-canastas": (
            FOUR,
            ({"natural_canastas": 16, "meld_points": 5_000}, {}),
            ANN_CY,
            "natural_canastas",
            "only 108 cards",
        ),
        "sixteen-canastas-between-sides": (
            FOUR,
            (
                {"natural_canastas": 8, "meld_points": 2_000},
                {"mixed_canastas": 8, "meld_points": 2_000},
            ),
            BOB_DI,
            "mixed_canastas",
            "only 108 cards",
        ),
        "five-hundred-canastas": (
            FOUR,
            ({"natural_canastas": 500, "meld_points": 500_000}, {}),
            ANN_CY,
            "natural_canastas",
            "only 108 cards",
        ),
    },
    "samba": {
        **samba_refusals(SAMBA_OUT),
        "out-with-one-samba": (
            FOUR,
            ({"went_out": True, "sambas": 1, "meld_points": 35}, {}),
            ANN_CY,
            "went_out",
            None,
        ),
        "out-with-one-canasta": (
            FOUR,
            ({}, {"went_out": True, "natural_canastas": 1, "meld_points": 35}),
            BOB_DI,
            "went_out",
            None,
        ),
        "two-players-out-with-one-canasta": (
            TWO,
            ({"went_out": True, "mixed_canastas": 1, "meld_points": 35}, {}),
            "Ann",
            "went_out",
            None,
        ),
        "three-players-out-with-one-samba": (
            THREE,
            ({}, {}, {"went_out": True, "sambas": 1, "meld_points": 35}),
            "Cy",
            "went_out",
            None,
        ),
        "samba-under-35": (
            FOUR,
            ({"sambas": 1, "meld_points": 30}, {}),
            ANN_CY,
            "meld_points",
            None,
        ),
        "samba-and-canasta-under-70": (
            FOUR,
            ({}, {"sambas": 1, "mixed_canastas": 1, "meld_points": 65}),
            BOB_DI,
            "meld_points",
            None,
        ),
    },
    "bolivia": {
        **samba_refusals(BOLIVIA_OUT),
        "out-with-two-canastas-no-escalera": (
            FOUR,
            ({"went_out": True, "natural_canastas": 2, "meld_points": 70}, {}),
            ANN_CY,
            "went_out",
            None,
        ),
        "out-with-bolivia-and-canasta-no-escalera": (
            FOUR,
            ({"went_out": True, "bolivias": 1, "mixed_canastas": 1, "meld_points": 175}, {}),
            ANN_CY,
            "went_out",
            None,
        ),
        "out-with-two-bolivias-no-escalera": (
            FOUR,
            ({}, {"went_out": True, "bolivias": 2, "meld_points": 280}),
            BOB_DI,
            "went_out",
            None,
        ),
        "out-with-an-escalera-alone": (
            FOUR,
            ({"went_out": True, "escaleras": 1, "meld_points": 35}, {}),
            ANN_CY,
            "went_out",
            None,
        ),
        "two-players-out-without-escalera": (
            TWO,
            ({"went_out": True, "natural_canastas": 1, "mixed_canastas": 1, "meld_points": 70}, {}),
            "Ann",
            "went_out",
            None,
        ),
        "three-players-out-with-an-escalera-alone": (
            THREE,
            ({}, {}, {"went_out": True, "escaleras": 1, "meld_points": 35}),
            "Cy",
            "went_out",
            None,
        ),
        "three-bolivias-between-partnerships": (
            FOUR,
            ({"bolivias": 1, "meld_points": 140}, {"bolivias": 2, "meld_points": 280}),
            BOB_DI,
            "bolivias",
            None,
        ),
        "three-bolivias-between-three-players": (
            THREE,
            ({"bolivias": 1, "meld_points": 140},) * 3,
            "Cy",
            "bolivias",
            None,
        ),
        "three-bolivias-on-one-side": (
            FOUR,
            ({"bolivias": 3, "meld_points": 420}, {}),
            ANN_CY,
            "bolivias",
            None,
        ),
        "seven-black-threes-between-partnerships": (
            FOUR,
            ({"black_threes_in_hand": 4}, {"black_threes_in_hand": 3}),
            BOB_DI,
            "black_threes_in_hand",
            None,
        ),
        "seven-black-threes-between-three-players": (
            THREE,
            ({"black_threes_in_hand": 3}, {"black_threes_in_hand": 2}, {"black_threes_in_hand": 2}),
            "Cy",
            "black_threes_in_hand",
            None,
        ),
        "seven-black-threes-on-one-side": (
            FOUR,
            ({"black_threes_in_hand": 7}, {}),
            ANN_CY,
            "black_threes_in_hand",
            None,
        ),
        "escalera-under-35": (
            FOUR,
            ({"escaleras": 1, "meld_points": 30}, {}),
            ANN_CY,
            "meld_points",
            None,
        ),
        "escalera-and-canasta-under-70": (
            FOUR,
            ({}, {"escaleras": 1, "mixed_canastas": 1, "meld_points": 65}),
            BOB_DI,
            "meld_points",
            None,
        ),
    },
    "hand-and-foot": {
        "two-sides-went-out": (FOUR, (HF_OUT, HF_OUT), BOB_DI, "went_out", None),
        "out-with-one-clean-book": (
            FOUR,
            ({**HF_OUT, "clean_books": 1, "meld_points": 245}, {}),
            ANN_CY,
            "went_out",
            None,
        ),
        "out-with-one-dirty-book": (
            FOUR,
            ({**HF_OUT, "dirty_books": 1, "meld_points": 245}, {}),
            ANN_CY,
            "went_out",
            None,
        ),
        "out-without-a-wild-book": (
            FOUR,
            ({**HF_OUT, "wild_books": 0, "meld_points": 140}, {}),
            ANN_CY,
            "went_out",
            None,
        ),
        "out-without-any-book": (
            FOUR,
            ({"went_out": True, "meld_points": 300}, {}),
            ANN_CY,
            "went_out",
            None,
        ),
        "clean-book-under-35": (
            FOUR,
            ({"clean_books": 1, "meld_points": 30}, {}),
            ANN_CY,
            "meld_points",
            None,
        ),
        "dirty-book-under-35": (
            FOUR,
            ({"dirty_books": 1, "meld_points": 30}, {}),
            ANN_CY,
            "meld_points",
            None,
        ),
        "three-books-under-105": (
            FOUR,
            ({"clean_books": 2, "dirty_books": 1, "meld_points": 100}, {}),
            ANN_CY,
            "meld_points",
            None,
        ),
        "wild-book-under-140": (
            FOUR,
            ({"wild_books": 1, "meld_points": 135}, {}),
            ANN_CY,
            "meld_points",
            None,
        ),
        "clean-and-wild-under-175": (
            FOUR,
            ({"clean_books": 1, "wild_books": 1, "meld_points": 170}, {}),
            ANN_CY,
            "meld_points",
            None,
        ),
        "going-out-books-under-280": (
            FOUR,
            ({**HF_OUT, "meld_points": 275}, {}),
            ANN_CY,
            "meld_points",
            None,
        ),
    },
}


@pytest.mark.parametrize(
    ("slug", "players", "tallies", "side", "field", "fragment"), keyed(REFUSED_TALLIES)
)
def test_a_tally_that_breaks_a_check_is_refused_naming_hand_side_and_field(
    slug, players, tallies, side, field, fragment
):
    game = seated(slug, players)

    error = refusal(game, *tallies)

    assert error.hand == 1
    assert error.side == side
    assert error.field == field
    assert fragment is None or fragment in problem(error)
    assert said(error).startswith(f"{hand_word(game.rules.hand_word)} 1, {side}: ")


@pytest.mark.parametrize(
    ("slug", "tally", "fragment"),
    [
        ("samba", {"went_out": True, "natural_canastas": 1, "meld_points": 35}, "two canastas"),
        ("bolivia", {"went_out": True, "natural_canastas": 2, "meld_points": 70}, "escalera"),
    ],
)
def test_a_side_that_went_out_without_the_canastas_it_needs_is_refused(slug, tally, fragment):
    error = refusal(partnership(slug), tally, {})

    assert (error.side, error.field) == (ANN_CY, "went_out")
    assert fragment in problem(error)


#: The six red threes of Samba's and Bolivia's three packs, on one side or shared.
SIX_RED_THREES = {
    "all-six-red-threes-on-one-side": (FOUR, ({"red_threes": 6}, {})),
    "six-red-threes-between-sides": (FOUR, ({"red_threes": 3}, {"red_threes": 3})),
}


TAKEN_TALLIES: Table = {
    "canasta": {
        "partner-holds-cards-after-going-out": (
            FOUR,
            ({"went_out": True, "natural_canastas": 1, "meld_points": 35, "hand_points": 40}, {}),
        ),
        "two-players-out-with-two-canastas": (
            TWO,
            ({"went_out": True, "natural_canastas": 2, "meld_points": 70}, {"hand_points": 90}),
        ),
        "three-players-out-with-one-canasta": (
            THREE,
            ({"went_out": True, "mixed_canastas": 1, "meld_points": 60}, {}, {}),
        ),
        "all-four-red-threes-on-one-side": (FOUR, ({"red_threes": 4, "meld_points": 40}, {})),
        "four-red-threes-between-sides": (
            FOUR,
            ({"red_threes": 2, "meld_points": 40}, {"red_threes": 2}),
        ),
        "fifteen-canastas-fit-in-108-cards": (
            FOUR,
            (
                {"natural_canastas": 7, "meld_points": 2_000},
                {"mixed_canastas": 8, "meld_points": 2_000},
            ),
        ),
        "concealed-with-going-out": (
            FOUR,
            ({"went_out": True, "concealed": True, "natural_canastas": 1, "meld_points": 90}, {}),
        ),
    },
    "samba": {
        **SIX_RED_THREES,
        "out-with-two-canastas": (FOUR, (SAMBA_OUT, {})),
        "out-with-two-sambas": (FOUR, ({"went_out": True, "sambas": 2, "meld_points": 70}, {})),
        "out-with-samba-and-canasta": (
            FOUR,
            ({"went_out": True, "sambas": 1, "mixed_canastas": 1, "meld_points": 70}, {}),
        ),
        "two-players-out-with-samba-and-canasta": (
            TWO,
            ({"went_out": True, "sambas": 1, "natural_canastas": 1, "meld_points": 70}, {}),
        ),
        "six-red-threes-between-three": (THREE, ({"red_threes": 2},) * 3),
        "twenty-three-canastas-fit-in-162-cards": (
            FOUR,
            ({"natural_canastas": 12, "meld_points": 420}, {"sambas": 11, "meld_points": 385}),
        ),
    },
    "bolivia": {
        **SIX_RED_THREES,
        "out-with-escalera-and-canasta": (FOUR, (BOLIVIA_OUT, {})),
        "out-with-two-escaleras": (
            FOUR,
            ({"went_out": True, "escaleras": 2, "meld_points": 70}, {}),
        ),
        "out-with-escalera-and-bolivia": (
            FOUR,
            ({"went_out": True, "escaleras": 1, "bolivias": 1, "meld_points": 175}, {}),
        ),
        "out-with-escalera-and-mixed": (
            FOUR,
            ({"went_out": True, "escaleras": 1, "mixed_canastas": 1, "meld_points": 70}, {}),
        ),
        "two-players-out-with-escalera-and-canasta": (
            TWO,
            ({"went_out": True, "escaleras": 1, "natural_canastas": 1, "meld_points": 70}, {}),
        ),
        "two-bolivias-on-one-side": (FOUR, ({"bolivias": 2, "meld_points": 280}, {})),
        "two-bolivias-between-sides": (
            FOUR,
            ({"bolivias": 1, "meld_points": 140}, {"bolivias": 1, "meld_points": 140}),
        ),
        "six-black-threes-on-one-side": (FOUR, ({"black_threes_in_hand": 6}, {})),
        "six-black-threes-between-three": (THREE, ({"black_threes_in_hand": 2},) * 3),
        "twenty-three-canastas-fit-in-162-cards": (
            FOUR,
            ({"natural_canastas": 12, "meld_points": 420}, {"escaleras": 11, "meld_points": 385}),
        ),
    },
}


@pytest.mark.parametrize(("slug", "players", "tallies"), keyed(TAKEN_TALLIES))
def test_tallies_within_every_check_are_taken(slug, players, tallies):
    assert len(one_hand(seated(slug, players), *tallies)) == len(tallies)


@pytest.mark.parametrize("slug", ["samba", "bolivia"])
def test_canastas_that_need_more_than_162_cards_are_refused(slug):
    error = refusal(
        partnership(slug),
        {"natural_canastas": 12, "meld_points": 420},
        {"mixed_canastas": 12, "meld_points": 420},
    )

    assert error.side == BOB_DI
    assert error.field == "mixed_canastas"
    assert "162" in said(error)


@pytest.mark.parametrize(
    ("slug", "tally", "field"),
    [
        ("samba", {"sambas": 500, "meld_points": 17_500}, "sambas"),
        ("hand-and-foot", {"clean_books": 500, "meld_points": 17_500}, "clean_books"),
    ],
)
def test_five_hundred_canastas_are_refused(slug, tally, field):
    error = refusal(partnership(slug), tally, {})

    assert (error.side, error.field) == (ANN_CY, field)


@pytest.mark.parametrize(
    ("slug", "bad"),
    [
        ("canasta", {"went_out": True}),
        ("samba", {"went_out": True}),
        ("bolivia", {"went_out": True, "natural_canastas": 2, "meld_points": 70}),
        ("hand-and-foot", {"went_out": True}),
    ],
)
def test_a_refused_hand_changes_nothing_recorded(slug, bad):
    game = partnership(slug)
    so_far = score(game, hand({ANN_CY: {"meld_points": 120}, BOB_DI: {"hand_points": 20}}))

    with refuses(f"{hand_word(game.rules.hand_word)} 2, Ann & Cy"):
        game.score_next_hand(so_far, hand({ANN_CY: bad, BOB_DI: {}}))

    assert so_far.totals == {ANN_CY: 120, BOB_DI: -20}
