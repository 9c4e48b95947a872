"""Pennies From Heaven's words (games/rules/pennies_from_heaven.py has their numbers): the
partnership game with its hidden Pennies stacks and special canastas, and the three-hand family
game of books."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.rules.core import JOKERS_PER_PACK, PACK_CARDS
from games.rules.pennies_from_heaven import (
    BASE_PACKS,
    PACKS_PER_STEP,
    PLAYERS_PER_STEP,
    PenniesFromHeavenPartnership,
    PenniesFromHeavenThreeHands,
)
from games.words.filling import fill
from games.words.games.partners import WENT_OUT, WILD_CARDS
from games.words.rule_sets import (
    FieldWords,
    HouseRuleWords,
    Prose,
    RuleSetWords,
    Section,
    Text,
    register,
)

#: What both games count alike at the end of a hand.
BLACK_THREES = FieldWords(_("Black threes left in hand"), _("still in a hand when the hand ends"))
MELD_POINTS_LABEL = _("Card points on the table")
HAND_POINTS_LABEL = _("Card points left in hands")


# -- Pennies From Heaven, partnership -----------------------------------------------------------

PARTNERSHIP_SUMMARY = _(
    "Partnership canasta for {player_counts[0]} or {player_counts[1]} with a pack per player, a "
    "hidden {pennies_cards}-card Pennies stack per player and big special canastas; first side "
    "to {target_score}."
)

PARTNERSHIP_FIELDS = {
    "natural_canastas": FieldWords(
        _("Natural canastas"), _("{cards_per_canasta:w} of a rank, no wild card")
    ),
    "unnatural_canastas": FieldWords(
        _("Unnatural canastas"),
        _(
            "{cards_per_canasta:w} cards with wild cards among them, at most "
            "{max_wild_in_canasta:w}"
        ),
    ),
    "wild_canastas": FieldWords(
        _("Wild card canastas"), _("{cards_per_canasta:w} twos and jokers")
    ),
    "ace_canastas": FieldWords(_("Ace canastas"), _("{cards_per_canasta:w} aces")),
    "seven_canastas": FieldWords(_("Seven canastas"), _("{cards_per_canasta:w} sevens")),
    "red_threes": FieldWords(_("Red threes on the table"), _("laid on the table")),
    "pennies_red_threes": FieldWords(
        _("Red threes in unpicked Pennies"), _("found in Pennies the side never picked up")
    ),
    "black_threes": BLACK_THREES,
    "meld_points": FieldWords(MELD_POINTS_LABEL, _("every melded card, canasta cards included")),
    "hand_points": FieldWords(
        HAND_POINTS_LABEL, _("cards left in hands and in unpicked Pennies, threes not counted")
    ),
    "went_out": WENT_OUT,
    "perfect_deals": FieldWords(
        _("Perfect deals"),
        _("for each dealer who dealt a stack without taking or putting back a card"),
    ),
}

PARTNERSHIP_HOUSE_RULES = {
    "all_red_threes_1000": HouseRuleWords(
        _(
            "A side holding all {all_red_threes:w} red threes scores {all_red_threes_bonus} for "
            "them instead of {all_red_threes_points} ({all_red_threes_players:w} players only)"
        ),
        phrase=_("all {all_red_threes:w} red threes score {all_red_threes_bonus}"),
    ),
}

# Translators: added after what a red three scores ("100") where the table plays the house rule
# of all eight red threes together; it starts with a space, as it follows the number.
ALL_RED_THREES_TOGETHER = _(" (all {all_red_threes:w} together: {all_red_threes_bonus})")


def all_red_threes_at_table(rules: object) -> str:
    """What the rule sheet adds where it says what a red three scores, at a table playing all
    of them together for the bonus; nothing at any other."""
    assert isinstance(rules, PenniesFromHeavenPartnership)
    if not rules.options.get("all_red_threes_1000"):
        return ""
    return fill(rules, ALL_RED_THREES_TOGETHER)


def partnership_packs(rules: object) -> str:
    assert isinstance(rules, PenniesFromHeavenPartnership)
    return fill(
        rules,
        _("a pack of {pack_cards} cards and {jokers} jokers per player"),
        pack_cards=PACK_CARDS,
        jokers=JOKERS_PER_PACK,
    )


PARTNERSHIP_SECTIONS = (
    Section(
        _("Players and cards"),
        (
            _(
                "{players}, {side_size:w} to a side, partners sitting across from each other. "
                "Shuffle together {packs}. Twos and jokers are wild; threes have jobs of their "
                "own (see Threes)."
            ),
        ),
    ),
    Section(
        _("The deal"),
        (
            _(
                "Agree on who deals the first hand (the app asks for the first dealer when you "
                "start a game). After every hand the deal passes one seat to the left."
            ),
            _(
                "The dealer makes a face-down stack of {hand_cards} cards for each player and "
                "hands them out, the first to the player on the left. At the same time the "
                "dealer's partner makes a stack of {pennies_cards} cards for each player: the "
                "Pennies. Each stack goes face down on the table in front of its owner, the "
                "first again to the dealer's left."
            ),
            _(
                "Both dealers try to lift just the cards they need. A dealer who deals every "
                "stack without taking more cards or putting any back earns the side "
                "{perfect_deal_bonus} (a perfect deal)."
            ),
            _(
                "The cards both dealers have left go together face down in the middle: the "
                "stock. Turn its top card face up beside it to begin the discard pile."
            ),
        ),
    ),
    Section(
        _("A turn"),
        (
            _("The player on the dealer's left plays first; play goes clockwise. In your turn:"),
            _(
                "- Draw: take the top {draw_cards:w} cards of the stock, or take the whole "
                "discard pile (see Taking the pile)."
            ),
            _("- Meld: if you like, start melds or add cards to your side's melds."),
            _("- Discard: end the turn by putting a card on the discard pile, face up."),
        ),
    ),
    Section(
        _("Melds and canastas"),
        (
            _(
                "A meld is {meld_start:w} or more cards of one rank, suits never matter. It "
                "grows on later turns and is finished at {cards_per_canasta:w} cards: a canasta. "
                "Never more than {cards_per_canasta:w} cards go in a meld; once a canasta is "
                "done the side may start a new meld of that rank."
            ),
            _("- Natural canasta: {cards_per_canasta:w} cards of one rank, no wild card."),
            _(
                "- Unnatural canasta: {cards_per_canasta:w} cards of one rank and wild cards, at "
                "most {max_wild_in_canasta:w} of them wild."
            ),
            _(
                "- Special canastas: {cards_per_canasta:w} aces, {cards_per_canasta:w} sevens, "
                "or {cards_per_canasta:w} wild cards."
            ),
            _(
                "Wild cards: a meld that mixes natural and wild cards always holds at least "
                "{naturals_over_wild:w} natural card more than wild cards ({mixed_melds}). A "
                "side has at most {wild_melds_at_once:w} meld with wild cards in it at a time, "
                "and starts no other until that meld is finished as a canasta."
            ),
        ),
    ),
    Section(
        _("The opening meld"),
        (
            _(
                "A side's first meld must add up to its opening minimum (table below), counting "
                "only the card values of the cards laid down; red threes and canasta bonuses "
                "don't help. The minimum rises with the side's total."
            ),
        ),
        table="openings",
    ),
    Section(
        _("Taking the pile"),
        (
            _(
                "When the top discard is a natural card and you hold {pile_pair:w} natural cards "
                "of its rank, you may take the whole pile instead of drawing. Meld the top card "
                "with those cards at once. A side that has not opened must first lay down its "
                "opening minimum from hand, with this meld and any others, and only then picks "
                "up the rest."
            ),
            _(
                "A wild card or a black three on top freezes the pile: the next player must "
                "draw from the stock. The freeze ends as soon as another card covers it. A red "
                "three turned up to start the pile freezes it the same way; whoever later takes "
                "the pile lays that three out and draws a card for it."
            ),
        ),
    ),
    Section(
        _("The Pennies"),
        (
            _(
                "Your Pennies stay face down and unseen until you yourself lay the last card of "
                "a canasta. After discarding in that turn, pick them up, lay out any red threes "
                "among them (drawing a card for each), and add the rest to your hand."
            ),
            _(
                "Pennies still on the table when the hand ends count against their side: their "
                "cards as card points left in hand, and each red three in them "
                "−{pts[pennies_red_threes]}."
            ),
        ),
    ),
    Section(
        _("Threes"),
        (
            _(
                "A red three dealt or drawn goes face up beside your side's melds at once, and "
                "you draw a card to replace it. It scores "
                "{pts[red_threes]}{all_red_threes_at_table} at the end of the hand, and nowhere "
                "else: a three is never counted again as card points."
            ),
            _(
                "A black three can never be melded, only discarded, and it freezes the pile for "
                "the next player. Each black three left in a hand at the end costs "
                "{pts[black_threes]}."
            ),
        ),
    ),
    Section(
        _("Burying"),
        (
            _(
                "Late in a hand you may bury cards you can't use: once your side has finished a "
                "natural or unnatural canasta of a rank, lay further cards of that rank face "
                "down in your turn and say so. Buried cards never score. Burying and going out "
                "never happen in the same turn."
            ),
        ),
    ),
    Section(
        _("Going out"),
        (
            _(
                "A side may go out only when all the red threes are on the table and it has "
                "finished a special canasta as well as a natural or unnatural canasta. Go out "
                "by melding all your cards, or all but a last card that you discard. Checking "
                "with your partner first is up to you, but a question once asked binds you: go "
                "out only if the answer is yes."
            ),
        ),
    ),
    Section(
        _("End of the hand and scoring"),
        (
            _(
                "The hand ends when a player goes out, or when the stock runs out. Then each "
                "side adds up: its canastas, its red threes, {pts[went_out]} for going out, and "
                "the card values of every card it has melded (canasta cards included, buried "
                "cards not). From that it takes away the card values left in its players' hands "
                "and in its unpicked Pennies, and its black threes in hand. The scoring table "
                "gives every item."
            ),
        ),
    ),
)

PARTNERSHIP_TERMS: Mapping[str, Text] = {
    "Pennies": _(
        "The dealer's partner deals the Pennies: the face-down stack beside each player, taken "
        "up once that player finishes a canasta."
    ),
    "Perfect deals": _(
        "{perfect_deal_bonus} to the dealing side for each dealer (the dealer and the dealer's "
        "partner) who dealt every stack exactly, without taking or putting back a card."
    ),
}

PARTNERSHIP_PROSE = Prose(
    sections=PARTNERSHIP_SECTIONS,
    house_rules={
        "all_red_threes_1000": _(
            "Some tables add this: with {all_red_threes_players:w} players, a side that lays out "
            "all {all_red_threes:w} red threes scores {all_red_threes_bonus} for them instead of "
            "{pts[red_threes]} each."
        ),
    },
    score_notes={"red_threes": _("laid on the table{all_red_threes_at_table}")},
    terms=PARTNERSHIP_TERMS,
)

register(
    PenniesFromHeavenPartnership.slug,
    RuleSetWords(
        name=_("Pennies From Heaven"),
        summary=PARTNERSHIP_SUMMARY,
        fields=PARTNERSHIP_FIELDS,
        house_rules=PARTNERSHIP_HOUSE_RULES,
        texts={
            "cards_dealt": _(
                "{hand_cards} cards to each player, and a face-down stack of {pennies_cards} "
                "Pennies beside each player"
            ),
            "wild_cards": WILD_CARDS,
            "packs": partnership_packs,
            # Translators: the Pennies: the face-down stack the dealer's partner deals to each
            # player in Pennies From Heaven (on the scoreboard beside "Dealer").
            "dealer_partner": pgettext_lazy("the stacks the dealer's partner deals", "Pennies"),
            "all_red_threes_at_table": all_red_threes_at_table,
        },
        prose=PARTNERSHIP_PROSE,
    ),
)


# -- Pennies From Heaven, three hands -----------------------------------------------------------

THREE_HANDS_SUMMARY = _(
    "A family game of books for {player_counts[0]} or more, alone or in equal teams, with a "
    "{pile_cards}-card pile per player; exactly {fixed_hands:w} hands, highest total wins."
)

THREE_HANDS_FIELDS = {
    "red_books": FieldWords(
        _("Red books"), _("{book_cards:w} of a rank with no wild card (not sevens)")
    ),
    "black_books": FieldWords(
        _("Black books"), _("holding wild cards, at most {max_wild_per_book:w}")
    ),
    "seven_books": FieldWords(_("Books of sevens"), _("never with a wild card")),
    "wild_books": FieldWords(_("Wild card books"), _("twos and jokers only")),
    "red_threes": FieldWords(
        _("Red threes"),
        _(
            "hand {red_threes_hand} only: {red_threes_few_points} each, or "
            "{red_threes_many_points} each for {red_threes_many:w} or more"
        ),
    ),
    "black_threes": BLACK_THREES,
    "meld_points": FieldWords(MELD_POINTS_LABEL, _("every melded card")),
    "hand_points": FieldWords(HAND_POINTS_LABEL, _("cards left in hands, threes not counted")),
    "went_out": WENT_OUT,
    "on_board": FieldWords(
        _("Got on the board"), _("no score; decides whether the {pile_cards}-card piles count")
    ),
    "pile_points": FieldWords(
        _("Card points in unpicked {pile_cards}-card piles"),
        _("taken off only when the side never got on the board and another side went out"),
    ),
}


def three_hands_packs(rules: object) -> str:
    assert isinstance(rules, PenniesFromHeavenThreeHands)
    return fill(
        rules,
        _(
            "{base_packs:w} packs of {pack_cards} cards and {jokers} jokers, plus {more:w} more "
            "for every {players:w} players, rounding an odd number of players up"
        ),
        base_packs=BASE_PACKS,
        pack_cards=PACK_CARDS,
        jokers=JOKERS_PER_PACK,
        more=PACKS_PER_STEP,
        players=PLAYERS_PER_STEP,
    )


THREE_HANDS_SECTIONS = (
    Section(
        _("Players and cards"),
        (
            _(
                "{players}, each playing alone or in teams of equal size. Shuffle together "
                "{packs}: {pack_examples}, and so on. Twos and jokers are wild."
            ),
        ),
    ),
    Section(
        _("The deal"),
        (
            _(
                "Spread all the cards face down across the table and mix them well. Without "
                "looking, each player takes {hand_cards} cards and passes that stack to the "
                "player on the left: it is the hand you pick up. Then each player takes "
                "{pile_cards} more without looking and sets them aside face down: your pile, "
                "kept for later. The cards left over go in a face-down stack in the middle: the "
                "stock. The discard pile starts empty."
            ),
        ),
    ),
    Section(
        _("Who starts"),
        (
            _(
                "In hand {red_threes_hand:w} the player holding the most red threes starts; "
                "players tied for most, or everyone when nobody has a red three, each draw a "
                "card from the stock and the highest card value starts. In each later hand the "
                "start moves one seat to the left. Play goes clockwise."
            ),
        ),
    ),
    Section(
        _("A turn"),
        (
            _(
                "- Draw the top {draw_cards:w} cards of the stock, or take the whole discard "
                "pile (see Taking the pile)."
            ),
            _("- Meld, if you can and want to."),
            _("- Discard a card. A card that could be melded may not be thrown away."),
        ),
    ),
    Section(
        _("Books"),
        (
            _(
                "A book is a meld of one rank, started with {meld_start:w} cards and closed at "
                "{book_cards:w}; no book ever holds more. Suits don't matter, and there is never "
                "a book of threes."
            ),
            _("- Red book: {book_cards:w} cards and no wild card."),
            _(
                "- Black book: holds wild cards, at most {max_wild_per_book:w}, and each wild "
                "card needs {naturals_per_wild:w} natural cards of the rank beside it (so "
                "{naturals_per_wild:w} of a rank and a wild card may start a book; a lone card "
                "of a rank with wild cards never may)."
            ),
            _("- Book of sevens: sevens only, never a wild card."),
            _("- Wild card book: twos and jokers only."),
        ),
    ),
    Section(
        _("Getting on the board"),
        (
            _(
                "A side's first meld must be laid by a single player, from that player's own "
                "cards, worth at least the hand's minimum in card values (table below). After "
                "that the whole side may add to it. Red threes never count towards it. A side "
                "whose total is below zero needs only {opening_below_zero}."
            ),
        ),
        table="openings",
    ),
    Section(
        _("Taking the pile"),
        (
            _(
                "Instead of drawing you may take the whole discard pile, threes and all, when "
                "you hold {pile_match_in_hand:w} cards matching the top card, or your side has "
                "{pile_match_on_table:w} of them on the table. Play the top card at once to show "
                "you could. You can't take it on a rank your side already has "
                "{pile_blocked_at:w} or more of on the table."
            ),
            _(
                "A side not yet on the board may take the pile only by getting on the board "
                "with the top card and cards from hand; the rest of the pile helps only after "
                "that."
            ),
            _(
                "A black three on top can never be taken. A wild card discarded freezes the pile "
                "for the next player only."
            ),
        ),
    ),
    Section(
        _("Threes"),
        (
            _(
                "A red three is laid out beside your books as soon as you get it, and you draw a "
                "card for it. Red threes score only in hand {red_threes_hand:w}: "
                "{red_threes_few_points} each, or {red_threes_many_points} each for a side with "
                "{red_threes_many:w} or more. Black threes are only ever discarded; each black "
                "three left in a hand at the end costs {pts[black_threes]}."
            ),
        ),
    ),
    Section(
        _("The piles"),
        (
            _(
                "As soon as a side closes its first red book, every player on that side picks up "
                "their pile and adds it to their hand. Closing a book of sevens or of wild cards "
                "first does not free the piles."
            ),
        ),
    ),
    Section(
        _("Going out"),
        (
            _(
                "A side may go out once it is on the board, has picked up its piles, and holds a "
                "book of sevens and a wild card book. Go out by running out of cards, always "
                "ending with a discard. A seven may be discarded only as that last card; a "
                "player left with nothing to discard can't go out and passes."
            ),
        ),
    ),
    Section(
        _("End of the hand and the game"),
        (
            _(
                "The hand ends when a player goes out. That player's partners throw in their "
                "remaining cards without penalty; every other player's cards count against "
                "their side. A side that never got on the board also loses the card values of "
                "its unpicked piles."
            ),
        ),
    ),
)

THREE_HANDS_PROSE = Prose(
    sections=THREE_HANDS_SECTIONS,
    score_notes={
        "red_threes": _(
            "hand {red_threes_hand} only: {red_threes_few_points} each, or "
            "{red_threes_many_points} each for {red_threes_many} or more"
        ),
        "on_board": _("no score; decides whether the {pile_cards}-card piles count"),
    },
    pad_note=_(
        "Red threes count in hand {red_threes_hand} only: {red_threes_few_points} each, "
        "{red_threes_many_points} each with {red_threes_many} or more. Unpicked piles: subtract "
        "their card points only from a side that never got on the board, and only when another "
        "side went out."
    ),
    pad_hints={
        "red_threes": _("hand {red_threes_hand} only"),
        "pile_points": _("subtract: see note"),
    },
)

register(
    PenniesFromHeavenThreeHands.slug,
    RuleSetWords(
        name=_("Pennies From Heaven, three-hand family game"),
        summary=THREE_HANDS_SUMMARY,
        fields=THREE_HANDS_FIELDS,
        texts={
            # Translators: the short name of "Pennies From Heaven, three-hand family game" on
            # the new-game page's chip.
            "chip_name": _("Pennies, three hands"),
            "cards_dealt": _(
                "{hand_cards} cards to each player, and a face-down pile of {pile_cards} beside "
                "each player"
            ),
            "wild_cards": WILD_CARDS,
            "packs": three_hands_packs,
        },
        prose=THREE_HANDS_PROSE,
    ),
)
