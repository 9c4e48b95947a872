"""Changing who dealt first in a game in progress: the next dealer and the recorded hands follow."""

from __future__ import annotations

from html import unescape

from django.test import Client

from games.models import Game
from tests.views.helpers import bare, game_url, html, is_login_redirect


def dealers(game: Game) -> list[str]:
    return [hand.dealer for hand in Game.objects.get(pk=game.pk).hands.all()]


def test_the_scoreboard_links_to_the_first_dealer_page(alice_client: Client, game: Game):
    page = html(alice_client.get(game_url("game", game)))

    assert game_url("first_dealer", game) in page


def test_the_page_offers_every_player_with_the_current_first_dealer_picked(
    alice_client: Client, game: Game
) -> None:
    page = html(alice_client.get(game_url("first_dealer", game)))

    for name in ("Ann", "Bob", "Cy", "Di"):
        assert f'name="first_dealer" value="{name}"' in page
    assert 'value="Ann" checked' in page


def test_the_owner_changes_the_first_dealer_and_the_recorded_hands_follow(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 100, 0), "Ann")
    game.record_hand(2, bare(game, 100, 0), "Bob")
    game.refresh_from_db()
    version = game.version

    response = alice_client.post(
        game_url("first_dealer", game), {"first_dealer": "Cy"}, follow=True
    )

    assert response.redirect_chain == [(game_url("game", game), 302)]
    page = html(response)
    assert "First dealer: Cy. Ann deals next." in page
    assert "Dealer: <b>Ann</b>" in page
    assert dealers(game) == ["Cy", "Di"]
    game.refresh_from_db()
    assert game.first_dealer == "Cy"
    assert game.version > version


def test_a_co_scorekeeper_can_change_the_first_dealer(bob_client: Client, game: Game) -> None:
    bob_client.post(game_url("first_dealer", game), {"first_dealer": "Di"})

    game.refresh_from_db()
    assert game.first_dealer == "Di"


def test_a_change_the_rules_refuse_changes_nothing_and_says_why(
    alice_client: Client, make_game
) -> None:
    # Perfect deals count for the dealing side only: Bob dealt hand 1, so Bob & Di scored them.
    game = make_game(
        "pfh-partnership",
        first_dealer=1,
        hands=[{"Ann & Cy": {"total": 0}, "Bob & Di": {"perfect_deals": 1}}],
    )

    response = alice_client.post(game_url("first_dealer", game), {"first_dealer": "Ann"})

    assert response.status_code == 422
    assert "Not changed. Hand 1, Bob & Di: only the dealing side (Ann & Cy)" in unescape(
        html(response)
    )
    assert dealers(game) == ["Bob"]
    game.refresh_from_db()
    assert game.first_dealer == "Bob"


def test_a_name_that_does_not_play_is_refused(alice_client: Client, game: Game) -> None:
    response = alice_client.post(game_url("first_dealer", game), {"first_dealer": "Zed"})

    assert response.status_code == 422
    assert "Pick who dealt the first hand." in html(response)
    game.refresh_from_db()
    assert game.first_dealer == "Ann"


def test_a_finished_game_keeps_its_dealers(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 8500, 0), "Ann")

    response = alice_client.post(game_url("first_dealer", game), {"first_dealer": "Bob"})

    assert response.status_code == 302
    assert dealers(game) == ["Ann"]
    assert game_url("first_dealer", game) not in html(alice_client.get(game_url("game", game)))


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    assert charlie_client.get(game_url("first_dealer", game)).status_code == 404
    response = charlie_client.post(game_url("first_dealer", game), {"first_dealer": "Bob"})
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.first_dealer == "Ann"


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    assert is_login_redirect(client.post(game_url("first_dealer", game), {"first_dealer": "Bob"}))
    game.refresh_from_db()
    assert game.first_dealer == "Ann"
