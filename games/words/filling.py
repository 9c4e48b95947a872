"""Fills a rule set's words with its numbers, in the active language: the rule sheet, the rules
page on screen, the pad and the one-line explanations of the game's words (`explain`).

The words are each rule set's `RuleSetWords` (games/words/games/<its module>.py); the engine
keeps none. No number is typed in them. Every one is a `{placeholder}`, looked up in this order:

- the rule set's `texts` of that name (a template, itself filled the same way, or a function
  of the rule set);
- a few worked out from several numbers (`worked_out` below): `{name}` (the rule set's
  name), `{pts[went_out]}` (a tally
  field's points without sign), `{players}`, `{packs}`, `{side_size}` (players to a side),
  `{sides}` (sides at a table of the one player count), `{mixed_melds}` (what a meld mixing
  natural and wild cards may hold), `{pack_examples}` (the packs for the fewest players, in
  words), `{opening_trend}`, `{seating_words}`, `{opening_when[2]}` (a row of the opening
  table, "1,500 to 2,999") and `{partnership_words}` ("four or six");
- the rule set's attribute of that name: `{hand_cards}`, `{toulon_draws[0]}`.

A number prints grouped as the language groups it (12,500; 12.500); `:w` spells a small one
out (`{meld_start:w}` is "three"), `:W` capitalised ("Three"). A template made with
`ngettext_lazy(singular, plural, "name")` picks its form by the placeholder `name`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.functional import Promise
from django.utils.translation import ngettext, override, pgettext

from games.rules.core import RuleSet
from games.rules.tally import TallyField
from games.templatetags.numbers import format_number
from games.words.rule_sets import WORDS, Prose, RuleSetWords
from games.words.spelled import number_in_words


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


class Number(int):
    """An int that prints as the language groups it (true minus sign), or in words with the
    `w` spec (`W`: capitalised, to start a sentence)."""

    def __format__(self, spec: str) -> str:
        if spec == "W":
            return capitalised(number_in_words(self))
        if spec == "w":
            return number_in_words(self)
        if spec in ("", ","):
            return format_number(int(self))
        return format(int(self), spec)


def numbers(value: Any) -> Any:
    """`value` with every whole number in it a Number."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return Number(value)
    if isinstance(value, tuple | list):
        return tuple(numbers(v) for v in value)
    if isinstance(value, Mapping):
        return {k: numbers(v) for k, v in value.items()}
    return value


def words_of(rules: RuleSet) -> RuleSetWords | None:
    """The rule set's words at the edge, or None where it has none yet."""
    return WORDS.get(rules.slug)


class Lookup(dict):
    """format_map source: `extra` (what the caller fills: a house rule's `{value}`), the rule
    set's `texts`, the few worked out from several numbers, then its attributes; every number
    wrapped as a Number."""

    def __init__(self, rules: RuleSet, extra: Mapping[str, Any] | None = None) -> None:
        super().__init__(numbers(dict(extra or {})))
        self.rules = rules
        words = words_of(rules)
        self.texts: Mapping[str, Any] = words.texts if words else {}
        # The texts being filled: one that names itself is the engine's attribute instead.
        self.busy: set[str] = set()
        self.worked_out = worked_out(rules, self)

    def __missing__(self, key: str) -> Any:
        value: Any
        if key in self.texts and key not in self.busy:
            self.busy.add(key)
            try:
                value = text_of(self.rules, self.texts[key], self)
            finally:
                self.busy.discard(key)
        elif key in self.worked_out:
            value = self.worked_out[key]()
        else:
            value = getattr(self.rules, key, None)
            if value is None or callable(value):
                raise KeyError(key)
            value = numbers(value)
        self[key] = value
        return value


def worked_out(rules: RuleSet, lookup: Lookup) -> dict[str, Callable[[], Any]]:
    """The placeholders worked out from several of the rule set's numbers, by name."""
    from games.words.games import shared

    found: dict[str, Callable[[], Any]] = {
        "name": lambda: rule_set_name(rules),
        "pts": lambda: {
            f.name: Number(abs(f.points_each)) for f in rules.tally_fields if f.points_each
        },
        "players": lambda: shared.describe_player_counts(rules),
        "packs": lambda: shared.describe_packs(rules),
        "side_size": lambda: Number(rules.seating.team_size(0)),
        "mixed_melds": lambda: mixed_melds(
            lookup["naturals_over_wild"], lookup["max_wild_in_canasta"]
        ),
        "pack_examples": lambda: pack_examples(rules),
        "opening_trend": lambda: shared.opening_trend(rules),
        "seating_words": lambda: shared.seating_words(rules),
        "opening_when": lambda: tuple(when for when, _ in shared.opening_rows(rules)),
    }
    if hasattr(rules, "partnership_counts"):
        found["partnership_words"] = lambda: shared.counts_in_words(rules.partnership_counts)
    if len(rules.player_counts) == 1:
        sides = rules.player_counts[0] // rules.seating.team_size(0)
        found["sides"] = lambda: Number(sides)
    return found


