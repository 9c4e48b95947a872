"""Gin Rummy's scoreboard and live view (issue 43, RULINGS.md section 20, "Between hands the
companion shows"): each player's points, boxes and what each still needs; once the game is over
the final account and who pays whom; with Hollywood the three games side by side, which are
closed and who won each, and which games each player's next win goes into. The games are the
section's worked game and worked Hollywood start, their hands recorded as the hand form records
them; every number below is typed from the section's text.

Personas: alice keeps score; anyone with the share link follows on the live view."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client

from games.models import Game
from tests.conftest import GameFactory
from tests.views.helpers import game_url, html
from tests.views.test_scoreboard_new_games import card, live, scoreboard, squeezed

ANN, BOB = "Ann", "Bob"
Tallies = dict[str, dict[str, Any]]


def knock(knocker: str, k: int, d: int, big_gin: bool = False) -> Tallies:
    """`knocker` knocks with deadwood `k` against the other player's `d`."""
    other = BOB if knocker == ANN else ANN
    tally: dict[str, Any] = {"knocked": True, "deadwood": k}
    if big_gin:
        tally["big_gin"] = True
    return {knocker: tally, other: {"deadwood": d}}


def won_by(player: str, points: int) -> Tallies:
    """A knock that gives `player` exactly `points`."""
    return knock(player, 1, points + 1)


DEAD: Tallies = {ANN: {}, BOB: {}}
#: The worked game: Ann 15, Ann's undercut 28, Bob's gin 44, a dead hand, Ann's big gin 71.
WORKED = [knock(ANN, 6, 21), knock(BOB, 8, 5), knock(BOB, 0, 19), DEAD, knock(ANN, 0, 40, True)]
#: The worked Hollywood start: Ann 18, Bob 12, Ann 25, Ann 30, Bob 20, Ann 40, Bob 15.
HOLLYWOOD_START = [
    won_by(ANN, 18),
    won_by(BOB, 12),
    won_by(ANN, 25),
    won_by(ANN, 30),
    won_by(BOB, 20),
    won_by(ANN, 40),
    won_by(BOB, 15),
]


def gin_game(make_game: GameFactory, hands: list[Tallies], **options: Any) -> Game:
    return make_game("gin-rummy", players=(ANN, BOB), options=options, hands=hands)


def text(markup: str) -> str:
    """What a reader sees of `markup`, a space where each tag was (cells read apart)."""
    return unescape(squeezed(re.sub(r"<[^>]+>", " ", markup)).strip())


def dealers(game: Game) -> list[str | None]:
    """Who dealt each recorded hand, as stored."""
    return [hand.dealer for hand in Game.objects.get(pk=game.pk).hands.all()]


def section(page: str, testid: str) -> str:
    """The card marked `testid`, as a reader sees it."""
    return text(page.split(f'data-testid="{testid}"')[1].split("</div>")[0])


def test_between_hands_each_player_has_points_boxes_and_what_they_need(
    alice_client: Client, client: Client, make_game: GameFactory
) -> None:
    game = gin_game(make_game, WORKED[:4])

    for page in (scoreboard(alice_client, game), live(client, game)):
        # Ann 15 + 28 = 43 in two boxes; Bob's gin 44 in one; the dead hand adds nothing.
        assert "43" in text(card(page, 0)) and "2 boxes" in text(card(page, 0))
        assert "57 to go" in text(card(page, 0))
        assert "1 box" in text(card(page, 1)) and "56 to go" in text(card(page, 1))
        assert "final-accounts" not in page and "session-games" not in page
        assert "pays" not in text(page)


def test_after_the_dead_hand_the_same_dealer_deals_again(
    alice_client: Client, make_game: GameFactory
) -> None:
    """Section 20's worked game, Ann dealing first: Bob dealt the dead hand 4 and deals hand 5."""
    game = gin_game(make_game, WORKED[:4])

    assert dealers(game) == [ANN, BOB, ANN, BOB]
    assert "Dealer: Bob" in text(scoreboard(alice_client, game))
    # The hand form is told the same dealer (what it scores does not depend on it here).
    assert alice_client.get(game_url("hand_new", game)).context["form"].dealer == BOB
    game.record_hand(5, WORKED[4])
    assert dealers(game) == [ANN, BOB, ANN, BOB, BOB]


