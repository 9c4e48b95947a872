"""Five Crowns' words (games/rules/five_crowns.py): its name, tally, the cards dealt and the wild
rank of each round, and its rule sheet."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.rules.features import CardLine
from games.rules.five_crowns import (
    JOKERS,
    ROUNDS,
    SUITS,
    WILD_VALUE,
    WORKED_HAND,
    FiveCrowns,
    WildRankCard,
)
from games.templatetags.numbers import format_number
from games.words.games.contract_rummy import (
    A_JOKER,
    A_RANK,
    POINTS_LEFT,
    card_line,
    cards_in_hand,
    filled,
    went_out,
)
from games.words.rule_sets import Prose, RoundWords, RuleSetWords, Section, Text, register

#: Each rank in the plural, by its number, as a round's wild rank says it ("eights wild").
RANKS_PLURAL: dict[int, Text] = {
    3: _("threes"),
    4: _("fours"),
    5: _("fives"),
    6: _("sixes"),
    7: _("sevens"),
    8: _("eights"),
    9: _("nines"),
    10: _("tens"),
    11: _("jacks"),
    12: _("queens"),
    13: _("kings"),
}


# -- a round's card -------------------------------------------------------------------------------


def wild_rank(card: WildRankCard) -> str:
    """The round's wild rank: the rank matching the cards dealt ("eights")."""
    return str(RANKS_PLURAL[card.cards])


def headline(card: WildRankCard) -> CardLine:
    """ "Round 6: **8 cards, eights wild**"."""
    what = filled(
        ngettext("{cards} card, {wild_rank} wild", "{cards} cards, {wild_rank} wild", card.cards),
        cards=card.cards,
        wild_rank=wild_rank(card),
    )
    # Translators: a round card's heading: {round} is what the round asks ("8 cards, eights wild").
    return card_line(_("Round {number}: {round}"), "round", what, number=card.number)


def detail(card: WildRankCard) -> CardLine:
    """ "Jokers wild too · **eights** left in hand cost 20 each"."""
    return card_line(
        _("Jokers wild too · {wild_rank} left in hand cost {wild_value} each"),
        "wild_rank",
        wild_rank(card),
        wild_value=WILD_VALUE,
    )


#: The headings of the rule sheet's round table, after the round's number.
TABLE_HEAD = (_("Cards dealt"), _("Wild rank"))


def table_row(card: WildRankCard) -> tuple[str, ...]:
    return (format_number(card.cards), wild_rank(card))


def pad_lines(card: WildRankCard) -> tuple[str, ...]:
    """ "8 cards", "eights wild"."""
    return (
        filled(ngettext("{count} card", "{count} cards", card.cards), count=card.cards),
        filled(_("{wild_rank} wild"), wild_rank=wild_rank(card)),
    )


# -- phrases built from the rule set's numbers ----------------------------------------------------


def _round_wild(rules: object, index: int) -> str:
    assert isinstance(rules, FiveCrowns)
    card = rules.rounds[index]
    assert isinstance(card, WildRankCard)
    return wild_rank(card)


def first_wild(rules: object) -> str:
    return _round_wild(rules, 0)


def last_wild(rules: object) -> str:
    return _round_wild(rules, -1)


def worked_wild(rules: object) -> str:
    assert isinstance(rules, FiveCrowns)
    return _round_wild(rules, rules.worked_round - 1)


def packs(rules: object) -> str:
    """Its own pack, as the rule sheet says it."""
    assert isinstance(rules, FiveCrowns)
    return filled(
        _(
            "{packs:w} Five Crowns packs shuffled together, {cards} cards in all: {suits:w} suits "
            "(stars, hearts, diamonds, clubs and spades) of threes to kings in each pack, and "
            "{jokers:w} jokers"
        ),
        packs=rules.packs(rules.player_counts[0]),
        cards=rules.own_pack_cards,
        suits=SUITS,
        jokers=JOKERS,
    )


def worked_hand(rules: object) -> str:
    """The rule sheet's worked round, card by card."""
    assert isinstance(rules, FiveCrowns)
    card = rules.rounds[rules.worked_round - 1]
    assert isinstance(card, WildRankCard)
    cards: list[tuple[Text, int]] = []
    for worked in WORKED_HAND:
        if worked == "joker":
            cards.append((A_JOKER, rules.joker_value))
        elif worked == card.cards:
            # Translators: a card of the round's wild rank, in a hand said card by card:
            # {card} is "an eight".
            cards.append((filled(_("{card} (wild)"), card=A_RANK[card.cards]), rules.wild_value))
        else:
            cards.append((A_RANK[int(worked)], int(worked)))
    return cards_in_hand(cards)


