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
from .prose import Prose, Section, in_words
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
CANASTA = in_words(CARDS_PER_CANASTA)
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
    """One of the fixed hands that make a Splash."""

    #: Its name; `{size}` stands for the cards in each of its sets, in words.
    name: str
    #: (how many groups, cards in each group), natural cards only.
    groups: tuple[tuple[int, int], ...]
    wild_cards: int
    note: str
    #: Whether a three may be part of it.
    threes: bool = False

    @property
    def cards(self) -> int:
        return sum(count * size for count, size in self.groups) + self.wild_cards

    @property
    def title(self) -> str:
        """The name, with the size of its sets filled in ("Sets of four and a wild pair")."""
        return self.name.format(size=in_words(self.groups[0][1]))


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

MIROMAR = (
    Section(
        "Players and cards",
        (
            "{players} in {sides:w} partnerships, partners opposite. Shuffle together {packs}. "
            "Jokers and twos are wild; threes are special (see Threes).",
        ),
    ),
    Section(
        "The deal and the turn card",
        (
            "Agree on who deals the first hand (the app asks for the first dealer when you "
            "start a game). After every hand the deal passes one seat to the left.",
            "The player on the dealer's right cuts off about a quarter of the cards. From the "
            "bottom of that cut, {turn_card_depth:w} cards go face down in the tray and the "
            "next goes across them: the turn card. The rest of the cut goes on top. The dealer "
            "deals {hand_cards} cards to each player, one at a time clockwise from the left, "
            "and puts the remaining cards on top in the tray: that is the stock. The discard "
            "pile starts empty. Reaching the turn card means only {turn_card_depth:w} cards are "
            "left.",
        ),
    ),
    Section(
        "A turn",
        (
            "The player on the dealer's left starts; play goes clockwise.",
            "- Threes: lay any threes face up and draw a replacement for each (a replacement "
            "forgotten in that turn is lost).",
            "- Draw {draw_cards:w} card from the stock, or take the discard pile (see below).",
            "- Meld, if you have opened or can open.",
            "- Discard a card. A wild card may be discarded only when you have no other "
            "choice. No ace, seven or dead card (see Canastas) may go onto an empty discard "
            "pile.",
        ),
    ),
    Section(
        "Canastas",
        (
            "A meld is a set of {meld_start:w} or more cards of one rank, wild cards "
            "included, laid face up in front of the side; either partner may add to it in a "
            "later turn. "
            "A canasta is a meld grown to {cards_per_canasta:w} cards. Natural: no wild card. "
            "Dirty: holds wild cards, at most {max_wild_in_canasta:w}. Sevens are always "
            "natural. Aces "
            "take wild cards only in an opening meld. Once a side lays down wild cards as a "
            "meld of their own, all its wild cards go there until that canasta is complete. "
            "Cards of a rank already made into a canasta are dead: they can only be discarded "
            "or used in a Splash.",
        ),
    ),
    Section(
        "Opening",
        (
            "A partner opens for the side with a meld worth at least the side's minimum "
            "(table below) in card values. It must hold a natural set of {meld_start:w} or more "
            "cards; any other set in it needs at least {opening_pair:w} natural cards and at "
            "most {max_wild_per_set:w} wild cards. Wild cards alone, at least "
            "{wild_cards_alone:w} of them, may open if they reach the minimum.",
            "Holding a complete natural or wild card canasta in hand lets you open with it "
            "without the minimum. Always keep a card to discard.",
            "An attempt that falls short goes back into your hand and adds "
            "{failed_opening_step} to the side's minimum for the rest of the hand.",
            "Instead of drawing, a player holding {pile_pair:w} natural cards of the top "
            "discard's rank may take the pile to open, provided the opening reaches the "
            "minimum and has its natural set without the top card's help. Whoever opens that "
            "way gets no Toulon, and an opening that then falls short counts as a failed "
            "attempt. An ace on top may be taken to open only for an opening meld of aces "
            "with no wild card.",
        ),
        table="openings",
    ),
    Section(
        "Toulon",
        (
            "The first player at the table to open draws {toulon_draws[0]:w} extra cards right "
            "after discarding; the second draws {toulon_draws[1]:w}. A Toulon is lost if "
            "forgotten before the next player draws, and none is taken once the turn card is "
            "reached. A three found in a Toulon waits in hand until your next turn.",
        ),
    ),
    Section(
        "Taking the pile",
        (
            "Once your side has opened, you may take the whole discard pile instead of drawing "
            "when you hold {pile_pair:w} natural cards matching the top card. Not when your "
            "side already has {pile_blocked_at:w} or more of that rank in a meld, and never on "
            "a dead card. Once your side has opened aces with wild cards, you may take the pile "
            "on an ace with {pile_pair:w} aces from your hand.",
            "A card taken with the pile may be your discard in the same turn, unless it is an "
            "ace, a seven or a dead card.",
        ),
    ),
    Section(
        "Threes",
        (
            "Threes are never discarded: lay them out as they come, each with a replacement. A "
            "three drawn as the very last card of the stock stays in hand. How the threes on "
            "the table score depends on the side's canastas (see Scoring); each three left in "
            "hand costs {pts[threes_in_hand]}.",
        ),
    ),
    Section(
        "Going out",
        (
            "A side needs at least {canastas_to_go_out:w} completed canastas to go out, and no "
            "unfinished meld of natural aces, sevens or wild cards on the table. Play every "
            "card but the last, and discard that.",
            "Before playing any card you may ask your partner \u201cmay I go out?\u201d, once a "
            "hand per side, and you must follow the answer. If the answer is no, or you find "
            "after a yes that you can't, neither partner may go out until both opponents have "
            "had another turn.",
        ),
    ),
    Section(
        "Splash",
        (
            "A Splash is a hand of exactly {splash_cards} cards laid down at once in your turn, "
            "with no discard, whether or not your side has opened. It may use dead cards, but "
            "no three except in the garbage hand. The only discard a Splash may use is the "
            "card it still lacks, thrown onto a discard pile that was empty. A Splash "
            "ends the hand: the side scores {splash_points} and the other side scores nothing.",
            "The Splash hands:",
        ),
        items_from="splash_hands",
    ),
    Section(
        "End of the hand",
        ("A hand ends when a player goes out, a Splash is laid down, or the stock runs out.",),
    ),
    Section(
        "Scoring",
        (
            "Count a side's canastas. With none, its melded card values and its threes on the "
            "table count against it ({three_points} a three; all {threes_total:w} threes "
            "{all_threes_without_canasta} together). With any canasta, melded card values count "
            "for it; its threes count nothing until it has {canastas_for_threes:w} canastas, "
            "and from then on count for it ({three_points} each). Cards inside a canasta worth "
            "{pts[wild_canastas]} or more are not counted again as card values. Every side "
            "loses the card values left in its hands.",
        ),
    ),
)


