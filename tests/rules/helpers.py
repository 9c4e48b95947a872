"""Small builders shared by the rule-set tests: games, hands and scoring in one call."""

from __future__ import annotations

from collections.abc import Mapping
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
FOUR = ("Ann", "Bob", "Cy", "Di")
PARTNERS = {ANN_CY: ("Ann", "Cy"), BOB_DI: ("Bob", "Di")}
SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
SIX_PARTNERS = {"Ann & Di": ("Ann", "Di"), "Bob & Ed": ("Bob", "Ed"), "Cy & Flo": ("Cy", "Flo")}


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


def hand(tallies: Mapping[str, Any], dealer: str | None = None) -> HandInput:
    return HandInput(tallies=tallies, dealer=dealer)


def score(game: GameSetup, *hands: Mapping[str, Any] | HandInput) -> GameScore:
    return game.score([h if isinstance(h, HandInput) else hand(h) for h in hands])


def score_one(game: GameSetup, tallies: Mapping[str, Any], dealer: str | None = None) -> GameScore:
    return game.score([hand(tallies, dealer)])


def bare(game: GameSetup, *totals: int) -> HandInput:
    """A hand of bare totals, one per side in the game's side order."""
    return hand({name: {"total": t} for name, t in zip(game.side_names, totals, strict=True)})


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
