"""The words the engine's shared parts say, whatever the rule set: how many play
(games/rules/core.py `describe_player_counts`), the packs of a game of fixed packs, how the
players sit (features.py `Seating`), the opening table's rows ("1,500 to 2,999", "below 0"),
the card values the canasta games share (canasta_cards.py), the house rules of many rule sets
(`target`, `hands`, `lowest_wins`), and who deals. A rule set's own words (its module beside
this one) say it otherwise where they have the same thing."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext, ngettext, ngettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.rules.core import JOKERS_PER_PACK, PACK_CARDS, RuleSet
from games.rules.features import (
    OpeningByHand,
    OpeningByTotal,
    OpeningsTracker,
    Seating,
    TrackerButton,
)
from games.rules.names import pad_names as engine_pad_names
from games.templatetags.numbers import format_number
from games.words.rule_sets import FieldWords, HouseRuleWords, Text
from games.words.spelled import number_in_words


def describe_player_counts(rules: RuleSet) -> str:
    """ "2 or 4 players", "2 to 6 players", "3, 4 or 6 players", "4 players"."""
    counts = rules.player_counts
    if len(counts) == 2:
        said = gettext("{first} or {second} players")
        return said.format(first=format_number(counts[0]), second=format_number(counts[1]))
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        said = gettext("{lowest} to {highest} players")
        return said.format(lowest=format_number(counts[0]), highest=format_number(counts[-1]))
    if len(counts) > 2:
        said = gettext("{counts} or {last} players")
        listed = ", ".join(format_number(count) for count in counts[:-1])
        return said.format(counts=listed, last=format_number(counts[-1]))
    return ngettext("{count} player", "{count} players", counts[0]).format(
        count=format_number(counts[0])
    )


def describe_packs(rules: RuleSet) -> str:
    """The packs of a game, as its rule sheet says them: for a game of a fixed number of
    standard packs, "two packs of 52 cards plus 4 jokers (108 cards)"; any other says its own
    (its words' `texts["packs"]`, read first)."""
    packs = rules.fixed_packs
    if packs is None:
        return ""
    jokers = packs * JOKERS_PER_PACK
    said = gettext("{packs} packs of {pack_cards} cards plus {jokers} jokers ({cards} cards)")
    return said.format(
        packs=number_in_words(packs),
        pack_cards=format_number(PACK_CARDS),
        jokers=format_number(jokers),
        cards=format_number(packs * PACK_CARDS + jokers),
    )


#: How the players sit, as the new-game page says it.
SEATING_WORDS: Mapping[Seating, Text] = {
    Seating.PARTNERS: _("in partnerships"),
    Seating.ALONE: _("each on their own"),
    Seating.ALONE_OR_TEAMS: _("alone or in equal teams"),
}


def seating_words(rules: RuleSet) -> str:
    """How the players sit, as the new-game page says it: "in partnerships"; a rule set that
    seats partners at some tables and everyone alone at the others says which (a rule set
    whose words' `texts["seating_words"]` say it their own way are read first)."""
    partners = getattr(rules, "partnership_counts", None)
    if partners is None:
        return str(SEATING_WORDS[rules.seating])
    alone = set(rules.player_counts) - set(partners)
    said = gettext("each on their own with {alone}, in partnerships with {partners}")
    return said.format(alone=counts_in_words(alone), partners=counts_in_words(partners))


def counts_in_words(counts: Iterable[int]) -> str:
    """Numbers of players in words, smallest first: "four or six"."""
    from games.words.filling import either

    return either([number_in_words(count) for count in sorted(counts)])


def opening_rows(rules: RuleSet) -> list[tuple[str, int]]:
    """(when, minimum) rows of the opening table a sheet prints: "1,500 to 2,999", "below 0",
    "Hand 2", "total below zero (any hand)"; empty where there is none."""
    from games.words import hand_word

    opening = rules.opening
    if isinstance(opening, OpeningByHand):
        word = hand_word(rules.hand_word)
        # Translators: a row of the opening table: "Hand 2" (the hand word, its number).
        hand = pgettext("a hand of the opening table", "{hand} {number}")
        rows = [
            (hand.format(hand=word, number=format_number(number)), minimum)
            for number, minimum in opening.by_hand.items()
        ]
        if opening.below_zero is not None:
            rows.append((gettext("total below zero (any hand)"), opening.below_zero))
        return rows
    if isinstance(opening, OpeningByTotal):
        brackets = enumerate(opening.brackets)
        return [(bracket_words(opening, index), minimum) for index, (_, minimum) in brackets]
    return []


def bracket_words(opening: OpeningByTotal, index: int) -> str:
    """A bracket of an opening by total, as its table row says it: "1,500 to 2,999"."""
    brackets = opening.brackets
    lower = brackets[index][0]
    upper = brackets[index + 1][0] if index + 1 < len(brackets) else None
    if lower is None:
        if upper is None:
            return gettext("any total")
        return gettext("below {upper}").format(upper=format_number(upper))
    if upper is None:
        return gettext("{lower} or more").format(lower=format_number(lower))
    said = gettext("{lower} to {upper}")
    return said.format(lower=format_number(lower), upper=format_number(upper - 1))


def opening_trend(rules: RuleSet) -> str:
    """How the opening minimum follows the side's total, as a sheet says it: it rises only
    where this table's numbers do."""
    minimums = [minimum for _, minimum in opening_rows(rules)]
    rising = all(a <= b for a, b in zip(minimums, minimums[1:], strict=False))
    if minimums and rising and minimums[0] < minimums[-1]:
        return gettext("it rises with the side's total")
    return gettext("it goes by the side's total")


#: The cards' names in the card-value tables, by the engine's name for them; a rule set's
#: own are its words' `texts["card:<engine name>"]`.
CARD_NAMES: Mapping[str, Text] = {
    "Joker": pgettext_lazy("a card", "Joker"),
    "Two, Ace": pgettext_lazy("cards", "Two, Ace"),
    "Eight to King": pgettext_lazy("cards", "Eight to King"),
    "Four to Seven": pgettext_lazy("cards", "Four to Seven"),
    "Ten to King": pgettext_lazy("cards", "Ten to King"),
    "Three to Nine": pgettext_lazy("cards", "Three to Nine"),
    "Jack, Queen, King": pgettext_lazy("cards", "Jack, Queen, King"),
    "Black three": pgettext_lazy("a card", "Black three"),
    "Red three": pgettext_lazy("a card", "Red three"),
    "Two": pgettext_lazy("a card", "Two"),
    "Three": pgettext_lazy("a card", "Three"),
    "Four": pgettext_lazy("a card", "Four"),
    "Five": pgettext_lazy("a card", "Five"),
    "Six": pgettext_lazy("a card", "Six"),
    "Seven": pgettext_lazy("a card", "Seven"),
    "Eight": pgettext_lazy("a card", "Eight"),
    "Nine": pgettext_lazy("a card", "Nine"),
    "Ten": pgettext_lazy("a card", "Ten"),
    "Jack": pgettext_lazy("a card", "Jack"),
    "Queen": pgettext_lazy("a card", "Queen"),
    "King": pgettext_lazy("a card", "King"),
    "Ace": pgettext_lazy("a card", "Ace"),
    # Translators: Phase 10's cards.
    "Skip": pgettext_lazy("a card", "Skip"),
    "Wild": pgettext_lazy("a card", "Wild"),
}

#: What the card-value table says beside a card, by the code of its note.
CARD_NOTES: Mapping[str, Text] = {
    "melded_going_out_only": _("only in a hand, or melded when going out"),
    # Translators: "Threes" is a section of the rule sheet.
    "see_threes": _("see Threes"),
    "scored_as_threes": _("scored only as red or black threes, see Scoring"),
}

#: The house rules many rule sets have, by name.
HOUSE_RULES: Mapping[str, HouseRuleWords] = {
    "target": HouseRuleWords(_("Game to"), phrase=_("game to {value}"), phrase_none=_("no target")),
    "hands": HouseRuleWords(
        _("Number of hands"),
        phrase=ngettext_lazy("{value} hand", "{value} hands", "value"),
        phrase_none=_("no set number of hands"),
    ),
    "lowest_wins": HouseRuleWords(
        _("Lowest total wins"),
        phrase=_("lowest total wins"),
        phrase_no=_("highest total wins"),
    ),
}

#: The tally fields many rule sets have, by name (the contract rummies' points left in hand).
FIELDS: Mapping[str, FieldWords] = {
    "points": FieldWords(
        _("Points left in hand"),
        note=_("card values of the cards left in hand, against the player"),
        short_label=pgettext_lazy("a column of points left in hand", "Points"),
    ),
}

#: Who deals what, by the engine's code (GameSetup.deals).
DEALS: Mapping[str, Text] = {"dealer": pgettext_lazy("who deals this hand", "Dealer")}


def player_name(word: str, number: int) -> str:
    """A side a pad names by its place: "Player 3", "Side 2" (`word` the engine's)."""
    if word.lower() == "side":
        return gettext("Side {number}").format(number=format_number(number))
    return gettext("Player {number}").format(number=format_number(number))


def pad_names(typed: Sequence[str], count: int, word: str) -> list[str]:
    """The names a score pad prints for `count` sides (games/rules/names.py `pad_names`, which
    checks them): those typed, then "Player 3", "Player 4" ... in the reader's language."""
    names = engine_pad_names(typed, count, word)
    kept = [" ".join(name.split()) for name in typed]
    while kept and not kept[-1]:
        kept.pop()
    if not kept:
        return names
    named = names[: len(kept)]
    number = len(kept) + 1
    for _place in range(len(kept), count):
        while player_name(word, number) in named:
            number += 1
        named.append(player_name(word, number))
        number += 1
    return named


def tracker_view(rules: RuleSet, state: Mapping[str, Any], side_names: Sequence[str]) -> Any:
    """What the scoreboard shows of the hand in progress (features.py `HandTracker.view`), in
    the reader's language: for the openings tracker (Miromar's failed openings and Toulon), its
    buttons, facts and notes here; any other tracker says its own."""
    tracker = rules.tracker
    assert tracker is not None
    view = tracker.view(state, side_names)
    if not isinstance(tracker, OpeningsTracker):
        return view
    toulon = tracker.next_toulon(int(state.get("openings", 0)), bool(state.get("turn_card")))
    cards = ngettext("{count} card", "{count} cards", toulon or 0)
    failed = tracker.failed_openings(state, side_names)
    return replace(
        view,
        facts=[
            (
                next_packet_label(rules),
                cards.format(count=format_number(toulon)) if toulon else gettext("none"),
            )
        ]
        if view.facts
        else [],
        buttons=[replace(button, label=_tracker_label(button)) for button in view.buttons],
        side_buttons=[
            [_side_button(b, name, tracker.failed_step, failed[name]) for b in row]
            for name, row in zip(side_names, view.side_buttons, strict=True)
        ],
        side_notes=[
            ngettext("{count} failed opening", "{count} failed openings", failed[name]).format(
                count=format_number(failed[name])
            )
            if failed[name]
            else ""
            for name in side_names
        ],
    )


def next_packet_label(rules: RuleSet) -> str:
    """What the scoreboard calls the extra cards the next player to open draws: the rule set's
    own word (its words' `texts["next_packet"]`), else Miromar's Toulon."""
    from games.words import text
    from games.words.filling import words_of

    own = words_of(rules)
    if own is not None and "next_packet" in own.texts:
        return text(rules, "next_packet")
    # Translators: Miromar's Toulon: the extra cards the next player to open draws.
    return pgettext("Miromar's Toulon", "Next Toulon")


def _tracker_label(button: TrackerButton) -> str:
    labels = {
        "opened": gettext("A player opened"),
        "unopened": gettext("Undo"),
        "turn_card": gettext("Turn card reached"),
    }
    return labels.get(button.action, button.action)


def _side_button(button: TrackerButton, name: str, step: int, count: int) -> TrackerButton:
    """A side's button of the openings tracker: "Failed opening +10", "Undo (2)"."""
    if button.action == "fail":
        label = gettext("Failed opening +{step}").format(step=format_number(step))
        return replace(button, label=label)
    if button.action == "unfail":
        label = gettext("Undo ({count})").format(count=format_number(count))
        aria_label = gettext("Undo a failed opening for {name}").format(name=name)
        return replace(button, label=label, aria_label=aria_label)
    return button
