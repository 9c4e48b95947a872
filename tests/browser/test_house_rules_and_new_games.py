"""House rules, the score pad and classic Canasta, played through the screens on a phone to their
winners (issue 18), each game at one of 320, 360 and 390 px, the widths shared out among them
(each game at all three took over two minutes of `make test` for what one width shows; the
screens at every width are tests/browser/test_screens.py's).

Every expected number below was worked out by hand from RULINGS.md (sections 1, 6, 7 and 8; the
working is in the comments), not taken from the engine. Each screen gets the usual checks (axe,
no sideways scrolling, tap targets) at the test's width, and the screens new with issue 18 are
shot in light and dark (artifacts/screens/, named after the width).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, ViewportSize, expect

from .helpers import PASSWORD, Scorekeeper, shoot, shown

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fast_passwords"),
]

#: Phone screens: an old small iPhone, a common Android, a recent iPhone.
SCREENS = {320: 568, 360: 740, 390: 844}
FOUR = ["Ann", "Bob", "Cy", "Di"]
SIX = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def fits(page: Page, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{page.url} scrolls sideways at {width} px ({scroll} px wide)"


@pytest.fixture
def width(request: pytest.FixtureRequest) -> int:
    """The phone's width: the test's own (`at(width)`)."""
    return int(request.param)


def at(width: int) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("width", [width], indirect=True, ids=lambda w: f"{w}px")


@pytest.fixture
def keeper(page: Page, checker: Any, width: int) -> Iterator[Scorekeeper]:
    """A scorekeeper logged in on a phone `width` px wide. Every screen checked gets the usual
    checks (which look at 390 and 360 px), then the phone's own width back and a look at it."""
    size: ViewportSize = {"width": width, "height": SCREENS[width]}

    def check(name: str) -> None:
        checker(f"{name}-{width}")
        page.set_viewport_size(size)
        fits(page, width)

    get_user_model().objects.create_user("scorer", password=PASSWORD)
    page.set_viewport_size(size)
    keeper = Scorekeeper(page, check)
    keeper.checked.update({"login", "home-logged-in"})  # checked by the other browser tests
    keeper.log_in("scorer")
    yield keeper


def house_rules_line(page: Page) -> Locator:
    return page.locator(".house-rules-line")


def expect_to_go(page: Page, to_go: list[int | None]) -> None:
    """Each side's "N to go" under its total (None: not shown)."""
    for side, left in enumerate(to_go):
        mark = page.get_by_test_id(f"to-go-{side}")
        if left is None:
            expect(mark).to_have_count(0)
        else:
            expect(mark).to_have_text(shown(left))


# -- Pennies From Heaven to 20,000 --------------------------------------------------------------


