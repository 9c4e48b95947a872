"""Buraco as Brazil plays it (RULINGS.md section 16): canastras of seven, a morto for each side,
two or four players, and a game that ends only when one side alone leads at or past the target.
The Argentine and Uruguayan Burako is Buraco with some of its house rules.

No word a player reads lives here: the words are games/words/games/buraco.py's."""

from __future__ import annotations

from random import Random
from typing import ClassVar

from .core import JOKERS_PER_PACK, PACK_CARDS, CardValue, GameSetup, RuleSet, sample_card_points
from .features import (
    NO_OPENING_MINIMUM,
    HouseRule,
    HouseRuleKind,
    OpeningByTotal,
    OpeningMinimum,
    OpeningsTracker,
    Seating,
    target_rule,
)
from .partners import PartnersOrAlone, at_most_one_out
from .scoring import CARDS_PER_CANASTA, HandContext, HandInput
from .tally import FieldKind, TallyField

COUNT, POINTS, YES_NO = FieldKind.COUNT, FieldKind.CARD_POINTS, FieldKind.YES_NO

PLAYER_COUNTS = (2, 4)
PARTNERSHIP_COUNTS = frozenset({4})
PACKS = 2
JOKERS = PACKS * JOKERS_PER_PACK
HAND_CARDS = 11
MORTO_CARDS = 11
#: The fewest cards of a meld, and the most wild cards in one.
MELD_START = 3
MAX_WILD_IN_MELD = 1
#: Wild cards in two packs: eight twos, and the four jokers unless the table plays without.
TWOS = 4 * PACKS
#: Ace-to-king runs need one ace of their suit, ace-to-ace runs two: two packs hold eight aces.
ACES = 4 * PACKS
ACE_TO_KING_CARDS = 13
ACE_TO_ACE_CARDS = 14
#: At most this many ace-to-ace runs: two aces of each of the four suits.
MOST_ACE_TO_ACE = 4
#: A partner still holds a card when the side never took its morto: worth at least this.
LEAST_CARD = 5

TARGET = 3_000
CLEAN_CANASTRA = 200
DIRTY_CANASTRA = 100
ACE_TO_KING = 500
ACE_TO_ACE = 1_000
WENT_OUT = 100
MORTO_NOT_TAKEN = 100
#: Vulnerable: the opening minimum of a side at or past the table's number, and what each failed
#: attempt adds to it for the rest of the hand.
VULNERABLE_OPENING = 75
FAILED_OPENING_STEP = 15

#: `card_values`: the values offered by name (a game file writes the word).
BRAZIL, BURAKO = 0, 1
#: `melds_without_canasta`: a side with no canastra has its melds counted for it, or against it.
COUNT_FOR, COUNT_AGAINST = 0, 1

#: Card values, by `card_values`. The names are codes: the words say them.
CARD_VALUES: dict[int, tuple[CardValue, ...]] = {
    BRAZIL: (
        CardValue("joker", 20),
        CardValue("ace", 15),
        CardValue("two", 10),
        CardValue("eight_to_king", 10),
        CardValue("three_to_seven", 5),
    ),
    BURAKO: (
        CardValue("joker", 50),
        CardValue("two", 20),
        CardValue("ace", 15),
        CardValue("eight_to_king", 10),
        CardValue("three_to_seven", 5),
    ),
}
#: The least a canastra's cards are worth: seven of the cheapest rank.
CANASTRA_LEAST_POINTS = CARDS_PER_CANASTA * 5
#: The least a clean run from ace to king (then to ace) is worth, by `card_values`: an ace, a
#: natural two, three to seven, eight to king (and a second ace).
ACE_TO_KING_LEAST = {BRAZIL: 15 + 10 + 25 + 60, BURAKO: 15 + 20 + 25 + 60}
ACE_TO_ACE_LEAST = {values: least + 15 for values, least in ACE_TO_KING_LEAST.items()}

#: RULINGS.md's worked hand (defaults): Ana & Caio, and Bia & Davi.
WORKED_OUT: dict[str, int | bool] = {
    "clean_canastas": 2,
    "dirty_canastas": 1,
    "meld_points": 640,
    "hand_points": 25,
    "went_out": True,
}
#: In the order a sheet says it: the yes before the last item, which "and" joins.
WORKED_OTHER: dict[str, int | bool] = {
    "dirty_canastas": 1,
    "meld_points": 280,
    "morto_not_taken": True,
    "hand_points": 95,
}

LONG_FIELDS = ("ace_to_king_canastas", "ace_to_ace_canastas")


