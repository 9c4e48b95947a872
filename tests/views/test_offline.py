"""The installable app's server side: the service worker, the manifest, the offline page, the
pages the worker may keep, and the outbox's saves (a browser test plays it offline:
tests/browser/test_offline.py)."""

import json
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games import offline
from games.models import Game, Hand
from tests.views.helpers import game_url, hand_data, html, totals

SAVED = [{"total": 450}, {"total": -120}]


def test_the_service_worker_is_served_from_the_root_and_never_from_a_stale_cache(
    client: Client,
) -> None:
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    worker = response.content.decode()
    assert f'const VERSION = "{offline.static_version()}";' in worker
    for name in offline.PRECACHED_STATIC:
        assert json.dumps(f"{settings.STATIC_URL}{name}") in worker
    assert '"/offline/"' in worker
    assert 'importScripts("/static/js/outbox.js");' in worker


def test_the_worker_knows_where_hands_are_saved_and_where_the_scoreboard_is(
    client: Client,
) -> None:
    worker = client.get("/sw.js").content.decode()

    assert r'["^/games/(\\d+)/hands/new/$", "^/games/(\\d+)/hands/\\d+/$"]' in worker
    assert 'const GAME_URL = "/games/{game}/";' in worker
    assert 'const LOGOUT_URL = "/accounts/logout/";' in worker


def test_a_changed_static_file_changes_the_workers_version(settings, tmp_path: Path) -> None:
    before = offline.static_version()
    static = tmp_path / "static"
    (static / "css").mkdir(parents=True)
    (static / "css" / "app.css").write_text("/* a new deploy */")
    settings.STATICFILES_DIRS = [static, *settings.STATICFILES_DIRS]

    assert finders.find("css/app.css") == str(static / "css" / "app.css")
    assert offline.static_version() != before


def test_the_policy_lets_only_our_own_worker_and_manifest_in(client: Client) -> None:
    policy = client.get("/").headers["Content-Security-Policy"]

    assert "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy


def png_size(path: str) -> tuple[int, int]:
    with open(path, "rb") as image:
        header = image.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_the_manifest_makes_the_app_installable(client: Client) -> None:
    response = client.get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["short_name"] == "Scorekeeper"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert manifest["theme_color"] == offline.THEME_COLOR
    sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
    assert sizes["any"]["type"] == "image/svg+xml"
    for size in (192, 512):
        icon = sizes[f"{size}x{size}"]
        path = finders.find(icon["src"].removeprefix(settings.STATIC_URL))
        assert isinstance(path, str)
        assert png_size(path) == (size, size)


@pytest.mark.parametrize("view", ["game", "hand_new", "share"])
def test_every_page_links_the_manifest_and_the_theme_for_light_and_dark(
    alice_client: Client, game: Game, view: str
) -> None:
    page = html(alice_client.get(game_url(view, game)))

    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'name="theme-color" content="#14532d" media="(prefers-color-scheme: light)"' in page
    assert 'name="theme-color" content="#121412" media="(prefers-color-scheme: dark)"' in page
    assert 'data-service-worker="/sw.js"' in page


def test_the_offline_page_shows_nothing_of_whoever_was_logged_in(alice_client: Client) -> None:
    page = html(alice_client.get(reverse("offline")))

    assert "This phone is offline" in page
    assert "Log out" not in page
    assert "alice" not in page
    assert "csrfmiddlewaretoken" not in page


def test_the_pages_a_phone_may_keep_say_so_and_name_their_account(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    for client in (alice_client, bob_client):
        for url in (reverse("home"), game_url("game", game), game_url("hand_new", game)):
            assert client.get(url)["X-Offline"] == "keep", url

    alice_tag = alice_client.get(reverse("home"))["X-Account"]
    bob_tag = bob_client.get(reverse("home"))["X-Account"]
    assert alice_tag and bob_tag and alice_tag != bob_tag
    assert str(game.owner_id) not in alice_tag
    assert f'data-account="{alice_tag}"' in html(alice_client.get(game_url("game", game)))


def test_pages_that_are_not_kept_and_visitors_pages_say_no_account(
    client: Client, alice_client: Client, game: Game
) -> None:
    assert client.get(reverse("home"))["X-Account"] == ""
    assert "X-Offline" not in alice_client.get(reverse("players"))
    assert "X-Offline" not in alice_client.post(game_url("hand_new", game), hand_data(SAVED))


def test_the_live_view_may_be_kept_by_a_viewers_phone(client: Client, game: Game) -> None:
    response = client.get(reverse("live", args=[game.share_token]))

    assert response["X-Offline"] == "keep"
    assert response["X-Account"] == ""


def test_a_hand_sent_from_the_outbox_is_answered_without_a_page(
    alice_client: Client, game: Game
) -> None:
    response = alice_client.post(
        game_url("hand_new", game), hand_data(SAVED, number=1), headers={"X-Outbox": "1"}
    )

    assert response.status_code == 204
    assert totals(game) == {"Ann & Cy": 450, "Bob & Di": -120}


def test_the_same_hand_sent_again_from_the_outbox_is_recorded_once(
    alice_client: Client, game: Game
) -> None:
    for _ in range(2):
        response = alice_client.post(
            game_url("hand_new", game), hand_data(SAVED, number=1), headers={"X-Outbox": "1"}
        )
        assert response.status_code == 204

    assert Hand.objects.filter(game=game).count() == 1


def test_a_hand_from_the_outbox_that_another_scorekeeper_beat_is_refused_with_the_form(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    bob_client.post(game_url("hand_new", game), hand_data([{"total": 10}, {"total": 20}]))

    response = alice_client.post(
        game_url("hand_new", game), hand_data(SAVED, number=1), headers={"X-Outbox": "1"}
    )

    assert response.status_code == 422
    page = html(response)
    assert "just saved by another scorekeeper" in page
    assert 'value="450"' in page
    assert totals(game) == {"Ann & Cy": 10, "Bob & Di": 20}


def test_under_hashed_static_names_the_worker_precaches_the_hashed_files(
    client: Client, settings, tmp_path: Path
) -> None:
    settings.STATIC_ROOT = tmp_path / "collected"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)

    response = client.get("/sw.js")

    assert response.status_code == 200
    worker = response.content.decode()
    assert "/static/css/app.css" not in worker
    precached = re.findall(r'"/static/css/app\.([0-9a-f]{12})\.css"', worker)
    assert len(precached) == 1
    assert (settings.STATIC_ROOT / "css" / f"app.{precached[0]}.css").exists()
