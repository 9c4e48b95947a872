"""The longest language on the smallest phone (issue 41): German, whose words are the longest we
ship, at 320 px. On every screen of a game of each rule set, no text spills out of its box or is
cut, no word breaks across lines and no line stands over another (the check of the longest
names, tests/browser/test_long_names.py). Screenshots of the scoreboard and the hand form go
to artifacts/screens/, light and dark."""

from __future__ import annotations

from random import Random
from typing import Literal

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page

from games.forms import seat_sides
from games.models import Game
from games.rules import RULE_SETS, get_rule_set

from .conftest import SCREENS
from .helpers import Scorekeeper
from .test_long_names import spills

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCHEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")
PLAYERS = ["Margarete", "Heinrich", "Brunhilde", "Friedrich", "Cäcilie", "Dietrich"]


def played(slug: str) -> Game:
    rules = get_rule_set(slug)
    count = 4 if 4 in rules.player_counts else rules.player_counts[0]
    players = PLAYERS[:count]
    setup = rules.new_game(players, seat_sides(players, rules.seating_for(count).team_size(2)))
    owner = get_user_model().objects.get(username="scorer")
    game = Game.start(owner, setup, players[0])
    hand = rules.sample_hand(setup, Random(3))
    game.record_hand(1, dict(hand.tallies), game.dealer_for(1), upcard=hand.upcard)
    return game


def in_german(page: Page) -> None:
    url = page.url if page.url.startswith("http") else ""
    base = url.split("/", 3)[:3]
    page.context.add_cookies(
        [{"name": "django_language", "value": "de", "url": "/".join(base) + "/"}]
    )


def test_every_screen_reads_in_german_at_320_px_with_nothing_spilling(
    keeper: Scorekeeper,
) -> None:
    page = keeper.page
    in_german(page)
    page.set_viewport_size({"width": 320, "height": 640})
    found: list[str] = []
    for path in ("/", "/games/new/", "/rules/", "/players/", "/language/"):
        page.goto(path)
        assert page.locator("html").get_attribute("lang") == "de"
        found += [f"{path}: {problem}" for problem in spills(page)]
    for slug in sorted(RULE_SETS):
        game = played(slug)
        for path in (f"/games/{game.pk}/", f"/games/{game.pk}/hands/new/", f"/rules/{slug}/"):
            page.goto(path)
            toggle = page.locator("[data-breakdown-toggle]")
            if toggle.count():
                toggle.click()
            found += [f"{slug} {path}: {problem}" for problem in spills(page)]
        if slug in ("canasta", "five-crowns"):
            for scheme in SCHEMES:
                page.emulate_media(color_scheme=scheme)
                for name, path in (
                    ("scoreboard", f"/games/{game.pk}/"),
                    ("hand", f"/games/{game.pk}/hands/new/"),
                ):
                    page.goto(path)
                    shot = SCREENS / f"german-{slug}-{name}-320-{scheme}.png"
                    page.screenshot(path=str(shot), scale="css", full_page=True)
            page.emulate_media(color_scheme="light")
    page.goto("/language/")
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SCREENS / f"german-language-menu-320-{scheme}.png"), scale="css")
    assert found == [], "\n".join(found)