def tally_field(
    name: str, kind: FieldKind, points_each: int | None, **more: int | None
) -> TallyField:
    """A tally field; its words are the edge's."""
    return TallyField(name, kind, points_each, **more)  # type: ignore[arg-type]


def buraco_fields(
    long_canastras: bool, melds_points: int | None, morto_points: int | None
) -> tuple[TallyField, ...]:
    """The tally at a table: the long runs only where they score more, and the points of the
    melds and the morto only where they do not depend on the rest of the tally."""
    long_runs = (
        tally_field("ace_to_king_canastas", COUNT, ACE_TO_KING, usual_most=1, maximum=ACES),
        tally_field(
            "ace_to_ace_canastas", COUNT, ACE_TO_ACE, usual_most=1, maximum=MOST_ACE_TO_ACE
        ),
    )
    return (
        tally_field("clean_canastas", COUNT, CLEAN_CANASTRA, usual_most=5),
        tally_field("dirty_canastas", COUNT, DIRTY_CANASTRA, usual_most=5, maximum=TWOS + JOKERS),
        *(long_runs if long_canastras else ()),
        tally_field("meld_points", POINTS, melds_points, usual_most=4_000),
        tally_field("hand_points", POINTS, -1, usual_most=1_000),
        tally_field("went_out", YES_NO, WENT_OUT),
        tally_field("morto_not_taken", YES_NO, morto_points),
    )


def yes_no_rule(name: str, default: bool) -> HouseRule:
    return HouseRule(name, HouseRuleKind.YES_NO, default)


def named_choice(
    name: str, default: int, values: tuple[int, ...], words: tuple[tuple[str, int], ...] = ()
) -> HouseRule:
    """A house rule of a few values, some named by a word in the game file."""
    return HouseRule(name, HouseRuleKind.CHOICE, default, values=values, words=words)


class VulnerableOpening(OpeningByTotal):
    """Buraco's `vulnerable`: a side at or past the table's number opens with 75 or more, and
    each failed attempt raises that side's minimum by 15 for the rest of the hand; a side below
    it has no minimum, whatever it tried."""

    def __init__(self, vulnerable_from: int) -> None:
        super().__init__(((None, 0), (vulnerable_from, VULNERABLE_OPENING)), FAILED_OPENING_STEP)

    def minimum(self, total: int, hand_number: int, failed_openings: int = 0) -> int:
        least = super().minimum(total, hand_number)
        return least + self.failed_step * failed_openings if least else 0


