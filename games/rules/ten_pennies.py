"""Ten Pennies: a seven-round rummy with buys and a pot, deuces wild or jokers wild."""

from __future__ import annotations

from dataclasses import dataclass, field
from math import ceil

from .core import CardValue, FieldKind, GameScore, RuleSet, TallyField


@dataclass(frozen=True)
class RoundCard:
    """What a round asks of the players before they may lay down."""

    number: int
    sets: int
    cards_per_set: int
    wild_cards: tuple[str, ...]
    wild_cards_per_set: int

    @property
    def first_down(self) -> str:
        noun = "set" if self.sets == 1 else "sets"
        return f"{self.sets} {noun} of {self.cards_per_set}"

    @property
    def wild_cards_text(self) -> str:
        if len(self.wild_cards) == 1:
            return self.wild_cards[0]
        return ", ".join(self.wild_cards[:-1]) + " and " + self.wild_cards[-1]

    def as_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "first_down": self.first_down,
            "sets": self.sets,
            "cards_per_set": self.cards_per_set,
            "wild_cards": list(self.wild_cards),
            "wild_cards_per_set": self.wild_cards_per_set,
        }


@dataclass(frozen=True)
class Pot:
    """The pennies in the bowl: who put in how many, what buys are left, who takes it."""

    total: int
    pennies: dict[str, int]
    buys_left: dict[str, int]
    payout: dict[str, int] = field(default_factory=dict)
    #: Pennies left in the bowl when equal winners cannot split the pot evenly.
    odd_pennies: int = 0

    def as_dict(self) -> dict[str, object]:
        return {
            "total": self.total,
            "pennies": self.pennies,
            "buys_left": self.buys_left,
            "payout": self.payout,
            "odd_pennies": self.odd_pennies,
        }


FIRST_DOWN = ((2, 3, 1), (1, 4, 1), (2, 4, 1), (1, 5, 2), (2, 5, 2), (1, 6, 2), (1, 7, 3))


def round_table(early_wilds: tuple[str, ...], late_wilds: tuple[str, ...]) -> tuple[RoundCard, ...]:
    """The seven rounds: rounds 1-4 play `early_wilds`, rounds 5-7 `late_wilds`."""
    return tuple(
        RoundCard(number, sets, size, early_wilds if number <= 4 else late_wilds, per_set)
        for number, (sets, size, per_set) in enumerate(FIRST_DOWN, start=1)
    )


