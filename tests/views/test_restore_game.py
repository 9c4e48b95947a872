"""Restoring a deleted game from "Recently deleted": whole again, for all it was shared with."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import DELETED_GAMES_KEPT, Game
from tests.views.helpers import bare, game_url, html, is_login_redirect, totals


def test_the_owner_restores_a_deleted_game(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 120, 30), "Ann")
    game.delete_for_a_while()

    response = alice_client.post(game_url("restore_game", game), follow=True)

    assert response.redirect_chain == [(game_url("game", game), 302)]
    assert "Game restored." in html(response)
    assert totals(game) == {"Ann & Cy": 120, "Bob & Di": 30}
    assert bob_client.get(game_url("game", game)).status_code == 200
    assert game_url("restore_game", game) not in html(alice_client.get(reverse("home")))


def test_a_game_deleted_too_long_ago_cannot_be_restored(alice_client: Client, game: Game):
    game.delete_for_a_while()
    Game.objects.filter(pk=game.pk).update(
        deleted=timezone.now() - DELETED_GAMES_KEPT - timedelta(minutes=1)
    )

    assert game_url("restore_game", game) not in html(alice_client.get(reverse("home")))
    response = alice_client.post(game_url("restore_game", game))
    assert response.status_code == 404
    assert "That game is gone for good" in html(response)
    game.refresh_from_db()
    assert game.deleted is not None


def test_a_co_scorekeeper_cannot_restore(bob_client: Client, game: Game) -> None:
    game.delete_for_a_while()

    assert bob_client.post(game_url("restore_game", game)).status_code == 404
    game.refresh_from_db()
    assert game.deleted is not None


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    game.delete_for_a_while()

    assert charlie_client.post(game_url("restore_game", game)).status_code == 404
    game.refresh_from_db()
    assert game.deleted is not None


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    game.delete_for_a_while()

    assert is_login_redirect(client.post(game_url("restore_game", game)))


def test_restoring_is_only_posted(alice_client: Client, game: Game) -> None:
    game.delete_for_a_while()

    assert alice_client.get(game_url("restore_game", game)).status_code == 405


def test_a_restore_as_the_purge_deletes_the_game_says_it_is_gone_for_good(
    alice_client: Client, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    game.delete_for_a_while()
    take_lock = Game.lock_row

    def purged_first(self: Game) -> None:  # the purge took the game's lock just before
        Game.objects.filter(pk=self.pk).delete()
        take_lock(self)

    monkeypatch.setattr(Game, "lock_row", purged_first)

    response = alice_client.post(game_url("restore_game", game))

    assert response.status_code == 404
    assert "That game is gone for good" in html(response)


def test_a_restore_that_waited_past_the_thirty_days_is_refused(
    alice_client: Client, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    game.delete_for_a_while()
    take_lock = Game.lock_row

    def thirty_days_pass(self: Game) -> None:  # the page was drawn just inside the 30 days
        expired = timezone.now() - DELETED_GAMES_KEPT - timedelta(seconds=1)
        Game.objects.filter(pk=self.pk).update(deleted=expired)
        take_lock(self)

    monkeypatch.setattr(Game, "lock_row", thirty_days_pass)

    response = alice_client.post(game_url("restore_game", game))

    assert response.status_code == 404
    assert "That game is gone for good" in html(response)
    assert Game.objects.get(pk=game.pk).deleted is not None


def test_deleting_a_game_purges_only_games_still_past_the_thirty_days(
    alice_client: Client, make_game
) -> None:
    expired, restored, kept = make_game(), make_game(), make_game()
    long_ago = timezone.now() - DELETED_GAMES_KEPT - timedelta(minutes=1)
    Game.objects.filter(pk__in=[expired.pk, restored.pk]).update(deleted=long_ago)
    Game.objects.filter(pk=restored.pk).update(deleted=None)  # restored just in time

    alice_client.post(game_url("delete_game", kept))

    assert not Game.objects.filter(pk=expired.pk).exists()
    assert Game.objects.get(pk=restored.pk).deleted is None


def test_a_restore_of_a_game_the_purge_already_deleted_says_it_is_gone_for_good(
    alice_client: Client, game: Game
) -> None:
    game.delete_for_a_while()
    Game.objects.filter(pk=game.pk).delete()  # the purge got there first

    response = alice_client.post(game_url("restore_game", game))

    assert response.status_code == 404
    assert "That game is gone for good" in html(response)
