"""Issue 32's contract rummies played through the screens on a phone with touch: a whole Five
Crowns game at 360 px, a whole Liverpool game for six at 320 px, the Phase 10 hand that ends a
game at 390 px, a Liverpool own game with the joker at 25 at 360 px, and what a hand for six
costs in taps. Each screen is one width per game, as in test_canasta_nights.py.

Every expected number was worked out by hand from RULINGS.md sections 12 to 15 (points left in
hand count against the player, the player who went out scores 0, the lowest total wins), and the
round lines are RULINGS' words; the engine is asked only afterwards, for the same totals.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from games.models import Game
from tests.conftest import FOUR

from .helpers import Scorekeeper, Tally

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]

#: RULINGS 13: round n deals n + 2 cards and the rank matching them is wild.
FIVE_CROWNS_ROUNDS = [
    "Round 1: 3 cards, threes wild",
    "Round 2: 4 cards, fours wild",
    "Round 3: 5 cards, fives wild",
    "Round 4: 6 cards, sixes wild",
    "Round 5: 7 cards, sevens wild",
    "Round 6: 8 cards, eights wild",
    "Round 7: 9 cards, nines wild",
    "Round 8: 10 cards, tens wild",
    "Round 9: 11 cards, jacks wild",
    "Round 10: 12 cards, queens wild",
    "Round 11: 13 cards, kings wild",
]

#: RULINGS 12's contract table, deal by deal.
LIVERPOOL_DEALS = [
    "Deal 1: two sets · 10 cards",
    "Deal 2: one set and one run · 10 cards",
    "Deal 3: two runs · 10 cards",
    "Deal 4: three sets · 10 cards",
    "Deal 5: two sets and one run · 12 cards",
    "Deal 6: one set and two runs · 12 cards",
    "Deal 7: three runs · 12 cards",
]


@pytest.fixture
def keeper(page: Page, live_server, alice, checker) -> Scorekeeper:
    """alice at the table, already logged in on the phone (her session cookie: logging in is
    not what these tests are about, and each saved login is a second). The page checks run at
    the test's own width, which they leave at 390 px: it is put back."""
    client = Client()
    client.force_login(alice)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )

    def check(name: str) -> None:
        if not name.startswith("rummy-"):
            return  # the home and new-game pages: the other files check them
        size = page.viewport_size
        assert size is not None
        checker(name)
        page.set_viewport_size(size)
        # The phone's width back before measuring: the page lays itself out again first.
        page.wait_for_function("(width) => window.innerWidth === width", arg=size["width"])
        fits(page)

    return Scorekeeper(page, check)


def at_width(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 780})


def fits(page: Page) -> None:
    """Nothing on the page scrolls sideways at the phone's own width (the page checks test 390
    and 360 px only)."""
    size = page.viewport_size
    assert size is not None
    width = size["width"]
    scroll, inner, widest = page.evaluate(
        """() => [document.documentElement.scrollWidth, window.innerWidth,
            [...document.querySelectorAll("body *")]
                .filter((e) => e.getBoundingClientRect().right
                    > document.documentElement.clientWidth + 0.5)
                .slice(0, 6)
                .map((e) => e.tagName.toLowerCase() + "." + e.className + " right="
                    + Math.round(e.getBoundingClientRect().right))]"""
    )
    assert scroll <= width and inner <= width, (
        f"{page.url} scrolls sideways at {width} px: scrollWidth {scroll}, innerWidth {inner}; "
        f"widest: {widest}"
    )


def tallies_for(out: int, points: Sequence[int]) -> list[Tally]:
    """A hand as the table calls it: who went out, and the points each other player holds."""
    return [{"went_out": True} if side == out else {"points": p} for side, p in enumerate(points)]


