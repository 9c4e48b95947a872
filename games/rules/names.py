"""Names people type (players, a table's own game): what a reader cannot see in them, how
two names that look the same are told to be the same, and the names a score pad prints."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .errors import RulesError

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


def hidden_character(name: str) -> tuple[str, str] | None:
    """(`name` as it shows, "U+200B") for the first character in it nobody can see; None when
    every character shows."""
    unseen = unseen_characters(name)
    if not unseen:
        return None
    return "".join(char for char in name if char not in unseen), f"U+{ord(unseen[0]):04X}"


def refuse_hidden_character(name: str) -> None:
    """RulesError when `name` holds a character nobody can see (the same words everywhere)."""
    hidden = hidden_character(name)
    if hidden is not None:
        seen, code = hidden
        raise RulesError("invisible_character", name=seen, character=code)


def pad_names(typed: Sequence[str], count: int, word: str) -> list[str]:
    """The names a score pad prints for `count` sides, from those typed: each with its runs of
    spaces as one, blanks at the end dropped, and the sides after the last one named by `word`
    and their place ("Player 3"), so that a pad never mixes names and letters. No names at all
    stay none (a blank pad); more names than sides are the pad's to refuse."""
    names = [" ".join(name.split()) for name in typed]
    while names and not names[-1]:
        names.pop()
    refuse_pad_names(names, max(count, len(names)), word.lower())
    if names:
        names += unused_names(word, range(len(names) + 1, count + 1), names)
    return names


def refuse_pad_names(names: Sequence[str], count: int, word: str) -> None:
    """RulesError for a name a game file refuses: an empty one, one given twice, one holding
    a character nobody can see."""
    # A pad calls its sides players, or sides where they are teams ("Side"): each has its words.
    sides = word.lower() == "side"
    for place, name in enumerate(names, start=1):
        if not name:
            raise RulesError(
                "pad_side_name_empty" if sides else "pad_player_name_empty",
                place=place,
                count=count,
            )
        refuse_hidden_character(name)
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise RulesError("side_listed_twice" if sides else "player_listed_twice", name=twice)


def unused_names(word: str, places: range, taken: Sequence[str]) -> list[str]:
    """ "Player 3", "Player 4" ... for `places`, each skipping a name already `taken`."""
    names: list[str] = []
    number = places.start
    for _ in places:
        while f"{word} {number}" in taken:
            number += 1
        names.append(f"{word} {number}")
        number += 1
    return names
