"""The words of each rule set, at the edge: its name and summary, its tally's labels and notes,
its house rules' labels and phrases, the phrases its sheets and screens build from its numbers,
and its rule-sheet prose. The engine keeps only numbers and structure; each rule set's words
live in games/words/games/<its module>.py as one `RuleSetWords`, registered here by slug, in
English source text that the catalogues translate.

Every text is a template: `{placeholders}` are filled from the rule set's data (its numbers,
the tally's points, a few worked out) by games/words/filling.py, in the active language."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise

from games.rules.features import CardLine

#: A text a player reads: a lazy translation (gettext_lazy) of an English template.
Text = str | Promise


@dataclass(frozen=True)
class FieldWords:
    """A tally field's words: its label ("Natural canastas"), what it counts (`note`), the
    short label of narrow columns ("Natural"), and the thing counted, singular and plural, for
    "3 natural canastas" (`unit`, `units`; empty for points and yes/no fields). A field whose
    value is a name has the form's question (`question`) and each name's words (`value_words`,
    by the engine's name)."""

    label: Text
    note: Text = ""
    short_label: Text = ""
    unit: Text = ""
    units: Text = ""
    question: Text = ""
    value_words: Mapping[str, Text] = field(default_factory=dict)


@dataclass(frozen=True)
class HouseRuleWords:
    """A house rule's words: its label on the new-game page, how a list of the table's rules
    says its value (`phrase` with `{value}`; `phrase_zero` at 0, `phrase_no` when off,
    `phrase_none` when left out), why it is refused with another number of players, and the
    words of values offered by name ({0: "none"})."""

    label: Text
    phrase: Text = ""
    phrase_zero: Text = ""
    phrase_no: Text = ""
    phrase_none: Text = ""
    refusal: Text = ""
    value_words: Mapping[int, Text] = field(default_factory=dict)


@dataclass(frozen=True)
class Section:
    """A section of the rule sheet: its heading and paragraphs (a paragraph starting "- " is an
    item of a list); `items_from` names a rule-set attribute listing hands made of card groups
    (Miromar's Splash hands), each printed as an item under it; `table` a table printed under
    it ("card_values", "openings", "rounds", "phases"; "" for none)."""

    heading: Text
    paragraphs: tuple[Text, ...]
    items_from: str = ""
    table: str = ""


@dataclass(frozen=True)
class Prose:
    """The rule sheet's words: how to play, section by section; a paragraph for a house rule
    whose label is not enough; a scoring item's "counts when" (`score_notes`); the pad's note;
    how a game that ends by a rule of its own ends (`ending`, `goal`); a pad column's hint; and
    one-line explanations of the game's own words (`terms`, shown when tapped)."""

    sections: tuple[Section, ...] = ()
    house_rules: Mapping[str, Text] = field(default_factory=dict)
    score_notes: Mapping[str, Text] = field(default_factory=dict)
    pad_note: Text = ""
    ending: Text = ""
    goal: Text = ""
    pad_hints: Mapping[str, Text] = field(default_factory=dict)
    terms: Mapping[str, Text] = field(default_factory=dict)


@dataclass(frozen=True)
class RoundWords:
    """The words of a rule set's round cards (features.py `RoundCard`: Liverpool's contracts,
    Five Crowns' wild ranks, Ten Pennies' first-down requirements), each a function of a card:
    its headline and detail lines (`CardLine`), its row of the rule sheet's round table, its
    lines on a score pad, that table's headings after the round's number, and the card in one
    line for a score sheet."""

    headline: Callable[[Any], CardLine]
    table_row: Callable[[Any], tuple[str, ...]]
    pad_lines: Callable[[Any], tuple[str, ...]]
    table_head: tuple[Text, ...] = ()
    detail: Callable[[Any], CardLine | None] = lambda card: None
    #: The card in one line for a printed score sheet (None: its headline and detail, joined
    #: by "; ").
    summary: Callable[[Any], str] | None = None
    #: What a game file's report says of the card in words, beside its numbers, by key, and
    #: the key it follows ({"contract": "two runs"} after "deal"): GAME-FILE.md, `round`.
    report: Callable[[Any], Mapping[str, str]] = lambda card: {}
    report_after: str = ""


@dataclass(frozen=True)
class RuleSetWords:
    """Everything a rule set says in words. `texts` are the phrases its sheets and screens build
    from its numbers ("cards_dealt", "wild_cards", "deal_text", "going_out_needs", ...), each a
    template or a function of the rule set (for one that loops over its numbers); a prose
    placeholder of the same name is filled from them first. `texts` may say: "packs" (where
    they are not a fixed number of standard packs), "players", "seating_words", "chip_name",
    "dealer_partner" (what the dealer's partner deals), "card:<the engine's card key>" and
    "card_note:<the same>" (a
    card of the card-value table), "phase:<number>" (what a phase asks), "part:<a part
    code>" (a hand score's part in the preview's breakdown, where no field names it),
    "zero:<field>" (the one tap typing a 0 that is a result of its own: "Gin (0)"), and
    "<attribute>.<index>.title" / ".note" (a hand of card groups a section lists, with
    `{size}`)."""

    name: Text
    summary: Text
    fields: Mapping[str, FieldWords] = field(default_factory=dict)
    house_rules: Mapping[str, HouseRuleWords] = field(default_factory=dict)
    texts: Mapping[str, Text | Callable[[object], str]] = field(default_factory=dict)
    prose: Prose = Prose()
    #: The words of its round cards, where it has rounds that differ.
    rounds: RoundWords | None = None
    #: A refusal's placeholders its own words fill from the refusal's code and parameters
    #: (Hand and Foot's `{needs}`, "two clean books ...", from the books by kind).
    refusal_words: Callable[[str, Mapping[str, Any]], Mapping[str, str]] = lambda code, params: {}
    #: The languages (codes as in settings.LANGUAGES) of the tables that play this game most:
    #: the new-game page shows it among the first games to a phone in one of them.
    at_home_in: tuple[str, ...] = ()


#: Every rule set's words, by slug (filled in by games/words/games/__init__.py).
WORDS: dict[str, RuleSetWords] = {}


def register(slug: str, words: RuleSetWords) -> None:
    WORDS[slug] = words


def games_at_home_in(language: str) -> list[str]:
    """The slugs of the games most played by the tables of `language`, in the registry's order."""
    return [slug for slug, words in WORDS.items() if language in words.at_home_in]
