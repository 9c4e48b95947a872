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
from .prose import Prose, Section, in_words
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
CANASTA = in_words(CARDS_PER_CANASTA)

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
            "Natural canastas",
            COUNT,
            natural_canasta,
            f"{CANASTA} or more cards of a rank, no wild card",
            short_label="Natural",
            unit="natural canasta",
            usual_most=5,
        ),
        TallyField(
            "mixed_canastas",
            "Mixed canastas",
            COUNT,
            mixed_canasta,
            f"{CANASTA} or more cards of a rank with wild cards among them, at most "
            f"{in_words(MAX_WILD_IN_MELD)}",
            short_label="Mixed",
            unit="mixed canasta",
            usual_most=5,
        ),
    )


#: The fields whose points no house rule changes: red threes (scored by the rule set, see
#: `score_side`) and the card points.
CARD_FIELDS = (
    TallyField(
        "red_threes",
        "Red threes",
        COUNT,
        # All of them together score more than each one, and they count against a side
        # that melded nothing: the points depend on the rest of the tally.
        None,
        "laid out in front of the side; against a side that melded nothing",
        maximum=RED_THREES,
        unit="red three",
    ),
    TallyField(
        "meld_points",
        "Card points on the table",
        POINTS,
        1,
        "every melded card, canasta cards included",
        short_label="Melded",
        usual_most=5_000,
    ),
    TallyField(
        "hand_points",
        "Card points left in hands",
        POINTS,
        -1,
        "cards left in hand, black threes included",
        short_label="In hand",
        usual_most=1_000,
    ),
)


def going_out_fields_for(going_out: int, concealed_extra: int) -> tuple[TallyField, ...]:
    return (
        TallyField("went_out", "Went out", YES_NO, going_out, "for going out"),
        TallyField(
            "concealed",
            "Went out concealed",
            YES_NO,
            concealed_extra,
            "more, on top of going out, for melding the whole hand in a single turn without "
            "having melded before",
            short_label="Concealed",
        ),
    )


def opening_for(minimums: dict[str, int]) -> OpeningByTotal:
    """The opening minimum, by the side's total, with this table's minimum for each bracket."""
    return OpeningByTotal(tuple((lower, minimums[name]) for name, lower, _ in OPENING_BRACKETS))


def _bracket_words(index: int) -> str:
    """A bracket of the opening minimum as its table row says it ("1,500 to 2,999")."""
    return opening_for({name: default for name, _, default in OPENING_BRACKETS}).rows("Hand")[
        index
    ][0]


def _opening_rule(index: int, values: tuple[int, ...]) -> HouseRule:
    name, _, default = OPENING_BRACKETS[index]
    when = _bracket_words(index)
    return choice_rule(
        name,
        f"Opening minimum with a total {when}",
        default,
        values,
        phrase=f"opening minimum {{value}} with a total {when}",
        phrase_zero=f"no opening minimum with a total {when}",
    )


def canastas_needed(count: int) -> str:
    """ "one canasta", "two canastas"."""
    return f"{in_words(count)} canasta{'' if count == 1 else 's'}"


def canasta_summary(target: int) -> str:
    return (
        f"The classic game for {in_words(PLAYER_COUNTS[0])} to {in_words(PLAYER_COUNTS[-1])} "
        f"with {CARDS} cards: partners with {in_words(PARTNERSHIP_PLAYERS)}, each alone with "
        f"fewer; red threes, frozen piles and concealed going out; first side to {target:,}."
    )


