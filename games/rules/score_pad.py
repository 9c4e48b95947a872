"""A score pad for any other card game: the table scores each hand itself and types each side's
result. The table picks the end (a target, a number of hands, neither) and who wins."""

from __future__ import annotations

from random import Random

from .core import GameSetup, RuleSet
from .features import NO_OPENING_MINIMUM, HouseRule, HouseRuleKind, Seating
from .prose import Prose, Section
from .scoring import HandContext, HandInput

PLAYER_COUNTS = tuple(range(1, 13))
#: The largest target a table may set, and the most hands.
HIGHEST_TARGET = 1_000_000
MOST_HANDS = 300


class ScorePad(RuleSet):
    chip_name = "Any other game"
    slug = "score-pad"
    name = "Score pad (any other game)"
    summary = (
        "For Hearts, Spades or any game with no rule set here: type each side's score for the "
        "hand. "
        "Play to a target, for a number of hands, or until you say the game is over."
    )
    family = "Score pad"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE_OR_TEAMS
    fewest_sides = 1
    cards_dealt = "as your game deals"
    card_values = ()
    wild_cards = "as your game plays them"
    tally_fields = ()
    totals_only = True
    own_points_field = "total"
    may_have_no_end = True
    most_hands = MOST_HANDS
    opening = NO_OPENING_MINIMUM
    house_rules = (
        HouseRule(
            "target",
            "Game to",
            HouseRuleKind.NUMBER,
            None,
            lowest=1,
            highest=HIGHEST_TARGET,
            optional=True,
            phrase="game to {value}",
            phrase_none="no target",
        ),
        HouseRule(
            "hands",
            "Number of hands",
            HouseRuleKind.NUMBER,
            None,
            lowest=1,
            highest=MOST_HANDS,
            optional=True,
            phrase="{value} hand{s}",
            phrase_none="no set number of hands",
        ),
        HouseRule(
            "lowest_wins",
            "Lowest total wins",
            HouseRuleKind.YES_NO,
            False,
            phrase="lowest total wins",
            phrase_no="highest total wins",
        ),
    )

    prose = Prose(
        sections=(
            Section(
                "How it works",
                (
                    "Play your game as you always do. At the end of each hand, work out each "
                    "side's score for that hand the way your game counts it, and write (or "
                    "type) that score for every side: a minus score is written with its sign, "
                    "and a side that scored nothing gets a zero.",
                    "Keep a running total for each side: add the hand's score to the total "
                    "above it.",
                ),
            ),
            Section(
                "Choosing the end",
                (
                    "Before the first hand, agree how the game ends: when a side's total "
                    "reaches a target, after a set number of hands, or whenever the table "
                    "decides to stop. With both a target and a number of hands, whichever comes "
                    "first ends it.",
                    "Agree too which total wins: in most games the highest, in games such as "
                    "Hearts the lowest, with the target ending the game for everyone.",
                ),
            ),
        ),
        house_rules={
            "lowest_wins": "Some games are won by the lowest total (Hearts, for example): the "
            "table chooses that when it sets up the game.",
        },
        pad_note="Write each hand's score with its sign, then add it to the total above.",
    )

    def packs(self, players: int) -> int:
        return 0

    def describe_packs(self) -> str:
        return "the cards your game uses"

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        return HandInput({side: {"total": rng.randint(-200, 200)} for side in game.side_names})

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        # Every tally is a bare total, which the engine scores itself: nothing is itemized.
        return {}
