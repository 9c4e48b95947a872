"""Chinchón through the generic screens: a game set up on the new-game page with its house rules,
a hand entered on the hand form and scored, a player out (their boxes left blank), the
scoreboard, the live view, the rules page and every printout (rule sheet, score pad, score
sheet).

Personas: alice keeps score; a stranger reads the rules page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Hand
from games.rules.gamefile import read_game_file, report
from tests.conftest import GameFactory
from tests.views.helpers import game_url, hand_data, html, totals

SLUG = "chinchon"
FOUR = ("Ann", "Bob", "Cy", "Di")
#: RULINGS.md section 18: hands 1 to 6 before its worked hand (Di out after hand 4).
SIX_HANDS: list[dict[str, dict[str, Any]]] = [
    {
        "Ann": {"points": 10},
        "Bob": {"points": 20},
        "Cy": {"closed": True, "points": 5},
        "Di": {"points": 30},
    },
    {
        "Ann": {"points": 12},
        "Bob": {"points": 15},
        "Cy": {"points": 10},
        "Di": {"closed": True, "points": 3},
    },
    {
        "Ann": {"closed": True, "minus_ten": True},
        "Bob": {"points": 20},
        "Cy": {"points": 5},
        "Di": {"points": 40},
    },
    {
        "Ann": {"points": 20},
        "Bob": {"closed": True, "points": 2},
        "Cy": {"points": 10},
        "Di": {"points": 31},
    },
    {"Ann": {"points": 20}, "Bob": {"closed": True, "points": 3}, "Cy": {"points": 5}, "Di": {}},
    {"Ann": {"points": 10}, "Bob": {"points": 35}, "Cy": {"closed": True, "points": 5}, "Di": {}},
]


def new_game_data(players: tuple[str, ...] = FOUR, **house: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"rules": SLUG, "first_dealer": 0}
    data |= {f"seat{seat}": name for seat, name in enumerate(players)}
    data |= {f"{SLUG}--{name}": value for name, value in house.items()}
    return data


def posted_hand(sides: list[dict[str, Any]], number: int) -> dict[str, Any]:
    """The hand form's body: "closed" is asked once, as the player who closed."""
    data = hand_data([{k: v for k, v in side.items() if k != "closed"} for side in sides], number)
    closer = [index for index, side in enumerate(sides) if side.get("closed")]
    if closer:
        data["closed"] = closer[0]
    return data


def test_the_new_game_page_offers_chinchon_with_its_house_rules(alice_client: Client) -> None:
    page = html(alice_client.get(reverse("new_game")))

    assert 'value="chinchon"' in page
    for name in ("limit", "elimination", "closing_limit", "rejoins", "chinchon", "wild_value"):
        assert f'name="chinchon--{name}"' in page


def test_a_game_is_set_up_with_house_rules(alice_client: Client) -> None:
    response = alice_client.post(
        reverse("new_game"), new_game_data(limit=150, rejoins=1, elimination=1)
    )

    game = Game.objects.get()
    assert response.status_code == 302
    assert game.rules_slug == SLUG
    assert game.side_names == list(FOUR)
    assert game.setup().rules.options["limit"] == 150
    board = html(alice_client.get(game_url("game", game)))
    assert "limit 150" in board
    assert "one rejoin each" in board


def test_a_hand_is_entered_scored_and_shown(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data())
    game = Game.objects.get()
    form = html(alice_client.get(game_url("hand_new", game)))
    for name in ("s0-points", "s1-minus_ten", "s2-chinchon"):
        assert f'name="{name}"' in form
    assert 'name="s3-rejoined"' not in form  # nobody is out before the first hand
    assert "Who closed?" in form

    hand: list[dict[str, Any]] = [
        {"points": 14},
        {"points": 9},
        {"closed": True, "minus_ten": True},
        {"points": 22},
    ]
    response = alice_client.post(game_url("hand_new", game), posted_hand(hand, 1))

    assert response.status_code == 302
    assert totals(game) == {"Ann": 14, "Bob": 9, "Cy": -10, "Di": 22}
    board = html(alice_client.get(game_url("game", game)))
    assert "−10" in board or "-10" in board


def test_a_hand_refused_says_why_and_records_nothing(alice_client: Client) -> None:
    alice_client.post(reverse("new_game"), new_game_data())
    game = Game.objects.get()
    hand = [{"points": 14}, {"points": 9}, {"closed": True, "points": 6}, {"points": 22}]

    response = alice_client.post(game_url("hand_new", game), posted_hand(hand, 1))

    assert response.status_code == 422
    assert "A player can close with at most 5 points unmatched, not 6" in html(response)
    assert not Hand.objects.filter(game=game).exists()


