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
from .core import JOKERS_PER_PACK, PACK_CARDS, GameSetup, RuleSet, sample_card_points
from .features import HouseRule, HouseRuleKind, OpeningByHand, Seating, choice_rule
from .partners import PartnersOrAlone, at_most_one_out, counts_in_words, worked_example
from .prose import Prose, Section, in_words
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
UNMELDED_BLACK_THREE = replace(BLACK_THREE, note="only left in a hand or foot")
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
            "Clean books",
            COUNT,
            clean,
            f"{in_words(CARDS_PER_CANASTA)} cards of a rank, no wild card",
            short_label="Clean",
            unit="clean book",
            usual_most=6,
        ),
        TallyField(
            "dirty_books",
            "Dirty books",
            COUNT,
            dirty,
            f"{in_words(CARDS_PER_CANASTA)} cards of a rank with wild cards among them, at most "
            f"{in_words(MAX_WILD_IN_BOOK)}",
            short_label="Dirty",
            unit="dirty book",
            usual_most=6,
        ),
        TallyField(
            "wild_books",
            "Wild books",
            COUNT,
            wild,
            f"{in_words(CARDS_PER_CANASTA)} wild cards: twos and jokers",
            short_label="Wild",
            unit="wild book",
            usual_most=2,
        ),
    )
    return tuple(book for book in books if book.points_each)


def card_fields_for(red_three: int, caught: int, going_out: int) -> tuple[TallyField, ...]:
    return (
        TallyField(
            "red_threes",
            "Red threes laid",
            COUNT,
            red_three,
            "laid on the table",
            short_label="Laid",
            unit="red three",
            usual_most=6,
        ),
        TallyField(
            "red_threes_caught",
            "Red threes caught",
            COUNT,
            -caught,
            "still in a hand or foot when the deal ends",
            short_label="Caught",
            unit="red three caught",
            usual_most=4,
        ),
        TallyField(
            "meld_points",
            "Card points on the table",
            POINTS,
            1,
            "every melded card, books included",
            short_label="Melded",
            usual_most=8_000,
        ),
        TallyField(
            "hand_points",
            "Card points left in hands and feet",
            POINTS,
            -1,
            "left in both partners' hands and feet, a foot never picked up included",
            short_label="Left",
            usual_most=2_000,
        ),
        TallyField("went_out", "Went out", YES_NO, going_out, "for going out"),
    )


def opening_for(minimums: dict[int, int]) -> OpeningByHand:
    return OpeningByHand(minimums)


def books_needed(clean: int, dirty: int, wild: bool) -> str:
    """What going out needs, in words: "two clean books, two dirty books and a wild book"."""
    parts = [
        f"{in_words(clean)} clean book{'' if clean == 1 else 's'}",
        f"{in_words(dirty)} dirty book{'' if dirty == 1 else 's'}",
    ]
    if wild:
        parts.append("a wild book")
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def hand_and_foot_summary(deals: int) -> str:
    return (
        f"Partnership canasta for {counts_in_words(PARTNERSHIP_COUNTS)} (or "
        f"{counts_in_words(set(PLAYER_COUNTS) - PARTNERSHIP_COUNTS)} alone) with a hand and a "
        "foot each, books of "
        f"{in_words(CARDS_PER_CANASTA)} and {in_words(deals)} deals whose opening minimum climbs "
        "deal by deal; highest total wins."
    )


