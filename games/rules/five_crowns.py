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
    cards_in_hand,
    check_one_out,
    points_left_field,
    sample_out_hand,
    went_out_field,
)
from .core import CardValue, GameSetup, RuleSet
from .features import NO_OPENING_MINIMUM, CardLine, RoundCard, Seating
from .prose import Prose, Section, in_words
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

    table_head: ClassVar[tuple[str, ...]] = ("Cards dealt", "Wild rank")
    numeric_columns: ClassVar[frozenset[int]] = frozenset({0})

    @property
    def wild_rank(self) -> str:
        """The wild rank in a few words: "eights"."""
        return RANK_NAMES[self.cards][1]

    @property
    def headline(self) -> CardLine:
        return CardLine(f"Round {self.number}: ", f"{self.cards} cards, {self.wild_rank} wild")

    @property
    def detail(self) -> CardLine:
        return CardLine(
            "Jokers wild too · ", self.wild_rank, f" left in hand cost {WILD_VALUE} each"
        )

    @property
    def table_row(self) -> tuple[str, ...]:
        return (str(self.cards), self.wild_rank)

    @property
    def pad_lines(self) -> tuple[str, ...]:
        return (f"{self.cards} cards", f"{self.wild_rank} wild")

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
    name = "Five Crowns"
    summary = (
        f"{in_words(ROUND_COUNT).capitalize()} rounds of rummy for {PLAYER_COUNTS[0]} to "
        f"{PLAYER_COUNTS[-1]} with {in_words(SUITS)} suits: a card more dealt each round, the "
        "rank matching the cards dealt is wild, and the lowest total wins."
    )
    family = "Rummy"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE
    hand_word = "round"
    cards_dealt = (
        f"{FIRST_CARDS} cards to each player in the first round, a card more each round, up to "
        f"{LAST_CARDS} in the last"
    )
    card_values = CARD_VALUES
    wild_cards = (
        f"jokers, and in each round the rank matching the cards dealt ({ROUNDS[0].wild_rank} "
        f"in the first round up to {ROUNDS[-1].wild_rank} in the last)"
    )
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
        went_out_field("the player who went out first has no cards left, so no points"),
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

    prose = Prose(
        sections=(
            Section(
                "Players and cards",
                (
                    "Five Crowns is for {players}, each on their own, with cards of its own: "
                    "{packs}. For the first round everyone draws a card and the highest deals; "
                    "after each round the deal passes one seat to the left.",
                    "The dealer gives each player the round's cards (table below), puts the "
                    "rest face down as the stock and turns its top card face up to start the "
                    "discard pile. The player on the dealer's left plays first; play goes "
                    "clockwise.",
                ),
            ),
            Section(
                "Rounds and wild cards",
                (
                    "The game is {round_count:w} rounds. The first deals {first_cards:w} cards "
                    "to each player, and every round after deals a card more, up to "
                    "{last_cards:w} in the last. The rank that matches the number of cards "
                    "dealt is wild for that round: {first_wild} in the first round, {last_wild} "
                    "in the last. Jokers are wild in every round. A wild card stands for "
                    "whatever card you need.",
                ),
                table="rounds",
            ),
            Section(
                "Books and runs",
                (
                    "A book is {book_least:w} or more cards of the same rank, suits mixed. A run "
                    "is {run_least:w} or more cards in sequence in the same suit; threes are "
                    "low and kings high, and a run never goes round the corner from a king to "
                    "a three. Wild cards may fill any place in a book or a run.",
                ),
            ),
            Section(
                "A turn",
                (
                    "In your turn, draw the top card of the stock or of the discard pile, then "
                    "discard a card face up. Nothing is laid down during play: you keep your "
                    "books and runs in your hand until someone goes out.",
                ),
            ),
            Section(
                "Going out",
                (
                    "When every card in your hand but the last fits into books and runs, lay "
                    "them all down and discard the last card: you have gone out. Every other "
                    "player then has a last turn: draw, lay down whatever books and runs they "
                    "can, and discard. A player who lays down every card in that last turn "
                    "also scores nothing for the round.",
                ),
            ),
            Section(
                "Scoring",
                (
                    "After those last turns, the cards each player still holds count against "
                    "them (table below): threes to tens their face value, jacks, queens and "
                    "kings more, every card of the round's wild rank {wild_value} and every "
                    "joker {joker_value}. The player who went out scores nothing. After the "
                    "last round the lowest total wins.",
                    "For example, in round {worked_round} {worked_wild} are wild. Ann goes out "
                    "and scores nothing; Bob is left holding {worked_hand} points against him.",
                ),
                table="card_values",
            ),
        ),
        pad_note="Each round, write the card values each player is left holding; the player who "
        "went out scores nothing. Lowest total wins.",
    )

    @property
    def worked_hand(self) -> str:
        """RULINGS.md's worked round, card by card."""
        wild = ROUNDS[self.worked_round - 1].cards
        cards: list[tuple[str, int]] = []
        for card in WORKED_HAND:
            if card == "joker":
                cards.append(("joker", self.joker_value))
            elif card == wild:
                cards.append((f"{RANK_NAMES[wild][0]} (wild)", self.wild_value))
            else:
                cards.append((RANK_NAMES[int(card)][0], int(card)))
        return cards_in_hand(cards)

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

    def describe_packs(self) -> str:
        return (
            f"{in_words(PACKS)} Five Crowns packs shuffled together, {CARDS} cards in all: "
            f"{in_words(SUITS)} suits ({', '.join(SUIT_NAMES[:-1])} and {SUIT_NAMES[-1]}) of "
            f"threes to kings in each pack, and {in_words(JOKERS)} jokers"
        )

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
