"""Issue 43's Gin Rummy nights, played through the screens on a phone with touch: every hand
tapped into the hand form ("Who knocked?" one tap, the deadwood typed, gin and big gin one tap
each, a dead hand one tap on "Nobody"), and the scoreboard read after each save.

- A game to 100 at 320 px: RULINGS.md section 20's worked game, with an undercut, a gin, a dead
  hand and a big gin, ending with the final account (289 to 69: "Bob pays Ann 220").
- A Hollywood session at 360 px: the section's worked start, then two hands more until all three
  games close, each game's account and the session's at the end.
- Each finished board, and its live view, at 390 px.

Every number was worked out by hand from the section's text (the working is beside each hand);
the engine is asked only at the end, for the same totals.

Persona: alice keeps score, logged in on her phone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from games.models import Game

from .helpers import Scorekeeper, fits, logged_in_keeper, shoot, shown

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANN, BOB = "Ann", "Bob"
PLAYERS = (ANN, BOB)


@dataclass(frozen=True)
class Hand:
    """A hand as the table calls it: who knocked (None: a dead hand) with what deadwood (0 is
    gin), the other player's deadwood, and big gin."""

    knocker: str | None = None
    knocked_with: int = 0
    other_has: int = 0
    big_gin: bool = False

    @property
    def sides(self) -> tuple[int, int]:
        """The knocker's seat and the other player's."""
        knocker = PLAYERS.index(self.knocker or ANN)
        return knocker, 1 - knocker


@pytest.fixture
def keeper(page: Page, live_server, alice, checker) -> Scorekeeper:
    return logged_in_keeper(page, live_server.url, alice, checker)


def enter_hand(keeper: Scorekeeper, number: int, hand: Hand, scores: Sequence[int]) -> None:
    """Hand `number` tapped in, its preview checked, saved."""
    page = keeper.page
    keeper.open_next_hand("Hand", number)
    who = page.locator("fieldset.who")
    keeper.tap(who.get_by_text(hand.knocker or "Nobody", exact=True))
    if hand.knocker is not None:
        knocker, other = hand.sides
        panel = page.locator(f'fieldset.panel[data-side="{knocker}"]')
        if hand.knocked_with:
            deadwood(keeper, knocker, hand.knocked_with)
        else:
            keeper.tap(panel.get_by_role("button", name="Gin (0)"))
            expect(page.locator(f"#id_s{knocker}-deadwood")).to_have_value("0")
        if hand.big_gin:
            keeper.tap(panel.get_by_text("Big gin", exact=True))
        deadwood(keeper, other, hand.other_has)
    for side, score in enumerate(scores):
        expect(page.get_by_test_id(f"preview-{side}")).to_have_text(shown(score))
    keeper.check_once(f"gin-night-form-{page.viewport_size and page.viewport_size['width']}")
    keeper.save("Hand", number)


def deadwood(keeper: Scorekeeper, side: int, points: int) -> None:
    box = keeper.page.locator(f"#id_s{side}-deadwood")
    keeper.tap(box)
    keeper.type_digits(str(points))
    expect(box).to_have_value(str(points))


def expect_card(
    page: Page, side: int, total: int, boxes: int | None, to_go: int | None = None
) -> None:
    """A player's card: points, boxes and what they still need."""
    expect(page.get_by_test_id(f"total-{side}")).to_have_text(shown(total))
    if boxes is None:
        expect(page.get_by_test_id(f"boxes-{side}")).to_have_count(0)
    else:
        expect(page.get_by_test_id(f"boxes-{side}")).to_have_text(shown(boxes))
    if to_go is None:
        expect(page.get_by_test_id(f"to-go-{side}")).to_have_count(0)
    else:
        expect(page.get_by_test_id(f"to-go-{side}")).to_have_text(shown(to_go))


def look_at_390(keeper: Scorekeeper, game: Game, name: str) -> None:
    """The finished board and its live view at 390 px: they fit, and are shot light and dark."""
    page = keeper.page
    page.set_viewport_size({"width": 390, "height": 844})
    for suffix, path in (("", reverse("game", args=[game.pk])),
                         ("-live", reverse("live", args=[game.share_token]))):  # fmt: skip
        page.goto(path)
        expect(page.get_by_test_id("final-accounts")).to_be_visible()
        fits(page)
        shoot(page, f"{name}{suffix}-390")


