"""Every word a rule set says in English, kept: the name, the summary, every field's label, note,
short label and unit, every house rule's label, phrase and choices, every text, the rule
sheet's sections and prose, the round cards, at each player count, with the default house rules
and with each house rule set to another of its values, one at a time.

The words live at the edge (games/words/); this is what proves that none changed while the
engine gave its own up (issue 41), and that none changes by accident later. The kept words are
tests/data/english_words.json.gz: after a deliberate change of wording, write them again with
`ENGLISH_WORDS=write pytest tests/test_english_words.py` and read the diff it prints first."""

from __future__ import annotations

import dataclasses
import gzip
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from games import words
from games.rules import RULE_SETS, HouseRule, HouseRuleKind, RulesError, RuleSet
from games.rules.features import OptionValue
from games.words import filling
from games.words.games import shared
from games.words.rule_sets import WORDS

KEPT = Path(__file__).parent / "data" / "english_words.json.gz"

#: The aspects kept, each a test of its own per rule set.
ASPECTS = ("names", "fields", "house_rules", "texts", "sections", "prose", "rounds")

Words = dict[str, Any]


def offered_values(rule: HouseRule) -> list[OptionValue]:
    """The values a table may give `rule`: every choice, yes and no, or a number rule's ends
    and a value between (and none where it may be left out)."""
    if rule.kind is HouseRuleKind.YES_NO:
        return [True, False]
    if rule.kind is HouseRuleKind.CHOICE:
        return list(rule.values)
    values: list[OptionValue] = [rule.lowest, rule.lowest + 1, rule.highest]
    if rule.default is not None and rule.default not in values:
        values.append(rule.default)
    if rule.optional:
        values.append(None)
    return values


def tables(base: RuleSet) -> Iterator[tuple[str, RuleSet]]:
    """(where, rules) for each player count with its default house rules, then with each house
    rule set to each of its other values, one at a time (a value a table of that size may not
    choose is left out)."""
    for players in base.player_counts:
        yield f"{players} players", base.with_options({}, players)
        defaults = base.default_options(players)
        for rule in base.house_rules:
            for value in offered_values(rule):
                if value == defaults[rule.name]:
                    continue
                try:
                    rules = base.with_options({rule.name: value}, players)
                except RulesError:
                    continue
                yield f"{players} players, {rule.name}={value!r}", rules


