"""How every number on a screen is written: thousands grouped as the reader's language groups
them and a real minus sign.

One filter, built into every template (settings.TEMPLATES "builtins"), so that the scoreboard,
the grid, the live score bar, the breakdown, the live view, home and messages all agree with the
printouts ("25,555" and "−3,120" in English, "25.555" and "−3.120" in Portuguese).
"""

from __future__ import annotations

from collections.abc import Callable

from django import template
from django.utils.formats import get_format

register = template.Library()

MINUS = "\N{MINUS SIGN}"


def thousands_separator() -> str:
    """The active language's thousands separator: "," in English, "." in the others we ship."""
    return str(get_format("THOUSAND_SEPARATOR"))


def typed_grouping() -> str:
    """The separator a typed score may group its thousands with, in the active language: "3.450"
    is three thousand four hundred and fifty in Italian, and no whole number in English."""
    return "," if thousands_separator() == "," else "."


def format_number(value: int, signed: bool = False) -> str:
    """25555 -> "25,555" ("25.555"), -3120 -> "−3,120"; signed adds "+" to a positive number."""
    return number_writer(signed)(value)


def number_writer(signed: bool = False) -> Callable[[int], str]:
    """format_number for the many numbers of one page (the scoreboard's grid, the next taps'
    table): the language's separator is read once, as reading it costs more than the writing."""
    separator = thousands_separator()

    def write(value: int) -> str:
        text = f"{abs(value):,}"
        if separator != ",":
            text = text.replace(",", separator)
        if value < 0:
            return MINUS + text
        return f"+{text}" if signed and value > 0 else text

    return write


@register.filter
def number(value: object) -> object:
    """Format a whole number for reading at arm's length; anything else is left as it is."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return format_number(value)