def rule_set_name(rules: RuleSet) -> str:
    """The rule set's name, for a `{name}` in its own words."""
    words = words_of(rules)
    return fill(rules, words.name) if words else rules.slug


def text_of(rules: RuleSet, text: Any, lookup: Lookup) -> str:
    """One of `texts`: a function of the rule set, called; a template, filled."""
    if callable(text) and not isinstance(text, str | Promise):
        return str(text(rules))
    return filled(text, lookup)


def is_plural(template: object) -> bool:
    """Whether `template` is a plural (ngettext_lazy with a placeholder's name for its number)."""
    return hasattr(template, "_get_number_value")


def filled(template: str | Promise, lookup: Mapping[str, Any]) -> str:
    """`template` in the active language with its placeholders filled from `lookup`; a plural
    template (ngettext_lazy) in the form its number asks for."""
    if is_plural(template):
        count = template._get_number_value(lookup)  # type: ignore[union-attr]
        chosen: str = template._translate(count)  # type: ignore[union-attr]
    else:
        chosen = str(template)
    return chosen.format_map(lookup) if "{" in chosen else chosen


def fill(rules: RuleSet, text: str | Promise, **extra: Any) -> str:
    """`text` with its placeholders filled from `rules` (and from `extra`, first)."""
    if is_plural(text):
        return filled(text, Lookup(rules, extra))
    said = str(text)  # translated once: most texts have no placeholder and are said as they are
    return said.format_map(Lookup(rules, extra)) if "{" in said else said


#: The prose of a rule set with no words (made once: prose_of is asked per box).
NO_PROSE = Prose()


def prose_of(rules: RuleSet) -> Prose:
    """The rule set's prose: its words' at the edge (none for a rule set without words)."""
    words = words_of(rules)
    return NO_PROSE if words is None else words.prose


# -- glue that lists numbers in words -------------------------------------------------------


def mixed_melds(naturals_over_wild: int, most_wild: int) -> str:
    """Each mix of natural and wild cards a meld may hold: "two naturals with one wild card,
    three with two, four with three"."""
    mixes: list[str] = []
    for wild in range(1, most_wild + 1):
        said = {
            "naturals": number_in_words(wild + naturals_over_wild),
            "wild": number_in_words(wild),
        }
        if mixes:
            # Translators: a further mix of a meld, after "two naturals with one wild card":
            # "three (naturals) with two (wild cards)".
            mixes.append(pgettext("a meld's mix", "{naturals} with {wild}").format(**said))
        else:
            mixes.append(
                ngettext(
                    "{naturals} naturals with {wild} wild card",
                    "{naturals} naturals with {wild} wild cards",
                    wild,
                ).format(**said)
            )
    return ", ".join(mixes)


def pack_examples(rules: RuleSet, groups: int = 3) -> str:
    """The packs for the fewest players, read from the engine: "four packs for two players, six
    for three or four, eight for five or six"."""
    grouped: list[tuple[int, list[int]]] = []
    for players in rules.player_counts:
        packs = rules.packs(players)
        if grouped and grouped[-1][0] == packs:
            grouped[-1][1].append(players)
        else:
            grouped.append((packs, [players]))
    parts = []
    for index, (packs, counts) in enumerate(grouped[:groups]):
        said = {
            "packs": number_in_words(packs),
            "players": either([number_in_words(count) for count in counts]),
        }
        if index:
            # Translators: further packs after "four packs for two players": "six for three or
            # four (players)".
            parts.append(pgettext("packs for players", "{packs} for {players}").format(**said))
        else:
            parts.append(
                ngettext(
                    "{packs} pack for {players} players",
                    "{packs} packs for {players} players",
                    packs,
                ).format(**said)
            )
    return ", ".join(parts)


def either(items: Sequence[str]) -> str:
    """ "two", "two or three", "two or three or four": numbers a rule sheet offers."""
    if len(items) < 2:
        return "".join(items)
    # Translators: one number or another, in a rule sheet: "three or four (players)".
    either_or = pgettext("a choice of numbers", "{first} or {second}")
    said = items[0]
    for item in items[1:]:
        said = either_or.format(first=said, second=item)
    return said


class CardGroups(Protocol):
    """A hand made of groups of cards (a Splash hand), as a rule sheet lists it."""

    groups: tuple[tuple[int, int], ...]
    wild_cards: int


