"""Samba and Bolivia: canasta with three packs, a turn of two cards drawn, and sequences of seven
in a suit that count as canastas (RULINGS.md sections 10 and 11). Bolivia is Samba with a
bolivia of seven wild cards, black threes that cost a hundred in hand, and an escalera to go
out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from random import Random
from typing import ClassVar

from .canasta import canastas_worth_more
from .canasta_cards import BLACK_THREE, CANASTA_CARD_VALUES, FOUR_TO_SEVEN, RED_THREE
from .core import (
    JOKERS_PER_PACK,
    PACK_CARDS,
    CardValue,
    GameSetup,
    PartReason,
    RuleSet,
    sample_card_points,
)
from .features import HouseRule, OpeningByTotal, Seating, choice_rule, target_rule
from .partners import PartnersOrAlone, at_most_one_out
from .scoring import CARDS_PER_CANASTA, HandContext, HandInput
from .tally import FieldKind, TallyField

COUNT, POINTS, YES_NO = FieldKind.COUNT, FieldKind.CARD_POINTS, FieldKind.YES_NO

PLAYER_COUNTS = (2, 3, 4)
PARTNERSHIP_COUNTS = frozenset({4})
PACKS = 3
JOKERS = PACKS * JOKERS_PER_PACK
#: Every card in play: three packs and their jokers.
CARDS = PACKS * PACK_CARDS + JOKERS
HAND_CARDS = 15
DRAW_CARDS = 2
MAX_WILD_IN_MELD = 2
#: The fewest cards of a meld, of a rank, in sequence or (Bolivia) of wild cards alone.
MELD_START = 3
RED_THREES = 2 * PACKS
BLACK_THREES = 2 * PACKS
#: Red threes count for a side with at least this many canastas (sambas included).
CANASTAS_FOR_RED_THREES = 2
CANASTAS_TO_GO_OUT = 2
#: Wild cards in the three packs: twelve twos and six jokers, enough for two bolivias.
WILD_CARDS = 4 * PACKS + JOKERS

CARD_VALUES = (*CANASTA_CARD_VALUES, BLACK_THREE, RED_THREE)
COUNTED_CARD_VALUES = (*CANASTA_CARD_VALUES, BLACK_THREE)
#: The least a canasta's cards are worth: seven of the cheapest meldable rank.
CANASTA_LEAST_POINTS = CARDS_PER_CANASTA * FOUR_TO_SEVEN.points

RED_THREE_POINTS = 100
ALL_RED_THREES = 1_000
SAMBA_TARGET = 10_000
SAMBA_POINTS = 1_500
GOING_OUT = 200
NATURAL_CANASTA = 500
MIXED_CANASTA = 300
#: The opening minimum by the side's total: (lowest total, minimum), the first for any total
#: below the next.
SAMBA_OPENING = ((None, 15), (0, 50), (1_500, 90), (3_000, 120), (7_000, 160))

BOLIVIA_TARGET = 15_000
BOLIVIA_POINTS = 2_500
ESCALERA_POINTS = 1_500
BLACK_THREE_IN_HAND = 100
BOLIVIA_OPENING = ((None, 15), (0, 50), (1_500, 90), (3_000, 120), (7_000, 150))
#: Bolivia's black three counts as a card only when melded: left in hand it costs a price of its
#: own.
BOLIVIA_BLACK_THREE = replace(
    BLACK_THREE,
    note="melded_going_out_or_costs",
)

#: RULINGS.md's worked hands.
SAMBA_WORKED: dict[str, int | bool] = {
    "sambas": 1,
    "natural_canastas": 1,
    "red_threes": 2,
    "meld_points": 560,
    "hand_points": 30,
    "went_out": True,
}
BOLIVIA_WORKED: dict[str, int | bool] = {
    "escaleras": 1,
    "mixed_canastas": 1,
    "red_threes": 3,
    "black_threes_in_hand": 1,
    "meld_points": 480,
    "hand_points": 25,
}


def canasta_fields() -> tuple[TallyField, ...]:
    """The canastas of rank, as both games count them."""
    return (
        TallyField(
            "natural_canastas",
            COUNT,
            NATURAL_CANASTA,
            usual_most=5,
        ),
        TallyField(
            "mixed_canastas",
            COUNT,
            MIXED_CANASTA,
            usual_most=5,
        ),
    )


RED_THREES_FIELD = TallyField(
    "red_threes",
    COUNT,
    # All six to one side score more than each one, and they count against a side with fewer
    # than two canastas: the points depend on the rest of the tally.
    None,
    maximum=RED_THREES,
)


def card_point_fields() -> tuple[TallyField, ...]:
    return (
        TallyField(
            "meld_points",
            POINTS,
            1,
            usual_most=6_000,
        ),
        TallyField(
            "hand_points",
            POINTS,
            -1,
            usual_most=1_000,
        ),
    )


def samba_fields(samba: int, going_out: int) -> tuple[TallyField, ...]:
    return (
        TallyField(
            "sambas",
            COUNT,
            samba,
            usual_most=3,
        ),
        *canasta_fields(),
        RED_THREES_FIELD,
        *card_point_fields(),
        TallyField("went_out", YES_NO, going_out),
    )


def bolivia_fields(going_out: int) -> tuple[TallyField, ...]:
    return (
        TallyField(
            "bolivias",
            COUNT,
            BOLIVIA_POINTS,
            usual_most=1,
            maximum=WILD_CARDS // CARDS_PER_CANASTA,
        ),
        TallyField(
            "escaleras",
            COUNT,
            ESCALERA_POINTS,
            usual_most=3,
        ),
        *canasta_fields(),
        RED_THREES_FIELD,
        TallyField(
            "black_threes_in_hand",
            COUNT,
            -BLACK_THREE_IN_HAND,
            maximum=BLACK_THREES,
            usual_most=4,
        ),
        *card_point_fields(),
        TallyField("went_out", YES_NO, going_out),
    )


class Samba(PartnersOrAlone, RuleSet):
    slug = "samba"
    #: Every card in play (the words at the edge read it for the summary).
    cards = CARDS
    family = "samba"
    player_counts = PLAYER_COUNTS
    partnership_counts = PARTNERSHIP_COUNTS
    seating = Seating.ALONE_OR_TEAMS
    card_values = CARD_VALUES
    card_point_values: ClassVar[tuple[CardValue, ...] | None] = COUNTED_CARD_VALUES
    target_score = SAMBA_TARGET
    fixed_packs = PACKS
    house_rules: ClassVar[tuple[HouseRule, ...]] = (
        target_rule(SAMBA_TARGET, (7_500, SAMBA_TARGET, 15_000)),
        choice_rule("going_out", GOING_OUT, (100, GOING_OUT)),
        choice_rule("samba", SAMBA_POINTS, (1_000, SAMBA_POINTS)),
    )
    tally_fields = samba_fields(SAMBA_POINTS, GOING_OUT)
    opening: OpeningByTotal = OpeningByTotal(SAMBA_OPENING)
    canasta_fields: ClassVar[tuple[str, ...]] = ("sambas", "natural_canastas", "mixed_canastas")
    one_side_fields = frozenset({"went_out"})
    worked_hand: dict[str, int | bool] = SAMBA_WORKED

    # Numbers the prose reads.
    hand_cards = HAND_CARDS
    draw_cards = DRAW_CARDS
    meld_start = MELD_START
    max_wild_in_meld = MAX_WILD_IN_MELD
    cards_per_canasta = CARDS_PER_CANASTA
    red_threes_total = RED_THREES
    all_red_threes = ALL_RED_THREES
    red_three_points = RED_THREE_POINTS
    canastas_for_red_threes = CANASTAS_FOR_RED_THREES
    canastas_to_go_out = CANASTAS_TO_GO_OUT
    black_three_value = BLACK_THREE.points
    pile_pair = 2
    #: The canasta in sequence (what Bolivia needs to go out).
    sequence_field = "sambas"

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        self.tally_fields = self.table_fields()

    def table_fields(self) -> tuple[TallyField, ...]:
        """The tally with this table's points."""
        return samba_fields(self.chosen_number("samba"), self.chosen_number("going_out"))

    def canastas(self, tally: dict[str, int | bool]) -> int:
        return sum(int(tally[name]) for name in self.canasta_fields)

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        out = rng.choice([None, *game.side_names])
        threes_each = RED_THREES // len(game.sides)
        tallies: dict[str, dict[str, int | bool]] = {}
        for side in game.side_names:
            tally: dict[str, int | bool] = {
                name: rng.randint(0, 1) for name in self.canasta_fields if name != "bolivias"
            }
            tally["red_threes"] = rng.randint(0, threes_each)
            tally["hand_points"] = sample_card_points(rng, 500)
            if side == out:
                tally[self.sequence_field] = 1
                tally["natural_canastas"] = 1
                tally["went_out"] = True
            tally["meld_points"] = self.canastas(
                {name: tally.get(name, 0) for name in self.canasta_fields}
            ) * CANASTA_LEAST_POINTS + sample_card_points(rng, 1_500)
            tallies[side] = tally
        return HandInput(tallies)

    def check_hand(self, hand: HandContext) -> None:
        refuse = hand.refuse
        at_most_one_out(hand)
        red_threes = 0
        for name, tally in hand.itemized.items():
            completed = self.canastas(tally)
            if tally["went_out"]:
                self.check_going_out(hand, name, tally)
            least, meld = completed * CANASTA_LEAST_POINTS, int(tally["meld_points"])
            if meld < least:
                raise canastas_worth_more(hand, name, completed, least, meld)
            red_threes += int(tally["red_threes"])
            if red_threes > RED_THREES:
                raise refuse(
                    "too_many_red_threes", name, "red_threes", total=RED_THREES, counted=red_threes
                )

    def check_going_out(self, hand: HandContext, side: str, tally: dict[str, int | bool]) -> None:
        if self.canastas(tally) < CANASTAS_TO_GO_OUT:
            code = (
                "player_needs_canastas_sambas_included"
                if hand.alone(side)
                else "side_needs_canastas_sambas_included"
            )
            raise hand.refuse(code, side, "went_out", needed=CANASTAS_TO_GO_OUT)

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        return self.score_tally(tally)

    def score_tally(self, tally: dict[str, int | bool]) -> dict[str, int]:
        parts = self.plain_parts(
            tally, (f.name for f in self.tally_fields if f.points_each is not None)
        )
        red_threes = int(tally["red_threes"])
        value = ALL_RED_THREES if red_threes == RED_THREES else red_threes * RED_THREE_POINTS
        short = self.canastas(tally) < CANASTAS_FOR_RED_THREES
        parts["red_threes"] = -value if short else value
        return parts

    def part_reasons(
        self, tally: Mapping[str, int | bool], parts: Mapping[str, int]
    ) -> dict[str, PartReason]:
        if int(tally.get("red_threes", 0)) == RED_THREES:
            return {"red_threes": PartReason("all_red_threes", RED_THREES)}
        if parts.get("red_threes", 0) < 0:
            return {"red_threes": PartReason("fewer_canastas", CANASTAS_FOR_RED_THREES)}
        return {}


