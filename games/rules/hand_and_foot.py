"""Hand and Foot: partnership canasta with a pack more than players, each player holding a hand
and then a foot, books of seven, four deals whose opening minimum climbs with the deal's number
(RULINGS.md section 9). Every number a table changes is a house rule."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from .canasta_cards import (
    BLACK_THREE,
    CANASTA_CARD_VALUES,
    FOUR_TO_SEVEN,
    RED_THREE,
    TWO_ACE,
)
from .core import JOKERS_PER_PACK, GameSetup, RuleSet, sample_card_points
from .features import HouseRule, HouseRuleKind, OpeningByHand, Seating, choice_rule
from .partners import PartnersOrAlone, at_most_one_out
from .scoring import CARDS_PER_CANASTA, HandContext, HandInput
from .tally import FieldKind, TallyField

COUNT, POINTS, YES_NO = FieldKind.COUNT, FieldKind.CARD_POINTS, FieldKind.YES_NO

PLAYER_COUNTS = (2, 3, 4, 6)
#: Four play as two partnerships and six as three; two or three each on their own.
PARTNERSHIP_COUNTS = frozenset({4, 6})
#: The usual table: two partnerships of two (what the rule sheet's pack example counts for).
PARTNERS = 4
#: Cards in a hand, and again in a foot (many tables deal 11: the score does not depend on it).
HAND_CARDS = 13
SHORT_HAND_CARDS = 11
#: Wild cards in a pack (its four twos and its jokers) and red threes in a pack.
WILD_CARDS_PER_PACK = 4 + JOKERS_PER_PACK
RED_THREES_PER_PACK = 2
#: Wild cards a dirty book may hold (never more wild than natural).
MAX_WILD_IN_BOOK = 3

#: Black threes are never melded here: one counts only left in a hand or foot.
UNMELDED_BLACK_THREE = replace(BLACK_THREE, note="hand_or_foot_only")
CARD_VALUES = (*CANASTA_CARD_VALUES, UNMELDED_BLACK_THREE, RED_THREE)
COUNTED_CARD_VALUES = (*CANASTA_CARD_VALUES, UNMELDED_BLACK_THREE)
#: The least a book's cards are worth: seven fours-to-sevens; seven twos for a wild book.
CLEAN_BOOK_LEAST_POINTS = CARDS_PER_CANASTA * FOUR_TO_SEVEN.points
WILD_BOOK_LEAST_POINTS = CARDS_PER_CANASTA * TWO_ACE.points

# The defaults of the house rules.
CLEAN_BOOK = 500
DIRTY_BOOK = 300
WILD_BOOK = 1_500
RED_THREE_POINTS = 100
RED_THREE_CAUGHT = 100
GOING_OUT = 100
DEALS = 4
#: The opening minimum of each deal, by its number (deal 5 only with five deals).
OPENING_BY_DEAL = {1: 50, 2: 90, 3: 120, 4: 150, 5: 180}
OPENING_CHOICES = {1: (50, 60), 2: (90, 120), 3: (120, 150), 4: (150, 180), 5: (180, 200)}
CLEAN_BOOKS_TO_GO_OUT = 2
DIRTY_BOOKS_TO_GO_OUT = 2

BOOK_FIELDS = ("clean_books", "dirty_books", "wild_books")
#: RULINGS.md's worked deal: the side that went out, and its opponents.
WORKED_OUT: dict[str, int | bool] = {
    "clean_books": 2,
    "dirty_books": 2,
    "wild_books": 1,
    "red_threes": 2,
    "meld_points": 1_180,
    "hand_points": 45,
    "went_out": True,
}
WORKED_OTHER: dict[str, int | bool] = {
    "clean_books": 1,
    "red_threes_caught": 1,
    "meld_points": 420,
    "hand_points": 310,
}


def opening_option(deal: int) -> str:
    return f"opening_deal_{deal}"


def tally_fields_for(
    clean: int, dirty: int, wild: int, red_three: int, caught: int, going_out: int
) -> tuple[TallyField, ...]:
    """The tally with this table's points; without wild books (0) their row is not asked."""
    return (
        *book_fields_for(clean, dirty, wild),
        *card_fields_for(red_three, caught, going_out),
    )


def book_fields_for(clean: int, dirty: int, wild: int) -> tuple[TallyField, ...]:
    books = (
        TallyField(
            "clean_books",
            COUNT,
            clean,
            usual_most=6,
        ),
        TallyField(
            "dirty_books",
            COUNT,
            dirty,
            usual_most=6,
        ),
        TallyField(
            "wild_books",
            COUNT,
            wild,
            usual_most=2,
        ),
    )
    return tuple(book for book in books if book.points_each)


