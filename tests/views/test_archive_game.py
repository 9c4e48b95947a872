"""Archiving: the owner puts a game away; it leaves the home page's lists but stays whole."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.views.helpers import bare, game_url, html, is_login_redirect


def home_lists(client: Client) -> str:
    """The home page up to the Archived section."""
    return html(client.get(reverse("home"))).split("Archived (")[0]


def test_the_owner_archives_a_game_and_finds_it_under_archived(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 120, 30), "Ann")

    response = alice_client.post(game_url("archive_game", game), follow=True)

    assert response.redirect_chain == [(reverse("home"), 302)]
    page = html(response)
    assert "Archived (1)" in page
    link = f'href="{game_url("game", game)}"'
    assert link not in page.split("Archived (")[0]
    assert link in page.split("Archived (")[1]
    game.refresh_from_db()
    assert game.archived
    assert alice_client.get(game_url("game", game)).status_code == 200


def test_unarchiving_puts_it_back_on_the_home_page(alice_client: Client, game: Game) -> None:
    game.set_archived(True)

    response = alice_client.post(game_url("archive_game", game), {"archived": "0"})

    assert response.status_code == 302
    game.refresh_from_db()
    assert not game.archived
    assert f'href="{game_url("game", game)}"' in home_lists(alice_client)


def test_the_scoreboard_offers_archive_to_the_owner_only(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    assert game_url("archive_game", game) in html(alice_client.get(game_url("game", game)))
    assert game_url("archive_game", game) not in html(bob_client.get(game_url("game", game)))


def test_a_co_scorekeeper_cannot_archive(bob_client: Client, game: Game) -> None:
    assert bob_client.post(game_url("archive_game", game)).status_code == 404
    game.refresh_from_db()
    assert not game.archived


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    assert charlie_client.post(game_url("archive_game", game)).status_code == 404
    game.refresh_from_db()
    assert not game.archived


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    assert is_login_redirect(client.post(game_url("archive_game", game)))
    game.refresh_from_db()
    assert not game.archived


def test_archiving_is_only_posted(alice_client: Client, game: Game) -> None:
    assert alice_client.get(game_url("archive_game", game)).status_code == 405