def test_the_form_takes_a_hand_with_a_player_out_and_a_rejoin(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, players=FOUR, hands=SIX_HANDS)
    form = alice_client.get(game_url("hand_new", game))
    assert form.status_code == 200

    # Hand 7 of the worked hand: Di rejoins at 95 and makes 117; Bob reaches 104.
    hand: list[dict[str, Any]] = [
        {"points": 14},
        {"points": 9},
        {"closed": True, "minus_ten": True},
        {"rejoined": True, "points": 22},
    ]
    response = alice_client.post(game_url("hand_new", game), posted_hand(hand, 7))

    assert response.status_code == 302
    assert totals(game) == {"Ann": 76, "Bob": 104, "Cy": 30, "Di": 117}
    score = game.score()
    assert score.players_in == ["Ann", "Cy"]
    assert score.rejoin_total == 76


def test_an_out_player_left_blank_on_the_form_sits_the_hand_out(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, players=FOUR, hands=SIX_HANDS[:4])
    hand = [{"points": 20}, {"closed": True, "points": 3}, {"points": 5}, {}]
    posted = posted_hand(hand, 5)

    # The form knows Di is out: her blank points are no question, and she sits the hand out.
    response = alice_client.post(game_url("hand_new", game), posted)

    assert response.status_code == 302
    assert game.score().hands[-1].sat_out == frozenset({"Di"})
    assert totals(game)["Di"] == 104


def test_an_out_player_typed_in_is_refused_at_the_field(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, players=FOUR, hands=SIX_HANDS[:4])
    hand = [{"points": 20}, {"closed": True, "points": 3}, {"points": 5}, {"points": 7}]

    response = alice_client.post(game_url("hand_new", game), posted_hand(hand, 5))

    assert response.status_code == 422
    assert "A player who is out plays only by rejoining" in html(response)


def test_every_page_and_printout_of_a_game_with_a_player_out_renders(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, players=FOUR, hands=SIX_HANDS)
    pages = [
        game_url("game", game),
        game_url("hand_new", game),
        game_url("hand_edit", game, 6),
        game_url("share", game),
        game_url("game_rules_page", game),
        reverse("live", args=[game.share_token]),
        reverse("rules_page", args=[SLUG]),
    ]
    for path in pages:
        assert alice_client.get(path).status_code == 200, path
    for name in ("game_rule_sheet", "game_score_pad", "score_sheet"):
        response = alice_client.get(game_url(name, game))
        assert response.status_code == 200, name
        assert response["Content-Type"] == "application/pdf"


def test_a_finished_game_shows_its_winner(alice_client: Client, make_game: GameFactory) -> None:
    hands = [
        {"Ann": {"closed": True, "points": 1}, "Bob": {"points": 101}},
    ]
    game = make_game(SLUG, players=("Ann", "Bob"), hands=hands)

    board = alice_client.get(game_url("game", game))

    assert board.status_code == 200
    assert game.score().winners == ["Ann"]
    assert alice_client.get(game_url("score_sheet", game)).status_code == 200


def test_the_rules_page_reads_the_games_own_words(client: Client) -> None:
    page = html(client.get(reverse("rules_page", args=[SLUG])))

    for word in ("cortar", "menos diez", "reenganche", "Chinchón"):
        assert word in page


@pytest.mark.parametrize("house", [{}, {"pack": 50, "figures": 12, "wild_value": 50}])
def test_the_rule_sheet_prints_with_house_rules(
    alice_client: Client, make_game: GameFactory, house: dict[str, Any]
) -> None:
    game = make_game(SLUG, players=FOUR, options=house)

    response = alice_client.get(game_url("game_rule_sheet", game))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"


def test_a_game_with_a_player_out_exports_and_reads_back_the_same(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, players=FOUR, hands=SIX_HANDS)

    response = alice_client.get(game_url("export_game", game))

    assert response.status_code == 200
    setup, hands = read_game_file(response.content)
    again = setup.score(hands)
    assert again.totals == {"Ann": 62, "Bob": 95, "Cy": 40, "Di": 104}
    assert report(again)["players_in"] == ["Ann", "Bob", "Cy"]
    assert report(again)["rejoin_total"] == 95
