"""Hearts of Miromar Canasta's words (games/rules/miromar.py has its numbers): a partnership
canasta for four with Splash hands, Toulon, and canastas of aces, sevens and wild cards.

"Splash" and "Toulon" are the game's own names for a hand laid down at once and for the extra
cards drawn on opening; a translation may keep them as they are."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.rules.miromar import MiromarCanasta
from games.words.games.partners import WENT_OUT, WILD_CARDS, with_numbers
from games.words.rule_sets import FieldWords, Prose, RuleSetWords, Section, register

SUMMARY = _(
    "Partnership canasta for {player_counts[0]:w} with {cards} cards, Splash, Toulon and costly "
    "unfinished aces, sevens and wild cards; first side to {target_score}."
)

FIELDS = {
    "splash": FieldWords(
        # Translators: a Splash is the game's name for a whole hand laid down at once.
        pgettext_lazy("Miromar's Splash", "Splash"),
        _("the other side scores nothing and nothing else counts this hand"),
    ),
    "went_out": WENT_OUT,
    "natural_canastas": FieldWords(
        _("Natural canastas"),
        _("{cards_per_canasta:w} of a rank (not aces or sevens), no wild card"),
    ),
    "dirty_canastas": FieldWords(
        _("Dirty canastas"),
        _(
            "{cards_per_canasta:w} cards, wild cards among them (at most "
            "{max_wild_in_canasta:w}), of a rank other than aces and sevens"
        ),
    ),
    "natural_ace_canastas": FieldWords(
        _("Natural ace canastas"), _("{cards_per_canasta:w} aces, no wild card")
    ),
    "dirty_ace_canastas": FieldWords(_("Dirty ace canastas"), _("aces with wild cards")),
    "seven_canastas": FieldWords(
        _("Seven canastas"), _("{cards_per_canasta:w} sevens, never with a wild card")
    ),
    "wild_canastas": FieldWords(
        _("Wild card canastas"), _("{cards_per_canasta:w} twos and jokers")
    ),
    "grand_wild_canastas": FieldWords(
        _("Grand wild card canastas"), _("all {jokers:w} jokers, or {cards_per_canasta:w} twos")
    ),
    "unfinished_natural_aces": FieldWords(
        _("Unfinished natural aces"), _("a natural ace meld left short of {cards_per_canasta:w}")
    ),
    "unfinished_sevens": FieldWords(
        _("Unfinished sevens"), _("a seven meld left short of {cards_per_canasta:w}")
    ),
    "unfinished_wilds": FieldWords(
        _("Unfinished wild cards"), _("a wild card meld left short of {cards_per_canasta:w}")
    ),
    "threes": FieldWords(
        _("Threes on the table"),
        # The form's note writes its minus signs as hyphens, the cost of all of them too: that
        # cost, a negative number, is filled in without its sign.
        with_numbers(
            _(
                "no canasta: -{three_points} each (all {threes_total:w}: -{all_threes_cost}); "
                "fewer than {canastas_for_threes:w} canastas: nothing; {canastas_for_threes:w} "
                "or more: +{three_points} each"
            ),
            all_threes_cost=-MiromarCanasta.all_threes_without_canasta,
        ),
    ),
    "meld_points": FieldWords(
        _("Card points on the table"),
        _(
            "melded cards outside {pts[wild_canastas]}- and {pts[grand_wild_canastas]}-point "
            "canastas; count against the side with no canasta"
        ),
    ),
    "hand_points": FieldWords(
        _("Card points left in hands"), _("cards left in both partners' hands")
    ),
    "threes_in_hand": FieldWords(
        _("Threes left in hand"), _("including a three drawn as the last card")
    ),
    "sevens_penalties": FieldWords(
        _("Caught with {caught_with:w} sevens"),
        _("each partner caught holding {caught_with:w} or more sevens"),
    ),
    "aces_penalties": FieldWords(
        _("Caught with {caught_with:w} aces"),
        _("each partner caught holding {caught_with:w} or more aces"),
    ),
}

#: The Splash hands' names and notes, in the engine's order (MiromarCanasta.splash_hands), as
#: games/words/filling.py `card_group_texts` reads them: "splash_hands.<index>.title" (with
#: `{size}`, the cards in each of its sets) and ".note".
SETS_AND_A_WILD_PAIR = _("Sets of {size:w} and a wild pair")
WILD_PAIR_ALIKE = _("both wild cards alike, jokers or twos")
NO_WILD_CARD = _("no wild card")
SPLASH_HANDS = (
    (pgettext_lazy("a Splash hand", "Sets"), NO_WILD_CARD),
    (SETS_AND_A_WILD_PAIR, WILD_PAIR_ALIKE),
    (SETS_AND_A_WILD_PAIR, WILD_PAIR_ALIKE),
    (pgettext_lazy("a Splash hand", "Pairs"), NO_WILD_CARD),
    (
        _("Pairs with a wild pair"),
        _(
            "the wild cards are alike (both jokers or both twos) and make the last pair; the "
            "pairs include aces and sevens"
        ),
    ),
    (
        _("Garbage hand"),
        _(
            "a card of every rank, a three included, plus a joker; here a two counts as a two "
            "and an ace as a one"
        ),
    ),
    # Translators: a Splash hand whose groups (one set of four, two of three, two pairs) read
    # like a postal code: 4-3-3-2-2.
    (_("Zip code"), _("wild cards may be used")),
)
SPLASH_TEXTS = {
    f"splash_hands.{index}.{part}": text
    for index, hand in enumerate(SPLASH_HANDS)
    for part, text in zip(("title", "note"), hand, strict=True)
}

SECTIONS = (
    Section(
        _("Players and cards"),
        (
            _(
                "{players} in {sides:w} partnerships, partners opposite. Shuffle together "
                "{packs}. Jokers and twos are wild; threes are special (see Threes)."
            ),
        ),
    ),
    Section(
        _("The deal and the turn card"),
        (
            _(
                "Agree on who deals the first hand (the app asks for the first dealer when you "
                "start a game). After every hand the deal passes one seat to the left."
            ),
            _(
                "The player on the dealer's right cuts off about a quarter of the cards. From "
                "the bottom of that cut, {turn_card_depth:w} cards go face down in the tray and "
                "the next goes across them: the turn card. The rest of the cut goes on top. The "
                "dealer deals {hand_cards} cards to each player, one at a time clockwise from "
                "the left, and puts the remaining cards on top in the tray: that is the stock. "
                "The discard pile starts empty. Reaching the turn card means only "
                "{turn_card_depth:w} cards are left."
            ),
        ),
    ),
    Section(
        _("A turn"),
        (
            _("The player on the dealer's left starts; play goes clockwise."),
            _(
                "- Threes: lay any threes face up and draw a replacement for each (a "
                "replacement forgotten in that turn is lost)."
            ),
            _("- Draw {draw_cards:w} card from the stock, or take the discard pile (see below)."),
            _("- Meld, if you have opened or can open."),
            _(
                "- Discard a card. A wild card may be discarded only when you have no other "
                "choice. No ace, seven or dead card (see Canastas) may go onto an empty discard "
                "pile."
            ),
        ),
    ),
    Section(
        _("Canastas"),
        (
            _(
                "A meld is a set of {meld_start:w} or more cards of one rank, wild cards "
                "included, laid face up in front of the side; either partner may add to it in a "
                "later turn. A canasta is a meld grown to {cards_per_canasta:w} cards. Natural: "
                "no wild card. Dirty: holds wild cards, at most {max_wild_in_canasta:w}. Sevens "
                "are always natural. Aces take wild cards only in an opening meld. Once a side "
                "lays down wild cards as a meld of their own, all its wild cards go there until "
                "that canasta is complete. Cards of a rank already made into a canasta are dead: "
                "they can only be discarded or used in a Splash."
            ),
        ),
    ),
    Section(
        _("Opening"),
        (
            _(
                "A partner opens for the side with a meld worth at least the side's minimum "
                "(table below) in card values. It must hold a natural set of {meld_start:w} or "
                "more cards; any other set in it needs at least {opening_pair:w} natural cards "
                "and at most {max_wild_per_set:w} wild cards. Wild cards alone, at least "
                "{wild_cards_alone:w} of them, may open if they reach the minimum."
            ),
            _(
                "Holding a complete natural or wild card canasta in hand lets you open with it "
                "without the minimum. Always keep a card to discard."
            ),
            _(
                "An attempt that falls short goes back into your hand and adds "
                "{failed_opening_step} to the side's minimum for the rest of the hand."
            ),
            _(
                "Instead of drawing, a player holding {pile_pair:w} natural cards of the top "
                "discard's rank may take the pile to open, provided the opening reaches the "
                "minimum and has its natural set without the top card's help. Whoever opens that "
                "way gets no Toulon, and an opening that then falls short counts as a failed "
                "attempt. An ace on top may be taken to open only for an opening meld of aces "
                "with no wild card."
            ),
        ),
        table="openings",
    ),
    Section(
        # Translators: Toulon is the game's name for the extra cards drawn on opening.
        pgettext_lazy("Miromar's Toulon", "Toulon"),
        (
            _(
                "The first player at the table to open draws {toulon_draws[0]:w} extra cards "
                "right after discarding; the second draws {toulon_draws[1]:w}. A Toulon is lost "
                "if forgotten before the next player draws, and none is taken once the turn card "
                "is reached. A three found in a Toulon waits in hand until your next turn."
            ),
        ),
    ),
    Section(
        _("Taking the pile"),
        (
            _(
                "Once your side has opened, you may take the whole discard pile instead of "
                "drawing when you hold {pile_pair:w} natural cards matching the top card. Not "
                "when your side already has {pile_blocked_at:w} or more of that rank in a meld, "
                "and never on a dead card. Once your side has opened aces with wild cards, you "
                "may take the pile on an ace with {pile_pair:w} aces from your hand."
            ),
            _(
                "A card taken with the pile may be your discard in the same turn, unless it is "
                "an ace, a seven or a dead card."
            ),
        ),
    ),
    Section(
        _("Threes"),
        (
            _(
                "Threes are never discarded: lay them out as they come, each with a replacement. "
                "A three drawn as the very last card of the stock stays in hand. How the threes "
                "on the table score depends on the side's canastas (see Scoring); each three "
                "left in hand costs {pts[threes_in_hand]}."
            ),
        ),
    ),
    Section(
        _("Going out"),
        (
            _(
                "A side needs at least {canastas_to_go_out:w} completed canastas to go out, and "
                "no unfinished meld of natural aces, sevens or wild cards on the table. Play "
                "every card but the last, and discard that."
            ),
            _(
                "Before playing any card you may ask your partner “may I go out?”, "
                "once a hand per side, and you must follow the answer. If the answer is no, or "
                "you find after a yes that you can't, neither partner may go out until both "
                "opponents have had another turn."
            ),
        ),
    ),
    Section(
        pgettext_lazy("Miromar's Splash", "Splash"),
        (
            _(
                "A Splash is a hand of exactly {splash_cards} cards laid down at once in your "
                "turn, with no discard, whether or not your side has opened. It may use dead "
                "cards, but no three except in the garbage hand. The only discard a Splash may "
                "use is the card it still lacks, thrown onto a discard pile that was empty. A "
                "Splash ends the hand: the side scores {splash_points} and the other side scores "
                "nothing."
            ),
            _("The Splash hands:"),
        ),
        items_from="splash_hands",
    ),
    Section(
        _("End of the hand"),
        (_("A hand ends when a player goes out, a Splash is laid down, or the stock runs out."),),
    ),
    Section(
        _("Scoring"),
        (
            _(
                "Count a side's canastas. With none, its melded card values and its threes on "
                "the table count against it ({three_points} a three; all {threes_total:w} threes "
                "{all_threes_without_canasta} together). With any canasta, melded card values "
                "count for it; its threes count nothing until it has {canastas_for_threes:w} "
                "canastas, and from then on count for it ({three_points} each). Cards inside a "
                "canasta worth {pts[wild_canastas]} or more are not counted again as card values. "
                "Every side loses the card values left in its hands."
            ),
        ),
    ),
)

PROSE = Prose(
    sections=SECTIONS,
    score_notes={
        "threes": _(
            "no canasta: −{three_points} each (all {threes_total}: "
            "{all_threes_without_canasta}); fewer than {canastas_for_threes:w} canastas: "
            "nothing; {canastas_for_threes:w} or more: +{three_points} each"
        ),
        "meld_points": _(
            "melded cards outside canastas worth {pts[wild_canastas]} or more; against the side "
            "with no canasta"
        ),
        "grand_wild_canastas": _(
            "all {jokers:w} jokers, or {cards_per_canasta:w} twos; it counts here instead of as "
            "a wild card canasta, never as both"
        ),
    },
    pad_note=_(
        "Threes and card points on the table, by the side's canastas. None: both count against "
        "(−{three_points} a three; all {threes_total}: {all_threes_without_canasta}). Fewer "
        "than {canastas_for_threes:w}: card points for, threes nothing. "
        "{canastas_for_threes:W} or more: both for (+{three_points} a three)."
    ),
    pad_hints={
        "threes": _("by canastas: see note"),
        "meld_points": _("against with no canasta"),
    },
    terms={
        # The key is the word the scoreboard explains (games/words/games/shared.py
        # `tracker_view`), as the engine names it.
        "Next Toulon": _(
            "A Toulon is the extra cards for opening: the first player at the table to open "
            "draws {toulon_draws[0]}, the second {toulon_draws[1]}; none once the turn card is "
            "reached."
        ),
    },
)

register(
    MiromarCanasta.slug,
    RuleSetWords(
        name=_("Hearts of Miromar Canasta"),
        summary=SUMMARY,
        fields=FIELDS,
        texts={
            # Translators: the short name of Hearts of Miromar Canasta, on a chip of the new-game
            # page.
            "chip_name": _("Miromar"),
            "cards_dealt": _("{hand_cards} cards to each player"),
            "wild_cards": WILD_CARDS,
            **SPLASH_TEXTS,
        },
        prose=PROSE,
    ),
)
