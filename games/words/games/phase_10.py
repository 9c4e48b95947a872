"""Phase 10's words (games/rules/phase_10.py): its name, tally, the ten phases and its rule
sheet."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.rules.phase_10 import (
    COLOUR,
    COLOURS,
    HIGH_NUMBERS,
    HIGHEST_NUMBER,
    LOW_NUMBERS,
    LOWEST_NUMBER,
    PHASES,
    RUN,
    SET,
    SKIPS,
    WILDS,
    WORKED_HAND,
    PhaseTen,
    card_value,
)
from games.words import joined
from games.words.games.contract_rummy import POINTS_LEFT, cards_in_hand, filled, went_out
from games.words.rule_sets import FieldWords, Prose, RuleSetWords, Section, Text, register

# -- the phases -----------------------------------------------------------------------------------


def _group_words(kind: str, cards: int, count: int) -> str:
    """`count` alike groups of a phase: "a run of seven", "two sets of three", "seven cards of
    one colour"."""
    if kind == COLOUR:
        return filled(
            ngettext("{cards:w} card of one colour", "{cards:w} cards of one colour", cards),
            cards=cards,
        )
    if kind == SET:
        if count == 1:
            return filled(_("a set of {cards:w}"), cards=cards)
        return filled(
            ngettext("{count:w} set of {cards:w}", "{count:w} sets of {cards:w}", count),
            count=count,
            cards=cards,
        )
    assert kind == RUN, kind
    if count == 1:
        return filled(_("a run of {cards:w}"), cards=cards)
    return filled(
        ngettext("{count:w} run of {cards:w}", "{count:w} runs of {cards:w}", count),
        count=count,
        cards=cards,
    )


def phase_words(groups: tuple[tuple[str, int], ...]) -> str:
    """A phase in players' words: "two sets of three", "a set of three and a run of four",
    "seven cards of one colour" (alike groups said once, with their count)."""
    said: list[str] = []
    index = 0
    while index < len(groups):
        count = 1
        while index + count < len(groups) and groups[index + count] == groups[index]:
            count += 1
        kind, cards = groups[index]
        said.append(_group_words(kind, cards, count))
        index += count
    return joined(said, "and")


def phases() -> tuple[str, ...]:
    """What each phase asks, first to last (the rule sheet's phase table)."""
    return tuple(phase_words(groups) for groups in PHASES)


def phase(number: int) -> str:
    """What phase `number` asks ("a run of seven")."""
    return phase_words(PHASES[number - 1])


def _phase_text(number: int) -> Callable[[object], str]:
    def said(rules: object) -> str:
        return phase(number)

    return said


#: What each phase asks, by "phase:<number>" (games.words.phase_words reads them).
PHASE_TEXTS = {f"phase:{number}": _phase_text(number) for number in range(1, len(PHASES) + 1)}


# -- phrases built from the rule set's numbers ----------------------------------------------------

A_SKIP = _("a skip")
A_WILD = _("a wild")


def a_number_card(number: int) -> str:
    """A numbered card, as a hand said card by card names it: "a 3", "an 11"."""
    if str(number).startswith("8") or number in (11, 18):
        # Translators: a Phase 10 card by its number, where English says "an" ("an 11").
        return filled(_("an {number}"), number=number)
    # Translators: a Phase 10 card by its number ("a 3").
    return filled(_("a {number}"), number=number)


def wild_cards(rules: object) -> str:
    return filled(_("the {wilds} wild cards"), wilds=WILDS)


def packs(rules: object) -> str:
    """Its own pack, as the rule sheet says it."""
    assert isinstance(rules, PhaseTen)
    return filled(
        _(
            "{cards} cards, the numbers {lowest} to {highest} in {colours:w} colours (red, blue, "
            "green and yellow), each twice, {wilds} wild cards and {skips} skips"
        ),
        cards=rules.own_pack_cards,
        lowest=LOWEST_NUMBER,
        highest=HIGHEST_NUMBER,
        colours=len(COLOURS),
        wilds=WILDS,
        skips=SKIPS,
    )


def worked_hand(rules: object) -> str:
    """The rule sheet's worked hand, card by card."""
    assert isinstance(rules, PhaseTen)
    cards: list[tuple[Text, int]] = []
    for card in WORKED_HAND:
        if card == "skip":
            cards.append((A_SKIP, card_value(card)))
        elif card == "wild":
            cards.append((A_WILD, card_value(card)))
        else:
            cards.append((a_number_card(int(card)), card_value(card)))
    return cards_in_hand(cards)


