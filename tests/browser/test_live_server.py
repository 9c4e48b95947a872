"""The browser tests' own server: a page that fires requests at once (htmx previews racing a
save) must never see the test database refuse them. The in-memory SQLite test database is one
connection shared by every server thread, so requests have to reach Django one at a time."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_forty_simultaneous_requests_all_answer(page, live_server, make_game, alice) -> None:
    game = make_game(hands=[{"Ann & Cy": {"total": 120}, "Bob & Di": {"total": -35}}] * 6)
    page.context.add_cookies(
        [{"name": "sessionid", "value": session_for(alice), "url": live_server.url}]
    )
    page.goto(f"/games/{game.pk}/")
    # Reads of the scoreboard racing writes to the hand in progress, as taps and polls do.
    statuses = page.evaluate(
        """async (game) => {
            const token = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
            const tap = () => fetch(`/games/${game}/table/`, {
                method: "POST",
                headers: {"X-CSRFToken": token, "HX-Request": "true"},
                body: new URLSearchParams({action: "fail", side: "0"}),
            });
            const read = () => fetch(`/games/${game}/`, {cache: "no-store"});
            const answers = await Promise.all(
                Array.from({length: 40}, (_, i) => (i % 2 ? tap() : read())));
            return answers.map((answer) => answer.status);
        }""",
        game.pk,
    )
    assert statuses == [200] * 40
    game.refresh_from_db()
    assert game.hand_in_progress["failed"]["0"] == 20


def session_for(user) -> str:
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return store.session_key
