"""The scoreboard and live view of Buraco, Burraco and Chinchón (issue 42): what each shows
between hands (RULINGS.md sections 16-18, "Between hands the companion shows"), from the
sections' worked examples.

Personas: alice keeps score; anyone with the share link follows on the live view."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.conftest import GameFactory
from tests.views.helpers import ANN_CY, BOB_DI, FOUR, bare, game_url, html
from tests.views.test_chinchon import SIX_HANDS

#: Section 18's worked hand 7: Di rejoins at 95 and goes out again, Cy closes with −10, Bob
#: goes out.
HAND_SEVEN: dict[str, dict[str, Any]] = {
    "Ann": {"points": 14},
    "Bob": {"points": 9},
    "Cy": {"closed": True, "minus_ten": True},
    "Di": {"rejoined": True, "points": 22},
}
BURACO_TWO = ("Ana", "Caio")


def scoreboard(client: Client, game: Game) -> str:
    """The scoreboard's own section, its markup's spaces and line breaks made one space."""
    page = html(client.get(game_url("game", game)))
    return squeezed(page.split('id="scoreboard"')[1].split("</section>")[0])


def live(client: Client, game: Game) -> str:
    page = html(client.get(reverse("live", args=[game.share_token])))
    return squeezed(page.split('id="live"')[1])


def squeezed(markup: str) -> str:
    return re.sub(r"\s+", " ", markup)


def card(page: str, index: int) -> str:
    """Side `index`'s total card."""
    return page.split('<li class="total-card')[index + 1].split("</li>")[0]


def badge(page: str) -> str:
    """What the badge by the game's name says."""
    return text(page.split('class="badge">')[1].split("</div>")[0])


def text(markup: str) -> str:
    """What a reader sees of `markup`: its tags left out."""
    return squeezed(re.sub(r"<[^>]+>", "", markup)).strip()


# -- Buraco -----------------------------------------------------------------------------------


def buraco_hands(game: Game, *scores: tuple[int, int]) -> None:
    for number, pair in enumerate(scores, start=1):
        game.record_hand(number, bare(game, *pair), game.dealer_for(number))


def test_buraco_leaders_tied_at_the_target_are_told_another_hand_decides(
    alice_client: Client, client: Client, make_game: GameFactory
) -> None:
    game = make_game("buraco", players=BURACO_TWO, team_size=1)
    buraco_hands(game, (1_500, 1_560), (1_620, 1_560))

    for page in (scoreboard(alice_client, game), live(client, game)):
        assert "Tied at 3,120: another hand decides" in text(page)
        assert "Winner" not in text(page)
        assert "to go" not in text(page)
        assert "when a side reaches" not in page
        assert "when one side alone leads with 3,000 or more" in page
    assert not game.score().finished