def _numbers_words(first: int, last: int) -> Callable[[object], str]:
    """The card-value table's name for the numbered cards from `first` to `last`: "1 to 9"."""

    def said(rules: object) -> str:
        # Translators: Phase 10's numbered cards from {first} to {last}, in the card-value table.
        return filled(_("{first} to {last}"), first=first, last=last)

    return said


#: The names of the numbered cards in the card-value table, by the engine's name for them
#: ("card:1 to 9"); skips and wild cards are everyone's words.
CARD_NAMES: dict[str, Callable[[object], str]] = {
    f"card:{first} to {last}": _numbers_words(first, last)
    for first, last in (LOW_NUMBERS, HIGH_NUMBERS)
}


PROSE = Prose(
    sections=(
        Section(
            _("Players and cards"),
            (
                _(
                    "{name} is for {players}, each on their own, with a pack of its own: "
                    "{packs}. For the first hand everyone draws a card and the highest deals; "
                    "after each hand the deal passes one seat to the left."
                ),
                _(
                    "The dealer gives each player {hand_cards:w} cards, puts the rest face down "
                    "as the stock and turns its top card face up to start the discard pile. "
                    "The player on the dealer's left plays first; play goes clockwise."
                ),
            ),
        ),
        Section(
            _("The phases"),
            (
                _(
                    "Every player works through the {last_phase:w} phases below in order, one "
                    "at a time. In each hand you try to lay down the phase you are on, all of "
                    "it in a single turn. Complete it and you move on to the next phase for "
                    "the following hand; if you don't, you try the same phase again. Players "
                    "are often on different phases."
                ),
                _(
                    "A set is cards of the same number, colours mixed. A run is numbers in "
                    "sequence, colours mixed. Cards of one colour may be any numbers."
                ),
            ),
            table="phases",
        ),
        Section(
            _("Wild cards and skips"),
            (
                _(
                    "A wild card stands for any number in any colour, in any part of a phase. A "
                    "skip is never part of a phase: discard it to make a player of your choice "
                    "miss their next turn."
                ),
            ),
        ),
        Section(
            _("A turn"),
            (
                _("In your turn:"),
                _("- Draw the top card of the stock or of the discard pile."),
                _(
                    "- Lay down your phase if you hold all of it. Once your phase is down you "
                    "may also add cards to any phase on the table, yours or another player's, "
                    "where they fit (hitting)."
                ),
                _("- Discard a card face up."),
            ),
        ),
        Section(
            _("Going out"),
            (
                _(
                    "You go out by getting rid of your last card, by hitting or discarding; "
                    "only a player whose phase is down can go out. The hand ends at once."
                ),
            ),
        ),
        Section(
            _("Scoring"),
            (
                _(
                    "When a player goes out, everyone else counts the cards left in hand "
                    "against them (table below). The player who went out scores nothing."
                ),
                _(
                    "For example, Ann goes out and scores nothing; Bob is left holding "
                    "{worked_hand} points against him."
                ),
            ),
            table="card_values",
        ),
    ),
    ending=_(
        "The game ends after the hand in which any player completes phase {last_phase}. Of the "
        "players who completed it, the lowest total wins; equal lowest totals share the win. A "
        "player who has not completed phase {last_phase} cannot win, however low their total."
    ),
    goal=_("played until a player completes phase {last_phase}; of those, the lowest total wins"),
    pad_note=_(
        "Each hand, write the phase each player plays and tick it if they complete it (they move "
        "on to the following phase in the next hand), then the card values they are left "
        "holding; the player who went out scores nothing. Cross each phase off at the foot once "
        "it is made."
    ),
)

WORDS = RuleSetWords(
    name=_("Phase 10"),
    summary=_(
        "Rummy for {player_counts[0]} to {player_counts[4]} in which every player works through "
        "{last_phase:w} phases of sets, runs and colours; it ends when a player completes the "
        "last, and of those who did the lowest total wins."
    ),
    fields={
        "points": POINTS_LEFT,
        "completed_phase": FieldWords(
            label=_("Completed the phase"),
            note=_(
                "the player laid down their whole phase and moves on to the next for the "
                "following hand"
            ),
            # Translators: a narrow column's heading: the player completed their phase.
            short_label=_("Phase done"),
        ),
        "went_out": went_out(
            _("the player who went out completed the phase and has no cards left")
        ),
    },
    texts={
        "cards_dealt": _("{hand_cards} cards to each player"),
        "wild_cards": wild_cards,
        "packs": packs,
        "worked_hand": worked_hand,
        **CARD_NAMES,
        **PHASE_TEXTS,
    },
    prose=PROSE,
)

register("phase-10", WORDS)
