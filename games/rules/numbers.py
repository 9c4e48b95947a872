"""Numbers as people type them into a points or total box: "3,450" ("3.450" where the table's
language groups thousands with a point), "−300" (a real minus sign), "1 200", and sums and
differences of whole numbers ("1200+250", "12+11+7", "1500-50"). No eval: a small grammar of
whole numbers joined by + and -. Anything else ("3.450" in English, "1e3", "12++") is no number,
and the form says so in its usual words."""

from __future__ import annotations

import re

from .errors import RulesError

#: Minus signs a phone's keyboard or a pasted score may hold, read as "-".
MINUSES = "\N{MINUS SIGN}\N{EN DASH}\N{HYPHEN}\N{SMALL HYPHEN-MINUS}\N{FULLWIDTH HYPHEN-MINUS}"
#: Longest text read (after spaces are dropped): a long sum of scores, never a wall of digits.
LONGEST_TYPED = 60
#: The thousands separators a language may write: a comma (English), a point (Portuguese,
#: Spanish, Italian, German). Spaces are dropped before reading, so "1 200" is read everywhere.
GROUPINGS = (",", ".")


def _whole(grouping: str) -> str:
    """One whole number: digits, or digits grouped in threes ("12,345" or "12.345")."""
    return rf"(?:\d{{1,3}}(?:{re.escape(grouping)}\d{{3}})+|\d+)"


TYPED = {g: re.compile(rf"[+-]?{_whole(g)}(?:[+-]{_whole(g)})*") for g in GROUPINGS}
TERM = {g: re.compile(rf"([+-]?)({_whole(g)})") for g in GROUPINGS}


class NotATypedNumber(RulesError):
    """The text is not a whole number, nor a sum or difference of whole numbers."""


def read_typed_number(text: str, grouping: str = ",") -> int | None:
    """The whole number `text` says, its thousands grouped by `grouping` (one of GROUPINGS), or
    None for nothing typed. NotATypedNumber otherwise."""
    cleaned = "".join(text.split())  # every kind of space, thin and no-break ones too
    cleaned = cleaned.translate({ord(minus): "-" for minus in MINUSES}).replace("\uff0b", "+")
    if not cleaned:
        return None
    if grouping not in GROUPINGS:
        grouping = GROUPINGS[0]
    if (
        len(cleaned) > LONGEST_TYPED
        or not cleaned.isascii()
        or not TYPED[grouping].fullmatch(cleaned)
    ):
        raise NotATypedNumber("not_a_typed_number", text=text)
    total = 0
    for sign, digits in TERM[grouping].findall(cleaned):
        value = int(digits.replace(grouping, ""))
        total += -value if sign == "-" else value
    return total


def is_worked_out(text: str) -> bool:
    """Whether `text` is more than a plain number (a sum, a difference): worth showing what it
    comes to beside the box ("= 1,450")."""
    cleaned = "".join(text.split()).translate({ord(minus): "-" for minus in MINUSES})
    return bool(re.search(r"\d[+-]", cleaned))
