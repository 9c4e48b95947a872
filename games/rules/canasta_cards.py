"""The card values of the canasta games, kept once: every one of them counts its jokers, twos,
aces and plain ranks alike. A rule set takes `CANASTA_CARD_VALUES` and adds its threes, which
are where the games differ (a black three that counts only when going out, a red three that
scores as a bonus of its own); a game whose threes say something else gives its own note with
`dataclasses.replace`. A card's name ("Eight to King") is its key: the words name it
(games/words/), in each language."""

from __future__ import annotations

from .core import CardValue

JOKER = CardValue("Joker", 50)
TWO_ACE = CardValue("Two, Ace", 20)
EIGHT_TO_KING = CardValue("Eight to King", 10)
FOUR_TO_SEVEN = CardValue("Four to Seven", 5)
#: What every canasta game counts a card at, threes aside.
CANASTA_CARD_VALUES = (JOKER, TWO_ACE, EIGHT_TO_KING, FOUR_TO_SEVEN)

#: A black three is never melded but by a player going out (classic Canasta and Samba say so).
BLACK_THREE = CardValue("Black three", 5, note="melded_going_out_only")
#: A red three scores in a field of its own, never as card points.
RED_THREE = CardValue("Red three", 0, note="see_threes")
