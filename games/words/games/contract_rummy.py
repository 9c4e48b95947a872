"""The words the rummies scored by the cards left in hand share (Liverpool, Five Crowns, Phase 10;
games/rules/contract_rummy.py): the tally's two fields, a worked hand said card by card ("a seven,
a ten and a joker: 7 + 10 + 15 = 32"), and the helpers their round cards and phrases are written
with. The cards' names in the card-value tables are everyone's (games/words/games/shared.py)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.rules.features import CardLine
from games.templatetags.numbers import format_number
from games.words import joined
from games.words.filling import Number
from games.words.games.shared import FIELDS
from games.words.rule_sets import FieldWords, Text

#: The points left in hand, as every rule set that has them says them.
POINTS_LEFT = FIELDS["points"]


def went_out(note: Text) -> FieldWords:
    """Who went out, with what the rule set says it scores."""
    return FieldWords(
        label=_("Went out"),
        note=note,
        # Translators: a narrow column's heading: the player went out (got rid of every card).
        short_label=pgettext_lazy("a player went out, a narrow heading", "Out"),
    )


#: One card of each rank, as a hand said card by card names it ("a seven, a ten and an ace").
A_RANK: dict[int, Text] = {
    2: _("a two"),
    3: _("a three"),
    4: _("a four"),
    5: _("a five"),
    6: _("a six"),
    7: _("a seven"),
    8: _("an eight"),
    9: _("a nine"),
    10: _("a ten"),
    11: _("a jack"),
    12: _("a queen"),
    13: _("a king"),
}
AN_ACE = _("an ace")
A_JOKER = _("a joker")


def filled(template: Text, **params: int | str | Text) -> str:
    """`template` in the active language with its placeholders filled: a number grouped as the
    language groups it, `:w` in words ("seven"), `:W` in words with a capital."""
    values = {
        name: Number(value) if isinstance(value, int) else str(value)
        for name, value in params.items()
    }
    return str(template).format(**values)


def card_line(template: Text, value_name: str, value: str, **params: int | str | Text) -> CardLine:
    """A round card's line from one whole sentence: the placeholder `value_name` is what the
    screen sets in bold, the words before and after it are the line's lead and tail."""
    mark = "\x00"
    lead, _mark, tail = filled(template, **{value_name: mark}, **params).partition(mark)
    return CardLine(lead, value, tail)


def cards_in_hand(cards: Sequence[tuple[Text, int]]) -> str:
    """A hand said card by card with its points: "a seven, a ten, a queen, an ace and a joker:
    7 + 10 + 10 + 15 + 15 = 57"."""
    points = [value for _card, value in cards]
    return filled(
        # Translators: a worked example: {cards} is "a seven, a ten and a joker", {sum} is
        # "7 + 10 + 15" and {total} what they add up to.
        _("{cards}: {sum} = {total}"),
        cards=joined([str(card) for card, _value in cards], "and"),
        sum=" + ".join(format_number(value) for value in points),
        total=sum(points),
    )
