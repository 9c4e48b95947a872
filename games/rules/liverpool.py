"""Liverpool Rummy: seven deals, each with a contract of sets and runs to lay down, and the cards
left in hand counting against the player holding them (RULINGS.md section 12)."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import ClassVar

from .contract_rummy import (
    WENT_OUT_FIELD,
    ScoredByPointsLeft,
    cards_in_hand,
    check_one_out,
    points_left_field,
    sample_out_hand,
    went_out_field,
)
from .core import JOKERS_PER_PACK, PACK_CARDS, CardValue, GameSetup, RuleSet
from .features import NO_OPENING_MINIMUM, CardLine, RoundCard, Seating, choice_rule
from .prose import Prose, Section, in_words
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

    table_head: ClassVar[tuple[str, ...]] = ("Contract", "Cards dealt")
    numeric_columns: ClassVar[frozenset[int]] = frozenset({1})

    @property
    def contract(self) -> str:
        """ "two sets", "one set and one run"."""
        parts = [
            f"{in_words(count)} {noun}{'' if count == 1 else 's'}"
            for count, noun in ((self.sets, "set"), (self.runs, "run"))
            if count
        ]
        return " and ".join(parts)

    @property
    def contract_in_full(self) -> str:
        """The contract as RULINGS.md's table says it, the last deal's condition included."""
        if self.every_card_used:
            return f"{self.contract}, every card used, no discard"
        return self.contract

    @property
    def headline(self) -> CardLine:
        return CardLine(f"Deal {self.number}: ", self.contract, f" · {self.cards} cards")

    @property
    def detail(self) -> CardLine | None:
        if not self.every_card_used:
            return None
        return CardLine("Go out with ", "every card in the contract", ": no discard")

    @property
    def table_row(self) -> tuple[str, ...]:
        return (self.contract_in_full, str(self.cards))

    @property
    def pad_lines(self) -> tuple[str, ...]:
        # In figures, to fit a pad's narrow cell: "2 sets + 1 run".
        contract = " + ".join(
            f"{count} {noun}{'' if count == 1 else 's'}"
            for count, noun in ((self.sets, "set"), (self.runs, "run"))
            if count
        )
        lines = (contract, f"{self.cards} cards")
        return (*lines, "no discard") if self.every_card_used else lines

    def as_dict(self) -> dict[str, object]:
        return {"deal": self.number, "contract": self.contract_in_full, "cards": self.cards}


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


def cards_dealt_words() -> str:
    """ "10 cards to each player in deals 1 to 4, 12 in deals 5 to 7"."""
    runs: list[tuple[int, list[int]]] = []
    for card in ROUNDS:
        if runs and runs[-1][0] == card.cards:
            runs[-1][1].append(card.number)
        else:
            runs.append((card.cards, [card.number]))
    (first, first_deals), *later = runs
    said = [f"{first} cards to each player in deals {first_deals[0]} to {first_deals[-1]}"]
    said += [f"{cards} in deals {deals[0]} to {deals[-1]}" for cards, deals in later]
    return ", ".join(said)


class Liverpool(ScoredByPointsLeft, RuleSet):
    chip_name = "Liverpool"
    slug = "liverpool"
    name = "Liverpool Rummy"
    summary = (
        f"{in_words(DEALS).capitalize()} deals of contract rummy for {PLAYER_COUNTS[0]} to "
        f"{PLAYER_COUNTS[-1]}, a bigger contract of sets and runs each deal; the cards left in "
        "hand count against you, and the lowest total wins."
    )
    family = "Contract rummy"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE
    hand_word = "deal"
    cards_dealt = cards_dealt_words()
    card_values = card_values_for(ACE, JOKER)
    wild_cards = "jokers"
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
            "ace", "An ace left in hand counts", ACE, ACE_CHOICES, phrase="an ace counts {value}"
        ),
        choice_rule(
            "joker",
            "A joker left in hand counts",
            JOKER,
            JOKER_CHOICES,
            phrase="a joker counts {value}",
        ),
    )
    tally_fields = (
        points_left_field(usual_most=300, maximum=MOST_POINTS),
        went_out_field("the player who went out has no cards left, so no points"),
    )

    # Numbers the prose reads; those a house rule changes are set per table.
    deals = DEALS
    set_least = SET_LEAST
    run_least = RUN_LEAST
    court_value = COURT_CARDS
    ace_value: int = ACE
    joker_value: int = JOKER
    worked_deal = WORKED_DEAL

    prose = Prose(
        sections=(
            Section(
                "Players and cards",
                (
                    "Liverpool is for {players}, each on their own. Shuffle together {packs}. "
                    "The game is {deals:w} deals. For the first, everyone draws a card and the "
                    "highest deals; after each deal the deal passes one seat to the left.",
                    "The dealer gives each player the cards the deal calls for (contract table "
                    "below), puts the rest face down as the stock and turns its top card face "
                    "up to start the discard pile. The player on the dealer's left plays "
                    "first; play goes clockwise.",
                ),
            ),
            Section(
                "Contracts",
                (
                    "Every deal has a contract: the sets and runs you must lay down together, "
                    "in a single turn, before you may lay down anything else. A set is "
                    "{set_least:w} or more cards of the same rank, suits mixed. A run is "
                    "{run_least:w} or more cards in sequence in the same suit; an ace may go "
                    "before a two or after a king, but a run never turns the corner from a "
                    "king through an ace to a two. A set or a run of the contract may be longer "
                    "than the least it needs.",
                ),
                table="rounds",
            ),
            Section(
                "Jokers",
                (
                    "Jokers are wild: a joker stands for whatever card you need in a set or a "
                    "run. A joker still in your hand when someone goes out costs you "
                    "{joker_value}.",
                ),
            ),
            Section(
                "A turn",
                (
                    "In your turn:",
                    "- Draw the top card of the stock or the top card of the discard pile.",
                    "- Lay down the deal's contract if you hold it. Once your contract is down, "
                    "in your later turns you may add cards to any set or run on the table, "
                    "yours or another player's.",
                    "- Discard a card face up.",
                ),
            ),
            Section(
                "Buying",
                (
                    "When the player whose turn it is leaves the top discard, another player "
                    "may ask for it (many tables say \u201cMay I?\u201d) and take it with the "
                    "top card of the stock as a penalty. Agree before the game how many times "
                    "a player may buy in a deal; the score does not depend on it.",
                ),
            ),
            Section(
                "Going out",
                (
                    "You go out by getting rid of your last card, laid on the table or "
                    "discarded; the deal ends at once. In the last deal the contract must take "
                    "every card you hold: you go out by laying it all down, with no discard.",
                ),
            ),
            Section(
                "Scoring",
                (
                    "When a player goes out, every other player adds up the card values of the "
                    "cards left in hand (table below): that is their score for the deal, and "
                    "it counts against them. The player who went out scores nothing. After the "
                    "last deal the lowest total wins.",
                    "For example, in deal {worked_deal} Ann goes out and scores nothing, and "
                    "Bob is left holding {worked_hand} points against him.",
                ),
                table="card_values",
            ),
        ),
        pad_note="Write the card values each player is left holding; the player who went out "
        "scores nothing. Lowest total wins.",
    )

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        self.ace_value = self.chosen_number("ace")
        self.joker_value = self.chosen_number("joker")
        self.card_values = card_values_for(self.ace_value, self.joker_value)

    @property
    def worked_hand(self) -> str:
        """RULINGS.md's worked deal in this table's card values."""
        values = dict(FACE_VALUE_RANKS)
        values |= {"queen": self.court_value, "ace": self.ace_value, "joker": self.joker_value}
        return cards_in_hand([(card, values[card]) for card in WORKED_HAND])

    def packs(self, players: int) -> int:
        return PACKS + 1 if players >= THIRD_PACK_FROM else PACKS

    def describe_packs(self) -> str:
        return (
            f"{in_words(PACKS)} packs of {PACK_CARDS} cards, each with its "
            f"{in_words(JOKERS_PER_PACK)} jokers, for {in_words(PLAYER_COUNTS[0])} or "
            f"{in_words(THIRD_PACK_FROM - 1)} players, and {in_words(PACKS + 1)} for "
            f"{in_words(THIRD_PACK_FROM)} or more"
        )

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        return sample_out_hand(game.side_names, rng, most=150)

    def check_hand(self, hand: HandContext) -> None:
        check_one_out(hand)
