"""Canasta, the classic game: two to four players, two packs, first side to 5,000 (RULINGS.md
section 6). Every number a table may change is a house rule, applied in `apply_house_rules`."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from .canasta_cards import BLACK_THREE, CANASTA_CARD_VALUES, FOUR_TO_SEVEN
from .core import (
    JOKERS_PER_PACK,
    PACK_CARDS,
    GameSetup,
    PartReason,
    RuleSet,
    sample_card_points,
)
from .errors import RulesError
from .features import HouseRule, HouseRuleKind, OpeningByTotal, Seating, choice_rule, target_rule
from .scoring import CARDS_PER_CANASTA, HandContext, HandInput
from .tally import FieldKind, TallyField

COUNT, POINTS, YES_NO = FieldKind.COUNT, FieldKind.CARD_POINTS, FieldKind.YES_NO

PLAYER_COUNTS = (2, 3, 4)
#: Four play as two partnerships; fewer play each on their own.
PARTNERSHIP_PLAYERS = 4
#: Two players draw more cards a turn and need more canastas to go out.
TWO_PLAYERS = 2
PACKS = 2
JOKERS = PACKS * JOKERS_PER_PACK
#: Every card in play: two packs and their jokers.
CARDS = PACKS * PACK_CARDS + JOKERS
#: Cards dealt to each player, by the number of players.
HAND_CARDS = {2: 15, 3: 13, 4: 11}
#: Cards drawn from the stock in a turn (a single discard either way).
DRAW_CARDS = 1
DRAW_CARDS_TWO_PLAYERS = 2
#: A meld: at least this many cards, this many of them natural, at most this many wild.
MELD_START = 3
MELD_NATURALS = 2
MAX_WILD_IN_MELD = 3
#: Natural cards from hand that match the top discard, to take a frozen pile.
PILE_PAIR = 2
RED_THREES = 2 * PACKS
BLACK_THREES = 2 * PACKS

CARD_VALUES = (*CANASTA_CARD_VALUES, BLACK_THREE)
#: The least a canasta's cards are worth: all of them of the cheapest meldable rank (a canasta
#: is never made of black threes). A side's meld points below this for each canasta are a slip.
CANASTA_LEAST_POINTS = CARDS_PER_CANASTA * FOUR_TO_SEVEN.points

# The defaults of the house rules, and the values a table may pick instead.
TARGET_SCORE = 5_000
NATURAL_CANASTA = 500
MIXED_CANASTA = 300
GOING_OUT = 100
CONCEALED_EXTRA = 100
RED_THREE = 100
ALL_FOUR_RED_THREES = 800
CANASTAS_TO_GO_OUT = 1
#: The opening minimum's brackets: (the option, the lowest total it applies from, its default).
#: The first has no lower bound: any total below the next one, negative included.
OPENING_BRACKETS: tuple[tuple[str, int | None, int], ...] = (
    ("opening_below_zero", None, 15),
    ("opening_from_0", 0, 50),
    ("opening_from_1500", 1_500, 90),
    ("opening_from_3000", 3_000, 120),
)

CANASTA_FIELDS = ("natural_canastas", "mixed_canastas")
#: The fields that score their count (or yes) times their points, whatever the rest of the tally.
PLAIN_FIELDS = (*CANASTA_FIELDS, "meld_points", "hand_points", "went_out", "concealed")


def tally_fields_for(
    natural_canasta: int, mixed_canasta: int, going_out: int, concealed_extra: int
) -> tuple[TallyField, ...]:
    """The tally, with the points this table's house rules give each field."""
    return (
        *canasta_fields_for(natural_canasta, mixed_canasta),
        *CARD_FIELDS,
        *going_out_fields_for(going_out, concealed_extra),
    )


def canasta_fields_for(natural_canasta: int, mixed_canasta: int) -> tuple[TallyField, ...]:
    return (
        TallyField(
            "natural_canastas",
            COUNT,
            natural_canasta,
            usual_most=5,
        ),
        TallyField(
            "mixed_canastas",
            COUNT,
            mixed_canasta,
            usual_most=5,
        ),
    )


#: The fields whose points no house rule changes: red threes (scored by the rule set, see
#: `score_side`) and the card points.
CARD_FIELDS = (
    TallyField(
        "red_threes",
        COUNT,
        # All of them together score more than each one, and they count against a side
        # that melded nothing: the points depend on the rest of the tally.
        None,
        maximum=RED_THREES,
    ),
    TallyField(
        "meld_points",
        POINTS,
        1,
        usual_most=5_000,
    ),
    TallyField(
        "hand_points",
        POINTS,
        -1,
        usual_most=1_000,
    ),
)


