"""Phase 10: every player works through ten phases of sets, runs and colours, one at a time, and
the cards left in hand count against the player holding them; the game ends after the hand in
which a player completes the last phase (RULINGS.md section 14)."""

from __future__ import annotations

from random import Random

from .contract_rummy import (
    WENT_OUT_FIELD,
    OwnPack,
    ScoredByPointsLeft,
    check_one_out,
    points_left_field,
    sample_out_hand,
    went_out_field,
)
from .core import CardValue, GameScore, GameSetup, RuleSet
from .errors import Said, said
from .features import NO_OPENING_MINIMUM, PhaseTrack, Seating
from .scoring import HandContext, HandInput
from .tally import FieldKind, TallyField

PLAYER_COUNTS = tuple(range(2, 7))
HAND_CARDS = 10
COMPLETED_FIELD = "completed_phase"

# The Phase 10 pack: the numbers in four colours, twice over, with wild cards and skips.
LOWEST_NUMBER, HIGHEST_NUMBER = 1, 12
COLOURS = ("red", "blue", "green", "yellow")
WILDS = 8
SKIPS = 4
CARDS = (HIGHEST_NUMBER - LOWEST_NUMBER + 1) * len(COLOURS) * 2 + WILDS + SKIPS

# What a card left in hand costs: the low numbers, the high numbers, a skip, a wild card.
LOW_NUMBERS, HIGH_NUMBERS = (LOWEST_NUMBER, 9), (10, HIGHEST_NUMBER)
LOW_VALUE, HIGH_VALUE = 5, 10
SKIP_VALUE = 15
WILD_VALUE = 25
#: A player is never left holding more than this many cards (RULINGS.md's check).
MOST_CARDS_LEFT = HAND_CARDS + 1

SET, RUN, COLOUR = "set", "run", "colour"
#: Each phase, first to last: the groups of cards it asks for, as (kind, cards).
PHASES: tuple[tuple[tuple[str, int], ...], ...] = (
    ((SET, 3), (SET, 3)),
    ((SET, 3), (RUN, 4)),
    ((SET, 4), (RUN, 4)),
    ((RUN, 7),),
    ((RUN, 8),),
    ((RUN, 9),),
    ((SET, 4), (SET, 4)),
    ((COLOUR, 7),),
    ((SET, 5), (SET, 2)),
    ((SET, 5), (SET, 3)),
)
LAST_PHASE = len(PHASES)
#: RULINGS.md's worked hand: the cards a player is left holding.
WORKED_HAND = (3, 11, "skip", "wild")


PHASE_TRACK = PhaseTrack(PHASES, COMPLETED_FIELD)

CARD_VALUES = (
    CardValue(f"{LOW_NUMBERS[0]} to {LOW_NUMBERS[1]}", LOW_VALUE),
    CardValue(f"{HIGH_NUMBERS[0]} to {HIGH_NUMBERS[1]}", HIGH_VALUE),
    CardValue("Skip", SKIP_VALUE),
    CardValue("Wild", WILD_VALUE),
)


def card_value(card: int | str) -> int:
    if card == "skip":
        return SKIP_VALUE
    if card == "wild":
        return WILD_VALUE
    return LOW_VALUE if int(card) <= LOW_NUMBERS[1] else HIGH_VALUE


class PhaseTen(ScoredByPointsLeft, OwnPack, RuleSet):
    slug = "phase-10"
    own_pack_cards = CARDS
    family = "contract_rummy"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE
    card_values = CARD_VALUES
    allows_bare_total = False
    high_score_wins = False
    ends_by_own_rule = True
    #: Each hand the player who goes out completes a phase, and the hand in which anyone
    #: completes the last is the last: at most all but the last phase for every player at the
    #: biggest table, and that hand.
    most_hands = (LAST_PHASE - 1) * PLAYER_COUNTS[-1] + 1
    opening = NO_OPENING_MINIMUM
    phase_track = PHASE_TRACK
    one_side_fields = frozenset({WENT_OUT_FIELD})
    someone_every_hand = True
    implied_by = {COMPLETED_FIELD: WENT_OUT_FIELD}
    tally_fields = (
        points_left_field(
            usual_most=150, maximum=MOST_CARDS_LEFT * WILD_VALUE, multiple_of=LOW_VALUE
        ),
        TallyField(
            COMPLETED_FIELD,
            FieldKind.YES_NO,
            None,
        ),
        went_out_field(),
    )

    # Numbers the prose reads.
    hand_cards = HAND_CARDS
    last_phase = LAST_PHASE
    skip_value = SKIP_VALUE
    wild_value = WILD_VALUE

    def packs(self, players: int) -> int:
        return 1

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        most = MOST_CARDS_LEFT * WILD_VALUE
        return sample_out_hand(
            game.side_names, rng, most, multiple_of=LOW_VALUE, also=(COMPLETED_FIELD,)
        )

    def check_hand(self, hand: HandContext) -> None:
        out = check_one_out(hand)
        if not hand.itemized[out][COMPLETED_FIELD]:
            phase = PHASE_TRACK.next_phases(hand.so_far)[out]
            raise hand.refuse("out_before_phase", out, COMPLETED_FIELD, phase=phase)

    # -- the end of the game: a player completes the last phase ----------------------------------

    def game_is_over(self, score: GameScore) -> bool:
        return bool(PHASE_TRACK.completed_every_phase(score))

    def game_over_reason(self, score: GameScore) -> Said:
        done = PHASE_TRACK.completed_every_phase(score)
        return said("phase_10_over", last=len(score.hands), players=tuple(done), phase=LAST_PHASE)

    def winners_of(self, score: GameScore) -> list[str]:
        """The lowest total among the players who completed the last phase."""
        done = PHASE_TRACK.completed_every_phase(score)
        return self.winners({name: score.totals[name] for name in done}) if done else []

    def why_they_won(self, score: GameScore) -> Said | None:
        done = PHASE_TRACK.completed_every_phase(score)
        if len(done) == 1:
            return said("phase_10_one_completed", player=done[0], phase=LAST_PHASE)
        return said("phase_10_lowest_of_completed", players=tuple(done), phase=LAST_PHASE)

    leads_by = "phase_then_points"

    def standings(self, score: GameScore) -> list[str]:
        """The players furthest on first, then the lowest totals."""
        phases = PHASE_TRACK.next_phases(score)
        return sorted(score.totals, key=lambda name: (-phases[name], score.totals[name]))

    def leaders_of(self, score: GameScore) -> list[str]:
        """The lowest total among the players furthest on: the first to complete the last
        phase wins, so a player behind trails whatever their total."""
        phases = PHASE_TRACK.next_phases(score)
        furthest = max(phases.values())
        return self.winners(
            {name: total for name, total in score.totals.items() if phases[name] == furthest}
        )
