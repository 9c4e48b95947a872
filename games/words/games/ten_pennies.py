"""Ten Pennies' words (games/rules/ten_pennies.py has their numbers): seven rounds of rummy with
buys and a pot, deuces wild or jokers wild; each round's first-down requirement and wild
cards."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from games.rules.core import JOKERS_PER_PACK, PACK_CARDS
from games.rules.features import CardLine, RoundCard
from games.rules.ten_pennies import PLAYERS_PER_PACK, FirstDownCard, TenPennies, TenPenniesJokers
from games.templatetags.numbers import format_number
from games.words import joined
from games.words.filling import fill
from games.words.games.contract_rummy import card_line, filled
from games.words.rule_sets import (
    FieldWords,
    Prose,
    RoundWords,
    RuleSetWords,
    Section,
    Text,
    register,
)

#: The wild cards of a round, by the engine's name for them.
WILD_NAMES: dict[str, Text] = {
    "twos": _("twos"),
    "aces": _("aces"),
    "jokers": _("jokers"),
}


def wild_names(names: tuple[str, ...]) -> str:
    """ "twos, aces and jokers"."""
    return joined([str(WILD_NAMES[name]) for name in names], "and")


# -- a round's card -------------------------------------------------------------------------------


def _card(card: RoundCard) -> FirstDownCard:
    assert isinstance(card, FirstDownCard)
    return card


def first_down(card: RoundCard) -> str:
    """ "2 sets of 3", "1 set of 4"."""
    sets = _card(card).sets
    return filled(
        ngettext("{count} set of {size}", "{count} sets of {size}", sets),
        count=sets,
        size=_card(card).cards_per_set,
    )


def headline(card: RoundCard) -> CardLine:
    """ "Round 5: **2 sets of 5**"."""
    # Translators: a round card's heading: {round} is what the round asks ("2 sets of 5").
    return card_line(_("Round {number}: {round}"), "round", first_down(card), number=card.number)


def detail(card: RoundCard) -> CardLine:
    """ "Wild: **twos, aces and jokers** · 2 wild cards per set"."""
    per_set = _card(card).wild_cards_per_set
    template = ngettext(
        "Wild: {wild_cards} · {per_set} wild card per set",
        "Wild: {wild_cards} · {per_set} wild cards per set",
        per_set,
    )
    wild = wild_names(_card(card).wild_cards)
    return card_line(template, "wild_cards", wild, per_set=per_set)


def summary(card: RoundCard) -> str:
    """The round in one line of a printed score sheet: "Round 2: first down 1 set of 4; wild
    cards: twos, 1 per set"."""
    return filled(
        # Translators: a round of Ten Pennies in one line of a printed score sheet.
        _("Round {number}: first down {first_down}; wild cards: {wild_cards}, {per_set} per set"),
        number=card.number,
        first_down=first_down(card),
        wild_cards=wild_names(_card(card).wild_cards),
        per_set=_card(card).wild_cards_per_set,
    )


#: The headings of the rule sheet's round table, after the round's number.
TABLE_HEAD = (_("First down"), _("Wild cards"), _("Wild per set"))


def table_row(card: RoundCard) -> tuple[str, ...]:
    per_set = _card(card).wild_cards_per_set
    return (first_down(card), wild_names(_card(card).wild_cards), format_number(per_set))


def pad_lines(card: RoundCard) -> tuple[str, ...]:
    """ "2 sets of 3", "wild: twos", "1 wild per set", to fit a pad's narrow cell."""
    per_set = _card(card).wild_cards_per_set
    return (
        first_down(card),
        filled(_("wild: {wild_cards}"), wild_cards=wild_names(_card(card).wild_cards)),
        filled(ngettext("{count} wild per set", "{count} wild per set", per_set), count=per_set),
    )


ROUNDS = RoundWords(
    headline=headline,
    table_row=table_row,
    pad_lines=pad_lines,
    table_head=TABLE_HEAD,
    detail=detail,
    summary=summary,
    report=lambda card: {"first_down": first_down(card)},
    report_after="number",
)


# -- phrases built from the rule set's numbers ----------------------------------------------------


def wild_cards(rules: object) -> str:
    """ "twos; from round 5 also aces and jokers": the first round's wild cards, and those the
    later rounds add, from the round that first adds them."""
    assert isinstance(rules, TenPennies)
    first = _card(rules.rounds[0])
    later = next(_card(card) for card in rules.rounds if card.wild_cards != first.wild_cards)
    added = tuple(name for name in later.wild_cards if name not in first.wild_cards)
    # Translators: a game's wild cards: "twos; from round 5 also aces and jokers".
    said = _("{first}; from round {number} also {added}")
    return fill(
        rules,
        said,
        first=wild_names(first.wild_cards),
        number=later.number,
        added=wild_names(added),
    )


def packs(rules: object) -> str:
    assert isinstance(rules, TenPennies)
    return fill(
        rules,
        _("a pack of {pack_cards} cards and {jokers} jokers for every {players:w} players"),
        pack_cards=PACK_CARDS,
        jokers=JOKERS_PER_PACK,
        players=PLAYERS_PER_PACK,
    )


