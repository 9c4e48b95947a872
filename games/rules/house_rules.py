"""A table's house rules, read the same way for every rule set: a value for each rule its rule
set offers (`RuleSet.house_rules`), each checked against what the rule takes and the number of
players it may be changed with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .errors import RulesError
from .features import OptionValue, shown

if TYPE_CHECKING:
    from .core import RuleSet


def read_options(
    rules: RuleSet, options: Mapping[str, Any], players: int | None
) -> dict[str, OptionValue]:
    """Every house rule of `rules` with the table's value (a missing one takes its default),
    or RulesError naming the rule a value is refused for."""
    if not isinstance(options, Mapping):
        raise RulesError("house_rules_not_object", value=shown(options))
    filled = rules.default_options(players)
    for name, value in options.items():
        rule = rules.house_rule(name)
        if rule is None:
            raise RulesError("no_such_house_rule", rule_set=rules.slug, name=name)
        filled[name] = rule.read(value)  # HouseRuleRefused, naming the rule, if not
        if (
            players is not None
            and filled[name] != rule.default_for(players)
            and not rule.allowed_with(players)
        ):
            raise RulesError(
                rule.refusal or "house_rule_not_with_players",
                house_rule=rule.name,
                rule_set=rules.slug,
                players=players,
                allowed=tuple(sorted(rule.player_counts or ())),
            )
    return filled


def written_options(rules: RuleSet, options: Mapping[str, OptionValue]) -> dict[str, Any]:
    """House rules as a game file writes them: a value its RULINGS section names by a word is
    that word ("wild_book": "none"), every other as it is."""
    written: dict[str, Any] = {}
    for name, value in options.items():
        rule = rules.house_rule(name)
        written[name] = value if rule is None else rule.written(value)
    return written
