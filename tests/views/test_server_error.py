"""The 500 page: in the app's style, and drawn without the database or context processors."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.urls import get_resolver

from games.models import Game
from tests.views.helpers import game_url


def broken_context_processor(request: Any) -> dict[str, Any]:
    raise RuntimeError("a context processor that fails")


@pytest.fixture
def failing_scoreboard(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("something broke while scoring")

    monkeypatch.setattr("games.views.Board", explode)


@pytest.mark.usefixtures("failing_scoreboard")
def test_an_error_shows_the_apps_own_page(alice, game: Game) -> None:
    client = Client(raise_request_exception=False)
    client.force_login(alice)

    response = client.get(game_url("game", game))

    assert response.status_code == 500
    page = response.content.decode()
    assert "Something went wrong on our side" in page
    assert "Everything saved before it is safe" in page
    assert 'class="topbar"' in page and "css/app" in page


def test_the_500_page_needs_no_database_and_no_context_processor(
    settings: Any, django_assert_num_queries: Any
) -> None:
    settings.TEMPLATES = [
        {
            **settings.TEMPLATES[0],
            "OPTIONS": {
                **settings.TEMPLATES[0]["OPTIONS"],
                "context_processors": [f"{__name__}.broken_context_processor"],
            },
        }
    ]
    request = RequestFactory().get("/games/1/")
    handler = get_resolver().resolve_error_handler(500)

    with django_assert_num_queries(0):
        response = handler(request)

    assert response.status_code == 500
    assert "Something went wrong on our side" in response.content.decode()