def _wild_card_words(card: WildRankCard) -> Callable[[object], str]:
    """The card counter's name for a round's wild rank: "Eights, wild"."""

    def said(rules: object) -> str:
        # Translators: the card counter's button for the round's wild rank: {rank} is "Eights".
        return filled(_("{rank}, wild"), rank=capfirst(wild_rank(card)))

    return said


#: The names of the card values the engine names by a phrase of its own, by that phrase (the
#: engine's card names as keys, "card:<name>"; the ranks and the joker are everyone's words).
CARD_NAMES: dict[str, Text | Callable[[object], str]] = {
    "card:The round's wild rank": _("The round's wild rank"),
    **{f"card:{card.wild_rank.capitalize()}, wild": _wild_card_words(card) for card in ROUNDS},
}


PROSE = Prose(
    sections=(
        Section(
            _("Players and cards"),
            (
                _(
                    "Five Crowns is for {players}, each on their own, with cards of its own: "
                    "{packs}. For the first round everyone draws a card and the highest deals; "
                    "after each round the deal passes one seat to the left."
                ),
                _(
                    "The dealer gives each player the round's cards (table below), puts the "
                    "rest face down as the stock and turns its top card face up to start the "
                    "discard pile. The player on the dealer's left plays first; play goes "
                    "clockwise."
                ),
            ),
        ),
        Section(
            _("Rounds and wild cards"),
            (
                _(
                    "The game is {round_count:w} rounds. The first deals {first_cards:w} cards "
                    "to each player, and every round after deals a card more, up to "
                    "{last_cards:w} in the last. The rank that matches the number of cards "
                    "dealt is wild for that round: {first_wild} in the first round, {last_wild} "
                    "in the last. Jokers are wild in every round. A wild card stands for "
                    "whatever card you need."
                ),
            ),
            table="rounds",
        ),
        Section(
            _("Books and runs"),
            (
                _(
                    "A book is {book_least:w} or more cards of the same rank, suits mixed. A run "
                    "is {run_least:w} or more cards in sequence in the same suit; threes are "
                    "low and kings high, and a run never goes round the corner from a king to "
                    "a three. Wild cards may fill any place in a book or a run."
                ),
            ),
        ),
        Section(
            _("A turn"),
            (
                _(
                    "In your turn, draw the top card of the stock or of the discard pile, then "
                    "discard a card face up. Nothing is laid down during play: you keep your "
                    "books and runs in your hand until someone goes out."
                ),
            ),
        ),
        Section(
            _("Going out"),
            (
                _(
                    "When every card in your hand but the last fits into books and runs, lay "
                    "them all down and discard the last card: you have gone out. Every other "
                    "player then has a last turn: draw, lay down whatever books and runs they "
                    "can, and discard. A player who lays down every card in that last turn "
                    "also scores nothing for the round."
                ),
            ),
        ),
        Section(
            _("Scoring"),
            (
                _(
                    "After those last turns, the cards each player still holds count against "
                    "them (table below): threes to tens their face value, jacks, queens and "
                    "kings more, every card of the round's wild rank {wild_value} and every "
                    "joker {joker_value}. The player who went out scores nothing. After the "
                    "last round the lowest total wins."
                ),
                _(
                    "For example, in round {worked_round} {worked_wild} are wild. Ann goes out "
                    "and scores nothing; Bob is left holding {worked_hand} points against him."
                ),
            ),
            table="card_values",
        ),
    ),
    pad_note=_(
        "Each round, write the card values each player is left holding; the player who went "
        "out scores nothing. Lowest total wins."
    ),
)

WORDS = RuleSetWords(
    name=_("Five Crowns"),
    summary=_(
        "{round_count:W} rounds of rummy for {player_counts[0]} to {player_counts[5]} with "
        "{suits:w} suits: a card more dealt each round, the rank matching the cards "
        "dealt is wild, and the lowest total wins."
    ),
    fields={
        "points": POINTS_LEFT,
        "went_out": went_out(_("the player who went out first has no cards left, so no points")),
    },
    texts={
        "cards_dealt": _(
            "{first_cards} cards to each player in the first round, a card more each round, up "
            "to {last_cards} in the last"
        ),
        "wild_cards": _(
            "jokers, and in each round the rank matching the cards dealt ({first_wild} in the "
            "first round up to {last_wild} in the last)"
        ),
        "packs": packs,
        "first_wild": first_wild,
        "last_wild": last_wild,
        "worked_wild": worked_wild,
        "worked_hand": worked_hand,
        **CARD_NAMES,
    },
    prose=PROSE,
    rounds=RoundWords(
        headline=headline,
        detail=detail,
        table_row=table_row,
        pad_lines=pad_lines,
        table_head=TABLE_HEAD,
    ),
)

register("five-crowns", WORDS)
