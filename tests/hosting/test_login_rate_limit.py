"""Failed logins are limited per account and address together (5 in 15 minutes: a stranger
elsewhere can't lock a player out) and per address (150: a club's Wi-Fi with 30 phones is never
locked), on the app's login page and the admin's alike (django-axes, set up by
games/accounts.py)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import accounts
from tests.conftest import PASSWORD
from tests.reading import parse

URL = reverse("login")
ADMIN_URL = reverse("admin:login")
TOO_MANY = "Too many failed logins. Wait 15 minutes and try again."


def fail(client: Client, username: str = "alice", times: int = 1, **extra: Any) -> None:
    """`times` wrong passwords, each refused as wrong (the one that reaches a limit answers
    429 instead, with the message)."""
    for _ in range(times):
        response = client.post(URL, {"username": username, "password": "wrong"}, **extra)
        assert response.status_code in {200, 429}, response.status_code


def failures() -> int:
    return sum(AccessAttempt.objects.values_list("failures_since_start", flat=True))


def assert_refused(response: Any) -> None:
    """Refused as too many failures: 429, and the login form again with one alert that tells
    the player what happened and what to do."""
    assert response.status_code == 429
    page = parse(response.content.decode())
    assert [alert.text for alert in page.find_all(role="alert")] == [TOO_MANY]
    assert page.find("form").find("button", type="submit").text == "Log in"


#: The address ceiling, lowered in the tests that reach it: 12 failures rather than 150 posts.
CEILING = 12


@pytest.fixture
def ceiling(settings: Any, monkeypatch: pytest.MonkeyPatch) -> int:
    """The address ceiling lowered to CEILING, in both places that hold it as they do in
    production (axes' own limit is the larger of the two, the address's); the real one stays
    above a club of 30 phones mistyping 4 times each, which
    test_a_club_of_thirty_phones_mistyping_on_one_wi_fi_is_not_locked_out plays out whole."""
    assert accounts.FAILURES_PER_ADDRESS >= 30 * 4
    assert settings.AXES_FAILURE_LIMIT == accounts.FAILURES_PER_ADDRESS
    assert accounts.FAILURES_PER_USERNAME < CEILING
    monkeypatch.setattr(accounts, "FAILURES_PER_ADDRESS", CEILING)
    settings.AXES_FAILURE_LIMIT = CEILING
    return CEILING


def test_five_wrong_passwords_lock_the_account_out(client: Client, alice: User) -> None:
    fail(client, times=5)

    response = client.post(URL, {"username": "alice", "password": PASSWORD})

    assert_refused(response)
    username = parse(response.content.decode()).find("input", name="username")
    assert username.attrs["value"] == "alice"  # what was typed stays
    assert "_auth_user_id" not in client.session


def test_the_fifth_wrong_password_already_gets_the_message(client: Client, alice: User) -> None:
    fail(client, times=4)

    response = client.post(URL, {"username": "alice", "password": "wrong"})

    assert_refused(response)


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

    assert_refused(client.post(URL, {"username": "alice", "password": PASSWORD}))


def test_a_strangers_failures_from_elsewhere_never_lock_the_player_out(
    client: Client, alice: User
) -> None:
    """The lock is on the account and the address together: someone guessing alice's password
    from another network locks only themselves."""
    fail(client, times=50, REMOTE_ADDR="10.0.0.1")

    other = Client(REMOTE_ADDR="10.0.0.2")
    response = other.post(URL, {"username": "alice", "password": PASSWORD})
    stranger = client.post(URL, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")

    assert response.status_code == 302
    assert_refused(stranger)


def test_other_accounts_are_not_locked_by_one_accounts_failures(
    client: Client, alice: User, django_user_model: type[User]
) -> None:
    django_user_model.objects.create_user(username="bob", password=PASSWORD)
    fail(client, "alice", times=5)

    assert client.post(URL, {"username": "bob", "password": PASSWORD}).status_code == 302


def test_a_club_of_thirty_phones_mistyping_on_one_wi_fi_is_not_locked_out(
    client: Client, alice: User
) -> None:
    for index in range(30):
        fail(client, f"player{index}", times=4, REMOTE_ADDR="10.0.0.9")

    response = client.post(URL, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9")

    assert response.status_code == 302


def test_the_address_ceiling_locks_that_address(client: Client, alice: User, ceiling: int) -> None:
    for index in range(ceiling):
        fail(client, f"guess{index}", REMOTE_ADDR="10.0.0.9")

    blocked = client.post(URL, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9")
    elsewhere = Client().post(
        URL, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.10"
    )

    assert_refused(blocked)
    assert elsewhere.status_code == 302


def test_a_blocked_attempt_does_not_check_the_password(client: Client, alice: User) -> None:
    fail(client, times=5)
    before = failures()

    response = client.post(URL, {"username": "alice", "password": PASSWORD})

    assert_refused(response)  # even the right password: nothing learned
    assert failures() == before  # and nothing counted: the 15 minutes run from the last guess


def test_failures_age_out_after_fifteen_minutes(client: Client, alice: User) -> None:
    fail(client, times=5)
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))

    assert client.post(URL, {"username": "alice", "password": PASSWORD}).status_code == 302


def test_old_failures_are_deleted_as_new_ones_come(client: Client, alice: User) -> None:
    fail(client, times=3)
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(hours=1))

    fail(client, times=1)

    assert failures() == 1


def test_an_empty_form_is_not_a_guess(client: Client, alice: User) -> None:
    for _ in range(10):
        client.post(URL, {"username": "alice", "password": ""})

    assert not AccessAttempt.objects.exists()
    assert client.post(URL, {"username": "alice", "password": PASSWORD}).status_code == 302


def test_the_login_page_itself_is_never_blocked(client: Client, alice: User) -> None:
    fail(client, times=5)

    assert client.get(URL).status_code == 200


def test_the_next_page_is_kept_on_the_blocked_page(client: Client, alice: User) -> None:
    fail(client, times=5)

    response = client.post(URL, {"username": "alice", "password": PASSWORD, "next": "/games/new/"})

    assert_refused(response)
    kept = parse(response.content.decode()).find("input", name="next")
    assert kept.attrs["value"] == "/games/new/"


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


def test_a_fullwidth_username_counts_with_the_plain_one(client: Client, alice: User) -> None:
    """Django logs `ａｌｉｃｅ` in as alice (NFKC), so its failures are alice's failures."""
    fail(client, "alice", times=3)
    fail(client, "ａｌｉｃｅ", times=1)
    fail(client, "ＡＬＩＣＥ", times=1)

    assert_refused(client.post(URL, {"username": "alice", "password": PASSWORD}))


