"""The game's story on the score sheet: each side's running total by hand, drawn with ReportLab's
graphics from the same numbers as the scoreboard's SVG chart (games/story.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, String
from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics

from games.rules import GameScore
from games.story import Series, running_totals

from . import fonts
from .fonts import SANS, SANS_BOLD
from .layout import FAINT, INK, number, shorten

HEIGHT = 150.0
#: The chart's height where a short game's sheet needs the room for its last hands.
COMPACT_CHART_HEIGHT = 96.0
LEFT, RIGHT, TOP, BOTTOM = 42.0, 8.0, 8.0, 30.0
#: The legend: its type size, the room for each side's line sample, the space after a name.
LEGEND_SIZE = 7.0
LEGEND_LINE = 20.0
LEGEND_GAP = 8.0
#: A side with one hand so far is a dot this size.
DOT_RADIUS = 2.6
#: Print colours (dark enough on white, told apart in grey by their dashes).
INKS = [
    ("#0b63a8", None),
    ("#c2410c", (6, 2)),
    ("#047857", None),
    ("#9d3d8a", (1.5, 2)),
    ("#a16207", None),
    ("#0e7490", (6, 2)),
    ("#4b5563", None),
    ("#7c2d12", (1.5, 2)),
]


def story_drawing(score: GameScore, width: float, height: float = HEIGHT) -> Drawing | None:
    """Running totals by hand, target marked, `height` tall; None before the first hand."""
    story = running_totals(score)
    if story is None:
        return None
    # Our font from the start: ReportLab's default (Helvetica) is never embedded.
    drawing = Drawing(width, height, initialFontName=SANS, initialFontSize=7)
    span_x, span_y = width - LEFT - RIGHT, height - TOP - BOTTOM
    points = story.points

    def x(index: int) -> float:
        return LEFT + (index * span_x / (points - 1) if points > 1 else span_x / 2)

    def y(value: float) -> float:
        return BOTTOM + (value - story.low) * span_y / (story.high - story.low)

    label = {"fontName": SANS, "fontSize": 7, "fillColor": FAINT, "textAnchor": "end"}
    for level in story.levels:
        drawing.add(Line(LEFT, y(level), width - RIGHT, y(level), strokeColor=colors.lightgrey))
        drawing.add(String(LEFT - 3, y(level) - 2.5, number(level), **label))
    if story.target is not None:
        _add_target(drawing, story.target, y(story.target), width, label)
    if story.lowest_wins:
        drawing.add(
            String(
                LEFT + 4,
                height - TOP - 8,
                "the lowest total wins",
                fontName=SANS_BOLD,
                fontSize=7,
                fillColor=INK,
            )
        )
    word = story.hand_word
    drawing.add(String(LEFT, BOTTOM - 10, f"{word} 1", fontName=SANS, fontSize=7, fillColor=FAINT))
    if points > 1:
        drawing.add(String(width - RIGHT, BOTTOM - 10, str(points), **label))
    for index, line in enumerate(story.series):
        ink, dash = INKS[index % len(INKS)]
        colour = colors.HexColor(ink)
        if len(line.values) == 1:
            # A line through one point draws nothing to see: the point itself instead.
            drawing.add(
                Circle(x(0), y(line.values[0]), DOT_RADIUS, fillColor=colour, strokeColor=None)
            )
            continue
        coords = [c for i, v in enumerate(line.values) for c in (x(i), y(v))]
        drawing.add(PolyLine(coords, strokeColor=colour, strokeWidth=1.6, strokeDashArray=dash))
    _add_legend(drawing, story.series, width)
    return drawing


def _add_target(
    drawing: Drawing, target: int, target_y: float, width: float, label: dict[str, Any]
) -> None:
    """The target: dotted, thin and named on the line, never mistaken for a side's line."""
    drawing.add(
        Line(
            LEFT,
            target_y,
            width - RIGHT,
            target_y,
            strokeColor=INK,
            strokeWidth=0.8,
            strokeDashArray=(0.8, 2.2),
        )
    )
    ink = {**label, "fillColor": INK}
    drawing.add(String(LEFT - 3, target_y - 2.5, number(target), **ink))
    drawing.add(String(width - RIGHT, target_y + 2.5, f"game to {number(target)}", **ink))


def _add_legend(drawing: Drawing, series: Sequence[Series], width: float) -> None:
    """A key under the chart: each side's line and name, the name drawn like every other name
    on the printout (right-to-left letters in reading order, CJK in the CJK font) and cut
    short where the sides share the row."""
    legend_x = LEFT
    room = (width - LEFT) / max(len(series), 1) - LEGEND_GAP - LEGEND_LINE
    for index, line in enumerate(series):
        ink, dash = INKS[index % len(INKS)]
        colour = colors.HexColor(ink)
        drawing.add(
            Line(
                legend_x,
                4,
                legend_x + LEGEND_LINE - 4,
                4,
                strokeColor=colour,
                strokeWidth=1.6,
                strokeDashArray=dash,
            )
        )
        name = shorten(line.name, room, LEGEND_SIZE)
        run_x = legend_x + LEGEND_LINE
        for run, font in fonts.runs(name):
            font_name = font or SANS
            drawing.add(
                String(run_x, 1.5, run, fontName=font_name, fontSize=LEGEND_SIZE, fillColor=INK)
            )
            run_x += pdfmetrics.stringWidth(run, font_name, LEGEND_SIZE)
        legend_x = run_x + LEGEND_GAP
