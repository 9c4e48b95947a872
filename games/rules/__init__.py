"""The scoring rules of every rule set, in plain Python (no Django), so that they can be read,
tested and printed on their own. The web app, the printouts and the command line all call in here.
"""

from .core import (
    CardValue,
    FieldKind,
    Game,
    GameScore,
    HandInput,
    HandScore,
    RulesError,
    RuleSet,
    Side,
    TallyField,
)
from .miromar import MiromarCanasta
from .pennies_from_heaven import PenniesFromHeavenPartnership, PenniesFromHeavenThreeHands
from .ten_pennies import Pot, RoundCard, TenPennies, TenPenniesJokers

RULE_SETS: dict[str, RuleSet] = {
    rules.slug: rules
    for rules in (
        PenniesFromHeavenPartnership(),
        PenniesFromHeavenThreeHands(),
        TenPennies(),
        TenPenniesJokers(),
        MiromarCanasta(),
    )
}


def get_rule_set(slug: str) -> RuleSet:
    """The rule set called `slug`, or RulesError naming the ones there are."""
    try:
        return RULE_SETS[slug]
    except (KeyError, TypeError):
        known = ", ".join(RULE_SETS)
        raise RulesError(f"there is no rule set called {slug!r} (there are: {known})") from None


__all__ = [
    "RULE_SETS",
    "CardValue",
    "FieldKind",
    "Game",
    "GameScore",
    "HandInput",
    "HandScore",
    "MiromarCanasta",
    "Pot",
    "RoundCard",
    "RuleSet",
    "RulesError",
    "Side",
    "TallyField",
    "TenPennies",
    "TenPenniesJokers",
    "get_rule_set",
]
