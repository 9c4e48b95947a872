"""The game's story on the score sheet: each side's running total by hand, drawn with ReportLab's
graphics from the same numbers as the scoreboard's SVG chart (games/story.py).

A sheet is often printed in black and white, so colour never tells two sides apart alone: each
side's line has a dash pattern and a marker shape of its own, shown again in the legend."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from math import ceil
from typing import Any

from django.utils.translation import gettext
from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Polygon, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics

from games.rules import GameScore
from games.story import RunningTotals, Series, running_totals
from games.words import filling

from . import fonts
from .fonts import SANS, SANS_BOLD
from .layout import FAINT, INK, number, shorten

HEIGHT = 150.0
#: The chart's height where a short game's sheet needs the room for its last hands.
COMPACT_CHART_HEIGHT = 96.0
#: The room around the plot; BOTTOM holds the hand numbers and one row of the legend (a legend
#: of more rows takes LEGEND_ROW more for each).
LEFT, RIGHT, TOP, BOTTOM = 42.0, 8.0, 8.0, 30.0
#: The legend: its type size, the room for each side's line sample, the space after a name.
LEGEND_SIZE = 7.0
LEGEND_LINE = 26.0
LEGEND_GAP = 8.0
LEGEND_ROW = 11.0
#: The words over the chart, the target's label among them.
LABEL_SIZE = 7.0
LINE_WIDTH = 1.4
#: A marker's half width, and the least room between two markers of one line: where the hands
#: are closer than that, a line carries a marker on every few hands only.
MARKER_SIZE = 2.6
MARKER_GAP = 11.0

#: Print colours, dark enough on white.
INKS = (
    "#0b63a8",
    "#c2410c",
    "#047857",
    "#9d3d8a",
    "#a16207",
    "#0e7490",
    "#4b5563",
    "#7c2d12",
)
#: Dash patterns (on, off, ...) that stay apart in grey: solid, dashed, dotted, dash-dot, long
#: dashes, dash-dot-dot, short dashes, long-short.
DASHES: tuple[tuple[float, ...] | None, ...] = (
    None,
    (5, 2),
    (1.2, 1.8),
    (5, 2, 1.2, 2),
    (10, 2.5),
    (5, 2, 1.2, 2, 1.2, 2),
    (2.5, 2.5),
    (10, 2, 2.5, 2),
)


@dataclass(frozen=True)
class LineStyle:
    """How one side's line is drawn: its colour, its dashes (None: solid) and its marker."""

    ink: colors.Color
    dash: tuple[float, ...] | None
    marker: Callable[[float, float, colors.Color], Any]


def _outline(points: Sequence[tuple[float, float]]) -> Callable[..., Polygon]:
    """A marker drawn as a polygon through `points` (around 0, 0, in units of MARKER_SIZE)."""

    def draw(x: float, y: float, ink: colors.Color, filled: bool) -> Polygon:
        coords = [c for px, py in points for c in (x + px * MARKER_SIZE, y + py * MARKER_SIZE)]
        return Polygon(
            coords,
            fillColor=ink if filled else colors.white,
            strokeColor=ink,
            strokeWidth=0.9,
        )

    return draw


def _circle(x: float, y: float, ink: colors.Color, filled: bool) -> Circle:
    return Circle(
        x,
        y,
        MARKER_SIZE,
        fillColor=ink if filled else colors.white,
        strokeColor=ink,
        strokeWidth=0.9,
    )


def _square(x: float, y: float, ink: colors.Color, filled: bool) -> Rect:
    side = MARKER_SIZE * 1.7
    return Rect(
        x - side / 2,
        y - side / 2,
        side,
        side,
        fillColor=ink if filled else colors.white,
        strokeColor=ink,
        strokeWidth=0.9,
    )


