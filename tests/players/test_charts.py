"""The charts drawn as inline SVG: read back from the page, one point per hand per side, at the
right totals (measured against the chart's own labelled levels)."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from django.test import Client

from games.charts import Chart, game_story, win_rate_story
from games.models import Game
from tests.views.helpers import bare, game_url, html

ROOT = Path(__file__).resolve().parents[2]

SVG = "{http://www.w3.org/2000/svg}"
CAUGHT_2 = {"cards": 2, "points": 15}
CAUGHT_1 = {"cards": 1, "points": 10}


def chart_in(page: str, chart_id: str = "story") -> ET.Element:
    match = re.search(rf'<svg class="chart" id="{chart_id}".*?</svg>', page, re.S)
    assert match, f"no chart {chart_id} on the page"
    return ET.fromstring(match.group(0).replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))


def levels(svg: ET.Element) -> dict[int, float]:
    """Each labelled level's value and its height in the chart."""
    found = {}
    for text in svg.iter(f"{SVG}text"):
        label = (text.text or "").replace(",", "").rstrip("%")
        if text.get("text-anchor") == "end" and re.fullmatch(r"-?\d+", label):
            found[int(label)] = float(text.get("y", 0)) - 4
    return found


def lines(svg: ET.Element) -> dict[str, list[tuple[float, float]]]:
    return {
        line.get("data-name", ""): [
            (float(pair.split(",")[0]), float(pair.split(",")[1]))
            for pair in line.get("points", "").split()
        ]
        for line in svg.iter(f"{SVG}polyline")
    }


def read_values(svg: ET.Element) -> dict[str, list[float]]:
    """The value of each point, worked back from the two most distant labelled levels."""
    marks = levels(svg)
    low, high = min(marks), max(marks)
    per_unit = (marks[low] - marks[high]) / (high - low)
    return {
        name: [low + (marks[low] - y) / per_unit for _, y in points]
        for name, points in lines(svg).items()
    }


def test_the_scoreboard_draws_each_sides_running_total_hand_by_hand(
    alice_client: Client, make_game
) -> None:
    game = make_game(hands=[])
    for number, (a, b) in enumerate([(1200, 300), (-400, 2100), (3100, 1500)], start=1):
        game.record_hand(number, bare(game, a, b), game.dealer_for(number))

    svg = chart_in(html(alice_client.get(game_url("game", game))))

    values = read_values(svg)
    assert set(values) == {"Ann & Cy", "Bob & Di"}
    for got, want in zip(values["Ann & Cy"], [1200, 800, 3900], strict=True):
        assert abs(got - want) < 80  # one pixel is about 70 points on this scale
    for got, want in zip(values["Bob & Di"], [300, 2400, 3900], strict=True):
        assert abs(got - want) < 80
    xs = [x for x, _ in lines(svg)["Ann & Cy"]]
    assert xs == sorted(xs) and len(set(xs)) == 3


def test_the_target_is_marked_and_described_for_screen_readers(
    alice_client: Client, make_game
) -> None:
    game = make_game(hands=[{"Ann & Cy": {"total": 500}, "Bob & Di": {"total": 100}}])
    game.record_hand(2, bare(game, 500, 100), "Bob")

    page = html(alice_client.get(game_url("game", game)))

    svg = chart_in(page)
    assert svg.get("role") == "img"
    assert svg.find(f"{SVG}path[@class='target']") is not None
    assert 8_500 in levels(svg)
    assert svg.findtext(f"{SVG}desc") == (
        "After hand 2: Ann & Cy 1,000, Bob & Di 200. The game ends when a side reaches 8,500."
    )


def test_the_target_line_is_named_on_the_line_and_drawn_unlike_any_sides_line(
    alice_client: Client, make_game
) -> None:
    game = make_game(hands=[{"Ann & Cy": {"total": 500}, "Bob & Di": {"total": 100}}])

    svg = chart_in(html(alice_client.get(game_url("game", game))))

    labels = [text.text for text in svg.iter(f"{SVG}text") if text.get("class") == "target-label"]
    assert "game to 8,500" in labels
    stylesheet = (ROOT / "static" / "css" / "app.css").read_text()
    target_dash = re.search(r"\.chart \.target \{[^}]*stroke-dasharray: ([^;]+);", stylesheet)
    side_dashes = re.findall(r"\.chart \.c\d \{ stroke-dasharray: ([^;]+); \}", stylesheet)
    assert target_dash is not None and side_dashes
    assert target_dash.group(1) not in side_dashes


def test_ten_pennies_marks_that_the_lowest_total_wins(alice_client: Client, make_game) -> None:
    game = make_game(
        "ten-pennies",
        players=("Ann", "Bob", "Cy"),
        hands=[
            {
                "Ann": {"cards": 0},
                "Bob": {"cards": 2, "points": 15},
                "Cy": {"cards": 1, "points": 5},
            },
            {
                "Ann": {"cards": 3, "points": 40},
                "Bob": {"cards": 0},
                "Cy": {"cards": 1, "points": 10},
            },
        ],
    )

    svg = chart_in(html(alice_client.get(game_url("game", game))))

    assert "lowest wins" in "".join(svg.itertext())
    assert svg.find(f"{SVG}path[@class='target']") is None
    assert {name: len(points) for name, points in lines(svg).items()} == {
        "Ann": 2,
        "Bob": 2,
        "Cy": 2,
    }


def test_the_live_view_shows_the_chart_too(client: Client, make_game) -> None:
    game = make_game(hands=[{"Ann & Cy": {"total": 500}, "Bob & Di": {"total": 100}}] * 2)

    page = html(client.get(f"/live/{game.share_token}/"))

    assert len(lines(chart_in(page))) == 2


def test_no_chart_before_the_first_hand(alice_client: Client, game: Game) -> None:
    assert 'class="chart"' not in html(alice_client.get(game_url("game", game)))


def test_a_single_hand_is_a_dot_per_side(make_game) -> None:
    game = make_game(hands=[{"Ann & Cy": {"total": 500}, "Bob & Di": {"total": 100}}])

    chart = game_story(game.score())

    assert chart is not None
    assert chart.svg.count("<circle") == 2


def test_a_60_hand_chart_stays_small(make_game) -> None:
    game = make_game(hands=[{"Ann & Cy": {"total": 95}, "Bob & Di": {"total": 120}}] * 60)

    chart: Chart | None = game_story(game.score())

    assert chart is not None
    assert len(chart.svg.encode()) < 2_500


def test_the_win_rate_chart_is_the_rate_after_each_game() -> None:
    chart = win_rate_story("Ann", [True, False, False, True])

    assert chart is not None
    assert [line.values for line in chart.series] == [[100, 50, 33, 50]]
    assert chart.description == "After 4 finished games: 2 won, a win rate of 50%."


def test_the_phase_10_chart_never_says_the_lowest_total_wins() -> None:
    """The player furthest on wins Phase 10, then the lowest total: Bob's lowest total with
    five phases done loses to Ann's ten."""
    from tests.printing.test_score_sheet_results import finished_phase_10

    chart = game_story(finished_phase_10())

    assert chart is not None
    assert "The lowest total wins" not in chart.description
    assert "The furthest phase wins, then the lowest total." in chart.description
    assert chart.note == "furthest phase, then lowest ↓"
