"""Burraco as the Italian federation (FIBur) scores it (RULINGS.md section 17): burracos clean,
semi-clean and dirty, a pozzetto for each side, two or four players; a free game to a target,
or a tournament game of three or four hands decided in victory points.

No word a player reads lives here: the words are games/words/games/burraco.py's."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import ClassVar

from .core import (
    JOKERS_PER_PACK,
    PACK_CARDS,
    CardValue,
    GameScore,
    GameSetup,
    RuleSet,
    sample_card_points,
)
from .features import NO_OPENING_MINIMUM, HouseRule, HouseRuleKind, Seating, target_rule
from .partners import PartnersOrAlone, at_most_one_out
from .scoring import CARDS_PER_CANASTA, HandContext, HandInput
from .tally import FieldKind, TallyField

COUNT, POINTS, YES_NO = FieldKind.COUNT, FieldKind.CARD_POINTS, FieldKind.YES_NO

PLAYER_COUNTS = (2, 4)
PARTNERSHIP_COUNTS = frozenset({4})
PACKS = 2
JOKERS = PACKS * JOKERS_PER_PACK
CARDS = PACKS * PACK_CARDS + JOKERS
HAND_CARDS = 11
POZZETTO_CARDS = 11
#: The fewest cards of a meld, and the most wild cards in one.
MELD_START = 3
MAX_WILD_IN_MELD = 1
#: The hand ends with nobody closing when the stock is down to this many cards, never drawn.
STOCK_LEFT = 2
#: The matte: eight pinelle (twos) and four jolly (jokers); each semi-clean or dirty burraco
#: holds one.
WILD_CARDS = 4 * PACKS + JOKERS
#: A semi-clean burraco holds at least eight cards, its wild card among them.
SEMI_CLEAN_CARDS = CARDS_PER_CANASTA + 1
#: Each player of a side that never took its pozzetto still holds a card worth at least this.
LEAST_CARD = 5

TARGET = 2_005
CLEAN_BURRACO = 200
SEMI_CLEAN_BURRACO = 150
DIRTY_BURRACO = 100
CLOSING = 100
POZZETTO_NOT_TAKEN = 100

CARD_VALUES = (
    CardValue("joker", 30),
    CardValue("two", 20),
    CardValue("ace", 15),
    CardValue("eight_to_king", 10),
    CardValue("three_to_seven", 5),
)
#: The least a burraco's cards are worth: seven threes; seven threes and a pinella; six threes
#: and a pinella.
LEAST_POINTS = {"clean_burracos": 35, "semi_clean_burracos": 55, "dirty_burracos": 50}

#: The victory points of a tournament game (`hands`): the difference between the totals up to
#: which the leading side gets 10, 11, 12 ... (the other 20 less that); beyond the last, 20.
VICTORY_STEPS: dict[int, tuple[int, ...]] = {
    3: (50, 150, 250, 350, 500, 650, 800, 1_000, 1_250, 1_500),
    4: (100, 300, 500, 700, 900, 1_100, 1_300, 1_500, 1_700, 2_000),
}
VICTORY_POINTS = 20
EVEN_SHARE = VICTORY_POINTS // 2

#: RULINGS.md's worked hand (defaults): N/S closed; E/W never took its pozzetto.
WORKED_OUT: dict[str, int | bool] = {
    "clean_burracos": 1,
    "semi_clean_burracos": 1,
    "dirty_burracos": 2,
    "meld_points": 705,
    "hand_points": 40,
    "went_out": True,
}
#: In the order a sheet says it: the yes before the last item, which "and" joins.
WORKED_OTHER: dict[str, int | bool] = {
    "meld_points": 215,
    "pozzetto_not_taken": True,
    "hand_points": 85,
}
WILD_FIELDS = ("semi_clean_burracos", "dirty_burracos")


def tally_field(
    name: str, kind: FieldKind, points_each: int | None, **more: int | None
) -> TallyField:
    """A tally field; its words are the edge's."""
    return TallyField(name, kind, points_each, **more)  # type: ignore[arg-type]