def test_a_good_login_keeps_the_addresss_other_failures(
    client: Client, alice: User, ceiling: int
) -> None:
    """One real account must not reset the count of an address guessing at others."""
    for index in range(ceiling - 1):
        fail(client, f"guess{index}", REMOTE_ADDR="10.0.0.9")
    ok = Client().post(URL, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9")
    assert ok.status_code == 302

    fail(client, "one guess more", REMOTE_ADDR="10.0.0.9")

    blocked = Client().post(
        URL, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9"
    )
    assert_refused(blocked)


def test_the_admin_login_goes_through_the_same_limit(
    client: Client, django_user_model: type[User]
) -> None:
    """30 wrong passwords for a superuser on /admin/, then the right one: refused."""
    django_user_model.objects.create_superuser("root", password=PASSWORD)
    for _ in range(30):
        client.post(ADMIN_URL, {"username": "root", "password": "wrong"})

    response = client.post(ADMIN_URL, {"username": "root", "password": PASSWORD})

    assert_refused(response)
    assert "_auth_user_id" not in client.session


def test_failures_on_the_admin_count_for_the_app_login_too(client: Client, alice: User) -> None:
    for _ in range(5):
        client.post(ADMIN_URL, {"username": "alice", "password": "wrong"})

    assert_refused(client.post(URL, {"username": "alice", "password": PASSWORD}))


def test_failures_count_per_client_behind_a_proxy(
    client: Client, alice: User, settings, ceiling: int
) -> None:
    settings.PROXY_COUNT = 1
    for index in range(ceiling):
        fail(client, f"guess{index}", HTTP_X_FORWARDED_FOR="203.0.113.5")

    other = Client().post(
        URL, {"username": "alice", "password": PASSWORD}, HTTP_X_FORWARDED_FOR="203.0.113.6"
    )
    same = Client().post(
        URL, {"username": "alice", "password": PASSWORD}, HTTP_X_FORWARDED_FOR="203.0.113.5"
    )

    assert other.status_code == 302
    assert_refused(same)
