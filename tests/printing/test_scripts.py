"""Every script and every name: right-to-left names in reading order, CJK in an embedded font,
emoji as a glyph or a plain box, and long names cut short cleanly, never below 7 pt."""

import datetime

import pytest
from reportlab.graphics.shapes import String
from reportlab.pdfgen.canvas import Canvas

from games.printing import fonts, score_pad_pdf, score_sheet_pdf
from games.printing.layout import draw_text
from games.printing.storychart import BOTTOM, story_drawing
from games.rules import RULE_SETS, GameScore, HandInput, Side

from .helpers import (
    dark_fraction,
    flat,
    fonts_used,
    left_edge_of,
    line_of,
    reads_as,
    text_of,
    text_sizes,
    words_drawn,
)

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


#: Four players in four scripts, seated in this order.
SEATED = ["José", "李小龍", "שרה", "محمد"]


def _four_scripts_in_progress() -> GameScore:
    """A partnership game between "José & שרה" and "李小龍 & محمد", two hands in."""
    rules = RULE_SETS["pfh-partnership"]
    game = rules.new_game(
        SEATED, [Side("José & שרה", ("José", "שרה")), Side("李小龍 & محمد", ("李小龍", "محمد"))]
    )
    hand = HandInput({"José & שרה": {"meld_points": 300}, "李小龍 & محمد": {"meld_points": 200}})
    return game.score([hand, hand])


def test_players_of_every_script_print_in_their_seating_order(tmp_path):
    pdf = score_sheet_pdf(_four_scripts_in_progress())

    line = line_of(words_drawn(pdf, tmp_path), "Players")

    edges = [left_edge_of(line, name) for name in SEATED]
    assert edges == sorted(edges), [reads_as(word) for word, _, _ in line]


def test_a_sides_opening_minimum_prints_after_its_right_to_left_name_not_inside_it(tmp_path):
    score = _four_scripts_in_progress()
    minimum = f"{score.opening_minimums()['José & שרה']:,}"
    pdf = score_sheet_pdf(score)

    line = line_of(words_drawn(pdf, tmp_path), "Next")

    minimums = [x for word, x, _ in line if word.strip(";") == minimum]
    assert minimums, [reads_as(word) for word, _, _ in line]
    assert left_edge_of(line, "שרה") < minimums[0] < left_edge_of(line, "李小龍")


def test_the_chart_legend_draws_every_name_like_the_tables_do():
    drawing = story_drawing(_four_scripts_in_progress(), 500)
    assert drawing is not None

    legend = [s for s in drawing.contents if isinstance(s, String) and s.y < BOTTOM - 12]

    fonts_of = {s.text.strip(): s.fontName for s in legend}
    assert fonts_of.get("李小龍") == fonts.CJK
    drawn = "".join(s.text for s in legend)
    assert "הרש" in drawn  # Hebrew drawn from its last letter, so it reads right to left
    assert any(0xFE70 <= ord(c) <= 0xFEFF for c in drawn)  # Arabic letters joined
    assert "محمد" not in drawn  # ... never left as loose letters in typed order


def test_the_chart_legend_of_a_printed_sheet_reads_back_as_the_names_typed(tmp_path):
    pdf = score_sheet_pdf(_four_scripts_in_progress())
    words = words_drawn(pdf, tmp_path)

    # The legend is the line of words just under the hand numbers of the chart's axis.
    axis = next(y for word, _, y in words if word == "Hand" and y > 150)
    legend = [reads_as(word) for word, _, y in words if 5 < y - axis < 30]

    assert legend == ["José", "&", "שרה", "李小龍", "&", "محمد"]


def _word_on_a_page(tmp_path, bold: bool) -> float:
    path = tmp_path / f"word-{bold}.pdf"
    canvas = Canvas(str(path), pagesize=(200, 80))
    draw_text(canvas, 10, 20, "李小龍", 40, bold=bold)
    canvas.save()
    return dark_fraction(path.read_bytes(), tmp_path)


def test_a_cjk_name_in_a_bold_heading_prints_heavier_than_in_plain_text(tmp_path):
    fonts.register()

    assert _word_on_a_page(tmp_path, bold=True) > 1.15 * _word_on_a_page(tmp_path, bold=False)


def test_a_right_to_left_winner_is_named_before_the_winner_mark_in_the_totals(tmp_path):
    rules = RULE_SETS["ten-pennies"]
    players = ["Ann", "שרה", "Bob"]
    game = rules.new_game(players)
    hand = {"Ann": {"points": 10, "cards": 1, "buys": 0}, "שרה": {"points": 0, "cards": 0}}
    hand["Bob"] = {"points": 20, "cards": 2, "buys": 0}
    pdf = score_sheet_pdf(game.score([HandInput(hand)] * 7))

    words = words_drawn(pdf, tmp_path)
    mark = next(y for word, _, y in words if word == "winner" and y > 100)
    row = sorted((w for w in words if abs(w[2] - mark) < 2), key=lambda w: w[1])

    assert [reads_as(word) for word, _, _ in row][:3] == ["שרה", "★", "winner"]
