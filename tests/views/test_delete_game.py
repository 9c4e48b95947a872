"""Deleting a game: the owner's one tap hides it everywhere; "Recently deleted" can restore it."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import DELETED_GAMES_KEPT, Game, Hand
from tests.views.helpers import bare, game_url, html, is_login_redirect


def test_the_owner_deletes_a_game_and_it_waits_under_recently_deleted(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 120, 30), "Ann")

    response = alice_client.post(game_url("delete_game", game), follow=True)

    assert response.redirect_chain == [(reverse("home"), 302)]
    page = html(response)
    assert "Game deleted. You can restore it from" in page
    assert "Recently deleted" in page
    assert game_url("restore_game", game) in page
    assert f'href="{game_url("game", game)}"' not in page
    assert Hand.objects.filter(game=game).count() == 1  # nothing lost yet


def test_a_deleted_game_is_gone_for_the_co_scorekeeper_and_the_live_view(
    alice_client: Client, bob_client: Client, client: Client, game: Game
) -> None:
    alice_client.post(game_url("delete_game", game))

    assert bob_client.get(game_url("game", game)).status_code == 404
    assert f'href="{game_url("game", game)}"' not in html(bob_client.get(reverse("home")))
    assert client.get(reverse("live", args=[game.share_token])).status_code == 404
    assert alice_client.get(game_url("game", game)).status_code == 404


def test_the_scoreboard_offers_delete_to_the_owner_only_below_everything_else(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    page = html(alice_client.get(game_url("game", game)))

    assert game_url("delete_game", game) in page
    assert page.index(game_url("delete_game", game)) > page.index(game_url("share", game))
    assert game_url("delete_game", game) not in html(bob_client.get(game_url("game", game)))


def test_deleting_purges_the_owners_games_deleted_long_ago(alice_client: Client, make_game) -> None:
    old = make_game()
    old.delete_for_a_while()
    Game.objects.filter(pk=old.pk).update(
        deleted=timezone.now() - DELETED_GAMES_KEPT - timedelta(days=1)
    )
    recent = make_game()

    alice_client.post(game_url("delete_game", recent))

    assert not Game.objects.filter(pk=old.pk).exists()
    assert Game.objects.filter(pk=recent.pk).exists()


def test_a_co_scorekeeper_cannot_delete_the_game(bob_client: Client, game: Game) -> None:
    assert bob_client.post(game_url("delete_game", game)).status_code == 404
    game.refresh_from_db()
    assert game.deleted is None


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    assert charlie_client.post(game_url("delete_game", game)).status_code == 404
    game.refresh_from_db()
    assert game.deleted is None


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    assert is_login_redirect(client.post(game_url("delete_game", game)))
    game.refresh_from_db()
    assert game.deleted is None


def test_deleting_is_only_posted(alice_client: Client, game: Game) -> None:
    assert alice_client.get(game_url("delete_game", game)).status_code == 405
    game.refresh_from_db()
    assert game.deleted is None


def test_the_deleted_message_on_home_has_an_undo_that_brings_the_game_back(
    alice_client: Client, game: Game
) -> None:
    response = alice_client.post(game_url("delete_game", game), follow=True)

    page = html(response)
    restore = game_url("restore_game", game)
    message = page[page.index('<li class="message undoable success">') :]
    message = message[: message.index("</li>")]
    assert "<span>Game deleted. You can restore it from" in message
    assert f'<form method="post" action="{restore}">' in message
    assert '<button class="button small" type="submit">Undo</button>' in message

    response = alice_client.post(restore, follow=True)
    assert response.redirect_chain == [(game_url("game", game), 302)]
    assert Game.objects.get(pk=game.pk).deleted is None
