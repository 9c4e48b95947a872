"""Readable at 320 px (issue 19): chart labels whole, with 8 sides and five- and six-digit
totals."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set

from .conftest import SCREENS
from .helpers import Scorekeeper, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def game_with_totals(slug: str, players: list[str], hands: list[list[int]]) -> Game:
    owner = get_user_model().objects.get(username="scorer")
    setup = get_rule_set(slug).new_game(players, seat_sides(players, 1))
    game = Game.start(owner, setup, players[0])
    for number, scores in enumerate(hands, start=1):
        tallies = {name: {"total": s} for name, s in zip(game.side_names, scores, strict=True)}
        game.record_hand(number, tallies, game.dealer_for(number))
    return game


def clipped_chart_labels(page: Page) -> list[str]:
    """The chart's texts that start left of its box or end right of it."""
    return page.evaluate(
        """() => [...document.querySelectorAll("svg.chart text")].filter((text) => {
            const box = text.getBBox();
            const width = text.ownerSVGElement.viewBox.baseVal.width;
            return box.x < -0.5 || box.x + box.width > width + 0.5;
        }).map((text) => text.textContent)"""
    )


def test_the_charts_axis_labels_are_never_clipped(keeper: Scorekeeper) -> None:
    page = keeper.page
    hands = [[100_000, -20_000, 5, 10, 20, 30, 40, 50], [100_000, -5_000, 5, 10, 20, 30, 40, 50]]
    game = game_with_totals("score-pad", EIGHT, hands)
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 780})
        page.goto(f"/games/{game.pk}/")
        labels = page.locator("svg.chart text").all_text_contents()
        assert "200,000" in labels
        assert clipped_chart_labels(page) == []
        page.locator("svg.chart").scroll_into_view_if_needed()
        shoot(page, f"chart-eight-sides-{width}")


#: The controls whose words must stay inside them.
CONTROLS = "button, a.button, label.pill, label.toggle, summary, .chip"

OVERFLOWING = """(selector) => {
    const out = [];
    for (const control of document.querySelectorAll(selector)) {
        const box = control.getBoundingClientRect();
        const folded = control.closest("[hidden], details:not([open]) > :not(summary)");
        if (!box.width || !box.height || folded) continue;
        const style = getComputedStyle(control);
        // Cut with an ellipsis on purpose: the words stay inside.
        if (style.overflow !== "visible" && style.textOverflow === "ellipsis") continue;
        const range = document.createRange();
        range.selectNodeContents(control);
        for (const line of range.getClientRects()) {
            if (!line.width) continue;
            if (line.left < box.left - 1 || line.right > box.right + 1
                || line.top < box.top - 1 || line.bottom > box.bottom + 1) {
                out.push(control.tagName.toLowerCase() + " '" + control.textContent.trim()
                    .replace(/\\s+/g, " ").slice(0, 40) + "' at " + innerWidth + "px");
                break;
            }
        }
        // Nested boxes (a label's text in a span) cut without an ellipsis.
        for (const inner of control.querySelectorAll("*")) {
            const r = inner.getBoundingClientRect();
            if (r.width && (r.left < box.left - 1 || r.right > box.right + 1)) {
                out.push(control.tagName.toLowerCase() + " '" + control.textContent.trim()
                    .replace(/\\s+/g, " ").slice(0, 40) + "' (its " + inner.tagName.toLowerCase()
                    + ") at " + innerWidth + "px");
                break;
            }
        }
    }
    return [...new Set(out)];
}"""


def miromar_game_in_play() -> Game:
    owner = get_user_model().objects.get(username="scorer")
    players = ["Annabelle", "Bartholomew", "Cy", "Di"]
    setup = get_rule_set("miromar-canasta").new_game(players, seat_sides(players, 2))
    game = Game.start(owner, setup, players[0])
    names = game.side_names
    game.record_hand(1, {names[0]: {"total": 2_345}, names[1]: {"total": -345}}, players[0])
    return game


def test_no_words_overflow_any_button_or_link(keeper: Scorekeeper) -> None:
    page = keeper.page
    miromar = miromar_game_in_play()
    pad = game_with_totals("score-pad", EIGHT, [[12_345, -2_345, 5, 10, 20, 30, 40, 50]])
    pages = [
        "/",
        "/games/new/",
        "/games/import/",
        "/players/",
        "/rules/",
        f"/games/{miromar.pk}/",
        f"/games/{miromar.pk}/hands/new/",
        f"/games/{miromar.pk}/hands/1/",
        f"/games/{miromar.pk}/share/",
        f"/games/{miromar.pk}/dealer/",
        f"/games/{pad.pk}/",
        f"/games/{pad.pk}/hands/new/",
    ]
    found: list[str] = []
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 780})
        for url in pages:
            page.goto(url)
            found += [f"{url}: {problem}" for problem in page.evaluate(OVERFLOWING, CONTROLS)]
        if width == 320:
            page.goto(f"/games/{miromar.pk}/")
            page.locator("[name=action]").first.scroll_into_view_if_needed()
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                page.screenshot(
                    path=str(SCREENS / f"miromar-failed-opening-320-{scheme}.png"), scale="css"
                )
            page.emulate_media(color_scheme="light")
    # With a failed opening counted, its Undo joins the row.
    page.set_viewport_size({"width": 320, "height": 780})
    page.goto(f"/games/{miromar.pk}/")
    page.get_by_role("button", name="Failed opening +10").first.tap()
    page.get_by_role("button", name="Undo a failed opening for Annabelle & Cy").wait_for()
    found += [f"after a failed opening: {p}" for p in page.evaluate(OVERFLOWING, CONTROLS)]
    assert found == [], "\n".join(found)


