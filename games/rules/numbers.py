"""Numbers as people type them into a points or total box: "3,450", "−300" (a real minus sign),
"1 200", and sums and differences of whole numbers ("1200+250", "12+11+7", "1500-50"). No eval:
a small grammar of whole numbers joined by + and -. Anything else ("3.450", "1e3", "12++") is no
number, and the form says so in its usual words."""

from __future__ import annotations

import re

from .errors import RulesError

#: Minus signs a phone's keyboard or a pasted score may hold, read as "-".
MINUSES = "\N{MINUS SIGN}\N{EN DASH}\N{HYPHEN}\N{SMALL HYPHEN-MINUS}\N{FULLWIDTH HYPHEN-MINUS}"
#: Longest text read (after spaces are dropped): a long sum of scores, never a wall of digits.
LONGEST_TYPED = 60
#: One whole number: digits, or digits grouped in threes by commas ("12,345").
WHOLE = r"(?:\d{1,3}(?:,\d{3})+|\d+)"
TYPED = re.compile(rf"[+-]?{WHOLE}(?:[+-]{WHOLE})*")
TERM = re.compile(rf"([+-]?)({WHOLE})")


class NotATypedNumber(RulesError):
    """The text is not a whole number, nor a sum or difference of whole numbers."""


def read_typed_number(text: str) -> int | None:
    """The whole number `text` says, or None for nothing typed. NotATypedNumber otherwise."""
    cleaned = "".join(text.split())  # every kind of space, thin and no-break ones too
    cleaned = cleaned.translate({ord(minus): "-" for minus in MINUSES}).replace("\uff0b", "+")
    if not cleaned:
        return None
    if len(cleaned) > LONGEST_TYPED or not cleaned.isascii() or not TYPED.fullmatch(cleaned):
        raise NotATypedNumber(text)
    total = 0
    for sign, digits in TERM.findall(cleaned):
        value = int(digits.replace(",", ""))
        total += -value if sign == "-" else value
    return total


def is_worked_out(text: str) -> bool:
    """Whether `text` is more than a plain number (a sum, a difference): worth showing what it
    comes to beside the box ("= 1,450")."""
    cleaned = "".join(text.split()).translate({ord(minus): "-" for minus in MINUSES})
    return bool(re.search(r"\d[+-]", cleaned))
