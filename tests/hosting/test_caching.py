"""What shared caches may keep: nothing of a private game; public pages answer HEAD too."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.conftest import GameFactory

PUBLIC = [
    ("home", []),
    ("login", []),
    ("signup", []),
    ("rules_index", []),
    ("rules_page", ["miromar-canasta"]),
    ("rule_sheet_pdf", ["miromar-canasta"]),
    ("score_pad_pdf", ["miromar-canasta"]),
]

#: Every page of a game that only its scorekeepers may see.
PRIVATE = [
    "game",
    "hand_new",
    "export_game",
    "score_sheet",
    "share",
    "share_qr",
]


@pytest.mark.parametrize(("name", "args"), PUBLIC)
def test_a_public_page_answers_head_like_get(client: Client, name: str, args: list[str]) -> None:
    got = client.get(reverse(name, args=args))
    head = client.head(reverse(name, args=args))

    assert head.status_code == got.status_code == 200
    assert head["Content-Type"] == got["Content-Type"]
    assert head.content == b""


def test_the_live_view_answers_head_like_get(client: Client, make_game: GameFactory) -> None:
    game = make_game()
    url = reverse("live", args=[game.share_token])

    got = client.get(url)
    head = client.head(url)

    assert head.status_code == got.status_code == 200
    assert head["ETag"] == got["ETag"]
    assert head.content == b""
    assert client.head(url, headers={"If-None-Match": got["ETag"]}).status_code == 304


@pytest.mark.parametrize("name", PRIVATE)
def test_a_private_games_pages_are_private_to_the_browser(
    alice_client: Client, make_game: GameFactory, name: str
) -> None:
    game = make_game()

    response = alice_client.get(reverse(name, args=[game.pk]))

    assert response.status_code == 200
    assert "private" in response["Cache-Control"]
    assert "public" not in response["Cache-Control"]


def test_the_home_page_of_a_logged_in_player_is_private(alice_client: Client, alice: User) -> None:
    response = alice_client.get(reverse("home"))

    assert "private" in response["Cache-Control"]


def test_public_pages_seen_anonymously_keep_their_own_caching(client: Client) -> None:
    response = client.get(reverse("rule_sheet_pdf", args=["miromar-canasta"]))

    assert "private" not in response.get("Cache-Control", "")


@pytest.mark.parametrize("name", PRIVATE)
def test_a_private_games_pages_are_never_stored_by_the_browser(
    alice_client: Client, make_game: GameFactory, name: str
) -> None:
    """Not in its cache nor its Back history after a log-out (the service worker keeps its own
    copies in its own store, which no-store does not touch)."""
    game = make_game()

    response = alice_client.get(reverse(name, args=[game.pk]))

    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    assert "private" in response["Cache-Control"]


def test_the_home_page_of_a_logged_in_player_is_never_stored(
    alice_client: Client, alice: User
) -> None:
    response = alice_client.get(reverse("home"))

    assert "no-store" in response["Cache-Control"]
    assert response["X-Offline"] == "keep"  # the worker still keeps its own copy


def test_public_pages_seen_anonymously_may_be_stored(client: Client) -> None:
    for name, args in PUBLIC:
        if name in {"login", "signup"}:
            continue  # never cached at all (Django's never_cache: a form with a CSRF token)
        assert "no-store" not in client.get(reverse(name, args=args)).get("Cache-Control", "")
