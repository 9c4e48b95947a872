"""Pennies From Heaven: the partnership game to 25,000 and the three-hand family game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from math import ceil
from random import Random

from .canasta_cards import CANASTA_CARD_VALUES
from .core import (
    JOKERS_PER_PACK,
    PACK_CARDS,
    CardValue,
    GameSetup,
    PartReason,
    RuleSet,
    sample_card_points,
)
from .features import (
    DealerPartner,
    HouseRule,
    HouseRuleKind,
    OpeningByHand,
    OpeningByTotal,
    Seating,
    target_rule,
)
from .prose import Prose, Section, in_words
from .scoring import HandContext, HandInput
from .tally import FieldKind, TallyField

COUNT, POINTS, YES_NO = FieldKind.COUNT, FieldKind.CARD_POINTS, FieldKind.YES_NO

WILD_CARDS_PER_PACK = 6  # four twos and two jokers
ACES_PER_PACK = 4
SEVENS_PER_PACK = 4
RED_THREES_PER_PACK = 2
BLACK_THREES_PER_PACK = 2
CARDS_PER_CANASTA = 7
#: A meld holds at least this many more natural cards than wild cards: at most three wild
#: cards in a canasta.
NATURALS_OVER_WILD = 1
MAX_WILD_IN_CANASTA = (CARDS_PER_CANASTA - NATURALS_OVER_WILD) // 2
CANASTA = in_words(CARDS_PER_CANASTA)

# The partnership game.
PARTNERSHIP_PLAYERS = (4, 6)
PARTNERSHIP_TARGET = 25_000
#: The deal: cards in each player's hand stack and in each Pennies stack.
HAND_CARDS = 15
PENNIES_CARDS = 11
RED_THREE_POINTS = 100
#: The house option: all the red threes of four players' packs score this instead.
ALL_RED_THREES_BONUS = 1_000
ALL_RED_THREES_PLAYERS = 4
ALL_RED_THREES = RED_THREES_PER_PACK * ALL_RED_THREES_PLAYERS

# The three-hand family game.
FAMILY_HANDS = 3
FAMILY_HAND_CARDS = 13
PILE_CARDS = 15
RED_THREES_HAND = 1
RED_THREES_MANY = 4
RED_THREES_FEW_POINTS = 100
RED_THREES_MANY_POINTS = 200
#: Packs: this many, and this many more for every `PLAYERS_PER_STEP` players, rounding an odd
#: number of players up (three players: six packs).
BASE_PACKS = 2
PACKS_PER_STEP = 2
PLAYERS_PER_STEP = 2
#: A book holds at most this many wild cards.
MAX_WILD_PER_BOOK = 2


# -- Pennies From Heaven, partnership ------------------------------------------------------------

PFH_PARTNERSHIP = (
    Section(
        "Players and cards",
        (
            "{players}, {side_size:w} to a side, partners sitting across from each other. Shuffle "
            "together {packs}. Twos and jokers are wild; threes have jobs of their own (see "
            "Threes).",
        ),
    ),
    Section(
        "The deal",
        (
            "Agree on who deals the first hand (the app asks for the first dealer when you "
            "start a game). After every hand the deal passes one seat to the left.",
            "The dealer makes a face-down stack of {hand_cards} cards for each player and "
            "hands them out, the first to the player on the left. At the same time the dealer's "
            "partner makes a stack of {pennies_cards} cards for each player: the Pennies. "
            "Each stack goes face down on the table in front of its owner, the first again to "
            "the dealer's left.",
            "Both dealers try to lift just the cards they need. A dealer who deals every stack "
            "without taking more cards or putting any back earns the side "
            "{perfect_deal_bonus} (a perfect deal).",
            "The cards both dealers have left go together face down in the middle: the "
            "stock. Turn its top card face up beside it to begin the discard pile.",
        ),
    ),
    Section(
        "A turn",
        (
            "The player on the dealer's left plays first; play goes clockwise. In your turn:",
            "- Draw: take the top {draw_cards:w} cards of the stock, or take the whole discard "
            "pile (see Taking the pile).",
            "- Meld: if you like, start melds or add cards to your side's melds.",
            "- Discard: end the turn by putting a card on the discard pile, face up.",
        ),
    ),
    Section(
        "Melds and canastas",
        (
            "A meld is {meld_start:w} or more cards of one rank, suits never matter. It grows "
            "on later turns and is finished at {cards_per_canasta:w} cards: a canasta. Never "
            "more than {cards_per_canasta:w} cards go in a meld; once a canasta is done the "
            "side may start a new meld of that rank.",
            "- Natural canasta: {cards_per_canasta:w} cards of one rank, no wild card.",
            "- Unnatural canasta: {cards_per_canasta:w} cards of one rank and wild cards, at "
            "most {max_wild_in_canasta:w} of them wild.",
            "- Special canastas: {cards_per_canasta:w} aces, {cards_per_canasta:w} sevens, or "
            "{cards_per_canasta:w} wild cards.",
            "Wild cards: a meld that mixes natural and wild cards always holds at least "
            "{naturals_over_wild:w} natural card more than wild cards ({mixed_melds}). A side "
            "has at most {wild_melds_at_once:w} meld with wild cards in it at a time, and "
            "starts no other until that meld is finished as a canasta.",
        ),
    ),
    Section(
        "The opening meld",
        (
            "A side's first meld must add up to its opening minimum (table below), counting "
            "only the card values of the cards laid down; red threes and canasta bonuses don't "
            "help. The minimum rises with the side's total.",
        ),
        table="openings",
    ),
    Section(
        "Taking the pile",
        (
            "When the top discard is a natural card and you hold {pile_pair:w} natural cards of "
            "its rank, you may take the whole pile instead of drawing. Meld the top card with "
            "those cards at once. A side that has not opened must first lay down its opening "
            "minimum from hand, with this meld and any others, and only then picks up the rest.",
            "A wild card or a black three on top freezes the pile: the next player must draw "
            "from the stock. The freeze ends as soon as another card covers it. A red three "
            "turned up to start the pile freezes it the same way; whoever later takes the pile "
            "lays that three out and draws a card for it.",
        ),
    ),
    Section(
        "The Pennies",
        (
            "Your Pennies stay face down and unseen until you yourself lay the last card of a "
            "canasta. After discarding in that turn, pick them up, lay out any red threes "
            "among them (drawing a card for each), and add the rest to your hand.",
            "Pennies still on the table when the hand ends count against their side: their "
            "cards as card points left in hand, and each red three in them "
            "\u2212{pts[pennies_red_threes]}.",
        ),
    ),
    Section(
        "Threes",
        (
            "A red three dealt or drawn goes face up beside your side's melds at once, and you "
            "draw a card to replace it. It scores {pts[red_threes]}{all_red_threes_at_table} at "
            "the end of the hand, "
            "and nowhere else: a three is never counted again as card points.",
            "A black three can never be melded, only discarded, and it freezes the pile for the "
            "next player. Each black three left in a hand at the end costs "
            "{pts[black_threes]}.",
        ),
    ),
    Section(
        "Burying",
        (
            "Late in a hand you may bury cards you can't use: once your side has finished a "
            "natural or unnatural canasta of a rank, lay further cards of that rank face down "
            "in your turn and say so. Buried cards never score. Burying and going out never "
            "happen in the same turn.",
        ),
    ),
    Section(
        "Going out",
        (
            "A side may go out only when all the red threes are on the table and it has "
            "finished a special canasta as well as a natural or unnatural canasta. Go out by "
            "melding all your cards, or all but a last card that you discard. Checking with "
            "your partner first is up to you, but a question once asked binds you: go out "
            "only if the answer is yes.",
        ),
    ),
    Section(
        "End of the hand and scoring",
        (
            "The hand ends when a player goes out, or when the stock runs out. Then each side "
            "adds up: its canastas, its red threes, {pts[went_out]} for going out, and the card "
            "values of every card it has melded (canasta cards included, buried cards not). "
            "From that it takes away the card values left in its players' hands and in its "
            "unpicked Pennies, and its black threes in hand. The scoring table gives "
            "every item.",
        ),
    ),
)

PFH_PARTNERSHIP_HOUSE = (
    "Some tables add this: with {all_red_threes_players:w} players, a side that lays out all "
    "{all_red_threes:w} red threes scores {all_red_threes_bonus} for them instead of "
    "{pts[red_threes]} each."
)

# -- Pennies From Heaven, three hands -----------------------------------------------------------

PFH_THREE_HANDS = (
    Section(
        "Players and cards",
        (
            "{players}, each playing alone or in teams of equal size. Shuffle together {packs}: "
            "{pack_examples}, and so on. Twos and jokers are wild.",
        ),
    ),
    Section(
        "The deal",
        (
            "Spread all the cards face down across the table and mix them well. Without "
            "looking, each player takes {hand_cards} cards and passes that stack to the player "
            "on the left: it is the hand you pick up. Then each player takes {pile_cards} more "
            "without looking and sets them aside face down: your pile, kept for later. The "
            "cards left over go in a face-down stack in the middle: the stock. The discard "
            "pile starts empty.",
        ),
    ),
    Section(
        "Who starts",
        (
            "In hand {red_threes_hand:w} the player holding the most red threes starts; "
            "players tied for most, or everyone when nobody has a red three, each draw a card "
            "from the "
            "stock and the highest card value starts. In each later hand the start moves one "
            "seat to the left. Play goes clockwise.",
        ),
    ),
    Section(
        "A turn",
        (
            "- Draw the top {draw_cards:w} cards of the stock, or take the whole discard pile "
            "(see Taking the pile).",
            "- Meld, if you can and want to.",
            "- Discard a card. A card that could be melded may not be thrown away.",
        ),
    ),
    Section(
        "Books",
        (
            "A book is a meld of one rank, started with {meld_start:w} cards and closed at "
            "{book_cards:w}; no book ever holds more. Suits don't matter, and there is never a "
            "book of threes.",
            "- Red book: {book_cards:w} cards and no wild card.",
            "- Black book: holds wild cards, at most {max_wild_per_book:w}, and each wild card "
            "needs {naturals_per_wild:w} natural cards of the rank beside it (so "
            "{naturals_per_wild:w} of a rank and a wild card may start a book; a lone card of a "
            "rank with wild cards never may).",
            "- Book of sevens: sevens only, never a wild card.",
            "- Wild card book: twos and jokers only.",
        ),
    ),
    Section(
        "Getting on the board",
        (
            "A side's first meld must be laid by a single player, from that player's own "
            "cards, worth at least the hand's minimum in card values (table below). After that "
            "the whole side may add to it. Red threes never count towards it. A side whose "
            "total is below zero needs only {opening_below_zero}.",
        ),
        table="openings",
    ),
    Section(
        "Taking the pile",
        (
            "Instead of drawing you may take the whole discard pile, threes and all, when you "
            "hold {pile_match_in_hand:w} cards matching the top card, or your side has "
            "{pile_match_on_table:w} of them on the table. Play the top card at once to show "
            "you could. You can't take it on a rank your side already has {pile_blocked_at:w} "
            "or more of on the table.",
            "A side not yet on the board may take the pile only by getting on the board with "
            "the top card and cards from hand; the rest of the pile helps only after that.",
            "A black three on top can never be taken. A wild card discarded freezes the pile "
            "for the next player only.",
        ),
    ),
    Section(
        "Threes",
        (
            "A red three is laid out beside your books as soon as you get it, and you draw a "
            "card for it. Red threes score only in hand {red_threes_hand:w}: "
            "{red_threes_few_points} each, or {red_threes_many_points} each for a side with "
            "{red_threes_many:w} or more. Black threes are only ever discarded; each black three "
            "left in a hand at the end costs {pts[black_threes]}.",
        ),
    ),
    Section(
        "The piles",
        (
            "As soon as a side closes its first red book, every player on that side picks up "
            "their pile and adds it to their hand. Closing a book of sevens or of wild cards "
            "first does not free the piles.",
        ),
    ),
    Section(
        "Going out",
        (
            "A side may go out once it is on the board, has picked up its piles, and holds a "
            "book of sevens and a wild card book. Go out by running out of cards, always ending "
            "with a discard. A seven may be discarded only as that last card; a player left "
            "with nothing to discard can't go out and passes.",
        ),
    ),
    Section(
        "End of the hand and the game",
        (
            "The hand ends when a player goes out. That player's partners throw in their "
            "remaining cards without penalty; every other player's cards count against their "
            "side. A side that never got on the board also loses the card values of its "
            "unpicked piles.",
        ),
    ),
)


def black_threes_and_card_points(on_table: str, in_hands: str) -> tuple[TallyField, ...]:
    """What both Pennies From Heaven games count alike at the end of a hand: black threes left
    in hand, card points on the table and left in hands (each says what its points take in)."""
    return (
        TallyField(
            "black_threes",
            "Black threes left in hand",
            COUNT,
            -100,
            "still in a hand when the hand ends",
            usual_most=6,
        ),
        TallyField(
            "meld_points", "Card points on the table", POINTS, 1, on_table, usual_most=10_000
        ),
        TallyField(
            "hand_points", "Card points left in hands", POINTS, -1, in_hands, usual_most=1_500
        ),
    )


def partnership_summary(target: int) -> str:
    return (
        f"Partnership canasta for {PARTNERSHIP_PLAYERS[0]} or {PARTNERSHIP_PLAYERS[1]} with a "
        f"pack per player, a hidden {PENNIES_CARDS}-card Pennies stack per player and big "
        f"special canastas; first side to {target:,}."
    )


class PenniesFromHeavenPartnership(RuleSet):
    slug = "pfh-partnership"
    name = "Pennies From Heaven"
    summary = partnership_summary(PARTNERSHIP_TARGET)
    family = "Pennies From Heaven"
    player_counts = PARTNERSHIP_PLAYERS
    seating = Seating.PARTNERS
    cards_dealt = (
        f"{HAND_CARDS} cards to each player, and a face-down stack of {PENNIES_CARDS} Pennies "
        "beside each player"
    )
    card_values = (
        *CANASTA_CARD_VALUES,
        CardValue("Three", 100, note="scored only as red or black threes, see Scoring"),
    )
    #: Threes score in their own fields (red threes, black threes), never as card points.
    card_point_values = CANASTA_CARD_VALUES
    wild_cards = "twos and jokers"
    target_score = PARTNERSHIP_TARGET
    most_hands = 300
    opening: OpeningByTotal = OpeningByTotal(
        ((None, 50), (9_000, 90), (12_000, 120), (15_000, 150))
    )
    all_red_threes_bonus = ALL_RED_THREES_BONUS
    all_red_threes_players = ALL_RED_THREES_PLAYERS
    #: What the rule sheet adds where it says what a red three scores, at a table playing
    #: all eight together for the bonus (set with the house rules).
    all_red_threes_at_table = ""
    house_rules = (
        target_rule(PARTNERSHIP_TARGET, (10_000, 15_000, 20_000, PARTNERSHIP_TARGET, 30_000)),
        HouseRule(
            "all_red_threes_1000",
            f"A side holding all {in_words(ALL_RED_THREES)} red threes scores "
            f"{ALL_RED_THREES_BONUS:,} for them instead of {ALL_RED_THREES * RED_THREE_POINTS:,} "
            f"({in_words(ALL_RED_THREES_PLAYERS)} players only)",
            HouseRuleKind.YES_NO,
            False,
            phrase=f"all {in_words(ALL_RED_THREES)} red threes score {ALL_RED_THREES_BONUS:,}",
            player_counts=frozenset({ALL_RED_THREES_PLAYERS}),
            refusal="all_red_threes_bonus_four_players_only",
        ),
    )
    prose = Prose(
        sections=PFH_PARTNERSHIP,
        house_rules={"all_red_threes_1000": PFH_PARTNERSHIP_HOUSE},
        score_notes={"red_threes": "laid on the table{all_red_threes_at_table}"},
        terms={
            "Pennies": "The dealer's partner deals the Pennies: the face-down stack beside each "
            "player, taken up once that player finishes a canasta.",
            "Perfect deals": "{perfect_deal_bonus} to the dealing side for each dealer (the dealer "
            "and the dealer's partner) who dealt every stack exactly, without taking or putting "
            "back a card.",
        },
    )
    dealer_partner = DealerPartner("Pennies")
    perfect_deal_bonus = 50
    cards_per_canasta = CARDS_PER_CANASTA
    #: The deal: cards in each player's hand stack and in each Pennies stack.
    hand_cards = HAND_CARDS
    pennies_cards = PENNIES_CARDS
    #: Cards drawn from the stock in a turn, cards to start a meld, natural cards in hand that
    #: match the top discard to take the pile.
    draw_cards = 2
    meld_start = 3
    pile_pair = 2
    max_wild_in_canasta = MAX_WILD_IN_CANASTA
    naturals_over_wild = NATURALS_OVER_WILD
    #: Melds with wild cards in them that a side may have on the table at a time.
    wild_melds_at_once = 1
    red_threes_per_pack = RED_THREES_PER_PACK
    all_red_threes = ALL_RED_THREES
    #: What all of them score at their usual points, without the house rule's bonus.
    all_red_threes_points = ALL_RED_THREES * RED_THREE_POINTS
    rare_fields = frozenset({"pennies_red_threes"})
    one_side_fields = frozenset({"went_out"})
    canasta_fields = (
        "natural_canastas",
        "unnatural_canastas",
        "wild_canastas",
        "ace_canastas",
        "seven_canastas",
    )
    tally_fields = (
        TallyField(
            "natural_canastas",
            "Natural canastas",
            COUNT,
            500,
            f"{CANASTA} of a rank, no wild card",
            usual_most=6,
        ),
        TallyField(
            "unnatural_canastas",
            "Unnatural canastas",
            COUNT,
            300,
            f"{CANASTA} cards with wild cards among them, at most {in_words(MAX_WILD_IN_CANASTA)}",
            usual_most=6,
        ),
        TallyField(
            "wild_canastas",
            "Wild card canastas",
            COUNT,
            2_500,
            f"{CANASTA} twos and jokers",
            usual_most=2,
        ),
        TallyField("ace_canastas", "Ace canastas", COUNT, 1_500, f"{CANASTA} aces", usual_most=2),
        TallyField(
            "seven_canastas", "Seven canastas", COUNT, 1_000, f"{CANASTA} sevens", usual_most=2
        ),
        TallyField(
            "red_threes",
            "Red threes on the table",
            COUNT,
            RED_THREE_POINTS,
            "laid on the table",
            usual_most=8,
        ),
        TallyField(
            "pennies_red_threes",
            "Red threes in unpicked Pennies",
            COUNT,
            -100,
            "found in Pennies the side never picked up",
            usual_most=4,
        ),
        *black_threes_and_card_points(
            on_table="every melded card, canasta cards included",
            in_hands="cards left in hands and in unpicked Pennies, threes not counted",
        ),
        TallyField("went_out", "Went out", YES_NO, 200, "for going out"),
        TallyField(
            "perfect_deals",
            "Perfect deals",
            COUNT,
            50,
            "for each dealer who dealt a stack without taking or putting back a card",
            maximum=2,
            dealers_side_only=True,
        ),
    )

    def summary_at_table(self) -> str:
        return partnership_summary(self.target_score or PARTNERSHIP_TARGET)

    def packs(self, players: int) -> int:
        return players

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        if self.options.get("all_red_threes_1000"):
            bonus = self.all_red_threes_bonus
            self.all_red_threes_at_table = f" (all {in_words(ALL_RED_THREES)} together: {bonus:,})"

    def describe_packs(self) -> str:
        return f"a pack of {PACK_CARDS} cards and {JOKERS_PER_PACK} jokers per player"

    def game_fields(self, game: GameSetup) -> tuple[TallyField, ...]:
        packs = game.packs
        maxima = {
            "wild_canastas": WILD_CARDS_PER_PACK * packs // CARDS_PER_CANASTA,
            "ace_canastas": ACES_PER_PACK * packs // CARDS_PER_CANASTA,
            "seven_canastas": SEVENS_PER_PACK * packs // CARDS_PER_CANASTA,
            "red_threes": RED_THREES_PER_PACK * packs,
            "pennies_red_threes": RED_THREES_PER_PACK * packs,
            "black_threes": BLACK_THREES_PER_PACK * packs,
        }
        return tuple(
            replace(f, maximum=maxima[f.name]) if f.name in maxima else f for f in self.tally_fields
        )

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        # Each kind of special canasta at most once per side: within any number of packs.
        out = rng.choice([None, *game.side_names])
        tallies: dict[str, dict[str, int | bool]] = {}
        for side in game.side_names:
            tally: dict[str, int | bool] = {
                "natural_canastas": rng.randint(0, 3),
                "unnatural_canastas": rng.randint(0, 3),
                "wild_canastas": rng.randint(0, 1),
                "ace_canastas": rng.randint(0, 1),
                "seven_canastas": rng.randint(0, 1),
                "red_threes": rng.randint(0, RED_THREES_PER_PACK),
                "pennies_red_threes": rng.randint(0, RED_THREES_PER_PACK),
                "black_threes": rng.randint(0, BLACK_THREES_PER_PACK * 2),
                "meld_points": sample_card_points(rng),
                "hand_points": sample_card_points(rng),
            }
            if side == out:
                tally["went_out"] = True
                tally["natural_canastas"] = max(1, int(tally["natural_canastas"]))
                tally["wild_canastas"] = 1
            tallies[side] = tally
        return HandInput(tallies)

    def check_hand(self, hand: HandContext) -> None:
        game, itemized, dealer, refuse = hand.game, hand.itemized, hand.dealer, hand.refuse
        went_out = [name for name, tally in itemized.items() if tally["went_out"]]
        if len(went_out) > 1:
            raise refuse("only_one_side_goes_out", went_out[1], "went_out")
        for name, tally in itemized.items():
            if tally["perfect_deals"] and dealer is not None and game.side_of(dealer).name != name:
                dealing = game.side_of(dealer).name
                raise refuse("perfect_deals_not_dealing", name, "perfect_deals", dealing=dealing)
            if tally["went_out"]:
                if not (tally["natural_canastas"] or tally["unnatural_canastas"]):
                    raise refuse("out_needs_natural_or_unnatural", name, "went_out")
                if not (tally["wild_canastas"] or tally["ace_canastas"] or tally["seven_canastas"]):
                    raise refuse("out_needs_wild_ace_or_seven", name, "went_out")
        packs = game.packs
        limits = (
            (
                ("red_threes", "pennies_red_threes"),
                RED_THREES_PER_PACK * packs,
                "packs_hold_only_red_threes",
            ),
            (("black_threes",), BLACK_THREES_PER_PACK * packs, "packs_hold_only_black_threes"),
            (
                ("wild_canastas",),
                WILD_CARDS_PER_PACK * packs // CARDS_PER_CANASTA,
                "packs_hold_only_wild_canastas",
            ),
            (
                ("ace_canastas",),
                ACES_PER_PACK * packs // CARDS_PER_CANASTA,
                "packs_hold_only_ace_canastas",
            ),
            (
                ("seven_canastas",),
                SEVENS_PER_PACK * packs // CARDS_PER_CANASTA,
                "packs_hold_only_seven_canastas",
            ),
        )
        for names, limit, code in limits:
            refuse_over_limit(hand, names, limit, code, packs)

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        parts = self.plain_parts(tally, (f.name for f in self.tally_fields))
        all_red_threes = RED_THREES_PER_PACK * hand.game.packs
        if self.options.get("all_red_threes_1000") and tally["red_threes"] == all_red_threes:
            parts["red_threes"] = self.all_red_threes_bonus
        return parts

    def part_reasons(
        self, tally: Mapping[str, int | bool], parts: Mapping[str, int]
    ) -> dict[str, PartReason]:
        plain = int(tally.get("red_threes", 0)) * self.points_each["red_threes"]
        if parts.get("red_threes", plain) != plain:
            return {"red_threes": PartReason("all_red_threes")}
        return {}


def refuse_over_limit(
    hand: HandContext, names: tuple[str, ...], limit: int, code: str, packs: int
) -> None:
    """Refuse a hand whose sides together claim more of something than the packs hold."""
    counted = 0
    for side, tally in hand.itemized.items():
        counted += sum(int(tally[name]) for name in names)
        if counted > limit:
            field_name = next(name for name in names if tally[name])
            raise hand.refuse(code, side, field_name, counted=counted, packs=packs, limit=limit)


class PenniesFromHeavenThreeHands(RuleSet):
    chip_name = "Pennies, three hands"
    slug = "pfh-three-hands"
    name = "Pennies From Heaven, three-hand family game"
    player_counts = tuple(range(2, 13))
    summary = (
        f"A family game of books for {player_counts[0]} or more, alone or in equal teams, with "
        f"a {PILE_CARDS}-card pile per player; exactly {in_words(FAMILY_HANDS)} hands, highest "
        "total wins."
    )
    family = "Pennies From Heaven"
    seating = Seating.ALONE_OR_TEAMS
    cards_dealt = (
        f"{FAMILY_HAND_CARDS} cards to each player, and a face-down pile of {PILE_CARDS} beside "
        "each player"
    )
    card_values = CANASTA_CARD_VALUES
    wild_cards = "twos and jokers"
    fixed_hands = FAMILY_HANDS
    most_hands = FAMILY_HANDS
    opening_below_zero = 15
    opening: OpeningByHand = OpeningByHand({1: 50, 2: 90, 3: 120}, below_zero=opening_below_zero)
    prose = Prose(
        sections=PFH_THREE_HANDS,
        score_notes={
            "red_threes": "hand {red_threes_hand} only: {red_threes_few_points} each, or "
            "{red_threes_many_points} each for {red_threes_many} or more",
            "on_board": "no score; decides whether the {pile_cards}-card piles count",
        },
        pad_note="Red threes count in hand {red_threes_hand} only: {red_threes_few_points} "
        "each, {red_threes_many_points} each with {red_threes_many} or more. Unpicked piles: "
        "subtract their card points only from a side that never got on the board, and only when "
        "another side went out.",
        pad_hints={
            "red_threes": "hand {red_threes_hand} only",
            "pile_points": "subtract: see note",
        },
    )
    rare_fields = frozenset({"pile_points"})
    one_side_fields = frozenset({"went_out"})
    canasta_fields = ("red_books", "black_books", "seven_books", "wild_books")
    canasta_word = "book"
    red_threes_hand = RED_THREES_HAND
    red_threes_many = RED_THREES_MANY
    red_threes_few_points = RED_THREES_FEW_POINTS
    red_threes_many_points = RED_THREES_MANY_POINTS
    #: The deal: cards in each hand and in each face-down pile.
    hand_cards = FAMILY_HAND_CARDS
    pile_cards = PILE_CARDS
    draw_cards = 2
    meld_start = 3
    book_cards = CARDS_PER_CANASTA
    max_wild_per_book = MAX_WILD_PER_BOOK
    naturals_per_wild = 2
    #: Taking the discard pile: matching cards held in hand, or already on the table; and the
    #: count on the table of a rank at which its discards can no longer be taken.
    pile_match_in_hand = 2
    pile_match_on_table = 3
    pile_blocked_at = 5
    tally_fields = (
        TallyField(
            "red_books",
            "Red books",
            COUNT,
            500,
            f"{CANASTA} of a rank with no wild card (not sevens)",
            usual_most=6,
        ),
        TallyField(
            "black_books",
            "Black books",
            COUNT,
            300,
            f"holding wild cards, at most {in_words(MAX_WILD_PER_BOOK)}",
            usual_most=6,
        ),
        TallyField(
            "seven_books", "Books of sevens", COUNT, 1_500, "never with a wild card", usual_most=2
        ),
        TallyField(
            "wild_books", "Wild card books", COUNT, 1_500, "twos and jokers only", usual_most=2
        ),
        TallyField(
            "red_threes",
            "Red threes",
            COUNT,
            None,
            f"hand {RED_THREES_HAND} only: {RED_THREES_FEW_POINTS} each, or "
            f"{RED_THREES_MANY_POINTS} each for {in_words(RED_THREES_MANY)} or more",
            hands=frozenset({RED_THREES_HAND}),
            usual_most=8,
        ),
        *black_threes_and_card_points(
            on_table="every melded card", in_hands="cards left in hands, threes not counted"
        ),
        TallyField("went_out", "Went out", YES_NO, 100, "for going out"),
        TallyField(
            "on_board",
            "Got on the board",
            YES_NO,
            None,
            f"no score; decides whether the {PILE_CARDS}-card piles count",
            default=True,
        ),
        TallyField(
            "pile_points",
            f"Card points in unpicked {PILE_CARDS}-card piles",
            POINTS,
            None,
            "taken off only when the side never got on the board and another side went out",
            usual_most=1_500,
        ),
    )

    def packs(self, players: int) -> int:
        return BASE_PACKS + PACKS_PER_STEP * ceil(players / PLAYERS_PER_STEP)

    def describe_packs(self) -> str:
        return (
            f"{in_words(BASE_PACKS)} packs of {PACK_CARDS} cards and {JOKERS_PER_PACK} jokers, "
            f"plus {in_words(PACKS_PER_STEP)} more for every {in_words(PLAYERS_PER_STEP)} "
            "players, rounding an odd number of players up"
        )

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        out = rng.choice([None, *game.side_names])
        tallies: dict[str, dict[str, int | bool]] = {}
        for side in game.side_names:
            tally: dict[str, int | bool] = {
                "red_books": rng.randint(0, 3),
                "black_books": rng.randint(0, 3),
                "seven_books": rng.randint(0, 1),
                "wild_books": rng.randint(0, 1),
                "red_threes": rng.randint(0, 6),
                "black_threes": rng.randint(0, 4),
                "meld_points": sample_card_points(rng),
                "hand_points": sample_card_points(rng),
                "on_board": rng.random() < 0.8,
                "pile_points": sample_card_points(rng, 300),
            }
            if side == out:
                tally.update(went_out=True, on_board=True, seven_books=1, wild_books=1)
            tallies[side] = tally
        return HandInput(tallies)

    def check_hand(self, hand: HandContext) -> None:
        itemized, refuse = hand.itemized, hand.refuse
        went_out = [name for name, tally in itemized.items() if tally["went_out"]]
        if len(went_out) > 1:
            raise refuse("only_one_side_goes_out", went_out[1], "went_out")
        for name in went_out:
            tally = itemized[name]
            if not tally["on_board"]:
                raise refuse("out_not_on_board", name, "on_board")
            if not tally["seven_books"]:
                raise refuse("out_needs_seven_book", name, "went_out")
            if not tally["wild_books"]:
                raise refuse("out_needs_wild_book", name, "went_out")

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        parts = self.plain_parts(
            tally,
            (
                "red_books",
                "black_books",
                "seven_books",
                "wild_books",
                "black_threes",
                "meld_points",
                "hand_points",
                "went_out",
            ),
        )
        red_threes = int(tally["red_threes"])
        if hand.number != self.red_threes_hand:
            parts["red_threes"] = 0
        elif red_threes >= self.red_threes_many:
            parts["red_threes"] = red_threes * self.red_threes_many_points
        else:
            parts["red_threes"] = red_threes * self.red_threes_few_points
        caught = not tally["on_board"] and any(
            other["went_out"] for name, other in hand.itemized.items() if name != side
        )
        parts["pile_points"] = -int(tally["pile_points"]) if caught else 0
        return parts

    def part_reasons(
        self, tally: Mapping[str, int | bool], parts: Mapping[str, int]
    ) -> dict[str, PartReason]:
        red_threes = int(tally.get("red_threes", 0))
        if red_threes >= self.red_threes_many and parts.get("red_threes"):
            return {"red_threes": PartReason("many_red_threes", self.red_threes_many)}
        return {}
