"""A rule set's words as a player reads them in English: the engine keeps none (issue 41), so
the rule-set tests that check a phrase or a rule-sheet paragraph read it from the edge
(games/words/), as the app does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import translation

from games import words
from games.rules import RoundCard, RuleSet
from games.words import filling


def said_in_force(rules: RuleSet, players: int | None) -> list[str]:
    """The changed house rules in a few words each ("game to 7,500"), in English."""
    with translation.override("en"):
        return words.house_rules_in_force(rules, players)


def sections(rules: RuleSet) -> list[filling.FilledSection]:
    """The rule sheet's sections with this table's numbers, in English."""
    with translation.override("en"):
        return filling.sections(rules)


def english(said: Callable[..., Any], *args: Any) -> Any:
    """What an edge function (games.words) says, in English."""
    with translation.override("en"):
        return said(*args)


def name(rules: RuleSet) -> str:
    """The rule set's name ("Five Crowns")."""
    return english(words.rule_set_name, rules)


def summary(rules: RuleSet) -> str:
    """Its one line about the game, with this table's numbers."""
    return english(words.summary, rules)


def text(rules: RuleSet, key: str) -> str:
    """A phrase built from its numbers ("cards_dealt", "wild_cards", "packs" ...)."""
    return english(words.text, rules, key)


def headline(rules: RuleSet, card: RoundCard) -> str:
    """A round card's headline ("Deal 3: two runs · 10 cards")."""
    return str(english(words.round_headline, rules, card))


def detail(rules: RuleSet, card: RoundCard) -> str:
    """A round card's second line, or "" where it has none."""
    line = english(words.round_detail, rules, card)
    return "" if line is None else str(line)


def round_report(rules: RuleSet, card: RoundCard) -> dict[str, object]:
    """The round as a game file's report prints it, its words in English."""
    return english(words.round_report, rules, card)


def explain(rules: RuleSet, term: str) -> str | None:
    """The one-line explanation of one of the game's words ("Red threes")."""
    return english(filling.explain, rules, term)


def paragraphs(rules: RuleSet) -> str:
    """Every paragraph of the rule sheet, in one string."""
    return " ".join(p for s in sections(rules) for p in s.paragraphs)
