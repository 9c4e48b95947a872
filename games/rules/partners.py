"""What the canasta games of partners share: partners at some tables and everyone alone at the
others, and one side out at most."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from .features import Seating

if TYPE_CHECKING:
    from .scoring import HandContext


class PartnersOrAlone:
    """Seating for a rule set whose tables of some sizes play as partners (opposite each other)
    and of the others each alone; the new-game page offers both (ALONE_OR_TEAMS)."""

    partnership_counts: ClassVar[frozenset[int]]
    player_counts: ClassVar[tuple[int, ...]]

    def seating_for(self, players: int) -> Seating:
        return Seating.PARTNERS if players in self.partnership_counts else Seating.ALONE


def at_most_one_out(hand: HandContext) -> None:
    """Only one side goes out in a hand."""
    went_out = [name for name, tally in hand.itemized.items() if tally["went_out"]]
    if len(went_out) > 1:
        raise hand.refuse("only_one_side_goes_out", went_out[1], "went_out")