class TenPennies(RuleSet):
    slug = "ten-pennies"
    name = "Ten Pennies (deuces wild)"
    summary = (
        "Seven rounds of rummy for 2 to 8, each with its own first-down requirement; ten buy "
        "pennies each, a pot for the lowest total."
    )
    family = "Ten Pennies"
    player_counts = tuple(range(2, 9))
    seating = "alone"
    hand_word = "Round"
    cards_dealt = "11 cards to each player"
    card_values = (
        CardValue("Joker", 50),
        CardValue("Two, Ace", 20),
        CardValue("Ten to King", 10),
        CardValue("Three to Nine", 5),
    )
    wild_cards = "twos; from round 5 also aces and jokers"
    allows_bare_total = False
    high_score_wins = False
    fixed_hands = 7
    most_hands = 7
    has_opening_minimum = False
    buys_per_game = 10
    #: A buyer takes the face-up card and this many more from the stock.
    buy_extra_cards = 2
    going_out = (
        "Once the round's first-down requirement is on the table, a player goes out by "
        "playing every card, or all but a final discard. Someone goes out every round."
    )
    rule_notes = (
        (
            "Buys and the pot",
            "Everyone starts with {buys_per_game} buy pennies. When the player in turn passes "
            "the face-up card, the others may buy it in turn to the left: the buyer pays one of "
            "those pennies into the bowl and takes {buy_extra_cards} more cards from the stock "
            "with it. Nobody can buy more than {buys_per_game} times in a game.",
        ),
        (
            "Caught cards",
            "When someone goes out, everyone else writes down the card points left in hand as "
            "penalty points, and puts one penny into the bowl for every card held.",
        ),
        (
            "Laying down",
            "A player lays nothing down before putting down the round's first-down requirement. "
            "After that, further sets of three or more may follow, and cards may be played on "
            "anyone's sets.",
        ),
    )
    rounds = round_table(("twos",), ("twos", "aces", "jokers"))
    lowest_card_value = 5
    highest_card_value = 50
    tally_fields = (
        TallyField(
            "points",
            "Points caught in hand",
            FieldKind.CARD_POINTS,
            1,
            "penalty points of the cards left in hand",
        ),
        TallyField(
            "cards", "Cards caught in hand", FieldKind.COUNT, None, "a penny each into the pot"
        ),
        TallyField(
            "buys", "Cards bought", FieldKind.COUNT, None, "a penny each into the pot", maximum=10
        ),
    )

    def packs(self, players: int) -> int:
        return ceil(players / 2)

    def describe_packs(self) -> str:
        return "one pack of 52 cards and 2 jokers for every two players"

    def round_card(self, number: int) -> RoundCard:
        return self.rounds[number - 1]

    def _check_hand(self, game, so_far, number, itemized, dealer, refuse) -> None:
        out = [name for name, tally in itemized.items() if tally["cards"] == 0]
        if not out:
            raise refuse("someone goes out every round: one player must have 0 cards left")
        if len(out) > 1:
            raise refuse(
                f"only one player goes out in a round, but {out[0]} has no cards left too",
                out[1],
                "cards",
            )
        for name, tally in itemized.items():
            cards, points = int(tally["cards"]), int(tally["points"])
            if cards == 0 and points:
                raise refuse(
                    "with no cards left in hand there are no points to count", name, "points"
                )
            low, high = cards * self.lowest_card_value, cards * self.highest_card_value
            if cards and not low <= points <= high:
                raise refuse(
                    f"{cards} cards are worth between {low} and {high} points, not {points}",
                    name,
                    "points",
                )
        bought = self.buys_so_far(so_far)
        for name, tally in itemized.items():
            buys = bought[name] + int(tally["buys"])
            if buys > self.buys_per_game:
                raise refuse(
                    f"that makes {buys} buys; a player can buy at most "
                    f"{self.buys_per_game} times a game",
                    name,
                    "buys",
                )

    def _score_tally(self, game, so_far, number, side, tally, itemized) -> dict[str, int]:
        return {"points": int(tally["points"])}

    def buys_so_far(self, so_far: GameScore) -> dict[str, int]:
        bought = dict.fromkeys(so_far.game.side_names, 0)
        for hand in so_far.hands:
            for name, tally in hand.tallies.items():
                assert tally is not None
                bought[name] += int(tally["buys"])
        return bought

    def pot(self, so_far: GameScore) -> Pot:
        """The pot after the rounds played; the payout once the game is over."""
        pennies = dict.fromkeys(so_far.game.side_names, 0)
        for hand in so_far.hands:
            for name, tally in hand.tallies.items():
                assert tally is not None
                pennies[name] += int(tally["buys"]) + int(tally["cards"])
        bought = self.buys_so_far(so_far)
        buys_left = {name: self.buys_per_game - bought[name] for name in bought}
        total = sum(pennies.values())
        if not so_far.finished:
            return Pot(total, pennies, buys_left)
        winners = so_far.winners
        share, odd = divmod(total, len(winners))
        return Pot(total, pennies, buys_left, dict.fromkeys(winners, share), odd)


class TenPenniesJokers(TenPennies):
    slug = "ten-pennies-jokers"
    name = "Ten Pennies (jokers wild)"
    summary = (
        "Ten Pennies with jokers as the wild cards: seven rounds for 2 to 8, ten buy pennies "
        "each, a pot for the lowest total."
    )
    wild_cards = "jokers; from round 5 also aces and twos"
    rounds = round_table(("jokers",), ("jokers", "aces", "twos"))
