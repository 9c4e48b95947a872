"""Small numbers in words, in the active language: the one list every sentence that spells a
number out reads (a refusal's `{needed:words}`, a rule sheet's `{meld_start:w}`, the screens'
"fewer than two canastas", "Teams of three")."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from games.templatetags.numbers import format_number

#: Zero to fifteen in words; larger numbers are written in figures.
NUMBER_WORDS = (
    # Translators: none of something, as a count in a sentence: "no red threes".
    pgettext_lazy("a number in words: none", "no"),
    pgettext_lazy("a number in words", "one"),
    pgettext_lazy("a number in words", "two"),
    pgettext_lazy("a number in words", "three"),
    pgettext_lazy("a number in words", "four"),
    pgettext_lazy("a number in words", "five"),
    pgettext_lazy("a number in words", "six"),
    pgettext_lazy("a number in words", "seven"),
    pgettext_lazy("a number in words", "eight"),
    pgettext_lazy("a number in words", "nine"),
    pgettext_lazy("a number in words", "ten"),
    pgettext_lazy("a number in words", "eleven"),
    pgettext_lazy("a number in words", "twelve"),
    pgettext_lazy("a number in words", "thirteen"),
    pgettext_lazy("a number in words", "fourteen"),
    pgettext_lazy("a number in words", "fifteen"),
)


def number_in_words(number: int) -> str:
    """`number` as a word where it is small ("seven", "no" for 0), else in figures ("1,500"),
    in the active language."""
    if 0 <= number < len(NUMBER_WORDS):
        return str(NUMBER_WORDS[number])
    return format_number(number)
