"""Failed logins are limited per account (5 in 15 minutes) and per address (20)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import accounts
from games.models import LoginAttempt
from tests.conftest import PASSWORD

URL = reverse("login")
TOO_MANY = "Too many failed logins. Wait 15 minutes and try again."


def fail(client: Client, username: str = "alice", times: int = 1, **extra: Any) -> None:
    for _ in range(times):
        response = client.post(URL, {"username": username, "password": "wrong"}, **extra)
        assert response.status_code == 200, response.status_code


def test_five_wrong_passwords_lock_the_account_out(client: Client, alice: User) -> None:
    fail(client, times=5)

    response = client.post(URL, {"username": "alice", "password": PASSWORD})

    assert response.status_code == 429
    page = response.content.decode()
    assert TOO_MANY in page
    assert 'value="alice"' in page  # what was typed stays
    assert "_auth_user_id" not in client.session


def test_four_wrong_passwords_still_let_the_right_one_in(client: Client, alice: User) -> None:
    fail(client, times=4)

    response = client.post(URL, {"username": "alice", "password": PASSWORD})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_a_good_login_clears_the_accounts_failures(client: Client, alice: User) -> None:
    fail(client, times=4)
    assert client.post(URL, {"username": "alice", "password": PASSWORD}).status_code == 302
    client.logout()

    fail(client, times=4)

    assert client.post(URL, {"username": "alice", "password": PASSWORD}).status_code == 302


def test_the_account_limit_ignores_letter_case(client: Client, alice: User) -> None:
    fail(client, "ALICE", times=3)
    fail(client, "Alice", times=2)

    assert client.post(URL, {"username": "alice", "password": PASSWORD}).status_code == 429


def test_the_lock_is_per_account_from_another_address(client: Client, alice: User) -> None:
    """The account is locked whatever address the next try comes from."""
    fail(client, times=5, REMOTE_ADDR="10.0.0.1")

    other = Client(REMOTE_ADDR="10.0.0.2")
    response = other.post(URL, {"username": "alice", "password": PASSWORD})

    assert response.status_code == 429


def test_other_accounts_are_not_locked_by_one_accounts_failures(
    client: Client, alice: User, django_user_model: type[User]
) -> None:
    django_user_model.objects.create_user(username="bob", password=PASSWORD)
    fail(client, "alice", times=5)

    assert client.post(URL, {"username": "bob", "password": PASSWORD}).status_code == 302


def test_twenty_failures_from_one_address_lock_that_address(client: Client, alice: User) -> None:
    for index in range(20):
        fail(client, f"guess{index}", REMOTE_ADDR="10.0.0.9")

    blocked = client.post(URL, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9")
    elsewhere = Client().post(
        URL, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.10"
    )

    assert blocked.status_code == 429
    assert TOO_MANY in blocked.content.decode()
    assert elsewhere.status_code == 302


def test_a_blocked_attempt_does_not_check_the_password(client: Client, alice: User) -> None:
    fail(client, times=5)
    before = LoginAttempt.objects.count()

    client.post(URL, {"username": "alice", "password": "another guess"})

    assert LoginAttempt.objects.count() == before  # nothing learned, nothing counted


def test_failures_age_out_after_fifteen_minutes(client: Client, alice: User) -> None:
    fail(client, times=5)
    LoginAttempt.objects.update(when=timezone.now() - timedelta(minutes=16))

    assert client.post(URL, {"username": "alice", "password": PASSWORD}).status_code == 302


def test_old_failures_are_deleted_as_new_ones_come(client: Client, alice: User) -> None:
    fail(client, times=3)
    LoginAttempt.objects.update(when=timezone.now() - timedelta(hours=1))

    fail(client, times=1)

    assert LoginAttempt.objects.count() == 1


def test_an_empty_form_is_not_a_guess(client: Client, alice: User) -> None:
    for _ in range(10):
        client.post(URL, {"username": "alice", "password": ""})

    assert not LoginAttempt.objects.exists()
    assert client.post(URL, {"username": "alice", "password": PASSWORD}).status_code == 302


def test_the_login_page_itself_is_never_blocked(client: Client, alice: User) -> None:
    fail(client, times=5)

    assert client.get(URL).status_code == 200


def test_the_next_page_is_kept_on_the_blocked_page(client: Client, alice: User) -> None:
    fail(client, times=5)

    response = client.post(URL, {"username": "alice", "password": PASSWORD, "next": "/games/new/"})

    assert response.status_code == 429
    assert 'name="next" value="/games/new/"' in response.content.decode()


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "203.0.113.5", "127.0.0.1"),  # no proxy trusted: the header is ignored
        (1, "203.0.113.5", "203.0.113.5"),
        (1, "6.6.6.6, 203.0.113.5", "203.0.113.5"),  # the client's own entry is not trusted
        (2, "6.6.6.6, 203.0.113.5, 10.0.0.1", "203.0.113.5"),
        (1, "not-an-address", "0.0.0.0"),
        (1, "", "127.0.0.1"),
    ],
)
def test_the_client_address_behind_proxies(
    rf, settings, proxies: int, forwarded: str, expected: str
) -> None:
    settings.PROXY_COUNT = proxies
    request = rf.post(URL, REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)

    assert accounts.client_address(request) == expected
