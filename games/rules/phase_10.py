"""Phase 10: every player works through ten phases of sets, runs and colours, one at a time, and
the cards left in hand count against the player holding them; the game ends after the hand in
which a player completes the last phase (RULINGS.md section 14)."""

from __future__ import annotations

from random import Random

from .contract_rummy import (
    WENT_OUT_FIELD,
    OwnPack,
    ScoredByPointsLeft,
    cards_in_hand,
    check_one_out,
    points_left_field,
    sample_out_hand,
    went_out_field,
)
from .core import CardValue, GameScore, GameSetup, RuleSet
from .errors import Said, said
from .features import NO_OPENING_MINIMUM, PhaseTrack, Seating
from .prose import Prose, Section, in_words
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


def phase_words(groups: tuple[tuple[str, int], ...]) -> str:
    """A phase in players' words: "two sets of three", "a set of three and a run of four",
    "seven cards of one colour"."""
    said: list[str] = []
    index = 0
    while index < len(groups):
        kind, cards = groups[index]
        count = 1
        while index + count < len(groups) and groups[index + count] == groups[index]:
            count += 1
        index += count
        if kind == COLOUR:
            said.append(f"{in_words(cards)} cards of one colour")
        elif count == 1:
            said.append(f"a {kind} of {in_words(cards)}")
        else:
            said.append(f"{in_words(count)} {kind}s of {in_words(cards)}")
    return " and ".join(said)


PHASE_TRACK = PhaseTrack(tuple(phase_words(groups) for groups in PHASES), COMPLETED_FIELD)

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
    name = "Phase 10"
    summary = (
        f"Rummy for {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} in which every player works "
        f"through {in_words(LAST_PHASE)} phases of sets, runs and colours; it ends when a "
        "player completes the last, and of those who did the lowest total wins."
    )
    family = "Contract rummy"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE
    cards_dealt = f"{HAND_CARDS} cards to each player"
    card_values = CARD_VALUES
    wild_cards = f"the {WILDS} wild cards"
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
            "Completed the phase",
            FieldKind.YES_NO,
            None,
            "the player laid down their whole phase and moves on to the next for the following "
            "hand",
            short_label="Phase done",
        ),
        went_out_field("the player who went out completed the phase and has no cards left"),
    )

    # Numbers the prose reads.
    hand_cards = HAND_CARDS
    last_phase = LAST_PHASE
    skip_value = SKIP_VALUE
    wild_value = WILD_VALUE

    prose = Prose(
        sections=(
            Section(
                "Players and cards",
                (
                    "{name} is for {players}, each on their own, with a pack of its own: "
                    "{packs}. For the first hand everyone draws a card and the highest deals; "
                    "after each hand the deal passes one seat to the left.",
                    "The dealer gives each player {hand_cards:w} cards, puts the rest face down "
                    "as the stock and turns its top card face up to start the discard pile. "
                    "The player on the dealer's left plays first; play goes clockwise.",
                ),
            ),
            Section(
                "The phases",
                (
                    "Every player works through the {last_phase:w} phases below in order, one "
                    "at a time. In each hand you try to lay down the phase you are on, all of "
                    "it in a single turn. Complete it and you move on to the next phase for "
                    "the following hand; if you don't, you try the same phase again. Players "
                    "are often on different phases.",
                    "A set is cards of the same number, colours mixed. A run is numbers in "
                    "sequence, colours mixed. Cards of one colour may be any numbers.",
                ),
                table="phases",
            ),
            Section(
                "Wild cards and skips",
                (
                    "A wild card stands for any number in any colour, in any part of a phase. A "
                    "skip is never part of a phase: discard it to make a player of your choice "
                    "miss their next turn.",
                ),
            ),
            Section(
                "A turn",
                (
                    "In your turn:",
                    "- Draw the top card of the stock or of the discard pile.",
                    "- Lay down your phase if you hold all of it. Once your phase is down you "
                    "may also add cards to any phase on the table, yours or another player's, "
                    "where they fit (hitting).",
                    "- Discard a card face up.",
                ),
            ),
            Section(
                "Going out",
                (
                    "You go out by getting rid of your last card, by hitting or discarding; "
                    "only a player whose phase is down can go out. The hand ends at once.",
                ),
            ),
            Section(
                "Scoring",
                (
                    "When a player goes out, everyone else counts the cards left in hand "
                    "against them (table below). The player who went out scores nothing.",
                    "For example, Ann goes out and scores nothing; Bob is left holding "
                    "{worked_hand} points against him.",
                ),
                table="card_values",
            ),
        ),
        ending="The game ends after the hand in which any player completes phase "
        "{last_phase}. Of the players who completed it, the lowest total wins; equal lowest "
        "totals share the win. A player who has not completed phase {last_phase} cannot win, "
        "however low their total.",
        goal="played until a player completes phase {last_phase}; of those, the lowest total wins",
        pad_note="Each hand, write the phase each player plays and tick it if they complete it "
        "(they move on to the following phase in the next hand), then the card values they "
        "are left holding; the player who went out scores nothing. Cross each phase off at the "
        "foot once it is made.",
    )

    @property
    def worked_hand(self) -> str:
        """RULINGS.md's worked hand, card by card."""
        return cards_in_hand([(str(card), card_value(card)) for card in WORKED_HAND])

    def packs(self, players: int) -> int:
        return 1

    def describe_packs(self) -> str:
        colours = f"{', '.join(COLOURS[:-1])} and {COLOURS[-1]}"
        return (
            f"{CARDS} cards, the numbers {LOWEST_NUMBER} to {HIGHEST_NUMBER} in "
            f"{in_words(len(COLOURS))} colours ({colours}), each twice, {WILDS} wild cards and "
            f"{SKIPS} skips"
        )

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        most = MOST_CARDS_LEFT * WILD_VALUE
        return sample_out_hand(
            game.side_names, rng, most, multiple_of=LOW_VALUE, also=(COMPLETED_FIELD,)
        )

    def check_hand(self, hand: HandContext) -> None:
        out = check_one_out(hand)
        if not hand.itemized[out][COMPLETED_FIELD]:
            phase = PHASE_TRACK.next_phases(hand.so_far)[out]
            # The phase said as the rule sheet says it, until its prose moves to the edge.
            words = PHASE_TRACK.words(phase)
            raise hand.refuse("out_before_phase", out, COMPLETED_FIELD, phase=phase, words=words)

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
