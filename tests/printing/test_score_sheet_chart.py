"""The score sheet's chart of running totals (ReportLab graphics, same data as the scoreboard)."""

from reportlab.graphics.shapes import PolyLine

from games.printing import score_sheet_pdf
from games.printing.storychart import BOTTOM, HEIGHT, TOP, story_drawing

from .helpers import dark_fraction, finished_miromar, finished_ten_pennies, flat, partnership


def test_a_sheet_with_hands_has_the_running_totals_chart_with_a_legend(tmp_path):
    score = finished_miromar()

    text = flat(score_sheet_pdf(score))

    assert "Running totals, hand by hand" in text
    assert "Ann & Cy" in text and "8,500" in text
    assert dark_fraction(score_sheet_pdf(score), tmp_path) > 0.01


def test_the_chart_has_one_point_per_hand_per_side_at_the_running_totals():
    score = finished_miromar()
    drawing = story_drawing(score, 500)
    assert drawing is not None

    lines = [shape for shape in drawing.contents if isinstance(shape, PolyLine)]

    assert len(lines) == 2
    low, high = min(0, *(t for h in score.hands for t in h.totals.values())), 10_300
    for line, name in zip(lines, score.game.side_names, strict=True):
        ys = line.points[1::2]
        assert len(ys) == len(score.hands)
        for y, hand in zip(ys, score.hands, strict=True):
            value = low + (y - BOTTOM) * (high - low) / (HEIGHT - TOP - BOTTOM)
            assert abs(value - hand.totals[name]) < 1


def test_ten_pennies_says_the_lowest_total_wins():
    text = flat(score_sheet_pdf(finished_ten_pennies()))

    assert "Running totals, round by round" in text
    assert "the lowest total wins" in text


def test_no_chart_before_the_first_hand():
    game = partnership()

    assert story_drawing(game.score([]), 500) is None
    assert "Running totals" not in flat(score_sheet_pdf(game.score([])))
