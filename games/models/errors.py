"""What the app refuses, each with its reason in the player's words: changes to a game refused
because of what others did meanwhile, or because it is over, and the roster's, own games',
guests' and game files' own refusals, all kinds of `Refused`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from games import words
from games.templatetags.numbers import format_number

if TYPE_CHECKING:
    from games.models.hands import Hand


class Refused(Exception):
    """Something a player asked for, refused; `message` says why in the player's words (a view
    shows it as it is)."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:
        return self.message


class GameChangeRefused(Refused):
    """A change to a game refused because of what others did to it meanwhile (or because it is
    over)."""


class GameOver(GameChangeRefused):
    """The game is over (and not reopened): its hands and hand in progress can't change."""


class NotTheLastHand(GameChangeRefused):
    """`hand_word` is the rule set's code for a hand ("hand", "deal", "round")."""

    def __init__(self, hand_word: str, last: int) -> None:
        self.last = last
        in_sentence = words.hand_word_in_sentence(hand_word)
        if last:
            said = _(
                "Only the last %(hand)s can be deleted. %(Hand)s %(number)s is the last one; "
                "nothing was deleted."
            )
            self.message = said % {
                "hand": in_sentence,
                "Hand": words.hand_word(hand_word),
                "number": format_number(last),
            }
        else:
            self.message = _("There is no %(hand)s to delete.") % {"hand": in_sentence}
        super().__init__(self.message)


class RestoreRefused(GameChangeRefused):
    """A deleted hand cannot come back (another hand took its number, or the game changed)."""


class GameGone(GameChangeRefused):
    """A deleted game whose time in "Recently deleted" ran out: it can't be restored."""

    def __init__(self) -> None:
        super().__init__(_("That game is gone for good"))


class TableMoved(GameChangeRefused):
    """A tap for a hand that is no longer the one in progress."""


class HandNumbersBroken(GameChangeRefused):
    """Never expected: every change takes the lock. The check stays, so a gap is never saved."""

    def __init__(self, hand_word: str, numbers: list[int]) -> None:
        # One sentence per word for a hand: "the hands", "the deals", "the rounds" (a plural
        # no placeholder can make).
        said = {
            "deal": _(
                "The deals of this game are out of order; nothing was changed. Please reload "
                "the game."
            ),
            "round": _(
                "The rounds of this game are out of order; nothing was changed. Please reload "
                "the game."
            ),
        }
        self.message = said.get(hand_word.lower()) or _(
            "The hands of this game are out of order; nothing was changed. Please reload the game."
        )
        super().__init__(self.message)
        self.numbers = numbers


class HandConflict(GameChangeRefused):
    """The hand changed (or was recorded) since the scorekeeper's form was drawn."""

    def __init__(self, current: Hand | None) -> None:
        self.current = current
        self.message = _("The hand was changed by another scorekeeper. Nothing was saved.")
        super().__init__(self.message)


class AlreadySaved(GameChangeRefused):
    """The hand form was sent again after it was saved: `hand` was saved from it already."""

    def __init__(self, hand: Hand, hand_word: str) -> None:
        self.hand = hand
        said = _("%(hand)s %(number)s was already saved from this form.")
        place = {"hand": words.hand_word(hand_word), "number": format_number(hand.number)}
        self.message = said % place
        super().__init__(self.message)
