"""Gin Rummy's scoreboard on a phone (issue 43): a game in play, the worked game finished with
its final account, a Hollywood session in play and closed, each on the scoreboard and the live
view at 320 and 390 px, light and dark, fitting the width (the three games side by side at
320 px among them). Screenshots: artifacts/screens/gin-board-*.png and hollywood-*.png.

Persona: alice keeps score, logged in on her phone (her session cookie)."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from games.models import Game
from tests.conftest import GameFactory
from tests.views.test_gin_board import ANN, BOB, HOLLYWOOD_START, WORKED

from .conftest import PageChecker
from .helpers import shoot

WIDTHS = (320, 390)
#: Tall enough that the sticky "Enter hand" button stands in its place in a full-page shot.
HEIGHT = 2000


@pytest.fixture
def phone(page: Page, live_server: Any, alice: Any) -> Page:
    client = Client()
    client.force_login(alice)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )
    return page


def look(page: Page, checker: PageChecker, game: Game, name: str) -> None:
    """The scoreboard and the live view at each width: no sideways scroll, shot light and
    dark; axe and the tap targets once, on the scoreboard."""
    pages = {"": reverse("game", args=[game.pk]), "-live": reverse("live", args=[game.share_token])}
    for suffix, path in pages.items():
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": HEIGHT})
            page.goto(path)
            expect(page.locator("#scoreboard")).to_be_visible()
            scroll = page.evaluate("() => document.documentElement.scrollWidth")
            assert scroll <= width, f"{name}{suffix} scrolls sideways at {width} px: {scroll}"
            shoot(page, f"{name}{suffix}-{width}")
    page.goto(pages[""])
    checker(f"{name}-checked")


def test_a_gin_game_in_play_and_finished(
    phone: Page, checker: PageChecker, make_game: GameFactory
) -> None:
    game = make_game("gin-rummy", players=(ANN, BOB), hands=WORKED[:4])
    look(phone, checker, game, "gin-board-play")
    expect(phone.get_by_test_id("boxes-0")).to_have_text("2")

    game.record_hand(5, WORKED[4])
    look(phone, checker, game, "gin-board-final")
    expect(phone.get_by_test_id("settlement")).to_have_text("Bob pays Ann 220")


def test_a_hollywood_session_in_play_and_closed(
    phone: Page, checker: PageChecker, make_game: GameFactory
) -> None:
    # A long name, to see it fit a quarter of the 320 px table.
    bart = "Bartholomew"
    start = [{bart if name == BOB else name: tally for name, tally in hand.items()}
             for hand in HOLLYWOOD_START]  # fmt: skip
    game = make_game("gin-rummy", players=(ANN, bart), options={"hollywood": True}, hands=start)
    look(phone, checker, game, "hollywood-play")
    expect(phone.get_by_test_id("next-games")).to_contain_text("Ann: games 2 and 3")

    # Ann 60 closes games 2 and 3 at once (95 and 70 before): the session is over.
    game.record_hand(8, {ANN: {"knocked": True, "deadwood": 1}, bart: {"deadwood": 61}})
    look(phone, checker, game, "hollywood-closed")
    expect(phone.get_by_test_id("final-accounts")).to_contain_text("The session's final account")
