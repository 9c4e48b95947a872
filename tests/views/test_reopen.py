from django.test import Client

from games.models import Game
from tests.views.helpers import bare, game_url, hand_data, html, is_login_redirect, totals


def finished(game: Game) -> Game:
    game.record_hand(1, bare(game, 8500, 0), "Ann")
    return game


def test_the_owner_reopens_a_finished_game(alice_client: Client, game: Game) -> None:
    finished(game)

    response = alice_client.post(game_url("reopen", game), follow=True)

    assert response.redirect_chain == [(game_url("game", game), 302)]
    assert "Reopened: hands can be edited again." in html(response)
    game.refresh_from_db()
    assert game.reopened
    assert game_url("hand_delete", game, 1) in html(response)


def test_a_reopened_game_takes_edits_and_locks_again_when_it_ends(
    alice_client: Client, game: Game
) -> None:
    finished(game)
    alice_client.post(game_url("reopen", game))

    alice_client.post(
        game_url("hand_edit", game, 1),
        hand_data([{"total": 9000}, {"total": 0}], number=1, revision=1),
    )

    assert totals(game) == {"Ann & Cy": 9000, "Bob & Di": 0}
    game.refresh_from_db()
    assert not game.reopened


def test_a_co_scorekeeper_cannot_reopen_the_game(bob_client: Client, game: Game) -> None:
    finished(game)

    assert bob_client.post(game_url("reopen", game)).status_code == 404
    game.refresh_from_db()
    assert not game.reopened


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    finished(game)

    assert charlie_client.post(game_url("reopen", game)).status_code == 404
    game.refresh_from_db()
    assert not game.reopened


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    finished(game)

    assert is_login_redirect(client.post(game_url("reopen", game)))
    game.refresh_from_db()
    assert not game.reopened


def test_reopening_is_only_posted(alice_client: Client, game: Game) -> None:
    finished(game)

    assert alice_client.get(game_url("reopen", game)).status_code == 405
    game.refresh_from_db()
    assert not game.reopened
