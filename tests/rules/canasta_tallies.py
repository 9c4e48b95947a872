"""Tallies typed from RULINGS.md that both a canasta game's own tests and the tests of the games
side by side (test_canasta_family.py) play."""

from __future__ import annotations

#: Canasta: going out with one canasta, all that three or four players need.
CANASTA_OUT: dict[str, int | bool] = {"went_out": True, "natural_canastas": 1, "meld_points": 100}

#: Samba: going out with the two canastas it needs, worth at least 35 card points each.
SAMBA_OUT: dict[str, int | bool] = {"went_out": True, "natural_canastas": 2, "meld_points": 70}

#: Samba, RULINGS.md's worked hand: 1,500 + 500 + 200 + 560 − 30 + 200 = 2,930.
SAMBA_WORKED: dict[str, int | bool] = {
    "sambas": 1,
    "natural_canastas": 1,
    "red_threes": 2,
    "meld_points": 560,
    "hand_points": 30,
    "went_out": True,
}

#: Bolivia: going out with what it needs: two canastas, one of them an escalera (35 card points
#: each).
BOLIVIA_OUT: dict[str, int | bool] = {
    "went_out": True,
    "escaleras": 1,
    "natural_canastas": 1,
    "meld_points": 70,
}

#: Bolivia, RULINGS.md's worked hand: 1,500 + 300 + 300 − 100 + 480 − 25 = 2,455.
BOLIVIA_WORKED: dict[str, int | bool] = {
    "escaleras": 1,
    "mixed_canastas": 1,
    "red_threes": 3,
    "black_threes_in_hand": 1,
    "meld_points": 480,
    "hand_points": 25,
}

#: Pennies From Heaven's three-hand family game: going out with the books it needs, a book of
#: sevens and a wild card book: 1,500 + 1,500 + 100.
PFH_FAMILY_OUT: dict[str, int | bool] = {"went_out": True, "seven_books": 1, "wild_books": 1}

#: Hand and Foot: what going out needs by default: two clean books, two dirty books and one wild
#: book, with the least card points those books can be worth (35 a clean or dirty book, 140 a
#: wild book).
HAND_AND_FOOT_OUT: dict[str, int | bool] = {
    "went_out": True,
    "clean_books": 2,
    "dirty_books": 2,
    "wild_books": 1,
    "meld_points": 280,
}