@at(360)
def test_a_pennies_from_heaven_game_set_to_20000_ends_at_20000(
    keeper: Scorekeeper, width: int
) -> None:
    page = keeper.page
    keeper.new_game(
        "pfh-partnership", FOUR, first_dealer=0, house_rules={"target": 20000}, start=False
    )
    target = page.locator("[name='pfh-partnership--target']")
    expect(target.locator("option:checked")).to_have_text("20,000")
    expect(target.locator("option", has_text="(usual)")).to_have_text("25,000 (usual)")
    shoot(page, f"house-rules-new-game-{width}")
    keeper.start_game()

    expect(house_rules_line(page)).to_have_text("House rules: game to 20,000")
    keeper.expect_board([0, 0], [50, 50])
    # Nothing scored yet: each side is the whole target away.
    expect_to_go(page, [20000, 20000])
    keeper.check_once("house-rules-scoreboard-start")

    # Hand 1, dealt by Ann, so Ann & Cy may claim a perfect deal.
    # Ann & Cy: out 200 + 2 natural 1,000 + 1 wild 2,500 + 2 red threes 200 + table 1,850
    #   + one perfect deal 50 = 5,800.
    # Bob & Di: 1 unnatural 300 + 1 red three 100 - 1 black three 100 + table 640
    #   - hand 215 = 725. Both below 9,000: minimum 50.
    # To go: 20,000 - 5,800 = 14,200; 20,000 - 725 = 19,275.
    keeper.play_hand(
        "Hand",
        1,
        [
            {
                "went_out": True,
                "natural_canastas": 2,
                "wild_canastas": 1,
                "red_threes": 2,
                "meld_points": 1850,
                "perfect_deals": 1,
            },
            {
                "unnatural_canastas": 1,
                "red_threes": 1,
                "black_threes": 1,
                "meld_points": 640,
                "hand_points": 215,
            },
        ],
        preview=[5800, 725],
        totals=[5800, 725],
        minimums=[50, 50],
        name="house-rules-pfh",
    )
    expect_to_go(page, [14200, 19275])
    # Hand 2 on paper: 5,800 + 6,400 = 12,200 (12,000-14,999: 120), 7,800 to go;
    # 725 + 8,500 = 9,225 (9,000-11,999: 90), 10,775 to go.
    keeper.play_hand(
        "Hand",
        2,
        [{"total": 6400}, {"total": 8500}],
        preview=[6400, 8500],
        totals=[12200, 9225],
        minimums=[120, 90],
    )
    expect_to_go(page, [7800, 10775])
    expect(house_rules_line(page)).to_have_text("House rules: game to 20,000")
    keeper.check_once("house-rules-scoreboard")
    shoot(page, f"house-rules-scoreboard-{width}")

    # Hand 3: Ann & Cy itemized: natural 500 + unnatural 300 + red three 100 + table 900
    #   - hand 150 = 1,650 -> 13,850. Bob & Di on paper: 10,800 -> 20,025: at least 20,000,
    #   so the game is over (it would go on to 25,000 without the house rule); highest wins.
    keeper.play_hand(
        "Hand",
        3,
        [
            {
                "natural_canastas": 1,
                "unnatural_canastas": 1,
                "red_threes": 1,
                "meld_points": 900,
                "hand_points": 150,
            },
            {"total": 10800},
        ],
        preview=[1650, 10800],
        totals=[13850, 20025],
        minimums=None,
    )
    keeper.expect_winner("Winner: Bob & Di")
    expect_to_go(page, [None, None])
    expect(house_rules_line(page)).to_have_text("House rules: game to 20,000")
    keeper.check_once("house-rules-game-over")
    shoot(page, f"house-rules-game-over-{width}")

    # The live view the other players follow says it too.
    keeper.tap(page.get_by_role("link", name="Share: live view for the table"))
    keeper.tap(page.locator(".share-url a"))
    expect(page.get_by_test_id("total-1")).to_have_text("20,025")
    expect(house_rules_line(page)).to_have_text("House rules: game to 20,000")


# -- A score pad: Hearts, 6 players, to 100, lowest wins ----------------------------------------

# Omnibus Hearts: each heart 1, the queen of spades 13, the jack of diamonds -10, so a hand's
# scores add up to 13 + 13 - 10 = 16; a player who takes every heart and the queen ("shoots the
# moon") scores 0 and everyone else 26. One row per hand, one score per player (Ann to Flo).
HEARTS = [
    [6, 13, -10, 2, 5, 0],  # 6 + 13 - 10 + 2 + 5 + 0 = 16
    [0, 26, 26, 26, 26, 26],  # Ann shoots the moon
    [4, 19, 0, -7, 0, 0],  # 4 + 19 - 7 = 16 (Di: three hearts and the jack)
    [0, 23, 0, 0, 3, -10],  # 23 + 3 - 10 = 16
    [-10, 19, 2, 3, 2, 0],  # -10 + 19 + 2 + 3 + 2 = 16
]
# Running totals: Ann 6, 6, 10, 10, 0; Bob 13, 39, 58, 81, 100; Cy -10, 16, 16, 16, 18;
# Di 2, 28, 21, 21, 24; Ed 5, 31, 31, 34, 36; Flo 0, 26, 26, 16, 16.
HEARTS_TOTALS = [
    [6, 13, -10, 2, 5, 0],
    [6, 39, 16, 28, 31, 26],
    [10, 58, 16, 21, 31, 26],
    [10, 81, 16, 21, 34, 16],
    [0, 100, 18, 24, 36, 16],
]