def card_fields_for(red_three: int, caught: int, going_out: int) -> tuple[TallyField, ...]:
    return (
        TallyField(
            "red_threes",
            COUNT,
            red_three,
            usual_most=6,
        ),
        TallyField(
            "red_threes_caught",
            COUNT,
            -caught,
            usual_most=4,
        ),
        TallyField(
            "meld_points",
            POINTS,
            1,
            usual_most=8_000,
        ),
        TallyField(
            "hand_points",
            POINTS,
            -1,
            usual_most=2_000,
        ),
        TallyField("went_out", YES_NO, going_out),
    )


def opening_for(minimums: dict[int, int]) -> OpeningByHand:
    return OpeningByHand(minimums)


class HandAndFoot(PartnersOrAlone, RuleSet):
    slug = "hand-and-foot"
    family = "canasta"
    player_counts = PLAYER_COUNTS
    partnership_counts = PARTNERSHIP_COUNTS
    seating = Seating.ALONE_OR_TEAMS
    hand_word = "deal"
    card_values = CARD_VALUES
    card_point_values = COUNTED_CARD_VALUES
    fixed_hands = DEALS
    canasta_fields = BOOK_FIELDS
    canasta_kind = "book"
    one_side_fields = frozenset({"went_out"})
    rare_fields = frozenset({"red_threes_caught"})
    house_rules = (
        choice_rule("clean_book", CLEAN_BOOK, (300, CLEAN_BOOK)),
        choice_rule("dirty_book", DIRTY_BOOK, (100, 200, DIRTY_BOOK)),
        HouseRule(
            "wild_book",
            HouseRuleKind.CHOICE,
            WILD_BOOK,
            values=(0, 1_000, WILD_BOOK),
            words=(("none", 0),),
        ),
        choice_rule("red_three", RED_THREE_POINTS, (50, 100)),
        choice_rule(
            "red_three_caught",
            RED_THREE_CAUGHT,
            (RED_THREE_CAUGHT, 300, 500),
        ),
        choice_rule("going_out", GOING_OUT, (GOING_OUT, 200)),
        choice_rule(
            "deals",
            DEALS,
            (DEALS, 5),
        ),
        *(
            choice_rule(
                opening_option(deal),
                OPENING_BY_DEAL[deal],
                OPENING_CHOICES[deal],
            )
            for deal in OPENING_BY_DEAL
        ),
        choice_rule(
            "clean_books_to_go_out",
            CLEAN_BOOKS_TO_GO_OUT,
            (1, 2, 3),
        ),
        choice_rule(
            "dirty_books_to_go_out",
            DIRTY_BOOKS_TO_GO_OUT,
            (1, 2, 3),
        ),
        HouseRule(
            "wild_book_to_go_out",
            HouseRuleKind.YES_NO,
            True,
        ),
    )
    tally_fields = tally_fields_for(
        CLEAN_BOOK, DIRTY_BOOK, WILD_BOOK, RED_THREE_POINTS, RED_THREE_CAUGHT, GOING_OUT
    )
    opening: OpeningByHand = opening_for(
        {deal: OPENING_BY_DEAL[deal] for deal in range(1, DEALS + 1)}
    )

    # Numbers the prose reads; those a house rule changes are set per table.
    hand_cards = HAND_CARDS
    short_hand_cards = SHORT_HAND_CARDS
    cards_per_book = CARDS_PER_CANASTA
    max_wild_in_book = MAX_WILD_IN_BOOK
    red_threes_per_pack = RED_THREES_PER_PACK
    deals: int = DEALS
    last_deal_minimum: int = OPENING_BY_DEAL[DEALS]
    first_deal_minimum: int = OPENING_BY_DEAL[1]
    wild_books_made: bool = True
    clean_books_to_go_out: int = CLEAN_BOOKS_TO_GO_OUT
    dirty_books_to_go_out: int = DIRTY_BOOKS_TO_GO_OUT
    wild_book_to_go_out: bool = True

    draw_cards = 2
    pile_pair = 2
    meld_start = 3
    black_three_value = UNMELDED_BLACK_THREE.points
    red_three_points: int = RED_THREE_POINTS
    red_three_caught_points: int = RED_THREE_CAUGHT

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        number = self.chosen_number
        self.deals = number("deals")
        self.fixed_hands = self.deals
        wild = number("wild_book")
        self.wild_books_made = wild > 0
        self.tally_fields = tally_fields_for(
            number("clean_book"),
            number("dirty_book"),
            wild,
            number("red_three"),
            number("red_three_caught"),
            number("going_out"),
        )
        minimums = {deal: number(opening_option(deal)) for deal in range(1, self.deals + 1)}
        self.opening = opening_for(minimums)
        self.first_deal_minimum = minimums[1]
        self.last_deal_minimum = minimums[self.deals]
        self.red_three_points = number("red_three")
        self.red_three_caught_points = number("red_three_caught")
        self.clean_books_to_go_out = number("clean_books_to_go_out")
        self.dirty_books_to_go_out = number("dirty_books_to_go_out")
        # Without wild books there is no wild book to need.
        self.wild_book_to_go_out = bool(self.options["wild_book_to_go_out"]) and wild > 0

    def house_rule_in_play(self, name: str) -> bool:
        if name == "wild_book_to_go_out":
            return self.wild_books_made
        if name in {opening_option(deal) for deal in OPENING_BY_DEAL if deal > self.deals}:
            return False  # the opening minimum of a deal the table does not play
        return super().house_rule_in_play(name)

    def packs(self, players: int) -> int:
        return players + 1

    def game_fields(self, game: GameSetup) -> tuple[TallyField, ...]:
        packs = game.packs
        maxima = {
            "wild_books": WILD_CARDS_PER_PACK * packs // CARDS_PER_CANASTA,
            "red_threes": RED_THREES_PER_PACK * packs,
            "red_threes_caught": RED_THREES_PER_PACK * packs,
        }
        return tuple(
            replace(f, maximum=maxima[f.name]) if f.name in maxima else f for f in self.tally_fields
        )

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        out = rng.choice([None, *game.side_names])
        threes_each = RED_THREES_PER_PACK * game.packs // len(game.sides)
        tallies: dict[str, dict[str, int | bool]] = {}
        for side in game.side_names:
            tally: dict[str, int | bool] = {
                "clean_books": rng.randint(0, 2),
                "dirty_books": rng.randint(0, 2),
                "red_threes": rng.randint(0, threes_each // 2),
                "red_threes_caught": rng.randint(0, threes_each // 2),
                "hand_points": sample_card_points(rng, 600),
            }
            if self.wild_books_made:
                tally["wild_books"] = rng.randint(0, 1) if len(game.sides) <= 3 else 0
            if side == out:
                tally["clean_books"] = max(int(tally["clean_books"]), self.clean_books_to_go_out)
                tally["dirty_books"] = max(int(tally["dirty_books"]), self.dirty_books_to_go_out)
                if self.wild_book_to_go_out:
                    tally["wild_books"] = 1
                tally["went_out"] = True
            tally["meld_points"] = least_meld_points(tally) + sample_card_points(rng, 1_500)
            tallies[side] = tally
        return HandInput(tallies)

    def check_hand(self, hand: HandContext) -> None:
        itemized, refuse = hand.itemized, hand.refuse
        at_most_one_out(hand)
        for name, tally in itemized.items():
            books = self.books_to_go_out().items()
            if tally["went_out"] and any(int(tally.get(f, 0)) < n for f, n in books):
                code = "player_goes_out_needs" if hand.alone(name) else "side_goes_out_needs"
                # The books needed, by kind: the app words them ("two clean books ...").
                raise refuse(code, name, "went_out", **self.books_to_go_out())
            least, meld = least_meld_points(tally), int(tally["meld_points"])
            if meld < least:
                raise refuse("books_worth_more", name, "meld_points", least=least, meld=meld)
        packs = hand.game.packs
        wild, threes = 0, 0
        for name, tally in itemized.items():
            wild += int(tally.get("wild_books", 0))
            most = WILD_CARDS_PER_PACK * packs // CARDS_PER_CANASTA
            if wild > most:
                raise refuse(
                    "packs_hold_wild_books",
                    name,
                    "wild_books",
                    packs=packs,
                    most=most,
                    counted=wild,
                )
            threes += int(tally["red_threes"]) + int(tally["red_threes_caught"])
            if threes > RED_THREES_PER_PACK * packs:
                raise refuse(
                    "packs_hold_red_threes_laid_and_caught",
                    name,
                    "red_threes",
                    packs=packs,
                    total=RED_THREES_PER_PACK * packs,
                    counted=threes,
                )

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        return self.score_tally(tally)

    def score_tally(self, tally: dict[str, int | bool]) -> dict[str, int]:
        """Every item is its count (or yes) times its points: the deal's number, the other
        sides and the game so far change nothing."""
        return self.plain_parts(tally, (f.name for f in self.tally_fields))

    @property
    def worked_out_tally(self) -> dict[str, int | bool]:
        """RULINGS.md's side that went out, with the books this table needs to go out: a table
        that asks for three dirty books sees an example with three."""
        tally = dict(WORKED_OUT)
        for field_name, needed in self.books_to_go_out().items():
            tally[field_name] = max(int(tally[field_name]), needed)
        return tally

    def books_to_go_out(self) -> dict[str, int]:
        """The books of each kind a side needs to go out, at this table."""
        return {
            "clean_books": self.clean_books_to_go_out,
            "dirty_books": self.dirty_books_to_go_out,
            "wild_books": int(self.wild_book_to_go_out),
        }


def least_meld_points(tally: dict[str, int | bool]) -> int:
    """What a side's books are worth at the least: seven cheap cards a book, seven twos for a
    wild book."""
    books = int(tally["clean_books"]) + int(tally["dirty_books"])
    return books * CLEAN_BOOK_LEAST_POINTS + int(tally.get("wild_books", 0)) * (
        WILD_BOOK_LEAST_POINTS
    )
