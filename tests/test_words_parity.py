"""The rule sets' words at the edge (games/words/games/<module>.py), filled in English, say
exactly what the engine says today: the name, the summary, every field's label, note, short
label and unit, every house rule's label and phrase, every text, and every piece of the rule
sheet's prose, at each player count, with the default house rules and with each house rule set
to another of its values, one at a time. While the words move out of the engine (phase A of
issue 41's second stage), this is what proves that none changed on the way.

Run one rule set with `-k <slug>`; a rule set whose words are not registered yet is skipped."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.utils import translation

from games import words
from games.rules import (
    RULE_SETS,
    HouseRule,
    HouseRuleKind,
    RulesError,
    RuleSet,
    TallyField,
    rulebook,
)
from games.rules.features import OptionValue
from games.words import filling
from games.words.games import shared
from games.words.rule_sets import WORDS

#: The aspects compared, each a test of its own per rule set.
ASPECTS = ("names", "fields", "house_rules", "texts", "sections", "prose", "rounds")


def offered_values(rule: HouseRule) -> list[OptionValue]:
    """The values a table may give `rule`, as the parity is checked for: every choice, yes and
    no, or a number rule's ends and a value between (and none where it may be left out)."""
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


class Differences:
    """What the edge says otherwise than the engine, where."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def check(
        self, where: str, what: str, expected: Any, edge: Callable[..., Any], *args: Any
    ) -> None:
        """`edge(*args)` says `expected` (the engine's words)."""
        try:
            said = edge(*args)
        except Exception as error:  # a placeholder the edge cannot fill is a difference too
            said = f"<{type(error).__name__}: {error}>"
        if said != expected:
            self.found.append(f"{where}: {what}\n    edge:   {said!r}\n    engine: {expected!r}")

    def report(self) -> str:
        shown = self.found[:30]
        more = len(self.found) - len(shown)
        return "\n".join(shown) + (f"\n... and {more} more" if more > 0 else "")


def compare_names(rules: RuleSet, where: str, said: Differences) -> None:
    said.check(where, "name", rules.name, words.rule_set_name, rules)
    said.check(where, "summary", rules.summary, words.summary, rules)
    said.check(where, "players", rules.describe_player_counts(), words.text, rules, "players")
    said.check(where, "packs", rules.describe_packs(), words.text, rules, "packs")
    said.check(where, "seating words", rules.seating_words, words.seating_words, rules)
    said.check(where, "chip name", rules.chip_name or rules.name, words.chip_name, rules)
    rows = rules.opening.rows(words.hand_word(rules.hand_word))
    said.check(where, "opening rows", rows, shared.opening_rows, rules)
    values = set(rules.card_values)
    for number in range(1, len(rules.rounds) + 1):
        values.update(rules.counted_values_in(number))
    for value in values:
        said.check(where, f"card {value.cards!r}", value.cards, words.card_name, rules, value)
        said.check(where, f"note of {value.cards!r}", value.note, words.card_note, rules, value)
    track = rules.phase_track
    for phase in range(1, track.last + 1 if track else 1):
        assert track is not None
        said.check(where, f"phase {phase}", track.words(phase), words.phase_words, rules, phase)


def compare_fields(rules: RuleSet, where: str, said: Differences) -> None:
    for f in rules.tally_fields:
        at = f"{where}, field {f.name}"
        said.check(at, "label", f.label, words.field_label, rules, f)
        said.check(at, "note", f.scores, words.field_note, rules, f)
        said.check(at, "short label", f.heading, words.short_label, rules, f)
        said.check(at, "unit", f.unit, words.unit, rules, f)


def compare_house_rules(rules: RuleSet, where: str, said: Differences) -> None:
    for rule in rules.house_rules:
        at = f"{where}, house rule {rule.name}"
        said.check(at, "label", rule.label, words.house_rule_label, rules, rule)
        said.check(at, "offered", rule.offered, words.house_rule_offered, rule)
        for value in offered_values(rule):
            phrase = rule.describe(value)
            said.check(
                at, f"phrase of {value!r}", phrase, words.house_rule_phrase, rules, rule, value
            )
            if rule.kind is HouseRuleKind.CHOICE:
                assert isinstance(value, int)
                choice = rule.choice_label(value)
                said.check(
                    at, f"choice {value!r}", choice, words.house_rule_choice, rules, rule, value
                )
    in_force = rules.house_rules_in_force(None)
    said.check(where, "house rules in force", in_force, words.house_rules_in_force, rules, None)


def engine_text(rules: RuleSet, key: str) -> Any:
    """What the engine says for a key of the words' `texts`."""
    if key.startswith("card:"):
        return key.removeprefix("card:")
    if key.startswith("card_note:"):
        cards = key.removeprefix("card_note:")
        return next(value.note for value in rules.card_values if value.cards == cards)
    if key.startswith("phase:"):
        assert rules.phase_track is not None
        return rules.phase_track.words(int(key.removeprefix("phase:")))
    if key == "dealer_partner":
        assert rules.dealer_partner is not None
        return rules.dealer_partner.deals
    if key.count(".") == 2:  # a hand of card groups: "<attribute>.<index>.title" or ".note"
        attribute, index, part = key.split(".")
        return getattr(getattr(rules, attribute)[int(index)], part)
    engine = {"packs": "describe_packs", "players": "describe_player_counts"}.get(key, key)
    if not hasattr(rules, engine):
        return f"<no engine attribute {engine!r}>"
    value = getattr(rules, engine)
    return value() if callable(value) else value


def edge_text(rules: RuleSet, key: str) -> str:
    """What the edge says for a key of the words' `texts`: a card-group hand's title with the
    size of its sets (`{size}`), as the rule sheet fills it."""
    if key.endswith(".title") and key.count(".") == 2:
        attribute, index, _ = key.split(".")
        hand = getattr(rules, attribute)[int(index)]
        title = WORDS[rules.slug].texts[key]
        assert not callable(title)
        return filling.fill(rules, title, size=hand.groups[0][1])
    return words.text(rules, key)


def compare_texts(rules: RuleSet, where: str, said: Differences) -> None:
    for key in WORDS[rules.slug].texts:
        said.check(where, f"text {key!r}", engine_text(rules, key), edge_text, rules, key)


def compare_sections(rules: RuleSet, where: str, said: Differences) -> None:
    edge = filling.sections(rules)
    engine = rulebook.sections(rules)
    said.check(where, "number of sections", len(engine), len, edge)
    for index, (mine, theirs) in enumerate(zip(edge, engine, strict=False)):
        at = f"{where}, section {index + 1}"
        for part in ("heading", "paragraphs", "items", "table"):
            said.check(at, part, getattr(theirs, part), getattr, mine, part)


def compare_prose(rules: RuleSet, where: str, said: Differences) -> None:
    old = rules.prose
    new = filling.prose_of(rules)
    for rule in rules.house_rules:
        expected = rulebook.house_rule_text(rules, rule.name)
        said.check(
            where, f"house rule {rule.name}", expected, filling.house_rule_text, rules, rule.name
        )
    for f in rules.tally_fields:
        note = rulebook.score_note(rules, f.name, f.scores)
        said.check(where, f"score note {f.name}", note, score_note, rules, f)
        hint = rulebook.pad_hint(rules, f.name, "")
        said.check(where, f"pad hint {f.name}", hint, filling.pad_hint, rules, f.name, "")
    said.check(where, "pad note", rulebook.pad_note(rules), filling.pad_note, rules)
    for part in ("ending", "goal"):
        template = getattr(old, part)
        expected = rulebook.fill(rules, template) if template else ""
        said.check(where, part, expected, getattr(filling, part), rules)
    for term in sorted({*old.terms, *new.terms}):
        said.check(
            where, f"term {term!r}", rulebook.explain(rules, term), filling.explain, rules, term
        )


def score_note(rules: RuleSet, f: TallyField) -> str:
    return filling.score_note(rules, f.name, words.field_note(rules, f))


def compare_rounds(rules: RuleSet, where: str, said: Differences) -> None:
    if rules.rounds:
        head = tuple(rules.rounds[0].table_head)
        said.check(where, "round table head", head, words.round_table_head, rules)
    for card in rules.rounds:
        at = f"{where}, round {card.number}"
        said.check(at, "headline", card.headline, words.round_headline, rules, card)
        unnumbered = card.unnumbered_headline
        said.check(at, "unnumbered", unnumbered, words.round_headline, rules, card, False)
        said.check(at, "detail", card.detail, words.round_detail, rules, card)
        said.check(at, "summary", card.summary, words.round_summary, rules, card)
        said.check(at, "table row", card.table_row, words.round_table_row, rules, card)
        said.check(at, "pad lines", card.pad_lines, words.round_pad_lines, rules, card)


COMPARE = {
    "names": compare_names,
    "fields": compare_fields,
    "house_rules": compare_house_rules,
    "texts": compare_texts,
    "sections": compare_sections,
    "prose": compare_prose,
    "rounds": compare_rounds,
}


@pytest.mark.parametrize("aspect", ASPECTS)
@pytest.mark.parametrize("slug", list(RULE_SETS))
def test_the_words_at_the_edge_say_what_the_engine_says(slug: str, aspect: str) -> None:
    if slug not in WORDS:
        pytest.skip(f"{slug} has no words registered in games/words/games/ yet")
    said = Differences()
    with translation.override("en"):
        for where, rules in tables(RULE_SETS[slug]):
            COMPARE[aspect](rules, where, said)
    assert not said.found, said.report()