def test_the_scoreboards_more_names_all_it_holds_at_every_width(keeper: Scorekeeper) -> None:
    page = keeper.page
    game = miromar_game_in_play()
    page.goto(f"/games/{game.pk}/")
    more = page.locator("details.game-more > summary")
    expect(more).to_have_text("More: print, export, rules, first dealer")
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 780})
        shown, whole = more.evaluate("(summary) => [summary.clientWidth, summary.scrollWidth]")
        assert whole <= shown, f"'More' cut at {width} px: {whole} px of words in {shown} px"


#: Words in a total card that a player reads whole: a side's name, and "Leading".
WHOLE_WORDS = """() => [...document.querySelectorAll(".total-card :is(.side-name, .lead-mark)")]
    .filter((words) => words.scrollWidth > words.clientWidth
        || words.getClientRects().length !== 1 || words.getBoundingClientRect().height > 30)
    .map((words) => `${words.textContent.trim()}: ${words.scrollWidth} px in `
        + `${words.clientWidth}, ${Math.round(words.getBoundingClientRect().height)} px high`)"""


def test_three_sides_long_names_and_the_leader_read_whole_on_a_phone(keeper: Scorekeeper) -> None:
    """Three sides at a third of a phone each cut every long name ("Bart...") and broke
    "LEADING" in two; each card now has room for both."""
    page = keeper.page
    game = game_with_totals(
        "score-pad", ["Bartholomew", "Christabel", "Annabelle"], [[12_345, -2_345, 10_500]]
    )
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 780})
        page.goto(f"/games/{game.pk}/")
        assert page.evaluate(WHOLE_WORDS) == [], f"at {width} px"
        expect(page.get_by_role("link", name="Enter hand 2")).to_be_in_viewport()


LONG_EIGHT = [
    "Annabelle",
    "Bartholomew",
    "Christabel",
    "Dimitrios",
    "Evangeline",
    "Florentyna",
    "Gwendolyn",
    "Hieronymus",
]


@pytest.mark.parametrize("count", [6, 8])
def test_the_hand_grid_with_six_to_eight_players_stays_readable(
    keeper: Scorekeeper, count: int
) -> None:
    players = LONG_EIGHT[:count]
    scores = [12_345, -2_345, 10_000, 20, 30, 40, 50, 60][:count]
    game = game_with_totals("score-pad", players, [scores, scores, scores])
    page = keeper.page
    for width in (320, 360):
        page.set_viewport_size({"width": width, "height": 780})
        page.goto(f"/games/{game.pk}/")
        # Every column heading shows the whole name: nothing cut, nothing outside its cell.
        cut = page.evaluate(
            """() => [...document.querySelectorAll(".grid thead th")].filter((th) => {
                const box = th.getBoundingClientRect();
                const range = document.createRange();
                range.selectNodeContents(th);
                const outside = [...range.getClientRects()].some((r) => r.width
                    && (r.left < box.left - 1 || r.right > box.right + 1));
                const clipped = [...th.querySelectorAll("*"), th].some(
                    (e) => e.scrollWidth > e.clientWidth + 1);
                return outside || clipped;
            }).map((th) => th.textContent.trim())"""
        )
        assert cut == [], f"headings cut at {width}px: {cut}"
        # The hand-number column stays put when the grid scrolls sideways.
        grid = page.locator(".grid-box")
        page.locator(".grid tbody").scroll_into_view_if_needed()
        grid.evaluate("(box) => { box.scrollLeft = box.scrollWidth; }")
        lefts = page.evaluate(
            """() => [document.querySelector(".grid-box").getBoundingClientRect().left,
                ...[...document.querySelectorAll(".grid tr > :first-child")].map(
                    (cell) => cell.getBoundingClientRect().left)]"""
        )
        assert all(abs(left - lefts[0]) <= 1 for left in lefts[1:]), (width, lefts)
        number = page.locator(".grid tbody th").first
        assert number.evaluate(
            "(th) => document.elementFromPoint(th.getBoundingClientRect().left + 6,"
            " th.getBoundingClientRect().top + 10)?.closest('th') === th"
        )
        grid.evaluate("(box) => { box.scrollLeft = 0; }")
        grid.evaluate("(box) => box.scrollIntoView({block: 'center'})")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(
                path=str(SCREENS / f"grid-{count}-players-{width}-{scheme}.png"), scale="css"
            )
        page.emulate_media(color_scheme="light")
