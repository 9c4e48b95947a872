"""The game's story on the score sheet: each side's running total by hand, drawn with ReportLab's
graphics from the same chart data as the scoreboard's SVG (games/charts.py)."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Line, PolyLine, String
from reportlab.lib import colors

from games.charts import game_story
from games.rules import GameScore

from .fonts import SANS, SANS_BOLD
from .layout import ACCENT, FAINT, INK, number

HEIGHT = 150.0
LEFT, RIGHT, TOP, BOTTOM = 42.0, 8.0, 8.0, 30.0
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


def story_drawing(score: GameScore, width: float) -> Drawing | None:
    """Running totals by hand, target marked; None before the first hand."""
    chart = game_story(score)
    if chart is None:
        return None
    # Our font from the start: ReportLab's default (Helvetica) is never embedded.
    drawing = Drawing(width, HEIGHT, initialFontName=SANS, initialFontSize=7)
    span_x, span_y = width - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    points = chart.points

    def x(index: int) -> float:
        return LEFT + (index * span_x / (points - 1) if points > 1 else span_x / 2)

    def y(value: float) -> float:
        return BOTTOM + (value - chart.low) * span_y / (chart.high - chart.low)

    label = {"fontName": SANS, "fontSize": 7, "fillColor": FAINT, "textAnchor": "end"}
    for level in chart.y_lines:
        drawing.add(Line(LEFT, y(level), width - RIGHT, y(level), strokeColor=colors.lightgrey))
        drawing.add(String(LEFT - 3, y(level) - 2.5, number(level), **label))
    if chart.target is not None:
        target_y = y(chart.target)
        drawing.add(
            Line(
                LEFT, target_y, width - RIGHT, target_y, strokeColor=ACCENT, strokeDashArray=(4, 2)
            )
        )
        drawing.add(
            String(LEFT - 3, target_y - 2.5, number(chart.target), **{**label, "fillColor": INK})
        )
    if chart.note:
        drawing.add(
            String(
                LEFT + 4,
                HEIGHT - TOP - 8,
                "the lowest total wins",
                fontName=SANS_BOLD,
                fontSize=7,
                fillColor=INK,
            )
        )
    word = chart.x_label
    drawing.add(String(LEFT, BOTTOM - 10, f"{word} 1", fontName=SANS, fontSize=7, fillColor=FAINT))
    if points > 1:
        drawing.add(String(width - RIGHT, BOTTOM - 10, str(points), **label))
    legend_x = LEFT
    for index, line in enumerate(chart.series):
        ink, dash = INKS[index % len(INKS)]
        colour = colors.HexColor(ink)
        coords = [c for i, v in enumerate(line.values) for c in (x(i), y(v))]
        if len(line.values) == 1:
            coords += [coords[0] + 0.1, coords[1]]
        drawing.add(PolyLine(coords, strokeColor=colour, strokeWidth=1.6, strokeDashArray=dash))
        drawing.add(
            Line(
                legend_x,
                4,
                legend_x + 16,
                4,
                strokeColor=colour,
                strokeWidth=1.6,
                strokeDashArray=dash,
            )
        )
        drawing.add(String(legend_x + 20, 1.5, line.name, fontName=SANS, fontSize=7, fillColor=INK))
        legend_x += 28 + len(line.name) * 4.2
    return drawing