class Buraco(PartnersOrAlone, RuleSet):
    slug = "buraco"
    family = "canasta"
    player_counts = PLAYER_COUNTS
    partnership_counts = PARTNERSHIP_COUNTS
    seating = Seating.ALONE_OR_TEAMS
    card_values = CARD_VALUES[BRAZIL]
    target_score = TARGET
    target_needs_one_leader = True
    fixed_packs = PACKS
    house_rules: ClassVar[tuple[HouseRule, ...]] = (
        target_rule(TARGET, (1_500, 2_000, TARGET, 5_000)),
        yes_no_rule("jokers", True),
        yes_no_rule("long_canastras", True),
        yes_no_rule("clean_to_go_out", True),
        named_choice(
            "card_values", BRAZIL, (BRAZIL, BURAKO), (("brazil", BRAZIL), ("burako", BURAKO))
        ),
        named_choice(
            "melds_without_canasta",
            COUNT_FOR,
            (COUNT_FOR, COUNT_AGAINST),
            (("count", COUNT_FOR), ("against", COUNT_AGAINST)),
        ),
        named_choice("morto_taken_bonus", 0, (0, 100)),
        named_choice("vulnerable", 0, (0, 1_000, 1_500), (("none", 0),)),
    )
    tally_fields = buraco_fields(True, 1, -MORTO_NOT_TAKEN)
    opening: OpeningMinimum = NO_OPENING_MINIMUM
    one_side_fields = frozenset({"went_out"})
    rare_fields = frozenset(LONG_FIELDS)
    worked_out: ClassVar[dict[str, int | bool]] = WORKED_OUT
    worked_other: ClassVar[dict[str, int | bool]] = WORKED_OTHER

    # Numbers the words read.
    hand_cards = HAND_CARDS
    meld_start = MELD_START
    max_wild_in_meld = MAX_WILD_IN_MELD
    morto_cards = MORTO_CARDS
    cards_per_canasta = CARDS_PER_CANASTA
    ace_to_king_cards = ACE_TO_KING_CARDS
    ace_to_ace_cards = ACE_TO_ACE_CARDS
    vulnerable_opening = VULNERABLE_OPENING
    failed_opening_step = FAILED_OPENING_STEP
    morto_not_taken_points = MORTO_NOT_TAKEN
    pack_cards = PACK_CARDS
    cards_without_jokers = PACKS * PACK_CARDS
    jokers_in_play = JOKERS
    burako_joker = CARD_VALUES[BURAKO][0].points
    burako_two = CARD_VALUES[BURAKO][1].points

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        options = self.options
        self.jokers = bool(options["jokers"])
        self.long_canastras = bool(options["long_canastras"])
        self.clean_to_go_out = bool(options["clean_to_go_out"])
        self.values_named = self.chosen_number("card_values")
        self.melds_against = self.chosen_number("melds_without_canasta") == COUNT_AGAINST
        self.morto_taken_bonus = self.chosen_number("morto_taken_bonus")
        self.vulnerable = self.chosen_number("vulnerable")
        self.card_values = tuple(
            value
            for value in CARD_VALUES[self.values_named]
            if self.jokers or value.cards != "joker"
        )
        self.wild_card_count = TWOS + (JOKERS if self.jokers else 0)
        self.tally_fields = buraco_fields(
            self.long_canastras,
            None if self.melds_against else 1,
            None if self.morto_taken_bonus else -MORTO_NOT_TAKEN,
        )
        if self.vulnerable:
            self.opening = VulnerableOpening(self.vulnerable)
            # The tracker is the rule set's own at most tables; here only a vulnerable table
            # keeps count of failed openings, so this table's instance carries it.
            vars(self)["tracker"] = OpeningsTracker(FAILED_OPENING_STEP, ())
        else:
            self.opening = NO_OPENING_MINIMUM

    def cards_in_play(self, players: int) -> int:
        return PACKS * PACK_CARDS + (JOKERS if self.jokers else 0)

    @property
    def cards(self) -> int:
        """Every card in play (the words read it)."""
        return self.cards_in_play(PLAYER_COUNTS[0])

    def canastras(self, tally: dict[str, int | bool]) -> int:
        return sum(
            int(tally.get(name, 0)) for name in ("clean_canastas", "dirty_canastas", *LONG_FIELDS)
        )

    def clean_canastras(self, tally: dict[str, int | bool]) -> int:
        return sum(int(tally.get(name, 0)) for name in ("clean_canastas", *LONG_FIELDS))

    # -- scoring ------------------------------------------------------------------------------

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        return self.score_tally(tally)

    def score_tally(self, tally: dict[str, int | bool]) -> dict[str, int]:
        plain = [
            f.name for f in self.tally_fields if f.name not in ("meld_points", "morto_not_taken")
        ]
        parts = self.plain_parts(tally, plain)
        meld = int(tally["meld_points"])
        parts["meld_points"] = -meld if self.melds_against and not self.canastras(tally) else meld
        parts["morto_not_taken"] = (
            -MORTO_NOT_TAKEN if tally["morto_not_taken"] else self.morto_taken_bonus
        )
        return parts

    # -- checks -------------------------------------------------------------------------------

    def check_hand(self, hand: HandContext) -> None:
        at_most_one_out(hand)
        for name, tally in hand.itemized.items():
            if tally["went_out"]:
                self.check_going_out(hand, name, tally)
            # A partner who runs out of cards takes the morto: a side that never took it still
            # holds a card (a player alone may have taken it by a discard, and left it out).
            unplayed = tally["morto_not_taken"] and not hand.alone(name)
            if unplayed and int(tally["hand_points"]) < LEAST_CARD:
                raise hand.refuse(
                    "morto_not_taken_cards_in_hand", name, "hand_points", least=LEAST_CARD
                )
            self.check_meld_points(hand, name, tally)
        self.check_cards(hand)

    def check_going_out(self, hand: HandContext, side: str, tally: dict[str, int | bool]) -> None:
        alone = hand.alone(side)
        if tally["morto_not_taken"]:
            code = "player_out_without_morto" if alone else "side_out_without_morto"
            raise hand.refuse(code, side, "morto_not_taken")
        if self.clean_to_go_out and not self.clean_canastras(tally):
            code = "player_out_needs_clean_canastra" if alone else "side_out_needs_clean_canastra"
            raise hand.refuse(code, side, "went_out")
        if not self.canastras(tally):
            code = "player_out_needs_canastra" if alone else "side_out_needs_canastra"
            raise hand.refuse(code, side, "went_out")
        if alone and tally["hand_points"]:
            raise hand.refuse("hand_points_after_going_out", side, "hand_points")

    def check_meld_points(self, hand: HandContext, side: str, tally: dict[str, int | bool]) -> None:
        least = self.least_meld_points(tally)
        meld = int(tally["meld_points"])
        if meld < least:
            raise hand.refuse(
                "canastras_worth_more",
                side,
                "meld_points",
                least=least,
                meld=meld,
            )

    def check_cards(self, hand: HandContext) -> None:
        """Over all sides: the wild cards of the dirty canastras, the aces of the long runs and
        the cards of every canastra."""
        dirty = ace_to_ace = aces = cards = 0
        most_cards = self.cards_in_play(len(hand.game.players))
        for name, tally in hand.itemized.items():
            dirty += int(tally["dirty_canastas"])
            if dirty > self.wild_card_count:
                raise hand.refuse(
                    "too_many_dirty_canastras",
                    name,
                    "dirty_canastas",
                    most=self.wild_card_count,
                    counted=dirty,
                )
            ace_to_ace += int(tally.get("ace_to_ace_canastas", 0))
            if ace_to_ace > MOST_ACE_TO_ACE:
                raise hand.refuse(
                    "too_many_ace_to_ace",
                    name,
                    "ace_to_ace_canastas",
                    most=MOST_ACE_TO_ACE,
                    counted=ace_to_ace,
                )
            aces += 2 * int(tally.get("ace_to_ace_canastas", 0)) + int(
                tally.get("ace_to_king_canastas", 0)
            )
            if aces > ACES:
                field = "ace_to_king_canastas" if tally.get("ace_to_king_canastas") else None
                raise hand.refuse("long_canastras_need_aces", name, field, aces=ACES, needed=aces)
            cards += self.canastra_cards(tally)
            if cards > most_cards:
                raise hand.refuse(
                    "canastras_beyond_cards",
                    name,
                    "clean_canastas",
                    count=sum(self.canastras(t) for t in hand.itemized.values()),
                    needed=cards,
                    cards=most_cards,
                )

    def least_meld_points(self, tally: dict[str, int | bool]) -> int:
        """The least the cards of a side's canastras are worth."""
        return (
            CANASTRA_LEAST_POINTS * (int(tally["clean_canastas"]) + int(tally["dirty_canastas"]))
            + ACE_TO_KING_LEAST[self.values_named] * int(tally.get("ace_to_king_canastas", 0))
            + ACE_TO_ACE_LEAST[self.values_named] * int(tally.get("ace_to_ace_canastas", 0))
        )

    def canastra_cards(self, tally: dict[str, int | bool]) -> int:
        """The fewest cards a side's canastras hold."""
        return (
            CARDS_PER_CANASTA * (int(tally["clean_canastas"]) + int(tally["dirty_canastas"]))
            + ACE_TO_KING_CARDS * int(tally.get("ace_to_king_canastas", 0))
            + ACE_TO_ACE_CARDS * int(tally.get("ace_to_ace_canastas", 0))
        )

    # -- a hand a table could play ------------------------------------------------------------

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        """A hand of a side under half the target (1,500 at most): a game a test plays a few
        hands of goes on."""
        out = rng.choice([None, *game.side_names])
        tallies: dict[str, dict[str, int | bool]] = {}
        for side in game.sides:
            alone = len(side.players) == 1
            went_out = side.name == out
            tally = self.sample_canastras(rng, went_out)
            tally["went_out"] = went_out
            tally["morto_not_taken"] = not went_out and rng.random() < 0.3
            least_in_hand = LEAST_CARD if tally["morto_not_taken"] and not alone else 0
            in_hand = least_in_hand + sample_card_points(rng, 300)
            tally["hand_points"] = 0 if went_out and alone else in_hand
            tally["meld_points"] = self.least_meld_points(tally) + sample_card_points(rng, 250)
            tallies[side.name] = tally
        return HandInput(tallies)

    def sample_canastras(self, rng: Random, went_out: bool) -> dict[str, int | bool]:
        """A side's canastras: a clean one at least for a side that went out; now and then a
        long run (an ace-to-ace run alone, so that the hand stays under 1,500)."""
        if self.long_canastras and rng.random() < 0.05:
            return {"ace_to_ace_canastas": 1, "clean_canastas": 0, "dirty_canastas": 0}
        tally: dict[str, int | bool] = {
            "clean_canastas": rng.randint(1 if went_out else 0, 1),
            "dirty_canastas": rng.randint(0, 1),
        }
        if self.long_canastras:
            tally["ace_to_king_canastas"] = int(rng.random() < 0.1)
        return tally