_TRIANGLE = ((0.0, 1.25), (1.1, -0.75), (-1.1, -0.75))
_TRIANGLE_DOWN = tuple((x, -y) for x, y in _TRIANGLE)
_DIAMOND = ((0.0, 1.3), (1.1, 0.0), (0.0, -1.3), (-1.1, 0.0))
#: A plus sign of arms a third as thick as they are long, and the same turned into a cross.
_PLUS = (
    (-0.4, 1.2),
    (0.4, 1.2),
    (0.4, 0.4),
    (1.2, 0.4),
    (1.2, -0.4),
    (0.4, -0.4),
    (0.4, -1.2),
    (-0.4, -1.2),
    (-0.4, -0.4),
    (-1.2, -0.4),
    (-1.2, 0.4),
    (-0.4, 0.4),
)
_CROSS = tuple(((x - y) * 0.75, (x + y) * 0.75) for x, y in _PLUS)

#: (shape, filled) of each side's marker, in side order: twelve, none like another in grey.
MARKERS: tuple[tuple[Callable[..., Any], bool], ...] = (
    (_circle, True),
    (_square, True),
    (_outline(_TRIANGLE), True),
    (_outline(_DIAMOND), True),
    (_circle, False),
    (_square, False),
    (_outline(_TRIANGLE_DOWN), False),
    (_outline(_CROSS), True),
    (_outline(_PLUS), True),
    (_outline(_DIAMOND), False),
    (_outline(_TRIANGLE), False),
    (_outline(_TRIANGLE_DOWN), True),
)


def line_style(index: int) -> LineStyle:
    """The style of the side at `index`: the first eight each have a dash pattern and a marker
    of their own, and no two sides of twelve share both."""
    shape, filled = MARKERS[index % len(MARKERS)]

    def marker(x: float, y: float, ink: colors.Color) -> Any:
        return shape(x, y, ink, filled)

    return LineStyle(colors.HexColor(INKS[index % len(INKS)]), DASHES[index % len(DASHES)], marker)


Box = tuple[float, float, float, float]
Segment = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class _Plot:
    """Where the chart's values go on the page: hand index to x, total to y."""

    story: RunningTotals
    width: float
    height: float
    bottom: float

    @property
    def span_x(self) -> float:
        return self.width - LEFT - RIGHT

    def x(self, index: int) -> float:
        points = self.story.points
        return LEFT + (index * self.span_x / (points - 1) if points > 1 else self.span_x / 2)

    def y(self, value: float) -> float:
        story = self.story
        span_y = self.height - TOP - self.bottom
        return self.bottom + (value - story.low) * span_y / (story.high - story.low)

    def marker_every(self) -> int:
        """Every how many hands a line carries a marker, so markers do not run together."""
        points = self.story.points
        spacing = self.span_x / (points - 1) if points > 1 else self.span_x
        return max(1, ceil(MARKER_GAP / spacing))


def story_drawing(score: GameScore, width: float, height: float = HEIGHT) -> Drawing | None:
    """Running totals by hand, target marked, `height` tall; None before the first hand."""
    story = running_totals(score)
    if story is None:
        return None
    # Our font from the start: ReportLab's default (Helvetica) is never embedded.
    drawing = Drawing(width, height, initialFontName=SANS, initialFontSize=7)
    legend = _legend_rows(story.series, width)
    plot = _Plot(story, width, height, BOTTOM + (len(legend) - 1) * LEGEND_ROW)
    label = {"fontName": SANS, "fontSize": LABEL_SIZE, "fillColor": FAINT, "textAnchor": "end"}
    for level in story.levels:
        drawing.add(
            Line(LEFT, plot.y(level), width - RIGHT, plot.y(level), strokeColor=colors.lightgrey)
        )
        drawing.add(String(LEFT - 5, plot.y(level) - 2.5, number(level), **label))
    obstacles: list[Box] = []
    note = story.ranking[1]  # the words: the printed chart has room for them
    if note:
        note_y = height - TOP - 8
        drawing.add(String(LEFT + 4, note_y, note, fontName=SANS_BOLD, fontSize=7, fillColor=INK))
        note_width = fonts.text_width(note, 7, bold=True)
        obstacles.append(_text_box(LEFT + 4, note_y, note_width))
    word = story.hand_word
    hands_y = plot.bottom - 10
    drawing.add(String(LEFT, hands_y, f"{word} 1", fontName=SANS, fontSize=7, fillColor=FAINT))
    if story.points > 1:
        drawing.add(String(width - RIGHT, hands_y, str(story.points), **label))
    series = [_series_group(plot, index, line) for index, line in enumerate(story.series)]
    for group in series:
        drawing.add(group)
    segments = [s for group in series for s in _segments_of(group)]
    if story.target is not None:
        text = gettext("game to %(target)s") % {"target": number(story.target)}
        _add_target(drawing, plot, story.target, text, label, segments, obstacles)
    limit = score.game.rules.to_knock_out(0)
    if limit is not None and story.low <= limit <= story.high:
        # The limit that knocks a side out, marked as a target is: the line totals pass.
        text = filling.fill(score.game.rules, gettext("out {out_when}"))
        _add_target(drawing, plot, limit, text, label, segments, obstacles)
    _add_legend(drawing, legend)
    return drawing


