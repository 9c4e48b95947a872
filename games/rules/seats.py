"""Who plays and on which side: the checks every game's set-up goes through, whatever its rule
set (each player named once, the sides against the rule set's seating)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import RulesError
from .features import Seating
from .prose import in_words

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
            raise RulesError("every player needs a name")
    if len(set(players)) != len(players):
        duplicate = next(p for p in players if players.count(p) > 1)
        raise RulesError(f"{duplicate} is listed twice; every player needs a different name")
    if len(players) not in rules.player_counts:
        raise RulesError(
            f"{rules.name} is played by {rules.describe_player_counts()}, not {len(players)}"
        )


def default_sides(rules: RuleSet, players: tuple[str, ...]) -> tuple[Side, ...]:
    """A side of one for each player, where the rule set's seating lets them play alone."""
    if rules.seating_for(len(players)) is Seating.PARTNERS:
        raise RulesError(f"{rules.name} is played in partnerships: name the sides")
    return tuple(Side(name=player, players=(player,)) for player in players)


def check_sides(rules: RuleSet, players: tuple[str, ...], sides: tuple[Side, ...]) -> None:
    """Each player on exactly one named side, and the sides as the rule set seats them."""
    names = [side.name for side in sides]
    for side in sides:
        if not isinstance(side.name, str) or not side.name.strip():
            raise RulesError("every side needs a name")
        if not side.players:
            raise RulesError(f"side {side.name} has no players")
    if len(set(names)) != len(names):
        duplicate = next(n for n in names if names.count(n) > 1)
        raise RulesError(f"two sides are called {duplicate}; give each side its own name")
    seated = [player for side in sides for player in side.players]
    for player in seated:
        if player not in players:
            raise RulesError(
                f"side {_side_holding(sides, player)} names {player}, who is not among the players"
            )
        if seated.count(player) > 1:
            raise RulesError(f"{player} is on more than one side")
    for player in players:
        if player not in seated:
            raise RulesError(f"{player} is not on any side")
    _check_side_sizes(rules, len(players), sides)


def _check_side_sizes(rules: RuleSet, players: int, sides: tuple[Side, ...]) -> None:
    if len(sides) < rules.fewest_sides:
        raise RulesError(f"a game needs at least {in_words(rules.fewest_sides)} sides")
    sizes = {len(side.players) for side in sides}
    if len(sizes) > 1:
        raise RulesError("the sides must be the same size")
    size = sizes.pop()
    seating = rules.seating_for(players)
    if seating is Seating.PARTNERS and size != 2:
        raise RulesError(f"{rules.name} is played by partners: every side has two players")
    if seating is Seating.ALONE and size != 1:
        raise RulesError(f"in {rules.name} everyone plays on their own")


def _side_holding(sides: Iterable[Side], player: str) -> str:
    return next(side.name for side in sides if player in side.players)