def card_group_texts(rules: RuleSet, hands: Sequence[CardGroups], key: str = "") -> list[str]:
    """Hands made of groups of cards (Miromar's Splash hands), one line each. A hand's title
    and note are the words' `texts` "<key>.<index>.title" (with `{size}`, the cards of each of
    its sets) and "<key>.<index>.note"."""
    lookup = Lookup(rules)
    texts = lookup.texts
    lines = []
    for index, hand in enumerate(hands):
        title = filled(texts[f"{key}.{index}.title"], Lookup(rules, {"size": hand.groups[0][1]}))
        note = filled(texts[f"{key}.{index}.note"], lookup)
        groups = [group_words(count, size) for count, size in hand.groups]
        if hand.wild_cards:
            count = hand.wild_cards
            said = ngettext("{count} wild card", "{count} wild cards", count)
            groups.append(said.format(count=number_in_words(count)))
        # Translators: a Splash hand: "Sets of four and a wild pair: two sets of four + two wild
        # cards; two sets of four and two wild cards." ({groups} is joined by " + ").
        line = pgettext("a hand of card groups", "{title}: {groups}; {note}.")
        lines.append(line.format(title=title, groups=" + ".join(groups), note=note))
    return lines


def group_words(count: int, size: int) -> str:
    """ "two pairs", "one single card", "three sets of four"."""
    said = {"count": number_in_words(count), "size": number_in_words(size)}
    if size == 1:
        text = ngettext("{count} single card", "{count} single cards", count)
    elif size == 2:
        text = ngettext("{count} pair", "{count} pairs", count)
    else:
        text = ngettext("{count} set of {size}", "{count} sets of {size}", count)
    return text.format(**said)


# -- the rule sheet, the pad and the screens' explanations ----------------------------------


def explain(rules: RuleSet, word: str) -> str | None:
    """The one-line explanation of `word` in this game (its prose's `terms`), or None."""
    text = prose_of(rules).terms.get(word)
    return None if text is None else fill(rules, text)


def explain_field(rules: RuleSet, field: TallyField) -> str | None:
    """The one-line explanation of a tally field's name, or None: its prose's `terms` keep it
    by the field's English label."""
    from games.words import field_label

    with override(None):
        term = field_label(rules, field)
    return explain(rules, term)


def pad_hint(rules: RuleSet, field_name: str, default: str) -> str:
    template = prose_of(rules).pad_hints.get(field_name)
    return fill(rules, template) if template else default


def pad_note(rules: RuleSet) -> str:
    template = prose_of(rules).pad_note
    return fill(rules, template) if template else ""


def goal(rules: RuleSet) -> str:
    """How a game that ends by a rule of its own ends, in a few words ("" for any other)."""
    template = prose_of(rules).goal
    return fill(rules, template) if template else ""


def ending(rules: RuleSet) -> str:
    """How a game that ends by a rule of its own ends and who wins ("" for any other)."""
    template = prose_of(rules).ending
    return fill(rules, template) if template else ""


def score_note(rules: RuleSet, field_name: str, default: str) -> str:
    template = prose_of(rules).score_notes.get(field_name)
    return fill(rules, template) if template else default


def house_rule_text(rules: RuleSet, key: str) -> str:
    """A house rule some tables play, as the rule sheet offers it: its paragraph, else its
    label."""
    template = prose_of(rules).house_rules.get(key)
    if template:
        return fill(rules, template)
    rule = rules.house_rule(key)
    assert rule is not None
    from games.words import house_rule_label

    return house_rule_label(rules, rule)


@dataclass(frozen=True)
class FilledSection:
    heading: str
    paragraphs: tuple[str, ...]
    #: Items of a list following the paragraphs (from paragraphs starting "- ").
    items: tuple[str, ...] = ()
    #: The table printed under it (rule_sets.Section.table).
    table: str = ""


def sections(rules: RuleSet) -> list[FilledSection]:
    """The rule set's how-to-play sections, numbers filled in."""
    filled_sections = []
    lookup = Lookup(rules)
    for section in prose_of(rules).sections:
        paragraphs, items = [], []
        for text in section.paragraphs:
            said = filled(text, lookup)
            if said.startswith("- "):
                items.append(said[2:])
            elif said:
                # A paragraph that fills to nothing says a rule this rule set does not have.
                paragraphs.append(said)
        if section.items_from:
            hands = getattr(rules, section.items_from)
            items += card_group_texts(rules, hands, section.items_from)
        heading = filled(section.heading, lookup)
        filled_sections.append(
            FilledSection(heading, tuple(paragraphs), tuple(items), section.table)
        )
    return filled_sections
