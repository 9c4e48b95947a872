"""The score pad's hand form on a phone: the first box is ready to type into, and a minus
tapped on an empty box then digits typed give the negative number."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set

from .helpers import PASSWORD, Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def pad_hand_one(page: Page) -> Scorekeeper:
    owner = get_user_model().objects.create_user("scorer", password=PASSWORD)
    players = ["Ann", "Bob", "Cy"]
    game = Game.start(
        owner, get_rule_set("score-pad").new_game(players, seat_sides(players, 1)), "Ann"
    )
    keeper = Scorekeeper(page)
    keeper.log_in("scorer")
    page.goto(f"/games/{game.pk}/")
    keeper.open_next_hand("Hand", 1)
    return keeper


def test_the_first_box_is_focused_and_a_minus_then_digits_make_a_negative_score(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    keeper = pad_hand_one(page)
    first = page.locator("fieldset.panel[data-side='0'] .big-number")
    expect(first).to_be_focused()

    second = page.locator("fieldset.panel[data-side='1']")
    keeper.tap(second.locator("[data-sign-toggle]"))
    keeper.type_digits("10")

    expect(second.locator(".big-number")).to_have_value("-10")
    expect(page.get_by_test_id("preview-1")).to_have_text("\N{MINUS SIGN}10")