def test_a_buraco_tie_broken_by_the_next_hand_ends_the_game(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("buraco", players=BURACO_TWO, team_size=1)
    buraco_hands(game, (1_500, 1_560), (1_620, 1_560), (200, 100))

    page = scoreboard(alice_client, game)

    assert "Tied at" not in page
    assert "Winner: Ana" in text(page)


def test_buraco_below_the_target_shows_how_far_each_side_is(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("buraco", players=BURACO_TWO, team_size=1)
    buraco_hands(game, (1_500, 1_560))

    page = scoreboard(alice_client, game)

    assert "1,500 to go" in text(card(page, 0))
    assert "1,440 to go" in text(card(page, 1))
    assert "Tied at" not in page


def test_a_vulnerable_buraco_side_alone_gets_the_failed_opening_tap(
    alice_client: Client, client: Client, make_game: GameFactory
) -> None:
    game = make_game("buraco", team_size=2, options={"vulnerable": 1_000})
    buraco_hands(game, (1_200, 300))
    alice_client.post(game_url("table_action", game), {"action": "fail", "side": "0"})

    page = scoreboard(alice_client, game)

    assert 'data-testid="minimum-0">90<' in page
    assert 'data-testid="minimum-1">0<' in page
    assert "Failed opening +15" in card(page, 0)
    assert "Failed opening" not in card(page, 1)
    assert "Undo" not in card(page, 1)
    watched = live(client, game)
    assert 'data-testid="minimum-0">90<' in watched
    assert "1 failed opening" in text(card(watched, 0))


def test_buraco_without_vulnerable_shows_no_opening_minimum(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("buraco", team_size=2)
    buraco_hands(game, (1_200, 300))

    page = scoreboard(alice_client, game)

    assert "to open" not in page
    assert "Failed opening" not in page


# -- Burraco ----------------------------------------------------------------------------------


def burraco_tournament(make_game: GameFactory, *scores: tuple[int, int]) -> Game:
    game = make_game("burraco", team_size=2, options={"hands": 3})
    for number, pair in enumerate(scores, start=1):
        game.record_hand(number, bare(game, *pair), game.dealer_for(number))
    return game


def test_a_burraco_tournament_says_which_hand_of_how_many(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = burraco_tournament(make_game, (500, 80))

    page = scoreboard(alice_client, game)

    assert "Hand 2 of 3" in badge(page)
    assert "data-hand-number>2<" in page


def test_a_burraco_tournament_shows_the_difference_and_its_victory_points(
    alice_client: Client, client: Client, make_game: GameFactory
) -> None:
    game = burraco_tournament(make_game, (500, 80))

    for page in (scoreboard(alice_client, game), live(client, game)):
        assert f"{ANN_CY} +420: 14 – 6" in text(page).replace("&amp;", "&")
        assert "to go" not in text(page)


def test_the_side_behind_is_named_by_the_side_ahead(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = burraco_tournament(make_game, (1_315, 30), (500, 1_000))

    page = text(scoreboard(alice_client, game)).replace("&amp;", "&")

    assert f"{ANN_CY} +785: 16 – 4" in page
    assert "Hand 3 of 3" in page


def test_level_totals_in_a_tournament_are_ten_each(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = burraco_tournament(make_game, (100, 100))

    assert "Level: 10 – 10" in text(scoreboard(alice_client, game))


def test_a_finished_tournament_shows_its_victory_points_by_the_winner(
    alice_client: Client, client: Client, make_game: GameFactory
) -> None:
    game = burraco_tournament(make_game, (1_315, 30), (500, 1_000), (165, 215))

    for page in (scoreboard(alice_client, game), live(client, game)):
        said = text(page).replace("&amp;", "&")
        assert f"Winner: {ANN_CY}" in said
        assert "Victory points: 16 – 4" in said
        assert "16 victory points" in text(card(page, 0))
        assert "4 victory points" in text(card(page, 1))
        assert "1,980" in said and "1,245" in said
        assert "of 3" not in said
        assert "as it stands" not in said


def test_a_finished_tournament_within_50_is_a_shared_win_10_to_10(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = burraco_tournament(make_game, (100, 60), (50, 80), (40, 40))

    said = text(scoreboard(alice_client, game)).replace("&amp;", "&")

    assert f"Shared win: {ANN_CY} and {BOB_DI}" in said
    assert "Victory points: 10 – 10" in said


def test_burraco_to_a_target_keeps_its_plain_hand_badge(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("burraco", team_size=2)
    game.record_hand(1, bare(game, 1_315, 30), game.dealer_for(1))

    page = scoreboard(alice_client, game)

    assert badge(page) == "Hand 2"
    assert "victory" not in page
    assert "690 to go" in text(card(page, 0))


# -- Chinchón ---------------------------------------------------------------------------------


def chinchon(make_game: GameFactory, hands: list[dict[str, Any]], **options: Any) -> Game:
    return make_game("chinchon", players=FOUR, hands=hands, options=options or None)


def test_chinchon_after_hand_seven_of_the_worked_example(
    alice_client: Client, client: Client, make_game: GameFactory
) -> None:
    game = chinchon(make_game, [*SIX_HANDS, HAND_SEVEN])

    for page in (scoreboard(alice_client, game), live(client, game)):
        ann, bob, cy, di = (card(page, index) for index in range(4))
        assert "76" in text(ann) and "24 to go" in text(ann)
        assert "30" in text(cy) and "70 to go" in text(cy)
        assert "Leading" in text(cy) and "Leading" not in text(ann)
        for out in (bob, di):
            assert "Out" in text(out) and "to go" not in text(out)
            assert "may rejoin at 76" in text(out)
        assert "Out" not in text(ann) and "rejoin" not in text(ann)
        assert "1 rejoin used" in text(di) and "rejoin used" not in text(bob)
        assert "Pot: 5 stakes" in text(page)


def test_chinchon_says_who_deals_next_to_the_right(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = chinchon(make_game, [*SIX_HANDS, HAND_SEVEN])

    said = text(scoreboard(alice_client, game))

    assert f"Dealer: {game.dealer_for(8)}" in said
    assert "the deal passes to the right" in said


def test_an_out_player_with_no_rejoins_left_is_told_so(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = chinchon(make_game, [*SIX_HANDS, HAND_SEVEN], rejoins=1)

    page = scoreboard(alice_client, game)

    assert "no rejoins left" in text(card(page, 3))
    assert "may rejoin at 76" in text(card(page, 1))


def test_a_chinchon_ends_the_game_and_the_scoreboard_says_so(
    alice_client: Client, make_game: GameFactory
) -> None:
    hand_eight = {
        "Ann": {"points": 8},
        "Bob": {},
        "Cy": {"closed": True, "chinchon": True},
        "Di": {},
    }
    game = chinchon(make_game, [*SIX_HANDS, HAND_SEVEN, hand_eight])

    page = scoreboard(alice_client, game)

    assert "Winner: Cy" in text(page)
    assert "Cy made chinchón" in text(page)
    assert "may rejoin" not in page and "to go" not in page
    assert "Pot: 5 stakes" in text(page)


def test_the_last_player_in_wins(alice_client: Client, make_game: GameFactory) -> None:
    hand_eight = {"Ann": {"points": 30}, "Bob": {}, "Cy": {"closed": True, "points": 2}, "Di": {}}
    game = chinchon(make_game, [*SIX_HANDS, HAND_SEVEN, hand_eight])

    page = scoreboard(alice_client, game)

    assert "Winner: Cy" in text(page)
    assert "Cy is the last player in" in text(page)
    assert "Out" in text(card(page, 0))


def test_eight_chinchon_players_each_get_a_card(
    alice_client: Client, make_game: GameFactory
) -> None:
    players = ("Ann", "Bob", "Cy", "Di", "Eva", "Fer", "Gus", "Hal")
    hand = {name: {"points": 10} for name in players} | {"Ann": {"closed": True, "points": 1}}
    game = make_game("chinchon", players=players, hands=[hand])

    page = scoreboard(alice_client, game)

    assert page.count('<li class="total-card') == len(players)
    assert "99 to go" in text(card(page, 0))
    assert "Pot: 8 stakes" in text(page)


@pytest.mark.parametrize(
    ("slug", "players"),
    [("miromar-canasta", FOUR), ("pfh-three-hands", ("Ann", "Bob"))],
)
def test_other_rule_sets_show_none_of_these_lines(
    alice_client: Client, make_game: GameFactory, slug: str, players: tuple[str, ...]
) -> None:
    game = make_game(slug, players=players)
    game.record_hand(1, bare(game, *[50] * len(game.side_names)), game.dealer_for(1))

    said = text(scoreboard(alice_client, game))

    for words in ("Tied at", "victory", "stake", "rejoin", "passes to the right", "Out"):
        assert words not in said
    assert re.fullmatch(r"(Hand|Deal|Round) 2", badge(scoreboard(alice_client, game)))
