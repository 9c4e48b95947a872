"""The 404 page: in the app's style, saying what happened (a stopped link, a game not shared)."""

from __future__ import annotations

from html import unescape

from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.views.helpers import HTMX, game_url, html


def page_text(response) -> str:
    return unescape(html(response))


def test_an_unknown_address_gets_the_apps_own_404_page(client: Client) -> None:
    response = client.get("/no/such/page/")

    assert response.status_code == 404
    page = page_text(response)
    assert 'class="topbar"' in page and "css/app" in page
    assert "Nothing here" in page
    assert "Not Found" not in page


def test_a_removed_co_scorekeeper_is_told_what_happened(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    alice_client.post(
        reverse("co_scorekeepers", args=[game.pk]), {"username": "bob", "action": "remove"}
    )

    response = bob_client.get(game_url("game", game))

    assert response.status_code == 404
    page = page_text(response)
    assert "This game isn't open to you" in page
    assert "its owner no longer shares it with you" in page
    assert reverse("home") in page


def test_a_stranger_sees_the_same_page_so_nothing_leaks(charlie_client: Client, game: Game) -> None:
    response = charlie_client.get(game_url("game", game))

    assert response.status_code == 404
    assert "This game isn't open to you" in page_text(response)
    assert "Ann" not in page_text(response)


def test_a_stopped_share_link_says_it_was_stopped(
    alice_client: Client, client: Client, game: Game
) -> None:
    old = reverse("live", args=[game.share_token])
    alice_client.post(reverse("renew_share_link", args=[game.pk]))

    response = client.get(old)

    assert response.status_code == 404
    page = page_text(response)
    assert "This live score link has stopped" in page
    assert "Ask them for the new link" in page
    assert 'class="topbar"' in page


def test_a_poll_of_a_stopped_link_gets_just_the_explanation_to_swap_in(
    alice_client: Client, client: Client, game: Game
) -> None:
    old = reverse("live", args=[game.share_token])
    alice_client.post(reverse("renew_share_link", args=[game.pk]))

    response = client.get(old + "?poll", headers=HTMX)

    assert response.status_code == 404
    page = page_text(response)
    assert "<html" not in page
    assert "This live score link has stopped" in page
    assert "hx-trigger" not in page  # the polling stops with it
