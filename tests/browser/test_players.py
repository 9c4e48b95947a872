"""Two games with players in common, then the player page: the figures, the charts, at 390 px
in light and dark (screenshots in artifacts/screens/)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from playwright.sync_api import expect

from games.templatetags.numbers import format_number

from .conftest import SCREENS
from .helpers import Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play_totals(keeper: Scorekeeper, hands: Sequence[Sequence[int]]) -> None:
    """Each hand as bare totals, checking the board's totals after each."""
    running = [0] * len(hands[0])
    for number, totals in enumerate(hands, start=1):
        keeper.open_next_hand("Hand", number)
        for side, total in enumerate(totals):
            keeper.fill_side(side, {"total": total})
        keeper.save("Hand", number)
        running = [a + b for a, b in zip(running, totals, strict=True)]
        for side, total in enumerate(running):
            expect(keeper.page.get_by_test_id(f"total-{side}")).to_have_text(format_number(total))


def dark_screenshot(page, name: str) -> None:
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=str(SCREENS / f"{name}-dark.png"), full_page=True, scale="css")
    page.emulate_media(color_scheme="light")


def test_a_players_record_across_two_games_on_a_phone(page, checker) -> None:
    keeper = Scorekeeper(page, checker)
    keeper.sign_up()

    # The family game: Ann 5,500, Bob 4,850, Cy 4,800 after three hands; Ann wins.
    keeper.new_game("pfh-three-hands", ["Ann", "Bob", "Cy"])
    play_totals(keeper, [[1200, 800, -300], [2500, 3100, 900], [1800, 950, 4200]])
    keeper.expect_winner("Winner: Ann")
    chart = page.locator("svg.chart#story")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(3)
    expect(chart.locator("desc")).to_have_text(re.compile(r"^After hand 3: Ann 5,500"))
    chart.scroll_into_view_if_needed()
    keeper.check_once("scoreboard-chart")
    dark_screenshot(page, "scoreboard-chart")

    # Miromar, Ann & Bob partners against Di & Eve: one hand of 8,600 ends it.
    keeper.new_game("miromar-canasta", ["Ann", "Di", "Bob", "Eve"], chips=False)
    play_totals(keeper, [[8600, 100]])
    keeper.expect_winner("Winner: Ann & Bob")

    page.goto("/")
    keeper.tap(page.get_by_role("link", name="Players and records"))
    expect(page.get_by_role("heading", name="Players")).to_be_visible()
    keeper.check_once("players")
    keeper.tap(page.get_by_role("link", name=re.compile("^Ann")))
    expect(page.get_by_role("heading", name="Ann", exact=True)).to_be_visible()
    for testid, figure in {
        "played": "2",
        "won": "2",
        "win-rate": "100%",
        "streak": "2",
        "average-hand": "3,525",  # (5,500 + 8,600) over 4 hands
        "best-hand": "8,600",
    }.items():
        expect(page.get_by_test_id(testid)).to_have_text(figure)
    expect(page.locator("table[aria-label='Record with each partner']")).to_contain_text("Bob")
    expect(page.locator("svg.chart#record polyline")).to_have_count(1)
    keeper.check_once("player-page")
    dark_screenshot(page, "player-page")

    keeper.tap(page.get_by_role("link", name=re.compile("against Cy")))
    expect(page.get_by_test_id("first-won")).to_have_text("1")
    expect(page.get_by_test_id("second-won")).to_have_text("0")
    expect(page.locator(".game-totals b")).to_have_text("Ann 5,500")
    expect(page.locator(".game-totals")).to_contain_text("Cy 4,800")
    keeper.check_once("head-to-head")
    dark_screenshot(page, "head-to-head")
