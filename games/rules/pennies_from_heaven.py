"""Pennies From Heaven: the partnership game to 25,000 and the three-hand family game."""

from __future__ import annotations

from dataclasses import replace
from math import ceil
from typing import ClassVar

from .core import (
    CANASTA_CARD_VALUES,
    CardValue,
    FieldKind,
    GameSetup,
    HandContext,
    RuleSet,
    TallyField,
)
from .features import (
    DealerPartner,
    HouseOption,
    OpeningByHand,
    OpeningByTotal,
    Seating,
)

COUNT, POINTS, YES_NO = FieldKind.COUNT, FieldKind.CARD_POINTS, FieldKind.YES_NO

WILD_CARDS_PER_PACK = 6  # four twos and two jokers
ACES_PER_PACK = 4
SEVENS_PER_PACK = 4
RED_THREES_PER_PACK = 2
BLACK_THREES_PER_PACK = 2
CARDS_PER_CANASTA = 7


class PenniesFromHeavenPartnership(RuleSet):
    slug = "pfh-partnership"
    name = "Pennies From Heaven"
    summary = (
        "Partnership canasta for 4 or 6 with a pack per player, a hidden 11-card Pennies stack "
        "per player and big special canastas; first side to 25,000."
    )
    family = "Pennies From Heaven"
    player_counts = (4, 6)
    seating = Seating.PARTNERS
    cards_dealt = "15 cards to each player, and a face-down stack of 11 Pennies beside each player"
    card_values = (*CANASTA_CARD_VALUES, CardValue("Three", 100))
    wild_cards = "twos and jokers"
    target_score = 25_000
    most_hands = 300
    opening: ClassVar[OpeningByTotal] = OpeningByTotal(
        ((None, 50), (9_000, 90), (12_000, 120), (15_000, 150))
    )
    all_red_threes_bonus = 1_000
    all_red_threes_players = 4
    house_options = (
        HouseOption(
            "all_red_threes_1000",
            "A side holding all eight red threes scores 1,000 for them instead of 800 "
            "(four players only)",
            player_counts=frozenset({4}),
            refusal="the 1,000 for all eight red threes is only played with four players",
        ),
    )
    dealer_partner = DealerPartner("Pennies")
    perfect_deal_bonus = 50
    cards_per_canasta = CARDS_PER_CANASTA
    going_out = (
        "A side may go out only once every red three is on the table and it has finished at "
        "least one natural or unnatural canasta and at least one special canasta (wild cards, "
        "aces or sevens). The player melds every card or discards the last one. Going out "
        "scores {pts[went_out]}; partners may ask each other first, and the answer binds."
    )
    rule_notes = (
        (
            "Canastas",
            "A canasta is {cards_per_canasta} cards. Natural: one rank, no wild card. Unnatural: "
            "one rank helped by wild cards, never more wild cards than naturals. Special: all "
            "aces, all sevens, or all wild cards. A side has only one meld holding wild cards at "
            "a time, and a rank can be started again only after its canasta is finished.",
        ),
        (
            "The Pennies",
            "Each player's face-down Pennies stay untouched until that player lays the last card "
            "of a canasta. After that turn's discard the player picks them up, lays out any red "
            "threes found there (drawing a card for each) and takes the rest into hand. Pennies "
            "still on the table when the hand ends count against the side: their cards as points "
            "left in hand, each red three in them -{pts[pennies_red_threes]}.",
        ),
        (
            "Perfect deal",
            "The dealer deals the hands while the dealer's partner deals the Pennies. Each of "
            "them who deals the stacks exactly, without taking extra cards or putting any back, "
            "earns the side {perfect_deal_bonus}.",
        ),
        (
            "Threes",
            "Red threes go face up beside the side's melds at once, each replaced from the stock; "
            "each scores {pts[red_threes]}. Black threes can't be melded: a discarded black three "
            "(or a red three turned up to start the pile) freezes the pile. A black three left in "
            "hand costs {pts[black_threes]}.",
        ),
        (
            "Burying",
            "Once a side has finished a natural or unnatural canasta of a rank, a player may "
            "bury more cards of that rank face down. Buried cards never score, and nobody buries "
            "in the turn they go out.",
        ),
    )
    rare_fields = frozenset({"pennies_red_threes"})
    tally_fields = (
        TallyField(
            "natural_canastas", "Natural canastas", COUNT, 500, "seven of a rank, no wild card"
        ),
        TallyField(
            "unnatural_canastas",
            "Unnatural canastas",
            COUNT,
            300,
            "seven cards with one to three wild cards",
        ),
        TallyField("wild_canastas", "Wild card canastas", COUNT, 2_500, "seven twos and jokers"),
        TallyField("ace_canastas", "Ace canastas", COUNT, 1_500, "seven aces"),
        TallyField("seven_canastas", "Seven canastas", COUNT, 1_000, "seven sevens"),
        TallyField("red_threes", "Red threes on the table", COUNT, 100, "laid on the table"),
        TallyField(
            "pennies_red_threes",
            "Red threes in unpicked Pennies",
            COUNT,
            -100,
            "found in Pennies the side never picked up",
        ),
        TallyField(
            "black_threes",
            "Black threes left in hand",
            COUNT,
            -100,
            "still in a hand when the hand ends",
        ),
        TallyField(
            "meld_points",
            "Card points on the table",
            POINTS,
            1,
            "every melded card, canasta cards included",
        ),
        TallyField(
            "hand_points",
            "Card points left in hands",
            POINTS,
            -1,
            "cards left in hands and in unpicked Pennies, threes not counted",
        ),
        TallyField("went_out", "Went out", YES_NO, 200, "for going out"),
        TallyField(
            "perfect_deals",
            "Perfect deals",
            COUNT,
            50,
            "for each dealer who dealt a stack without taking or putting back a card",
            maximum=2,
        ),
    )

    def packs(self, players: int) -> int:
        return players

    def describe_packs(self) -> str:
        return "one pack of 52 cards and 2 jokers per player"

    def game_fields(self, game: GameSetup) -> tuple[TallyField, ...]:
        packs = game.packs
        maxima = {
            "wild_canastas": WILD_CARDS_PER_PACK * packs // CARDS_PER_CANASTA,
            "ace_canastas": ACES_PER_PACK * packs // CARDS_PER_CANASTA,
            "seven_canastas": SEVENS_PER_PACK * packs // CARDS_PER_CANASTA,
            "red_threes": RED_THREES_PER_PACK * packs,
            "pennies_red_threes": RED_THREES_PER_PACK * packs,
            "black_threes": BLACK_THREES_PER_PACK * packs,
        }
        return tuple(
            replace(f, maximum=maxima[f.name]) if f.name in maxima else f for f in self.tally_fields
        )

    def check_hand(self, hand: HandContext) -> None:
        game, itemized, dealer, refuse = hand.game, hand.itemized, hand.dealer, hand.refuse
        went_out = [name for name, tally in itemized.items() if tally["went_out"]]
        if len(went_out) > 1:
            raise refuse("only one side can go out in a hand", went_out[1], "went_out")
        for name, tally in itemized.items():
            if tally["perfect_deals"] and dealer is not None and game.side_of(dealer).name != name:
                raise refuse(
                    f"only the dealing side ({game.side_of(dealer).name}) can score perfect deals",
                    name,
                    "perfect_deals",
                )
            if tally["went_out"]:
                if not (tally["natural_canastas"] or tally["unnatural_canastas"]):
                    raise refuse(
                        "a side that goes out needs a natural or unnatural canasta",
                        name,
                        "went_out",
                    )
                if not (tally["wild_canastas"] or tally["ace_canastas"] or tally["seven_canastas"]):
                    raise refuse(
                        "a side that goes out needs a wild card, ace or seven canasta",
                        name,
                        "went_out",
                    )
        packs = game.packs
        limits = (
            (("red_threes", "pennies_red_threes"), RED_THREES_PER_PACK * packs, "red threes"),
            (("black_threes",), BLACK_THREES_PER_PACK * packs, "black threes"),
            (
                ("wild_canastas",),
                WILD_CARDS_PER_PACK * packs // CARDS_PER_CANASTA,
                "wild card canastas",
            ),
            (("ace_canastas",), ACES_PER_PACK * packs // CARDS_PER_CANASTA, "ace canastas"),
            (("seven_canastas",), SEVENS_PER_PACK * packs // CARDS_PER_CANASTA, "seven canastas"),
        )
        for names, limit, what in limits:
            refuse_over_limit(hand, names, limit, what, packs)

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        parts = self._plain_parts(tally, (f.name for f in self.tally_fields))
        all_red_threes = RED_THREES_PER_PACK * hand.game.packs
        if hand.game.options.get("all_red_threes_1000") and tally["red_threes"] == all_red_threes:
            parts["red_threes"] = self.all_red_threes_bonus
        return parts


def refuse_over_limit(
    hand: HandContext, names: tuple[str, ...], limit: int, what: str, packs: int
) -> None:
    """Refuse a hand whose sides together claim more of something than the packs hold."""
    counted = 0
    for side, tally in hand.itemized.items():
        counted += sum(int(tally[name]) for name in names)
        if counted > limit:
            raise hand.refuse(
                f"the sides have {counted} {what} between them, "
                f"but {packs} packs hold only {limit}",
                side,
                next(name for name in names if tally[name]),
            )


class PenniesFromHeavenThreeHands(RuleSet):
    slug = "pfh-three-hands"
    name = "Pennies From Heaven, three-hand family game"
    summary = (
        "A family game of books for 2 or more, alone or in equal teams, with a 15-card pile "
        "per player; exactly three hands, highest total wins."
    )
    family = "Pennies From Heaven"
    player_counts = tuple(range(2, 13))
    seating = Seating.ALONE_OR_TEAMS
    cards_dealt = "13 cards to each player, and a face-down pile of 15 beside each player"
    card_values = CANASTA_CARD_VALUES
    wild_cards = "twos and jokers"
    fixed_hands = 3
    most_hands = 3
    opening_below_zero = 15
    opening: ClassVar[OpeningByHand] = OpeningByHand(
        {1: 50, 2: 90, 3: 120}, below_zero=opening_below_zero
    )
    rare_fields = frozenset({"pile_points"})
    red_threes_hand = 1
    red_threes_many = 4
    red_threes_few_points = 100
    red_threes_many_points = 200
    going_out = (
        "To go out a side must be on the board, have taken up its piles, and hold a book of "
        "sevens and a wild card book. The last card must be a discard; a playable card can't be "
        "thrown, and a seven may be discarded only as that last card. Going out scores "
        "{pts[went_out]}."
    )
    rule_notes = (
        (
            "Books",
            "A book is a meld of seven cards of one rank, started with three. Wild cards go in "
            "at most two to a book, each beside two natural cards. A red book has no wild card, "
            "a black book has one or two. Sevens never take a wild card; the wild card book is "
            "twos and jokers only.",
        ),
        (
            "The piles",
            "Each player's pile stays face down until the side closes its first red book; then "
            "everyone on that side takes up their pile. If another side goes out while a side is "
            "still off the board, that side loses the card points in its piles as well as in "
            "its hands.",
        ),
        (
            "Red threes",
            "Lay a red three out at once and draw a replacement; it never helps to get on the "
            "board. Red threes score in hand {red_threes_hand} only: {red_threes_few_points} "
            "each, or {red_threes_many_points} each for a side with {red_threes_many} or more.",
        ),
        (
            "Black threes",
            "A black three is only ever discarded, and it freezes the pile. Each one still in a "
            "hand at the end costs {pts[black_threes]}.",
        ),
        (
            "Getting on the board",
            "One player gets the side on the board alone, laying down at least the hand's "
            "minimum in card points. A side whose total is below zero needs only "
            "{opening_below_zero}.",
        ),
    )
    tally_fields = (
        TallyField(
            "red_books", "Red books", COUNT, 500, "seven of a rank with no wild card (not sevens)"
        ),
        TallyField("black_books", "Black books", COUNT, 300, "holding one or two wild cards"),
        TallyField("seven_books", "Books of sevens", COUNT, 1_500, "never with a wild card"),
        TallyField("wild_books", "Wild card books", COUNT, 1_500, "twos and jokers only"),
        TallyField(
            "red_threes",
            "Red threes",
            COUNT,
            None,
            "first hand only: 100 each, or 200 each for four or more",
            hands=frozenset({1}),
        ),
        TallyField(
            "black_threes",
            "Black threes left in hand",
            COUNT,
            -100,
            "still in a hand when the hand ends",
        ),
        TallyField("meld_points", "Card points on the table", POINTS, 1, "every melded card"),
        TallyField(
            "hand_points",
            "Card points left in hands",
            POINTS,
            -1,
            "cards left in hands, threes not counted",
        ),
        TallyField("went_out", "Went out", YES_NO, 100, "for going out"),
        TallyField(
            "on_board",
            "Got on the board",
            YES_NO,
            None,
            "no score; decides whether the 15-card piles count",
            default=True,
        ),
        TallyField(
            "pile_points",
            "Card points in unpicked 15-card piles",
            POINTS,
            None,
            "taken off only when the side never got on the board and another side went out",
        ),
    )

    def packs(self, players: int) -> int:
        return 2 + 2 * ceil(players / 2)

    def describe_packs(self) -> str:
        return "2 packs of 52 cards and 2 jokers, plus 2 more for every two players"

    def check_hand(self, hand: HandContext) -> None:
        itemized, refuse = hand.itemized, hand.refuse
        went_out = [name for name, tally in itemized.items() if tally["went_out"]]
        if len(went_out) > 1:
            raise refuse("only one side can go out in a hand", went_out[1], "went_out")
        for name in went_out:
            tally = itemized[name]
            if not tally["on_board"]:
                raise refuse("a side that goes out must have got on the board", name, "on_board")
            if not tally["seven_books"]:
                raise refuse("a side that goes out needs a book of sevens", name, "went_out")
            if not tally["wild_books"]:
                raise refuse("a side that goes out needs a wild card book", name, "went_out")

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        parts = self._plain_parts(
            tally,
            (
                "red_books",
                "black_books",
                "seven_books",
                "wild_books",
                "black_threes",
                "meld_points",
                "hand_points",
                "went_out",
            ),
        )
        red_threes = int(tally["red_threes"])
        if hand.number != self.red_threes_hand:
            parts["red_threes"] = 0
        elif red_threes >= self.red_threes_many:
            parts["red_threes"] = red_threes * self.red_threes_many_points
        else:
            parts["red_threes"] = red_threes * self.red_threes_few_points
        caught = not tally["on_board"] and any(
            other["went_out"] for name, other in hand.itemized.items() if name != side
        )
        parts["pile_points"] = -int(tally["pile_points"]) if caught else 0
        return parts