@at(320)
def test_a_hearts_score_pad_for_six_ends_at_100_and_the_lowest_total_wins(
    keeper: Scorekeeper, width: int
) -> None:
    page = keeper.page
    keeper.new_game(
        "score-pad",
        SIX,
        first_dealer=0,
        house_rules={"target": 100, "lowest_wins": True},
        start=False,
    )
    expect(page.locator("[name='score-pad--target']")).to_have_value("100")
    shoot(page, f"score-pad-new-game-{width}")
    keeper.start_game()

    expect(house_rules_line(page)).to_have_text("House rules: game to 100; lowest total wins")
    keeper.expect_board([0] * 6, None)
    # Where the lowest total wins, nobody aims for the target: no "to go".
    expect_to_go(page, [None] * 6)

    # Hand 1 (Cy's -10 typed as 10 and the sign button): Cy is lowest, so Cy leads.
    keeper.play_pad_hand(1, HEARTS[0], HEARTS_TOTALS[0], name="score-pad-six")
    leading = page.locator("li.total-card.leading")
    expect(leading).to_have_count(1)
    expect(leading.locator(".side-name")).to_have_text("Cy")
    expect(leading.locator(".lead-mark")).to_have_text("Leading")
    expect_to_go(page, [None] * 6)

    for number in (2, 3, 4):
        keeper.play_pad_hand(number, HEARTS[number - 1], HEARTS_TOTALS[number - 1])
    # After hand 4 Bob (81) is 19 from 100, and Ann (10) is the lowest.
    expect_to_go(page, [None] * 6)
    expect(leading.locator(".side-name")).to_have_text("Ann")

    # Hand 5: Bob reaches 100 exactly, which ends the game; Ann's 0 is the lowest total.
    keeper.open_next_hand("Hand", 5)
    for side, score in enumerate(HEARTS[4]):
        keeper.fill_total(side, score)
    keeper.expect_preview(HEARTS[4])
    shoot(page, f"score-pad-six-form-{width}")
    keeper.save("Hand", 5)
    keeper.expect_board(HEARTS_TOTALS[4], None)
    keeper.expect_winner("Winner: Ann")
    winner = page.locator("li.total-card.leading")
    expect(winner).to_have_count(1)
    expect(winner.locator(".side-name")).to_have_text("Ann")
    expect(winner.locator(".lead-mark")).to_have_text("Winner")
    expect_to_go(page, [None] * 6)
    # The hand grid: hand 5's row, each cell the hand's score over the running total.
    last = page.locator("table.grid tbody tr").nth(4)
    expect(last.locator("td .hand-score")).to_have_text([shown(n) for n in HEARTS[4]])
    expect(last.locator("td .running")).to_have_text([shown(n) for n in HEARTS_TOTALS[4]])
    expect(page.get_by_role("button", name="Finish the game")).to_have_count(0)
    keeper.check_once("score-pad-six-game-over")
    shoot(page, f"score-pad-six-game-over-{width}")


# -- A score pad with no end of its own, finished by hand ----------------------------------------

# Rummy for eight, each on their own, highest wins, no target and no number of hands.
RUMMY = [
    [25, 0, 40, 15, 0, 35, 10, -5],
    [0, 60, 10, 5, 30, 0, 20, 20],
]
# Totals: Ann 25; Bob 60; Cy 50; Di 20; Ed 30; Flo 35; Gus 30; Hal 15. Bob leads with 60.
RUMMY_TOTALS = [
    [25, 0, 40, 15, 0, 35, 10, -5],
    [25, 60, 50, 20, 30, 35, 30, 15],
]
# Hand 3, after reopening: Ann 25 + 45 = 70; Bob 60 + 0 = 60; Cy 50 + 5 = 55; Di 20 + 10 = 30;
# Ed 30 + 0 = 30; Flo 35 + 20 = 55; Gus 30 + 30 = 60; Hal 15 - 15 = 0. Ann leads with 70.
RUMMY_3 = [45, 0, 5, 10, 0, 20, 30, -15]
RUMMY_3_TOTALS = [70, 60, 55, 30, 30, 55, 60, 0]


@at(390)
def test_a_score_pad_with_no_target_is_finished_by_hand_then_reopened_for_one_more(
    keeper: Scorekeeper, width: int
) -> None:
    page = keeper.page
    keeper.new_game("score-pad", EIGHT, first_dealer=0)
    # Every house rule left as usual: no line on the scoreboard. Nothing to finish yet.
    expect(house_rules_line(page)).to_have_count(0)
    expect(page.get_by_role("button", name="Finish the game")).to_have_count(0)

    keeper.open_next_hand("Hand", 1)
    for side, score in enumerate(RUMMY[0]):
        keeper.fill_total(side, score)
    keeper.expect_preview(RUMMY[0])
    keeper.check_once("score-pad-eight-hand-1-form")
    shoot(page, f"score-pad-eight-form-{width}")
    keeper.save("Hand", 1)
    keeper.expect_board(RUMMY_TOTALS[0], None)
    keeper.play_pad_hand(2, RUMMY[1], RUMMY_TOTALS[1])
    # No target: no "to go"; Bob leads.
    expect_to_go(page, [None] * 8)
    expect(page.locator("li.total-card.leading .side-name")).to_have_text("Bob")

    keeper.tap(page.get_by_role("button", name="Finish the game"))
    expect(page.get_by_role("heading", name="Finish the game now?")).to_be_visible()
    keeper.tap(page.get_by_role("button", name="Finish the game"))
    keeper.expect_winner("Winner: Bob")
    keeper.expect_board(RUMMY_TOTALS[1], None)
    expect(page.get_by_role("button", name="Finish the game")).to_have_count(0)
    keeper.check_once("score-pad-finished")
    shoot(page, f"score-pad-finished-{width}")

    keeper.tap(page.get_by_role("button", name="Reopen the game"))
    expect(page.locator(".banner")).to_have_count(0)
    expect(page.get_by_role("button", name="Finish the game")).to_be_visible()
    keeper.play_pad_hand(3, RUMMY_3, RUMMY_3_TOTALS)

    keeper.tap(page.get_by_role("button", name="Finish the game"))
    expect(page.get_by_text("Ann would win with")).to_be_visible()
    keeper.tap(page.get_by_role("button", name="Finish the game"))
    keeper.expect_winner("Winner: Ann")
    keeper.expect_board(RUMMY_3_TOTALS, None)
    expect(page.locator("table.grid tbody tr")).to_have_count(3)


