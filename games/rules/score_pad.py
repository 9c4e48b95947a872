"""A score pad for any other card game: the table scores each hand itself and types each side's
result. The table picks the end (a target, a number of hands, neither) and who wins."""

from __future__ import annotations

from random import Random

from .core import GameSetup, RuleSet
from .features import NO_OPENING_MINIMUM, HouseRule, HouseRuleKind, Seating
from .scoring import HandContext, HandInput

PLAYER_COUNTS = tuple(range(1, 13))
#: The largest target a table may set, and the most hands.
HIGHEST_TARGET = 1_000_000
MOST_HANDS = 300


class ScorePad(RuleSet):
    slug = "score-pad"
    family = "score_pad"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE_OR_TEAMS
    fewest_sides = 1
    card_values = ()
    tally_fields = ()
    totals_only = True
    own_points_field = "total"
    may_have_no_end = True
    most_hands = MOST_HANDS
    opening = NO_OPENING_MINIMUM
    house_rules = (
        HouseRule(
            "target",
            HouseRuleKind.NUMBER,
            None,
            lowest=1,
            highest=HIGHEST_TARGET,
            optional=True,
        ),
        HouseRule(
            "hands",
            HouseRuleKind.NUMBER,
            None,
            lowest=1,
            highest=MOST_HANDS,
            optional=True,
        ),
        HouseRule(
            "lowest_wins",
            HouseRuleKind.YES_NO,
            False,
        ),
    )

    def packs(self, players: int) -> int:
        return 0

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        return HandInput({side: {"total": rng.randint(-200, 200)} for side in game.side_names})

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        # Every tally is a bare total, which the engine scores itself: nothing is itemized.
        return {}
