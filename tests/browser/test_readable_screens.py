"""Readable at 320 px (issue 19): chart labels whole, with 8 sides and five- and six-digit
totals."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set

from .helpers import PASSWORD, Scorekeeper, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def game_with_totals(slug: str, players: list[str], hands: list[list[int]]) -> Game:
    owner = get_user_model().objects.get(username="scorer")
    setup = get_rule_set(slug).new_game(players, seat_sides(players, 1))
    game = Game.start(owner, setup, players[0])
    for number, scores in enumerate(hands, start=1):
        tallies = {name: {"total": s} for name, s in zip(game.side_names, scores, strict=True)}
        game.record_hand(number, tallies, game.dealer_for(number))
    return game


@pytest.fixture
def keeper(page: Page) -> Scorekeeper:
    get_user_model().objects.create_user("scorer", password=PASSWORD)
    keeper = Scorekeeper(page)
    keeper.log_in("scorer")
    return keeper


def clipped_chart_labels(page: Page) -> list[str]:
    """The chart's texts that start left of its box or end right of it."""
    return page.evaluate(
        """() => [...document.querySelectorAll("svg.chart text")].filter((text) => {
            const box = text.getBBox();
            const width = text.ownerSVGElement.viewBox.baseVal.width;
            return box.x < -0.5 || box.x + box.width > width + 0.5;
        }).map((text) => text.textContent)"""
    )


def test_the_charts_axis_labels_are_never_clipped(keeper: Scorekeeper) -> None:
    page = keeper.page
    hands = [[100_000, -20_000, 5, 10, 20, 30, 40, 50], [100_000, -5_000, 5, 10, 20, 30, 40, 50]]
    game = game_with_totals("score-pad", EIGHT, hands)
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 780})
        page.goto(f"/games/{game.pk}/")
        labels = page.locator("svg.chart text").all_text_contents()
        assert "200,000" in labels
        assert clipped_chart_labels(page) == []
        page.locator("svg.chart").scroll_into_view_if_needed()
        shoot(page, f"chart-eight-sides-{width}")
