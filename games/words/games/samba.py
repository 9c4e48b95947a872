"""Samba's and Bolivia's words (games/rules/samba.py has their numbers): canasta with three
packs and sequences of seven; Bolivia adds bolivias of wild cards and escaleras."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.rules.samba import Bolivia, Samba
from games.words.games.partners import (
    GOING_OUT_SCORES,
    HOW_MANY_SEE_NOTE,
    ITEMS,
    MELD_POINTS,
    MIXED_CANASTAS,
    NATURAL_CANASTAS,
    WENT_OUT,
    WILD_CARDS,
    Item,
    hand_points,
    worked_example,
)
from games.words.rule_sets import (
    FieldWords,
    HouseRuleWords,
    Prose,
    RuleSetWords,
    Section,
    Text,
    register,
)

RED_THREES = FieldWords(
    _("Red threes"),
    _(
        "laid out in front of the side; against a side with fewer than "
        "{canastas_for_red_threes:w} canastas"
    ),
    unit=_("red three"),
    units=_("red threes"),
)

SAMBA_FIELDS = {
    "sambas": FieldWords(
        _("Sambas"),
        _("{cards_per_canasta:w} cards in sequence in a suit, no wild card"),
        unit=_("samba"),
        units=_("sambas"),
    ),
    "natural_canastas": NATURAL_CANASTAS,
    "mixed_canastas": MIXED_CANASTAS,
    "red_threes": RED_THREES,
    "meld_points": MELD_POINTS,
    "hand_points": hand_points(_("cards left in hand, black threes included")),
    "went_out": WENT_OUT,
}
BOLIVIA_FIELDS = {
    "bolivias": FieldWords(
        _("Bolivias"),
        _("{cards_per_canasta:w} wild cards"),
        unit=_("bolivia"),
        units=_("bolivias"),
    ),
    "escaleras": FieldWords(
        _("Escaleras"),
        _("{cards_per_canasta:w} cards in sequence in a suit, no wild card"),
        unit=_("escalera"),
        units=_("escaleras"),
    ),
    "natural_canastas": NATURAL_CANASTAS,
    "mixed_canastas": MIXED_CANASTAS,
    "red_threes": RED_THREES,
    "black_threes_in_hand": FieldWords(
        _("Black threes in hand"),
        _("left in hand when the hand ends"),
        short_label=_("Black threes"),
        unit=_("black three in hand"),
        units=_("black threes in hand"),
    ),
    "meld_points": MELD_POINTS,
    "hand_points": hand_points(_("cards left in hand, black threes not included")),
    "went_out": WENT_OUT,
}

#: A worked hand's items (partners.ITEMS), with Samba's and Bolivia's own.
SAMBA_ITEMS: dict[str, Item] = {
    **ITEMS,
    "sambas": lambda n: ngettext("{count} samba", "{count} sambas", n),
    "bolivias": lambda n: ngettext("{count} bolivia", "{count} bolivias", n),
    "escaleras": lambda n: ngettext("{count} escalera", "{count} escaleras", n),
    "black_threes_in_hand": lambda n: ngettext(
        "{count} black three in hand", "{count} black threes in hand", n
    ),
    "hand_points": lambda n: ngettext(
        "{count} card point left in hands", "{count} card points left in hands", n
    ),
}


def example(rules: object) -> str:
    """RULINGS.md's worked hand in this table's numbers, as a sentence."""
    assert isinstance(rules, Samba)
    fields = rules.tally_fields
    asked = {f.name: rules.worked_hand.get(f.name, f.blank) for f in fields}
    score = rules.score_tally(asked)
    return worked_example(SAMBA_ITEMS, [f.name for f in fields], rules.worked_hand, score)


SAMBA_SUMMARY = _(
    "Canasta with {cards} cards for {player_counts[0]:w} to {player_counts[2]:w}, "
    "{draw_cards:w} cards drawn a turn, sequences of {cards_per_canasta:w} in a suit (sambas); "
    "first side to {target_score}."
)
BOLIVIA_SUMMARY = _(
    "Canasta with {cards} cards for {player_counts[0]:w} to {player_counts[2]:w}, "
    "{draw_cards:w} cards drawn a turn, sequences of {cards_per_canasta:w} (escaleras) and "
    "bolivias of wild cards; first side to {target_score}."
)

SAMBA_PLAYERS = _(
    "Samba is for {players}. With {partnership_words}, partners sit opposite each other and "
    "score together; with fewer, everyone plays alone. Shuffle together {packs}. Twos and "
    "jokers are wild; threes have jobs of their own (see Threes)."
)
BOLIVIA_PLAYERS = _(
    "Bolivia is for {players}. With {partnership_words}, partners sit opposite each other and "
    "score together; with fewer, everyone plays alone. Shuffle together {packs}. Twos and "
    "jokers are wild; threes have jobs of their own (see Threes)."
)
DEAL_AND_TURN = (
    _(
        "The dealer deals {hand_cards} cards to each player, one at a time; the rest is the "
        "stock, and its top card turned up starts the discard pile. The deal passes one seat to "
        "the left after every hand."
    ),
    _(
        "In your turn draw {draw_cards:w} cards from the stock (or take the discard pile, see "
        "below), meld if you like, and discard a single card."
    ),
    _(
        "You may take the pile only to meld its top card at once with {pile_pair:w} natural "
        "cards of its rank from your hand, or, once your side has opened, to add it to a meld of "
        "your side's that is not yet a canasta, an unfinished sequence included. You can't take "
        "it to start a sequence, nor to add it to a sequence along with cards from your hand."
    ),
    # Bolivia's only: empty, Samba's sheet leaves the paragraph out.
    "{wild_top_card_words}",
)
MELDS = _(
    "A meld of a rank is {meld_start:w} or more cards of one rank, fours up to aces, with at "
    "most {max_wild_in_meld:w} wild cards. A meld of {cards_per_canasta:w} or more is a canasta: "
    "natural without wild cards ({pts[natural_canastas]}), mixed with them "
    "({pts[mixed_canastas]})."
)
SAMBA_SEQUENCES = _(
    "A sequence is {meld_start:w} or more cards in a row, all of a suit, fours up to aces, with "
    "no wild card; it grows to {cards_per_canasta:w} cards at most. At {cards_per_canasta:w} it "
    "is a samba: {pts[sambas]} and a canasta like any other."
)
BOLIVIA_SEQUENCES = _(
    "A sequence is {meld_start:w} or more cards in a row, all of a suit, fours up to aces, with "
    "no wild card; it grows to {cards_per_canasta:w} cards at most. At {cards_per_canasta:w} it "
    "is an escalera: {pts[escaleras]} and a canasta like any other."
)
OPENING = _(
    "A side's first meld of the hand must be worth at least its opening minimum in card values "
    "(table below: {opening_trend}). Several melds laid at once count together."
)
RED_THREES_TEXT = _(
    "A red three is laid face up in front of your side at once and replaced from the stock. "
    "Each scores {red_three_points}, all {red_threes_total:w} together {all_red_threes}; but a "
    "side with fewer than {canastas_for_red_threes:w} canastas loses that much instead."
)
GOING_OUT = _(
    "A side may go out once it has {going_out_needs}. You go out by melding every card, or all "
    "but a last card that you discard. Going out scores {pts[went_out]} and ends the hand. "
    "Playing as partners, you may ask your partner first; do as your partner answers."
)
SCORING = (
    _(
        "When the hand ends, each side adds up its canastas, its red threes, {pts[went_out]} for "
        "going out and the card values of every card it has melded; from that it takes away the "
        "card values of the cards left in its hands. The scoring table gives every item."
    ),
    _("For example, a side with {example}."),
)
TERMS: Mapping[str, Text] = {
    "Mixed canastas": _(
        "A mixed canasta is a canasta of a rank with wild cards in it (at most {max_wild_in_meld})."
    ),
    "Red threes": _(
        "Each red three scores {red_three_points:,}, all {red_threes_total} together "
        "{all_red_threes:,}; they count against a side with fewer than "
        "{canastas_for_red_threes} canastas."
    ),
}


def prose(players: Text, sequences: Text) -> Prose:
    """The rule sheet of either game: the paragraph naming the game, and the one saying what a
    sequence of seven is called and scores, are each game's; the rest is shared, with `texts`
    of each game's own (`special_melds`, `wild_top_card_words`, `black_threes_words`)."""
    return Prose(
        sections=(
            Section(_("Players and cards"), (players,), table="card_values"),
            Section(_("The deal and a turn"), DEAL_AND_TURN),
            Section(
                _("Melds, canastas and sequences"),
                (MELDS, sequences, "{special_melds}"),
            ),
            Section(_("The opening meld"), (OPENING,), table="openings"),
            Section(_("Threes"), (RED_THREES_TEXT, "{black_threes_words}")),
            Section(_("Going out"), (GOING_OUT,)),
            Section(_("Scoring"), SCORING),
        ),
        score_notes={
            "red_threes": _(
                "{red_three_points} each, all {red_threes_total:w} together {all_red_threes}; "
                "against a side with fewer than {canastas_for_red_threes:w} canastas"
            ),
        },
        pad_note=_(
            "Red threes: {red_three_points} each, all {red_threes_total:w} {all_red_threes}; "
            "against a side with fewer than {canastas_for_red_threes:w} canastas. Going out "
            "needs {going_out_needs}."
        ),
        pad_hints={"red_threes": HOW_MANY_SEE_NOTE},
        terms=TERMS,
    )


