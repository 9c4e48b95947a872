"""Managing games on a phone at 320, 360 and 390 px: undo a deleted hand, a finished game's
read-only hand, and the live view losing and finding its connection. Each screen gets the usual
checks (axe, sideways scrolling, tap targets) and screenshots in light and dark."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set

from .helpers import PASSWORD, Scorekeeper, shoot

# Logging in once per width: a fast hash keeps a busy machine under the 5 s waits.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fast_passwords"),
]

WIDTHS = [320, 360, 390]

EIGHT = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def caught(cards: int, points: int) -> dict[str, int]:
    return {"cards": cards, "points": points}


def start(slug: str, players: tuple[str, ...], team_size: int, hands: list[list]) -> Game:
    """A game of the "scorer" account; each hand a row of totals or tallies, side by side."""
    owner, _ = get_user_model().objects.get_or_create(username="scorer")
    owner.set_password(PASSWORD)
    owner.save()
    rules = get_rule_set(slug)
    setup = rules.new_game(list(players), seat_sides(list(players), team_size), {})
    game = Game.start(owner, setup, players[0])
    for number, row in enumerate(hands, start=1):
        tallies = {
            name: tally if isinstance(tally, dict) else {"total": tally}
            for name, tally in zip(game.side_names, row, strict=True)
        }
        game.record_hand(number, tallies, game.dealer_for(number))
    return game


def fits(page: Page, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{page.url} scrolls sideways at {width} px ({scroll} px wide)"


def at_width(page: Page, keeper: Scorekeeper, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 740})
    keeper.log_in("scorer")
    page.set_viewport_size({"width": width, "height": 740})


@pytest.mark.parametrize("width", WIDTHS)
def test_a_deleted_hand_comes_back_with_one_tap_on_undo(page, checker, width: int) -> None:
    game = start(
        "ten-pennies",
        EIGHT,
        1,
        [
            [caught(0, 0), *(caught(3, 45) for _ in range(7))],
            [caught(2, 95), caught(0, 0), *(caught(1, 10) for _ in range(6))],
        ],
    )
    keeper = Scorekeeper(page, checker)
    at_width(page, keeper, width)
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_test_id("total-0")).to_have_text("95")
    expect(page.get_by_test_id("total-1")).to_have_text("45")
    everyday = page.locator("details.game-more > summary")
    delete = page.get_by_role("button", name="Delete round 2")
    assert everyday.bounding_box()["y"] < delete.bounding_box()["y"]

    keeper.tap(delete)

    undo_card = page.locator(".undo")
    expect(undo_card).to_contain_text("Round 2 deleted.")
    expect(page.get_by_test_id("total-0")).to_have_text("0")
    fits(page, width)
    if width == 390:
        checker("manage-undo-offered")
    page.set_viewport_size({"width": width, "height": 740})
    shoot(page, f"manage-undo-offered-{width}")

    keeper.tap(undo_card.get_by_role("button", name="Undo"))

    expect(page.locator(".messages")).to_contain_text("Round 2 is back.")
    expect(page.locator(".undo")).to_have_count(0)
    expect(page.get_by_test_id("total-0")).to_have_text("95")
    expect(page.get_by_test_id("total-1")).to_have_text("45")
    expect(page.get_by_test_id("total-2")).to_have_text("55")
    expect(page.locator("table.grid tbody tr")).to_have_count(2)
    assert keeper.taps == 3  # log in, delete, undo


@pytest.mark.parametrize("width", WIDTHS)
def test_a_finished_games_hand_opens_read_only_and_the_owner_reopens_it(
    page, checker, width: int
) -> None:
    game = start("miromar-canasta", ("Ann", "Bob", "Cy", "Di"), 2, [[4250, -1375], [4300, 12_480]])
    keeper = Scorekeeper(page, checker)
    at_width(page, keeper, width)
    page.goto(f"/games/{game.pk}/")
    keeper.expect_winner("Winner: Bob & Di")

    keeper.tap(page.get_by_role("link", name="Hand 2: see or edit"))

    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    expect(page.get_by_text("The game is over, so its hands are read-only.")).to_be_visible()
    expect(page.get_by_test_id("recorded-1")).to_have_text("12,480")
    expect(page.locator("main input:not([type=hidden])")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Save"))).to_have_count(0)
    fits(page, width)
    if width == 390:
        checker("manage-hand-read-only")
    page.set_viewport_size({"width": width, "height": 740})
    shoot(page, f"manage-hand-read-only-{width}")

    keeper.tap(page.get_by_role("button", name="Reopen to change"))

    expect(page.get_by_role("heading", name="Hand 2 (edit)")).to_be_visible()
    expect(page.get_by_role("button", name="Save hand 2")).to_be_visible()


def next_poll(page: Page) -> None:
    """The live view's next poll now, not up to 2 s from now: its own timer (hx-trigger
    "every 2s"), the page's clock moved on by the 2 s (page.clock installed first)."""
    page.clock.fast_forward(2_000)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_live_view_says_when_it_is_reconnecting_and_recovers_by_itself(
    page, checker, problems, width: int
) -> None:
    game = start("pfh-three-hands", ("Ann", "Bob", "Cy"), 1, [[1200, -300, 24_000]])
    page.set_viewport_size({"width": width, "height": 740})
    page.clock.install()  # time runs as ever; next_poll() moves it on
    page.goto(f"/live/{game.share_token}/")
    note = page.locator("#live-status")
    expect(note).to_have_text("Live score: this page follows the scorekeeper by itself.")
    if width == 390:
        Scorekeeper(page, checker).check_once("manage-live")
        page.set_viewport_size({"width": width, "height": 740})

    # The connection drops: every poll fails.
    problems.expect_console_error("net::ERR_FAILED")
    problems.expect_console_error("htmx:sendError")
    problems.expect_console_error("htmx:afterRequest")
    problems.expect_console_error("Failed to load resource")
    page.route("**/live/**", lambda route: route.abort())
    next_poll(page)
    expect(note).to_have_text(re.compile(r"^Last updated \d\d:\d\d — reconnecting…$"))
    if width == 390:
        checker("manage-live-reconnecting")
        page.set_viewport_size({"width": width, "height": 740})
    fits(page, width)
    shoot(page, f"manage-live-reconnecting-{width}")

    # It comes back: the next poll redraws the scoreboard, with a hand saved meanwhile.
    game.record_hand(2, {"Ann": {"total": 50}, "Bob": {"total": 0}, "Cy": {"total": 0}}, "Bob")
    page.unroute("**/live/**")
    next_poll(page)
    expect(note).to_have_text("Live score: this page follows the scorekeeper by itself.")
    expect(page.get_by_test_id("total-0")).to_have_text("1,250")

    # The owner stops the link: the next poll says so, and the polling stops with it.
    game.renew_share_token()
    problems.expect_console_error("status of 404")
    next_poll(page)
    expect(page.get_by_role("heading", name="This live score link has stopped")).to_be_visible()
    expect(page.locator("#live")).to_have_count(0)
    if width == 390:
        checker("manage-live-stopped")
        page.set_viewport_size({"width": width, "height": 740})
    fits(page, width)
    shoot(page, f"manage-live-stopped-{width}")


