"""One rule for "the same username", at sign-up, at "Keep my games" and in the database: a
guest keeping its games (a new phone at the table), Dora signing up, and Alice, who has an
account. Names are read after NFKC, with letter case and look-alike letters folded; names
beginning "guest-" are the app's own; a guest's session lasts as long as its games are kept."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import forms
from games.models import GUEST_DAYS, AccountName, Guest, OwnGame, account_names, guests
from tests.conftest import PASSWORD as ALICES_PASSWORD

User = get_user_model()
PASSWORD = "table-companion-42"
SIGNUP = {"password1": "a long pass phrase 9", "password2": "a long pass phrase 9"}


@pytest.fixture(autouse=True)
def _fast(fast_passwords: None) -> None:
    """Passwords hash fast."""


def a_guest(client: Client | None = None, address: str = "127.0.0.1") -> Client:
    client = client or Client(REMOTE_ADDR=address)
    assert client.post(reverse("guest_start")).status_code == 302
    return client


def keep(client: Client, username: str, password: str = PASSWORD) -> Any:
    return client.post(reverse("keep_games"), {"username": username, "password": password})


def sign_up(username: str) -> Any:
    return Client().post(reverse("signup"), {"username": username, **SIGNUP})


# -- what a username is read as --------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("ﷺ" * 9, "Up to 150 characters"),  # NFKC makes 162 characters with spaces
        ("ﷺ" * 150, "Up to 150 characters"),  # 2,700 characters once read
        ("⑴⑵", "Enter a valid username"),  # "(1)(2)"
        ("ﷺ", "Enter a valid username"),  # one character, NFKC gives words with spaces
    ],
)
def test_keep_my_games_reads_the_username_as_it_will_be_saved(typed: str, why: str) -> None:
    guest = a_guest()

    response = keep(guest, typed)

    assert response.status_code == 422
    assert why in response.content.decode()
    assert Guest.objects.count() == 1
    assert User.objects.get().username.startswith("guest-")


def test_a_username_typed_in_wide_letters_is_kept_as_plain_letters() -> None:
    guest = a_guest()

    assert keep(guest, "Ａｎｎｉｅ").status_code == 302

    assert User.objects.filter(username="Annie").exists()


# -- one name, however it is written -------------------------------------------------------------


LOOK_ALIKES = [
    ("alice", "аlice"),  # a Cyrillic а
    ("alice", "ALICE"),
    ("straße", "STRASSE"),  # another length: once never compared
    ("mallory", "mаllory"),
]


@pytest.mark.parametrize(("existing", "typed"), LOOK_ALIKES)
def test_sign_up_refuses_a_name_that_reads_as_one_taken(existing: str, typed: str) -> None:
    User.objects.create_user(username=existing, password=ALICES_PASSWORD)

    response = sign_up(typed)

    assert response.status_code == 200
    page = response.content.decode()
    assert "is taken" in page or "already exists" in page
    assert User.objects.count() == 1


@pytest.mark.parametrize(("existing", "typed"), LOOK_ALIKES)
def test_keep_my_games_refuses_a_name_that_reads_as_one_taken(existing: str, typed: str) -> None:
    User.objects.create_user(username=existing, password=ALICES_PASSWORD)
    guest = a_guest()

    response = keep(guest, typed)

    assert response.status_code == 422
    assert f"“{typed}” is taken" in response.content.decode()
    assert Guest.objects.count() == 1


def test_the_database_refuses_a_look_alike_whatever_was_read_before(alice: Any) -> None:
    twin = User(username="АLICE")  # a Cyrillic А

    with pytest.raises(IntegrityError), transaction.atomic():
        twin.save()

    assert list(AccountName.objects.values_list("key", flat=True)) == ["alice"]


def test_a_name_taken_between_the_check_and_the_save_is_told_never_a_500(
    alice: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As when two phones sign up at once: both passed every check, the unique index decides.
    for module in (forms, guests, account_names):
        monkeypatch.setattr(module, "username_taken", lambda username, but=None: False)
    guest = a_guest()

    kept = keep(guest, "Alice")
    signed_up = Client(raise_request_exception=False).post(
        reverse("signup"),
        {"username": "аlice", **SIGNUP},  # a Cyrillic а
    )

    assert kept.status_code == 422 and "“Alice” is taken" in kept.content.decode()
    assert signed_up.status_code == 200 and "“аlice” is taken" in signed_up.content.decode()
    names = AccountName.objects.exclude(key__startswith="guest-").values_list("key", flat=True)
    assert list(names) == ["alice"]
    assert User.objects.filter(username__startswith="guest-").count() == 1


def test_a_renamed_account_takes_its_new_name_and_frees_the_old(alice: Any) -> None:
    alice.username = "alicia"
    alice.save()

    assert AccountName.objects.get(user=alice).key == "alicia"
    assert sign_up("ALICE").status_code == 302


@pytest.mark.parametrize("typed", ["guest-annie", "GUEST-annie", "guest-"])
def test_names_beginning_guest_are_the_apps_own(typed: str) -> None:
    signed_up = sign_up(typed)
    kept = keep(a_guest(), typed)

    reserved = "Usernames beginning “guest-” are the app"
    assert reserved in signed_up.content.decode()
    assert kept.status_code == 422 and reserved in kept.content.decode()
    assert not User.objects.filter(username__iexact=typed).exists()


def test_the_password_is_checked_against_the_name_the_account_will_have() -> None:
    guest = a_guest()

    response = keep(guest, "margaret-dolores", "margaret-dolores")

    assert response.status_code == 422
    assert "too similar to the username" in response.content.decode()
    assert Guest.objects.count() == 1


# -- a guest is never shut out of its own games ---------------------------------------------------


def session_seconds(client: Client) -> int:
    return int(client.cookies["sessionid"]["max-age"])


def test_a_guests_session_lasts_as_long_as_its_games_are_kept() -> None:
    guest = a_guest()

    assert session_seconds(guest) >= GUEST_DAYS * 24 * 3600 - 60


def test_every_day_a_guest_comes_back_its_session_starts_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    guest = a_guest()
    later = timezone.now() + timedelta(days=13)
    monkeypatch.setattr(timezone, "now", lambda: later)
    guest.cookies["sessionid"]["max-age"] = ""

    page = guest.get(reverse("home"))

    assert page.status_code == 200
    assert "sessionid" in page.cookies, "the visit sent no renewed cookie"
    assert session_seconds(guest) >= GUEST_DAYS * 24 * 3600 - 60


def test_a_kept_guest_has_an_accounts_session_again() -> None:
    guest = a_guest()

    keep(guest, "annie")

    assert guest.session.get_expiry_age() < GUEST_DAYS * 24 * 3600
    assert guest.get(reverse("home")).status_code == 200


# -- moving a guest's games in -------------------------------------------------------------------


def test_a_guests_own_game_whose_name_alice_has_comes_in_under_a_new_name(alice: Any) -> None:
    OwnGame.keep(alice, "Family", "canasta", {})
    guest = a_guest()
    guest_user = Guest.objects.get().user
    OwnGame.keep(guest_user, "FAMILY", "canasta", {"target": 7500})
    OwnGame.keep(guest_user, "Tuesdays", "canasta", {})

    guest.post(reverse("login"), {"username": "alice", "password": ALICES_PASSWORD})
    moved = guest.post(reverse("move_guest_games"), {"move": "1"}, follow=True)

    names = sorted(alice.own_games.values_list("name", flat=True))
    assert names == ["FAMILY (2)", "Family", "Tuesdays"]
    assert alice.own_games.get(name="FAMILY (2)").options == {"target": 7500}
    assert "is now “FAMILY (2)”" in moved.content.decode()


# -- the sign-up limit counts blocks of addresses -------------------------------------------------


def test_one_ipv6_block_counts_as_one_address() -> None:
    for host in range(1, 11):
        a_guest(address=f"2001:db8:1:2::{host:x}")

    same_block = Client(REMOTE_ADDR="2001:db8:1:2:ffff::1").post(reverse("guest_start"))
    next_block = Client(REMOTE_ADDR="2001:db8:1:3::1").post(reverse("guest_start"))

    assert same_block.status_code == 429
    assert next_block.status_code == 302