BLACK_THREES_WORDS = _(
    "Black threes are for discarding: a black three on top of the pile stops the next player "
    "from taking it. They are melded only by a player going out; each left in hand costs its "
    "{black_three_value} card points."
)

register(
    Samba.slug,
    RuleSetWords(
        name=_("Samba"),
        summary=SAMBA_SUMMARY,
        fields=SAMBA_FIELDS,
        house_rules={
            "going_out": GOING_OUT_SCORES,
            "samba": HouseRuleWords(_("A samba scores"), phrase=_("a samba scores {value}")),
        },
        texts={
            "cards_dealt": _("{hand_cards} cards to each player"),
            "wild_cards": WILD_CARDS,
            "going_out_needs": _("{canastas_to_go_out:w} canastas, sambas included"),
            "special_melds": _("Wild cards never make a meld of their own."),
            "wild_top_card_words": "",
            "black_threes_words": BLACK_THREES_WORDS,
            "example": example,
        },
        prose=prose(SAMBA_PLAYERS, SAMBA_SEQUENCES),
    ),
)

register(
    Bolivia.slug,
    RuleSetWords(
        name=_("Bolivia"),
        summary=BOLIVIA_SUMMARY,
        fields=BOLIVIA_FIELDS,
        house_rules={"going_out": GOING_OUT_SCORES},
        texts={
            "cards_dealt": _("{hand_cards} cards to each player"),
            "wild_cards": WILD_CARDS,
            "going_out_needs": _(
                "{canastas_to_go_out:w} canastas, {escaleras_to_go_out:w} of them an escalera"
            ),
            # Bolivia's own rules for wild cards, as the published rules give them.
            "special_melds": _(
                "Wild cards may also make a meld of their own: {meld_start:w} or more twos and "
                "jokers, which grows to {cards_per_canasta:w} at most. At "
                "{cards_per_canasta:w} it is a bolivia: {pts[bolivias]} and a canasta like any "
                "other."
            ),
            "wild_top_card_words": _(
                "Nobody may take the pile while a wild card is on top of it, not even to add it "
                "to a meld of wild cards."
            ),
            "black_threes_words": _(
                "Black threes are for discarding: a black three on top of the pile stops the "
                "next player from taking it. They are melded only by a player going out, at "
                "{black_three_value} each; each left in hand costs {pts[black_threes_in_hand]}."
            ),
            "card_note:Black three": _(
                "when melded in going out; each left in hand costs {pts[black_threes_in_hand]} "
                "instead"
            ),
            "example": example,
        },
        prose=prose(BOLIVIA_PLAYERS, BOLIVIA_SEQUENCES),
    ),
)
