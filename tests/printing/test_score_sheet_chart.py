"""The score sheet's chart of running totals (ReportLab graphics, same data as the scoreboard)."""

import pytest
from reportlab.graphics.shapes import Circle, Drawing, Group, Line, PolyLine, Rect, String
from reportlab.lib import colors

from games.printing import score_sheet_pdf
from games.printing.storychart import BOTTOM, HEIGHT, TOP, crosses, story_drawing
from games.rules import RULE_SETS, GameScore, HandInput
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

    lines = [
        s for group in _series_groups(drawing) for s in group.contents if isinstance(s, PolyLine)
    ]

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


def _gridlines_and_points(score) -> tuple[list[float], list[float]]:
    """The heights of the chart's gridlines and of every point of its lines."""
    drawing = story_drawing(score, 500)
    assert drawing is not None
    shapes = drawing.contents
    lines = [s.y1 for s in shapes if isinstance(s, Line) and s.x1 < s.x2 and s.y1 > BOTTOM - 1]
    points = [
        y
        for group in _series_groups(drawing)
        for s in group.contents
        if isinstance(s, PolyLine)
        for y in s.points[1::2]
    ]
    return lines, points


def test_the_charts_top_gridline_is_above_every_total_where_the_lowest_total_wins():
    lines, points = _gridlines_and_points(finished_ten_pennies())

    assert max(points) <= max(lines)


def test_the_charts_top_gridline_is_above_every_total_past_the_target():
    # 10,300 passes Miromar's 8,500 target.
    lines, points = _gridlines_and_points(finished_miromar())

    assert max(points) <= max(lines)


# -- readable in black and white ----------------------------------------------------------------


def _eight_players_of_liverpool() -> GameScore:
    """Seven deals for eight players, the totals crossing and bunching as a real game's do."""
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    game = RULE_SETS["liverpool"].new_game(names)
    hands = []
    for deal in range(7):
        out = names[(deal * 3) % 8]
        hands.append(
            HandInput(
                {
                    name: {"went_out": True}
                    if name == out
                    else {"points": 5 + (index * 7 + deal * 11) % 40}
                    for index, name in enumerate(names)
                }
            )
        )
    return game.score(hands)


def _series_groups(drawing: Drawing) -> list[Group]:
    """Each side's line with its markers, in side order (the legend's samples are the groups
    with a straight Line in them)."""
    return [
        shape
        for shape in drawing.contents
        if isinstance(shape, Group) and not any(isinstance(s, Line) for s in shape.contents)
    ]


def _marker_shape(shape) -> tuple:
    """What a marker looks like with its colour taken away: its kind, whether it is filled,
    and its outline relative to its middle."""
    filled = shape.fillColor is not None and shape.fillColor != colors.white
    if isinstance(shape, Circle):
        return ("circle", filled)
    if isinstance(shape, Rect):
        return ("square", filled)
    xs, ys = shape.points[0::2], shape.points[1::2]
    middle_x, middle_y = sum(xs) / len(xs), sum(ys) / len(ys)
    outline = tuple((round(x - middle_x), round(y - middle_y)) for x, y in zip(xs, ys, strict=True))
    return ("polygon", filled, outline)


def test_every_side_of_eight_has_its_own_dash_pattern_and_marker_shape():
    score = _eight_players_of_liverpool()
    drawing = story_drawing(score, 500)
    assert drawing is not None

    groups = _series_groups(drawing)

    assert len(groups) == 8
    dashes, markers = [], []
    for group in groups:
        (line,) = [s for s in group.contents if isinstance(s, PolyLine)]
        dashes.append(tuple(line.strokeDashArray or ()))
        shapes = {_marker_shape(s) for s in group.contents if s is not line}
        assert len(shapes) == 1, "a side's markers all look alike"
        markers.append(shapes.pop())
    assert len(set(dashes)) == 8
    assert len(set(markers)) == 8


def test_a_side_of_one_hand_is_its_marker_and_the_legend_shows_each_sides_marker_and_dash():
    score = finished_miromar()
    one_hand = score.game.score(
        [HandInput({"Ann & Cy": {"total": 300}, "Bob & Di": {"total": 1_250}})]
    )
    drawing = story_drawing(one_hand, 500)
    assert drawing is not None

    groups = _series_groups(drawing)
    legend = [s for s in drawing.contents if isinstance(s, Group) and s not in groups]

    assert [len(g.contents) for g in groups] == [1, 1]
    assert _marker_shape(groups[0].contents[0]) != _marker_shape(groups[1].contents[0])
    assert len(legend) == 2
    for sample in legend:
        lines = [s for s in sample.contents if isinstance(s, Line)]
        assert len(lines) == 1 and len(sample.contents) == 2


def _target_label_box(drawing: Drawing) -> tuple[float, float, float, float]:
    from games.printing.fonts import text_width

    (label,) = [s for s in drawing.contents if isinstance(s, String) and "game to" in s.text]
    width = text_width(label.text, label.fontSize)
    left = {"end": label.x - width, "middle": label.x - width / 2}.get(label.textAnchor, label.x)
    return (left, label.y - 0.25 * label.fontSize, left + width, label.y + 0.8 * label.fontSize)


def _plotted_segments(drawing: Drawing):
    """Every segment of every side's line and of the outline of every marker on it."""
    lines = [s for s in drawing.contents if isinstance(s, PolyLine)]
    for shape in lines + [s for g in _series_groups(drawing) for s in g.contents]:
        if isinstance(shape, Circle):
            r = shape.r
            points = [shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r]
        elif isinstance(shape, Rect):
            points = [shape.x, shape.y, shape.x + shape.width, shape.y + shape.height]
            points += [shape.x, shape.y + shape.height, shape.x + shape.width, shape.y]
        else:
            points = list(shape.points)
            if not isinstance(shape, PolyLine):  # a closed marker outline
                points += points[:2]
        pairs = list(zip(points[0::2], points[1::2], strict=True))
        yield from zip(pairs, pairs[1:], strict=False)


def _canasta(*hands: tuple[int, int]) -> GameScore:
    game = partnership("canasta")
    return game.score(
        [HandInput({"Ann & Cy": {"total": a}, "Bob & Di": {"total": b}}) for a, b in hands]
    )


@pytest.mark.parametrize(
    "game",
    [
        "both sides past the target in the last hand",
        "a side far past the target",
        "both sides just under the target for hands on end",
        "a side past the target from near nothing",
    ],
)
@pytest.mark.parametrize("width", [300, 540])
def test_the_game_to_label_sits_clear_of_every_line_and_marker(game, width):
    score = {
        "both sides past the target in the last hand": lambda: _canasta(
            (1_800, 1_500), (700, 600), (1_500, 2_000), (1_565, 750)
        ),
        "a side far past the target": finished_miromar,
        "both sides just under the target for hands on end": lambda: _canasta(
            (4_800, 4_850), *[(10, 5), (5, 10)] * 4, (900, 200)
        ),
        "a side past the target from near nothing": lambda: _canasta(
            (100, 50), (4_850, 100), (300, 4_920)
        ),
    }[game]()
    assert score.finished
    drawing = story_drawing(score, width)
    assert drawing is not None

    box = _target_label_box(drawing)

    assert box[3] <= drawing.height - TOP and box[1] >= BOTTOM
    crossing = [s for s in _plotted_segments(drawing) if crosses(box, s)]
    assert crossing == []
