"""One whole game of each rule set, played through the screens on a phone, to its winner.

Every expected number below was worked out by hand from RULINGS.md (the working is in the
comments), not taken from the engine.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Player

from .helpers import Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def keeper(page, checker) -> Scorekeeper:
    """A scorekeeper signed up through the sign-up page, on the phone."""
    keeper = Scorekeeper(page, checker)
    keeper.sign_up()
    return keeper


def roster(*names: str, username: str = "scorer") -> None:
    """Players from earlier games, so the new-game page offers them as chips."""
    owner = get_user_model().objects.get(username=username)
    for name in names:
        Player.objects.create(owner=owner, name=name)


def test_pfh_partnership_to_25000(keeper: Scorekeeper) -> None:
    keeper.new_game("pfh-partnership", ["Ann", "Bob", "Cy", "Di"], first_dealer=0)
    page = keeper.page
    expect(page.locator(".dealer")).to_have_text("Dealer: Ann · Pennies: Cy")
    keeper.expect_board([0, 0], [50, 50])
    keeper.check_once("pfh-partnership-game-start")

    # Hand 1, dealt by Ann, so Ann & Cy may claim a perfect deal.
    # Ann & Cy: out 200 + 2 natural 1,000 + 1 wild 2,500 + 2 red threes 200 + table 1,850
    #   + one perfect deal 50 = 5,800.
    # Bob & Di: 1 unnatural 300 + 1 red three 100 - 1 black three 100 + table 640
    #   - hand 215 = 725. Both below 9,000: minimum 50.
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
        name="pfh-partnership",
    )
    # Hands 2 and 3 scored on paper, "Just the total".
    # 5,800 + 6,400 = 12,200 (12,000-14,999: 120); 725 + 8,500 = 9,225 (9,000-11,999: 90).
    keeper.play_hand(
        "Hand",
        2,
        [{"total": 6400}, {"total": 8500}],
        preview=[6400, 8500],
        totals=[12200, 9225],
        minimums=[120, 90],
    )
    # 12,200 + 3,000 = 15,200 (15,000 or more: 150); 9,225 + 2,500 = 11,725 (90).
    keeper.play_hand(
        "Hand",
        3,
        [{"total": 3000}, {"total": 2500}],
        preview=[3000, 2500],
        totals=[15200, 11725],
        minimums=[150, 90],
    )
    keeper.check_once("pfh-partnership-game-hand-4")
    # Hand 4: Ann & Cy itemized: natural 500 + unnatural 300 + red three 100 + table 900
    #   - hand 150 = 1,650 -> 16,850. Bob & Di on paper: 13,400 -> 25,125 >= 25,000: game over,
    #   highest total wins.
    keeper.play_hand(
        "Hand",
        4,
        [
            {
                "natural_canastas": 1,
                "unnatural_canastas": 1,
                "red_threes": 1,
                "meld_points": 900,
                "hand_points": 150,
            },
            {"total": 13400},
        ],
        preview=[1650, 13400],
        totals=[16850, 25125],
        minimums=None,
    )
    keeper.expect_winner("Winner: Bob & Di")
    keeper.check_once("pfh-partnership-game-over")


def test_pfh_three_hands_family_game(keeper: Scorekeeper) -> None:
    roster("Ann", "Bob", "Cy")
    keeper.new_game("pfh-three-hands", ["Ann", "Bob", "Cy"], first_dealer=1, chips=True)
    page = keeper.page
    expect(page.locator(".dealer")).to_have_text("Dealer: Bob")
    keeper.expect_board([0, 0, 0], [50, 50, 50])
    keeper.check_once("pfh-three-hands-game-start")

    # Hand 1 (red threes count only now; four or more score 200 each).
    # Ann: out 100 + red book 500 + seven book 1,500 + wild book 1,500 + 4 red threes 800
    #   + table 1,200 = 5,600.
    # Bob: black book 300 + red three 100 - black three 100 + table 450 - hand 120 = 630.
    # Cy: not on the board and Ann went out: - unpicked piles 180 - hand 95 = -275.
    # Hand 2 minimum is 90, but Cy is below zero: 15.
    keeper.play_hand(
        "Hand",
        1,
        [
            {
                "went_out": True,
                "red_books": 1,
                "seven_books": 1,
                "wild_books": 1,
                "red_threes": 4,
                "meld_points": 1200,
            },
            {
                "black_books": 1,
                "red_threes": 1,
                "black_threes": 1,
                "meld_points": 450,
                "hand_points": 120,
            },
            {"on_board": False, "hand_points": 95, "pile_points": 180},
        ],
        preview=[5600, 630, -275],
        totals=[5600, 630, -275],
        minimums=[90, 90, 15],
        name="pfh-three-hands",
    )
    # Hand 2: no red threes asked.
    expect(page.get_by_role("link", name="Enter hand 2")).to_be_visible()
    # Ann: red book 500 + table 600 - hand 60 = 1,040 -> 6,640.
    # Bob: out 100 + seven book 1,500 + wild book 1,500 + black book 300 + table 900
    #   = 4,300 -> 4,930.
    # Cy: red book 500 + table 350 - hand 40 = 810 -> 535. Hand 3 minimum: 120 for all.
    keeper.open_next_hand("Hand", 2)
    expect(page.locator("[name$='-red_threes']")).to_have_count(0)
    for side, tally in enumerate(
        [
            {"red_books": 1, "meld_points": 600, "hand_points": 60},
            {
                "went_out": True,
                "seven_books": 1,
                "wild_books": 1,
                "black_books": 1,
                "meld_points": 900,
            },
            {"red_books": 1, "meld_points": 350, "hand_points": 40},
        ]
    ):
        keeper.fill_side(side, tally)
    keeper.expect_preview([1040, 4300, 810])
    keeper.save("Hand", 2)
    keeper.expect_board([6640, 4930, 535], [120, 120, 120])
    # Hand 3, the last: Ann 1,500 and Bob 2,950 on paper -> 8,140 and 7,880;
    # Cy: out 100 + seven book 1,500 + wild book 1,500 + table 700 = 3,800 -> 4,335.
    keeper.play_hand(
        "Hand",
        3,
        [
            {"total": 1500},
            {"total": 2950},
            {"went_out": True, "seven_books": 1, "wild_books": 1, "meld_points": 700},
        ],
        preview=[1500, 2950, 3800],
        totals=[8140, 7880, 4335],
        minimums=None,
    )
    keeper.expect_winner("Winner: Ann")
    keeper.check_once("pfh-three-hands-game-over")


# Ten Pennies rounds: per player (points caught, cards caught, cards bought). Exactly one player
# goes out (0, 0) each round; points lie between 5 and 50 per card.
DEUCES_ROUNDS = [
    # Ann        Bob          Cy
    [(0, 0, 1), (45, 6, 2), (30, 4, 0)],
    [(25, 3, 0), (0, 0, 1), (60, 5, 1)],
    [(0, 0, 2), (35, 4, 0), (20, 2, 1)],
    [(15, 2, 0), (70, 7, 1), (0, 0, 0)],
    [(0, 0, 1), (40, 3, 2), (55, 4, 1)],
    [(10, 1, 0), (0, 0, 0), (90, 6, 2)],
    [(0, 0, 0), (25, 2, 1), (35, 3, 0)],
]

JOKERS_ROUNDS = [
    # Ann        Bob          Cy           Di
    [(0, 0, 0), (20, 2, 1), (50, 5, 0), (35, 3, 2)],
    [(30, 3, 1), (0, 0, 0), (15, 1, 0), (60, 6, 1)],
    [(20, 2, 0), (25, 3, 1), (0, 0, 1), (40, 4, 0)],
    [(0, 0, 2), (20, 2, 0), (45, 4, 1), (10, 1, 0)],
    [(40, 3, 0), (35, 4, 0), (70, 5, 2), (0, 0, 1)],
    [(15, 2, 1), (0, 0, 1), (25, 2, 0), (50, 4, 0)],
    [(0, 0, 0), (5, 1, 0), (30, 3, 1), (20, 3, 0)],
]


def play_ten_pennies(keeper: Scorekeeper, name: str, rounds, running_totals) -> None:
    page = keeper.page
    for number, (row, totals) in enumerate(zip(rounds, running_totals, strict=True), start=1):
        expect(page.locator(".round-title")).to_contain_text(f"Round {number}:")
        tallies = [
            {"points": points, "cards": cards, "buys": buys}
            if cards
            else {"buys": buys}  # the player who went out leaves points and cards at 0
            for points, cards, buys in row
        ]
        keeper.play_hand(
            "Round",
            number,
            tallies,
            preview=[points for points, _, _ in row],
            totals=totals,
            minimums=None,
            name=name,
        )


def test_ten_pennies_seven_rounds_and_the_pot(keeper: Scorekeeper) -> None:
    keeper.new_game("ten-pennies", ["Ann", "Bob", "Cy"], first_dealer=2)
    page = keeper.page
    expect(page.locator(".round-title")).to_have_text("Round 1: 2 sets of 3")
    expect(page.locator(".round-card")).to_contain_text("Wild: twos · 1 wild card per set")
    expect(page.get_by_test_id("pot")).to_have_text("0")
    keeper.check_once("ten-pennies-game-start")
    # Running totals (lowest wins): Ann 0,25,25,40,40,50,50; Bob 45,45,80,150,190,190,215;
    # Cy 30,90,110,110,165,255,290.
    play_ten_pennies(
        keeper,
        "ten-pennies",
        DEUCES_ROUNDS,
        [
            [0, 45, 30],
            [25, 45, 90],
            [25, 80, 110],
            [40, 150, 110],
            [40, 190, 165],
            [50, 190, 255],
            [50, 215, 290],
        ],
    )
    # Pennies: a buy or a caught card is one penny each.
    # Ann buys 1+2+1 = 4, cards 3+2+1 = 6: 10. Bob buys 2+1+1+2+1 = 7, cards 6+4+7+3+2 = 22: 29.
    # Cy buys 1+1+1+2 = 5, cards 4+5+2+4+6+3 = 24: 29. Pot 68, all to Ann (lowest, 50).
    banner = keeper.expect_winner("Winner: Ann")
    expect(banner).to_contain_text("Takes the pot: Ann 68 pennies")
    expect(banner).not_to_contain_text("odd")
    expect(page.get_by_test_id("pot")).to_have_text("68")
    rows = page.locator(".pot tbody tr")
    expect(rows).to_have_text(["Ann610", "Bob329", "Cy529"])
    keeper.check_once("ten-pennies-game-over")


def test_ten_pennies_jokers_shared_win_splits_the_pot(keeper: Scorekeeper) -> None:
    roster("Di", "Cy", "Bob", "Ann")
    keeper.new_game("ten-pennies-jokers", ["Ann", "Bob", "Cy", "Di"], first_dealer=0, chips=True)
    page = keeper.page
    expect(page.locator(".round-card")).to_contain_text("Wild: jokers · 1 wild card per set")
    keeper.check_once("ten-pennies-jokers-game-start")
    # Running totals: Ann 0,30,50,50,90,105,105; Bob 20,20,45,65,100,100,105;
    # Cy 50,65,65,110,180,205,235; Di 35,95,135,145,145,195,215.
    play_ten_pennies(
        keeper,
        "ten-pennies-jokers",
        JOKERS_ROUNDS,
        [
            [0, 20, 50, 35],
            [30, 20, 65, 95],
            [50, 45, 65, 135],
            [50, 65, 110, 145],
            [90, 100, 180, 145],
            [105, 100, 205, 195],
            [105, 105, 235, 215],
        ],
    )
    # Pennies: Ann buys 4 + cards 10 = 14; Bob 3 + 12 = 15; Cy 5 + 20 = 25; Di 4 + 21 = 25.
    # Pot 79; Ann and Bob tie lowest at 105: 39 each, one odd penny stays in the bowl.
    banner = keeper.expect_winner("Shared win: Ann and Bob")
    expect(banner).to_contain_text(
        "Takes the pot: Ann 39 pennies, Bob 39 pennies (1 odd penny left in the bowl)"
    )
    expect(page.get_by_test_id("pot")).to_have_text("79")
    expect(page.locator(".pot tbody tr")).to_have_text(["Ann614", "Bob715", "Cy525", "Di625"])
    keeper.check_once("ten-pennies-jokers-game-over")


def test_miromar_canasta_to_8500(keeper: Scorekeeper) -> None:
    roster("Ann", "Bob", "Cy", "Di")
    keeper.new_game("miromar-canasta", ["Ann", "Bob", "Cy", "Di"], first_dealer=3, chips=True)
    page = keeper.page
    keeper.expect_board([0, 0], [125, 125])
    toulon = page.locator(".toulon")
    expect(toulon).to_contain_text("Next Toulon: 4 cards")

    # The hand in progress: Ann & Cy fail an opening (125 -> 135), then a player opens
    # (the next Toulon is 3 cards).
    ann_cy = page.locator("li.total-card").nth(0)
    keeper.tap(ann_cy.get_by_role("button", name="Failed opening +10"))
    expect(page.get_by_test_id("minimum-0")).to_have_text("135")
    expect(page.get_by_test_id("minimum-1")).to_have_text("125")
    keeper.tap(toulon.get_by_role("button", name="A player opened"))
    expect(toulon).to_contain_text("Next Toulon: 3 cards")
    expect(page.get_by_test_id("minimum-0")).to_have_text("135")
    keeper.check_once("miromar-game-hand-in-progress")
    page.reload()  # what the table companion shows is kept on the server
    expect(page.get_by_test_id("minimum-0")).to_have_text("135")
    expect(page.locator(".toulon")).to_contain_text("Next Toulon: 3 cards")

    # Hand 1: Ann & Cy: out 200 + natural 500 + dirty 300 + 2 threes (two canastas) 200
    #   + table 385 = 1,585. Bob & Di, no canasta: - table 240 - hand 135 = -375.
    # Both below 3,000: 125 (the failed opening counted for hand 1 only).
    keeper.play_hand(
        "Hand",
        1,
        [
            {
                "went_out": True,
                "natural_canastas": 1,
                "dirty_canastas": 1,
                "threes": 2,
                "meld_points": 385,
            },
            {"meld_points": 240, "hand_points": 135},
        ],
        preview=[1585, -375],
        totals=[1585, -375],
        minimums=[125, 125],
        name="miromar",
    )
    expect(page.locator(".toulon")).to_contain_text("Next Toulon: 4 cards")
    # Hand 2 on paper: 1,585 + 2,100 = 3,685 (3,000-4,999: 155); -375 + 5,600 = 5,225 (180).
    keeper.play_hand(
        "Hand",
        2,
        [{"total": 2100}, {"total": 5600}],
        preview=[2100, 5600],
        totals=[3685, 5225],
        minimums=[155, 180],
    )
    # Hand 3: Ann & Cy: natural 500 + one three with one canasta 0 + table 310 - hand 85
    #   - a three in hand 100 = 625 -> 4,310.
    # Bob & Di: out 200 + 2 natural 1,000 + sevens 2,500 + 3 threes 300 + table 620 = 4,620
    #   -> 9,845 >= 8,500: game over.
    keeper.play_hand(
        "Hand",
        3,
        [
            {
                "natural_canastas": 1,
                "threes": 1,
                "meld_points": 310,
                "hand_points": 85,
                "threes_in_hand": 1,
            },
            {
                "went_out": True,
                "natural_canastas": 2,
                "threes": 3,
                "meld_points": 620,
                "seven_canastas": 1,
            },
        ],
        preview=[625, 4620],
        totals=[4310, 9845],
        minimums=None,
    )
    keeper.expect_winner("Winner: Bob & Di")
    expect(page.locator(".toulon")).to_have_count(0)
    keeper.check_once("miromar-game-over")