def _series_group(plot: _Plot, index: int, line: Series) -> Group:
    """A side's line and its markers (a side with one hand so far: its marker alone)."""
    style = line_style(index)
    group = Group()
    points = [(plot.x(i), plot.y(v)) for i, v in enumerate(line.values)]
    if len(points) > 1:
        group.add(
            PolyLine(
                [c for point in points for c in point],
                strokeColor=style.ink,
                strokeWidth=LINE_WIDTH,
                strokeDashArray=style.dash,
                strokeLineJoin=1,
            )
        )
    every = plot.marker_every()
    # Sides take turns at the hands that carry a marker, so the markers of lines running
    # together do not all fall on the same hands; the last hand always carries one.
    for at, (x, y) in enumerate(points):
        if (at + index) % every == 0 or at == len(points) - 1:
            group.add(style.marker(x, y, style.ink))
    return group


def _segments_of(group: Group) -> Iterator[Segment]:
    """Every straight piece a side's line and markers are drawn with (a round marker as the
    square around it)."""
    for shape in group.contents:
        if isinstance(shape, Circle):
            r = shape.r
            coords = [shape.cx - r, shape.cy - r, shape.cx + r, shape.cy - r]
            coords += [shape.cx + r, shape.cy + r, shape.cx - r, shape.cy + r]
            coords += coords[:2]
        elif isinstance(shape, Rect):
            x, y, w, h = shape.x, shape.y, shape.width, shape.height
            coords = [x, y, x + w, y, x + w, y + h, x, y + h, x, y]
        else:
            coords = list(shape.points)
            if isinstance(shape, Polygon):
                coords += coords[:2]
        pairs = list(zip(coords[0::2], coords[1::2], strict=True))
        yield from zip(pairs, pairs[1:], strict=False)


#: The room kept clear around the target's name.
LABEL_CLEARANCE = 1.5


def _text_box(left: float, base: float, width: float, size: float = LABEL_SIZE) -> Box:
    """The box a line of text at `size` takes from its baseline, with room to breathe."""
    room = LABEL_CLEARANCE
    return (left - room, base - 0.25 * size - room, left + width + room, base + 0.8 * size + room)


def crosses(box: Box, segment: Segment) -> bool:
    """Whether `segment` passes through `box` (Liang and Barsky's clipping)."""
    left, bottom, right, top = box
    (x0, y0), (x1, y1) = segment
    low, high = 0.0, 1.0
    for p, q in (
        (x0 - x1, x0 - left),
        (x1 - x0, right - x0),
        (y0 - y1, y0 - bottom),
        (y1 - y0, top - y0),
    ):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _add_target(
    drawing: Drawing,
    plot: _Plot,
    target: int,
    text: str,
    label: dict[str, Any],
    segments: list[Segment],
    obstacles: list[Box],
) -> None:
    """The target: dotted, thin and named on the line, never mistaken for a side's line; its
    name where no line or marker runs through it."""
    target_y = plot.y(target)
    drawing.add(
        Line(
            LEFT,
            target_y,
            plot.width - RIGHT,
            target_y,
            strokeColor=INK,
            strokeWidth=0.8,
            strokeDashArray=(0.8, 2.2),
        )
    )
    ink = {**label, "fillColor": INK}
    drawing.add(String(LEFT - 5, target_y - 2.5, number(target), **ink))
    left, base = _clear_place(plot, target_y, text, segments, obstacles)
    drawing.add(String(left, base, text, **{**ink, "textAnchor": "start"}))


