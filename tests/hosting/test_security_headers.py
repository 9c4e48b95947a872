"""Every page carries a strict Content-Security-Policy: our own origin only, nothing inline."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.conftest import GameFactory

EXPECTED = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
}


def directives(header: str) -> dict[str, list[str]]:
    policy = {}
    for part in header.split(";"):
        name, *values = part.split()
        policy[name] = values
    return policy


def assert_strict_policy(response) -> None:
    assert "Content-Security-Policy" in response, "no Content-Security-Policy header"
    header = response["Content-Security-Policy"]
    assert directives(header) == EXPECTED
    assert "unsafe-inline" not in header
    assert "unsafe-eval" not in header


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("home", []),
        ("login", []),
        ("signup", []),
        ("rules_index", []),
        ("rules_page", ["miromar-canasta"]),
    ],
)
def test_public_pages_carry_the_policy(client: Client, name: str, args: list[str]) -> None:
    response = client.get(reverse(name, args=args))

    assert response.status_code == 200
    assert_strict_policy(response)


@pytest.mark.parametrize("name", ["home", "new_game", "import_game"])
def test_signed_in_pages_carry_the_policy(alice_client: Client, name: str) -> None:
    response = alice_client.get(reverse(name))

    assert response.status_code == 200
    assert_strict_policy(response)


def test_the_scoreboard_and_the_hand_form_carry_the_policy(
    alice_client: Client, make_game: GameFactory
) -> None:
    game: Game = make_game()

    for url in (reverse("game", args=[game.pk]), reverse("hand_new", args=[game.pk])):
        response = alice_client.get(url)
        assert response.status_code == 200, url
        assert_strict_policy(response)


def test_htmx_is_told_not_to_inject_its_inline_style(client: Client) -> None:
    page = client.get(reverse("home")).content.decode()

    assert """<meta name="htmx-config" content='{"includeIndicatorStyles": false}'>""" in page


def test_pages_have_no_inline_scripts_or_styles(
    alice_client: Client, make_game: GameFactory
) -> None:
    """What the policy would block: inline <script>/<style>, style="" and on...="" attributes."""
    import re

    game = make_game()
    for url in (
        reverse("home"),
        reverse("new_game"),
        reverse("import_game"),
        reverse("game", args=[game.pk]),
        reverse("hand_new", args=[game.pk]),
    ):
        page = alice_client.get(url).content.decode()
        # A JSON data block (the hand form's table of likely taps) is never run: the policy
        # leaves it alone.
        scripts = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page)
        assert all('type="application/json"' in tag for tag in scripts), url
        assert "<style" not in page, url
        assert not re.search(r"\sstyle\s*=", page), url
        assert not re.search(r"\son[a-z]+\s*=", page), url
        assert "hx-on" not in page, url


def test_pdfs_carry_no_page_policy(client: Client) -> None:
    """The policy is for HTML; Chrome's PDF viewer can break under object-src 'none'."""
    response = client.get(reverse("rule_sheet_pdf", args=["miromar-canasta"]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "Content-Security-Policy" not in response


def test_frames_are_refused_the_old_way_too(client: Client) -> None:
    assert client.get(reverse("home"))["X-Frame-Options"] == "DENY"
