"""Names people type (players, a table's own game): what a reader cannot see in them, and how
two names that look the same are told to be the same."""

from __future__ import annotations

import unicodedata

#: Characters that show nothing (or move the text around them) yet are not a space: Hangul
#: fillers. Controls, format characters (zero-width, bidi overrides and isolates, the BOM) and
#: unassigned or private code points are found by their Unicode category.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0")
UNSEEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Joiners that shape the letters around them (Persian, Indic scripts, emoji sequences).
JOINERS = frozenset("\u200c\u200d")
#: Letters of other scripts drawn like a Latin letter ("Саnаsta" with Cyrillic а), folded to
#: it when two names are compared: the Cyrillic and Greek capitals and small letters that
#: print the same as a Latin one in everyday fonts.
LOOK_ALIKES = str.maketrans(
    "аеорсухіјѕԁһӏԛԝкмнтвАЕОРСУХІЈЅКМНТВαοριτυνκχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdhlqwkmhtbaeopcyxijskmhtbaopitvnkxabezhikmnoptyx",
)


def unseen_characters(name: str) -> list[str]:
    """The characters of `name` that a reader cannot see: controls, zero-width and bidi
    formatting, fillers. A joiner counts only where it joins nothing (at an end, by a space or
    by another unseen character)."""
    unseen = []
    for index, char in enumerate(name):
        if char in JOINERS:
            around = name[index - 1 : index], name[index + 1 : index + 2]
            joins = all(side and not side.isspace() and side not in JOINERS for side in around)
            if joins and not unseen_characters("".join(around)):
                continue
        elif char not in INVISIBLE and unicodedata.category(char) not in UNSEEN_CATEGORIES:
            continue
        unseen.append(char)
    return unseen


def folded(name: str) -> str:
    """`name` as two names are compared: NFKC ("Ｐ２" is "P2"), letter case and look-alike
    letters of other scripts folded, runs of spaces as one, ends trimmed."""
    text = unicodedata.normalize("NFKC", name).casefold().translate(LOOK_ALIKES)
    return " ".join(text.split())