class Canasta(RuleSet):
    slug = "canasta"
    name = "Canasta"
    summary = canasta_summary(TARGET_SCORE)
    family = "Canasta"
    player_counts = PLAYER_COUNTS
    # What the new-game page offers: a table picks alone or partners, and `seating_for` says
    # which of the two its number of players takes.
    seating = Seating.ALONE_OR_TEAMS
    cards_dealt = (
        f"{HAND_CARDS[2]} cards each with {in_words(2)} players, {HAND_CARDS[3]} with "
        f"{in_words(3)}, {HAND_CARDS[4]} with {in_words(4)}"
    )
    card_values = CARD_VALUES
    wild_cards = "twos and jokers"
    target_score = TARGET_SCORE
    fixed_packs = PACKS
    house_rules = (
        target_rule(TARGET_SCORE, (3_000, TARGET_SCORE, 7_500, 10_000)),
        choice_rule(
            "natural_canasta",
            "Natural canasta scores",
            NATURAL_CANASTA,
            (300, NATURAL_CANASTA, 750),
            phrase="natural canastas score {value}",
        ),
        choice_rule(
            "mixed_canasta",
            "Mixed canasta scores",
            MIXED_CANASTA,
            (150, MIXED_CANASTA, 500),
            phrase="mixed canastas score {value}",
        ),
        choice_rule("going_out", "Going out scores", GOING_OUT, (50, GOING_OUT, 200)),
        choice_rule(
            "concealed_extra",
            "Extra for going out concealed",
            CONCEALED_EXTRA,
            (0, CONCEALED_EXTRA, 200),
            phrase="going out concealed scores {value} more",
            phrase_zero="no extra for going out concealed",
        ),
        choice_rule(
            "red_three",
            "Each red three scores",
            RED_THREE,
            (50, RED_THREE, 200),
            phrase="red threes score {value} each",
        ),
        choice_rule(
            "all_four_red_threes",
            f"All {in_words(RED_THREES)} red threes together score",
            ALL_FOUR_RED_THREES,
            (400, ALL_FOUR_RED_THREES, 1_200),
            phrase=f"all {in_words(RED_THREES)} red threes score {{value}}",
        ),
        _opening_rule(0, (0, 15, 25)),
        _opening_rule(1, (15, 50, 90)),
        _opening_rule(2, (50, 90, 120)),
        _opening_rule(3, (90, 120, 150)),
        HouseRule(
            "canastas_to_go_out",
            "Canastas needed to go out",
            HouseRuleKind.CHOICE,
            CANASTAS_TO_GO_OUT,
            values=(1, 2),
            phrase="canastas needed to go out: {value}",
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
    deal_text = ", ".join(
        f"{HAND_CARDS[players]} cards each with {in_words(players)} players"
        if index == 0
        else f"{HAND_CARDS[players]} with {in_words(players)}"
        for index, players in enumerate(PLAYER_COUNTS)
    )
    red_three_points: int = RED_THREE
    all_four_red_threes_points: int = ALL_FOUR_RED_THREES
    going_out_points: int = GOING_OUT
    concealed_extra: int = CONCEALED_EXTRA
    concealed_total: int = GOING_OUT + CONCEALED_EXTRA
    #: What going out concealed adds, in the words of each place (set by describe_concealed).
    concealed_scores: str
    concealed_note: str
    concealed_pad: str
    concealed_hint: str
    canastas_to_go_out: int = CANASTAS_TO_GO_OUT
    #: What a side needs to go out, in words, with the other player count's default where it
    #: differs ("one canasta (two canastas with two players)").
    going_out_needs: str = canastas_needed(CANASTAS_TO_GO_OUT)

    prose = Prose(
        sections=(
            Section(
                "Players and cards",
                (
                    "Canasta is for {players}. With {partnership_players:w}, partners sit "
                    "opposite each other and score together; with fewer, everyone plays alone. "
                    "Shuffle together {packs}. Twos and jokers are wild; threes have jobs of "
                    "their own (see Threes).",
                ),
                table="card_values",
            ),
            Section(
                "The deal",
                (
                    "Agree on who deals the first hand (the app asks for the first dealer when "
                    "you start a game). After every hand the deal passes one seat to the left.",
                    "The dealer deals the cards face down, one at a time, clockwise: "
                    "{deal_text}. The rest go face down in the middle: the stock. Turn its top "
                    "card face up beside it to start the discard pile. If that card is a wild "
                    "card or a red three, turn up more cards onto it until another card shows; "
                    "the pile then starts frozen (see Taking the pile).",
                ),
            ),
            Section(
                "A turn",
                (
                    "The player on the dealer's left plays first; play goes clockwise. In your "
                    "turn:",
                    "- Red threes: lay any red three you hold face up in front of your side and "
                    "draw a card from the stock for each (at your first turn, those you were "
                    "dealt).",
                    "- Draw the top card of the stock, or take the whole discard pile (see "
                    "Taking the pile). With {two_players:w} players, draw the top "
                    "{draw_cards_two_players:w} cards of the stock instead.",
                    "- Meld, if you like: lay down new melds or add cards to your side's melds.",
                    "- Discard a single card face up onto the pile, even with "
                    "{two_players:w} players.",
                ),
            ),
            Section(
                "Melds and wild cards",
                (
                    "A meld is {meld_start:w} or more cards of a rank, fours up to aces; suits "
                    "never matter. It holds at least {meld_naturals:w} natural cards and at "
                    "most {max_wild_in_meld:w} wild cards, and wild cards never make a meld of "
                    "their own. All of a side's cards of a rank go into the same meld, laid in "
                    "front of either partner; either partner adds to it.",
                    "A meld of {cards_per_canasta:w} or more cards is a canasta; square it up to "
                    "show it is done. A natural canasta has no wild card and scores "
                    "{pts[natural_canastas]}; a mixed canasta has wild cards in it and scores "
                    "{pts[mixed_canastas]}. A canasta may keep growing, but a wild card added "
                    "to a natural canasta makes it mixed.",
                ),
            ),
            Section(
                "The opening meld",
                (
                    "A side's first meld of the hand must be worth at least its opening "
                    "minimum in card values (table below: {opening_trend}). "
                    "The player may lay down several melds at once to reach it; red "
                    "threes and canasta bonuses don't count towards it. After that, any meld "
                    "will do.",
                ),
                table="openings",
            ),
            Section(
                "Taking the pile",
                (
                    "Instead of drawing, you may take the whole discard pile to use its top "
                    "card at once: meld it with {pile_pair:w} natural cards of its rank from "
                    "your hand, with a natural card and a wild card from your hand, or add it "
                    "to a meld of your side's. Then take the rest of the pile into your hand "
                    "and meld more from it if you like. Nobody may take the pile while a black "
                    "three or a wild card is on top.",
                    "The pile is frozen for a side that has not opened yet, and for everyone "
                    "once a wild card or a red three lies in it (lay a discarded wild card "
                    "crosswise to show it). A frozen pile may be taken only with "
                    "{pile_pair:w} natural cards from your hand matching the top card. A side "
                    "that opens by taking the pile must reach its minimum with the top card and "
                    "cards from hand, before picking up the rest.",
                ),
            ),
            Section(
                "Threes",
                (
                    "Red threes are never kept in hand: each is laid out and replaced (see A "
                    "turn). A red three picked up in the pile is laid out too, without a "
                    "replacement. At the end of the hand each red three scores "
                    "{red_three_points}, and all {red_threes_total:w} together score "
                    "{all_four_red_threes_points}; but a side that has melded nothing in the "
                    "hand loses that much instead. A red three is never counted as card points.",
                    "Black threes are for discarding: a black three on top of the pile stops "
                    "the next player from taking it. They can't be melded, except by a player "
                    "going out, who may meld {meld_start:w} or {black_threes_total:w} of them "
                    "with no wild card. A black three left in hand costs "
                    "{black_three_value}.",
                ),
            ),
            Section(
                "Going out",
                (
                    "A side may go out once it has at least {going_out_needs}. You go out by "
                    "melding all your cards, or all but a last card that you discard. Going out "
                    "scores {going_out_points} and ends the hand.",
                    "Playing as partners, you may first ask your partner \u201cMay I go "
                    "out?\u201d; if you ask, do as your partner answers.",
                    "Going out concealed: melding your whole hand in a single turn, a canasta "
                    "included, without having melded anything before in the hand. "
                    "{concealed_scores}",
                    "When the stock runs out, play goes on as long as each player takes the "
                    "discard and melds with it; as soon as a player can't or won't, the hand "
                    "ends, with nobody going out.",
                ),
            ),
            Section(
                "Scoring",
                (
                    "When the hand ends, each side adds up its canastas, its red threes, "
                    "{going_out_points} for going out (and the concealed extra), and the card "
                    "values of every card it has melded, canasta cards included. From that it "
                    "takes away the card values of the cards left in its players' hands. The "
                    "scoring table gives every item.",
                ),
            ),
        ),
        score_notes={
            "red_threes": "{red_three_points} each, all {red_threes_total:w} together "
            "{all_four_red_threes_points}; against a side that melded nothing",
            "concealed": "{concealed_note}, for melding the whole hand in a single turn without "
            "having melded before",
        },
        pad_note="Red threes: {red_three_points} each, all {red_threes_total:w} "
        "{all_four_red_threes_points}; against a side that melded nothing (no card points, no "
        "canasta). Concealed: {concealed_pad}. Going out needs "
        "{going_out_needs}.",
        pad_hints={"red_threes": "how many: see note", "concealed": "{concealed_hint}"},
        terms={
            "Mixed canastas": "A mixed canasta is a canasta with wild cards in it (at most "
            "{max_wild_in_meld}); a natural canasta has none.",
            "Red threes": "Each red three laid out scores {red_three_points:,}, all "
            "{red_threes_total} together {all_four_red_threes_points:,}; they count against a "
            "side that melded nothing in the hand.",
            "Went out concealed": "Going out concealed: melding the whole hand in a single turn, "
            "without having melded before in the hand. It scores {concealed_extra:,} on top of "
            "going out.",
        },
    )

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
        self.describe_concealed()
        self.canastas_to_go_out = self.chosen_number("canastas_to_go_out")
        self.going_out_needs = self.describe_going_out_needs()

    def summary_at_table(self) -> str:
        return canasta_summary(self.target_score or TARGET_SCORE)

    def describe_concealed(self) -> None:
        """What going out concealed adds, in words: a table may make it add nothing."""
        extra, total = self.concealed_extra, self.concealed_total
        if extra:
            self.concealed_scores = f"It scores {extra:,} more, {total:,} in all."
            self.concealed_note = f"{extra:,} more on top of going out ({total:,} in all)"
            self.concealed_pad = f"{extra:,} more than going out"
            self.concealed_hint = f"+{extra:,} more"
        else:
            self.unwritten_fields = frozenset({"concealed"})
            self.concealed_scores = "At this table it scores no more than going out."
            self.concealed_note = "nothing more than going out at this table"
            self.concealed_pad = "no extra at this table"
            self.concealed_hint = "no extra"

    def describe_going_out_needs(self) -> str:
        """The canastas to go out in words; where another player count defaults to another
        number, that too, since the rule sheet is printed for any number of players."""
        words = canastas_needed(self.canastas_to_go_out)
        rule = self.house_rule("canastas_to_go_out")
        assert rule is not None
        others = [
            f"{canastas_needed(int(count or 0))} with {in_words(players)} players"
            for players, count in rule.default_by_players
            if count != self.canastas_to_go_out
        ]
        return f"{words} ({'; '.join(others)})" if others else words

    def seating_for(self, players: int) -> Seating:
        return Seating.PARTNERS if players == PARTNERSHIP_PLAYERS else Seating.ALONE

    @property
    def seating_words(self) -> str:
        alone = [count for count in self.player_counts if count != PARTNERSHIP_PLAYERS]
        return (
            f"each on their own with {' or '.join(in_words(n) for n in alone)}, "
            f"{Seating.PARTNERS.words} with {in_words(PARTNERSHIP_PLAYERS)}"
        )

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