def miromar_summary(target: int) -> str:
    return (
        f"Partnership canasta for {in_words(PLAYERS)} with {CARDS} cards, Splash, Toulon and "
        f"costly unfinished aces, sevens and wild cards; first side to {target:,}."
    )


class MiromarCanasta(RuleSet):
    chip_name = "Miromar"
    slug = "miromar-canasta"
    name = "Hearts of Miromar Canasta"
    summary = miromar_summary(TARGET_SCORE)
    family = "Miromar Canasta"
    player_counts = (PLAYERS,)
    seating = Seating.PARTNERS
    cards_dealt = f"{HAND_CARDS} cards to each player"
    card_values = CANASTA_CARD_VALUES
    wild_cards = "twos and jokers"
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
    prose = Prose(
        sections=MIROMAR,
        score_notes={
            "threes": "no canasta: \u2212{three_points} each (all {threes_total}: "
            "{all_threes_without_canasta}); fewer than {canastas_for_threes:w} canastas: "
            "nothing; {canastas_for_threes:w} or more: +{three_points} each",
            "meld_points": "melded cards outside canastas worth {pts[wild_canastas]} or more; "
            "against the side with no canasta",
            "grand_wild_canastas": "all {jokers:w} jokers, or {cards_per_canasta:w} twos; it "
            "counts here instead of as a wild card canasta, never as both",
        },
        pad_note="Threes and card points on the table, by the side's canastas. None: both count "
        "against (\u2212{three_points} a three; all {threes_total}: "
        "{all_threes_without_canasta}). Fewer than {canastas_for_threes:w}: card points for, "
        "threes nothing. {canastas_for_threes:W} or more: both for (+{three_points} a three).",
        pad_hints={
            "threes": "by canastas: see note",
            "meld_points": "against with no canasta",
        },
        terms={
            "Next Toulon": "A Toulon is the extra cards for opening: the first player at the "
            "table to open draws {toulon_draws[0]}, the second {toulon_draws[1]}; none once the "
            "turn card is reached.",
        },
    )
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
    #: The Splash hands: (name, groups as (how many, cards each), wild cards, what else).
    splash_hands: ClassVar[tuple[SplashHand, ...]] = (
        SplashHand("Sets", ((2, 3), (2, 4)), 0, "no wild card"),
        SplashHand(
            "Sets of {size} and a wild pair", ((3, 4),), 2, "both wild cards alike, jokers or twos"
        ),
        SplashHand(
            "Sets of {size} and a wild pair", ((4, 3),), 2, "both wild cards alike, jokers or twos"
        ),
        SplashHand("Pairs", ((7, 2),), 0, "no wild card"),
        SplashHand(
            "Pairs with a wild pair",
            ((6, 2),),
            2,
            "the wild cards are alike (both jokers or both twos) and make the last pair; the "
            "pairs include aces and sevens",
        ),
        SplashHand(
            "Garbage hand",
            ((13, 1),),
            1,
            "a card of every rank, a three included, plus a joker; here a two counts as a two "
            "and an ace as a one",
            threes=True,
        ),
        SplashHand("Zip code", ((1, 4), (2, 3), (2, 2)), 0, "wild cards may be used"),
    )
    tally_fields = (
        TallyField(
            "splash",
            "Splash",
            YES_NO,
            SPLASH_POINTS,
            "the other side scores nothing and nothing else counts this hand",
            scores_alone=True,
        ),
        TallyField("went_out", "Went out", YES_NO, 200, "for going out"),
        TallyField(
            "natural_canastas",
            "Natural canastas",
            COUNT,
            500,
            f"{CANASTA} of a rank (not aces or sevens), no wild card",
            usual_most=6,
        ),
        TallyField(
            "dirty_canastas",
            "Dirty canastas",
            COUNT,
            300,
            f"{CANASTA} cards, wild cards among them (at most {in_words(MAX_WILD_IN_CANASTA)}), of "
            "a rank other than aces and sevens",
            usual_most=6,
        ),
        TallyField(
            "natural_ace_canastas",
            "Natural ace canastas",
            COUNT,
            SPECIAL_CANASTA_POINTS,
            f"{CANASTA} aces, no wild card",
            maximum=SPECIAL_CANASTAS_EACH,
        ),
        TallyField(
            "dirty_ace_canastas",
            "Dirty ace canastas",
            COUNT,
            300,
            "aces with wild cards",
            maximum=SPECIAL_CANASTAS_EACH,
        ),
        TallyField(
            "seven_canastas",
            "Seven canastas",
            COUNT,
            SPECIAL_CANASTA_POINTS,
            f"{CANASTA} sevens, never with a wild card",
            maximum=SPECIAL_CANASTAS_EACH,
        ),
        TallyField(
            "wild_canastas",
            "Wild card canastas",
            COUNT,
            SPECIAL_CANASTA_POINTS,
            f"{CANASTA} twos and jokers",
            maximum=SPECIAL_CANASTAS_EACH,
        ),
        TallyField(
            "grand_wild_canastas",
            "Grand wild card canastas",
            COUNT,
            GRAND_WILD_CANASTA_POINTS,
            f"all {in_words(JOKERS)} jokers, or {CANASTA} twos",
            maximum=SPECIAL_CANASTAS_EACH,
        ),
        TallyField(
            "unfinished_natural_aces",
            "Unfinished natural aces",
            COUNT,
            -2_500,
            f"a natural ace meld left short of {CANASTA}",
            usual_most=2,
        ),
        TallyField(
            "unfinished_sevens",
            "Unfinished sevens",
            COUNT,
            -2_500,
            f"a seven meld left short of {CANASTA}",
            usual_most=2,
        ),
        TallyField(
            "unfinished_wilds",
            "Unfinished wild cards",
            COUNT,
            -2_500,
            f"a wild card meld left short of {CANASTA}",
            usual_most=2,
        ),
        TallyField(
            "threes",
            "Threes on the table",
            COUNT,
            None,
            f"no canasta: -{THREE_POINTS} each (all {in_words(THREES)}: "
            f"{ALL_THREES_WITHOUT_CANASTA:,}); fewer than {in_words(CANASTAS_FOR_THREES)} "
            f"canastas: nothing; {in_words(CANASTAS_FOR_THREES)} or more: +{THREE_POINTS} each",
            maximum=THREES,
        ),
        TallyField(
            "meld_points",
            "Card points on the table",
            POINTS,
            None,
            f"melded cards outside {SPECIAL_CANASTA_POINTS:,}- and "
            f"{GRAND_WILD_CANASTA_POINTS:,}-point canastas; count against the side with no "
            "canasta",
            usual_most=8_000,
        ),
        TallyField(
            "hand_points",
            "Card points left in hands",
            POINTS,
            -1,
            "cards left in both partners' hands",
            usual_most=1_500,
        ),
        TallyField(
            "threes_in_hand",
            "Threes left in hand",
            COUNT,
            -100,
            "including a three drawn as the last card",
            maximum=THREES,
        ),
        TallyField(
            "sevens_penalties",
            f"Caught with {in_words(CAUGHT_WITH)} sevens",
            COUNT,
            -1_500,
            f"each partner caught holding {in_words(CAUGHT_WITH)} or more sevens",
            maximum=2,
        ),
        TallyField(
            "aces_penalties",
            f"Caught with {in_words(CAUGHT_WITH)} aces",
            COUNT,
            -1_500,
            f"each partner caught holding {in_words(CAUGHT_WITH)} or more aces",
            maximum=2,
        ),
    )

    def summary_at_table(self) -> str:
        return miromar_summary(self.target_score or TARGET_SCORE)

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
                label = hand.game.fields_by_name[unfinished].label.lower()
                raise hand.refuse("out_with_unfinished_meld", side, unfinished, label=label)

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
