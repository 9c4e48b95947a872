"""Fewer taps, bigger targets (issue 19): the typical hand counted tap by tap, and the form's
targets measured on a phone."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set

from .helpers import PASSWORD, Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Most taps for the issue's typical hand, from the scoreboard back to the scoreboard.
MOST_TAPS = 12


def game_of(slug: str, players: list[str], team_size: int, dealer: str) -> Game:
    owner = get_user_model().objects.get(username="scorer")
    setup = get_rule_set(slug).new_game(players, seat_sides(players, team_size))
    return Game.start(owner, setup, dealer)


@pytest.fixture
def keeper(page: Page) -> Scorekeeper:
    get_user_model().objects.create_user("scorer", password=PASSWORD)
    keeper = Scorekeeper(page)
    keeper.log_in("scorer")
    keeper.taps = keeper.digits = 0
    return keeper


def test_the_typical_hand_takes_at_most_twelve_taps(keeper: Scorekeeper) -> None:
    """Pennies From Heaven, partners: Ann & Cy went out with 2 natural, 1 unnatural and 1 seven
    canasta and 2 red threes, 1,450 on the table, 0 in hand; Bob & Di 1 natural canasta, 1 red
    three, 900 on the table, 125 in hand. Every tap counts: the link, each control, each box
    focused, Save."""
    game = game_of("pfh-partnership", ["Ann", "Bob", "Cy", "Di"], 2, "Ann")
    keeper.page.goto(f"/games/{game.pk}/")
    keeper.taps = keeper.digits = 0
    keeper.play_hand(
        "Hand",
        1,
        [
            {
                "went_out": True,
                "natural_canastas": 2,
                "unnatural_canastas": 1,
                "seven_canastas": 1,
                "red_threes": 2,
                "meld_points": 1450,
            },
            {"natural_canastas": 1, "red_threes": 1, "meld_points": 900, "hand_points": 125},
        ],
        preview=[4150, 1375],
        totals=[4150, 1375],
        minimums=[50, 50],
    )
    print(f"typical hand: {keeper.taps} taps, {keeper.digits} digits")
    assert keeper.taps <= MOST_TAPS, f"{keeper.taps} taps"


def test_the_ten_pennies_card_counter_fills_the_cards_caught_too(keeper: Scorekeeper) -> None:
    game = game_of("ten-pennies", ["Ann", "Bob", "Cy"], 1, "Ann")
    page = keeper.page
    page.goto(f"/games/{game.pk}/")
    keeper.open_next_hand("Round", 1)
    panel = page.locator("fieldset.panel[data-side='1']")
    keeper.tap(panel.get_by_role("button", name="Count the cards: Points caught in hand"))
    counts = panel.locator(".card-helper input[data-points]")
    values = [int(v) for v in counts.evaluate_all("(all) => all.map((i) => i.dataset.points)")]
    typed = [3, 4] + [0] * (len(values) - 2)
    for box, count in zip(counts.all(), typed, strict=True):
        if count:
            keeper.tap(box)
            keeper.type_digits(str(count))

    expect(panel.locator("[name='s1-points']")).to_have_value(
        str(sum(v * c for v, c in zip(values, typed, strict=True)))
    )
    expect(panel.locator("[name='s1-cards']")).to_have_value("7")