def test_a_new_first_dealer_after_the_dead_hand_keeps_the_repeat(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = gin_game(make_game, WORKED[:4])

    response = alice_client.post(game_url("first_dealer", game), {"first_dealer": BOB}, follow=True)

    page = text(html(response))
    assert "First dealer: Bob. Ann deals next." in page and "Dealer: Ann" in page
    assert dealers(game) == [BOB, ANN, BOB, ANN]
    game.record_hand(5, WORKED[4])
    assert dealers(game) == [BOB, ANN, BOB, ANN, ANN]


def test_a_hand_edited_to_or_from_dead_moves_the_later_deals(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = gin_game(make_game, WORKED[:4])

    # Hand 2 made dead: Bob deals hand 3 too, and every later deal moves one seat with it.
    game.record_hand(2, DEAD, revision=1)
    assert dealers(game) == [ANN, BOB, BOB, ANN]
    assert "Dealer: Ann" in text(scoreboard(alice_client, game))

    # Undone: the dealers are the worked game's again.
    game.undo_hand_edit(2, 2)
    assert dealers(game) == [ANN, BOB, ANN, BOB]
    assert "Dealer: Bob" in text(scoreboard(alice_client, game))


def test_the_worked_game_ends_with_its_final_account(
    alice_client: Client, client: Client, make_game: GameFactory
) -> None:
    game = gin_game(make_game, WORKED)

    for page in (scoreboard(alice_client, game), live(client, game)):
        assert "Winner: Ann" in text(page)
        account = section(page, "final-accounts")
        # Ann 114 + 3 × 25 + 100 = 289; Bob 44 + 1 × 25 = 69.
        assert "Final account" in account
        assert "Points 114 44" in account
        assert "Boxes 75 3 × 25 25 1 × 25" in account
        assert "Game bonus 100 0" in account
        assert "Final total 289 69" in account
        assert "Shutout" not in account
        assert "Bob pays Ann 220" in account
        assert "to go" not in text(page)
        assert "Enter hand" not in text(page)


@pytest.mark.parametrize(
    ("shutout", "ann", "said"),
    [
        ("double_game_bonus", "Points 114 0 Boxes 75 3 × 25 0 Game bonus 200 0 Final total 389 0",
         "a shutout doubles the game bonus"),
        ("double_hand_points", "Points 228 0 Boxes 75 3 × 25 0 Game bonus 100 0 Final total 403 0",
         "a shutout doubles the winner's points"),
        ("double_total", "Points 114 0 Boxes 75 3 × 25 0 Game bonus 100 0 Final total 578 0",
         "a shutout doubles the winner's final total"),
        ("none", "Points 114 0 Boxes 75 3 × 25 0 Game bonus 100 0 Final total 289 0",
         "a shutout changes nothing"),
    ],
)  # fmt: skip
def test_a_shutout_is_shown_as_the_house_rule_says(
    alice_client: Client, make_game: GameFactory, shutout: str, ann: str, said: str
) -> None:
    # Ann wins every hand: 15 + 28 + 71 = 114; Bob won none.
    hands = [knock(ANN, 6, 21), knock(BOB, 8, 5), knock(ANN, 0, 40, True)]
    game = gin_game(make_game, hands, shutout=shutout)

    account = section(scoreboard(alice_client, game), "final-accounts")

    assert ann in account
    assert f"Shutout: Bob won no hand ({said})." in account
    assert "Bob pays Ann" in account


def test_the_hollywood_start_shows_the_three_games_and_where_each_win_goes(
    alice_client: Client, client: Client, make_game: GameFactory
) -> None:
    game = gin_game(make_game, HOLLYWOOD_START, hollywood=True)

    for page in (scoreboard(alice_client, game), live(client, game)):
        games = section(page, "session-games")
        # After hand 7: game 1 closed (Ann 113, Bob 32); game 2 Ann 95, Bob 35; game 3 70, 15.
        assert "Game 1 finished Game 2 in play Game 3 in play" in games
        assert "Ann 113 won 95 5 to go 70 30 to go" in games
        assert "Bob 32 35 65 to go 15 85 to go" in games
        assert "Next win goes into: Ann: games 2 and 3; Bob: games 2 and 3" in games
        # The cards: each player's points summed over the games, and boxes (hands won).
        assert "278" in text(card(page, 0)) and "4 boxes" in text(card(page, 0))
        assert "82" in text(card(page, 1)) and "3 boxes" in text(card(page, 1))
        assert "to go" not in text(card(page, 0)) + text(card(page, 1))
        assert "final-accounts" not in page


@pytest.mark.parametrize(
    ("hands", "next_games"),
    [
        (1, "Ann: games 1 and 2; Bob: game 1"),
        (2, "Ann: games 1 and 2; Bob: games 1 and 2"),
        (3, "Ann: games 1, 2 and 3; Bob: games 1 and 2"),
        (6, "Ann: games 2 and 3; Bob: games 2 and 3"),
    ],
)
def test_which_games_each_next_win_goes_into(
    alice_client: Client, make_game: GameFactory, hands: int, next_games: str
) -> None:
    game = gin_game(make_game, HOLLYWOOD_START[:hands], hollywood=True)

    page = scoreboard(alice_client, game)

    assert f"Next win goes into: {next_games}" in text(page)


def test_a_closed_hollywood_session_shows_each_games_account_and_the_sessions(
    alice_client: Client, client: Client, make_game: GameFactory
) -> None:
    # Ann closes game 1 with Bob shut out of it; Bob wins games 2 and 3, Ann shut out of game 3.
    hands = [won_by(ANN, 60), won_by(ANN, 60), *[won_by(BOB, 60)] * 3]
    game = gin_game(make_game, hands, hollywood=True)

    for page in (scoreboard(alice_client, game), live(client, game)):
        assert "Winner: Bob" in text(page)
        games = section(page, "session-games")
        assert "Game 1 finished Game 2 finished Game 3 finished" in games
        assert "Ann 120 won 60 0" in games and "Bob 0 120 won 120 won" in games
        assert "Next win" not in games
        accounts = section(page, "final-accounts")
        # Game 1: Ann 120 + 2 × 25 + 200 = 370. Game 2: Ann 60 + 25 = 85, Bob 120 + 50 + 100
        # = 270. Game 3: Bob 370. The session: Ann 455, Bob 640; Ann pays Bob 185.
        assert "Game 1: Ann won" in accounts and "Final total 370 0" in accounts
        assert "Shutout: Bob scored nothing in this game" in accounts
        assert "Game 2: Bob won" in accounts and "Final total 85 270" in accounts
        assert "Game 3: Bob won" in accounts and "Final total 0 370" in accounts
        assert "Shutout: Ann scored nothing in this game" in accounts
        assert "The session's final account" in accounts
        assert "Final total 455 640" in accounts
        assert "Ann pays Bob 185" in accounts


def test_other_games_show_no_boxes_nor_accounts(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(
        "chinchon",
        players=(ANN, BOB),
        hands=[{ANN: {"points": 30}, BOB: {"closed": True, "points": 5}}],
    )

    page = scoreboard(alice_client, game)

    assert "box" not in text(page) and "session-games" not in page and "final-accounts" not in page


def test_two_oklahoma_games_alike_but_for_an_upcard_each_show_their_own_score(
    alice_client: Client, make_game: GameFactory
) -> None:
    # RULINGS.md's worked Oklahoma hand: Bob knocks with 4 against Ann's 19, 15 to Bob; with
    # the seven of spades turned up it counts double, 30. The scoreboard keeps scores worked
    # out lately by what they are worked out from: the upcard is part of it.
    spade, heart = (make_game("oklahoma-gin", players=(ANN, BOB)) for _ in range(2))
    spade.record_hand(1, knock(BOB, 4, 19), upcard="7S")
    heart.record_hand(1, knock(BOB, 4, 19), upcard="7H")

    assert 'data-testid="total-1">30<' in scoreboard(alice_client, spade)
    assert 'data-testid="total-1">15<' in scoreboard(alice_client, heart)
