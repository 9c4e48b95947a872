"""A made-up sixth rule set, only for the tests: everything it has (a pot of pennies, an opening
minimum by hand, a house option) is declared here, its numbers in the engine's way and its words
at the edge's (a `RuleSetWords`, registered as a rule set's words module registers its own), and
nothing outside this module names it. Its words are in English only: a rule set of the app has
them in the catalogues too."""

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
from games.words.rule_sets import FieldWords, HouseRuleWords, RuleSetWords, register

BUYS = 3


class PennyRummy(RuleSet):
    slug = "penny-rummy"
    family = "penny_rummy"
    player_counts = (2, 3, 4)
    seating = Seating.ALONE
    card_values = (CardValue("Ace", 15), CardValue("Two to King", 5))
    fixed_hands = 3
    opening = OpeningByHand({1: 30, 2: 45, 3: 60})
    pot = PennyPot(buys_per_game=BUYS, buy_field="buys", penny_fields=("buys",))
    house_rules = (
        HouseRule(
            "double_last_hand",
            HouseRuleKind.YES_NO,
            False,
            # Refused with four players in the usual words (games/words/): a rule set's own
            # refusal would need its own words there.
            player_counts=frozenset({2, 3}),
        ),
    )
    tally_fields = (
        TallyField(
            "melded",
            FieldKind.CARD_POINTS,
            1,
        ),
        TallyField(
            "left",
            FieldKind.CARD_POINTS,
            -1,
        ),
        TallyField(
            "buys",
            FieldKind.COUNT,
            None,
            maximum=BUYS,
        ),
    )

    def packs(self, players: int) -> int:
        return 1

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


register(
    PennyRummy.slug,
    RuleSetWords(
        name="Penny Rummy (made up)",
        summary="Three hands of rummy for 2 to 4 with three buys each and a pot of pennies.",
        fields={
            "melded": FieldWords("Card points melded", "every melded card", "Melded"),
            "left": FieldWords("Card points left in hand", "cards left", "Left"),
            "buys": FieldWords(
                "Cards bought",
                "a penny each into the pot",
                "Buys",
                unit="card bought",
                units="cards bought",
            ),
        },
        house_rules={
            "double_last_hand": HouseRuleWords(
                "The last hand's melds count double (two or three players only)",
                phrase="the last hand's melds count double",
            ),
        },
        texts={
            "cards_dealt": "9 cards to each player",
            "wild_cards": "none",
            "packs": "one pack of 52 cards",
            "going_out": "A player goes out by melding every card.",
        },
    ),
)
