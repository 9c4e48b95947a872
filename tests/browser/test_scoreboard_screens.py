"""The scoreboards of Buraco, Burraco and Chinchón on a 320 px phone (issue 42), light and dark:
mid-game and finished, each fitting the width (eight Chinchón players too), with screenshots
in artifacts/screens/scoreboard-<game>-*.png to look at.

Persona: alice keeps score, logged in on her phone (her session cookie)."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from games.models import Game
from tests.conftest import FOUR, GameFactory
from tests.views.helpers import bare
from tests.views.test_chinchon import SIX_HANDS

from .conftest import PageChecker
from .helpers import shoot

#: Tall enough that the sticky "Enter hand" button stands in its place in a full-page shot.
SMALLEST: Any = {"width": 320, "height": 2000}
EIGHT = ("Ann", "Bartolomé", "Cy", "Di", "Esperanza", "Fer", "Gus", "Maximiliano")
HAND_SEVEN: dict[str, dict[str, Any]] = {
    "Ann": {"points": 14},
    "Bob": {"points": 9},
    "Cy": {"closed": True, "minus_ten": True},
    "Di": {"rejoined": True, "points": 22},
}


@pytest.fixture
def phone(page: Page, live_server: Any, alice: Any) -> Page:
    client = Client()
    client.force_login(alice)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )
    page.set_viewport_size(SMALLEST)
    return page


def look(page: Page, checker: PageChecker, game: Game, name: str) -> None:
    """The scoreboard and the live view fit 320 px; each is shot, light and dark."""
    pages = {"": reverse("game", args=[game.pk]), "-live": reverse("live", args=[game.share_token])}
    for suffix, path in pages.items():
        page.goto(path)
        expect(page.locator("#scoreboard")).to_be_visible()
        scroll = page.evaluate("() => document.documentElement.scrollWidth")
        assert scroll <= SMALLEST["width"], f"{name}{suffix} scrolls sideways: {scroll} px"
        shoot(page, f"scoreboard-{name}{suffix}")
        # axe, and no sideways scroll at 390 and 360 px either; then back to 320.
        checker(f"scoreboard-{name}{suffix}")
        page.set_viewport_size(SMALLEST)


def recorded(game: Game, *scores: tuple[int, ...]) -> Game:
    for number, pair in enumerate(scores, start=1):
        game.record_hand(number, bare(game, *pair), game.dealer_for(number))
    return game


def test_buraco_tied_at_the_target_and_vulnerable(
    phone: Page, checker: PageChecker, make_game: GameFactory
) -> None:
    game = make_game("buraco", team_size=2, options={"vulnerable": 1_000})
    recorded(game, (1_500, 1_560), (1_620, 1_560))

    look(phone, checker, game, "buraco-tied")

    expect(phone.get_by_test_id("tie-line")).to_have_text("Tied at 3,120: another hand decides")


def test_buraco_vulnerable_mid_game_and_finished(
    phone: Page, checker: PageChecker, make_game: GameFactory
) -> None:
    game = make_game("buraco", team_size=2, options={"vulnerable": 1_000})
    recorded(game, (1_200, 300))
    look(phone, checker, game, "buraco-mid")
    game.record_hand(2, bare(game, 1_900, 400), game.dealer_for(2))
    look(phone, checker, game, "buraco-finished")


def test_burraco_tournament_mid_game_and_finished(
    phone: Page, checker: PageChecker, make_game: GameFactory
) -> None:
    game = make_game("burraco", team_size=2, options={"hands": 3})
    recorded(game, (500, 80))
    look(phone, checker, game, "burraco-mid")
    game.record_hand(2, bare(game, 815, 950), game.dealer_for(2))
    game.record_hand(3, bare(game, 665, 215), game.dealer_for(3))
    look(phone, checker, game, "burraco-finished")


def test_chinchon_after_hand_seven_and_won_by_chinchon(
    phone: Page, checker: PageChecker, make_game: GameFactory
) -> None:
    game = make_game("chinchon", players=FOUR, hands=[*SIX_HANDS, HAND_SEVEN])
    look(phone, checker, game, "chinchon-mid")
    chinchon: dict[str, dict[str, Any]] = {
        "Ann": {"points": 8},
        "Bob": {},
        "Cy": {"closed": True, "chinchon": True},
        "Di": {},
    }
    game.record_hand(8, chinchon, game.dealer_for(8))
    look(phone, checker, game, "chinchon-finished")


def test_eight_chinchon_players_fit(
    phone: Page, checker: PageChecker, make_game: GameFactory
) -> None:
    # Maximiliano reaches 100 in hand 1 and passes it in hand 2: out, and may rejoin.
    hands = [
        {name: {"points": 10 * (seat + 3)} for seat, name in enumerate(EIGHT)}
        | {"Ann": {"closed": True, "points": 1}},
        {name: {"points": 4} for name in EIGHT} | {"Cy": {"closed": True, "minus_ten": True}},
    ]
    game = make_game("chinchon", players=EIGHT, hands=hands)
    look(phone, checker, game, "chinchon-eight")