# -- Classic Canasta to 5,000 -------------------------------------------------------------------

# RULINGS section 6: natural canasta 500, mixed 300, red three 100 (all four 800; against a side
# that melded nothing), card points on the table +, left in hand -, going out 100, concealed 100
# more. Opening minimum from the total before the hand: below 0 -> 15, 0 to 1,495 -> 50,
# 1,500 to 2,995 -> 90, 3,000 or more -> 120. The game ends after the hand that takes a side to
# 5,000 or more; the highest total wins.


@at(320)
def test_a_two_player_canasta_game_is_played_to_5000(keeper: Scorekeeper, width: int) -> None:
    page = keeper.page
    keeper.new_game("canasta", ["Ann", "Bob"], first_dealer=1, start=False)
    shoot(page, f"canasta-new-game-{width}")
    keeper.start_game()
    expect(house_rules_line(page)).to_have_count(0)
    # Both at 0: 50 to open; 5,000 to go.
    keeper.expect_board([0, 0], [50, 50])
    expect_to_go(page, [5000, 5000])

    # Hand 1: Ann goes out (two players need two canastas): natural 500 + mixed 300 + out 100
    #   + a red three 100 + table 400 = 1,400 (no cards left in a lone player's hand).
    # Bob melded nothing: his red three counts against him, -100, and his hand -185: -285.
    # Ann 1,400: 50 (0 to 1,495); Bob -285: 15 (below 0).
    keeper.play_hand(
        "Hand",
        1,
        [
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "red_threes": 1,
                "meld_points": 400,
            },
            {"red_threes": 1, "hand_points": 185},
        ],
        preview=[1400, -285],
        totals=[1400, -285],
        minimums=[50, 15],
        name="canasta-two",
    )
    expect(page.locator("li.total-card").nth(1)).to_contain_text("needs 15 to open")
    # Hand 2: Bob goes out concealed: natural 500 + mixed 300 + out 100 + concealed 100
    #   + two red threes 200 + table 585 = 1,785 -> -285 + 1,785 = 1,500: 90 (from 1,500).
    # Ann: mixed 300 + table 520 - hand 95 = 725 -> 2,125: 90.
    keeper.play_hand(
        "Hand",
        2,
        [
            {"mixed_canastas": 1, "meld_points": 520, "hand_points": 95},
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "concealed": True,
                "red_threes": 2,
                "meld_points": 585,
            },
        ],
        preview=[725, 1785],
        totals=[2125, 1500],
        minimums=[90, 90],
    )
    # Hand 3 on paper: Ann 1,200 -> 3,325; Bob 1,500 -> 3,000: both 120 (from 3,000).
    # To go: 5,000 - 3,325 = 1,675; 5,000 - 3,000 = 2,000.
    keeper.play_hand(
        "Hand",
        3,
        [{"total": 1200}, {"total": 1500}],
        preview=[1200, 1500],
        totals=[3325, 3000],
        minimums=[120, 120],
    )
    expect_to_go(page, [1675, 2000])
    # Bob dealt first; the deal passes left: Ann, Bob, then Ann deals hand 4.
    expect(page.locator(".dealer")).to_have_text("Dealer: Ann")
    keeper.check_once("canasta-two-scoreboard")
    shoot(page, f"canasta-two-scoreboard-{width}")
    # Hand 4: Ann goes out: 2 natural 1,000 + mixed 300 + all four red threes 800 + table 690
    #   + out 100 = 2,890 -> 6,215: 5,000 reached, game over.
    # Bob: mixed 300 + table 410 - hand 240 = 470 -> 3,470. Ann has the highest total.
    keeper.play_hand(
        "Hand",
        4,
        [
            {
                "went_out": True,
                "natural_canastas": 2,
                "mixed_canastas": 1,
                "red_threes": 4,
                "meld_points": 690,
            },
            {"mixed_canastas": 1, "meld_points": 410, "hand_points": 240},
        ],
        preview=[2890, 470],
        totals=[6215, 3470],
        minimums=None,
    )
    keeper.expect_winner("Winner: Ann")
    keeper.check_once("canasta-two-game-over")
    shoot(page, f"canasta-two-game-over-{width}")


