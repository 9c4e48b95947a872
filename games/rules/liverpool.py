"""Liverpool Rummy: seven deals, each with a contract of sets and runs to lay down, and the cards
left in hand counting against the player holding them (RULINGS.md section 12)."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import ClassVar

from .contract_rummy import (
    WENT_OUT_FIELD,
    ScoredByPointsLeft,
    check_one_out,
    points_left_field,
    sample_out_hand,
    went_out_field,
)
from .core import CardValue, GameSetup, RuleSet
from .features import NO_OPENING_MINIMUM, RoundCard, Seating, choice_rule
from .scoring import HandContext, HandInput

PLAYER_COUNTS = tuple(range(3, 9))
#: Two packs with their jokers; a third from this many players.
PACKS = 2
THIRD_PACK_FROM = 5
#: A set is this many cards of a rank or more; a run this many in sequence in a suit or more.
SET_LEAST = 3
RUN_LEAST = 4
#: Each deal's contract, (sets, runs, cards dealt), deal 1 first; the last deal's contract also
#: uses every card, with no discard to go out.
CONTRACTS = ((2, 0, 10), (1, 1, 10), (0, 2, 10), (3, 0, 10), (2, 1, 12), (1, 2, 12), (0, 3, 12))
DEALS = len(CONTRACTS)
#: Points left in hand beyond this are a slip of the finger, not a hand (RULINGS.md).
MOST_POINTS = 1_000

#: Two to ten count their face value.
FACE_VALUE_RANKS = tuple(
    zip(
        ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
        range(2, 11),
        strict=True,
    )
)
COURT_CARDS = 10
ACE = 15
JOKER = 15
ACE_CHOICES = (ACE, 20)
JOKER_CHOICES = (JOKER, 25, 50)
#: RULINGS.md's worked deal: the cards a player is left holding ("ace" and "joker" follow the
#: table's house rules).
WORKED_DEAL = 3
WORKED_HAND = ("seven", "ten", "queen", "ace", "joker")


@dataclass(frozen=True)
class ContractCard(RoundCard):
    """What a deal of Liverpool asks before anyone deals: its contract and the cards dealt."""

    number: int
    sets: int
    runs: int
    cards: int
    #: The last deal: the contract takes every card in hand, and there is no discard to go out.
    every_card_used: bool = False

    numeric_columns: ClassVar[frozenset[int]] = frozenset({1})

    def as_dict(self) -> dict[str, object]:
        """The deal as `score_game` prints it, but its contract: the app words that (GAME-FILE.md,
        `round`: "contract")."""
        return {"deal": self.number, "cards": self.cards}


ROUNDS = tuple(
    ContractCard(number, sets, runs, cards, every_card_used=number == DEALS)
    for number, (sets, runs, cards) in enumerate(CONTRACTS, start=1)
)


def card_values_for(ace: int, joker: int) -> tuple[CardValue, ...]:
    """Each rank's value, as the card counter offers them, with this table's ace and joker."""
    return (
        *(CardValue(rank.capitalize(), value) for rank, value in FACE_VALUE_RANKS),
        CardValue("Jack, Queen, King", COURT_CARDS),
        CardValue("Ace", ace),
        CardValue("Joker", joker),
    )


class Liverpool(ScoredByPointsLeft, RuleSet):
    slug = "liverpool"
    family = "contract_rummy"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE
    hand_word = "deal"
    card_values = card_values_for(ACE, JOKER)
    allows_bare_total = False
    high_score_wins = False
    fixed_hands = DEALS
    most_hands = DEALS
    opening = NO_OPENING_MINIMUM
    rounds = ROUNDS
    one_side_fields = frozenset({WENT_OUT_FIELD})
    someone_every_hand = True
    house_rules = (
        choice_rule(
            "ace",
            ACE,
            ACE_CHOICES,
        ),
        choice_rule(
            "joker",
            JOKER,
            JOKER_CHOICES,
        ),
    )
    tally_fields = (
        points_left_field(usual_most=300, maximum=MOST_POINTS),
        went_out_field(),
    )

    # Numbers the prose reads; those a house rule changes are set per table.
    deals = DEALS
    set_least = SET_LEAST
    run_least = RUN_LEAST
    court_value = COURT_CARDS
    ace_value: int = ACE
    joker_value: int = JOKER
    worked_deal = WORKED_DEAL

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        self.ace_value = self.chosen_number("ace")
        self.joker_value = self.chosen_number("joker")
        self.card_values = card_values_for(self.ace_value, self.joker_value)

    def packs(self, players: int) -> int:
        return PACKS + 1 if players >= THIRD_PACK_FROM else PACKS

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        return sample_out_hand(game.side_names, rng, most=150)

    def check_hand(self, hand: HandContext) -> None:
        check_one_out(hand)
