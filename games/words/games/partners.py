"""Words the partnership canasta games share (Canasta, Samba, Bolivia, Hand and Foot; their
numbers in games/rules/partners.py and each game's module): the fields and house rules they
all have, and a worked hand said as a sentence in the active language. How their tables sit
and which play as partners (`{seating_words}`, `{partnership_words}`) are shared.py's."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.templatetags.numbers import MINUS, format_number
from games.words.rule_sets import FieldWords, HouseRuleWords, Text

WILD_CARDS = _("twos and jokers")
HOW_MANY_SEE_NOTE = _("how many: see note")

GOING_OUT_SCORES = HouseRuleWords(_("Going out scores"), phrase=_("going out scores {value}"))

NATURAL_CANASTAS = FieldWords(
    _("Natural canastas"),
    _("{cards_per_canasta:w} or more cards of a rank, no wild card"),
    short_label=pgettext_lazy("a narrow column of natural canastas", "Natural"),
    unit=_("natural canasta"),
    units=_("natural canastas"),
)
MIXED_CANASTAS = FieldWords(
    _("Mixed canastas"),
    _(
        "{cards_per_canasta:w} or more cards of a rank with wild cards among them, at most "
        "{max_wild_in_meld:w}"
    ),
    short_label=pgettext_lazy("a narrow column of mixed canastas", "Mixed"),
    unit=_("mixed canasta"),
    units=_("mixed canastas"),
)
MELD_POINTS = FieldWords(
    _("Card points on the table"),
    _("every melded card, canasta cards included"),
    short_label=pgettext_lazy("a narrow column of card points on the table", "Melded"),
)
WENT_OUT = FieldWords(_("Went out"), _("for going out"))


def hand_points(note: Text) -> FieldWords:
    """Card points left in hands, with what the game counts among them."""
    return FieldWords(
        _("Card points left in hands"),
        note,
        short_label=pgettext_lazy("a narrow column of card points left in hands", "In hand"),
    )


def with_numbers(template: Text, **numbers: int) -> Text:
    """`template` with these placeholders filled when it is read, in the language then active:
    a house rule's own numbers (the deal of "Opening minimum in deal 3"); its others (its
    `{value}`) are left for games/words/filling.py."""

    def filled() -> str:
        text = str(template)
        for name, number in numbers.items():
            text = text.replace("{" + name + "}", format_number(number))
        return text

    return lazy(filled, str)()


#: A worked hand's item as a template of its `{count}` (or card points), in the active language:
#: a sentence lists them ("2 red threes, 560 card points on the table and went out").
Item = Callable[[int], str]

#: The items every one of these games has, by field.
ITEMS: dict[str, Item] = {
    "natural_canastas": lambda n: ngettext(
        "{count} natural canasta", "{count} natural canastas", n
    ),
    "mixed_canastas": lambda n: ngettext("{count} mixed canasta", "{count} mixed canastas", n),
    "red_threes": lambda n: ngettext("{count} red three", "{count} red threes", n),
    "meld_points": lambda n: ngettext(
        "{count} card point on the table", "{count} card points on the table", n
    ),
    # A yes, said without its count.
    "went_out": lambda n: gettext("went out"),
}


def worked_example(
    items: Mapping[str, Item],
    fields: Iterable[str],
    tally: Mapping[str, int | bool],
    score: Mapping[str, int],
) -> str:
    """A side's tally (each field as `items` says it) and its score as a sentence, the sum in
    the order of the rule set's `fields`: "2 clean books, 1,180 card points on the table and
    went out: 1,000 + 1,180 + 100 = 2,280"."""
    from games.words import joined  # the package imports this module: not at its top

    said = [
        items[name](int(value)).format(count=format_number(int(value)))
        for name, value in tally.items()
        if value
    ]
    sums: list[str] = []
    for name in fields:
        points = score.get(name, 0)
        if points and sums:
            sign = MINUS if points < 0 else "+"
            sums.append(f"{sign} {format_number(abs(points))}")
        elif points:
            sums.append(format_number(points))
    # Translators: a worked hand: what a side laid down, then its score added up.
    sentence = pgettext("a worked hand", "{items}: {sums} = {total}")
    return sentence.format(
        items=joined(said, "and"), sums=" ".join(sums), total=format_number(sum(score.values()))
    )