def going_out_fields_for(going_out: int, concealed_extra: int) -> tuple[TallyField, ...]:
    return (
        TallyField("went_out", YES_NO, going_out),
        TallyField(
            "concealed",
            YES_NO,
            concealed_extra,
        ),
    )


def opening_for(minimums: dict[str, int]) -> OpeningByTotal:
    """The opening minimum, by the side's total, with this table's minimum for each bracket."""
    return OpeningByTotal(tuple((lower, minimums[name]) for name, lower, _ in OPENING_BRACKETS))


def _opening_rule(index: int, values: tuple[int, ...]) -> HouseRule:
    name, _, default = OPENING_BRACKETS[index]
    return choice_rule(name, default, values)


class Canasta(RuleSet):
    slug = "canasta"
    family = "canasta"
    player_counts = PLAYER_COUNTS
    # What the new-game page offers: a table picks alone or partners, and `seating_for` says
    # which of the two its number of players takes.
    seating = Seating.ALONE_OR_TEAMS
    card_values = CARD_VALUES
    target_score = TARGET_SCORE
    fixed_packs = PACKS
    house_rules = (
        target_rule(TARGET_SCORE, (3_000, TARGET_SCORE, 7_500, 10_000)),
        choice_rule(
            "natural_canasta",
            NATURAL_CANASTA,
            (300, NATURAL_CANASTA, 750),
        ),
        choice_rule(
            "mixed_canasta",
            MIXED_CANASTA,
            (150, MIXED_CANASTA, 500),
        ),
        choice_rule("going_out", GOING_OUT, (50, GOING_OUT, 200)),
        choice_rule(
            "concealed_extra",
            CONCEALED_EXTRA,
            (0, CONCEALED_EXTRA, 200),
        ),
        choice_rule(
            "red_three",
            RED_THREE,
            (50, RED_THREE, 200),
        ),
        choice_rule(
            "all_four_red_threes",
            ALL_FOUR_RED_THREES,
            (400, ALL_FOUR_RED_THREES, 1_200),
        ),
        _opening_rule(0, (0, 15, 25)),
        _opening_rule(1, (15, 50, 90)),
        _opening_rule(2, (50, 90, 120)),
        _opening_rule(3, (90, 120, 150)),
        HouseRule(
            "canastas_to_go_out",
            HouseRuleKind.CHOICE,
            CANASTAS_TO_GO_OUT,
            values=(1, 2),
            default_by_players=((TWO_PLAYERS, 2),),
        ),
    )
    # The class keeps the defaults (a rule set declares its tally and opening); an instance
    # builds its own from its house rules in `apply_house_rules`.
    tally_fields = tally_fields_for(NATURAL_CANASTA, MIXED_CANASTA, GOING_OUT, CONCEALED_EXTRA)
    opening: OpeningByTotal = opening_for({name: value for name, _, value in OPENING_BRACKETS})
    canasta_fields = CANASTA_FIELDS
    one_side_fields = frozenset({"went_out"})
    # Going out concealed happens a few times a game at most.
    rare_fields = frozenset({"concealed"})

    # Numbers the prose reads ({placeholder}); those a house rule changes are set per table.
    partnership_players = PARTNERSHIP_PLAYERS
    two_players = TWO_PLAYERS
    draw_cards = DRAW_CARDS
    draw_cards_two_players = DRAW_CARDS_TWO_PLAYERS
    meld_start = MELD_START
    meld_naturals = MELD_NATURALS
    max_wild_in_meld = MAX_WILD_IN_MELD
    cards_per_canasta = CARDS_PER_CANASTA
    pile_pair = PILE_PAIR
    cards = CARDS
    hand_cards = HAND_CARDS
    red_threes_total = RED_THREES
    black_threes_total = BLACK_THREES
    black_three_value = BLACK_THREE.points
    red_three_points: int = RED_THREE
    all_four_red_threes_points: int = ALL_FOUR_RED_THREES
    going_out_points: int = GOING_OUT
    concealed_extra: int = CONCEALED_EXTRA
    concealed_total: int = GOING_OUT + CONCEALED_EXTRA
    canastas_to_go_out: int = CANASTAS_TO_GO_OUT

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        self.tally_fields = tally_fields_for(
            self.chosen_number("natural_canasta"),
            self.chosen_number("mixed_canasta"),
            self.chosen_number("going_out"),
            self.chosen_number("concealed_extra"),
        )
        self.opening = opening_for(
            {name: self.chosen_number(name) for name, _, _ in OPENING_BRACKETS}
        )
        self.red_three_points = self.chosen_number("red_three")
        self.all_four_red_threes_points = self.chosen_number("all_four_red_threes")
        self.going_out_points = self.chosen_number("going_out")
        self.concealed_extra = self.chosen_number("concealed_extra")
        self.concealed_total = self.going_out_points + self.concealed_extra
        if not self.concealed_extra:
            # Going out concealed adds nothing at this table: a pad leaves its column out.
            self.unwritten_fields = frozenset({"concealed"})
        self.canastas_to_go_out = self.chosen_number("canastas_to_go_out")

    def seating_for(self, players: int) -> Seating:
        return Seating.PARTNERS if players == PARTNERSHIP_PLAYERS else Seating.ALONE

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        out = rng.choice([None, *game.side_names])
        red_threes_each = RED_THREES // len(game.sides)
        tallies: dict[str, dict[str, int | bool]] = {}
        for side in game.sides:
            tally: dict[str, int | bool] = {
                "natural_canastas": rng.randint(0, 2),
                "mixed_canastas": rng.randint(0, 2),
                "red_threes": rng.randint(0, red_threes_each),
                "hand_points": sample_card_points(rng, 500),
            }
            if side.name == out:
                tally["natural_canastas"] = max(int(tally["natural_canastas"]), 1)
                tally["mixed_canastas"] = max(int(tally["mixed_canastas"]), 1)
                tally["went_out"] = True
                tally["concealed"] = rng.random() < 0.1
                if len(side.players) == 1:
                    tally["hand_points"] = 0
            tally["meld_points"] = canastas(tally) * CANASTA_LEAST_POINTS + sample_card_points(
                rng, 1_500
            )
            tallies[side.name] = tally
        return HandInput(tallies)

    def check_hand(self, hand: HandContext) -> None:
        itemized, refuse = hand.itemized, hand.refuse
        went_out = [name for name, tally in itemized.items() if tally["went_out"]]
        if len(went_out) > 1:
            raise refuse("only_one_side_goes_out", went_out[1], "went_out")
        for name, tally in itemized.items():
            alone = hand.alone(name)
            completed = canastas(tally)
            if tally["concealed"] and not tally["went_out"]:
                code = "player_concealed_not_out" if alone else "side_concealed_not_out"
                raise refuse(code, name, "concealed")
            if tally["went_out"] and completed < self.canastas_to_go_out:
                raise short_of_canastas(hand, name, self.canastas_to_go_out)
            # A partnership's card points in hand may be the partner's; a player alone who
            # went out has none left.
            if tally["went_out"] and alone and tally["hand_points"]:
                raise refuse("hand_points_after_going_out", name, "hand_points")
            least, meld = completed * CANASTA_LEAST_POINTS, int(tally["meld_points"])
            if meld < least:
                raise canastas_worth_more(hand, name, completed, least, meld)
        counted = 0
        for name, tally in itemized.items():
            counted += int(tally["red_threes"])
            if counted > RED_THREES:
                raise refuse(
                    "too_many_red_threes", name, "red_threes", total=RED_THREES, counted=counted
                )

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        parts = self.plain_parts(tally, PLAIN_FIELDS)
        red_threes = int(tally["red_threes"])
        value = (
            self.all_four_red_threes_points
            if red_threes == RED_THREES
            else red_threes * self.red_three_points
        )
        melded_nothing = not tally["meld_points"] and canastas(tally) == 0
        parts["red_threes"] = -value if melded_nothing else value
        return parts

    def part_reasons(
        self, tally: Mapping[str, int | bool], parts: Mapping[str, int]
    ) -> dict[str, PartReason]:
        if parts.get("red_threes", 0) < 0:
            return {"red_threes": PartReason("melded_nothing")}
        return {}


def canastas(tally: Mapping[str, int | bool]) -> int:
    """The side's canastas of both kinds."""
    return sum(int(tally[name]) for name in CANASTA_FIELDS)


def short_of_canastas(hand: HandContext, side: str, needed: int) -> RulesError:
    """The refusal of a side that went out with fewer than the `needed` canastas."""
    if hand.alone(side):
        code = (
            "player_needs_canasta_to_go_out" if needed == 1 else "player_needs_canastas_to_go_out"
        )
    else:
        code = "side_needs_canasta_to_go_out" if needed == 1 else "side_needs_canastas_to_go_out"
    return hand.refuse(code, side, "went_out", needed=needed)


def canastas_worth_more(
    hand: HandContext, side: str, completed: int, least: int, meld: int
) -> RulesError:
    """The refusal of `meld` card points on the table, fewer than the `least` that the cards of
    the side's `completed` canastas are worth."""
    code = "canasta_worth_more" if completed == 1 else "canastas_worth_more"
    return hand.refuse(code, side, "meld_points", canastas=completed, least=least, meld=meld)
