"""Five Crowns: eleven rounds of rummy with five suits, a card more dealt each round and the rank
that matches the cards dealt wild, the cards left in hand counting against the player holding
them (RULINGS.md section 13)."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import ClassVar

from .contract_rummy import (
    POINTS_FIELD,
    WENT_OUT_FIELD,
    OwnPack,
    ScoredByPointsLeft,
    check_one_out,
    points_left_field,
    sample_out_hand,
    went_out_field,
)
from .core import CardValue, GameSetup, RuleSet
from .features import NO_OPENING_MINIMUM, RoundCard, Seating
from .scoring import HandContext, HandInput

PLAYER_COUNTS = tuple(range(2, 8))
#: Two packs, each of five suits of threes to kings and three jokers.
PACKS = 2
SUITS = 5
SUIT_NAMES = ("stars", "hearts", "diamonds", "clubs", "spades")
JOKERS = 6
#: The ranks, lowest first, by their number (a jack is 11, a queen 12, a king 13): the card
#: value of each, and the number of cards dealt in the round it is wild.
RANK_NAMES = {
    3: ("three", "threes", "3"),
    4: ("four", "fours", "4"),
    5: ("five", "fives", "5"),
    6: ("six", "sixes", "6"),
    7: ("seven", "sevens", "7"),
    8: ("eight", "eights", "8"),
    9: ("nine", "nines", "9"),
    10: ("ten", "tens", "10"),
    11: ("jack", "jacks", "J"),
    12: ("queen", "queens", "Q"),
    13: ("king", "kings", "K"),
}
CARDS = PACKS * SUITS * len(RANK_NAMES) + JOKERS
#: Round n deals n + 2 cards: three in the first, thirteen in the eleventh.
FIRST_CARDS = min(RANK_NAMES)
ROUND_COUNT = len(RANK_NAMES)
#: A book is this many cards of a rank or more; a run this many in sequence in a suit or more.
BOOK_LEAST = 3
RUN_LEAST = 3
#: A card of the round's wild rank left in hand, and a joker (wild in every round).
WILD_VALUE = 20
JOKER = 50
#: RULINGS.md's worked round: round 6, eights wild; the cards a player is left holding.
WORKED_ROUND = 6
WORKED_HAND = (8, 13, 4, "joker")


def cards_dealt_in(round_number: int) -> int:
    return round_number + FIRST_CARDS - 1


@dataclass(frozen=True)
class WildRankCard(RoundCard):
    """What a round of Five Crowns asks before anyone deals: the cards dealt, and the rank
    that is wild (the one matching the cards dealt)."""

    number: int
    cards: int

    numeric_columns: ClassVar[frozenset[int]] = frozenset({0})

    @property
    def wild_rank(self) -> str:
        """The wild rank in a few words: "eights"."""
        return RANK_NAMES[self.cards][1]

    def as_dict(self) -> dict[str, object]:
        return {"round": self.number, "cards": self.cards, "wild": RANK_NAMES[self.cards][2]}


ROUNDS = tuple(WildRankCard(number, cards_dealt_in(number)) for number in range(1, ROUND_COUNT + 1))
LAST_CARDS = ROUNDS[-1].cards

CARD_VALUES = (
    *(CardValue(name.capitalize(), rank) for rank, (name, _, _) in RANK_NAMES.items()),
    CardValue("The round's wild rank", WILD_VALUE),
    CardValue("Joker", JOKER),
)


class FiveCrowns(ScoredByPointsLeft, OwnPack, RuleSet):
    slug = "five-crowns"
    #: The suits of its own pack (the words at the edge read it for the summary).
    suits = SUITS
    own_pack_cards = CARDS
    family = "rummy"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE
    hand_word = "round"
    card_values = CARD_VALUES
    allows_bare_total = False
    high_score_wins = False
    fixed_hands = ROUND_COUNT
    most_hands = ROUND_COUNT
    opening = NO_OPENING_MINIMUM
    rounds = ROUNDS
    one_side_fields = frozenset({WENT_OUT_FIELD})
    someone_every_hand = True
    tally_fields = (
        points_left_field(usual_most=250),
        went_out_field(),
    )

    # Numbers and words the prose reads.
    round_count = ROUND_COUNT
    first_cards = FIRST_CARDS
    last_cards = LAST_CARDS
    first_wild = ROUNDS[0].wild_rank
    last_wild = ROUNDS[-1].wild_rank
    book_least = BOOK_LEAST
    run_least = RUN_LEAST
    wild_value = WILD_VALUE
    joker_value = JOKER
    worked_round = WORKED_ROUND
    worked_wild = ROUNDS[WORKED_ROUND - 1].wild_rank

    def counted_values_in(self, number: int) -> tuple[CardValue, ...]:
        """The round's wild rank is counted as wild, at its own value, not at its face value:
        in round 6 the counter offers "Eights, wild" at 20 and no plain eight."""
        if not 1 <= number <= ROUND_COUNT:
            return self.counted_card_values
        wild = cards_dealt_in(number)
        ranks = [
            CardValue(name.capitalize(), rank)
            for rank, (name, _, _) in RANK_NAMES.items()
            if rank != wild
        ]
        wild_cards = CardValue(f"{RANK_NAMES[wild][1].capitalize()}, wild", WILD_VALUE)
        return (*ranks, wild_cards, CardValue("Joker", JOKER))

    def packs(self, players: int) -> int:
        return PACKS

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        # Round 1's ceiling holds in every round: any round may come next.
        return sample_out_hand(game.side_names, rng, most=self.most_points(ROUNDS[0].cards))

    def most_points(self, cards_dealt: int) -> int:
        """The most a player can be left holding in a round: a joker for every card dealt
        and one more."""
        return self.joker_value * (cards_dealt + 1)

    def check_hand(self, hand: HandContext) -> None:
        check_one_out(hand)
        most = self.most_points(cards_dealt_in(hand.number))
        for name, tally in hand.itemized.items():
            points = int(tally[POINTS_FIELD])
            if points > most:
                raise hand.refuse(
                    "too_many_points_left",
                    name,
                    POINTS_FIELD,
                    points=points,
                    round=hand.number,
                    dealt=cards_dealt_in(hand.number),
                    most=most,
                )
