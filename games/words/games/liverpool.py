"""Liverpool Rummy's words (games/rules/liverpool.py): its name, tally, house rules, the contract
of each deal and its rule sheet."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.rules.core import JOKERS_PER_PACK, PACK_CARDS
from games.rules.features import CardLine
from games.rules.liverpool import FACE_VALUE_RANKS, WORKED_HAND, ContractCard, Liverpool
from games.templatetags.numbers import format_number
from games.words import joined
from games.words.games.contract_rummy import (
    A_JOKER,
    A_RANK,
    AN_ACE,
    POINTS_LEFT,
    card_line,
    cards_in_hand,
    filled,
    went_out,
)
from games.words.rule_sets import (
    HouseRuleWords,
    Prose,
    RoundWords,
    RuleSetWords,
    Section,
    register,
)

# -- a deal's contract ----------------------------------------------------------------------------


def contract_words(sets: int, runs: int) -> str:
    """A contract in words: "two sets", "one set and one run"."""
    parts = []
    if sets:
        parts.append(filled(ngettext("{count:w} set", "{count:w} sets", sets), count=sets))
    if runs:
        parts.append(filled(ngettext("{count:w} run", "{count:w} runs", runs), count=runs))
    return joined(parts, "and")


def contract_in_full(card: ContractCard) -> str:
    """The contract as the rule sheet's table says it, the last deal's condition included."""
    contract = contract_words(card.sets, card.runs)
    if card.every_card_used:
        return filled(_("{contract}, every card used, no discard"), contract=contract)
    return contract


def headline(card: ContractCard) -> CardLine:
    """ "Deal 3: **two runs** · 10 cards"."""
    template = ngettext(
        "Deal {number}: {contract} · {cards} card",
        "Deal {number}: {contract} · {cards} cards",
        card.cards,
    )
    contract = contract_words(card.sets, card.runs)
    return card_line(template, "contract", contract, number=card.number, cards=card.cards)


def detail(card: ContractCard) -> CardLine | None:
    """The last deal's second line: "Go out with **every card in the contract**: no discard"."""
    if not card.every_card_used:
        return None
    every_card = str(_("every card in the contract"))
    return card_line(_("Go out with {every_card}: no discard"), "every_card", every_card)


#: The headings of the rule sheet's contract table, after the deal's number.
TABLE_HEAD = (_("Contract"), _("Cards dealt"))


def table_row(card: ContractCard) -> tuple[str, ...]:
    return (contract_in_full(card), format_number(card.cards))


def pad_lines(card: ContractCard) -> tuple[str, ...]:
    """In figures, to fit a pad's narrow cell: "2 sets + 1 run", "12 cards", "no discard"."""
    parts = []
    if card.sets:
        parts.append(filled(ngettext("{count} set", "{count} sets", card.sets), count=card.sets))
    if card.runs:
        parts.append(filled(ngettext("{count} run", "{count} runs", card.runs), count=card.runs))
    cards = filled(ngettext("{count} card", "{count} cards", card.cards), count=card.cards)
    lines = (" + ".join(parts), cards)
    return (*lines, str(_("no discard"))) if card.every_card_used else lines


# -- phrases built from the rule set's numbers ----------------------------------------------------


def cards_dealt(rules: object) -> str:
    """ "10 cards to each player in deals 1 to 4, 12 in deals 5 to 7"."""
    assert isinstance(rules, Liverpool)
    runs: list[tuple[int, list[int]]] = []
    for card in rules.rounds:
        assert isinstance(card, ContractCard)
        if runs and runs[-1][0] == card.cards:
            runs[-1][1].append(card.number)
        else:
            runs.append((card.cards, [card.number]))
    (first, first_deals), *later = runs
    said = [
        filled(
            ngettext(
                "{cards} card to each player in deals {first} to {last}",
                "{cards} cards to each player in deals {first} to {last}",
                first,
            ),
            cards=first,
            first=first_deals[0],
            last=first_deals[-1],
        )
    ]
    said += [
        # Translators: after "10 cards to each player in deals 1 to 4, ": the cards of the
        # later deals.
        filled(_("{cards} in deals {first} to {last}"), cards=cards, first=deals[0], last=deals[-1])
        for cards, deals in later
    ]
    return ", ".join(said)


def packs(rules: object) -> str:
    """ "two packs of 52 cards, each with its two jokers, for three or four players, and three
    for five or more"."""
    assert isinstance(rules, Liverpool)
    counts = rules.player_counts
    fewest = rules.packs(counts[0])
    more_from = next(players for players in counts if rules.packs(players) > fewest)
    return filled(
        _(
            "{packs:w} packs of {pack_cards} cards, each with its {jokers:w} jokers, for "
            "{fewest:w} or {below:w} players, and {more_packs:w} for {more_from:w} or more"
        ),
        packs=fewest,
        pack_cards=PACK_CARDS,
        jokers=JOKERS_PER_PACK,
        fewest=counts[0],
        below=more_from - 1,
        more_packs=rules.packs(more_from),
        more_from=more_from,
    )


