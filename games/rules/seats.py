"""Who plays and on which side: the checks every game's set-up goes through, whatever its rule
set (each player named once, the sides against the rule set's seating)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import RulesError
from .features import Seating

if TYPE_CHECKING:
    from .core import RuleSet


@dataclass(frozen=True)
class Side:
    name: str
    players: tuple[str, ...]


def check_players(rules: RuleSet, players: tuple[str, ...]) -> None:
    """Every player named, once, and as many as the rule set is played by."""
    for player in players:
        if not isinstance(player, str) or not player.strip():
            raise RulesError("player_needs_name")
    if len(set(players)) != len(players):
        duplicate = next(p for p in players if players.count(p) > 1)
        raise RulesError("player_listed_twice", name=duplicate)
    if len(players) not in rules.player_counts:
        raise _wrong_player_count(rules, len(players))


def _wrong_player_count(rules: RuleSet, players: int) -> RulesError:
    """The refusal of `players` players, saying the counts the rule set is played by as
    the words of its player counts say them: "4 players", "2 or 4 players", "2 to 6 players"."""
    counts, name = rules.player_counts, rules.slug
    if len(counts) == 1:
        return RulesError("played_by_count", rule_set=name, count=counts[0], players=players)
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return RulesError(
            "played_by_range",
            rule_set=name,
            lowest=counts[0],
            highest=counts[-1],
            players=players,
        )
    return RulesError("played_by_counts", rule_set=name, counts=tuple(counts), players=players)


def default_sides(rules: RuleSet, players: tuple[str, ...]) -> tuple[Side, ...]:
    """A side of one for each player, where the rule set's seating lets them play alone."""
    if rules.seating_for(len(players)) is Seating.PARTNERS:
        raise RulesError("name_the_sides", rule_set=rules.slug)
    return tuple(Side(name=player, players=(player,)) for player in players)


def check_sides(rules: RuleSet, players: tuple[str, ...], sides: tuple[Side, ...]) -> None:
    """Each player on exactly one named side, and the sides as the rule set seats them."""
    names = [side.name for side in sides]
    for side in sides:
        if not isinstance(side.name, str) or not side.name.strip():
            raise RulesError("side_needs_name")
        if not side.players:
            raise RulesError("side_has_no_players", name=side.name)
    if len(set(names)) != len(names):
        duplicate = next(n for n in names if names.count(n) > 1)
        raise RulesError("two_sides_same_name", name=duplicate)
    seated = [player for side in sides for player in side.players]
    for player in seated:
        if player not in players:
            raise RulesError(
                "side_names_stranger", name=_side_holding(sides, player), player=player
            )
        if seated.count(player) > 1:
            raise RulesError("player_on_two_sides", player=player)
    for player in players:
        if player not in seated:
            raise RulesError("player_on_no_side", player=player)
    _check_side_sizes(rules, len(players), sides)


def _check_side_sizes(rules: RuleSet, players: int, sides: tuple[Side, ...]) -> None:
    if len(sides) < rules.fewest_sides:
        raise RulesError("too_few_sides", fewest=rules.fewest_sides)
    sizes = {len(side.players) for side in sides}
    if len(sizes) > 1:
        raise RulesError("sides_unequal")
    size = sizes.pop()
    seating = rules.seating_for(players)
    if seating is Seating.PARTNERS and size != 2:
        raise RulesError("sides_of_two", rule_set=rules.slug)
    if seating is Seating.ALONE and size != 1:
        raise RulesError("everyone_alone", rule_set=rules.slug)


def _side_holding(sides: Iterable[Side], player: str) -> str:
    return next(side.name for side in sides if player in side.players)