def burraco_fields(semi_clean: int) -> tuple[TallyField, ...]:
    """The tally at a table: semi-clean burracos apart only where they score more than dirty
    ones."""
    semi = (
        (tally_field("semi_clean_burracos", COUNT, semi_clean, usual_most=4, maximum=WILD_CARDS),)
        if semi_clean != DIRTY_BURRACO
        else ()
    )
    return (
        tally_field("clean_burracos", COUNT, CLEAN_BURRACO, usual_most=5),
        *semi,
        tally_field("dirty_burracos", COUNT, DIRTY_BURRACO, usual_most=5, maximum=WILD_CARDS),
        tally_field("meld_points", POINTS, 1, usual_most=4_000),
        tally_field("hand_points", POINTS, -1, usual_most=1_000),
        tally_field("went_out", YES_NO, CLOSING),
        tally_field("pozzetto_not_taken", YES_NO, -POZZETTO_NOT_TAKEN),
    )


def victory_points(difference: int, hands: int) -> tuple[int, int]:
    """The victory points of the leading side and of the other, for a difference between their
    totals at the end of a game of `hands` hands."""
    leading = EVEN_SHARE + sum(1 for step in VICTORY_STEPS[hands] if difference > step)
    return leading, VICTORY_POINTS - leading


class Burraco(PartnersOrAlone, RuleSet):
    slug = "burraco"
    family = "canasta"
    player_counts = PLAYER_COUNTS
    partnership_counts = PARTNERSHIP_COUNTS
    seating = Seating.ALONE_OR_TEAMS
    card_values = CARD_VALUES
    target_score: int | None = TARGET
    fixed_packs = PACKS
    house_rules: ClassVar[tuple[HouseRule, ...]] = (
        target_rule(TARGET, (505, 1_005, TARGET)),
        HouseRule(
            "semi_clean",
            HouseRuleKind.CHOICE,
            SEMI_CLEAN_BURRACO,
            values=(SEMI_CLEAN_BURRACO, DIRTY_BURRACO),
        ),
        HouseRule("clean_to_close", HouseRuleKind.YES_NO, False),
        HouseRule("hands", HouseRuleKind.CHOICE, 0, values=(0, 3, 4), words=(("none", 0),)),
    )
    tally_fields = burraco_fields(SEMI_CLEAN_BURRACO)
    opening = NO_OPENING_MINIMUM
    one_side_fields = frozenset({"went_out"})
    worked_out: ClassVar[dict[str, int | bool]] = WORKED_OUT
    worked_other: ClassVar[dict[str, int | bool]] = WORKED_OTHER

    # Numbers the words read.
    cards = CARDS
    meld_start = MELD_START
    max_wild_in_meld = MAX_WILD_IN_MELD
    stock_left = STOCK_LEFT
    tournament_hands = tuple(VICTORY_STEPS)
    pack_cards = PACK_CARDS
    jokers_in_play = JOKERS
    hand_cards = HAND_CARDS
    pozzetto_cards = POZZETTO_CARDS
    cards_per_canasta = CARDS_PER_CANASTA
    semi_clean_cards = SEMI_CLEAN_CARDS
    victory_points_total = VICTORY_POINTS
    even_share = EVEN_SHARE
    pozzetto_not_taken_points = POZZETTO_NOT_TAKEN

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        self.semi_clean = self.chosen_number("semi_clean")
        self.clean_to_close = bool(self.options["clean_to_close"])
        self.tally_fields = burraco_fields(self.semi_clean)
        # `hands` "none" is kept as 0: the game plays to the target. With a number of hands,
        # the target is not played at all.
        if not self.fixed_hands:
            self.fixed_hands = None
        else:
            self.target_score = None

    # -- scoring ------------------------------------------------------------------------------

    @property
    def asks_semi_clean(self) -> bool:
        """Whether semi-clean burracos score apart (else they are typed as dirty)."""
        return self.semi_clean != DIRTY_BURRACO

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        return self.score_tally(tally)

    def score_tally(self, tally: Mapping[str, int | bool]) -> dict[str, int]:
        return self.plain_parts(tally, (f.name for f in self.tally_fields))

    def burracos(self, tally: Mapping[str, int | bool]) -> int:
        return sum(int(tally.get(name, 0)) for name in LEAST_POINTS)

    # -- the end of the game ------------------------------------------------------------------

    def victory_points_for(self, totals: Mapping[str, int]) -> dict[str, int] | None:
        hands = self.fixed_hands
        if hands is None or hands not in VICTORY_STEPS or len(totals) != 2:
            return None
        (first, first_total), (second, second_total) = totals.items()
        leading, other = victory_points(abs(first_total - second_total), hands)
        if first_total == second_total:
            return {first: EVEN_SHARE, second: EVEN_SHARE}
        if first_total > second_total:
            return {first: leading, second: other}
        return {first: other, second: leading}

    def winners_of(self, score: GameScore) -> list[str]:
        return self.leaders_of(score)

    def leaders_of(self, score: GameScore) -> list[str]:
        """By victory points in a tournament game (10 – 10 is shared), else by total."""
        points = self.victory_points_for(score.totals)
        if points is None:
            return self.winners(score.totals)
        best = max(points.values())
        return [name for name, said in points.items() if said == best]

    # -- checks -------------------------------------------------------------------------------

    def check_hand(self, hand: HandContext) -> None:
        at_most_one_out(hand)
        players = {side.name: len(side.players) for side in hand.game.sides}
        for name, tally in hand.itemized.items():
            if tally["went_out"]:
                self.check_closing(hand, name, tally)
            least_in_hand = LEAST_CARD * players[name]
            if tally["pozzetto_not_taken"] and int(tally["hand_points"]) < least_in_hand:
                raise hand.refuse(
                    "pozzetto_not_taken_cards_in_hand", name, "hand_points", least=least_in_hand
                )
            least = self.least_meld_points(tally)
            meld = int(tally["meld_points"])
            if meld < least:
                raise hand.refuse(
                    "burracos_worth_more",
                    name,
                    "meld_points",
                    least=least,
                    meld=meld,
                )
        self.check_cards(hand)

    def check_closing(self, hand: HandContext, side: str, tally: dict[str, int | bool]) -> None:
        alone = hand.alone(side)
        if tally["pozzetto_not_taken"]:
            code = "player_closed_without_pozzetto" if alone else "side_closed_without_pozzetto"
            raise hand.refuse(code, side, "pozzetto_not_taken")
        if self.clean_to_close and not tally["clean_burracos"]:
            code = "player_closes_with_clean_burraco" if alone else "side_closes_with_clean_burraco"
            raise hand.refuse(code, side, "went_out")
        if not self.burracos(tally):
            code = "player_closes_with_burraco" if alone else "side_closes_with_burraco"
            raise hand.refuse(code, side, "went_out")
        if alone and tally["hand_points"]:
            raise hand.refuse("hand_points_after_going_out", side, "hand_points")

    def least_meld_points(self, tally: Mapping[str, int | bool]) -> int:
        """The least the cards of a side's burracos are worth."""
        return sum(least * int(tally.get(name, 0)) for name, least in LEAST_POINTS.items())

    def check_cards(self, hand: HandContext) -> None:
        """Over all sides: one wild card in each burraco that is not clean, and the cards of
        every burraco."""
        wild = cards = 0
        for name, tally in hand.itemized.items():
            wild += sum(int(tally.get(field, 0)) for field in WILD_FIELDS)
            if wild > WILD_CARDS:
                field = max(WILD_FIELDS, key=lambda each: int(tally.get(each, 0)))
                raise hand.refuse(
                    "too_many_wild_burracos", name, field, most=WILD_CARDS, counted=wild
                )
            cards += CARDS_PER_CANASTA * (
                int(tally["clean_burracos"]) + int(tally["dirty_burracos"])
            ) + SEMI_CLEAN_CARDS * int(tally.get("semi_clean_burracos", 0))
            if cards > CARDS:
                raise hand.refuse(
                    "burracos_beyond_cards",
                    name,
                    "clean_burracos",
                    count=sum(self.burracos(t) for t in hand.itemized.values()),
                    needed=cards,
                    cards=CARDS,
                )

    # -- a hand a table could play ------------------------------------------------------------

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        out = rng.choice([None, *game.side_names])
        tallies: dict[str, dict[str, int | bool]] = {}
        for side in game.sides:
            went_out = side.name == out
            # Under 1,000 a side: a game a test plays two hands of goes on (target 2,005).
            tally: dict[str, int | bool] = {
                "clean_burracos": rng.randint(1 if went_out else 0, 1),
                "dirty_burracos": rng.randint(0, 1),
                "went_out": went_out,
                "pozzetto_not_taken": not went_out and rng.random() < 0.3,
            }
            if self.asks_semi_clean:
                tally["semi_clean_burracos"] = rng.randint(0, 1)
            in_hand = sample_card_points(rng, 300)
            if tally["pozzetto_not_taken"]:
                in_hand += LEAST_CARD * len(side.players)
            tally["hand_points"] = 0 if went_out and len(side.players) == 1 else in_hand
            tally["meld_points"] = self.least_meld_points(tally) + sample_card_points(rng, 250)
            tallies[side.name] = tally
        return HandInput(tallies)
