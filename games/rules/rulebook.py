"""Fills in the words of a rule set's rule sheet, pad and terms: each rule set keeps its prose,
in our own words, in its own module (`prose = Prose(...)`, games/rules/prose.py); this module
fills its numbers in, for the printed rule sheet, the rules page on screen, the pad and the
one-line explanations of the game's words on screen (`explain`).

No number is typed in that prose. Every one is a `{placeholder}` filled from the rule set's own
data: its attributes (`{hand_cards}`), a tally field's points without sign (`{pts[went_out]}`),
items of a tuple (`{toulon_draws[0]}`), and some computed facts: `{players}`, `{packs}`,
`{side_size}` (players to a side), `{sides}` (sides at a table of the one player count),
`{mixed_melds}` (what a meld mixing natural and wild cards may hold) and `{pack_examples}`
(the packs for the fewest players, in words).
A number prints with thousands separators; `:w` spells a small one out (`{meld_start:w}` is
"three", `:W` "Three"). Numbers are never written as words either: a test reads every
template for "two", "three" and the like, and allows only a card's rank ("a black three") and
a few plain-English phrases ("one at a time").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import RuleSet
from .prose import NUMBER_WORDS, CardGroups, in_words

_WORDS = NUMBER_WORDS


class Number(int):
    """An int that prints as 12,500 (true minus sign), or as a word with the `w` spec (`W`:
    capitalised, to start a sentence)."""

    def __format__(self, spec: str) -> str:
        if spec == "W":
            return format(self, "w").capitalize()
        if spec == "w":
            return _WORDS[self] if 0 <= self < len(_WORDS) else f"{int(self):,}"
        if spec in ("", ","):
            return f"{int(self):,}".replace("-", "\u2212")
        return format(int(self), spec)


def _numbers(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return Number(value)
    if isinstance(value, tuple | list):
        return tuple(_numbers(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _numbers(v) for k, v in value.items()}
    return value


class _Lookup(dict):
    """format_map source: the rule set's data, every number wrapped as a Number. A placeholder
    is either a rule set attribute of the same name or one of the few worked out from several
    (`worked_out`, named here so that a reader of the prose finds where each comes from)."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        self.rules = rules
        self.worked_out: dict[str, Callable[[], Any]] = {
            "pts": lambda: {
                f.name: Number(abs(f.points_each)) for f in rules.tally_fields if f.points_each
            },
            "players": rules.describe_player_counts,
            "packs": rules.describe_packs,
            "side_size": lambda: Number(rules.seating.team_size(0)),
            "mixed_melds": lambda: mixed_melds(
                self["naturals_over_wild"], self["max_wild_in_canasta"]
            ),
            "pack_examples": lambda: pack_examples(rules),
        }
        if len(rules.player_counts) == 1:
            sides = rules.player_counts[0] // rules.seating.team_size(0)
            self.worked_out["sides"] = lambda: Number(sides)

    def __missing__(self, key: str) -> Any:
        if key in self.worked_out:
            return self.worked_out[key]()
        value = getattr(self.rules, key, None)
        if value is None or callable(value):
            raise KeyError(key)
        return _numbers(value)


def mixed_melds(naturals_over_wild: int, most_wild: int) -> str:
    """Each mix of natural and wild cards a meld may hold: "two naturals with one wild card,
    three with two, four with three"."""
    mixes = [
        (in_words(wild + naturals_over_wild), in_words(wild)) for wild in range(1, most_wild + 1)
    ]
    first, *rest = mixes
    return ", ".join(
        [f"{first[0]} naturals with {first[1]} wild card", *(f"{n} with {w}" for n, w in rest)]
    )


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
        who = " or ".join(in_words(count) for count in counts)
        packs_word, players_word = (" packs", " players") if index == 0 else ("", "")
        parts.append(f"{in_words(packs)}{packs_word} for {who}{players_word}")
    return ", ".join(parts)


def fill(rules: RuleSet, text: str) -> str:
    """`text` with its placeholders filled from `rules`."""
    return text.format_map(_Lookup(rules))


def explain(rules: RuleSet, word: str) -> str | None:
    """The one-line explanation of `word` in this game (its `prose.terms`), or None."""
    text = rules.prose.terms.get(word)
    return None if text is None else fill(rules, text)


def pad_hint(rules: RuleSet, field_name: str, default: str) -> str:
    template = rules.prose.pad_hints.get(field_name)
    return fill(rules, template) if template else default


def pad_note(rules: RuleSet) -> str:
    template = rules.prose.pad_note
    return fill(rules, template) if template else ""


@dataclass(frozen=True)
class FilledSection:
    heading: str
    paragraphs: tuple[str, ...]
    #: Items of a list following the paragraphs (from paragraphs starting "- ").
    items: tuple[str, ...] = ()
    #: The table printed under it (prose.Section.table).
    table: str = ""


def sections(rules: RuleSet) -> list[FilledSection]:
    """The rule set's how-to-play sections, numbers filled in."""
    filled = []
    # A rule set with no prose yet still gets its tables, its scoring and its ending.
    for section in rules.prose.sections:
        paragraphs, items = [], []
        for text in section.paragraphs:
            if text.startswith("- "):
                items.append(fill(rules, text[2:]))
            elif filled_text := fill(rules, text):
                # A paragraph that fills to nothing says a rule this rule set does not have.
                paragraphs.append(filled_text)
        if section.items_from:
            items += card_group_texts(getattr(rules, section.items_from))
        filled.append(
            FilledSection(section.heading, tuple(paragraphs), tuple(items), section.table)
        )
    return filled


def card_group_texts(hands: Sequence[CardGroups]) -> list[str]:
    """Hands made of groups of cards (Miromar's Splash hands), one line each."""
    texts = []
    for hand in hands:
        groups = " + ".join(
            f"{_WORDS[count] if count < len(_WORDS) else count} {_group_word(size, count)}"
            for count, size in hand.groups
        )
        wild = ""
        if hand.wild_cards:
            wild = f" + {Number(hand.wild_cards):w} wild card{'s' if hand.wild_cards > 1 else ''}"
        texts.append(f"{hand.title}: {groups}{wild}; {hand.note}.")
    return texts


def _group_word(size: int, count: int) -> str:
    plural = count != 1
    if size == 1:
        return "single cards" if plural else "single card"
    if size == 2:
        return "pairs" if plural else "pair"
    return f"{'sets' if plural else 'set'} of {Number(size):w}"


def score_note(rules: RuleSet, field_name: str, default: str) -> str:
    template = rules.prose.score_notes.get(field_name)
    return fill(rules, template) if template else default


def house_rule_text(rules: RuleSet, key: str) -> str:
    template = rules.prose.house_rules.get(key)
    if template:
        return fill(rules, template)
    rule = rules.house_rule(key)
    assert rule is not None
    return rule.label