def test_the_screens_for_managing_games(page, checker, problems) -> None:
    """Home with finished, archived and deleted games; the first dealer; a read-only itemized
    hand with eight players; the 404 and 500 pages: checked at 390 (axe in light and dark),
    shot at 320, 360 and 390."""
    finished = start("pfh-three-hands", ("Ann", "Bob", "Cy"), 1, [[1200, -300, 24_000]] * 3)
    miromar = start("miromar-canasta", ("Ann", "Bob", "Cy", "Di"), 2, [[-1375, 4250]])
    start("pfh-three-hands", ("Ann", "Bob", "Cy"), 1, [[10, 20, 30]]).set_archived(True)
    start("pfh-three-hands", ("Ed", "Flo", "Gus"), 1, []).delete_for_a_while()
    eight = start(
        "ten-pennies-jokers",
        EIGHT,
        1,
        [[caught(0, 0), *(caught(3, 45) for _ in range(7))]] * 7,
    )
    keeper = Scorekeeper(page, checker)
    keeper.log_in("scorer")
    problems.expect_console_error("status of 404")
    screens = {
        "manage-home": "/",
        "manage-first-dealer": f"/games/{miromar.pk}/dealer/",
        "manage-hand-read-only-eight": f"/games/{eight.pk}/hands/7/",
        "manage-finished-scoreboard": f"/games/{finished.pk}/",
        "manage-404": "/games/99999/",
    }
    for name, url in screens.items():
        page.set_viewport_size({"width": 390, "height": 740})
        page.goto(url)
        expect(page.locator("main h1").first).to_be_visible()
        keeper.check_once(name)
        page.emulate_media(color_scheme="dark")
        checker.axe(f"{name}-dark")
        page.emulate_media(color_scheme="light")
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 740})
            fits(page, width)
            shoot(page, f"{name}-{width}")
    expect(page.get_by_role("heading", name="This game isn't open to you")).to_be_visible()

    from django.template.loader import render_to_string

    page.goto("/")
    page.set_content(render_to_string("500.html"))
    expect(page.get_by_role("heading", name="Something went wrong on our side")).to_be_visible()
    checker("manage-500")
    page.emulate_media(color_scheme="dark")
    checker.axe("manage-500-dark")
    page.emulate_media(color_scheme="light")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 740})
        fits(page, width)
        shoot(page, f"manage-500-{width}")


def test_a_blank_pad_with_nothing_picked_stays_on_the_page_with_the_error(
    page, checker, problems
) -> None:
    start("pfh-three-hands", ("Ann", "Bob", "Cy"), 1, [])
    keeper = Scorekeeper(page)
    keeper.log_in("scorer")
    keeper.tap(page.get_by_role("link", name="New game"))
    problems.expect_console_error("status of 422")

    keeper.tap(page.get_by_role("button", name="Print a blank score pad for these players"))

    expect(page.locator(".field-error").first).to_be_visible()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    assert len(page.context.pages) == 1  # no new tab
    assert "csrfmiddlewaretoken" not in page.url
    checker("manage-pad-refused")
    shoot(page, "manage-pad-refused-390")
