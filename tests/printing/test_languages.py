"""No English left on paper: the rule sheets, pads and a score sheet, printed in English and in
each language we ship, read back as text (pypdf); a line, or a phrase of three words or more,
that reads the same in both is English the catalogues missed, unless it is made of names,
numbers and the words a language writes as English does (the screens' lists:
tests/test_no_english_left.py). The PDFs are built in-process, by the functions the
rulesheet, scorepad and scoresheet commands call."""

from __future__ import annotations

import datetime
import json
import re
import string
from collections.abc import Callable
from functools import cache

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import trans_real

from games.printing import rule_sheet_pdf, score_pad_pdf, score_sheet_pdf
from games.printing.scoresheet import long_date
from games.printing.views import printed_names
from games.rules import RULE_SETS
from games.rules.gamefile import score_game_file
from tests.gamefiles import EXAMPLE
from tests.test_no_english_left import NAMES, NO_WORDS, SAME_WORDS

from .helpers import text_of

LANGUAGES = [code for code, _ in settings.LANGUAGES if code != "en"]
#: A phrase this many words long or longer that reads the same in English is English left.
PHRASE = 3
#: The example game file played on until Ann & Cy pass 8,500 (as tests/test_score_game.py).
FINISHED = {
    **EXAMPLE,
    "hands": [
        *EXAMPLE["hands"],
        {"tallies": {"Ann & Cy": {"total": 7_000}, "Bob & Di": {"total": 0}}},
    ],
}
#: The sides' letters of a blank pad ("Side A", the rows' A, B, C) are letters, not English.
LETTERS = set(string.ascii_uppercase)
#: Words the printouts use that a language writes as English does, on top of the screens'.
PRINT_WORDS: dict[str, set[str]] = {"pt-br": {"Item"}, "de": {"Hand"}}
#: A number grouped in thousands as English groups it (2,005; 2.005 in every other language).
ENGLISH_GROUPING = re.compile(r"\d,\d{3}(?!\d)")
#: What a name or a shared word reads as to the check: a sign, not a word.
NAME_SIGN = "\u00a4"


def _rule_sheet(slug: str) -> Callable[[], bytes]:
    return lambda: rule_sheet_pdf(RULE_SETS[slug])


def _pad(slug: str, sides: int) -> Callable[[], bytes]:
    def build() -> bytes:
        rules = RULE_SETS[slug]
        return score_pad_pdf(rules, sides, printed_names(rules, sides, []))

    return build


def _finished_sheet() -> bytes:
    score = score_game_file(json.dumps(FINISHED))
    return score_sheet_pdf(score, played_on=datetime.date(2026, 3, 14))


#: The printouts checked, by name: three rule sheets (a partnership game, a game of rounds, a
#: pot game), a pad of each kind (sides in rows, players in columns) and a finished game.
PRINTOUTS: dict[str, Callable[[], bytes]] = {
    "rule sheet canasta": _rule_sheet("canasta"),
    "rule sheet five-crowns": _rule_sheet("five-crowns"),
    "rule sheet ten-pennies": _rule_sheet("ten-pennies"),
    "pad canasta 3 sides": _pad("canasta", 3),
    "pad liverpool 6 players": _pad("liverpool", 6),
    "score sheet of a finished game": _finished_sheet,
}


def printed(name: str, code: str) -> str:
    with translation.override(code):
        return text_of(PRINTOUTS[name]())


@cache
def in_english(name: str) -> str:
    return printed(name, "en")


def _unnamed(text: str, code: str) -> str:
    """`text` with every name, shared word and side's letter (whole words only) written as
    one sign, so that no phrase is English only for holding a name or half of one
    ("Scorekeeper · Five", of "Five Crowns"); a shared word in either case ("Total", "total")."""
    shared = SAME_WORDS.get(code, set()) | PRINT_WORDS.get(code, set())
    # A card's rank ("A", "K") is shared in its own case only: "a" is an English word.
    ranks = {word for word in shared if len(word) == 1}
    for words, flags in ((NAMES | LETTERS | ranks, 0), (shared - ranks, re.IGNORECASE)):
        for word in sorted(words, key=len, reverse=True):
            text = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", NAME_SIGN, text, flags=flags)
    return text


