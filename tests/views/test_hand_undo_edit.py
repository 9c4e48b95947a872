"""Undo on "Hand 3 changed: …": the hand as it was before that edit (issue 19)."""

from django.test import Client

from games.models import Game, Hand
from tests.views.helpers import bare, game_url, hand_data, html, totals


def test_undo_puts_the_hand_back_as_it_was_before_the_edit(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 1250, -60), "Ann")
    alice_client.post(
        game_url("hand_edit", game, 1), hand_data([{"total": 1450}, {"total": -60}], revision=1)
    )

    response = alice_client.post(game_url("hand_undo_edit", game, 1) + "?revision=2", follow=True)

    assert response.redirect_chain == [(game_url("game", game), 302)]
    assert "Hand 1 is back as it was." in html(response)
    assert totals(game) == {"Ann & Cy": 1250, "Bob & Di": -60}
    assert Hand.objects.get(game=game).before_edit == {}


def test_a_revision_that_is_not_a_number_is_refused(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 1250, -60), "Ann")

    response = alice_client.post(game_url("hand_undo_edit", game, 1) + "?revision=x")

    assert response.status_code == 400


def test_undo_takes_only_post(alice_client: Client, game: Game) -> None:
    assert alice_client.get(game_url("hand_undo_edit", game, 1)).status_code == 405


def test_undo_after_another_change_to_the_hand_undoes_nothing(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 1250, -60), "Ann")
    alice_client.post(
        game_url("hand_edit", game, 1), hand_data([{"total": 1450}, {"total": -60}], revision=1)
    )
    bob_client.post(
        game_url("hand_edit", game, 1), hand_data([{"total": 1500}, {"total": -60}], revision=2)
    )

    response = alice_client.post(game_url("hand_undo_edit", game, 1) + "?revision=2", follow=True)

    assert "Hand 1 was changed again since (or deleted): nothing was undone." in html(response)
    assert totals(game) == {"Ann & Cy": 1500, "Bob & Di": -60}


def test_undo_of_an_edit_belongs_to_the_games_scorekeepers(
    charlie_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 1250, -60), "Ann")

    response = charlie_client.post(game_url("hand_undo_edit", game, 1) + "?revision=1")

    assert response.status_code == 404