def _clear_place(
    plot: _Plot, target_y: float, text: str, segments: list[Segment], obstacles: list[Box]
) -> tuple[float, float]:
    """Where the target's name goes (left end, baseline): just over or under its line, at the
    right end where that is clear, else the first clear place along it; failing any, the
    place fewest lines cross."""
    width = fonts.text_width(text, LABEL_SIZE)
    over, under = target_y + 2.5, target_y - 2.5 - 0.8 * LABEL_SIZE
    right, left = plot.width - RIGHT - width - 2, LEFT + 4
    steps = max(1, int((right - left) // 8))
    lefts = [right, left] + [right - (right - left) * i / steps for i in range(1, steps)]
    places = [(x, base) for base in (over, under) for x in lefts]

    # Only what runs near the target's line can get in its name's way.
    band_low, band_high = under - LABEL_SIZE, over + 2 * LABEL_SIZE
    near = [
        segment
        for segment in segments
        if min(segment[0][1], segment[1][1]) <= band_high
        and max(segment[0][1], segment[1][1]) >= band_low
    ]

    def crossings(place: tuple[float, float]) -> int:
        box = _text_box(place[0], place[1], width)
        if box[3] > plot.height - TOP or box[1] < plot.bottom:
            return len(near) + len(obstacles) + 1
        hits = sum(crosses(box, segment) for segment in near)
        return hits + sum(_overlaps(box, other) for other in obstacles)

    fewest: tuple[int, tuple[float, float]] | None = None
    for place in places:
        count = crossings(place)
        if count == 0:
            return place
        if fewest is None or count < fewest[0]:
            fewest = (count, place)
    assert fewest is not None
    return fewest[1]


@dataclass(frozen=True)
class _LegendItem:
    index: int
    name: str
    width: float


def _legend_rows(series: Sequence[Series], width: float) -> list[list[_LegendItem]]:
    """The legend's items, row by row: as many to a row as fit, a name cut short only where it
    does not fit a row of its own."""
    room = width - LEFT - RIGHT
    rows: list[list[_LegendItem]] = [[]]
    used = 0.0
    for index, line in enumerate(series):
        name = shorten(line.name, room - LEGEND_LINE, LEGEND_SIZE)
        item = _LegendItem(index, name, LEGEND_LINE + _name_width(name))
        if rows[-1] and used + item.width > room:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += item.width + LEGEND_GAP
    return rows


def _name_width(name: str) -> float:
    return sum(
        pdfmetrics.stringWidth(run, font or SANS, LEGEND_SIZE) for run, font in fonts.runs(name)
    )


def _add_legend(drawing: Drawing, rows: list[list[_LegendItem]]) -> None:
    """A key under the chart: each side's line sample with its marker, and its name drawn like
    every other name on the printout (right-to-left letters in reading order, CJK in the CJK
    font)."""
    for row_number, row in enumerate(rows):
        y = 4 + (len(rows) - 1 - row_number) * LEGEND_ROW
        x = LEFT
        for item in row:
            style = line_style(item.index)
            end = x + LEGEND_LINE - 5
            sample = Group(
                Line(
                    x,
                    y,
                    end,
                    y,
                    strokeColor=style.ink,
                    strokeWidth=LINE_WIDTH,
                    strokeDashArray=style.dash,
                ),
                style.marker((x + end) / 2, y, style.ink),
            )
            drawing.add(sample)
            run_x = x + LEGEND_LINE
            for run, font in fonts.runs(item.name):
                font_name = font or SANS
                drawing.add(
                    String(
                        run_x, y - 2.5, run, fontName=font_name, fontSize=LEGEND_SIZE, fillColor=INK
                    )
                )
                run_x += pdfmetrics.stringWidth(run, font_name, LEGEND_SIZE)
            x += item.width + LEGEND_GAP