def _lines(text: str) -> set[str]:
    return {" ".join(line.split()) for line in text.splitlines()} - {""}


def _phrases(words: list[str]) -> set[tuple[str, ...]]:
    """Every run of `PHRASE` words in a row that holds a word."""
    runs = (tuple(words[start : start + PHRASE]) for start in range(len(words) - PHRASE + 1))
    return {run for run in runs if not NO_WORDS.match(" ".join(run))}


def _same_phrases(english: str, translated: str) -> set[str]:
    """The longest runs of words of `translated` whose every `PHRASE` words in a row read the
    same somewhere in `english`."""
    words = translated.split()
    known = _phrases(english.split())
    hits = [start for start in range(len(words)) if tuple(words[start : start + PHRASE]) in known]
    phrases: set[str] = set()
    run_start = run_end = -1
    for start in [*hits, len(words) + PHRASE]:
        if start > run_end:
            if run_end >= 0:
                phrases.add(" ".join(words[run_start:run_end]))
            run_start = start
        run_end = start + PHRASE
    return phrases


def left_in_english(english: str, translated: str, code: str) -> list[str]:
    """The lines and the phrases of a translated printout that read as its English one does,
    names and shared words shown as ¤."""
    english, translated = _unnamed(english, code), _unnamed(translated, code)
    lines = {line for line in _lines(english) & _lines(translated) if not NO_WORDS.match(line)}
    return sorted(lines | _same_phrases(english, translated))


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", PRINTOUTS)
def test_each_printout_reads_in_each_language_with_no_english_left(name: str, code: str) -> None:
    text = printed(name, code)
    found = left_in_english(in_english(name), text, code)
    assert not found, f"{name} in {code}, {len(found)} left:\n" + "\n".join(found)
    # Numbers are not English, but grouped as English groups them (2,005) they would read so.
    assert not ENGLISH_GROUPING.findall(text), f"{name} in {code} groups numbers as English"


def test_the_check_finds_a_line_or_a_phrase_left_in_english() -> None:
    english = "Card values\nA side's pile is frozen for a side\nAnn & Cy 2,005\nSide A"
    translated = "Card values\nDer Stapel: pile is frozen for\nAnn & Cy 2.005\nPartei A"
    assert left_in_english(english, translated, "de") == ["Card values", "pile is frozen for"]
    same = "Ann & Cy 1.435 A\nB\nJoker 50\nScorekeeper · Five Crowns"
    assert left_in_english(same.replace(".", ","), same, "de") == []
    # A word shared by one language is English in another.
    assert left_in_english("Total\n2,005", "total\n2.005", "pt-br") == []
    assert left_in_english("Total\n2,005", "Total\n2.005", "de") == ["Total"]
    assert ENGLISH_GROUPING.findall("Ann 2,005 · Bob 2.005 · Cy 1,5") == ["2,005"]


def test_a_message_missing_from_a_catalogue_is_found_on_the_rule_sheet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two headings of the rule sheet, one the printing code's and one the engine's, as a
    catalogue without them prints them: in English."""
    missing = {"Card values", "The deal"}
    found_in = trans_real.DjangoTranslation.gettext

    def lacking(self: trans_real.DjangoTranslation, message: str) -> str:
        return message if message in missing else found_in(self, message)

    monkeypatch.setattr(trans_real.DjangoTranslation, "gettext", lacking)
    name = "rule sheet canasta"
    found = left_in_english(in_english(name), printed(name, "it"), "it")
    assert missing <= set(found)
    # A phrase found runs on into its neighbours ("5 The deal", after the card values' 5).
    assert all(any(message in piece for message in missing) for piece in found), found


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", "Saturday 14 March 2026"),
        ("pt-br", "Sábado, 14 de março de 2026"),
        ("es", "Sábado, 14 de marzo de 2026"),
        ("it", "Sabato 14 marzo 2026"),
        ("de", "Samstag, 14. März 2026"),
    ],
)
def test_a_long_date_names_its_month_as_the_language_writes_it(language: str, written: str) -> None:
    """Portuguese, Spanish and Italian write the names of days and months in lower case
    inside a date (Django's catalogues capitalise some of them); the date starts its line."""
    with translation.override(language):
        assert long_date(datetime.date(2026, 3, 14)) == written
