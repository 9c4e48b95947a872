"""The quality bar of the hand form, on a phone (390 x 844, touch).

"A typical hand for two sides (one went out with a natural and a dirty canasta, a few threes and
its card points; the other only card points on the table and in hand) is recorded in at most 9
taps plus the digits typed, on no more than two phone screens of scrolling."
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Player

from .helpers import Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MAX_TAPS = 9


def test_typical_miromar_hand_in_nine_taps_and_two_screens(page, checker) -> None:
    keeper = Scorekeeper(page, checker)
    keeper.sign_up()
    owner = get_user_model().objects.get(username="scorer")
    for name in ("Ann", "Bob", "Cy", "Di"):
        Player.objects.create(owner=owner, name=name)
    keeper.new_game("miromar-canasta", ["Ann", "Bob", "Cy", "Di"], chips=True)
    keeper.open_next_hand("Hand", 1)
    keeper.taps = keeper.digits = 0

    # Ann & Cy went out with a natural and a dirty canasta, two threes, 385 on the table:
    # out 200 + 500 + 300 + threes 2 x 100 (two canastas) + 385 = 1,585.
    keeper.fill_side(
        0,
        {
            "went_out": True,
            "natural_canastas": 1,
            "dirty_canastas": 1,
            "threes": 2,
            "meld_points": 385,
        },
    )
    # Bob & Di: only card points, 240 on the table (no canasta: they count against) and 135
    # in hand: -240 - 135 = -375.
    keeper.fill_side(1, {"meld_points": 240, "hand_points": 135})
    keeper.expect_preview([1585, -375])

    height, screen = page.evaluate(
        "() => [document.documentElement.scrollHeight, window.innerHeight]"
    )
    scrolling = height - screen
    print(
        f"\nquality bar: {keeper.taps + 1} taps (with Save), {keeper.digits} digits; hand form "
        f"{height}px high on a {screen}px screen: {scrolling}px = {scrolling / screen:.2f} "
        "screens of scrolling"
    )
    keeper.save("Hand", 1)

    assert keeper.taps <= MAX_TAPS, f"{keeper.taps} taps for a typical hand"
    assert keeper.digits == len("385240135")  # card points only: each count is one tap
    assert scrolling <= 2 * screen, (
        f"the hand form needs {scrolling}px of scrolling, over two screens ({2 * screen}px)"
    )
    keeper.expect_board([1585, -375], [125, 125])
    expect(page.locator("table.grid tbody tr")).to_have_count(1)
