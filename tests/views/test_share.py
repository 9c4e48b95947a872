"""The share page: the link, its QR code, renewing it, and co-scorekeepers."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Game

from .helpers import html, is_login_redirect


def share_url(game: Game) -> str:
    return reverse("share", args=[game.pk])


def test_the_owner_sees_the_link_and_its_qr_code(alice_client: Client, game: Game):
    response = alice_client.get(share_url(game))

    assert response.status_code == 200
    assert game.share_token in html(response)
    assert reverse("share_qr", args=[game.pk]) in html(response)


def test_the_qr_code_is_an_svg(alice_client: Client, game: Game):
    response = alice_client.get(reverse("share_qr", args=[game.pk]))

    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")
    assert b"xmlns=" in response.content


def test_a_co_scorekeeper_sees_the_link_but_not_the_owners_controls(bob_client: Client, game: Game):
    page = html(bob_client.get(share_url(game)))

    assert game.share_token in page
    assert "Add co-scorekeeper" not in page
    assert "make a new one" not in page


def test_someone_elses_share_page_and_qr_code_are_404s(charlie_client: Client, game: Game):
    assert charlie_client.get(share_url(game)).status_code == 404
    assert charlie_client.get(reverse("share_qr", args=[game.pk])).status_code == 404


def test_anonymous_is_sent_to_log_in(client: Client, game: Game):
    assert is_login_redirect(client.get(share_url(game)))


def test_the_share_page_refuses_post(alice_client: Client, game: Game):
    assert alice_client.post(share_url(game)).status_code == 405


def test_only_the_owner_can_renew_the_link(bob_client: Client, game: Game):
    token = game.share_token

    response = bob_client.post(reverse("renew_share_link", args=[game.pk]))

    assert response.status_code == 404
    game.refresh_from_db()
    assert game.share_token == token


def test_the_owner_adds_and_removes_a_co_scorekeeper(
    alice_client: Client, charlie: User, charlie_client: Client, game: Game
):
    url = reverse("co_scorekeepers", args=[game.pk])

    alice_client.post(url, {"username": "charlie", "action": "add"})
    assert charlie_client.get(reverse("game", args=[game.pk])).status_code == 200

    alice_client.post(url, {"username": "charlie", "action": "remove"})
    assert charlie_client.get(reverse("game", args=[game.pk])).status_code == 404


def test_adding_an_unknown_account_says_so(alice_client: Client, game: Game):
    url = reverse("co_scorekeepers", args=[game.pk])

    response = alice_client.post(url, {"username": "nobody", "action": "add"}, follow=True)

    assert "There is no other account called" in html(response)
    assert game.co_scorekeepers.count() == 1  # bob, from the fixture


@pytest.mark.parametrize("username", ["char\x00lie", "\x00", "c" * 151])
def test_a_name_no_account_can_have_gets_the_usual_message(
    alice_client: Client, charlie: User, game: Game, username: str
):
    url = reverse("co_scorekeepers", args=[game.pk])

    response = alice_client.post(url, {"username": username, "action": "add"}, follow=True)

    assert response.status_code == 200
    page = html(response)
    assert "There is no other account called" in page and "\x00" not in page
    assert list(game.co_scorekeepers.values_list("username", flat=True)) == ["bob"]


def test_a_co_scorekeeper_cannot_add_others(bob_client: Client, charlie: User, game: Game):
    url = reverse("co_scorekeepers", args=[game.pk])

    response = bob_client.post(url, {"username": "charlie", "action": "add"})

    assert response.status_code == 404
    assert not game.co_scorekeepers.filter(username="charlie").exists()
