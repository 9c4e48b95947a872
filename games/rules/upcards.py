"""A hand's first upcard as a game file writes it (GAME-FILE.md: "7S", "10H"): a rank, then a
suit. A rule set that asks one (`RuleSet.uses_upcard`) looks at its rank and whether it is a
spade, so the hand form asks just that; a card that is not a spade keeps the suit it was named
with (a game file's "7D" stays "7D" through an edit), else it is written as a heart."""

from __future__ import annotations

import re

#: The ranks in order, as a game file writes them.
RANKS = ("A", *(str(number) for number in range(2, 11)), "J", "Q", "K")
SUITS = "SHDC"
SPADES = "S"
#: The suit a card that is not a spade is written with when no other was named.
NOT_A_SPADE = "H"
CARD = re.compile(f"({'|'.join(RANKS)})([{SUITS}])")


def upcard_of(rank: str, spade: bool, suit: str = "") -> str:
    """The card of `rank`, a spade or not; not a spade, in `suit` where that is another suit."""
    if spade:
        return rank + SPADES
    return rank + (suit if suit and suit in SUITS and suit != SPADES else NOT_A_SPADE)


def rank_and_suit(upcard: str | None) -> tuple[str, str]:
    """A card's rank and suit; ("", "") for none, or for something that is not a card."""
    found = CARD.fullmatch(upcard or "")
    return (found.group(1), found.group(2)) if found else ("", "")
