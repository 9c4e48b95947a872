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
from .partners import PartnersOrAlone, at_most_one_out, worked_example
from .prose import Prose, Section, in_words
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
    note=f"when melded in going out; each left in hand costs {BLACK_THREE_IN_HAND:,} instead",
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
            "Natural canastas",
            COUNT,
            NATURAL_CANASTA,
            f"{in_words(CARDS_PER_CANASTA)} or more cards of a rank, no wild card",
            short_label="Natural",
            unit="natural canasta",
            usual_most=5,
        ),
        TallyField(
            "mixed_canastas",
            "Mixed canastas",
            COUNT,
            MIXED_CANASTA,
            f"{in_words(CARDS_PER_CANASTA)} or more cards of a rank with wild cards among them, "
            f"at most {in_words(MAX_WILD_IN_MELD)}",
            short_label="Mixed",
            unit="mixed canasta",
            usual_most=5,
        ),
    )


RED_THREES_FIELD = TallyField(
    "red_threes",
    "Red threes",
    COUNT,
    # All six to one side score more than each one, and they count against a side with fewer
    # than two canastas: the points depend on the rest of the tally.
    None,
    f"laid out in front of the side; against a side with fewer than "
    f"{in_words(CANASTAS_FOR_RED_THREES)} canastas",
    maximum=RED_THREES,
    unit="red three",
)


def card_point_fields(in_hand: str) -> tuple[TallyField, ...]:
    return (
        TallyField(
            "meld_points",
            "Card points on the table",
            POINTS,
            1,
            "every melded card, canasta cards included",
            short_label="Melded",
            usual_most=6_000,
        ),
        TallyField(
            "hand_points",
            "Card points left in hands",
            POINTS,
            -1,
            in_hand,
            short_label="In hand",
            usual_most=1_000,
        ),
    )


def samba_fields(samba: int, going_out: int) -> tuple[TallyField, ...]:
    return (
        TallyField(
            "sambas",
            "Sambas",
            COUNT,
            samba,
            f"{in_words(CARDS_PER_CANASTA)} cards in sequence in a suit, no wild card",
            unit="samba",
            usual_most=3,
        ),
        *canasta_fields(),
        RED_THREES_FIELD,
        *card_point_fields("cards left in hand, black threes included"),
        TallyField("went_out", "Went out", YES_NO, going_out, "for going out"),
    )


def bolivia_fields(going_out: int) -> tuple[TallyField, ...]:
    return (
        TallyField(
            "bolivias",
            "Bolivias",
            COUNT,
            BOLIVIA_POINTS,
            f"{in_words(CARDS_PER_CANASTA)} wild cards",
            unit="bolivia",
            usual_most=1,
            maximum=WILD_CARDS // CARDS_PER_CANASTA,
        ),
        TallyField(
            "escaleras",
            "Escaleras",
            COUNT,
            ESCALERA_POINTS,
            f"{in_words(CARDS_PER_CANASTA)} cards in sequence in a suit, no wild card",
            unit="escalera",
            usual_most=3,
        ),
        *canasta_fields(),
        RED_THREES_FIELD,
        TallyField(
            "black_threes_in_hand",
            "Black threes in hand",
            COUNT,
            -BLACK_THREE_IN_HAND,
            "left in hand when the hand ends",
            short_label="Black threes",
            unit="black three in hand",
            maximum=BLACK_THREES,
            usual_most=4,
        ),
        *card_point_fields("cards left in hand, black threes not included"),
        TallyField("went_out", "Went out", YES_NO, going_out, "for going out"),
    )


def samba_summary(target: int, extra: str) -> str:
    return (
        f"Canasta with {CARDS} cards for {in_words(PLAYER_COUNTS[0])} to "
        f"{in_words(PLAYER_COUNTS[-1])}, {in_words(DRAW_CARDS)} cards drawn a turn, {extra}; "
        f"first side to {target:,}."
    )


