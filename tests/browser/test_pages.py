"""Every screen, on a phone: axe-core finds nothing serious or critical, nothing scrolls sideways
at 390 or 360 px, tap targets are at least 44 px high, no console errors (the `page` fixture
fails the test on any). Screenshots go to artifacts/screens/.

The game-playing tests run the same checks on the screens they pass through; this test covers
the rest: logged-out pages, login, import, lists of games, an edited hand, a refused hand.
"""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.rules import RULE_SETS, HandInput, Side, get_rule_set
from games.rules.gamefile import write_game_file

from .helpers import PASSWORD, Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def game_file(slug: str, players: list[str], partners: bool, totals: list[list[int]]) -> str:
    rules = get_rule_set(slug)
    if partners:
        sides = [
            Side(f"{players[0]} & {players[2]}", (players[0], players[2])),
            Side(f"{players[1]} & {players[3]}", (players[1], players[3])),
        ]
    else:
        sides = [Side(name, (name,)) for name in players]
    setup = rules.new_game(players, sides, {})
    hands = [
        HandInput(
            {side.name: {"total": total} for side, total in zip(sides, row, strict=True)}, None
        )
        for row in totals
    ]
    return json.dumps(write_game_file(setup, hands, {"first_dealer": players[0]}))


def import_game(keeper: Scorekeeper, text: str) -> None:
    page = keeper.page
    page.goto("/")
    keeper.tap(page.get_by_role("link", name="Import a game file"))
    expect(page.get_by_role("heading", name="Import a game")).to_be_visible()
    keeper.check_once("import")
    page.get_by_label("…or paste it here").fill(text)
    keeper.tap(page.get_by_role("button", name="Import"))
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))


def test_every_screen_on_a_phone(page, checker, problems) -> None:
    keeper = Scorekeeper(page, checker)
    page.goto("/")
    expect(page.get_by_role("link", name="Create an account")).to_be_visible()
    keeper.check_once("home-logged-out")
    keeper.tap(page.get_by_role("link", name="Log in").first)
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    keeper.check_once("login")
    # A wrong password: the error state of the login page.
    page.get_by_label("Username").fill("nobody")
    page.get_by_label("Password").fill("wrong")
    keeper.tap(page.get_by_role("button", name="Log in"))
    expect(page.get_by_role("alert")).to_be_visible()
    keeper.check_once("login-refused")
    keeper.tap(page.get_by_role("link", name="Create an account"))
    expect(page.get_by_role("heading", name="Create an account")).to_be_visible()
    keeper.check_once("signup")
    # Passwords that don't match: the error state of the sign-up page.
    page.get_by_label("Username").fill("scorer")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD + "x")
    keeper.tap(page.get_by_role("button", name="Sign up"))
    expect(page.locator(".field-error")).not_to_have_count(0)
    keeper.check_once("signup-refused")

    # An account made elsewhere, logged in through the login page.
    get_user_model().objects.create_user("scorer", password=PASSWORD)
    keeper.log_in("scorer")
    keeper.check_once("home-no-games")

    # A finished family game and a Miromar game in progress, imported from game files.
    import_game(
        keeper,
        game_file(
            "pfh-three-hands",
            ["Ann", "Bob", "Cy"],
            False,
            [[1200, 800, -300], [2500, 3100, 900], [1800, 950, 4200]],
        ),
    )
    keeper.expect_winner("Winner: Ann")  # 5,500 against 4,850 and 4,800
    import_game(
        keeper,
        game_file(
            "miromar-canasta", ["Ann", "Bob", "Cy", "Di"], True, [[1585, -375], [2100, 5600]]
        ),
    )
    keeper.expect_board([3685, 5225], [155, 180])
    keeper.check_once("miromar-imported")
    page.goto("/")
    expect(page.get_by_role("heading", name="In progress")).to_be_visible()
    expect(page.get_by_role("heading", name="Finished")).to_be_visible()
    keeper.check_once("home-with-games")

    # The new-game page with a roster to pick from, and the page refusing five players.
    keeper.tap(page.get_by_role("link", name="New game"))
    expect(page.locator("#roster .chip")).to_have_count(4)
    keeper.check_once("new-game-roster")
    # Five seated for a game of five, then Miromar picked (four players): the fifth stays.
    keeper.pick_game("five-crowns")
    for name in ("Ann", "Bob", "Cy", "Di"):
        keeper.tap(page.locator("#roster .chip", has_text=name))
    keeper.tap(page.locator("#id_seat4"))
    page.keyboard.type("Eve")
    keeper.pick_game("miromar-canasta")
    expect(page.locator("#id_seat4")).to_be_visible()
    keeper.tap(page.get_by_role("button", name="Start the game"))
    expect(page.get_by_role("alert")).to_be_visible()
    keeper.check_once("new-game-refused")

    # A refused hand: a side went out with a single canasta.
    page.goto("/")
    keeper.tap(page.get_by_role("link", name=re.compile("Miromar")))
    keeper.open_next_hand("Hand", 3)
    keeper.fill_side(0, {"went_out": True, "natural_canastas": 1, "meld_points": 400})
    keeper.fill_side(1, {"natural_canastas": 2, "meld_points": 300})
    refusal = page.locator("#hand-form .field-error:not(:empty), #preview [role=alert]")
    expect(refusal.first).to_contain_text("needs at least two canastas")
    expect(page.get_by_test_id("preview-0")).to_have_text("…")
    keeper.check_once("hand-form-live-refusal")
    # A refused hand comes back with status 422, which Chromium notes as a console error.
    problems.expect_console_error("the server responded with a status of 422")
    keeper.tap(page.get_by_role("button", name="Save hand 3"))
    expect(page.get_by_role("heading", name="Hand 3")).to_be_visible()
    expect(refusal.first).to_contain_text("needs at least two canastas")
    expect(page.get_by_role("alert").first).to_contain_text("Not saved.")
    keeper.check_once("hand-form-refused")

    # Editing a recorded hand from the grid.
    keeper.tap(page.get_by_role("link", name="Back"))
    keeper.tap(page.get_by_role("link", name="Hand 2: see or edit"))
    expect(page.get_by_role("heading", name="Hand 2 (edit)")).to_be_visible()
    expect(page.get_by_role("button", name="Delete hand 2")).to_be_visible()
    keeper.check_once("hand-edit")


def test_rules_pages_on_a_phone(page, checker) -> None:
    """The rules pages."""
    keeper = Scorekeeper(page, checker)
    page.goto("/rules/")
    keeper.check_once("rules-index")
    page.goto("/rules/miromar-canasta/")
    keeper.check_once("rules-miromar-canasta")


def test_no_rules_page_scrolls_sideways_on_a_phone(page, checker) -> None:
    """Every rule set's rules page: a long contract (Liverpool's deal 7) or a list of wild cards
    (Ten Pennies' later rounds) wraps in its table instead of widening the page."""
    for slug in RULE_SETS:
        page.goto(f"/rules/{slug}/")
        checker.no_sideways_scroll(f"rules-{slug}")
