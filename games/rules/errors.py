"""The one error the rules raise, whatever they refuse (a set-up, a house rule, a tally, a tap
on the hand in progress, a typed number): every refusal of the engine is a RulesError, as
cronsim's are a CronSimError; the app shows it as it is, so it is written for the players."""

from __future__ import annotations


class RulesError(ValueError):
    """A game set-up or tally that the rules refuse, in a player's words.

    `hand`, `side` and `field` say where the problem is (any may be None); `str(error)` is the
    whole sentence, e.g. "Hand 3, Ann & Cy: a side that goes out needs at least two canastas".
    """

    def __init__(
        self,
        problem: str,
        *,
        hand: int | None = None,
        side: str | None = None,
        field: str | None = None,
        hand_word: str = "Hand",
    ) -> None:
        self.problem = problem
        self.hand = hand
        self.side = side
        self.field = field
        self.hand_word = hand_word
        super().__init__(self.message)

    @property
    def message(self) -> str:
        place = []
        if self.hand is not None:
            place.append(f"{self.hand_word} {self.hand}")
        if self.side is not None:
            place.append(self.side)
        return f"{', '.join(place)}: {self.problem}" if place else self.problem
