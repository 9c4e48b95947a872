"""The first game in a minute, no account first: from the link a friend sent to hand 1 saved of
a 4-player Canasta game, as a guest, counted in taps, keys and scrolls; then "Keep my games",
log out, log in, every game there. At 320, 360 and 390 px with touch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import PASSWORD, Scorekeeper, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The issue's budget, beside the players' names and the hand's numbers.
MOST_TAPS = 10
MOST_SCROLLS = 1


def a_guest_on_the_new_game_page(page, checker, width: int, height: int) -> Scorekeeper:
    """A phone `width` px wide that tapped "Score a game" on the first page, one tap."""
    page.set_viewport_size({"width": width, "height": height})
    keeper = Scorekeeper(page, checker)
    page.goto("/")
    keeper.tap(page.get_by_role("button", name="Score a game"))
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    return keeper


@pytest.mark.parametrize("width", [320, 360, 390])
def test_a_guest_saves_hand_one_in_ten_taps_then_keeps_the_game(page, checker, width) -> None:
    keeper = a_guest_on_the_new_game_page(page, checker, width, 740)
    expect(page.locator(".guest-note")).to_contain_text("Your games live on this phone only.")

    keeper.tap(page.locator("label.choice:has(input[value='canasta'])"))
    keeper.tap(page.locator("#id_seat0"))
    for name in ("Ann", "Bob", "Cy", "Di"):
        # The keyboard's Enter ("Next") goes to the next seat and never starts the game.
        page.keyboard.type(name)
        page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/games/new/$"))
    expect(page.locator("#id_seat3")).to_have_value("Di")
    expect(page.locator("#sides-preview")).to_have_text("Ann & Cy against Bob & Di.")
    keeper.check_once(f"first-game-new-game-{width}")
    shoot(page, f"first-game-new-game-{width}")
    start = page.get_by_role("button", name="Start the game")
    # Seats and Start within two screens: one scroll at most.
    box = start.bounding_box()
    assert box is not None
    scrolled = page.evaluate("window.scrollY")
    assert box["y"] + scrolled + box["height"] <= (MOST_SCROLLS + 1) * 740
    keeper.start_game()

    # Hand 1: Ann & Cy go out with a natural canasta and 300 melded: 100 + 500 + 300 = 900;
    # Bob & Di melded 120: 120.
    keeper.open_next_hand("Hand", 1)
    keeper.fill_side(0, {"went_out": True, "natural_canastas": 1, "meld_points": 300})
    keeper.fill_side(1, {"meld_points": 120})
    keeper.expect_preview([900, 120])
    keeper.save("Hand", 1)
    keeper.expect_board([900, 120], [50, 50])
    assert keeper.taps <= MOST_TAPS, f"{keeper.taps} taps from the link to hand 1 saved"

    # Keep my games (the header's), log out, log in: the game is there.
    keeper.tap(page.locator(".topbar").get_by_role("link", name="Keep my games"))
    keeper.tap(page.get_by_label("Username"))
    page.keyboard.type(f"annie{width}")
    keeper.tap(page.get_by_label("Password", exact=True))
    page.keyboard.type(PASSWORD)
    keeper.tap(page.get_by_role("button", name="Keep my games"))
    expect(page.locator(".messages")).to_contain_text(f"Kept: log in as annie{width}")
    expect(page.locator(".guest-note")).to_have_count(0)
    if width == 360:
        keeper.check_once("first-game-kept")
        shoot(page, "first-game-kept")
    keeper.tap(page.get_by_role("button", name="Log out"))
    expect(page.get_by_role("button", name="Score a game")).to_be_visible()
    keeper.log_in(f"annie{width}")
    expect(page.locator(".game-list .game-link")).to_have_count(1)
    expect(page.locator(".game-list")).to_contain_text("Ann & Cy")


def test_a_guest_logging_out_is_asked_first_with_keep_my_games_first(page, checker) -> None:
    keeper = a_guest_on_the_new_game_page(page, checker, 320, 640)
    keeper.new_game("canasta", ["Ann", "Bob", "Cy", "Di"])
    header = page.locator(".topbar")
    expect(header.get_by_role("button", name="Log out")).to_have_count(0)

    keeper.tap(header.get_by_role("link", name="Keep my games"))
    keeper.tap(page.get_by_role("link", name="Log out"))

    expect(page.get_by_role("heading", name="Log out?")).to_be_visible()
    keeper.check_once("guest-log-out")
    choices = page.locator("main .stack").first.locator("a.button, button")
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 640})
        expect(page.locator(".lead")).to_have_text(
            "Your 1 game lives only on this phone. Keep it with a username, or log out and lose it."
        )
        expect(choices).to_have_text(["Keep my games", "Log out and lose it", "Stay"])
        expect(header.get_by_role("link", name="Keep my games")).to_be_visible()
        shoot(page, f"guest-log-out-{width}")
    keeper.tap(choices.first)
    expect(page.get_by_role("heading", name="Keep my games")).to_be_visible()