class HandAndFoot(PartnersOrAlone, RuleSet):
    slug = "hand-and-foot"
    name = "Hand and Foot"
    summary = hand_and_foot_summary(DEALS)
    family = "Canasta"
    player_counts = PLAYER_COUNTS
    partnership_counts = PARTNERSHIP_COUNTS
    seating = Seating.ALONE_OR_TEAMS
    hand_word = "deal"
    cards_dealt = (
        f"a hand of {HAND_CARDS} cards and a foot of {HAND_CARDS} to each player "
        f"(many tables deal {SHORT_HAND_CARDS})"
    )
    card_values = CARD_VALUES
    card_point_values = COUNTED_CARD_VALUES
    wild_cards = "twos and jokers"
    fixed_hands = DEALS
    canasta_fields = BOOK_FIELDS
    canasta_word = "book"
    one_side_fields = frozenset({"went_out"})
    rare_fields = frozenset({"red_threes_caught"})
    house_rules = (
        choice_rule("clean_book", "Clean book scores", CLEAN_BOOK, (300, CLEAN_BOOK)),
        choice_rule("dirty_book", "Dirty book scores", DIRTY_BOOK, (100, 200, DIRTY_BOOK)),
        HouseRule(
            "wild_book",
            "Wild book scores",
            HouseRuleKind.CHOICE,
            WILD_BOOK,
            values=(0, 1_000, WILD_BOOK),
            phrase="wild books score {value}",
            phrase_zero="no wild books",
            words=(("none", 0),),
        ),
        choice_rule("red_three", "Each red three laid scores", RED_THREE_POINTS, (50, 100)),
        choice_rule(
            "red_three_caught",
            "Each red three caught costs",
            RED_THREE_CAUGHT,
            (RED_THREE_CAUGHT, 300, 500),
            phrase="a red three caught costs {value}",
        ),
        choice_rule("going_out", "Going out scores", GOING_OUT, (GOING_OUT, 200)),
        choice_rule("deals", "Deals in a game", DEALS, (DEALS, 5), phrase="{value} deals"),
        *(
            choice_rule(
                opening_option(deal),
                f"Opening minimum in deal {deal}"
                + (f" (with {deal} deals)" if deal > DEALS else ""),
                OPENING_BY_DEAL[deal],
                OPENING_CHOICES[deal],
                phrase=f"{{value}} to open in deal {deal}",
            )
            for deal in OPENING_BY_DEAL
        ),
        choice_rule(
            "clean_books_to_go_out",
            "Clean books needed to go out",
            CLEAN_BOOKS_TO_GO_OUT,
            (1, 2, 3),
            phrase="{value} clean book{s} to go out",
        ),
        choice_rule(
            "dirty_books_to_go_out",
            "Dirty books needed to go out",
            DIRTY_BOOKS_TO_GO_OUT,
            (1, 2, 3),
            phrase="{value} dirty book{s} to go out",
        ),
        HouseRule(
            "wild_book_to_go_out",
            "A wild book is needed to go out",
            HouseRuleKind.YES_NO,
            True,
            phrase="a wild book to go out",
            phrase_no="no wild book needed to go out",
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
    going_out_needs: str = books_needed(CLEAN_BOOKS_TO_GO_OUT, DIRTY_BOOKS_TO_GO_OUT, True)
    clean_books_to_go_out: int = CLEAN_BOOKS_TO_GO_OUT
    dirty_books_to_go_out: int = DIRTY_BOOKS_TO_GO_OUT
    wild_book_to_go_out: bool = True
    wild_book_words: str = f"A wild book scores {WILD_BOOK:,}."

    prose = Prose(
        sections=(
            Section(
                "Players and cards",
                (
                    "Hand and Foot is for {players}. With {partnership_words}, partners sit "
                    "opposite each other and score together; with fewer, everyone plays alone. "
                    "Shuffle together {packs}. Twos and jokers are wild; threes have jobs of "
                    "their own (see Threes).",
                ),
                table="card_values",
            ),
            Section(
                "Hand and foot",
                (
                    "Every player is dealt a hand and a foot, face down: {hand_cards} cards in "
                    "each (many tables deal {short_hand_cards}; the score is the same). Pick up "
                    "the hand and leave the foot face down in front of you. Put the rest face "
                    "down in the middle as the stock and turn its top card up to start the "
                    "discard pile.",
                    "Once you have played every card of your hand, pick up your foot and go on "
                    "with it. Cards in a hand or a foot at the end of the deal count against "
                    "your side, and a foot never picked up counts in full.",
                ),
            ),
            Section(
                "A turn",
                (
                    "The player on the dealer's left plays first; play goes clockwise. In your "
                    "turn:",
                    "- Draw {draw_cards:w} cards from the stock, or take the top card of the "
                    "discard pile with the pile behind it when you can meld it at once with "
                    "{pile_pair:w} natural cards of its rank from your hand.",
                    "- Meld, if you like: lay down new melds or add cards to your side's melds.",
                    "- Discard a card onto the pile.",
                ),
            ),
            Section(
                "Melds and books",
                (
                    "A meld is {meld_start:w} or more cards of a rank, fours up to aces, with "
                    "never more wild cards than natural ones. A meld of {cards_per_book:w} "
                    "cards is a book and is closed. A clean book has no wild card and scores "
                    "{pts[clean_books]}; a dirty book holds up to {max_wild_in_book:w} wild "
                    "cards and scores {pts[dirty_books]}. {wild_book_words}",
                ),
            ),
            Section(
                "The opening meld",
                (
                    "A side's first meld of each deal must be worth at least that deal's "
                    "minimum in card values (table below: {first_deal_minimum} in the first "
                    "deal, rising to {last_deal_minimum} in the last). The minimum goes by the "
                    "deal, not by the score: every side needs the same. Several melds laid at "
                    "once count together.",
                ),
                table="openings",
            ),
            Section(
                "Threes",
                (
                    "A red three is laid face up in front of your side as soon as you get it "
                    "and replaced from the stock; it scores {red_three_points} at the end of "
                    "the deal. A red three still in a hand or foot when the deal ends costs "
                    "the side {red_three_caught_points}.",
                    "Black threes are never melded; discard them to stop the next player from "
                    "taking the pile. Each left in a hand or foot costs {black_three_value}.",
                ),
            ),
            Section(
                "Going out",
                (
                    "A side may go out once it has {going_out_needs}. You go out by playing "
                    "every card of your foot, melding them all or discarding the last card. "
                    "Playing as partners, ask your partner first; do as your partner answers. "
                    "Going out scores {pts[went_out]} and ends the deal.",
                    "The game is {deals:w} deals; after the last deal the highest total wins.",
                ),
            ),
            Section(
                "Scoring",
                (
                    "When the deal ends, each side adds up its books, its red threes laid, "
                    "{pts[went_out]} for going out and the card values of every card it has "
                    "melded, books included. From that it takes away its red threes caught and "
                    "the card values of every card left in its players' hands and feet. The "
                    "scoring table gives every item.",
                    "For example, a side with {example_out}. Its opponents, with {example_other}.",
                ),
            ),
        ),
        house_rules={
            "wild_book_to_go_out": "Tables that find a wild book too hard to make let a side go "
            "out without a wild book; the rest of going out stays as above.",
        },
        pad_note="Going out needs {going_out_needs}. Red threes: {red_three_points} each laid, "
        "{red_three_caught_points} off for each caught in a hand or foot.",
        terms={
            "Dirty books": "A dirty book is a book with wild cards in it (at most "
            "{max_wild_in_book}); a clean book has none.",
            "Red threes caught": "A red three still in a hand or foot when the deal ends costs "
            "the side {red_three_caught_points}.",
        },
    )

    draw_cards = 2
    pile_pair = 2
    meld_start = 3
    black_three_value = UNMELDED_BLACK_THREE.points
    red_three_points: int = RED_THREE_POINTS
    red_three_caught_points: int = RED_THREE_CAUGHT

    def summary_at_table(self) -> str:
        return hand_and_foot_summary(self.chosen_number("deals"))

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
        self.going_out_needs = books_needed(
            self.clean_books_to_go_out, self.dirty_books_to_go_out, self.wild_book_to_go_out
        )
        self.wild_book_words = (
            f"A wild book, {in_words(CARDS_PER_CANASTA)} wild cards, scores {wild:,}."
            if wild
            else "Wild cards never make a book of their own."
        )

    def house_rule_in_play(self, name: str) -> bool:
        if name == "wild_book_to_go_out":
            return self.wild_books_made
        if name in {opening_option(deal) for deal in OPENING_BY_DEAL if deal > self.deals}:
            return False  # the opening minimum of a deal the table does not play
        return super().house_rule_in_play(name)

    def packs(self, players: int) -> int:
        return players + 1

    def describe_packs(self) -> str:
        return (
            f"{in_words(1)} pack more than there are players, each of {PACK_CARDS} cards and "
            f"{in_words(JOKERS_PER_PACK)} jokers ({in_words(self.packs(PARTNERS))} packs for "
            f"{in_words(PARTNERS)} players)"
        )

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
                # The books needed, as the rule sheet words them until its prose moves to the
                # edge (games/words/).
                raise refuse(code, name, "went_out", needs=self.going_out_needs)
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

    def worked(self, tally: dict[str, int | bool]) -> str:
        """RULINGS.md's worked deal in this table's numbers (a field it does not ask left out)."""
        asked = {f.name: tally.get(f.name, f.blank) for f in self.tally_fields}
        shown = {name: value for name, value in tally.items() if name in asked}
        return worked_example(self, shown, self.score_tally(asked))

    @property
    def example_out(self) -> str:
        return self.worked(self.worked_out_tally)

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

    @property
    def example_other(self) -> str:
        return self.worked(WORKED_OTHER)


def least_meld_points(tally: dict[str, int | bool]) -> int:
    """What a side's books are worth at the least: seven cheap cards a book, seven twos for a
    wild book."""
    books = int(tally["clean_books"]) + int(tally["dirty_books"])
    return books * CLEAN_BOOK_LEAST_POINTS + int(tally.get("wild_books", 0)) * (
        WILD_BOOK_LEAST_POINTS
    )
