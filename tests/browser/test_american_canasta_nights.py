"""Issue 43's Modern American Canasta played through the screens on a phone with touch: a game
to 8,500 (the default) of Ann & Cy against Bob & Di, with a canasta of sevens, a special hand
tapped in one tap ("Garbage", its side's other boxes hidden and not sent) and the winner at
the end. Hand 1 is entered at 320 px, hand 2 at 360, hand 3 at 390, where the finished board is
read. Every expected number was worked out by hand from RULINGS.md section 19 (the working is in
the test's docstring); the engine is asked only afterwards, for the same totals and winner.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from playwright.sync_api import Locator, Page, expect

from games.models import Game

from .helpers import Scorekeeper, Tally, fits, logged_in_keeper, shoot, shown

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "american-canasta"
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
ANN_CY, BOB_DI = "Ann & Cy", "Bob & Di"
SPECIAL = "Ended with a special hand?"


@pytest.fixture
def keeper(page: Page, live_server, alice, checker) -> Scorekeeper:
    return logged_in_keeper(page, live_server.url, alice, checker)


def panel(page: Page, side: int) -> Locator:
    return page.locator(f"fieldset.panel[data-side='{side}']")


def tap_special_hand(keeper: Scorekeeper, side: int, name: str) -> None:
    """One tap on a special hand's name (or "No") in the side's first question."""
    question = panel(keeper.page, side).locator("fieldset.alone-choice")
    expect(question.locator("legend")).to_have_text(SPECIAL)
    pill = question.locator("label.pill", has_text=re.compile(f"^{re.escape(name)}$"))
    keeper.tap(pill)
    expect(pill.locator("input")).to_be_checked()


def shoot_whole(page: Page, name: str) -> None:
    """helpers.shoot's light and dark screenshots, of a phone as tall as the page: a full-page
    screenshot of a phone's height leaves the hand form's sticky save bar in the middle of the
    page, over the boxes under it."""
    size = page.viewport_size
    assert size is not None
    height = page.evaluate("() => document.documentElement.scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": height})
    page.wait_for_function("(height) => window.innerHeight === height", arg=height)
    shoot(page, name)
    page.set_viewport_size(size)


def fill_and_save(
    keeper: Scorekeeper,
    number: int,
    tallies: Sequence[Tally],
    preview: Sequence[int],
    shot: str | None = None,
) -> None:
    """The tallies tapped in (card points typed), the preview checked, the form's screenshots
    under `shot`, Save."""
    page = keeper.page
    digits = keeper.digits
    for side, tally in enumerate(tallies):
        keeper.fill_side(side, tally)
    typed = [str(value) for tally in tallies for name, value in tally.items() if "points" in name]
    assert keeper.digits - digits == len("".join(typed))  # every count was one tap
    keeper.expect_preview(preview)
    fits(page)
    if shot:
        keeper.check_once(shot)
        shoot_whole(page, shot)
    keeper.save("Hand", number)


def expect_packet(page: Page, cards: str) -> None:
    expect(page.locator(".card.toulon p").first).to_have_text(f"Next bonus packet: {cards}")


def the_game(page: Page) -> Game:
    number = re.search(r"/games/(\d+)/", page.url)
    assert number, page.url
    return Game.objects.get(pk=int(number[1]))


def test_a_modern_american_canasta_game_to_8500_with_garbage_and_a_sevens_canasta(
    keeper: Scorekeeper,
) -> None:
    """Defaults: going out 100, natural 500, mixed 300, aces or sevens 2,500, wild 2,000,
    unfinished aces −2,500, held aces −1,500 a partner; threes by colour 100 / 300 / 500 /
    1,000, against with no canasta, nothing with one, for with two or more.

    Hand 1 (section 19's worked hand): Ann & Cy went out with 1 natural, 1 mixed, 1 canasta of
      sevens, 2 red and 1 black three, 455 melded, 30 in Cy's hand: 100 + 500 + 300 + 2,500
      + 300 + 100 + 455 − 30 = 4,225. Bob & Di: 1 mixed, an unfinished aces meld, 1 red and 2
      black threes (one canasta: they count 0), 210 melded, 95 in hand, Di caught with three
      aces: 300 − 2,500 + 210 − 95 − 1,500 = −3,585. Totals 4,225 and −3,585: they need 155
      and 125 to open.
    Hand 2: Bob & Di lay down Garbage, 3,000 and nothing else (the 200 typed first in their
      card points is hidden and not sent). Ann & Cy: 1 natural, 340 melded, 1 red three (one
      canasta: 0), 85 in hand: 500 + 340 − 85 = 755. Totals 4,980 and −585: 155 and 125.
    Hand 3: Ann & Cy went out with 2 natural, 1 mixed and 1 canasta of aces, 3 red threes
      (500), 900 melded, nothing in hand: 100 + 1,000 + 300 + 2,500 + 500 + 900 = 5,300. Bob &
      Di: 1 mixed, 1 wild canasta, 1 red and 1 black three (two canastas: 100 + 100), 600
      melded, 120 in hand: 300 + 2,000 + 200 + 600 − 120 = 2,980. Totals 10,280 and 2,395:
      Ann & Cy past 8,500, the game is over and theirs.
    """
    page = keeper.page
    page.set_viewport_size({"width": 320, "height": 700})
    keeper.new_game(SLUG, PLAYERS)
    keeper.expect_board([0, 0], [125, 125])
    expect(page.get_by_test_id("to-go-0")).to_have_text(shown(8500))
    expect_packet(page, "4 cards")
    expect(page.get_by_text("Toulon")).to_have_count(0)

    keeper.open_next_hand("Hand", 1)
    for side in (0, 1):  # each side is asked its special hand first, "No" as it opens
        expect(panel(page, side).locator("fieldset.alone-choice input:checked")).to_have_value("0")
    fill_and_save(
        keeper,
        1,
        [
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "seven_canastas": 1,
                "red_threes": 2,
                "black_threes": 1,
                "meld_points": 455,
                "hand_points": 30,
            },
            {
                "mixed_canastas": 1,
                "unfinished_aces": 1,
                "red_threes": 1,
                "black_threes": 2,
                "meld_points": 210,
                "hand_points": 95,
                "aces_penalties": 1,
            },
        ],
        preview=[4225, -3585],
        shot="mac-form-320",
    )
    keeper.expect_board([4225, -3585], [155, 125])
    keeper.check_once("mac-board-320")
    shoot(page, "mac-board-320")

    # Hand 2 at 360 px: a player of the table opened first; Bob & Di then lay down Garbage.
    page.set_viewport_size({"width": 360, "height": 780})
    keeper.tap(page.get_by_role("button", name="A player opened"))
    expect_packet(page, "3 cards")
    keeper.open_next_hand("Hand", 2)
    bob_di = panel(page, 1)
    keeper.fill_side(1, {"meld_points": 200})
    tap_special_hand(keeper, 1, "Garbage")
    expect(bob_di.locator(".field-row:has([name='s1-meld_points'])")).to_be_hidden()
    expect(bob_di.locator("[name='s1-natural_canastas']")).to_be_hidden()
    expect(bob_di.locator("[name='s1-meld_points']")).to_be_disabled()
    fill_and_save(
        keeper,
        2,
        [{"natural_canastas": 1, "meld_points": 340, "red_threes": 1, "hand_points": 85}, {}],
        preview=[755, 3000],
        shot="mac-form-360-special",
    )
    keeper.expect_board([4980, -585], [155, 125])
    expect_packet(page, "4 cards")  # a new hand, the packets again

    # Hand 3 at 390 px ends the game.
    page.set_viewport_size({"width": 390, "height": 844})
    keeper.open_next_hand("Hand", 3)
    fill_and_save(
        keeper,
        3,
        [
            {
                "went_out": True,
                "natural_canastas": 2,
                "mixed_canastas": 1,
                "natural_ace_canastas": 1,
                "red_threes": 3,
                "meld_points": 900,
            },
            {
                "mixed_canastas": 1,
                "wild_canastas": 1,
                "red_threes": 1,
                "black_threes": 1,
                "meld_points": 600,
                "hand_points": 120,
            },
        ],
        preview=[5300, 2980],
        shot="mac-form-390",
    )
    keeper.expect_board([10280, 2395], None)
    keeper.expect_winner(f"Winner: {ANN_CY}")
    expect(page.locator(".card.toulon")).to_have_count(0)
    keeper.check_once("mac-board-390")
    shoot(page, "mac-board-390")

    score = the_game(page).score()
    assert score.totals == {ANN_CY: 10_280, BOB_DI: 2_395}
    assert score.winners == [ANN_CY]
    assert [hand.scores for hand in score.hands][1] == {ANN_CY: 755, BOB_DI: 3_000}


def test_a_dream_hand_wins_the_game_whatever_the_totals_at_360_px(keeper: Scorekeeper) -> None:
    """Hand 1, each side's total alone: Ann & Cy 8,000, Bob & Di −1,000. Hand 2: Ann & Cy 1
    natural canasta and 100 melded (one canasta: 500 + 100 = 600, total 8,600, past 8,500);
    Bob & Di lay down a Dream Hand with five wild cards: 8,500, total 7,500. The Dream Hand
    wins the game, though Ann & Cy's total is higher."""
    page = keeper.page
    page.set_viewport_size({"width": 360, "height": 780})
    keeper.new_game(SLUG, PLAYERS)
    totals = [8000, -1000]
    keeper.play_hand("Hand", 1, [{"total": 8000}, {"total": -1000}], totals, totals, [180, 125])

    keeper.open_next_hand("Hand", 2)
    tap_special_hand(keeper, 1, "Dream Hand (5 wild)")
    fill_and_save(keeper, 2, [{"natural_canastas": 1, "meld_points": 100}, {}], preview=[600, 8500])

    keeper.expect_board([8600, 7500], None)
    banner = keeper.expect_winner(f"Winner: {BOB_DI}")
    expect(banner).to_contain_text(
        f"{BOB_DI} laid down a Dream Hand: that wins, whatever the totals."
    )
    expect(page.locator(".total-card.leading .side-name")).to_have_text(BOB_DI)
    keeper.check_once("mac-board-dream-360")
    shoot(page, "mac-board-dream-360")
    assert the_game(page).score().winners == [BOB_DI]
