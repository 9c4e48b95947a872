"""Chinchón's hand form on a 320 px phone (issue 42): in RULINGS.md section 18's worked game, Di is
out before hand 7. Her panel says so and offers one tap, "Rejoins at 95"; her boxes, and her name
in "Who closed?", show once it is tapped; −10 shows only for the player picked as the closer.
Screenshots light and dark: artifacts/screens/chinchon-out-*.png and chinchon-rejoining-*.png."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import Page, expect

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set
from tests.views.test_chinchon import FOUR, SIX_HANDS, SLUG

from .conftest import SCREENS, PageChecker
from .helpers import Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def worked_game(keeper: Scorekeeper) -> Game:
    """The worked example's game after hand 6 (Di out with 104), kept by the logged-in keeper."""
    owner = get_user_model().objects.get(username="scorer")
    setup = get_rule_set(SLUG).new_game(list(FOUR), seat_sides(list(FOUR), 1))
    game = Game.start(owner, setup, setup.players[0])
    for number, tallies in enumerate(SIX_HANDS, start=1):
        game.record_hand(number, tallies, game.dealer_for(number))
    return game


def shoot_whole(page: Page, name: str) -> None:
    """The whole page light and dark, in a screen as tall as the page: the save bar sticks to
    the screen's foot, and a full-page shot of a short screen draws it over the panels."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 320
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": width, "height": height})
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SCREENS / f"{name}-{scheme}.png"), scale="css")
    page.emulate_media(color_scheme="light")
    page.set_viewport_size({"width": width, "height": 740})


def test_an_out_player_rejoins_with_one_tap(
    page: Page, keeper: Scorekeeper, checker: PageChecker
) -> None:
    game = worked_game(keeper)
    page.set_viewport_size({"width": 320, "height": 740})
    page.goto(reverse("hand_new", args=[game.pk]))
    di = page.locator('fieldset[data-side="3"]')
    closers = page.locator("fieldset.who")

    expect(di).to_contain_text("Out (total 104)")
    expect(di.get_by_text("Rejoins at 95")).to_be_visible()
    expect(page.locator("#id_s3-points")).to_be_hidden()
    expect(closers.get_by_text("Di", exact=True)).to_be_hidden()
    expect(page.locator("#id_s0-minus_ten")).to_be_hidden()
    shoot_whole(page, "chinchon-out")
    checker("chinchon-out")

    di.get_by_text("Rejoins at 95").tap()
    expect(page.locator("#id_s3-points")).to_be_visible()
    expect(closers.get_by_text("Di", exact=True)).to_be_visible()
    page.locator("#id_s3-points").fill("22")
    page.locator("#id_s0-points").fill("14")
    page.locator("#id_s1-points").fill("9")
    closers.get_by_text("Cy", exact=True).tap()
    expect(page.locator("#id_s2-minus_ten")).to_be_visible()
    expect(page.locator("#id_s0-minus_ten")).to_be_hidden()
    expect(page.locator("#id_s3-minus_ten")).to_be_hidden()
    page.locator('fieldset[data-side="2"]').get_by_text("Minus ten").tap()
    expect(page.get_by_test_id("preview-3")).to_have_text("22")
    expect(page.get_by_test_id("preview-2")).to_have_text("−10")
    page.locator("#id_s3-points").blur()
    page.evaluate("window.scrollTo(0, 0)")
    shoot_whole(page, "chinchon-rejoining")
    checker("chinchon-rejoining")

    page.get_by_role("button", name="Save hand 7").tap()
    expect(page.get_by_role("link", name="Enter hand 8")).to_be_visible()
    assert game.score().totals == {"Ann": 76, "Bob": 104, "Cy": 30, "Di": 117}
