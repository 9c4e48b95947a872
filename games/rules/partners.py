"""What the canasta games of partners share: partners at some tables and everyone alone at the
others, one side out at most, and a worked hand printed in the table's own numbers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from .features import Seating
from .prose import in_words

if TYPE_CHECKING:
    from .core import RuleSet
    from .scoring import HandContext


class PartnersOrAlone:
    """Seating for a rule set whose tables of some sizes play as partners (opposite each other)
    and of the others each alone; the new-game page offers both (ALONE_OR_TEAMS)."""

    partnership_counts: ClassVar[frozenset[int]]
    player_counts: ClassVar[tuple[int, ...]]

    def seating_for(self, players: int) -> Seating:
        return Seating.PARTNERS if players in self.partnership_counts else Seating.ALONE

    @property
    def seating_words(self) -> str:
        alone = set(self.player_counts) - self.partnership_counts
        return (
            f"each on their own with {counts_in_words(alone)}, "
            f"{Seating.PARTNERS.words} with {counts_in_words(self.partnership_counts)}"
        )

    @property
    def partnership_words(self) -> str:
        """The tables that play as partners, in words ("four or six")."""
        return counts_in_words(self.partnership_counts)


def counts_in_words(counts: set[int] | frozenset[int]) -> str:
    """Numbers of players in words, smallest first: "four or six"."""
    return " or ".join(in_words(count) for count in sorted(counts))


def at_most_one_out(hand: HandContext) -> None:
    """Only one side goes out in a hand."""
    went_out = [name for name, tally in hand.itemized.items() if tally["went_out"]]
    if len(went_out) > 1:
        raise hand.refuse("only_one_side_goes_out", went_out[1], "went_out")


def worked_example(
    rules: RuleSet, tally: Mapping[str, int | bool], score: Mapping[str, int]
) -> str:
    """A side's tally and its score as a sentence, in the order of the rule set's fields: "2
    clean books, 1,180 card points on the table and went out: 1,000 + 1,180 + 100 = 2,280"."""
    fields = {f.name: f for f in rules.tally_fields}
    said: list[str] = []
    sums: list[str] = []
    for name, value in tally.items():
        field = fields[name]
        if value is True:
            said.append(field.label[:1].lower() + field.label[1:])
        elif value:
            what = field.unit or field.label[:1].lower() + field.label[1:]
            if value != 1 and field.unit:
                # "red three caught" -> "red threes caught"; "clean book" -> "clean books".
                what = what.replace("three", "threes", 1) if "three" in what else f"{what}s"
            said.append(f"{value:,} {what}")
    for name in fields:
        points = score.get(name, 0)
        if points:
            sign = "\u2212" if points < 0 else "+"
            sums.append(f"{sign} {abs(points):,}" if sums else f"{points:,}".replace("-", "\u2212"))
    words = ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else "".join(said)
    return f"{words}: {' '.join(sums)} = {sum(score.values()):,}".replace("-", "\u2212")
