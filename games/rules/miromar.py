"""Hearts of Miromar Canasta: a partnership canasta for four, played to 8,500."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import ClassVar

from .canasta import short_of_canastas
from .canasta_cards import CANASTA_CARD_VALUES
from .core import (
    JOKERS_PER_PACK,
    PACK_CARDS,
    GameSetup,
    PartReason,
    RuleSet,
    sample_card_points,
)
from .features import (
    OpeningByTotal,
    OpeningsTracker,
    Seating,
    target_rule,
)
from .scoring import HandContext, HandInput
from .tally import FieldKind, TallyField

COUNT, POINTS, YES_NO = FieldKind.COUNT, FieldKind.CARD_POINTS, FieldKind.YES_NO

PLAYERS = 4
TARGET_SCORE = 8_500
PACKS = 2
JOKERS = PACKS * JOKERS_PER_PACK
#: Every card in play: two packs and their jokers.
CARDS = PACKS * PACK_CARDS + JOKERS
HAND_CARDS = 13
SPLASH_POINTS = 2_500
#: The aces, sevens and wild card canastas, and the grand wild card canasta.
SPECIAL_CANASTA_POINTS = 2_500
GRAND_WILD_CANASTA_POINTS = 3_000
#: Threes in the 108 cards (two packs).
THREES = 8
#: A three on the table, for or against the side, and all of them against a side with none.
THREE_POINTS = 100
ALL_THREES_WITHOUT_CANASTA = -2_500
FAILED_OPENING_STEP = 10
CARDS_PER_CANASTA = 7
#: Completed canastas a side needs to go out, and from which its threes on the table count
#: for it (with fewer, but at least one, they count nothing).
CANASTAS_TO_GO_OUT = 2
CANASTAS_FOR_THREES = 2
#: Wild cards a dirty canasta may hold.
MAX_WILD_IN_CANASTA = 2
#: A partner caught holding this many sevens (or aces) or more pays a penalty.
CAUGHT_WITH = 3
#: Canastas of aces, of sevens and of wild cards to be had in a hand, over both sides.
SPECIAL_CANASTAS_EACH = 1


@dataclass(frozen=True)
class SplashHand:
    """One of the fixed hands that make a Splash (its name and note are the app's words, by its
    place in `splash_hands`)."""

    #: (how many groups, cards in each group), natural cards only.
    groups: tuple[tuple[int, int], ...]
    wild_cards: int
    #: Whether a three may be part of it.
    threes: bool = False

    @property
    def cards(self) -> int:
        return sum(count * size for count, size in self.groups) + self.wild_cards


CANASTA_FIELDS = (
    "natural_canastas",
    "dirty_canastas",
    "natural_ace_canastas",
    "dirty_ace_canastas",
    "seven_canastas",
    "wild_canastas",
    "grand_wild_canastas",
)
UNFINISHED_FIELDS = ("unfinished_natural_aces", "unfinished_sevens", "unfinished_wilds")
PLAIN_FIELDS = (
    "went_out",
    *CANASTA_FIELDS,
    *UNFINISHED_FIELDS,
    "hand_points",
    "threes_in_hand",
    "sevens_penalties",
    "aces_penalties",
)


# -- Hearts of Miromar Canasta -------------------------------------------------------------------


class MiromarCanasta(RuleSet):
    slug = "miromar-canasta"
    family = "miromar_canasta"
    player_counts = (PLAYERS,)
    seating = Seating.PARTNERS
    card_values = CANASTA_CARD_VALUES
    target_score = TARGET_SCORE
    fixed_packs = PACKS
    house_rules = (target_rule(TARGET_SCORE, (5_000, 7_500, TARGET_SCORE, 10_000)),)
    most_hands = 300
    opening: OpeningByTotal = OpeningByTotal(
        ((None, 125), (3_000, 155), (5_000, 180)), failed_step=FAILED_OPENING_STEP
    )
    # Going out takes two canastas, so the special canastas, the unfinished melds and threes in
    # hand come up most hands and stay in view; these are seldom scored.
    #: Behind "More" on the hand form: what few hands have. The unfinished special melds went
    #: there too when the form's targets got 8px apart, so that it stays two phone screens long.
    rare_fields = frozenset(
        {
            "splash",
            "grand_wild_canastas",
            "dirty_ace_canastas",
            "unfinished_natural_aces",
            "unfinished_sevens",
            "unfinished_wilds",
            "sevens_penalties",
            "aces_penalties",
        }
    )
    one_side_fields = frozenset({"went_out"})
    canasta_fields = CANASTA_FIELDS
    failed_opening_step = FAILED_OPENING_STEP
    #: Extra cards drawn by the first and second players to open, until the turn card.
    toulon_draws = (4, 3)
    tracker: ClassVar[OpeningsTracker] = OpeningsTracker(FAILED_OPENING_STEP, toulon_draws)
    splash_points = SPLASH_POINTS
    threes_total = THREES
    all_threes_without_canasta = ALL_THREES_WITHOUT_CANASTA
    three_points = THREE_POINTS
    #: Cards left under the turn card, and cards in a Splash.
    turn_card_depth = 8
    splash_cards = 14
    hand_cards = HAND_CARDS
    cards_per_canasta = CARDS_PER_CANASTA
    #: An opening meld: a natural set of at least this many, other sets of at least
    #: `opening_pair` naturals with at most `max_wild_per_set` wild cards; or this many wild
    #: cards on their own.
    meld_start = 3
    opening_pair = 2
    max_wild_per_set = 2
    wild_cards_alone = 3
    #: Taking the discard pile: a matching pair from hand; never on a rank with this many
    #: cards already in a meld of the side's.
    pile_pair = 2
    pile_blocked_at = 5
    #: Cards drawn from the stock in a turn (after replacing any threes).
    draw_cards = 1
    max_wild_in_canasta = MAX_WILD_IN_CANASTA
    canastas_to_go_out = CANASTAS_TO_GO_OUT
    canastas_for_threes = CANASTAS_FOR_THREES
    jokers = JOKERS
    #: Every card in play, and the sevens (or aces) a partner is caught holding.
    cards = CARDS
    caught_with = CAUGHT_WITH
    #: The Splash hands: groups as (how many, cards each), wild cards, a three among them.
    splash_hands: ClassVar[tuple[SplashHand, ...]] = (
        # Sets; sets of four and a wild pair; sets of three and a wild pair; pairs; pairs with a
        # wild pair; the garbage hand; the zip code.
        SplashHand(((2, 3), (2, 4)), 0),
        SplashHand(((3, 4),), 2),
        SplashHand(((4, 3),), 2),
        SplashHand(((7, 2),), 0),
        SplashHand(((6, 2),), 2),
        SplashHand(((13, 1),), 1, threes=True),
        SplashHand(((1, 4), (2, 3), (2, 2)), 0),
    )
    tally_fields = (
        TallyField(
            "splash",
            YES_NO,
            SPLASH_POINTS,
            scores_alone=True,
        ),
        TallyField("went_out", YES_NO, 200),
        TallyField(
            "natural_canastas",
            COUNT,
            500,
            usual_most=6,
        ),
        TallyField(
            "dirty_canastas",
            COUNT,
            300,
            usual_most=6,
        ),
        TallyField(
            "natural_ace_canastas",
            COUNT,
            SPECIAL_CANASTA_POINTS,
            maximum=SPECIAL_CANASTAS_EACH,
        ),
        TallyField(
            "dirty_ace_canastas",
            COUNT,
            300,
            maximum=SPECIAL_CANASTAS_EACH,
        ),
        TallyField(
            "seven_canastas",
            COUNT,
            SPECIAL_CANASTA_POINTS,
            maximum=SPECIAL_CANASTAS_EACH,
        ),
        TallyField(
            "wild_canastas",
            COUNT,
            SPECIAL_CANASTA_POINTS,
            maximum=SPECIAL_CANASTAS_EACH,
        ),
        TallyField(
            "grand_wild_canastas",
            COUNT,
            GRAND_WILD_CANASTA_POINTS,
            maximum=SPECIAL_CANASTAS_EACH,
        ),
        TallyField(
            "unfinished_natural_aces",
            COUNT,
            -2_500,
            usual_most=2,
        ),
        TallyField(
            "unfinished_sevens",
            COUNT,
            -2_500,
            usual_most=2,
        ),
        TallyField(
            "unfinished_wilds",
            COUNT,
            -2_500,
            usual_most=2,
        ),
        TallyField(
            "threes",
            COUNT,
            None,
            maximum=THREES,
        ),
        TallyField(
            "meld_points",
            POINTS,
            None,
            usual_most=8_000,
        ),
        TallyField(
            "hand_points",
            POINTS,
            -1,
            usual_most=1_500,
        ),
        TallyField(
            "threes_in_hand",
            COUNT,
            -100,
            maximum=THREES,
        ),
        TallyField(
            "sevens_penalties",
            COUNT,
            -1_500,
            maximum=2,
        ),
        TallyField(
            "aces_penalties",
            COUNT,
            -1_500,
            maximum=2,
        ),
    )

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        sides = game.side_names
        ending = rng.choice(["splash", "out", "none", "none"])
        ender = rng.choice(sides)
        specials: dict[str, dict[str, int | bool]] = {side: {} for side in sides}
        for choices in (
            ("natural_ace_canastas", "dirty_ace_canastas"),
            ("seven_canastas",),
            ("wild_canastas", "grand_wild_canastas"),
        ):
            holder = rng.choice([None, *sides])
            if holder is not None:
                specials[holder][rng.choice(choices)] = 1
        tallies: dict[str, dict[str, int | bool]] = {}
        for side in sides:
            tally: dict[str, int | bool] = {
                "natural_canastas": rng.randint(0, 2),
                "dirty_canastas": rng.randint(0, 2),
                **specials[side],
                "unfinished_natural_aces": rng.randint(0, 1),
                "unfinished_sevens": rng.randint(0, 1),
                "unfinished_wilds": rng.randint(0, 1),
                "threes": rng.randint(0, 2),
                "threes_in_hand": rng.randint(0, 2),
                "meld_points": sample_card_points(rng),
                "hand_points": sample_card_points(rng),
                "sevens_penalties": rng.randint(0, 2),
                "aces_penalties": rng.randint(0, 2),
            }
            if side == ender and ending == "splash":
                tally["splash"] = True
            if side == ender and ending == "out":
                tally.update(
                    went_out=True,
                    natural_canastas=1,
                    dirty_canastas=1,
                    unfinished_natural_aces=0,
                    unfinished_sevens=0,
                    unfinished_wilds=0,
                )
            tallies[side] = tally
        return HandInput(tallies)

    def check_hand(self, hand: HandContext) -> None:
        itemized, refuse = hand.itemized, hand.refuse
        splashed = [name for name, tally in itemized.items() if tally["splash"]]
        went_out = [name for name, tally in itemized.items() if tally["went_out"]]
        if len(splashed) > 1:
            raise refuse("only_one_splash", splashed[1], "splash")
        if len(went_out) > 1:
            raise refuse("only_one_side_goes_out", went_out[1], "went_out")
        if splashed and went_out:
            raise refuse("splash_and_out", went_out[0], "went_out")
        if splashed:
            return
        for name in went_out:
            self.check_going_out(hand, name)
        for names, code in (
            (("natural_ace_canastas", "dirty_ace_canastas"), "too_many_ace_canastas"),
            (("seven_canastas",), "too_many_seven_canastas"),
            (("wild_canastas", "grand_wild_canastas"), "too_many_wild_canastas"),
        ):
            counted = 0
            for name, tally in itemized.items():
                counted += sum(int(tally[f]) for f in names)
                if counted > SPECIAL_CANASTAS_EACH:
                    field_name = next(f for f in names if tally[f])
                    raise refuse(code, name, field_name, most=SPECIAL_CANASTAS_EACH)
        counted = 0
        for name, tally in itemized.items():
            counted += int(tally["threes"]) + int(tally["threes_in_hand"])
            if counted > self.threes_total:
                field_name = "threes" if tally["threes"] else "threes_in_hand"
                raise refuse(
                    "too_many_threes", name, field_name, total=self.threes_total, counted=counted
                )

    def check_going_out(self, hand: HandContext, side: str) -> None:
        """A side went out: it has its canastas and no unfinished special meld on the table."""
        tally = hand.itemized[side]
        if canastas(tally) < self.canastas_to_go_out:
            raise short_of_canastas(hand, side, self.canastas_to_go_out)
        for unfinished in UNFINISHED_FIELDS:
            if tally[unfinished]:
                raise hand.refuse("out_with_unfinished_meld", side, unfinished)

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        splasher = next((name for name, other in hand.itemized.items() if other["splash"]), None)
        if splasher is not None:
            return {"splash": self.splash_points if splasher == side else 0}
        parts = self.plain_parts(tally, PLAIN_FIELDS)
        threes, meld = int(tally["threes"]), int(tally["meld_points"])
        completed = canastas(tally)
        if completed == 0:
            parts["meld_points"] = -meld
            parts["threes"] = (
                self.all_threes_without_canasta
                if threes == self.threes_total
                else -threes * self.three_points
            )
        else:
            parts["meld_points"] = meld
            parts["threes"] = (
                threes * self.three_points if completed >= self.canastas_for_threes else 0
            )
        return parts

    def part_reasons(
        self, tally: Mapping[str, int | bool], parts: Mapping[str, int]
    ) -> dict[str, PartReason]:
        if "splash" in parts:
            return {}
        reasons = {}
        if canastas(tally) == 0:
            for name in ("meld_points", "threes"):
                if parts.get(name, 0) < 0:
                    reasons[name] = PartReason("no_canasta")
        elif int(tally["threes"]) and not parts.get("threes"):
            reasons["threes"] = PartReason("fewer_canastas", self.canastas_for_threes)
        return reasons


def canastas(tally: Mapping[str, int | bool]) -> int:
    return sum(int(tally[name]) for name in CANASTA_FIELDS)
