"""The engine's words for templates, written in the table's language (games/words/): a rule
set's name, summary, chip name, player counts and seating, as `{{ rules|rule_set_name }}`."""

from __future__ import annotations

from django import template

from games import words
from games.rules import RuleSet

register = template.Library()


@register.filter
def hand_word(code: str) -> str:
    """A rule set's word for a hand ("deal") as a heading says it: "Deal"."""
    return words.hand_word(code)


@register.filter
def hand_in_sentence(code: str) -> str:
    """A rule set's word for a hand inside a sentence: "deal" ("Runde" in German)."""
    return words.hand_word_in_sentence(code)


@register.filter
def rule_set_name(rules: RuleSet | None) -> str:
    """The rule set's name ("" for no rule set: a form not filled in yet)."""
    return words.rule_set_name(rules) if rules is not None else ""


@register.filter
def summary(rules: RuleSet) -> str:
    """The rule set's one line about the game, with the table's numbers."""
    return words.summary(rules)


@register.filter
def chip_name(rules: RuleSet) -> str:
    """Its name on the new-game page's chip, where its name is too long for one."""
    return words.chip_name(rules)


@register.filter
def player_counts(rules: RuleSet) -> str:
    """ "2 to 4 players"."""
    return words.player_counts(rules)


@register.filter
def seating_words(rules: RuleSet) -> str:
    """ "in partnerships", "each on their own"."""
    return words.seating_words(rules)
