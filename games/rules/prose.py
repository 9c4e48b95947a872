"""The words a rule set declares for its printed rule sheet and score pad, as templates whose
`{placeholders}` are filled from the rule set's own numbers (games/rules/rulebook.py fills them;
its docstring lists the placeholders). A rule set keeps its prose in its own module."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

#: Small numbers in words, for prose filled from the rule data ("seven rounds").
NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
)


def in_words(number: int) -> str:
    """`number` as a word where it is small ("seven"), else in figures ("1,500")."""
    return NUMBER_WORDS[number] if 0 <= number < len(NUMBER_WORDS) else f"{number:,}"


class CardGroups(Protocol):
    """A hand made of groups of cards (a Splash hand), as a rule sheet lists it."""

    @property
    def title(self) -> str: ...

    groups: tuple[tuple[int, int], ...]
    wild_cards: int
    note: str


@dataclass(frozen=True)
class Section:
    heading: str
    #: Paragraph templates; a paragraph starting "- " is an item of a list.
    paragraphs: tuple[str, ...]
    #: The name of a rule-set attribute listing hands made of card groups (Miromar's Splash
    #: hands): each is printed as an item under the section.
    items_from: str = ""
    #: A table the sheet prints under this section: "card_values" (else they follow the first
    #: section), "openings" (the opening minimums), "rounds" (a round table), "phases" (the
    #: phases each player works through) or "" for none.
    table: str = ""


@dataclass(frozen=True)
class Prose:
    #: How to play, section by section.
    sections: tuple[Section, ...] = ()
    #: A paragraph for each house rule, by its name, where the rule's label is not enough.
    house_rules: Mapping[str, str] = field(default_factory=dict)
    #: A scoring item's "counts when", by field name, where the field's own note has a number.
    score_notes: Mapping[str, str] = field(default_factory=dict)
    #: A reminder printed on the score pad above the hands.
    pad_note: str = ""
    #: How the game ends and who wins, for a game that ends by a rule of its own (Phase 10);
    #: empty: the sheet says it from the target or the number of hands.
    ending: str = ""
    #: The same in a few words for a pad's heading ("..., lowest total wins").
    goal: str = ""
    #: A score pad column's hint, by field name, where "points" or "how many" would mislead.
    pad_hints: Mapping[str, str] = field(default_factory=dict)
    #: One-line explanations of the game's own words, shown when the word is tapped on a
    #: screen (`{placeholders}` filled from the rule set's attributes, as they are).
    terms: Mapping[str, str] = field(default_factory=dict)
