"""A view that answers an htmx request with a partial and any other request with the whole page
sends `Vary: HX-Request` with both, so no cache (the browser's, the service worker's) serves the
partial as the page or the page in place of the partial.

The views are listed by hand below; a second test finds every function in the view modules that
reads the HX-Request header (request.htmx), so a new one that is not listed fails here. (The hand
preview answers every request with its partial, the same for all: it need not vary.)
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

import games
from games.models import Game
from tests.views.helpers import game_url, html

Ask = Callable[[Client, Client, Game, dict[str, str]], Any]

#: Each view that differs for htmx, and a request to it: (anonymous, alice's client, her game,
#: headers) -> response.
VIEWS: dict[str, Ask] = {
    "not_found": lambda anon, alice, game, headers: anon.get("/no-such-page/", headers=headers),
    "game_page": lambda anon, alice, game, headers: alice.get(
        game_url("game", game), headers=headers
    ),
    "table_action": lambda anon, alice, game, headers: alice.post(
        game_url("table_action", game), {"action": "fail", "side": "0"}, headers=headers
    ),
    "live": lambda anon, alice, game, headers: anon.get(
        reverse("live", args=[game.share_token]), headers=headers
    ),
}

VIEW_MODULES = ("views.py", "player_views.py", "offline.py", "accounts.py", "imports.py")


def varies_on(response: Any) -> set[str]:
    return {name.strip().lower() for name in response.get("Vary", "").split(",")}


@pytest.mark.parametrize("view", VIEWS)
def test_a_view_that_answers_htmx_with_a_partial_varies_on_hx_request(
    view: str, client: Client, alice_client: Client, game: Game
) -> None:
    ask = VIEWS[view]

    partial = ask(client, alice_client, game, {"HX-Request": "true"})
    page = ask(client, alice_client, game, {})

    assert "<html" not in html(partial)
    assert "hx-request" in varies_on(partial)
    assert "hx-request" in varies_on(page)


def reads_hx_request(function: ast.FunctionDef, source: str) -> bool:
    text = ast.get_source_segment(source, function) or ""
    return "request.htmx" in text or "HX-Request" in text


def test_every_view_that_reads_hx_request_is_checked_above() -> None:
    folder = Path(games.__file__).parent
    readers = set()
    for module in VIEW_MODULES:
        source = (folder / module).read_text()
        readers |= {
            node.name
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.FunctionDef) and reads_hx_request(node, source)
        }

    assert readers == set(VIEWS)
