import re
from pathlib import Path

from django.conf import settings
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.rules import worded


def test_the_scoreboard_serves_htmx_from_our_own_static_files(
    alice_client: Client, game: Game
) -> None:
    response = alice_client.get(reverse("game", args=[game.pk]))

    assert response.status_code == 200
    html = response.content.decode()
    assert (
        '<link rel="preload" href="/static/js/htmx.min.js" as="script" fetchpriority="low" '
        "data-htmx>"
    ) in html
    # Every file the page asks for is ours: a path on this site, never another host. ("cdn"
    # anywhere in the page was the check before: a random CSRF token spelled it once in CI.)
    fetched = re.findall(r'<(?:script[^>]+src|link[^>]+href)="([^"]+)"', html)
    assert fetched
    assert all(url.startswith("/") and not url.startswith("//") for url in fetched), fetched


HTMX_PRELOAD = re.compile(r'<link rel="preload" href="[^"]*/htmx\.min\.js"[^>]* data-htmx>')


def test_pages_that_use_htmx_preload_it_and_leave_its_start_to_app_js(
    alice_client: Client, game: Game
) -> None:
    # A script tag would start htmx at DOMContentLoaded, in the same task as the browser's own
    # work on the hand form, over 50 ms at 4x (README, Budgets). The browser test
    # test_htmx_starts_after_the_page_has_loaded checks when app.js starts it.
    for url in (reverse("game", args=[game.pk]), reverse("hand_new", args=[game.pk])):
        html = alice_client.get(url).content.decode()

        assert HTMX_PRELOAD.search(html), url
        assert not re.search(r"<script[^>]*htmx", html), url


def test_htmx_is_compiled_off_the_main_thread_as_it_streams_in() -> None:
    # V8's compile hint must be the file's first line (static/js/README.md: why, and upgrades).
    vendored = Path(settings.BASE_DIR, "static", "js", "htmx.min.js").read_text()

    assert vendored.startswith("//# allFunctionsCalledOnLoad\n")
    assert 'version:"2.0.11"' in vendored


def test_the_home_page_loads_no_htmx_it_does_not_use(alice_client: Client, game: Game) -> None:
    html = alice_client.get(reverse("home")).content.decode()

    assert worded.name(game.rules) in html
    assert "hx-get" not in html and "hx-post" not in html
    assert "htmx.min.js" not in html


def test_home_page_is_laid_out_for_phones(client: Client) -> None:
    response = client.get(reverse("home"))

    # interactive-widget: on Android Chrome the keyboard resizes the page, so the sticky save
    # bar sits above the keyboard instead of behind it.
    assert (
        '<meta name="viewport" content="width=device-width, initial-scale=1, '
        'interactive-widget=resizes-content">'
    ) in response.content.decode()


#: An attribute that makes htmx send a request: a page holding one needs htmx loaded.
HTMX_REQUEST = re.compile(r"\bhx-(get|post|put|patch|delete)=")
LOADS_HTMX = '{% block htmx %}{% include "includes/htmx.html" %}{% endblock %}'


def test_every_page_that_asks_through_htmx_loads_htmx() -> None:
    templates = Path(settings.BASE_DIR) / "templates"
    asking = sorted(
        path.relative_to(templates).as_posix()
        for path in templates.rglob("*.html")
        if HTMX_REQUEST.search(path.read_text())
    )

    assert asking == ["games/game.html", "games/hand_form.html", "games/live.html"]
    for name in asking:
        assert LOADS_HTMX in (templates / name).read_text(), name
