"""Every script and every name: right-to-left names in reading order, CJK in an embedded font,
emoji as a glyph or a plain box, and long names cut short cleanly, never below 7 pt."""

import datetime

import pytest

from games.printing import fonts, score_pad_pdf, score_sheet_pdf
from games.rules import RULE_SETS, HandInput

from .helpers import dark_fraction, flat, fonts_used, text_of, text_sizes

HEBREW = "שרה לוי"
ARABIC = "محمد علي"
CJK_NAMES = ["张伟", "さくら", "김민준"]


def _pad(names: list[str]) -> bytes:
    return score_pad_pdf(RULE_SETS["ten-pennies"], len(names), names)


def test_hebrew_and_arabic_names_print_in_reading_order_with_joined_arabic_letters():
    pdf = _pad(["Ann", HEBREW, ARABIC])
    text = text_of(pdf)

    # Drawn right to left (first letter at the right); a reader gives it back in typed order.
    assert fonts.runs(HEBREW) == [(HEBREW[::-1], None)]
    assert HEBREW in text
    # Arabic letters in their joined (presentation) forms, as a reader shows them.
    assert any(0xFE70 <= ord(c) <= 0xFEFF for c in text)
    assert all(fonts_used(pdf).values())


def test_cjk_names_print_in_an_embedded_font():
    pdf = _pad(["Ann", *CJK_NAMES])

    text = text_of(pdf)
    for name in CJK_NAMES:
        assert name in text
    used = fonts_used(pdf)
    assert any("WenQuanYi" in name for name in used)
    assert all(used.values()), f"fonts not embedded: {[n for n, e in used.items() if not e]}"


def test_every_font_of_every_printout_is_embedded():
    pdf = score_pad_pdf(RULE_SETS["miromar-canasta"], 2, ["Ann & Cy", "Bob & Di"])

    assert all(fonts_used(pdf).values())


def test_an_emoji_prints_as_its_glyph_or_a_plain_box_never_a_wrong_character():
    text = text_of(_pad(["Ann \u2605", "Bob 🎉", "Cy 👍🏽"]))

    assert "Ann \u2605" in text
    assert f"Bob {fonts.PLACEHOLDER}" in text
    assert f"Cy {fonts.PLACEHOLDER}" in text
    assert "&" not in text.replace("&amp;", "")


def test_a_sixty_character_name_is_cut_short_cleanly_and_nothing_is_below_seven_points(tmp_path):
    names = [("Bartholomew-Maximilian " * 3)[:60].strip() for _ in range(2)]
    names = [f"{i} {n}"[:60] for i, n in enumerate(names)]
    one_word = "A" * 60

    for pdf in (
        score_pad_pdf(RULE_SETS["ten-pennies"], 3, [*names, one_word], "a4"),
        score_pad_pdf(RULE_SETS["pfh-partnership"], 3, [*names, one_word]),
    ):
        assert min(text_sizes(pdf)) >= 7
        assert dark_fraction(pdf, tmp_path) > 0.02
        text = flat(pdf)
        assert "AAAAAA\u2026" in text  # one long word: cut with an ellipsis, not broken


def test_a_score_sheet_with_long_names_in_every_script_prints_nothing_below_seven_points():
    rules = RULE_SETS["ten-pennies"]
    players = ["A" * 60, HEBREW, ARABIC, *CJK_NAMES, "Zoë 😀", "B" * 30 + " " + "C" * 29]
    game = rules.new_game(players)
    hand = {p: {"points": 10, "cards": 1, "buys": 0} for p in players}
    hand[players[0]] = {"points": 0, "cards": 0, "buys": 0}
    score = game.score([HandInput(hand)] * 3)

    pdf = score_sheet_pdf(score, title=" v ".join(players), played_on=datetime.date(2026, 5, 1))

    assert min(text_sizes(pdf)) >= 7
    assert all(fonts_used(pdf).values())


@pytest.mark.parametrize("text", ["", "Ann", "שלום", "王"])
def test_visual_order_leaves_left_to_right_text_alone_and_reverses_hebrew(text):
    expected = text[::-1] if text == "שלום" else text

    assert fonts.visual(text) == expected
