"""Two tabs of one guest tapping "Keep my games" at once, with real threads on PostgreSQL: one
keeps the games under its name, the other is told, and nothing is doubled."""

from __future__ import annotations

import threading
from functools import partial
from http.cookies import SimpleCookie
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.accounts import SIGNUPS_PER_ADDRESS
from games.models import Game, Guest
from games.models import guests as guest_models
from tests.races.conftest import at_once, status_codes

PASSWORD = "table-companion-42"


def a_guest_with_a_game() -> SimpleCookie:
    client = Client()
    client.post(reverse("guest_start"))
    data = {"rules": "canasta", "first_dealer": 0, "team_size": 2}
    data |= {f"seat{seat}": name for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"])}
    assert client.post(reverse("new_game"), data).status_code == 302
    return SimpleCookie(client.cookies)


def keep(cookies: SimpleCookie, username: str) -> Any:
    tab = Client(raise_request_exception=False)
    tab.cookies = SimpleCookie(cookies)
    return tab.post(reverse("keep_games"), {"username": username, "password": PASSWORD})


def test_two_tabs_keeping_one_guest_at_once_keep_it_once(
    transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cookies = a_guest_with_a_game()
    guest = Guest.objects.get().user_id
    # Both taps reach the guest's row lock as the guest: a tap that came after the other had
    # kept the games found the guest logged out (its password changed) and went to the login
    # page, which is no race (seen on a busy machine: [302, 302]).
    both_logged_in = threading.Barrier(2)
    keep_games = Guest.keep

    def keep_together(user: User, username: str, password: str) -> None:
        both_logged_in.wait(timeout=30)
        keep_games(user, username, password)

    monkeypatch.setattr(Guest, "keep", keep_together)

    results = at_once([partial(keep, cookies, "annie"), partial(keep, cookies, "anne")])

    assert sorted(status_codes(results)) == [302, 422], status_codes(results)
    refused = next(r for r in results if r.status_code == 422).content.decode()
    assert "These games are kept already" in refused
    assert not Guest.objects.exists()
    kept = User.objects.filter(username__in=["annie", "anne"])
    assert kept.count() == 1 and kept.get().pk == guest
    assert Game.objects.get().owner_id == guest


def test_two_guests_keeping_the_same_name_at_once_get_it_once(transactional_db: None) -> None:
    first, second = a_guest_with_a_game(), a_guest_with_a_game()

    results = at_once([partial(keep, first, "annie"), partial(keep, second, "annie")])

    assert sorted(status_codes(results)) == [302, 422], status_codes(results)
    assert "“annie” is taken" in next(r for r in results if r.status_code == 422).content.decode()
    assert User.objects.filter(username="annie").count() == 1
    assert Guest.objects.count() == 1


def test_three_guests_keeping_look_alike_names_at_once_get_one(
    transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    guests = [a_guest_with_a_game() for _ in range(3)]
    names = ["mallory", "mаllory", "MALLORY"]  # the second with a Cyrillic а
    # All three have read that the name is free before any writes it: the database decides.
    all_read = threading.Barrier(3)
    read_the_names = guest_models.username_taken

    def read_together(username: str, but: int) -> bool:
        taken = read_the_names(username, but=but)
        all_read.wait(timeout=30)
        return taken

    monkeypatch.setattr(guest_models, "username_taken", read_together)

    results = at_once([partial(keep, g, name) for g, name in zip(guests, names, strict=True)])

    assert sorted(status_codes(results)) == [302, 422, 422], status_codes(results)
    assert Guest.objects.count() == 2
    assert User.objects.filter(username__in=names).count() == 1


def test_two_look_alike_sign_ups_at_once_make_one_account(transactional_db: None) -> None:
    def sign_up(username: str) -> Any:
        data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
        return Client(raise_request_exception=False).post(reverse("signup"), data)

    results = at_once([partial(sign_up, "alice"), partial(sign_up, "аlice")])  # Cyrillic а

    assert sorted(status_codes(results)) == [200, 302], status_codes(results)
    assert User.objects.filter(username__in=["alice", "аlice"]).count() == 1


def test_thirty_guests_at_once_from_one_address_make_at_most_the_limit(
    transactional_db: None,
) -> None:
    def start() -> Any:
        return Client(raise_request_exception=False).post(reverse("guest_start"))

    results = at_once([start] * 30)

    codes = status_codes(results)
    assert codes.count(302) == SIGNUPS_PER_ADDRESS and codes.count(429) == 20, codes
    assert Guest.objects.count() == SIGNUPS_PER_ADDRESS
