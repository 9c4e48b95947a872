from django.test import Client

from games.models import Game, Hand
from tests.views.helpers import bare, game_url, html, is_login_redirect, totals


def two_hands(game: Game) -> Game:
    game.record_hand(1, bare(game, 100, 200), "Ann")
    game.record_hand(2, bare(game, 300, 400), "Bob")
    return game


def test_deleting_the_last_hand_takes_it_off_the_scoreboard(
    alice_client: Client, game: Game
) -> None:
    two_hands(game)

    response = alice_client.post(game_url("hand_delete", game, 2), follow=True)

    assert response.redirect_chain == [(game_url("game", game), 302)]
    assert "Hand 2 deleted." in html(response)
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]
    assert totals(game) == {"Ann & Cy": 100, "Bob & Di": 200}


def test_only_the_last_hand_can_be_deleted(alice_client: Client, game: Game) -> None:
    two_hands(game)

    response = alice_client.post(game_url("hand_delete", game, 1), follow=True)

    assert "Only the last hand can be deleted." in html(response)
    assert Hand.objects.filter(game=game).count() == 2
    assert totals(game) == {"Ann & Cy": 400, "Bob & Di": 600}


def test_a_hand_that_was_never_played_cannot_be_deleted(alice_client: Client, game: Game) -> None:
    two_hands(game)

    alice_client.post(game_url("hand_delete", game, 3))

    assert Hand.objects.filter(game=game).count() == 2


def test_ten_pennies_calls_it_a_round(alice_client: Client, make_game) -> None:
    game = make_game(
        "ten-pennies",
        players=("Ann", "Bob"),
        hands=[{"Ann": {"cards": 0}, "Bob": {"cards": 2, "points": 15}}],
    )

    response = alice_client.post(game_url("hand_delete", game, 1), follow=True)

    assert "Round 1 deleted." in html(response)
    assert not Hand.objects.filter(game=game).exists()


def test_a_co_scorekeeper_can_delete_the_last_hand(bob_client: Client, game: Game) -> None:
    two_hands(game)

    bob_client.post(game_url("hand_delete", game, 2))

    assert Hand.objects.filter(game=game).count() == 1


def test_the_last_hand_of_a_finished_game_stays_until_the_owner_reopens_it(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 8500, 0), "Ann")

    response = bob_client.post(game_url("hand_delete", game, 1), follow=True)

    assert "Reopen it" in html(response)
    assert Hand.objects.filter(game=game).count() == 1

    alice_client.post(game_url("reopen", game))
    alice_client.post(game_url("hand_delete", game, 1))

    assert not Hand.objects.filter(game=game).exists()


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    two_hands(game)

    assert charlie_client.post(game_url("hand_delete", game, 2)).status_code == 404
    assert Hand.objects.filter(game=game).count() == 2


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    two_hands(game)

    assert is_login_redirect(client.post(game_url("hand_delete", game, 2)))
    assert Hand.objects.filter(game=game).count() == 2


def test_deleting_is_only_posted(alice_client: Client, game: Game) -> None:
    two_hands(game)

    assert alice_client.get(game_url("hand_delete", game, 2)).status_code == 405
    assert Hand.objects.filter(game=game).count() == 2


def test_the_delete_button_sits_below_the_everyday_buttons(
    alice_client: Client, game: Game
) -> None:
    two_hands(game)

    page = html(alice_client.get(game_url("game", game)))

    delete = page.index(game_url("hand_delete", game, 2))
    for everyday in ("hand_new", "share", "score_sheet", "export_game"):
        assert page.index(game_url(everyday, game)) < delete