def the_game(page: Page) -> Game:
    return Game.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))


#: The worked game: (the hand, its scores, then Ann's and Bob's points, boxes and to go after).
WORKED_GAME = [
    # Ann knocks with 6, Bob has 21 after laying off: 21 − 6 = 15 to Ann.
    (Hand(ANN, 6, 21), (15, 0), (15, 1, 85), (0, 0, 100)),
    # Bob knocks with 8, Ann has 5: an undercut, 8 − 5 + 25 = 28 to Ann (43).
    (Hand(BOB, 8, 5), (28, 0), (43, 2, 57), (0, 0, 100)),
    # Bob goes gin, Ann has 19: 19 + 25 = 44 to Bob.
    (Hand(BOB, 0, 19), (0, 44), (43, 2, 57), (44, 1, 56)),
    # Nobody knocks: a dead hand, nothing scored, no box.
    (Hand(), (0, 0), (43, 2, 57), (44, 1, 56)),
]


def test_a_gin_game_to_100_ends_with_the_final_account(page: Page, keeper: Scorekeeper) -> None:
    page.set_viewport_size({"width": 320, "height": 740})
    keeper.new_game("gin-rummy", PLAYERS)
    for number, (hand, scores, ann, bob) in enumerate(WORKED_GAME, start=1):
        enter_hand(keeper, number, hand, scores)
        expect_card(page, 0, *ann)
        expect_card(page, 1, *bob)
    keeper.check_once("gin-night-board-320")

    # Ann makes big gin, Bob has 40: 40 + 31 = 71, Ann 114: the game is over.
    enter_hand(keeper, 5, Hand(ANN, 0, 40, big_gin=True), (71, 0))
    keeper.expect_winner(f"Winner: {ANN}")
    expect_card(page, 0, 114, 3)
    expect_card(page, 1, 44, 1)
    account = page.get_by_test_id("final-accounts")
    # Ann 114 + 3 × 25 + 100 = 289; Bob 44 + 1 × 25 = 69; no shutout.
    rows = account.locator("tbody tr")
    expect(rows.nth(0)).to_contain_text("114")
    expect(rows.nth(1)).to_contain_text("3 × 25")
    expect(rows.nth(2)).to_contain_text("100")
    expect(rows.nth(3)).to_contain_text("289")
    expect(rows.nth(3)).to_contain_text("69")
    expect(account).not_to_contain_text("Shutout")
    expect(page.get_by_test_id("settlement")).to_have_text("Bob pays Ann 220")
    fits(page)
    shoot(page, "gin-night-final-320")

    game = the_game(page)
    final = game.score().final
    assert final is not None and (final[ANN]["total"], final[BOB]["total"]) == (289, 69)
    look_at_390(keeper, game, "gin-night-final")


#: The worked Hollywood start and two hands more: (the hand, its scores, each game's points
#: after it as (Ann, Bob), and which games each player's next win goes into).
HOLLYWOOD_NIGHT = [
    # Ann knocks with 2, Bob 20: Ann +18, her first win: game 1.
    (Hand(ANN, 2, 20), (18, 0), [(18, 0), (0, 0), (0, 0)], "Ann: games 1 and 2; Bob: game 1"),
    # Bob knocks with 3, Ann 15: Bob +12 into game 1.
    (Hand(BOB, 3, 15), (0, 12), [(18, 12), (0, 0), (0, 0)],
     "Ann: games 1 and 2; Bob: games 1 and 2"),
    # Ann knocks with 5, Bob 30: +25 into games 1 and 2.
    (Hand(ANN, 5, 30), (25, 0), [(43, 12), (25, 0), (0, 0)],
     "Ann: games 1, 2 and 3; Bob: games 1 and 2"),
    # Ann knocks with 4, Bob 34: +30 into all three.
    (Hand(ANN, 4, 34), (30, 0), [(73, 12), (55, 0), (30, 0)],
     "Ann: games 1, 2 and 3; Bob: games 1 and 2"),
    # Bob knocks with 6, Ann 26: +20 into games 1 and 2.
    (Hand(BOB, 6, 26), (0, 20), [(73, 32), (55, 20), (30, 0)],
     "Ann: games 1, 2 and 3; Bob: games 1, 2 and 3"),
    # Ann goes gin, Bob 15: +40; game 1 closes at 113, Ann wins it.
    (Hand(ANN, 0, 15), (40, 0), [(113, 32), (95, 20), (70, 0)],
     "Ann: games 2 and 3; Bob: games 2 and 3"),
    # Bob knocks with 10, Ann 25: +15, game 1 closed: games 2 and 3.
    (Hand(BOB, 10, 25), (0, 15), [(113, 32), (95, 35), (70, 15)],
     "Ann: games 2 and 3; Bob: games 2 and 3"),
    # Ann knocks with 7, Bob 17: +10; game 2 closes at 105, Ann wins it.
    (Hand(ANN, 7, 17), (10, 0), [(113, 32), (105, 35), (80, 15)], "Ann: game 3; Bob: game 3"),
]  # fmt: skip