def plain(value: Any) -> Any:
    """`value` as JSON keeps it (tuples as lists, a section as its parts)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | float):
        return value
    return str(value)


class Said:
    """What the edge says, by where and what: a table's words differ from the default table's
    only where a house rule changes them, so only the differences are kept."""

    def __init__(self) -> None:
        self.words: Words = {}

    def __call__(self, where: str, what: str, edge: Callable[..., Any], *args: Any) -> None:
        try:
            said = plain(edge(*args))
        except Exception as error:  # a placeholder the edge cannot fill is kept as such
            said = f"<{type(error).__name__}: {error}>"
        self.words.setdefault(where, {})[what] = said


def say_names(rules: RuleSet, where: str, said: Said) -> None:
    said(where, "name", words.rule_set_name, rules)
    said(where, "summary", words.summary, rules)
    said(where, "players", words.text, rules, "players")
    said(where, "packs", words.text, rules, "packs")
    said(where, "seating words", words.seating_words, rules)
    said(where, "chip name", words.chip_name, rules)
    said(where, "opening rows", shared.opening_rows, rules)
    values = set(rules.card_values)
    for number in range(1, len(rules.rounds) + 1):
        values.update(rules.counted_values_in(number))
    for value in sorted(values, key=lambda value: (value.cards, value.points)):
        said(where, f"card {value.cards!r}", words.card_name, rules, value)
        said(where, f"note of {value.cards!r}", words.card_note, rules, value)
    track = rules.phase_track
    for phase in range(1, track.last + 1 if track else 1):
        said(where, f"phase {phase}", words.phase_words, rules, phase)


def say_fields(rules: RuleSet, where: str, said: Said) -> None:
    for f in rules.tally_fields:
        at = f"field {f.name}"
        said(where, f"{at}, label", words.field_label, rules, f)
        said(where, f"{at}, note", words.field_note, rules, f)
        said(where, f"{at}, short label", words.short_label, rules, f)
        said(where, f"{at}, unit", words.unit, rules, f)


def say_house_rules(rules: RuleSet, where: str, said: Said) -> None:
    for rule in rules.house_rules:
        at = f"house rule {rule.name}"
        said(where, f"{at}, label", words.house_rule_label, rules, rule)
        said(where, f"{at}, offered", words.house_rule_offered, rule)
        for value in offered_values(rule):
            said(where, f"{at}, phrase of {value!r}", words.house_rule_phrase, rules, rule, value)
            if rule.kind is HouseRuleKind.CHOICE:
                said(where, f"{at}, choice {value!r}", words.house_rule_choice, rules, rule, value)
    said(where, "house rules in force", words.house_rules_in_force, rules, None)


def edge_text(rules: RuleSet, key: str) -> str:
    """A text of the words; a card-group hand's title with the size of its sets (`{size}`), as
    the rule sheet fills it."""
    if key.endswith(".title") and key.count(".") == 2:
        attribute, index, _ = key.split(".")
        hand = getattr(rules, attribute)[int(index)]
        title = WORDS[rules.slug].texts[key]
        assert not callable(title)
        return filling.fill(rules, title, size=hand.groups[0][1])
    return words.text(rules, key)


def say_texts(rules: RuleSet, where: str, said: Said) -> None:
    for key in WORDS[rules.slug].texts:
        said(where, f"text {key!r}", edge_text, rules, key)


def say_sections(rules: RuleSet, where: str, said: Said) -> None:
    said(where, "sections", filling.sections, rules)


def say_prose(rules: RuleSet, where: str, said: Said) -> None:
    for rule in rules.house_rules:
        said(where, f"house rule {rule.name}", filling.house_rule_text, rules, rule.name)
    for f in rules.tally_fields:
        note = words.field_note(rules, f)
        said(where, f"score note {f.name}", filling.score_note, rules, f.name, note)
        said(where, f"pad hint {f.name}", filling.pad_hint, rules, f.name, "")
    said(where, "pad note", filling.pad_note, rules)
    said(where, "ending", filling.ending, rules)
    said(where, "goal", filling.goal, rules)
    for term in sorted(filling.prose_of(rules).terms):
        said(where, f"term {term!r}", filling.explain, rules, term)


def say_rounds(rules: RuleSet, where: str, said: Said) -> None:
    if rules.rounds:
        said(where, "round table head", words.round_table_head, rules)
    for card in rules.rounds:
        at = f"round {card.number}"
        said(where, f"{at}, headline", words.round_headline, rules, card)
        said(where, f"{at}, unnumbered", words.round_headline, rules, card, False)
        said(where, f"{at}, detail", words.round_detail, rules, card)
        said(where, f"{at}, summary", words.round_summary, rules, card)
        said(where, f"{at}, table row", words.round_table_row, rules, card)
        said(where, f"{at}, pad lines", words.round_pad_lines, rules, card)


SAY = {
    "names": say_names,
    "fields": say_fields,
    "house_rules": say_house_rules,
    "texts": say_texts,
    "sections": say_sections,
    "prose": say_prose,
    "rounds": say_rounds,
}


def english_words(slug: str, aspect: str) -> Words:
    """What the edge says for one aspect of one rule set, at every table: each player count's
    default table in full, each other table only where it differs from its default."""
    said = Said()
    with translation.override("en"):
        for where, rules in tables(RULE_SETS[slug]):
            SAY[aspect](rules, where, said)
    kept: Words = {}
    defaults: dict[str, Any] = {}
    for where, found in said.words.items():
        players = where.split(",")[0]
        if where == players:
            defaults = found
            kept[where] = found
            continue
        changed = {what: value for what, value in found.items() if defaults.get(what) != value}
        gone = [what for what in defaults if what not in found]
        if changed or gone:
            kept[where] = changed | ({"<not said>": gone} if gone else {})
    return kept


def kept_words() -> dict[str, Any]:
    if not KEPT.exists():
        return {}
    with gzip.open(KEPT, "rt", encoding="utf-8") as file:
        kept: dict[str, Any] = json.load(file)
    return kept


def differences(expected: Words, found: Words) -> list[str]:
    lines = []
    for where in sorted({*expected, *found}):
        before, now = expected.get(where, {}), found.get(where, {})
        for what in sorted({*before, *now}):
            if before.get(what) != now.get(what):
                lines.append(
                    f"{where}: {what}\n    kept: {before.get(what)!r}\n    now:  {now.get(what)!r}"
                )
    return lines


KEPT_WORDS = kept_words()


@pytest.mark.parametrize("aspect", ASPECTS)
@pytest.mark.parametrize("slug", list(RULE_SETS))
def test_every_english_word_of_a_rule_set_is_the_one_kept(slug: str, aspect: str) -> None:
    if slug not in WORDS:
        pytest.fail(f"{slug} has no words in games/words/games/")
    found = english_words(slug, aspect)
    expected = KEPT_WORDS.get(slug, {}).get(aspect)
    if os.environ.get("ENGLISH_WORDS") == "write":
        pytest.skip("written by test_write_the_english_words")
    assert expected is not None, f"no words kept for {slug} {aspect}: write them (module doc)"
    lines = differences(expected, found)
    shown = "\n".join(lines[:30]) + (f"\n... and {len(lines) - 30} more" if len(lines) > 30 else "")
    assert not lines, shown


@pytest.mark.skipif(os.environ.get("ENGLISH_WORDS") != "write", reason="writes the kept words")
def test_write_the_english_words() -> None:
    found = {slug: {aspect: english_words(slug, aspect) for aspect in ASPECTS} for slug in WORDS}
    for slug, aspects in found.items():
        for aspect, said in aspects.items():
            for line in differences(KEPT_WORDS.get(slug, {}).get(aspect, {}), said)[:20]:
                print(f"{slug} {aspect}: {line}")
    KEPT.parent.mkdir(exist_ok=True)
    text = json.dumps(found, ensure_ascii=False, sort_keys=True, indent=0)
    # mtime 0: the same words write the same bytes, so git sees a change only when one is.
    with gzip.GzipFile(KEPT, "wb", compresslevel=9, mtime=0) as file:
        file.write(text.encode())
    assert KEPT.exists()
