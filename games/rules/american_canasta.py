"""Modern American Canasta: the partnership canasta US clubs play, to 8,500, with canastas of
aces, sevens and wild cards, threes that count by colour, and special hands."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import ClassVar

from .canasta import canastas_worth_more, short_of_canastas
from .canasta_cards import CANASTA_CARD_VALUES
from .core import (
    JOKERS_PER_PACK,
    PACK_CARDS,
    GameScore,
    GameSetup,
    PartReason,
    RuleSet,
    sample_card_points,
)
from .errors import Said, said
from .features import (
    HouseRule,
    HouseRuleKind,
    OpeningByTotal,
    OpeningsTracker,
    Seating,
    choice_rule,
    target_rule,
)
from .scoring import HandContext, HandInput, HandScore
from .tally import FieldKind, TallyField

COUNT, POINTS, YES_NO = FieldKind.COUNT, FieldKind.CARD_POINTS, FieldKind.YES_NO

PLAYERS = 4
TARGET_SCORE = 8_500
PACKS = 2
JOKERS = PACKS * JOKERS_PER_PACK
TWOS = PACKS * 4
WILD_CARDS = TWOS + JOKERS
#: Every card in play: two packs and their jokers.
CARDS = PACKS * PACK_CARDS + JOKERS
HAND_CARDS = 13
CARDS_PER_CANASTA = 7
#: Cards of one rank in play (the sevens, the aces) and of one colour of threes.
OF_A_RANK = PACKS * 4
THREES_OF_A_COLOUR = PACKS * 2
#: A partner caught holding this many sevens (or aces) or more pays a penalty; the cards of
#: an unfinished meld of aces, sevens or wild cards are at least this many too.
CAUGHT_WITH = 3
LEAST_MELD = 3
CANASTAS_TO_GO_OUT = 2
#: Canastas of one rank over both sides: one per rank, four to ace, sevens aside.
RANK_CANASTAS = 10
FAILED_OPENING_RAISES = (0, 10)
#: What the threes of one colour score, by how many the side laid (0 to 4).
THREES_BY_COLOUR = (0, 100, 300, 500, 1_000)
FLAT_THREE = 100
GOING_OUT = (100, 200)
UNFINISHED_WILD = 2_000
UNFINISHED_JOKER_WILD = 2_500
CAUGHT_PENALTY = 1_500
#: The cheapest canasta of each kind, in card points (seven fours; six fours and a two; seven
#: sevens; seven aces or seven twos; a joker and six twos; four jokers and three twos).
LEAST_NATURAL, LEAST_MIXED, LEAST_SEVENS = 35, 50, 35
LEAST_ACES = LEAST_DEUCES = 140
LEAST_WILD, LEAST_JOKERS = 170, 260

# The words of the house rules, kept as numbers.
CLA, PAGAT, NO_SPECIAL_HANDS = 0, 1, 2
BY_COLOUR, FLAT = 0, 1
COUNTED, NOT_COUNTED = 0, 1

#: The special hands of each list, by name, and what each scores.
SPECIAL_HANDS: dict[int, tuple[tuple[str, int], ...]] = {
    CLA: (
        ("straight", 3_000),
        ("pairs", 2_500),
        ("wild_pairs", 2_000),
        ("miami_pairs", 2_500),
        ("zip_code", 2_500),
        ("garbage", 3_000),
        ("blast_off", 3_000),
        ("triples", 3_500),
        ("quads", 3_500),
        ("dream_hand_4", 8_500),
        ("dream_hand_5", 8_500),
    ),
    PAGAT: (("straight", 3_000), ("pairs", 2_500), ("wild_pairs", 2_000), ("garbage", 2_000)),
    NO_SPECIAL_HANDS: (),
}
#: The hands that end the game, their side the winner.
DREAM_HANDS = frozenset({"dream_hand_4", "dream_hand_5"})
SPECIAL_HAND_CARDS = 14

CANASTA_FIELDS = (
    "natural_canastas",
    "mixed_canastas",
    "natural_ace_canastas",
    "seven_canastas",
    "wild_canastas",
    "joker_canastas",
    "deuce_canastas",
)
WILD_CANASTA_FIELDS = ("wild_canastas", "joker_canastas", "deuce_canastas")
UNFINISHED_WILD_FIELDS = ("unfinished_wilds", "unfinished_joker_wilds")
UNFINISHED_FIELDS = ("unfinished_aces", "unfinished_sevens", *UNFINISHED_WILD_FIELDS)
THREE_FIELDS = ("red_threes", "black_threes")
#: Fields whose points are their count times their points each.
PLAIN_FIELDS = (
    "went_out",
    *CANASTA_FIELDS,
    *UNFINISHED_FIELDS,
    "hand_points",
    "sevens_penalties",
    "aces_penalties",
)


def named_choice(
    name: str, default: int, values: tuple[int, ...], words: tuple[tuple[str, int], ...] = ()
) -> HouseRule:
    """A house rule of a few values, some named by a word in the game file."""
    return HouseRule(name, HouseRuleKind.CHOICE, default, values=values, words=words)


def american_fields(
    going_out: int, special_hands: tuple[str, ...], joker_wild_apart: bool
) -> tuple[TallyField, ...]:
    """The tally at a table: the special hand only where special hands are played, and the
    unfinished four-joker meld only where it costs more than another wild meld."""
    special = TallyField(
        "special_hand",
        COUNT,
        None,
        maximum=len(special_hands),
        value_names=special_hands,
        scores_side_alone=True,
    )
    joker_wild = TallyField(
        "unfinished_joker_wilds", COUNT, -UNFINISHED_JOKER_WILD, maximum=1, usual_most=1
    )
    return (
        *((special,) if special_hands else ()),
        TallyField("went_out", YES_NO, going_out),
        TallyField("natural_canastas", COUNT, 500, usual_most=6),
        TallyField("mixed_canastas", COUNT, 300, usual_most=6),
        TallyField("natural_ace_canastas", COUNT, 2_500, maximum=1),
        TallyField("seven_canastas", COUNT, 2_500, maximum=1),
        TallyField("wild_canastas", COUNT, 2_000, maximum=1),
        TallyField("joker_canastas", COUNT, 2_500, maximum=1),
        TallyField("deuce_canastas", COUNT, 3_000, maximum=1),
        TallyField("unfinished_aces", COUNT, -2_500, maximum=1),
        TallyField("unfinished_sevens", COUNT, -2_500, maximum=1),
        TallyField("unfinished_wilds", COUNT, -UNFINISHED_WILD, maximum=1),
        *((joker_wild,) if joker_wild_apart else ()),
        TallyField("red_threes", COUNT, None, maximum=THREES_OF_A_COLOUR),
        TallyField("black_threes", COUNT, None, maximum=THREES_OF_A_COLOUR),
        TallyField("meld_points", POINTS, None, usual_most=8_000),
        TallyField("hand_points", POINTS, -1, usual_most=1_500),
        TallyField("sevens_penalties", COUNT, -CAUGHT_PENALTY, maximum=2),
        TallyField("aces_penalties", COUNT, -CAUGHT_PENALTY, maximum=2),
    )


class AmericanCanasta(RuleSet):
    slug = "american-canasta"
    family = "miromar_canasta"
    player_counts = (PLAYERS,)
    seating = Seating.PARTNERS
    card_values = CANASTA_CARD_VALUES
    target_score = TARGET_SCORE
    fixed_packs = PACKS
    house_rules: ClassVar[tuple[HouseRule, ...]] = (
        target_rule(TARGET_SCORE, (5_000, 7_500, TARGET_SCORE, 10_000)),
        choice_rule("going_out", GOING_OUT[0], GOING_OUT),
        named_choice(
            "special_hands",
            CLA,
            (CLA, PAGAT, NO_SPECIAL_HANDS),
            (("cla", CLA), ("pagat", PAGAT), ("none", NO_SPECIAL_HANDS)),
        ),
        choice_rule(
            "unfinished_joker_wild", UNFINISHED_WILD, (UNFINISHED_WILD, UNFINISHED_JOKER_WILD)
        ),
        named_choice(
            "threes", BY_COLOUR, (BY_COLOUR, FLAT), (("by_colour", BY_COLOUR), ("flat", FLAT))
        ),
        named_choice(
            "special_canasta_cards",
            COUNTED,
            (COUNTED, NOT_COUNTED),
            (("counted", COUNTED), ("not_counted", NOT_COUNTED)),
        ),
        choice_rule("failed_opening_raise", 0, FAILED_OPENING_RAISES),
    )
    tally_fields = american_fields(GOING_OUT[0], tuple(n for n, _ in SPECIAL_HANDS[CLA]), False)
    most_hands = 300
    opening: OpeningByTotal = OpeningByTotal(((None, 125), (3_000, 155), (5_000, 180)))
    #: Behind "More" on the hand form: what few hands have.
    rare_fields = frozenset(
        {
            "unfinished_joker_wilds",
            "sevens_penalties",
            "aces_penalties",
        }
    )
    one_side_fields = frozenset({"went_out"})
    canasta_fields = CANASTA_FIELDS
    #: Extra cards drawn by the first players of each side to open, until the turn card.
    bonus_packets = (4, 3)
    tracker: ClassVar[OpeningsTracker] = OpeningsTracker(0, bonus_packets)

    # Numbers the words read.
    hand_cards = HAND_CARDS
    cards = CARDS
    jokers = JOKERS
    cards_per_canasta = CARDS_PER_CANASTA
    canastas_to_go_out = CANASTAS_TO_GO_OUT
    caught_with = CAUGHT_WITH
    caught_penalty = CAUGHT_PENALTY
    special_hand_cards = SPECIAL_HAND_CARDS
    turn_card_depth = 8
    meld_start = LEAST_MELD
    max_wild_per_meld = 2
    natural_before_wild = 5
    threes_by_colour = THREES_BY_COLOUR
    natural_least = 2
    #: A three stuck in a hand (the last card of the stock) counts its card points.
    three_in_hand = 5
    flat_three = FLAT_THREE

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        self.going_out = self.chosen_number("going_out")
        self.special_hands_list = self.chosen_number("special_hands")
        self.special_hands: tuple[tuple[str, int], ...] = SPECIAL_HANDS[self.special_hands_list]
        self.unfinished_joker_wild = self.chosen_number("unfinished_joker_wild")
        self.flat_threes = self.chosen_number("threes") == FLAT
        self.special_cards_counted = self.chosen_number("special_canasta_cards") == COUNTED
        self.failed_opening_raise = self.chosen_number("failed_opening_raise")
        self.tally_fields = american_fields(
            self.going_out,
            tuple(name for name, _ in self.special_hands),
            self.unfinished_joker_wild == UNFINISHED_JOKER_WILD,
        )
        self.opening = OpeningByTotal(
            ((None, 125), (3_000, 155), (5_000, 180)), failed_step=self.failed_opening_raise
        )
        if self.failed_opening_raise:
            # Only a table that raises the minimum keeps count of failed openings.
            vars(self)["tracker"] = OpeningsTracker(self.failed_opening_raise, self.bonus_packets)

    # -- special hands ------------------------------------------------------------------------

    def special_hand_of(self, tally: Mapping[str, int | bool] | None) -> str | None:
        """The name of the special hand `tally` laid down, or None."""
        if tally is None:
            return None
        place = int(tally.get("special_hand", 0))
        return self.special_hands[place - 1][0] if place else None

    def dream_hand_maker(self, score: GameScore) -> str | None:
        """The side whose Dream Hand in the last hand ended the game, or None."""
        if not score.hands:
            return None
        last: HandScore = score.hands[-1]
        return next(
            (
                name
                for name in score.game.side_names
                if self.special_hand_of(last.tallies.get(name)) in DREAM_HANDS
            ),
            None,
        )

    def game_is_over(self, score: GameScore) -> bool:
        return self.dream_hand_maker(score) is not None or super().game_is_over(score)

    def winners_of(self, score: GameScore) -> list[str]:
        maker = self.dream_hand_maker(score)
        return [maker] if maker is not None else super().winners_of(score)

    def leaders_of(self, score: GameScore) -> list[str]:
        maker = self.dream_hand_maker(score)
        return [maker] if maker is not None else super().leaders_of(score)

    def standings(self, score: GameScore) -> list[str]:
        maker = self.dream_hand_maker(score)
        ranked = super().standings(score)
        return ranked if maker is None else [maker, *(n for n in ranked if n != maker)]

    def game_over_reason(self, score: GameScore) -> Said:
        maker = self.dream_hand_maker(score)
        if maker is not None:
            return said("american_canasta_over_by_dream_hand", last=len(score.hands), winner=maker)
        return super().game_over_reason(score)

    def why_they_won(self, score: GameScore) -> Said | None:
        maker = self.dream_hand_maker(score)
        if maker is not None:
            return said("american_canasta_won_by_dream_hand", winner=maker)
        return None

    # -- checks -------------------------------------------------------------------------------

    def check_hand(self, hand: HandContext) -> None:
        itemized, refuse = hand.itemized, hand.refuse
        special = [name for name, tally in itemized.items() if tally.get("special_hand")]
        went_out = [name for name, tally in itemized.items() if tally["went_out"]]
        if len(special) > 1:
            raise refuse("only_one_special_hand", special[1], "special_hand")
        if len(went_out) > 1:
            raise refuse("only_one_side_goes_out", went_out[1], "went_out")
        if special and went_out:
            raise refuse("special_hand_and_out", went_out[0], "went_out")
        playing = {name: tally for name, tally in itemized.items() if name not in special}
        for name in went_out:
            self.check_going_out(hand, name)
        for name, tally in playing.items():
            self.check_side(hand, name, tally)
        self.check_both_sides(hand, playing)
        self.check_cards_of_a_kind(hand, playing)

    def check_going_out(self, hand: HandContext, side: str) -> None:
        """A side went out: it has its canastas and no unfinished special meld on the table."""
        tally = hand.itemized[side]
        if canastas(tally) < CANASTAS_TO_GO_OUT:
            raise short_of_canastas(hand, side, CANASTAS_TO_GO_OUT)
        for unfinished in UNFINISHED_FIELDS:
            if tally.get(unfinished):
                raise hand.refuse("out_with_unfinished_meld", side, unfinished)

    def check_side(self, hand: HandContext, side: str, tally: Mapping[str, int | bool]) -> None:
        """One side's own limits: one meld of aces, of sevens, of wild cards; the canastas'
        cards worth at least what the cheapest of each kind is worth."""
        for canasta, unfinished, code in (
            ("natural_ace_canastas", "unfinished_aces", "aces_canasta_and_meld"),
            ("seven_canastas", "unfinished_sevens", "sevens_canasta_and_meld"),
        ):
            if int(tally[canasta]) + int(tally[unfinished]) > 1:
                raise hand.refuse(code, side, unfinished)
        if sum(int(tally.get(name, 0)) for name in UNFINISHED_WILD_FIELDS) > 1:
            raise hand.refuse("one_unfinished_wild_meld", side, "unfinished_wilds")
        least = self.least_meld_points(tally)
        meld = int(tally["meld_points"])
        if meld < least:
            raise canastas_worth_more(hand, side, canastas(tally), least, meld)

    def least_meld_points(self, tally: Mapping[str, int | bool]) -> int:
        least = LEAST_NATURAL * int(tally["natural_canastas"]) + LEAST_MIXED * int(
            tally["mixed_canastas"]
        )
        if self.special_cards_counted:
            least += (
                LEAST_SEVENS * int(tally["seven_canastas"])
                + LEAST_ACES * int(tally["natural_ace_canastas"])
                + LEAST_DEUCES * int(tally["deuce_canastas"])
                + LEAST_WILD * int(tally["wild_canastas"])
                + LEAST_JOKERS * int(tally["joker_canastas"])
            )
        return least

    def check_both_sides(
        self, hand: HandContext, playing: Mapping[str, Mapping[str, int | bool]]
    ) -> None:
        """Over both sides: the threes of each colour, one canasta of aces, of sevens, of wild
        cards, the four jokers once, and one canasta per rank."""
        for names, most, code in (
            (("red_threes",), THREES_OF_A_COLOUR, "too_many_red_threes"),
            (("black_threes",), THREES_OF_A_COLOUR, "too_many_black_threes"),
            (("natural_ace_canastas",), 1, "too_many_ace_canastas"),
            (("seven_canastas",), 1, "too_many_seven_canastas"),
            (WILD_CANASTA_FIELDS, 1, "too_many_wild_canastas"),
            (("joker_canastas", "unfinished_joker_wilds"), 1, "four_jokers_once"),
            (
                ("natural_canastas", "mixed_canastas", "natural_ace_canastas"),
                RANK_CANASTAS,
                "too_many_rank_canastas",
            ),
        ):
            counted = 0
            for name, tally in playing.items():
                counted += sum(int(tally.get(f, 0)) for f in names)
                if counted > most:
                    field = max(names, key=lambda f: int(tally.get(f, 0)))
                    raise hand.refuse(code, name, field, most=most, total=most, counted=counted)

    def check_cards_of_a_kind(
        self, hand: HandContext, playing: Mapping[str, Mapping[str, int | bool]]
    ) -> None:
        """The sevens, aces and wild cards the tallies need, over both sides, are in play."""
        for canasta_fields, meld_fields, loose, in_play, code in (
            (
                ("seven_canastas",),
                ("unfinished_sevens", "sevens_penalties"),
                (),
                OF_A_RANK,
                "sevens_beyond_cards",
            ),
            (
                ("natural_ace_canastas",),
                ("unfinished_aces", "aces_penalties"),
                (),
                OF_A_RANK,
                "aces_beyond_cards",
            ),
            (
                WILD_CANASTA_FIELDS,
                UNFINISHED_WILD_FIELDS,
                ("mixed_canastas",),
                WILD_CARDS,
                "wild_cards_beyond_cards",
            ),
        ):
            counted = 0
            for name, tally in playing.items():
                counted += (
                    CARDS_PER_CANASTA * sum(int(tally.get(f, 0)) for f in canasta_fields)
                    + CAUGHT_WITH * sum(int(tally.get(f, 0)) for f in meld_fields)
                    + sum(int(tally.get(f, 0)) for f in loose)
                )
                if counted > in_play:
                    names = (*canasta_fields, *meld_fields, *loose)
                    field = max(names, key=lambda f: int(tally.get(f, 0)))
                    raise hand.refuse(code, name, field, total=in_play, counted=counted)

    # -- scoring ------------------------------------------------------------------------------

    def threes_value(self, tally: Mapping[str, int | bool], field: str) -> int:
        laid = int(tally[field])
        return FLAT_THREE * laid if self.flat_threes else THREES_BY_COLOUR[laid]

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        made = self.special_hand_of(tally)
        if made is not None:
            return {"special_hand": dict(self.special_hands)[made]}
        parts = self.plain_parts(tally, (f for f in PLAIN_FIELDS if f in tally))
        completed = canastas(tally)
        threes_sign = -1 if completed == 0 else (0 if completed < CANASTAS_TO_GO_OUT else 1)
        for field in THREE_FIELDS:
            parts[field] = threes_sign * self.threes_value(tally, field)
        meld = int(tally["meld_points"])
        parts["meld_points"] = -meld if completed == 0 else meld
        return parts

    def part_reasons(
        self, tally: Mapping[str, int | bool], parts: Mapping[str, int]
    ) -> dict[str, PartReason]:
        if "special_hand" in parts:
            return {}
        reasons = {}
        completed = canastas(tally)
        for name in ("meld_points", *THREE_FIELDS):
            if completed == 0 and parts.get(name, 0) < 0:
                reasons[name] = PartReason("no_canasta")
            elif name in THREE_FIELDS and completed and tally[name] and not parts.get(name):
                reasons[name] = PartReason("fewer_canastas", CANASTAS_TO_GO_OUT)
        return reasons

    # -- hands a table could play -------------------------------------------------------------

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        sides = game.side_names
        ender = rng.choice(sides)
        playable = [
            place
            for place, (name, _) in enumerate(self.special_hands, start=1)
            if name not in DREAM_HANDS
        ]
        ending = rng.choice(["special", "out", "none", "none"] if playable else ["out", "none"])
        tallies: dict[str, dict[str, int | bool]] = {side: {} for side in sides}
        self.sample_special_melds(sides, tallies, rng)
        for side in sides:
            tally = tallies[side]
            tally.update(
                natural_canastas=rng.randint(0, 2),
                mixed_canastas=rng.randint(0, 1),
                red_threes=rng.randint(0, 2),
                black_threes=rng.randint(0, 2),
                hand_points=sample_card_points(rng),
            )
            if side == ender and ending == "out":
                tally.update(went_out=True, natural_canastas=1, mixed_canastas=1)
                for name in UNFINISHED_FIELDS:
                    tally.pop(name, None)
            tally["meld_points"] = self.least_meld_points(
                {f.name: tally.get(f.name, 0) for f in self.tally_fields}
            ) + sample_card_points(rng)
            if side == ender and ending == "special":
                tallies[side] = {"special_hand": rng.choice(playable)}
        return HandInput(tallies)

    def sample_special_melds(
        self, sides: list[str], tallies: dict[str, dict[str, int | bool]], rng: Random
    ) -> None:
        """The aces, sevens and wild cards: a canasta for one side, or a few melds and
        penalties, within the cards in play."""
        for canasta, loose in (
            ("natural_ace_canastas", ("unfinished_aces", "aces_penalties")),
            ("seven_canastas", ("unfinished_sevens", "sevens_penalties")),
        ):
            if rng.random() < 0.3:
                tallies[rng.choice(sides)][canasta] = 1
                continue
            holder = rng.choice(sides)
            tallies[holder][loose[0]] = rng.randint(0, 1)
            tallies[rng.choice(sides)][loose[1]] = rng.randint(0, 1)
        if rng.random() < 0.3:
            kinds = [f for f in WILD_CANASTA_FIELDS if f != "joker_canastas"] + ["joker_canastas"]
            tallies[rng.choice(sides)][rng.choice(kinds)] = 1
        else:
            tallies[rng.choice(sides)]["unfinished_wilds"] = rng.randint(0, 1)


def canastas(tally: Mapping[str, int | bool]) -> int:
    return sum(int(tally.get(name, 0)) for name in CANASTA_FIELDS)
