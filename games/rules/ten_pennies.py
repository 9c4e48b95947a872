"""Ten Pennies: a seven-round rummy with buys and a pot, deuces wild or jokers wild."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import ceil
from random import Random
from typing import Any, ClassVar

from .core import JOKERS_PER_PACK, PACK_CARDS, CardValue, GameSetup, RuleSet
from .features import NO_OPENING_MINIMUM, CardLine, PennyPot, RoundCard, Seating
from .prose import Prose, Section, in_words
from .scoring import HandContext, HandInput
from .tally import FieldKind, TallyField

#: Buys each player has for the whole game.
BUYS_PER_GAME = 10
#: Pennies into the bowl for each card bought and each card caught.
PENNIES_EACH = 1
PLAYER_COUNTS = tuple(range(2, 9))
#: A pack for every this many players (rounded up).
PLAYERS_PER_PACK = 2
HAND_CARDS = 11


FIRST_DOWN = ((2, 3, 1), (1, 4, 1), (2, 4, 1), (1, 5, 2), (2, 5, 2), (1, 6, 2), (1, 7, 3))
#: The round from which the second group of wild cards joins the first.
LATE_WILDS_FROM = 5


@dataclass(frozen=True)
class FirstDownCard(RoundCard):
    """What a round of Ten Pennies asks before laying down: its first-down requirement, its
    wild cards and how many of them a set may hold."""

    number: int
    sets: int
    cards_per_set: int
    wild_cards: tuple[str, ...]
    wild_cards_per_set: int

    table_head: ClassVar[tuple[str, ...]] = ("First down", "Wild cards", "Wild per set")
    numeric_columns: ClassVar[frozenset[int]] = frozenset({2})

    @property
    def first_down(self) -> str:
        noun = "set" if self.sets == 1 else "sets"
        return f"{self.sets} {noun} of {self.cards_per_set}"

    @property
    def wild_cards_text(self) -> str:
        if len(self.wild_cards) == 1:
            return self.wild_cards[0]
        return ", ".join(self.wild_cards[:-1]) + " and " + self.wild_cards[-1]

    @property
    def headline(self) -> CardLine:
        return CardLine(f"Round {self.number}: ", self.first_down)

    @property
    def detail(self) -> CardLine:
        per_set = self.wild_cards_per_set
        plural = "" if per_set == 1 else "s"
        return CardLine("Wild: ", self.wild_cards_text, f" · {per_set} wild card{plural} per set")

    @property
    def summary(self) -> str:
        return (
            f"Round {self.number}: first down {self.first_down}; wild cards: "
            f"{self.wild_cards_text}, {self.wild_cards_per_set} per set"
        )

    @property
    def table_row(self) -> tuple[str, ...]:
        return (self.first_down, self.wild_cards_text, str(self.wild_cards_per_set))

    @property
    def pad_lines(self) -> tuple[str, ...]:
        return (
            self.first_down,
            f"wild: {self.wild_cards_text}",
            f"{self.wild_cards_per_set} wild per set",
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "first_down": self.first_down,
            "sets": self.sets,
            "cards_per_set": self.cards_per_set,
            "wild_cards": list(self.wild_cards),
            "wild_cards_per_set": self.wild_cards_per_set,
        }


def round_table(
    early_wilds: tuple[str, ...], late_wilds: tuple[str, ...]
) -> tuple[FirstDownCard, ...]:
    """The seven rounds: rounds 1-4 play `early_wilds`, rounds 5-7 `late_wilds`."""
    return tuple(
        FirstDownCard(
            number, sets, size, early_wilds if number < LATE_WILDS_FROM else late_wilds, per_set
        )
        for number, (sets, size, per_set) in enumerate(FIRST_DOWN, start=1)
    )


ROUNDS = len(FIRST_DOWN)
#: "for 2 to 8", "seven rounds", "ten buy pennies each", in the summaries.
PLAYERS_TEXT = f"for {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]}"
ROUNDS_TEXT = f"{in_words(ROUNDS)} rounds"
BUYS_TEXT = f"{in_words(BUYS_PER_GAME)} buy pennies each"


# -- Ten Pennies ---------------------------------------------------------------------------------

TEN_PENNIES_START = (
    Section(
        "Players, cards and pennies",
        (
            "{players}, each on their own. Use {packs} (round up for an odd number of "
            "players). Each player sets out {buys_per_game} pennies as a buy stack, kept apart "
            "from other coins, plus some loose change to pay for cards caught. A bowl in the "
            "middle collects every penny paid: the pot.",
        ),
    ),
    Section(
        "The deal",
        (
            "For the first round everyone draws a card; the highest deals (a joker beats "
            "everything). After each round the deal passes one seat to the left. The dealer "
            "gives each player {hand_cards} cards, turns the next card face up to start the "
            "discard pile, and leaves the rest face down as the stock. The player on the "
            "dealer's left plays first; play goes clockwise.",
        ),
    ),
    Section(
        "A turn",
        (
            "- The face-up card: you may take the top discard for nothing. If you pass it, the "
            "player on your left may buy it, then the next, and so on round the table.",
            "- Draw: unless you took the face-up card, take the top card of the stock.",
            "- Lay down: once the round's first-down requirement is in front of you, lay down "
            "more sets and play cards on anyone's sets.",
            "- Discard a card; the turn passes to the left.",
        ),
    ),
    Section(
        "Buying",
        (
            "A buyer pays {pennies_each:w} penny from the buy stack into the bowl, takes the "
            "face-up card "
            "and {buy_extra_cards:w} more from the stock, and keeps them in hand until their own "
            "turn. Nobody buys more than {buys_per_game:w} times in the whole game. A card that "
            "every player has passed is dead: nobody may take or buy it later.",
        ),
    ),
    Section(
        "Sets and wild cards",
        (
            "The only meld is a set: {meld_start:w} or more cards of one rank. Before laying "
            "anything down you must put down the round's first-down requirement (table "
            "below), in your own turn. The table also gives each round's wild cards and how "
            "many of them a set may hold when it is laid down. A set may be made of wild "
            "cards alone. Once you are down, you may add any number of wild cards to any set.",
        ),
        table="rounds",
    ),
)

#: Where twos are the first wild cards, the early rounds have jokers that are not wild.
TEN_PENNIES_PLAIN_JOKERS = (
    "In a round whose wild cards leave out jokers, a joker is a plain card of a rank of its "
    "own: jokers then make a set together like any other rank, and a joker caught in hand "
    "still costs its card value."
)

TEN_PENNIES_END = (
    Section(
        "Going out and scoring",
        (
            "You go out by playing every card, or every card but a final discard; someone "
            "goes out in every round. Each other player then writes down the card values left "
            "in their hand (card values table) as penalty points, and pays {pennies_each:w} "
            "penny into the bowl for each card held.",
        ),
    ),
)

TEN_PENNIES = (
    *TEN_PENNIES_START[:-1],
    Section(
        TEN_PENNIES_START[-1].heading,
        (*TEN_PENNIES_START[-1].paragraphs, TEN_PENNIES_PLAIN_JOKERS),
        table=TEN_PENNIES_START[-1].table,
    ),
    *TEN_PENNIES_END,
)

TEN_PENNIES_JOKERS = (
    *TEN_PENNIES_START,
    Section(
        "No doubles in a set",
        (
            "A set never holds identical cards: with several packs in play, cards of the same "
            "rank and suit can't sit in the same set.",
        ),
    ),
    *TEN_PENNIES_END,
)


class TenPennies(RuleSet):
    chip_name = "Ten Pennies, deuces"
    slug = "ten-pennies"
    name = "Ten Pennies (deuces wild)"
    summary = (
        f"{ROUNDS_TEXT.capitalize()} of rummy {PLAYERS_TEXT}, each with its own first-down "
        f"requirement; {BUYS_TEXT}, a pot for the lowest total."
    )
    family = "Ten Pennies"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE
    hand_word = "round"
    cards_dealt = f"{HAND_CARDS} cards to each player"
    card_values = (
        CardValue("Joker", 50),
        CardValue("Two, Ace", 20),
        CardValue("Ten to King", 10),
        CardValue("Three to Nine", 5),
    )
    wild_cards = f"twos; from round {LATE_WILDS_FROM} also aces and jokers"
    allows_bare_total = False
    high_score_wins = False
    fixed_hands = ROUNDS
    most_hands = ROUNDS
    opening = NO_OPENING_MINIMUM
    buys_per_game = BUYS_PER_GAME
    prose = Prose(sections=TEN_PENNIES)
    pot: ClassVar[PennyPot] = PennyPot(
        buys_per_game=BUYS_PER_GAME,
        buy_field="buys",
        penny_fields=("buys", "cards"),
        pennies_each=PENNIES_EACH,
    )
    pennies_each = PENNIES_EACH
    #: A buyer takes the face-up card and this many more from the stock.
    buy_extra_cards = 2
    hand_cards = HAND_CARDS
    meld_start = 3
    rounds = round_table(("twos",), ("twos", "aces", "jokers"))
    lowest_card_value = 5
    highest_card_value = 50
    own_points_field = "points"
    tally_fields = (
        TallyField(
            "points",
            "Points caught in hand",
            FieldKind.CARD_POINTS,
            1,
            "penalty points of the cards left in hand",
            short_label="Points",
            cards_counted_in="cards",
            usual_most=400,
        ),
        TallyField(
            "cards",
            "Cards caught in hand",
            FieldKind.COUNT,
            None,
            "a penny each into the pot",
            short_label="Cards",
            unit="card caught",
            usual_most=25,
        ),
        TallyField(
            "buys",
            "Cards bought",
            FieldKind.COUNT,
            None,
            "a penny each into the pot",
            maximum=BUYS_PER_GAME,
            short_label="Buys",
            unit="card bought",
        ),
    )

    def packs(self, players: int) -> int:
        return ceil(players / PLAYERS_PER_PACK)

    def describe_packs(self) -> str:
        return (
            f"a pack of {PACK_CARDS} cards and {JOKERS_PER_PACK} jokers for every "
            f"{in_words(PLAYERS_PER_PACK)} players"
        )

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        # One buy a round at most: seven rounds stay within the buys of a game.
        out = rng.choice(game.side_names)
        tallies: dict[str, dict[str, int | bool]] = {}
        for player in game.side_names:
            buys = rng.randint(0, 1)
            if player == out:
                tallies[player] = {"points": 0, "cards": 0, "buys": buys}
                continue
            cards = rng.randint(1, HAND_CARDS)
            points = 5 * rng.randint(cards, 10 * cards)  # 5 to 50 a card
            tallies[player] = {"points": points, "cards": cards, "buys": buys}
        return HandInput(tallies)

    def owes_own_points(self, tally: Mapping[str, Any]) -> bool:
        """The player who went out is the one with no cards left."""
        return bool(tally.get("cards"))

    def check_hand(self, hand: HandContext) -> None:
        itemized, refuse = hand.itemized, hand.refuse
        for name, tally in itemized.items():
            # Points with the cards left blank: the count is missing, not a second player out.
            if int(tally["cards"]) == 0 and int(tally["points"]):
                raise refuse("points_without_cards", name, "cards", points=int(tally["points"]))
        out = [name for name, tally in itemized.items() if tally["cards"] == 0]
        if not out:
            raise refuse("nobody_without_cards")
        if len(out) > 1:
            raise refuse("two_without_cards", out[1], "cards", other=out[0])
        for name, tally in itemized.items():
            cards, points = int(tally["cards"]), int(tally["points"])
            low, high = cards * self.lowest_card_value, cards * self.highest_card_value
            if cards and not low <= points <= high:
                raise refuse(
                    "cards_worth_between",
                    name,
                    "points",
                    cards=cards,
                    low=low,
                    high=high,
                    points=points,
                )

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        return {"points": int(tally["points"])}


class TenPenniesJokers(TenPennies):
    chip_name = "Ten Pennies, jokers"
    slug = "ten-pennies-jokers"
    name = "Ten Pennies (jokers wild)"
    summary = (
        f"Ten Pennies with jokers as the wild cards: {ROUNDS_TEXT} {PLAYERS_TEXT}, "
        f"{BUYS_TEXT}, a pot for the lowest total."
    )
    wild_cards = f"jokers; from round {LATE_WILDS_FROM} also aces and twos"
    rounds = round_table(("jokers",), ("jokers", "aces", "twos"))
    prose = Prose(sections=TEN_PENNIES_JOKERS)