def running(hands: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each hand's totals, the points of every hand so far added up."""
    totals = [0] * len(hands[0])
    after = []
    for points in hands:
        totals = [total + p for total, p in zip(totals, points, strict=True)]
        after.append(totals)
    return after


def the_game(page: Page) -> Game:
    number = re.search(r"/games/(\d+)/", page.url)
    assert number, page.url
    return Game.objects.get(pk=int(number[1]))


def play(
    keeper: Scorekeeper,
    word: str,
    number: int,
    tallies: Sequence[Tally],
    totals: Sequence[int],
    name: str | None = None,
) -> int:
    """Enter hand `number` by tapping (the preview shows each player's points), save it, check
    the board's totals; the taps it took between opening the hand and Save, boxes included.
    `name`: the page checks run on the form and on the board after it."""
    keeper.open_next_hand(word, number)
    before = keeper.taps
    for side, tally in enumerate(tallies):
        keeper.fill_side(side, tally)
    taps = keeper.taps - before
    keeper.expect_preview([int(tally.get("points", 0)) for tally in tallies])
    fits(keeper.page)
    if name:
        keeper.check_once(f"rummy-{name}-form")
    keeper.save(word, number)
    keeper.expect_board(totals, None)
    fits(keeper.page)
    if name:
        keeper.check_once(f"rummy-{name}-board")
    return taps


def test_a_whole_five_crowns_game_shows_each_rounds_wild_rank_and_the_lowest_total_wins(
    keeper: Scorekeeper,
) -> None:
    page = keeper.page
    at_width(page, 360)
    keeper.new_game("five-crowns", FOUR, first_dealer=0)
    line = page.locator(".round-card .round-title")
    # Who went out (scores 0) and the points each player is left holding, round by round.
    # Round 6 is RULINGS' worked round (eights wild): Bob went out, Ann holds an eight 20, a
    # king 13, a four 4 and a joker 50 = 87.
    rounds = [
        (0, [0, 16, 25, 8]),
        (1, [12, 0, 31, 20]),
        (2, [5, 22, 0, 43]),
        (3, [30, 14, 9, 0]),
        (0, [0, 27, 50, 18]),
        (1, [87, 0, 24, 33]),
        (2, [21, 40, 0, 12]),
        (0, [0, 19, 36, 70]),
        (2, [45, 11, 0, 28]),
        (1, [16, 0, 62, 39]),
        (0, [0, 53, 20, 44]),
    ]
    totals = running([points for _, points in rounds])
    for number, ((out, points), after) in enumerate(zip(rounds, totals, strict=True), start=1):
        expect(line).to_have_text(FIVE_CROWNS_ROUNDS[number - 1])
        play(keeper, "Round", number, tallies_for(out, points), after)
    # Eleven rounds: Ann 216, Bob 202, Cy 257, Di 315; the lowest, Bob's, wins.
    assert totals[-1] == [216, 202, 257, 315]
    keeper.expect_winner("Winner: Bob")
    expect(page.locator(".total-card.leading .side-name")).to_have_text(["Bob"])
    expect(line).to_have_count(0)
    fits(page)
    score = the_game(page).score()
    assert score.totals == dict(zip(FOUR, totals[-1], strict=True))
    assert score.winners == ["Bob"]


def test_a_liverpool_game_for_six_shows_each_deals_contract_and_ends_after_deal_seven(
    keeper: Scorekeeper,
) -> None:
    page = keeper.page
    at_width(page, 320)
    keeper.new_game("liverpool", SIX, first_dealer=2)
    line = page.locator(".round-card .round-title")
    # Deal 3 is RULINGS' worked deal: Ann holds a seven, a ten, a queen, an ace and a joker,
    # 7 + 10 + 10 + 15 + 15 = 57.
    deals = [
        (0, [0, 35, 52, 18, 40, 25]),
        (1, [23, 0, 45, 60, 12, 30]),
        (2, [57, 41, 0, 15, 88, 20]),
        (3, [10, 65, 30, 0, 45, 55]),
        (4, [75, 20, 95, 40, 0, 60]),
        (5, [45, 80, 25, 110, 35, 0]),
        (1, [90, 0, 70, 55, 120, 85]),
    ]
    totals = running([points for _, points in deals])
    for number, ((out, points), after) in enumerate(zip(deals, totals, strict=True), start=1):
        expect(line).to_have_text(LIVERPOOL_DEALS[number - 1])
        if number == 7:
            expect(page.locator(".round-card")).to_contain_text(
                "Go out with every card in the contract: no discard"
            )
        # One tap on who went out and one box for each of the five others, then Save.
        name = "liverpool-six" if number == 1 else None
        assert play(keeper, "Deal", number, tallies_for(out, points), after, name) == 6
    # Seven deals: Ann 300, Bob 241, Cy 317, Di 298, Ed 340, Flo 275; Bob's is the lowest.
    assert totals[-1] == [300, 241, 317, 298, 340, 275]
    keeper.expect_winner("Winner: Bob")
    expect(page.locator(".total-card.leading .side-name")).to_have_text(["Bob"])
    expect(line).to_have_count(0)
    fits(page)
    score = the_game(page).score()
    assert score.totals == dict(zip(SIX, totals[-1], strict=True))
    assert len(score.hands) == 7 and score.winners == ["Bob"]


def phase_10_hand(
    out: str, points: dict[str, int], completed: Sequence[str]
) -> dict[str, dict[str, int | bool]]:
    """A Phase 10 hand for make_game: who went out, everyone's points, who completed."""
    return {
        name: {"went_out": name == out, "points": left, "completed_phase": name in completed}
        for name, left in points.items()
    }


def test_two_players_finish_phase_10_in_one_hand_and_the_lower_of_their_totals_wins(
    keeper: Scorekeeper, make_game
) -> None:
    page = keeper.page
    at_width(page, 390)
    # Nine hands in the database. Ann and Bob complete a phase every hand, so both play phase
    # 10 next; Cy completes the first three only (phase 4 next) and holds 5 a hand.
    # Ann goes out in the odd hands; in the even ones she holds 60 (4 x 60 = 240). Bob goes out
    # in the even hands; in the odd ones he holds 25 (5 x 25 = 125). Cy: 9 x 5 = 45.
    hands = []
    for number in range(1, 10):
        ann_out = number % 2 == 1
        hands.append(
            phase_10_hand(
                "Ann" if ann_out else "Bob",
                {"Ann": 0 if ann_out else 60, "Bob": 25 if ann_out else 0, "Cy": 5},
                ["Ann", "Bob", "Cy"] if number <= 3 else ["Ann", "Bob"],
            )
        )
    game = make_game("phase-10", players=["Ann", "Bob", "Cy"], hands=hands)
    page.goto(f"/games/{game.pk}/")
    keeper.expect_board([240, 125, 45], None)
    last = "Phase 10: a set of five and a set of three"
    expect(page.get_by_test_id("phase-0")).to_have_text(last)
    expect(page.get_by_test_id("phase-1")).to_have_text(last)
    expect(page.get_by_test_id("phase-2")).to_have_text("Phase 4: a run of seven")
    expect(page.locator(".total-card", has_text="completed phase 9 last hand")).to_have_count(2)
    # Cy's 45 is the lowest, but a player behind cannot win: Bob leads.
    expect(page.locator(".total-card.leading .side-name")).to_have_text(["Bob"])
    keeper.check_once("rummy-phase-10-board")

    # Hand 10: Ann goes out (completing phase 10 with it), Bob completes phase 10 and holds
    # 30, Cy holds 10. Ann 240, Bob 155, Cy 55: of the two who completed phase 10, Bob's total
    # is the lower; Cy's lower still does not count.
    play(
        keeper,
        "Hand",
        10,
        [{"went_out": True}, {"completed_phase": True, "points": 30}, {"points": 10}],
        [240, 155, 55],
    )
    keeper.expect_winner("Winner: Bob")
    expect(page.locator(".total-card.leading .side-name")).to_have_text(["Bob"])
    score = game.score()
    assert score.totals == {"Ann": 240, "Bob": 155, "Cy": 55}
    assert score.winners == ["Bob"]


def test_an_own_liverpool_with_the_joker_at_25_counts_a_joker_25_in_its_first_deal(
    keeper: Scorekeeper,
) -> None:
    page = keeper.page
    at_width(page, 360)
    name = "Nan's Liverpool"
    players = ["Ann", "Bob", "Cy"]
    # The new-game page: Liverpool, the joker at 25, saved under a name (no seats needed).
    page.goto("/")
    keeper.tap(page.get_by_role("link", name="New game"))
    keeper.pick_game("liverpool")
    keeper.pick_house_rules("liverpool", {"joker": 25})
    keeper.tap(page.locator("details.save-own > summary"))
    keeper.tap(page.locator("#id_own_name"))
    page.keyboard.type(name)
    keeper.tap(page.get_by_role("button", name="Save as our game"))
    expect(page).to_have_url(re.compile(r"/games/new/\?own=\d+$"))

    # Next card night: New game, one tap on the own game, the players, Start.
    page.goto("/")
    keeper.tap(page.get_by_role("link", name="New game"))
    keeper.tap(page.locator("a.own-game-choice", has_text=name))
    expect(page.get_by_test_id("own-game-chosen")).to_contain_text(
        f"Playing {name}: Liverpool Rummy with a joker counts 25"
    )
    for seat, player in enumerate(players):
        keeper.tap(page.locator(f"#id_seat{seat}"))
        page.keyboard.type(player)
    keeper.start_game()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    expect(page.get_by_test_id("own-game-line")).to_have_text(
        "Liverpool Rummy with house rules: a joker counts 25"
    )
    expect(page.locator(".round-card .round-title")).to_have_text(LIVERPOOL_DEALS[0])

    # Deal 1: Ann goes out; Bob holds a joker and a seven, counted on the card counter:
    # 25 + 7 = 32 (22 as usually played, the joker at 15); Cy holds a queen, 10.
    keeper.open_next_hand("Deal", 1)
    keeper.fill_side(0, {"went_out": True})
    panel = page.locator("fieldset.panel[data-side='1']")
    keeper.tap(panel.locator(".count-toggle"))
    expect(panel.locator(".card-helper label", has_text="Joker")).to_contain_text("Joker (25)")
    for cards in ("Joker", "Seven"):
        keeper.tap(panel.get_by_label(f"How many {cards} cards"))
        keeper.type_digits("1")
    expect(panel.locator("[name='s1-points']")).to_have_value("32")
    keeper.fill_side(2, {"points": 10})
    keeper.expect_preview([0, 32, 10])
    keeper.save("Deal", 1)
    keeper.expect_board([0, 32, 10], None)
    expect(page.locator(".round-card .round-title")).to_have_text(LIVERPOOL_DEALS[1])
    assert the_game(page).score().totals == {"Ann": 0, "Bob": 32, "Cy": 10}


def test_a_phase_10_hand_for_six_takes_a_box_and_a_tap_a_player_at_most(
    keeper: Scorekeeper, make_game
) -> None:
    page = keeper.page
    at_width(page, 390)
    game = make_game("phase-10", players=SIX)
    page.goto(f"/games/{game.pk}/")
    # Hand 1: Ann goes out (one tap: going out says she completed phase 1); Bob, Cy and Di
    # complete phase 1 and hold 15, 40 and 5; Ed and Flo do not, and hold 55 and 90.
    keeper.open_next_hand("Hand", 1)
    taps = keeper.taps
    keeper.fill_side(0, {"went_out": True})
    for side, points in ((1, 15), (2, 40), (3, 5)):
        keeper.fill_side(side, {"points": points, "completed_phase": True})
    for side, points in ((4, 55), (5, 90)):
        keeper.fill_side(side, {"points": points})
    keeper.expect_preview([0, 15, 40, 5, 55, 90])
    expect(page.locator("[name='s0-completed_phase']")).not_to_be_checked()
    boxes = page.locator("input.points").evaluate_all(
        "(boxes) => boxes.filter((box) => box.value !== '').length"
    )
    keeper.save("Hand", 1)
    taps = keeper.taps - taps
    # Five boxes, one for each player who did not go out, and five other taps: who went out,
    # three "Completed the phase" and Save.
    assert boxes == 5 and boxes <= len(SIX)
    assert taps - boxes == 5 and taps - boxes <= len(SIX) + 1
    keeper.expect_board([0, 15, 40, 5, 55, 90], None)
    second = "Phase 2: a set of three and a run of four"
    for side in range(4):
        expect(page.get_by_test_id(f"phase-{side}")).to_have_text(second)
    for side in (4, 5):
        expect(page.get_by_test_id(f"phase-{side}")).to_have_text("Phase 1: two sets of three")
    expect(page.locator(".total-card", has_text="completed phase 1 last hand")).to_have_count(4)
    assert game.score().phases == {"Ann": 2, "Bob": 2, "Cy": 2, "Di": 2, "Ed": 1, "Flo": 1}
