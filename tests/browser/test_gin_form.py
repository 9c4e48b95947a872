"""Gin Rummy's and Oklahoma Gin's hand form on a 320 px phone with touch (issue 43): "Who
knocked?" one tap, the knocker's gin one tap ("Gin (0)"), big gin one tap, a dead hand one tap on
"Nobody" and Save; Oklahoma's upcard in two taps (rank, then "A spade"), the knock limit and the
doubling said as soon as it is picked. RULINGS.md section 20's worked hands, every score worked
out by hand: an undercut (Ann knocks with 3, Bob has 1: 3 − 1 + 25 = 27 to Bob), a gin (Bob,
Ann has 19: 19 + 25 = 44), a dead hand, a big gin (Ann, Bob has 40: 40 + 31 = 71); Oklahoma,
upcard 7♠: Bob knocks with 4, Ann has 19: (19 − 4) × 2 = 30.
Screenshots light and dark at 320 and 390 px: artifacts/screens/gin-form-*.png and
oklahoma-form-*.png."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import Locator, Page, expect

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set

from .conftest import SCREENS, PageChecker
from .helpers import Scorekeeper, fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANN, BOB = "Ann", "Bob"


def new_game(slug: str) -> Game:
    """A game of Ann and Bob's kept by the logged-in keeper ("scorer"), Ann dealing first."""
    owner = get_user_model().objects.get(username="scorer")
    players = [ANN, BOB]
    setup = get_rule_set(slug).new_game(players, seat_sides(players, 1))
    return Game.start(owner, setup, ANN)


def shoot_widths(page: Page, name: str) -> None:
    """The whole form at 320 and 390 px, light and dark, in a screen as tall as the page (the
    save bar sticks to the screen's foot, and a full-page shot draws it over the panels)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    for width in (320, 390):
        page.set_viewport_size({"width": width, "height": 740})
        page.wait_for_function("(width) => window.innerWidth === width", arg=width)
        fits(page)
        height = page.evaluate("document.documentElement.scrollHeight")
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(SCREENS / f"{name}-{width}-{scheme}.png"), scale="css")
    page.emulate_media(color_scheme="light")
    page.set_viewport_size({"width": 320, "height": 740})


def open_hand(keeper: Scorekeeper, game: Game, number: int) -> None:
    page = keeper.page
    page.goto(reverse("hand_new", args=[game.pk]))
    expect(page.get_by_role("heading", name=f"Hand {number}")).to_be_visible()


def knocked(keeper: Scorekeeper, who: str) -> None:
    keeper.tap(keeper.page.locator("fieldset.who").get_by_text(who, exact=True))


def deadwood(keeper: Scorekeeper, side: int, points: int) -> None:
    keeper.tap(keeper.page.locator(f"#id_s{side}-deadwood"))
    keeper.type_digits(str(points))


def panel(page: Page, side: int) -> Locator:
    return page.locator(f'fieldset[data-side="{side}"]')


def test_a_gin_game_enters_an_undercut_a_gin_a_dead_hand_and_a_big_gin(
    page: Page, keeper: Scorekeeper, checker: PageChecker
) -> None:
    game = new_game("gin-rummy")
    page.set_viewport_size({"width": 320, "height": 740})

    open_hand(keeper, game, 1)
    expect(page.locator(".zero-tap")).to_have_count(2)
    expect(page.locator(".zero-tap").first).to_be_hidden()
    knocked(keeper, ANN)
    expect(panel(page, 0).locator(".zero-tap")).to_be_visible()
    expect(panel(page, 1).locator(".zero-tap")).to_be_hidden()
    expect(panel(page, 0).get_by_text("Big gin", exact=True)).to_be_visible()
    deadwood(keeper, 0, 3)
    # Big gin is asked only with gin.
    expect(panel(page, 0).get_by_text("Big gin", exact=True)).to_be_hidden()
    deadwood(keeper, 1, 1)
    expect(page.get_by_test_id("preview-1")).to_have_text("27")
    keeper.tap(page.get_by_role("button", name="Details"))
    expect(page.locator("#breakdown")).to_contain_text("Undercut bonus")
    save_and_check(
        keeper, 1, (0, 27), "Ann knocks with 3; Bob undercuts with 1: 3 − 1 + 25 = 27 to Bob."
    )

    open_hand(keeper, game, 2)
    knocked(keeper, BOB)
    keeper.tap(panel(page, 1).get_by_role("button", name="Gin (0)"))
    expect(page.locator("#id_s1-deadwood")).to_have_value("0")
    deadwood(keeper, 0, 19)
    save_and_check(keeper, 2, (0, 44), "Bob goes gin, Ann has 19: 19 + 25 for gin = 44 to Bob.")

    open_hand(keeper, game, 3)
    knocked(keeper, "Nobody")
    save_and_check(keeper, 3, (0, 0), "Nobody knocked: a dead hand, nobody scores.")

    open_hand(keeper, game, 4)
    knocked(keeper, ANN)
    keeper.tap(panel(page, 0).get_by_role("button", name="Gin (0)"))
    keeper.tap(panel(page, 0).get_by_text("Big gin", exact=True))
    deadwood(keeper, 1, 40)
    expect(page.get_by_test_id("preview-0")).to_have_text("71")
    page.locator("#id_s1-deadwood").blur()
    page.evaluate("window.scrollTo(0, 0)")
    checker("gin-form")
    shoot_widths(page, "gin-form")
    save_and_check(
        keeper, 4, (71, 0), "Ann makes big gin, Bob has 40: 40 + 31 for big gin = 71 to Ann."
    )

    assert Game.objects.get(pk=game.pk).score().totals == {ANN: 71, BOB: 71}


def save_and_check(keeper: Scorekeeper, number: int, scores: tuple[int, int], said: str) -> None:
    page = keeper.page
    for side, score in enumerate(scores):
        expect(page.get_by_test_id(f"preview-{side}")).to_have_text(str(score))
    expect(page.get_by_test_id("hand-said")).to_have_text(said)
    keeper.tap(page.get_by_role("button", name=f"Save hand {number}"))
    expect(page.get_by_role("link", name=f"Enter hand {number + 1}")).to_be_visible()


def test_an_oklahoma_hand_with_a_spade_upcard_counts_double(
    page: Page, keeper: Scorekeeper, checker: PageChecker
) -> None:
    game = new_game("oklahoma-gin")
    page.set_viewport_size({"width": 320, "height": 740})
    open_hand(keeper, game, 1)
    upcard = page.locator("fieldset.upcard")

    keeper.tap(upcard.get_by_text("7", exact=True))
    expect(page.locator("#upcard-said")).to_have_text("Knock with 7 or less")
    keeper.tap(upcard.get_by_text("A spade"))
    expect(page.locator("#upcard-said")).to_have_text(
        "Knock with 7 or less · a spade: the hand counts double"
    )
    knocked(keeper, BOB)
    deadwood(keeper, 1, 4)
    deadwood(keeper, 0, 19)
    expect(page.get_by_test_id("preview-1")).to_have_text("30")
    page.locator("#id_s0-deadwood").blur()
    page.evaluate("window.scrollTo(0, 0)")
    checker("oklahoma-form")
    shoot_widths(page, "oklahoma-form")
    save_and_check(
        keeper,
        1,
        (0, 30),
        "Bob knocks with 4, Ann has 19: (19 − 4) × 2 for the spade = 30 to Bob.",
    )

    game.refresh_from_db()
    assert game.score().totals == {ANN: 0, BOB: 30}
    assert game.hands.get().upcard == "7S"
