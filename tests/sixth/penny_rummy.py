"""A made-up sixth rule set, only for the tests: everything it has (a pot of pennies, an opening
minimum by hand, a house option) is declared here, and nothing outside this module names it."""

from __future__ import annotations

from random import Random

from games.rules import (
    CardValue,
    FieldKind,
    GameSetup,
    HandContext,
    HandInput,
    HouseRule,
    HouseRuleKind,
    OpeningByHand,
    PennyPot,
    RuleSet,
    Seating,
    TallyField,
)

BUYS = 3


class PennyRummy(RuleSet):
    slug = "penny-rummy"
    name = "Penny Rummy (made up)"
    summary = "Three hands of rummy for 2 to 4 with three buys each and a pot of pennies."
    family = "Penny Rummy"
    player_counts = (2, 3, 4)
    seating = Seating.ALONE
    cards_dealt = "9 cards to each player"
    card_values = (CardValue("Ace", 15), CardValue("Two to King", 5))
    wild_cards = "none"
    fixed_hands = 3
    opening = OpeningByHand({1: 30, 2: 45, 3: 60})
    pot = PennyPot(buys_per_game=BUYS, buy_field="buys", penny_fields=("buys",))
    house_rules = (
        HouseRule(
            "double_last_hand",
            "The last hand's melds count double (two or three players only)",
            HouseRuleKind.YES_NO,
            False,
            phrase="the last hand's melds count double",
            # Refused with four players in the usual words (games/words/): a rule set's own
            # refusal would need its own words there.
            player_counts=frozenset({2, 3}),
        ),
    )
    going_out = "A player goes out by melding every card."
    tally_fields = (
        TallyField(
            "melded",
            "Card points melded",
            FieldKind.CARD_POINTS,
            1,
            "every melded card",
            short_label="Melded",
        ),
        TallyField(
            "left",
            "Card points left in hand",
            FieldKind.CARD_POINTS,
            -1,
            "cards left",
            short_label="Left",
        ),
        TallyField(
            "buys",
            "Cards bought",
            FieldKind.COUNT,
            None,
            "a penny each into the pot",
            maximum=BUYS,
            short_label="Buys",
            unit="card bought",
        ),
    )

    def packs(self, players: int) -> int:
        return 1

    def describe_packs(self) -> str:
        return "one pack of 52 cards"

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        return HandInput(
            {
                player: {"melded": 5 * rng.randint(0, 40), "left": 5 * rng.randint(0, 20)}
                for player in game.side_names
            }
        )

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        parts = self.plain_parts(tally, ("melded", "left"))
        last = self.fixed_hands
        if self.options.get("double_last_hand") and hand.number == last:
            parts["melded"] *= 2
        return parts
