"""Hand and Foot, Samba and Bolivia played through the screens on a phone with touch, at 360,
320 and 390 px. Every expected number was worked out by hand from RULINGS.md sections 9 to 11
(the working is in the comments), not taken from the engine."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANN_CY_BOB_DI = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture
def keeper(page, checker) -> Scorekeeper:
    keeper = Scorekeeper(page, checker)
    keeper.sign_up()
    return keeper


def test_a_whole_hand_and_foot_game_shows_each_deals_opening_minimum(keeper: Scorekeeper) -> None:
    page = keeper.page
    page.set_viewport_size({"width": 360, "height": 780})
    keeper.new_game("hand-and-foot", ANN_CY_BOB_DI, first_dealer=0)
    line = page.get_by_test_id("opening-line")
    expect(line).to_have_text("Deal 1 of 4: 50 to open")
    keeper.expect_board([0, 0], [50, 50])
    keeper.check_once("hand-and-foot-start")

    # Deal 1, RULINGS' worked deal. Ann & Cy: 2 clean 1,000 + 2 dirty 600 + wild 1,500
    #   + 2 red threes 200 + 1,180 melded - 45 left + out 100 = 4,535.
    # Bob & Di: clean 500 - a red three caught 100 + 420 melded - 310 left = 510.
    keeper.play_hand(
        "Deal",
        1,
        [
            {
                "went_out": True,
                "clean_books": 2,
                "dirty_books": 2,
                "wild_books": 1,
                "red_threes": 2,
                "meld_points": 1180,
                "hand_points": 45,
            },
            {"clean_books": 1, "red_threes_caught": 1, "meld_points": 420, "hand_points": 310},
        ],
        preview=[4535, 510],
        totals=[4535, 510],
        minimums=[90, 90],
        name="hand-and-foot",
    )
    # The minimum goes by the deal, not the score: 4,535 and 510 both need 90.
    expect(line).to_have_text("Deal 2 of 4: 90 to open")

    # Deal 2 scored on paper: 4,535 + 1,200 = 5,735; 510 + 3,000 = 3,510.
    keeper.play_hand(
        "Deal", 2, [{"total": 1200}, {"total": 3000}], [1200, 3000], [5735, 3510], [120, 120]
    )
    expect(line).to_have_text("Deal 3 of 4: 120 to open")

    # Deal 3, a typical deal for Ann & Cy: 2 clean 1,000 + a dirty 300 + 2 red threes 200
    #   + 900 melded - 455 left = 1,945 -> 7,680.
    # Bob & Di went out: 3 clean 1,500 + 2 dirty 600 + wild 1,500 + a red three 100
    #   + 1,400 melded + out 100 = 5,200 -> 8,710.
    keeper.open_next_hand("Deal", 3)
    before = keeper.taps
    keeper.fill_side(
        0,
        {
            "clean_books": 2,
            "dirty_books": 1,
            "red_threes": 2,
            "meld_points": 900,
            "hand_points": 455,
        },
    )
    # The budget: at most 12 taps plus the digits, opening and saving the deal included.
    assert keeper.taps - before + 2 <= 12
    keeper.fill_side(
        1,
        {
            "went_out": True,
            "clean_books": 3,
            "dirty_books": 2,
            "wild_books": 1,
            "red_threes": 1,
            "meld_points": 1400,
        },
    )
    keeper.expect_preview([1945, 5200])
    keeper.save("Deal", 3)
    keeper.expect_board([7680, 8710], [150, 150])
    expect(line).to_have_text("Deal 4 of 4: 150 to open")
    keeper.check_once("hand-and-foot-deal-4")

    # Deal 4 on paper: 7,680 + 1,000 = 8,680; 8,710 + 500 = 9,210. Four deals: the game is over.
    keeper.play_hand("Deal", 4, [{"total": 1000}, {"total": 500}], [1000, 500], [8680, 9210], None)
    keeper.expect_winner("Winner: Bob & Di")
    expect(line).to_have_count(0)
    keeper.check_once("hand-and-foot-over")


def test_a_samba_game_with_a_samba_and_red_threes_against_a_side(keeper: Scorekeeper) -> None:
    page = keeper.page
    page.set_viewport_size({"width": 320, "height": 700})
    keeper.new_game("samba", ANN_CY_BOB_DI, first_dealer=1)
    keeper.expect_board([0, 0], [50, 50])

    # Hand 1, RULINGS' worked hand. Ann & Cy: samba 1,500 + natural 500 + 2 red threes 200
    #   + 560 melded - 30 in hand + out 200 = 2,930 (1,500-2,995: 90).
    # Bob & Di, a single canasta, so the red threes count against: mixed 300 - 2 red threes
    #   200 + 200 melded - 120 in hand = 180 (0-1,495: 50).
    keeper.play_hand(
        "Hand",
        1,
        [
            {
                "went_out": True,
                "sambas": 1,
                "natural_canastas": 1,
                "red_threes": 2,
                "meld_points": 560,
                "hand_points": 30,
            },
            {"mixed_canastas": 1, "red_threes": 2, "meld_points": 200, "hand_points": 120},
        ],
        preview=[2930, 180],
        totals=[2930, 180],
        minimums=[90, 50],
        name="samba",
    )
    # Hand 2 on paper: 2,930 + 4,200 = 7,130 (7,000 or more: 160); 180 - 500 = -320 (15).
    keeper.play_hand(
        "Hand", 2, [{"total": 4200}, {"total": -500}], [4200, -500], [7130, -320], [160, 15]
    )
    # Hand 3: 7,130 + 3,000 = 10,130 reaches 10,000: the game is over.
    keeper.play_hand("Hand", 3, [{"total": 3000}, {"total": 100}], [3000, 100], [10130, -220], None)
    keeper.expect_winner("Winner: Ann & Cy")
    keeper.check_once("samba-over")


def test_a_bolivia_hand_with_an_escalera_a_bolivia_and_black_threes(keeper: Scorekeeper) -> None:
    page = keeper.page
    keeper.new_game("bolivia", ANN_CY_BOB_DI, first_dealer=0)
    keeper.expect_board([0, 0], [50, 50])

    # Hand 1. Ann & Cy, RULINGS' worked hand: escalera 1,500 + mixed 300 + 3 red threes 300
    #   - a black three in hand 100 + 480 melded - 25 in hand = 2,455 (1,500-2,995: 90).
    # Bob & Di went out with a bolivia and an escalera: 2,500 + 1,500 + 900 melded + out 200
    #   = 5,100 (3,000-6,995: 120).
    keeper.play_hand(
        "Hand",
        1,
        [
            {
                "escaleras": 1,
                "mixed_canastas": 1,
                "red_threes": 3,
                "black_threes_in_hand": 1,
                "meld_points": 480,
                "hand_points": 25,
            },
            {"went_out": True, "bolivias": 1, "escaleras": 1, "meld_points": 900},
        ],
        preview=[2455, 5100],
        totals=[2455, 5100],
        minimums=[90, 120],
        name="bolivia",
    )
    expect(page.locator(".house-rules-line")).to_have_count(0)
