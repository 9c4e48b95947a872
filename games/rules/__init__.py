"""The scoring rules of every rule set, in plain Python (no Django), so that they can be read,
tested and printed on their own. The web app, the printouts and the command line all call in here.
"""

from .american_canasta import AmericanCanasta
from .buraco import Buraco
from .burraco import Burraco
from .canasta import Canasta
from .chinchon import Chinchon
from .core import CardValue, GameScore, GameSetup, PartReason, RuleSet, Settlement, Shutout
from .errors import RulesError, Said
from .features import (
    NO_OPENING_MINIMUM,
    CardLine,
    DealerPartner,
    HandTracker,
    HouseRule,
    HouseRuleKind,
    OpeningByHand,
    OpeningByTotal,
    OpeningKind,
    OpeningMinimum,
    OptionValue,
    PennyPot,
    PhaseTrack,
    Pot,
    RoundCard,
    Seating,
    TrackerButton,
    TrackerRefused,
    TrackerView,
    UnknownSide,
)
from .five_crowns import FiveCrowns, WildRankCard
from .gin_rummy import GinRummy, OklahomaGin
from .hand_and_foot import HandAndFoot
from .liverpool import ContractCard, Liverpool
from .miromar import MiromarCanasta
from .own_game import OwnGame
from .pennies_from_heaven import PenniesFromHeavenPartnership, PenniesFromHeavenThreeHands
from .phase_10 import PhaseTen
from .samba import Bolivia, Samba
from .score_pad import ScorePad
from .scoring import HandContext, HandInput, HandScore
from .seats import Side
from .tally import LARGEST_NUMBER, FieldKind, TallyField
from .ten_pennies import FirstDownCard, TenPennies, TenPenniesJokers

RULE_SETS: dict[str, RuleSet] = {
    rules.slug: rules
    for rules in (
        PenniesFromHeavenPartnership(),
        PenniesFromHeavenThreeHands(),
        TenPennies(),
        TenPenniesJokers(),
        MiromarCanasta(),
        Canasta(),
        ScorePad(),
        HandAndFoot(),
        Samba(),
        Bolivia(),
        Liverpool(),
        FiveCrowns(),
        PhaseTen(),
        Buraco(),
        Burraco(),
        Chinchon(),
        AmericanCanasta(),
        GinRummy(),
        OklahomaGin(),
    )
}


def get_rule_set(slug: str) -> RuleSet:
    """The rule set called `slug`, or RulesError naming the ones there are."""
    try:
        return RULE_SETS[slug]
    except (KeyError, TypeError):
        raise RulesError("no_such_rule_set", name=repr(slug), known=tuple(RULE_SETS)) from None


def rule_set_choices() -> list[tuple[str, str]]:
    """(slug, slug) of every rule set, for model choices (read when asked, so a rule set added
    later needs no migration); a form names them in the reader's words
    (games.words.rule_set_choices)."""
    return [(slug, slug) for slug in RULE_SETS]


__all__ = [
    "LARGEST_NUMBER",
    "NO_OPENING_MINIMUM",
    "RULE_SETS",
    "Bolivia",
    "AmericanCanasta",
    "Buraco",
    "Burraco",
    "Canasta",
    "Chinchon",
    "CardLine",
    "CardValue",
    "ContractCard",
    "DealerPartner",
    "FieldKind",
    "FirstDownCard",
    "FiveCrowns",
    "GinRummy",
    "GameScore",
    "GameSetup",
    "HandAndFoot",
    "HandContext",
    "HandInput",
    "HandScore",
    "HandTracker",
    "HouseRule",
    "HouseRuleKind",
    "Liverpool",
    "MiromarCanasta",
    "OklahomaGin",
    "OpeningByHand",
    "OpeningByTotal",
    "OpeningKind",
    "PartReason",
    "OpeningMinimum",
    "OptionValue",
    "OwnGame",
    "PenniesFromHeavenPartnership",
    "PenniesFromHeavenThreeHands",
    "PennyPot",
    "PhaseTen",
    "PhaseTrack",
    "Pot",
    "RoundCard",
    "RuleSet",
    "RulesError",
    "Said",
    "Samba",
    "Seating",
    "Settlement",
    "Shutout",
    "Side",
    "TallyField",
    "TenPennies",
    "TenPenniesJokers",
    "TrackerButton",
    "TrackerRefused",
    "TrackerView",
    "UnknownSide",
    "WildRankCard",
    "get_rule_set",
    "rule_set_choices",
]
