"""The live view behind a share link: read-only, follows the game, 304 while nothing changed."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games.models import Game, Player

from .helpers import HTMX, bare, html


def live_url(game: Game) -> str:
    return reverse("live", args=[game.share_token])


def test_anyone_with_the_link_sees_the_totals_without_logging_in(client: Client, make_game):
    game = make_game(hands=[{"Ann & Cy": {"total": 420}, "Bob & Di": {"total": -130}}])

    response = client.get(live_url(game))

    assert response.status_code == 200
    page = html(response)
    assert 'data-testid="total-0">420<' in page
    assert 'data-testid="total-1">−130<' in page
    assert 'data-testid="minimum-0">125<' in page


def test_the_live_view_offers_no_way_to_change_the_game(client: Client, game: Game):
    page = html(client.get(live_url(game)))

    assert "Enter hand" not in page
    assert "Failed opening" not in page
    assert 'method="post"' not in page.split('id="live"')[1]


def test_a_wrong_token_is_a_404(client: Client, game: Game):
    assert client.get(reverse("live", args=["not-the-token-of-any-game"])).status_code == 404


@pytest.mark.parametrize(
    "token",
    ["ab%00cd", "{token}%00", "caf%C3%A9-not-the-token-at-all", "ab", "x" * 65],
    ids=["a NUL", "the link's token and a NUL", "a letter no token has", "too short", "too long"],
)
def test_a_token_no_share_link_could_have_is_a_404(client: Client, game: Game, token: str):
    """Nothing but a share link's own alphabet reaches the database (PostgreSQL refuses a NUL
    even in a query: that was a 500)."""
    path = "/live/" + token.replace("{token}", game.share_token) + "/"

    assert client.get(path).status_code == 404


def test_an_unchanged_game_answers_304_to_its_etag(client: Client, game: Game):
    first = client.get(live_url(game) + "?poll", headers=HTMX)

    again = client.get(live_url(game) + "?poll", headers=HTMX, HTTP_IF_NONE_MATCH=first["ETag"])

    assert first.status_code == 200
    assert again.status_code == 304
    assert again.content == b""


def test_a_saved_hand_changes_the_etag_so_viewers_get_the_new_score(client: Client, game: Game):
    before = client.get(live_url(game) + "?poll", headers=HTMX)
    game.record_hand(1, bare(game, 300, 50), None)

    after = client.get(live_url(game) + "?poll", headers=HTMX, HTTP_IF_NONE_MATCH=before["ETag"])

    assert after.status_code == 200
    assert 'data-testid="total-0">300<' in html(after)


def test_the_poll_gets_only_the_scoreboard_partial(client: Client, game: Game):
    partial = client.get(live_url(game) + "?poll", headers=HTMX)

    assert "<html" not in html(partial)
    assert 'id="live"' in html(partial)
    assert "HX-Request" in partial["Vary"]


def test_the_live_view_refuses_post(client: Client, game: Game):
    assert client.post(live_url(game)).status_code == 405


def test_a_renewed_link_stops_the_old_one(client: Client, alice_client: Client, game: Game):
    old = live_url(game)

    alice_client.post(reverse("renew_share_link", args=[game.pk]))

    assert client.get(old).status_code == 404
    game.refresh_from_db()
    assert client.get(live_url(game)).status_code == 200


def test_the_live_note_carries_the_words_for_a_lost_connection(client: Client, game: Game):
    page = html(client.get(live_url(game)))

    assert 'id="live-status"' in page
    assert 'data-lost="Last updated {time} — reconnecting…"' in page
    assert "follows the scorekeeper by itself" in page


def test_a_deleted_games_link_stops(client: Client, game: Game):
    game.delete_for_a_while()

    response = client.get(live_url(game))

    assert response.status_code == 404
    assert "This live score link has stopped" in html(response)


def test_an_unchanged_poll_costs_one_indexed_lookup_and_no_session(
    client: Client, game: Game, django_assert_num_queries
):
    """The 304 path, asked by every phone every 2 seconds: the version, nothing else."""
    etag = client.get(live_url(game) + "?poll", headers=HTMX)["ETag"]

    with django_assert_num_queries(1) as captured:
        again = client.get(live_url(game) + "?poll", headers=HTMX, HTTP_IF_NONE_MATCH=etag)

    assert again.status_code == 304
    sql = captured.captured_queries[0]["sql"]
    assert "share_token" in sql and "ORDER BY" not in sql and "JOIN" not in sql
    assert "Cookie" not in again.get("Vary", "")


def test_a_phone_following_a_game_shows_a_rename_at_its_next_poll(client: Client, game: Game):
    """A rename writes no game (names are read through the roster), yet the live view's ETag
    changes with it, so the next poll brings the new name rather than a 304."""
    etag = client.get(live_url(game) + "?poll", headers=HTMX)["ETag"]
    version = Game.objects.get(pk=game.pk).version

    Player.objects.get(name="Ann").rename("Annie")
    again = client.get(live_url(game) + "?poll", headers=HTMX, HTTP_IF_NONE_MATCH=etag)

    assert again.status_code == 200
    assert again["ETag"] != etag
    assert "Annie &amp; Cy" in html(again)
    assert Game.objects.get(pk=game.pk).version == version
    unchanged = client.get(live_url(game) + "?poll", headers=HTMX, HTTP_IF_NONE_MATCH=again["ETag"])
    assert unchanged.status_code == 304


def test_a_poll_by_a_logged_in_scorekeeper_is_still_one_lookup(
    alice_client: Client, game: Game, django_assert_num_queries
):
    etag = alice_client.get(live_url(game) + "?poll", headers=HTMX)["ETag"]

    with django_assert_num_queries(1):
        again = alice_client.get(live_url(game) + "?poll", headers=HTMX, HTTP_IF_NONE_MATCH=etag)

    assert again.status_code == 304


def test_a_phone_that_changes_language_gets_the_page_again_in_its_language(
    client: Client, game: Game
):
    english = client.get(live_url(game) + "?poll", headers=HTMX)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    again = client.get(live_url(game) + "?poll", headers=HTMX, HTTP_IF_NONE_MATCH=english["ETag"])
    assert again.status_code == 200
    assert again["ETag"] != english["ETag"]