def expect_games(page: Page, points: Sequence[tuple[int, int]], closed: Sequence[bool]) -> None:
    for number, (pair, done) in enumerate(zip(points, closed, strict=True), start=1):
        for side, value in enumerate(pair):
            expect(page.get_by_test_id(f"game-{number}-{side}")).to_contain_text(shown(value))
        state = "finished" if done else "in play"
        expect(page.get_by_test_id(f"game-{number}")).to_contain_text(state)


def test_a_hollywood_session_until_all_three_games_close(page: Page, keeper: Scorekeeper) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    keeper.new_game("gin-rummy", PLAYERS, house_rules={"hollywood": True})
    for number, (hand, scores, points, next_games) in enumerate(HOLLYWOOD_NIGHT, start=1):
        enter_hand(keeper, number, hand, scores)
        expect_games(page, points, [points[0][0] >= 100, points[1][0] >= 100, False])
        expect(page.get_by_test_id("next-games")).to_have_text(f"Next win goes into: {next_games}")
        fits(page)
    expect(page.get_by_test_id("game-1-0")).to_contain_text("won")
    expect(page.get_by_test_id("game-2-0")).to_contain_text("won")
    keeper.check_once("hollywood-night-board-360")
    shoot(page, "hollywood-night-play-360")

    # Bob makes big gin, Ann 59: 59 + 31 = 90 into game 3, Bob 105: the last game closes, the
    # session ends.
    enter_hand(keeper, 9, Hand(BOB, 0, 59, big_gin=True), (0, 90))
    expect_games(page, [(113, 32), (105, 35), (80, 105)], [True, True, True])
    expect(page.get_by_test_id("game-3-1")).to_contain_text("won")
    expect(page.get_by_test_id("next-games")).to_have_count(0)
    # Game 1: Ann 113 + 4 × 25 + 100 = 313, Bob 32 + 2 × 25 = 82. Game 2: Ann 105 + 4 × 25 +
    # 100 = 305, Bob 35 + 2 × 25 = 85. Game 3: Bob 105 + 2 × 25 + 100 = 255, Ann 80 + 3 × 25
    # = 155. The session: Ann 773, Bob 422; the higher sum wins, Bob pays Ann the difference.
    keeper.expect_winner(f"Winner: {ANN}")
    accounts = page.get_by_test_id("final-accounts")
    totals = accounts.locator(".account-total")
    for index, pair in enumerate([(313, 82), (305, 85), (155, 255), (773, 422)]):
        expect(totals.nth(index)).to_contain_text(shown(pair[0]))
        expect(totals.nth(index)).to_contain_text(shown(pair[1]))
    expect(page.get_by_test_id("settlement")).to_have_text("Bob pays Ann 351")
    fits(page)
    shoot(page, "hollywood-night-closed-360")

    game = the_game(page)
    final = game.score().final
    assert final is not None and (final[ANN]["total"], final[BOB]["total"]) == (773, 422)
    look_at_390(keeper, game, "hollywood-night-closed")
