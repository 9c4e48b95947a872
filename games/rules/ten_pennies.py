"""Ten Pennies: a seven-round rummy with buys and a pot, deuces wild or jokers wild."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import ceil
from random import Random
from typing import Any, ClassVar

from .core import CardValue, GameSetup, RuleSet
from .features import NO_OPENING_MINIMUM, PennyPot, RoundCard, Seating
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
    #: The wild cards, by code ("twos", "aces", "jokers").
    wild_cards: tuple[str, ...]
    wild_cards_per_set: int

    numeric_columns: ClassVar[frozenset[int]] = frozenset({2})

    def as_dict(self) -> dict[str, object]:
        # Its first-down requirement in words ("first_down") is the app's (GAME-FILE.md).
        return {
            "number": self.number,
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


# -- Ten Pennies ---------------------------------------------------------------------------------


class TenPennies(RuleSet):
    slug = "ten-pennies"
    family = "ten_pennies"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE
    hand_word = "round"
    card_values = (
        CardValue("Joker", 50),
        CardValue("Two, Ace", 20),
        CardValue("Ten to King", 10),
        CardValue("Three to Nine", 5),
    )
    allows_bare_total = False
    high_score_wins = False
    fixed_hands = ROUNDS
    most_hands = ROUNDS
    opening = NO_OPENING_MINIMUM
    buys_per_game = BUYS_PER_GAME
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
            FieldKind.CARD_POINTS,
            1,
            cards_counted_in="cards",
            usual_most=400,
        ),
        TallyField(
            "cards",
            FieldKind.COUNT,
            None,
            usual_most=25,
        ),
        TallyField(
            "buys",
            FieldKind.COUNT,
            None,
            maximum=BUYS_PER_GAME,
        ),
    )

    def packs(self, players: int) -> int:
        return ceil(players / PLAYERS_PER_PACK)

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
    slug = "ten-pennies-jokers"
    rounds = round_table(("jokers",), ("jokers", "aces", "twos"))
