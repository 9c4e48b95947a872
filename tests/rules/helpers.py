"""Small builders shared by the rule-set tests: games, hands and scoring in one call."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from games.rules import (
    GameScore,
    GameSetup,
    HandInput,
    Pot,
    RoundCard,
    RulesError,
    RuleSet,
    Side,
    get_rule_set,
)

ANN_CY, BOB_DI = "Ann & Cy", "Bob & Di"
TWO = ("Ann", "Bob")
THREE = ("Ann", "Bob", "Cy")
FOUR = ("Ann", "Bob", "Cy", "Di")
PARTNERS = {ANN_CY: ("Ann", "Cy"), BOB_DI: ("Bob", "Di")}
SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
ANN_DI, BOB_ED, CY_FLO = "Ann & Di", "Bob & Ed", "Cy & Flo"
SIX_PARTNERS = {ANN_DI: ("Ann", "Di"), BOB_ED: ("Bob", "Ed"), CY_FLO: ("Cy", "Flo")}

#: Rows of a test table keyed by rule set: a list of rows, or rows by name.
Table = Mapping[str, Mapping[str, tuple[Any, ...]] | Sequence[tuple[Any, ...]]]


def keyed(table: Table) -> list[Any]:
    """A table keyed by rule set as parametrize rows, each with its rule set first; a rule
    set's rows given as a mapping are named "<rule set>-<name>"."""
    params = []
    for slug, rows in table.items():
        named = rows.items() if isinstance(rows, Mapping) else ((None, row) for row in rows)
        for name, row in named:
            params.append(pytest.param(slug, *row, id=f"{slug}-{name}" if name else None))
    return params


def new_game(
    slug: str,
    players: tuple[str, ...] | list[str] = FOUR,
    sides: Mapping[str, tuple[str, ...]] | None = None,
    options: Mapping[str, Any] | None = None,
) -> GameSetup:
    built = [Side(name, tuple(members)) for name, members in sides.items()] if sides else None
    return get_rule_set(slug).new_game(list(players), built, options)


def partnership(slug: str, options: Mapping[str, Any] | None = None) -> GameSetup:
    return new_game(slug, FOUR, PARTNERS, options)


def seated(
    slug: str, players: tuple[str, ...], options: Mapping[str, Any] | None = None
) -> GameSetup:
    """A game of `players`: FOUR as two partnerships (PARTNERS), any other number each alone."""
    if players == FOUR:
        return partnership(slug, options)
    return new_game(slug, players, None, options)


def hand(tallies: Mapping[str, Any], dealer: str | None = None) -> HandInput:
    return HandInput(tallies=tallies, dealer=dealer)


def score(game: GameSetup, *hands: Mapping[str, Any] | HandInput) -> GameScore:
    return game.score([h if isinstance(h, HandInput) else hand(h) for h in hands])


def score_one(game: GameSetup, tallies: Mapping[str, Any], dealer: str | None = None) -> GameScore:
    return game.score([hand(tallies, dealer)])


def bare(game: GameSetup, *totals: int) -> HandInput:
    """A hand of bare totals, one per side in the game's side order."""
    return hand({name: {"total": t} for name, t in zip(game.side_names, totals, strict=True)})


def played(game: GameSetup, *hands: tuple[int, ...] | Mapping[str, Any]) -> GameScore:
    """`game` scored over `hands`, each bare totals (one per side, in side order) or tallies."""
    return score(game, *(bare(game, *h) if isinstance(h, tuple) else hand(h) for h in hands))


def pot_of(score: GameScore) -> Pot:
    """The pot of a game whose rule set has one."""
    pot = score.pot()
    assert pot is not None
    return pot


def round_of(rules: RuleSet, number: int) -> RoundCard:
    """Round `number`'s card of a rule set that has a round table."""
    card = rules.round_card(number)
    assert card is not None
    return card


def one_hand(game: GameSetup, *tallies: Mapping[str, Any]) -> dict[str, int]:
    """The hand scores of a single hand, one tally per side in the game's side order."""
    result = score(game, dict(zip(game.side_names, tallies, strict=True)))
    return result.hands[0].scores


def refusal(game: GameSetup, *tallies: Mapping[str, Any]) -> RulesError:
    """What the rules refuse a single hand with (it must be refused)."""
    with pytest.raises(RulesError) as caught:
        one_hand(game, *tallies)
    return caught.value