@at(390)
def test_a_four_player_canasta_game_is_played_to_5000_in_partnerships(
    keeper: Scorekeeper, width: int
) -> None:
    page = keeper.page
    keeper.new_game("canasta", FOUR, first_dealer=0)
    # Four play as two partnerships, partners opposite: seats 1 & 3 against 2 & 4.
    expect(page.locator("li.total-card .side-name")).to_have_text(["Ann & Cy", "Bob & Di"])
    keeper.expect_board([0, 0], [50, 50])

    # Hand 1: Ann & Cy go out (one canasta is enough with four): natural 500 + out 100
    #   + two red threes 200 + table 780 - 45 in the partner's hand = 1,535: 90.
    # Bob & Di melded nothing: a red three against them -100, hands -210: -310: 15.
    keeper.play_hand(
        "Hand",
        1,
        [
            {
                "went_out": True,
                "natural_canastas": 1,
                "red_threes": 2,
                "meld_points": 780,
                "hand_points": 45,
            },
            {"red_threes": 1, "hand_points": 210},
        ],
        preview=[1535, -310],
        totals=[1535, -310],
        minimums=[90, 15],
        name="canasta-four",
    )
    # Hand 2: Bob & Di go out: 2 natural 1,000 + mixed 300 + all four red threes 800
    #   + table 1,270 + out 100 - hand 60 = 3,410 -> 3,100: 120.
    # Ann & Cy: mixed 300 + table 385 - hand 170 = 515 -> 2,050: 90.
    keeper.play_hand(
        "Hand",
        2,
        [
            {"mixed_canastas": 1, "meld_points": 385, "hand_points": 170},
            {
                "went_out": True,
                "natural_canastas": 2,
                "mixed_canastas": 1,
                "red_threes": 4,
                "meld_points": 1270,
                "hand_points": 60,
            },
        ],
        preview=[515, 3410],
        totals=[2050, 3100],
        minimums=[90, 120],
    )
    # Hand 3 on paper: 2,050 + 1,600 = 3,650; 3,100 + 1,450 = 4,550: both 120.
    keeper.play_hand(
        "Hand",
        3,
        [{"total": 1600}, {"total": 1450}],
        preview=[1600, 1450],
        totals=[3650, 4550],
        minimums=[120, 120],
    )
    keeper.check_once("canasta-four-scoreboard")
    shoot(page, f"canasta-four-scoreboard-{width}")
    # Hand 4: Ann & Cy: natural 500 + mixed 300 + red three 100 + table 640 - hand 85
    #   = 1,455 -> 5,105. Bob & Di go out: natural 500 + out 100 + table 420 - hand 25 = 995
    #   -> 5,545. Both past 5,000: the highest total, Bob & Di's, wins.
    keeper.play_hand(
        "Hand",
        4,
        [
            {
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "red_threes": 1,
                "meld_points": 640,
                "hand_points": 85,
            },
            {"went_out": True, "natural_canastas": 1, "meld_points": 420, "hand_points": 25},
        ],
        preview=[1455, 995],
        totals=[5105, 5545],
        minimums=None,
    )
    keeper.expect_winner("Winner: Bob & Di")
    keeper.check_once("canasta-four-game-over")


@at(320)
def test_a_game_for_two_to_four_offers_no_fifth_seat(keeper: Scorekeeper, width: int) -> None:
    page = keeper.page
    keeper.new_game("samba", FOUR, start=False)
    seats = page.locator(".seats .seat")
    expect(seats.filter(visible=True)).to_have_count(4)
    page.locator("#id_seat3").press("Enter")  # "Next" on the last seat: no seat 5 opens
    expect(seats.filter(visible=True)).to_have_count(4)
    dealers = page.locator("#id_first_dealer option:not([hidden])")
    expect(dealers).to_have_text([f"Seat {n + 1}: {name}" for n, name in enumerate(FOUR)])

    keeper.tap(page.locator("label.choice:has(input[value='five-crowns'])"))  # 2 to 7

    for shown_at in (320, 360, 390):
        page.set_viewport_size({"width": shown_at, "height": SCREENS[shown_at]})
        expect(seats.filter(visible=True)).to_have_count(5)
        fits(page, shown_at)
        shoot(page, f"new-game-seats-five-crowns-{shown_at}")
