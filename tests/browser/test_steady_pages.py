"""Nothing moves under a reader's thumb while a page loads (issue 21): Chromium's layout-shift
observer, from the first byte to half a second after the load event, on the pages a scorekeeper
opens most, at 320, 360 and 390 px. A part of the page laid out late (`content-visibility`)
that is on the first screen after all pushes what is below it down: that is a shift."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Route, expect

from games.models import Player

from .helpers import Scorekeeper
from .test_readable_screens import game_with_totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Set before any script of the page: every layout shift the page makes, with what moved.
WATCH_SHIFTS = """window.shifts = [];
new PerformanceObserver((list) => {
    for (const shift of list.getEntries()) {
        const moved = shift.sources.map((source) => source.node && source.node.nodeName);
        window.shifts.push(`${shift.value.toFixed(3)}: ${moved.join(", ")}`);
    }
}).observe({type: "layout-shift", buffered: true});"""


@pytest.fixture
def keeper(keeper: Scorekeeper) -> Scorekeeper:
    """The logged-in scorekeeper, every page of whose phone watches its layout shifts."""
    keeper.page.context.add_init_script(WATCH_SHIFTS)
    return keeper


def shifts_on_load(keeper: Scorekeeper, path: str) -> dict[int, list[str]]:
    """The layout shifts of a fresh load of `path` at each phone width (none: an empty list)."""
    page = keeper.page
    seen = {}
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 780})
        page.goto(path, wait_until="load")
        page.wait_for_timeout(500)  # a late layout shifts within its first frames
        seen[width] = page.evaluate("window.shifts")
    return seen


def test_a_players_page_with_its_chart_on_the_first_screen_does_not_move(
    keeper: Scorekeeper,
) -> None:
    for winner in range(3):  # three finished games: a chart of Ann's win rate
        hands = [[1200 if side == winner else 100 for side in range(3)]] * 3
        game_with_totals("pfh-three-hands", ["Ann", "Bob", "Cy"], hands)
    ann = Player.objects.get(owner__username="scorer", name="Ann")
    assert shifts_on_load(keeper, f"/players/{ann.pk}/") == {320: [], 360: [], 390: []}


def test_a_short_games_scoreboard_with_its_chart_on_the_first_screen_does_not_move(
    keeper: Scorekeeper,
) -> None:
    game = game_with_totals("score-pad", ["Ann", "Bob", "Cy"], [[1200, 800, -300], [50, 60, 70]])
    keeper.page.goto(f"/games/{game.pk}/")
    chart = keeper.page.locator("svg.chart").bounding_box()
    assert chart is not None and chart["y"] < 780  # on the first screen
    assert shifts_on_load(keeper, f"/games/{game.pk}/") == {320: [], 360: [], 390: []}


def test_a_long_games_scoreboard_and_its_next_hand_do_not_move(keeper: Scorekeeper) -> None:
    hands = [[100 * n, 50 * n, -10 * n] for n in range(1, 31)]
    game = game_with_totals("score-pad", ["Ann", "Bob", "Cy"], hands)
    assert shifts_on_load(keeper, f"/games/{game.pk}/") == {320: [], 360: [], 390: []}
    assert shifts_on_load(keeper, f"/games/{game.pk}/hands/new/") == {320: [], 360: [], 390: []}


def test_home_with_games_on_it_does_not_move(keeper: Scorekeeper) -> None:
    owner = get_user_model().objects.get(username="scorer")
    for first in ("Ann", "Di", "Gus"):
        game_with_totals("score-pad", [first, "Bob"], [[10, 20]])
    assert owner.players.count() == 4
    assert shifts_on_load(keeper, "/") == {320: [], 360: [], 390: []}


FIRST_PAINT_DONE = "() => performance.getEntriesByName('first-contentful-paint').length > 0"


def test_a_counts_choices_are_never_shown_before_they_take_a_tap(keeper: Scorekeeper) -> None:
    """A count's buttons do nothing until hand.js runs: shown before it arrives (a cold cache, a
    slow line), a tap on "1" would be lost. They come with the page (issue 40; hand.js drew
    them): while it is held back none shows, and their room is kept; once it has run they show
    in that room, the box beside them does not move, and they take the tap."""
    game = game_with_totals("pfh-three-hands", ["Ann", "Bob", "Cy"], [])
    page = keeper.page
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(re.compile(r"/static/js/hand\b"), hold)

    page.goto(f"/games/{game.pk}/hands/new/", wait_until="commit")
    choices = page.locator(".count-box").first.locator("count-choices")
    box = page.locator(".count-box").first.locator("input")
    choices.wait_for(state="attached")
    page.wait_for_function(FIRST_PAINT_DONE)  # painted, hand.js still held back
    assert held, "hand.js was not asked for"
    assert choices.locator("button").count() == 3
    expect(choices.locator("button").first).to_be_hidden()  # unseen, and so untappable
    room, box_at = choices.bounding_box(), box.bounding_box()
    assert room is not None and room["width"] >= 2 * 44

    held[0].continue_()
    one = choices.locator("button.count-choice[data-choice='1']")
    expect(one).to_be_visible()
    assert box.bounding_box() == box_at
    drawn = one.bounding_box()
    assert drawn is not None and room["x"] <= drawn["x"] <= room["x"] + room["width"] - 44
    keeper.tap(one)
    expect(box).to_have_value("1")


def test_a_score_pads_sign_buttons_keep_their_room_until_they_work(keeper: Scorekeeper) -> None:
    """A score pad's −/+ turns a score's sign once pad.js runs. Painted before that (a cold
    cache, a slow line), it keeps its room unseen: when it shows, the score boxes beside it do
    not move (they moved by a button's width, a layout shift of 0.019 at 320 px)."""
    game = game_with_totals("score-pad", ["Ann", "Bob", "Cy"], [[10, 20, 30]])
    page = keeper.page
    page.set_viewport_size({"width": 320, "height": 780})
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(re.compile(r"/static/js/pad\b"), hold)
    page.goto(f"/games/{game.pk}/hands/new/", wait_until="commit")
    sign = page.locator("[data-sign-toggle]").first
    score = page.locator(".pad-total input").first
    score.wait_for(state="attached")
    page.wait_for_function(FIRST_PAINT_DONE)  # painted, pad.js still held back
    assert held, "pad.js was not asked for"
    room = score.bounding_box()
    assert not sign.is_visible()

    held[0].continue_()
    expect(sign).to_be_visible()
    assert score.bounding_box() == room
    assert page.evaluate("window.shifts") == []
    keeper.tap(sign)
    expect(score).to_have_value("-")
