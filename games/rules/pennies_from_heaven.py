"""Pennies From Heaven: the partnership game to 25,000 and the three-hand family game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from math import ceil
from random import Random

from .canasta_cards import CANASTA_CARD_VALUES
from .core import (
    CardValue,
    GameSetup,
    PartReason,
    RuleSet,
    sample_card_points,
)
from .features import (
    DealerPartner,
    HouseRule,
    HouseRuleKind,
    OpeningByHand,
    OpeningByTotal,
    Seating,
    target_rule,
)
from .scoring import HandContext, HandInput
from .tally import FieldKind, TallyField

COUNT, POINTS, YES_NO = FieldKind.COUNT, FieldKind.CARD_POINTS, FieldKind.YES_NO

WILD_CARDS_PER_PACK = 6  # four twos and two jokers
ACES_PER_PACK = 4
SEVENS_PER_PACK = 4
RED_THREES_PER_PACK = 2
BLACK_THREES_PER_PACK = 2
CARDS_PER_CANASTA = 7
#: A meld holds at least this many more natural cards than wild cards: at most three wild
#: cards in a canasta.
NATURALS_OVER_WILD = 1
MAX_WILD_IN_CANASTA = (CARDS_PER_CANASTA - NATURALS_OVER_WILD) // 2

# The partnership game.
PARTNERSHIP_PLAYERS = (4, 6)
PARTNERSHIP_TARGET = 25_000
#: The deal: cards in each player's hand stack and in each Pennies stack.
HAND_CARDS = 15
PENNIES_CARDS = 11
RED_THREE_POINTS = 100
#: The house option: all the red threes of four players' packs score this instead.
ALL_RED_THREES_BONUS = 1_000
ALL_RED_THREES_PLAYERS = 4
ALL_RED_THREES = RED_THREES_PER_PACK * ALL_RED_THREES_PLAYERS

# The three-hand family game.
FAMILY_HANDS = 3
FAMILY_HAND_CARDS = 13
PILE_CARDS = 15
RED_THREES_HAND = 1
RED_THREES_MANY = 4
RED_THREES_FEW_POINTS = 100
RED_THREES_MANY_POINTS = 200
#: Packs: this many, and this many more for every `PLAYERS_PER_STEP` players, rounding an odd
#: number of players up (three players: six packs).
BASE_PACKS = 2
PACKS_PER_STEP = 2
PLAYERS_PER_STEP = 2
#: A book holds at most this many wild cards.
MAX_WILD_PER_BOOK = 2


# -- Pennies From Heaven, partnership ------------------------------------------------------------


# -- Pennies From Heaven, three hands -----------------------------------------------------------


def black_threes_and_card_points() -> tuple[TallyField, ...]:
    """What both Pennies From Heaven games count alike at the end of a hand: black threes left
    in hand, card points on the table and left in hands."""
    return (
        TallyField(
            "black_threes",
            COUNT,
            -100,
            usual_most=6,
        ),
        TallyField("meld_points", POINTS, 1, usual_most=10_000),
        TallyField("hand_points", POINTS, -1, usual_most=1_500),
    )


class PenniesFromHeavenPartnership(RuleSet):
    slug = "pfh-partnership"
    family = "pennies_from_heaven"
    player_counts = PARTNERSHIP_PLAYERS
    seating = Seating.PARTNERS
    card_values = (
        *CANASTA_CARD_VALUES,
        CardValue("Three", 100, note="scored_as_threes"),
    )
    #: Threes score in their own fields (red threes, black threes), never as card points.
    card_point_values = CANASTA_CARD_VALUES
    target_score = PARTNERSHIP_TARGET
    most_hands = 300
    opening: OpeningByTotal = OpeningByTotal(
        ((None, 50), (9_000, 90), (12_000, 120), (15_000, 150))
    )
    all_red_threes_bonus = ALL_RED_THREES_BONUS
    all_red_threes_players = ALL_RED_THREES_PLAYERS
    house_rules = (
        target_rule(PARTNERSHIP_TARGET, (10_000, 15_000, 20_000, PARTNERSHIP_TARGET, 30_000)),
        HouseRule(
            "all_red_threes_1000",
            HouseRuleKind.YES_NO,
            False,
            player_counts=frozenset({ALL_RED_THREES_PLAYERS}),
            refusal="all_red_threes_bonus_four_players_only",
        ),
    )
    dealer_partner = DealerPartner()
    perfect_deal_bonus = 50
    cards_per_canasta = CARDS_PER_CANASTA
    #: The deal: cards in each player's hand stack and in each Pennies stack.
    hand_cards = HAND_CARDS
    pennies_cards = PENNIES_CARDS
    #: Cards drawn from the stock in a turn, cards to start a meld, natural cards in hand that
    #: match the top discard to take the pile.
    draw_cards = 2
    meld_start = 3
    pile_pair = 2
    max_wild_in_canasta = MAX_WILD_IN_CANASTA
    naturals_over_wild = NATURALS_OVER_WILD
    #: Melds with wild cards in them that a side may have on the table at a time.
    wild_melds_at_once = 1
    red_threes_per_pack = RED_THREES_PER_PACK
    all_red_threes = ALL_RED_THREES
    #: What all of them score at their usual points, without the house rule's bonus.
    all_red_threes_points = ALL_RED_THREES * RED_THREE_POINTS
    rare_fields = frozenset({"pennies_red_threes"})
    one_side_fields = frozenset({"went_out"})
    canasta_fields = (
        "natural_canastas",
        "unnatural_canastas",
        "wild_canastas",
        "ace_canastas",
        "seven_canastas",
    )
    tally_fields = (
        TallyField(
            "natural_canastas",
            COUNT,
            500,
            usual_most=6,
        ),
        TallyField(
            "unnatural_canastas",
            COUNT,
            300,
            usual_most=6,
        ),
        TallyField(
            "wild_canastas",
            COUNT,
            2_500,
            usual_most=2,
        ),
        TallyField("ace_canastas", COUNT, 1_500, usual_most=2),
        TallyField("seven_canastas", COUNT, 1_000, usual_most=2),
        TallyField(
            "red_threes",
            COUNT,
            RED_THREE_POINTS,
            usual_most=8,
        ),
        TallyField(
            "pennies_red_threes",
            COUNT,
            -100,
            usual_most=4,
        ),
        *black_threes_and_card_points(),
        TallyField("went_out", YES_NO, 200),
        TallyField(
            "perfect_deals",
            COUNT,
            50,
            maximum=2,
            dealers_side_only=True,
        ),
    )

    def packs(self, players: int) -> int:
        return players

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

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        # Each kind of special canasta at most once per side: within any number of packs.
        out = rng.choice([None, *game.side_names])
        tallies: dict[str, dict[str, int | bool]] = {}
        for side in game.side_names:
            tally: dict[str, int | bool] = {
                "natural_canastas": rng.randint(0, 3),
                "unnatural_canastas": rng.randint(0, 3),
                "wild_canastas": rng.randint(0, 1),
                "ace_canastas": rng.randint(0, 1),
                "seven_canastas": rng.randint(0, 1),
                "red_threes": rng.randint(0, RED_THREES_PER_PACK),
                "pennies_red_threes": rng.randint(0, RED_THREES_PER_PACK),
                "black_threes": rng.randint(0, BLACK_THREES_PER_PACK * 2),
                "meld_points": sample_card_points(rng),
                "hand_points": sample_card_points(rng),
            }
            if side == out:
                tally["went_out"] = True
                tally["natural_canastas"] = max(1, int(tally["natural_canastas"]))
                tally["wild_canastas"] = 1
            tallies[side] = tally
        return HandInput(tallies)

    def check_hand(self, hand: HandContext) -> None:
        game, itemized, dealer, refuse = hand.game, hand.itemized, hand.dealer, hand.refuse
        went_out = [name for name, tally in itemized.items() if tally["went_out"]]
        if len(went_out) > 1:
            raise refuse("only_one_side_goes_out", went_out[1], "went_out")
        for name, tally in itemized.items():
            if tally["perfect_deals"] and dealer is not None and game.side_of(dealer).name != name:
                dealing = game.side_of(dealer).name
                raise refuse("perfect_deals_not_dealing", name, "perfect_deals", dealing=dealing)
            if tally["went_out"]:
                if not (tally["natural_canastas"] or tally["unnatural_canastas"]):
                    raise refuse("out_needs_natural_or_unnatural", name, "went_out")
                if not (tally["wild_canastas"] or tally["ace_canastas"] or tally["seven_canastas"]):
                    raise refuse("out_needs_wild_ace_or_seven", name, "went_out")
        packs = game.packs
        limits = (
            (
                ("red_threes", "pennies_red_threes"),
                RED_THREES_PER_PACK * packs,
                "packs_hold_only_red_threes",
            ),
            (("black_threes",), BLACK_THREES_PER_PACK * packs, "packs_hold_only_black_threes"),
            (
                ("wild_canastas",),
                WILD_CARDS_PER_PACK * packs // CARDS_PER_CANASTA,
                "packs_hold_only_wild_canastas",
            ),
            (
                ("ace_canastas",),
                ACES_PER_PACK * packs // CARDS_PER_CANASTA,
                "packs_hold_only_ace_canastas",
            ),
            (
                ("seven_canastas",),
                SEVENS_PER_PACK * packs // CARDS_PER_CANASTA,
                "packs_hold_only_seven_canastas",
            ),
        )
        for names, limit, code in limits:
            refuse_over_limit(hand, names, limit, code, packs)

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        parts = self.plain_parts(tally, (f.name for f in self.tally_fields))
        all_red_threes = RED_THREES_PER_PACK * hand.game.packs
        if self.options.get("all_red_threes_1000") and tally["red_threes"] == all_red_threes:
            parts["red_threes"] = self.all_red_threes_bonus
        return parts

    def part_reasons(
        self, tally: Mapping[str, int | bool], parts: Mapping[str, int]
    ) -> dict[str, PartReason]:
        plain = int(tally.get("red_threes", 0)) * self.points_each["red_threes"]
        if parts.get("red_threes", plain) != plain:
            return {"red_threes": PartReason("all_red_threes")}
        return {}


def refuse_over_limit(
    hand: HandContext, names: tuple[str, ...], limit: int, code: str, packs: int
) -> None:
    """Refuse a hand whose sides together claim more of something than the packs hold."""
    counted = 0
    for side, tally in hand.itemized.items():
        counted += sum(int(tally[name]) for name in names)
        if counted > limit:
            field_name = next(name for name in names if tally[name])
            raise hand.refuse(code, side, field_name, counted=counted, packs=packs, limit=limit)


class PenniesFromHeavenThreeHands(RuleSet):
    slug = "pfh-three-hands"
    player_counts = tuple(range(2, 13))
    family = "pennies_from_heaven"
    seating = Seating.ALONE_OR_TEAMS
    card_values = CANASTA_CARD_VALUES
    fixed_hands = FAMILY_HANDS
    most_hands = FAMILY_HANDS
    opening_below_zero = 15
    opening: OpeningByHand = OpeningByHand({1: 50, 2: 90, 3: 120}, below_zero=opening_below_zero)
    rare_fields = frozenset({"pile_points"})
    one_side_fields = frozenset({"went_out"})
    canasta_fields = ("red_books", "black_books", "seven_books", "wild_books")
    red_threes_hand = RED_THREES_HAND
    red_threes_many = RED_THREES_MANY
    red_threes_few_points = RED_THREES_FEW_POINTS
    red_threes_many_points = RED_THREES_MANY_POINTS
    #: The deal: cards in each hand and in each face-down pile.
    hand_cards = FAMILY_HAND_CARDS
    pile_cards = PILE_CARDS
    draw_cards = 2
    meld_start = 3
    book_cards = CARDS_PER_CANASTA
    max_wild_per_book = MAX_WILD_PER_BOOK
    naturals_per_wild = 2
    #: Taking the discard pile: matching cards held in hand, or already on the table; and the
    #: count on the table of a rank at which its discards can no longer be taken.
    pile_match_in_hand = 2
    pile_match_on_table = 3
    pile_blocked_at = 5
    tally_fields = (
        TallyField(
            "red_books",
            COUNT,
            500,
            usual_most=6,
        ),
        TallyField(
            "black_books",
            COUNT,
            300,
            usual_most=6,
        ),
        TallyField("seven_books", COUNT, 1_500, usual_most=2),
        TallyField("wild_books", COUNT, 1_500, usual_most=2),
        TallyField(
            "red_threes",
            COUNT,
            None,
            hands=frozenset({RED_THREES_HAND}),
            usual_most=8,
        ),
        *black_threes_and_card_points(),
        TallyField("went_out", YES_NO, 100),
        TallyField(
            "on_board",
            YES_NO,
            None,
            default=True,
        ),
        TallyField(
            "pile_points",
            POINTS,
            None,
            usual_most=1_500,
        ),
    )

    def packs(self, players: int) -> int:
        return BASE_PACKS + PACKS_PER_STEP * ceil(players / PLAYERS_PER_STEP)

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        out = rng.choice([None, *game.side_names])
        tallies: dict[str, dict[str, int | bool]] = {}
        for side in game.side_names:
            tally: dict[str, int | bool] = {
                "red_books": rng.randint(0, 3),
                "black_books": rng.randint(0, 3),
                "seven_books": rng.randint(0, 1),
                "wild_books": rng.randint(0, 1),
                "red_threes": rng.randint(0, 6),
                "black_threes": rng.randint(0, 4),
                "meld_points": sample_card_points(rng),
                "hand_points": sample_card_points(rng),
                "on_board": rng.random() < 0.8,
                "pile_points": sample_card_points(rng, 300),
            }
            if side == out:
                tally.update(went_out=True, on_board=True, seven_books=1, wild_books=1)
            tallies[side] = tally
        return HandInput(tallies)

    def check_hand(self, hand: HandContext) -> None:
        itemized, refuse = hand.itemized, hand.refuse
        went_out = [name for name, tally in itemized.items() if tally["went_out"]]
        if len(went_out) > 1:
            raise refuse("only_one_side_goes_out", went_out[1], "went_out")
        for name in went_out:
            tally = itemized[name]
            if not tally["on_board"]:
                raise refuse("out_not_on_board", name, "on_board")
            if not tally["seven_books"]:
                raise refuse("out_needs_seven_book", name, "went_out")
            if not tally["wild_books"]:
                raise refuse("out_needs_wild_book", name, "went_out")

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        parts = self.plain_parts(
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

    def part_reasons(
        self, tally: Mapping[str, int | bool], parts: Mapping[str, int]
    ) -> dict[str, PartReason]:
        red_threes = int(tally.get("red_threes", 0))
        if red_threes >= self.red_threes_many and parts.get("red_threes"):
            return {"red_threes": PartReason("many_red_threes", self.red_threes_many)}
        return {}
