"""A table's own game on a phone with touch (RULINGS.md section 15): saved from Hand and Foot with
three numbers changed, a game played with it, the own game changed afterwards, and the game
already played keeps its numbers, its scores and its printouts."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.printing.helpers import flat

from .helpers import Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "Grandma's Hand and Foot"


@pytest.fixture
def keeper(page, checker) -> Scorekeeper:
    keeper = Scorekeeper(page, checker)
    keeper.sign_up()
    return keeper


def test_an_own_game_saved_played_and_changed_leaves_the_game_played_alone(
    keeper: Scorekeeper,
) -> None:
    page = keeper.page
    page.set_viewport_size({"width": 390, "height": 844})
    # The new-game page: Hand and Foot, three numbers of the table's own, saved under a name.
    keeper.new_game(
        "hand-and-foot",
        ["Ann", "Bob", "Cy", "Di"],
        house_rules={"red_three_caught": 300, "deals": 5, "opening_deal_1": 60},
        start=False,
    )
    keeper.tap(page.locator("details.save-own > summary"))
    keeper.tap(page.locator("#id_own_name"))
    page.keyboard.type(NAME)
    keeper.tap(page.get_by_role("button", name="Save as our game"))
    expect(page).to_have_url(re.compile(r"/games/new/\?own=\d+$"))
    expect(page.get_by_test_id("own-game-chosen")).to_contain_text(f"Playing {NAME}")
    keeper.check_once("own-game-chosen")

    # Next card night: the own game is one tap away; seat the players and start.
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        keeper.tap(page.locator(f"#id_seat{seat}"))
        page.keyboard.type(name)
    keeper.start_game()
    expect(page.get_by_role("heading", name=NAME)).to_be_visible()
    expect(page.get_by_test_id("own-game-line")).to_contain_text("Hand and Foot with house rules")
    expect(page.get_by_test_id("opening-line")).to_have_text("Deal 1 of 5: 60 to open")
    keeper.check_once("own-game-board")

    # Deal 1. Ann & Cy: a clean book 500 + 200 melded - a red three caught 300 = 400.
    # Bob & Di: a dirty book 300 + 150 melded - 40 left = 410.
    keeper.play_hand(
        "Deal",
        1,
        [
            {"clean_books": 1, "red_threes_caught": 1, "meld_points": 200},
            {"dirty_books": 1, "meld_points": 150, "hand_points": 40},
        ],
        preview=[400, 410],
        totals=[400, 410],
        minimums=[90, 90],
    )
    game_url = page.url
    sheet_before = flat(page.request.get(f"{game_url}score-sheet.pdf").body())
    assert "a red three caught costs 300" in sheet_before

    # The own game changed afterwards: four deals, red threes caught back to 100.
    page.goto("/own-games/")
    keeper.tap(page.get_by_role("link", name=f"Change {NAME}"))
    page.locator("[name='hand-and-foot--deals']").select_option("4")
    page.locator("[name='hand-and-foot--red_three_caught']").select_option("100")
    keeper.tap(page.get_by_role("button", name="Save", exact=True))
    expect(page.locator(".messages")).to_contain_text("Games already played keep theirs")
    keeper.check_once("own-games-list")

    # The game already played keeps its five deals, its 300 and its scores and sheet.
    page.goto(game_url)
    expect(page.get_by_test_id("opening-line")).to_have_text("Deal 2 of 5: 90 to open")
    keeper.expect_board([400, 410], [90, 90])
    assert flat(page.request.get(f"{game_url}score-sheet.pdf").body()) == sheet_before