class Samba(PartnersOrAlone, RuleSet):
    slug = "samba"
    #: Every card in play (the words at the edge read it for the summary).
    cards = CARDS
    name = "Samba"
    summary_melds = f"sequences of {in_words(CARDS_PER_CANASTA)} in a suit (sambas)"
    summary = samba_summary(SAMBA_TARGET, summary_melds)
    family = "Samba"
    player_counts = PLAYER_COUNTS
    partnership_counts = PARTNERSHIP_COUNTS
    seating = Seating.ALONE_OR_TEAMS
    cards_dealt = f"{HAND_CARDS} cards to each player"
    card_values = CARD_VALUES
    card_point_values: ClassVar[tuple[CardValue, ...] | None] = COUNTED_CARD_VALUES
    wild_cards = "twos and jokers"
    target_score = SAMBA_TARGET
    fixed_packs = PACKS
    house_rules: ClassVar[tuple[HouseRule, ...]] = (
        target_rule(SAMBA_TARGET, (7_500, SAMBA_TARGET, 15_000)),
        choice_rule("going_out", "Going out scores", GOING_OUT, (100, GOING_OUT)),
        choice_rule("samba", "A samba scores", SAMBA_POINTS, (1_000, SAMBA_POINTS)),
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
    sequence_word = "a samba"
    #: The canasta in sequence (what Bolivia needs to go out).
    sequence_field = "sambas"
    going_out_needs = f"{in_words(CANASTAS_TO_GO_OUT)} canastas, sambas included"

    prose = Prose(
        sections=(
            Section(
                "Players and cards",
                (
                    "{name} is for {players}. With {partnership_words}, partners sit opposite "
                    "each other and score together; with fewer, everyone plays alone. Shuffle "
                    "together {packs}. Twos and jokers are wild; threes have jobs of their own "
                    "(see Threes).",
                ),
                table="card_values",
            ),
            Section(
                "The deal and a turn",
                (
                    "The dealer deals {hand_cards} cards to each player, one at a time; the "
                    "rest is the stock, and its top card turned up starts the discard pile. "
                    "The deal passes one seat to the left after every hand.",
                    "In your turn draw {draw_cards:w} cards from the stock (or take the "
                    "discard pile, see below), meld if you like, and discard a single card.",
                    "You may take the pile only to meld its top card at once with "
                    "{pile_pair:w} natural cards of its rank from your hand, or, once your side "
                    "has opened, to add it to a meld of your side's that is not yet a canasta, "
                    "an unfinished sequence included. You can't take it to start a sequence, "
                    "nor to add it to a sequence along with cards from your hand.",
                    "{wild_top_card_words}",
                ),
            ),
            Section(
                "Melds, canastas and sequences",
                (
                    "A meld of a rank is {meld_start:w} or more cards of one rank, fours up to "
                    "aces, with at most {max_wild_in_meld:w} wild cards. A meld of "
                    "{cards_per_canasta:w} or more is a canasta: natural without wild cards "
                    "({pts[natural_canastas]}), mixed with them ({pts[mixed_canastas]}).",
                    "A sequence is {meld_start:w} or more cards in a row, all of a suit, fours up "
                    "to aces, with no wild card; it grows to {cards_per_canasta:w} cards at "
                    "most. At {cards_per_canasta:w} it is {sequence_word}: "
                    "{sequence_points} and a canasta like any other.",
                    "{special_melds}",
                ),
            ),
            Section(
                "The opening meld",
                (
                    "A side's first meld of the hand must be worth at least its opening "
                    "minimum in card values (table below: {opening_trend}). "
                    "Several melds laid at once count together.",
                ),
                table="openings",
            ),
            Section(
                "Threes",
                (
                    "A red three is laid face up in front of your side at once and replaced "
                    "from the stock. Each scores {red_three_points}, all {red_threes_total:w} "
                    "together {all_red_threes}; but a side with fewer than "
                    "{canastas_for_red_threes:w} canastas loses that much instead.",
                    "{black_threes_words}",
                ),
            ),
            Section(
                "Going out",
                (
                    "A side may go out once it has {going_out_needs}. You go out by melding "
                    "every card, or all but a last card that you discard. Going out scores "
                    "{pts[went_out]} and ends the hand. Playing as partners, you may ask your "
                    "partner first; do as your partner answers.",
                ),
            ),
            Section(
                "Scoring",
                (
                    "When the hand ends, each side adds up its canastas, its red threes, "
                    "{pts[went_out]} for going out and the card values of every card it has "
                    "melded; from that it takes away the card values of the cards left in its "
                    "hands. The scoring table gives every item.",
                    "For example, a side with {example}.",
                ),
            ),
        ),
        score_notes={
            "red_threes": "{red_three_points} each, all {red_threes_total:w} together "
            "{all_red_threes}; against a side with fewer than {canastas_for_red_threes:w} "
            "canastas",
        },
        pad_note="Red threes: {red_three_points} each, all {red_threes_total:w} "
        "{all_red_threes}; against a side with fewer than {canastas_for_red_threes:w} canastas. "
        "Going out needs {going_out_needs}.",
        pad_hints={"red_threes": "how many: see note"},
        terms={
            "Mixed canastas": "A mixed canasta is a canasta of a rank with wild cards in it "
            "(at most {max_wild_in_meld}).",
            "Red threes": "Each red three scores {red_three_points:,}, all {red_threes_total} "
            "together {all_red_threes:,}; they count against a side with fewer than "
            "{canastas_for_red_threes} canastas.",
        },
    )

    special_melds = "Wild cards never make a meld of their own."
    #: What a wild card on top of the pile does, where the game says more than Samba ("": no
    #: paragraph).
    wild_top_card_words = ""
    black_threes_words = (
        "Black threes are for discarding: a black three on top of the pile stops the next "
        "player from taking it. They are melded only by a player going out; each left in hand "
        "costs its "
        f"{BLACK_THREE.points} card points."
    )

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        self.tally_fields = self.table_fields()

    def summary_at_table(self) -> str:
        return samba_summary(self.target_score or 0, self.summary_melds)

    def table_fields(self) -> tuple[TallyField, ...]:
        """The tally with this table's points."""
        return samba_fields(self.chosen_number("samba"), self.chosen_number("going_out"))

    @property
    def sequence_points(self) -> str:
        return f"{self.points_each['sambas']:,}"

    @property
    def example(self) -> str:
        asked = {f.name: self.worked_hand.get(f.name, f.blank) for f in self.tally_fields}
        return worked_example(self, self.worked_hand, self.score_tally(asked))

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
    name = "Bolivia"
    summary_melds = (
        f"sequences of {in_words(CARDS_PER_CANASTA)} (escaleras) and bolivias of wild cards"
    )
    summary = samba_summary(BOLIVIA_TARGET, summary_melds)
    family = "Samba"
    target_score = BOLIVIA_TARGET
    house_rules = (
        target_rule(BOLIVIA_TARGET, (10_000, BOLIVIA_TARGET)),
        choice_rule("going_out", "Going out scores", GOING_OUT, (100, GOING_OUT)),
    )
    tally_fields = bolivia_fields(GOING_OUT)
    opening = OpeningByTotal(BOLIVIA_OPENING)
    canasta_fields = ("bolivias", "escaleras", "natural_canastas", "mixed_canastas")
    card_point_values = CANASTA_CARD_VALUES
    card_values = (*CANASTA_CARD_VALUES, BOLIVIA_BLACK_THREE, RED_THREE)
    worked_hand = BOLIVIA_WORKED
    sequence_word = "an escalera"
    sequence_field = "escaleras"
    going_out_needs = f"{in_words(CANASTAS_TO_GO_OUT)} canastas, {in_words(1)} of them an escalera"
    # Bolivia's own rules for wild cards, as the published rules give them (a meld of wild
    # cards alone; no taking the pile on a wild card).
    special_melds = (
        f"Wild cards may also make a meld of their own: {in_words(MELD_START)} or more twos and "
        f"jokers, which grows to {in_words(CARDS_PER_CANASTA)} at most. At "
        f"{in_words(CARDS_PER_CANASTA)} it is a bolivia: {BOLIVIA_POINTS:,} and a canasta like "
        "any other."
    )
    wild_top_card_words = (
        "Nobody may take the pile while a wild card is on top of it, not even to add it to a "
        "meld of wild cards."
    )
    black_threes_words = (
        "Black threes are for discarding: a black three on top of the pile stops the next "
        "player from taking it. They are melded only by a player going out, at "
        f"{BLACK_THREE.points} each; each left in hand costs {BLACK_THREE_IN_HAND:,}."
    )

    @property
    def sequence_points(self) -> str:
        return f"{ESCALERA_POINTS:,}"

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