FIELDS = {
    "points": FieldWords(
        _("Points caught in hand"),
        _("penalty points of the cards left in hand"),
        short_label=pgettext_lazy("a narrow column of points caught in hand", "Points"),
    ),
    "cards": FieldWords(
        _("Cards caught in hand"),
        _("a penny each into the pot"),
        short_label=pgettext_lazy("a narrow column of cards caught in hand", "Cards"),
        unit=_("card caught"),
        units=_("cards caught"),
    ),
    "buys": FieldWords(
        _("Cards bought"),
        _("a penny each into the pot"),
        short_label=pgettext_lazy("a narrow column of cards bought", "Buys"),
        unit=_("card bought"),
        units=_("cards bought"),
    ),
}


# -- the rule sheet -------------------------------------------------------------------------------

START = (
    Section(
        _("Players, cards and pennies"),
        (
            _(
                "{players}, each on their own. Use {packs} (round up for an odd number of "
                "players). Each player sets out {buys_per_game} pennies as a buy stack, kept "
                "apart from other coins, plus some loose change to pay for cards caught. A bowl "
                "in the middle collects every penny paid: the pot."
            ),
        ),
    ),
    Section(
        _("The deal"),
        (
            _(
                "For the first round everyone draws a card; the highest deals (a joker beats "
                "everything). After each round the deal passes one seat to the left. The dealer "
                "gives each player {hand_cards} cards, turns the next card face up to start the "
                "discard pile, and leaves the rest face down as the stock. The player on the "
                "dealer's left plays first; play goes clockwise."
            ),
        ),
    ),
    Section(
        _("A turn"),
        (
            _(
                "- The face-up card: you may take the top discard for nothing. If you pass it, "
                "the player on your left may buy it, then the next, and so on round the table."
            ),
            _("- Draw: unless you took the face-up card, take the top card of the stock."),
            _(
                "- Lay down: once the round's first-down requirement is in front of you, lay "
                "down more sets and play cards on anyone's sets."
            ),
            _("- Discard a card; the turn passes to the left."),
        ),
    ),
    Section(
        _("Buying"),
        (
            _(
                "A buyer pays {pennies_each:w} penny from the buy stack into the bowl, takes the "
                "face-up card and {buy_extra_cards:w} more from the stock, and keeps them in "
                "hand until their own turn. Nobody buys more than {buys_per_game:w} times in the "
                "whole game. A card that every player has passed is dead: nobody may take or "
                "buy it later."
            ),
        ),
    ),
)

SETS_HEADING = _("Sets and wild cards")
SETS = _(
    "The only meld is a set: {meld_start:w} or more cards of one rank. Before laying anything "
    "down you must put down the round's first-down requirement (table below), in your own turn. "
    "The table also gives each round's wild cards and how many of them a set may hold when it is "
    "laid down. A set may be made of wild cards alone. Once you are down, you may add any number "
    "of wild cards to any set."
)
#: Where twos are the first wild cards, the early rounds have jokers that are not wild.
PLAIN_JOKERS = _(
    "In a round whose wild cards leave out jokers, a joker is a plain card of a rank of its own: "
    "jokers then make a set together like any other rank, and a joker caught in hand still costs "
    "its card value."
)

END = Section(
    _("Going out and scoring"),
    (
        _(
            "You go out by playing every card, or every card but a final discard; someone goes "
            "out in every round. Each other player then writes down the card values left in "
            "their hand (card values table) as penalty points, and pays {pennies_each:w} penny "
            "into the bowl for each card held."
        ),
    ),
)

DEUCES_PROSE = Prose(
    sections=(
        *START,
        Section(SETS_HEADING, (SETS, PLAIN_JOKERS), table="rounds"),
        END,
    )
)
JOKERS_PROSE = Prose(
    sections=(
        *START,
        Section(SETS_HEADING, (SETS,), table="rounds"),
        Section(
            _("No doubles in a set"),
            (
                _(
                    "A set never holds identical cards: with several packs in play, cards of the "
                    "same rank and suit can't sit in the same set."
                ),
            ),
        ),
        END,
    )
)

TEXTS: dict[str, Text | Callable[[object], str]] = {
    "cards_dealt": _("{hand_cards} cards to each player"),
    "wild_cards": wild_cards,
    "packs": packs,
}

register(
    TenPennies.slug,
    RuleSetWords(
        name=_("Ten Pennies (deuces wild)"),
        summary=_(
            "{fixed_hands:W} rounds of rummy for {player_counts[0]} to {player_counts[6]}, each "
            "with its own first-down requirement; {buys_per_game:w} buy pennies each, a pot for "
            "the lowest total."
        ),
        fields=FIELDS,
        texts={
            **TEXTS,
            # Translators: the short name of "Ten Pennies (deuces wild)" on the new-game page.
            "chip_name": _("Ten Pennies, deuces"),
        },
        prose=DEUCES_PROSE,
        rounds=ROUNDS,
    ),
)

register(
    TenPenniesJokers.slug,
    RuleSetWords(
        name=_("Ten Pennies (jokers wild)"),
        summary=_(
            "Ten Pennies with jokers as the wild cards: {fixed_hands:w} rounds for "
            "{player_counts[0]} to {player_counts[6]}, {buys_per_game:w} buy pennies each, a "
            "pot for the lowest total."
        ),
        fields=FIELDS,
        texts={
            **TEXTS,
            # Translators: the short name of "Ten Pennies (jokers wild)" on the new-game page.
            "chip_name": _("Ten Pennies, jokers"),
        },
        prose=JOKERS_PROSE,
        rounds=ROUNDS,
    ),
)