class Bolivia(Samba):
    slug = "bolivia"
    #: Escaleras a side needs to go out, beside its canastas.
    escaleras_to_go_out = 1
    family = "samba"
    target_score = BOLIVIA_TARGET
    house_rules = (
        target_rule(BOLIVIA_TARGET, (10_000, BOLIVIA_TARGET)),
        choice_rule("going_out", GOING_OUT, (100, GOING_OUT)),
    )
    tally_fields = bolivia_fields(GOING_OUT)
    opening = OpeningByTotal(BOLIVIA_OPENING)
    canasta_fields = ("bolivias", "escaleras", "natural_canastas", "mixed_canastas")
    card_point_values = CANASTA_CARD_VALUES
    card_values = (*CANASTA_CARD_VALUES, BOLIVIA_BLACK_THREE, RED_THREE)
    worked_hand = BOLIVIA_WORKED
    sequence_field = "escaleras"

    def table_fields(self) -> tuple[TallyField, ...]:
        return bolivia_fields(self.chosen_number("going_out"))

    def check_hand(self, hand: HandContext) -> None:
        super().check_hand(hand)
        bolivias = black_threes = 0
        for name, tally in hand.itemized.items():
            bolivias += int(tally["bolivias"])
            if bolivias > WILD_CARDS // CARDS_PER_CANASTA:
                most = WILD_CARDS // CARDS_PER_CANASTA
                raise hand.refuse(
                    "too_many_bolivias", name, "bolivias", most=most, counted=bolivias
                )
            black_threes += int(tally["black_threes_in_hand"])
            if black_threes > BLACK_THREES:
                raise hand.refuse(
                    "too_many_black_threes_in_hand",
                    name,
                    "black_threes_in_hand",
                    total=BLACK_THREES,
                    counted=black_threes,
                )

    def check_going_out(self, hand: HandContext, side: str, tally: dict[str, int | bool]) -> None:
        if self.canastas(tally) < CANASTAS_TO_GO_OUT or not tally["escaleras"]:
            code = (
                "player_needs_canastas_one_escalera"
                if hand.alone(side)
                else "side_needs_canastas_one_escalera"
            )
            raise hand.refuse(code, side, "went_out", needed=CANASTAS_TO_GO_OUT)