#: The cards of the rule sheet's worked deal, by the engine's name for each.
_WORKED_CARDS = {
    **{name: A_RANK[value] for name, value in FACE_VALUE_RANKS},
    "jack": A_RANK[11],
    "queen": A_RANK[12],
    "king": A_RANK[13],
    "ace": AN_ACE,
    "joker": A_JOKER,
}


def worked_hand(rules: object) -> str:
    """The rule sheet's worked deal in this table's card values."""
    assert isinstance(rules, Liverpool)
    values = dict(FACE_VALUE_RANKS)
    values |= {"queen": rules.court_value, "ace": rules.ace_value, "joker": rules.joker_value}
    return cards_in_hand([(_WORKED_CARDS[card], values[card]) for card in WORKED_HAND])


PROSE = Prose(
    sections=(
        Section(
            _("Players and cards"),
            (
                _(
                    "Liverpool is for {players}, each on their own. Shuffle together {packs}. "
                    "The game is {deals:w} deals. For the first, everyone draws a card and the "
                    "highest deals; after each deal the deal passes one seat to the left."
                ),
                _(
                    "The dealer gives each player the cards the deal calls for (contract table "
                    "below), puts the rest face down as the stock and turns its top card face "
                    "up to start the discard pile. The player on the dealer's left plays "
                    "first; play goes clockwise."
                ),
            ),
        ),
        Section(
            _("Contracts"),
            (
                _(
                    "Every deal has a contract: the sets and runs you must lay down together, "
                    "in a single turn, before you may lay down anything else. A set is "
                    "{set_least:w} or more cards of the same rank, suits mixed. A run is "
                    "{run_least:w} or more cards in sequence in the same suit; an ace may go "
                    "before a two or after a king, but a run never turns the corner from a "
                    "king through an ace to a two. A set or a run of the contract may be longer "
                    "than the least it needs."
                ),
            ),
            table="rounds",
        ),
        Section(
            _("Jokers"),
            (
                _(
                    "Jokers are wild: a joker stands for whatever card you need in a set or a "
                    "run. A joker still in your hand when someone goes out costs you "
                    "{joker_value}."
                ),
            ),
        ),
        Section(
            _("A turn"),
            (
                _("In your turn:"),
                _("- Draw the top card of the stock or the top card of the discard pile."),
                _(
                    "- Lay down the deal's contract if you hold it. Once your contract is down, "
                    "in your later turns you may add cards to any set or run on the table, "
                    "yours or another player's."
                ),
                _("- Discard a card face up."),
            ),
        ),
        Section(
            _("Buying"),
            (
                _(
                    "When the player whose turn it is leaves the top discard, another player "
                    "may ask for it (many tables say “May I?”) and take it with the "
                    "top card of the stock as a penalty. Agree before the game how many times "
                    "a player may buy in a deal; the score does not depend on it."
                ),
            ),
        ),
        Section(
            _("Going out"),
            (
                _(
                    "You go out by getting rid of your last card, laid on the table or "
                    "discarded; the deal ends at once. In the last deal the contract must take "
                    "every card you hold: you go out by laying it all down, with no discard."
                ),
            ),
        ),
        Section(
            _("Scoring"),
            (
                _(
                    "When a player goes out, every other player adds up the card values of the "
                    "cards left in hand (table below): that is their score for the deal, and "
                    "it counts against them. The player who went out scores nothing. After the "
                    "last deal the lowest total wins."
                ),
                _(
                    "For example, in deal {worked_deal} Ann goes out and scores nothing, and "
                    "Bob is left holding {worked_hand} points against him."
                ),
            ),
            table="card_values",
        ),
    ),
    pad_note=_(
        "Write the card values each player is left holding; the player who went out scores "
        "nothing. Lowest total wins."
    ),
)

WORDS = RuleSetWords(
    name=_("Liverpool Rummy"),
    summary=_(
        "{deals:W} deals of contract rummy for {player_counts[0]} to {player_counts[5]}, a bigger "
        "contract of sets and runs each deal; the cards left in hand count against you, and the "
        "lowest total wins."
    ),
    fields={
        "points": POINTS_LEFT,
        "went_out": went_out(_("the player who went out has no cards left, so no points")),
    },
    house_rules={
        "ace": HouseRuleWords(
            label=_("An ace left in hand counts"), phrase=_("an ace counts {value}")
        ),
        "joker": HouseRuleWords(
            label=_("A joker left in hand counts"), phrase=_("a joker counts {value}")
        ),
    },
    texts={
        # Translators: the short name of "Liverpool Rummy", on a button.
        "chip_name": _("Liverpool"),
        "cards_dealt": cards_dealt,
        "wild_cards": _("jokers"),
        "packs": packs,
        "worked_hand": worked_hand,
    },
    prose=PROSE,
    rounds=RoundWords(
        headline=headline,
        detail=detail,
        table_row=table_row,
        pad_lines=pad_lines,
        table_head=TABLE_HEAD,
        report=lambda card: {"contract": contract_in_full(card)},
        report_after="deal",
    ),
)

register("liverpool", WORDS)
