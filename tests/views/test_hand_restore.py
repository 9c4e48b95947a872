"""Undo after deleting a hand: the hand comes back exactly, for the people who score the game."""

from __future__ import annotations

from html import unescape

from django.test import Client
from django.urls import reverse

from games.models import Game, Hand
from tests.views.helpers import PFH_WENT_OUT, bare, game_url, html, is_login_redirect, totals


def itemized_game(make_game) -> Game:
    """A partnership game whose second hand is itemized, dealt by Bob."""
    return make_game(
        "pfh-partnership",
        hands=[
            {"Ann & Cy": {"total": 300}, "Bob & Di": {"total": 150}},
            {
                "Ann & Cy": PFH_WENT_OUT,
                "Bob & Di": {
                    "natural_canastas": 1,
                    "unnatural_canastas": 1,
                    "red_threes": 1,
                    "meld_points": 250,
                    "hand_points": 140,
                },
            },
        ],
    )


def entries(game: Game, number: int) -> set[tuple[int, str, int]]:
    hand = Hand.objects.get(game=game, number=number)
    return set(hand.entries.values_list("side", "field", "value"))


def test_the_scoreboard_offers_undo_after_a_hand_is_deleted(alice_client: Client, make_game):
    game = itemized_game(make_game)

    response = alice_client.post(game_url("hand_delete", game, 2), follow=True)

    page = html(response)
    assert "Hand 2 deleted." in page
    assert game_url("hand_restore", game) in page
    assert ">Undo</button>" in page


def test_undo_brings_the_hand_back_exactly(alice_client: Client, make_game) -> None:
    game = itemized_game(make_game)
    before = entries(game, 2)
    dealer = Hand.objects.get(game=game, number=2).dealer
    recorded = Hand.objects.get(game=game, number=2).recorded
    scores = totals(game)
    alice_client.post(game_url("hand_delete", game, 2))
    game.refresh_from_db()
    version = game.version

    response = alice_client.post(game_url("hand_restore", game), follow=True)

    assert response.redirect_chain == [(game_url("game", game), 302)]
    assert "Hand 2 is back." in unescape(html(response))
    assert game_url("hand_restore", game) not in unescape(html(response))
    restored = Hand.objects.get(game=game, number=2)
    assert entries(game, 2) == before
    assert restored.dealer == dealer == "Bob"
    assert restored.recorded == recorded
    assert totals(game) == scores
    game.refresh_from_db()
    assert game.version > version  # live viewers refresh
    assert game.deleted_hand == {}


def test_undo_is_refused_once_another_hand_took_the_number(alice_client: Client, make_game):
    game = itemized_game(make_game)
    alice_client.post(game_url("hand_delete", game, 2))
    game.record_hand(2, bare(game, 10, 20), "Bob")

    page = html(alice_client.get(game_url("game", game)))
    assert game_url("hand_restore", game) not in page

    response = alice_client.post(game_url("hand_restore", game), follow=True)

    assert "Hand 2 can't come back: another hand was saved since." in unescape(html(response))
    assert entries(game, 2) == {(0, "total", 10), (1, "total", 20)}


def test_undo_twice_brings_back_nothing_more(alice_client: Client, make_game) -> None:
    game = itemized_game(make_game)
    alice_client.post(game_url("hand_delete", game, 2))
    alice_client.post(game_url("hand_restore", game))

    response = alice_client.post(game_url("hand_restore", game), follow=True)

    assert "There is no deleted hand to bring back." in unescape(html(response))
    assert Hand.objects.filter(game=game).count() == 2


def test_undo_is_refused_when_the_game_no_longer_accepts_the_hand(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 100, 0), "Ann")
    game.record_hand(2, bare(game, 200, 0), "Bob")
    alice_client.post(game_url("hand_delete", game, 2))
    # Hand 1 edited so that the game ends with it: there can be no hand 2 any more.
    game.record_hand(1, bare(game, 8500, 0), "Ann", revision=1)

    response = alice_client.post(game_url("hand_restore", game), follow=True)

    assert "Hand 2 can't come back" in unescape(html(response))
    assert Hand.objects.filter(game=game).count() == 1


def test_a_co_scorekeeper_can_undo_the_owners_delete(
    alice_client: Client, bob_client: Client, make_game
) -> None:
    game = itemized_game(make_game)
    alice_client.post(game_url("hand_delete", game, 2))

    bob_client.post(game_url("hand_restore", game))

    assert Hand.objects.filter(game=game).count() == 2


def test_the_live_view_shows_no_undo(client: Client, alice_client: Client, make_game):
    game = itemized_game(make_game)
    alice_client.post(game_url("hand_delete", game, 2))

    page = html(client.get(reverse("live", args=[game.share_token])))

    assert "Undo" not in page


def test_someone_elses_game_is_a_404(
    alice_client: Client, charlie_client: Client, make_game
) -> None:
    game = itemized_game(make_game)
    alice_client.post(game_url("hand_delete", game, 2))

    assert charlie_client.post(game_url("hand_restore", game)).status_code == 404
    assert Hand.objects.filter(game=game).count() == 1


def test_anonymous_visitors_are_sent_to_log_in(
    alice_client: Client, client: Client, make_game
) -> None:
    game = itemized_game(make_game)
    alice_client.post(game_url("hand_delete", game, 2))

    assert is_login_redirect(client.post(game_url("hand_restore", game)))
    assert Hand.objects.filter(game=game).count() == 1


def test_undo_is_only_posted(alice_client: Client, make_game) -> None:
    game = itemized_game(make_game)
    alice_client.post(game_url("hand_delete", game, 2))

    assert alice_client.get(game_url("hand_restore", game)).status_code == 405
    assert Hand.objects.filter(game=game).count() == 1


def test_undo_after_a_first_dealer_change_deals_the_hand_as_the_rotation_now_says(
    alice_client: Client, make_game
) -> None:
    game = itemized_game(make_game)  # Ann dealt first: Bob dealt hand 2
    alice_client.post(game_url("hand_delete", game, 2))
    alice_client.post(game_url("first_dealer", game), {"first_dealer": "Cy"})

    response = alice_client.post(game_url("hand_restore", game))

    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=2).dealer == "Di"
    assert Hand.objects.get(game=game, number=1).dealer == "Cy"
