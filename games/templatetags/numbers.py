"""How every number on a screen is written: thousands separators and a real minus sign.

One filter, built into every template (settings.TEMPLATES "builtins"), so that the scoreboard,
the grid, the live score bar, the breakdown, the live view, home and messages all agree with the
printouts ("25,555", "−3,120").
"""

from __future__ import annotations

from django import template

register = template.Library()

MINUS = "\N{MINUS SIGN}"


def format_number(value: int, signed: bool = False) -> str:
    """25555 -> "25,555", -3120 -> "−3,120"; signed adds "+" to a positive number."""
    text = f"{abs(value):,}"
    if value < 0:
        return MINUS + text
    return f"+{text}" if signed and value > 0 else text


@register.filter
def number(value: object) -> object:
    """Format a whole number for reading at arm's length; anything else is left as it is."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return format_number(value)
