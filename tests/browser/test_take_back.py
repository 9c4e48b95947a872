"""Changes you can see and take back (issue 19): an edit of an earlier hand and a deleted game
say so, with Undo, on a phone."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set

from .conftest import SCREENS
from .helpers import Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shoot_screen(page: Page, name: str) -> None:
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 640})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(SCREENS / f"{name}-{width}-{scheme}.png"), scale="css")
    page.emulate_media(color_scheme="light")
    page.set_viewport_size({"width": 390, "height": 844})


def pad_game(hands: list[list[int]]) -> Game:
    owner = get_user_model().objects.get(username="scorer")
    players = ["Annabelle", "Bartholomew"]
    setup = get_rule_set("score-pad").new_game(players, seat_sides(players, 1))
    game = Game.start(owner, setup, players[0])
    for number, scores in enumerate(hands, start=1):
        tallies = {name: {"total": s} for name, s in zip(game.side_names, scores, strict=True)}
        game.record_hand(number, tallies, game.dealer_for(number))
    return game


def test_an_edit_says_what_changed_and_undo_takes_it_back(keeper: Scorekeeper) -> None:
    page = keeper.page
    game = pad_game([[12_500, -3_000], [1_250, 400], [700, 800]])
    page.goto(f"/games/{game.pk}/hands/2/")
    box = page.locator("fieldset.panel[data-side='0'] .big-number")
    box.fill("14,500")
    page.get_by_role("button", name="Save hand 2").tap()

    message = page.locator(".message.undoable")
    expect(message).to_contain_text("Hand 2 changed: Annabelle 1,250 → 14,500.")
    expect(page.get_by_test_id("total-0")).to_have_text("27,700")
    shoot_screen(page, "edit-says-what-changed")
    page.get_by_role("button", name="Undo").tap()

    expect(page.get_by_text("Hand 2 is back as it was.")).to_be_visible()
    expect(page.get_by_test_id("total-0")).to_have_text("14,450")


def test_a_deleted_game_says_so_on_home_and_undo_brings_it_back(keeper: Scorekeeper) -> None:
    page = keeper.page
    game = pad_game([[12_500, -3_000]])
    page.goto(f"/games/{game.pk}/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete the game").tap()

    expect(page.locator(".message.undoable")).to_contain_text("Game deleted.")
    shoot_screen(page, "game-deleted-undo")
    page.locator(".message.undoable").get_by_role("button", name="Undo").tap()

    expect(page).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    expect(page.get_by_text("Game restored.")).to_be_visible()
