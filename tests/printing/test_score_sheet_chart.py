"""The score sheet's chart of running totals (ReportLab graphics, same data as the scoreboard)."""

from reportlab.graphics.shapes import Circle, Line, PolyLine

from games.printing import score_sheet_pdf
from games.printing.storychart import BOTTOM, HEIGHT, TOP, story_drawing
from games.rules import HandInput
from games.story import running_totals

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
    chart = running_totals(score)
    assert chart is not None
    low, high = chart.low, chart.high
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


def test_a_chart_of_one_hand_draws_each_sides_point():
    score = finished_miromar()
    one_hand = score.game.score(
        [HandInput({"Ann & Cy": {"total": 300}, "Bob & Di": {"total": 1_250}})]
    )
    drawing = story_drawing(one_hand, 500)
    assert drawing is not None

    dots = [shape for shape in drawing.contents if isinstance(shape, Circle)]

    assert len(dots) == 2
    assert all(dot.r >= 2 and dot.fillColor is not None for dot in dots)


def _gridlines_and_points(score) -> tuple[list[float], list[float]]:
    """The heights of the chart's gridlines and of every point of its lines."""
    drawing = story_drawing(score, 500)
    assert drawing is not None
    shapes = drawing.contents
    lines = [s.y1 for s in shapes if isinstance(s, Line) and s.x1 < s.x2 and s.y1 > BOTTOM - 1]
    points = [y for s in shapes if isinstance(s, PolyLine) for y in s.points[1::2]]
    return lines, points


def test_the_charts_top_gridline_is_above_every_total_where_the_lowest_total_wins():
    lines, points = _gridlines_and_points(finished_ten_pennies())

    assert max(points) <= max(lines)


def test_the_charts_top_gridline_is_above_every_total_past_the_target():
    # 10,300 passes Miromar's 8,500 target.
    lines, points = _gridlines_and_points(finished_miromar())

    assert max(points) <= max(lines)
