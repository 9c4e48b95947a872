"""Races: real threads, each with its own database connection, hitting the same game at once.

These tests need a database that lets two transactions run side by side and lock rows, so they
run on PostgreSQL (`make test` runs the suite there too) and are skipped on SQLite, which locks
the whole file for every write: there the races cannot happen, and threads only queue up.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from http.cookies import SimpleCookie
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set

pytestmark = pytest.mark.django_db(transaction=True)

ON_SQLITE = "SQLite locks the whole database for each write, so these races cannot happen there"


@pytest.fixture(autouse=True)
def postgresql_only(settings: Any) -> None:
    if connection.vendor != "postgresql":
        pytest.skip(f"{ON_SQLITE}; they run on PostgreSQL (make test)")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def alice(transactional_db: None, django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user(username="alice", password="correct horse 7")


@pytest.fixture
def bob(transactional_db: None, django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user(username="bob", password="correct horse 7")


@pytest.fixture
def new_game(alice: User, bob: User) -> Callable[..., Game]:
    """A Miromar game of alice's, bob co-scoring, with `hands` bare-total hands recorded."""

    def build(hands: int = 0, slug: str = "miromar-canasta") -> Game:
        players = ["Ann", "Bob", "Cy", "Di"]
        setup = get_rule_set(slug).new_game(players, seat_sides(players, 2), {})
        game = Game.start(alice, setup, "Ann")
        game.co_scorekeepers.add(bob)
        for number in range(1, hands + 1):
            game.record_hand(number, bare(game, 100, 50), game.dealer_for(number))
        return game

    return build


def bare(game: Game, *totals: int) -> dict[str, dict[str, int]]:
    return {name: {"total": t} for name, t in zip(game.side_names, totals, strict=True)}


class Phone:
    """One person's phone: its own test client, logged in once, safe to use from a thread."""

    def __init__(self, user: User) -> None:
        client = Client()
        client.force_login(user)
        self.cookies = SimpleCookie(client.cookies)
        self.user = user

    def client(self) -> Client:
        client = Client(raise_request_exception=False)
        client.cookies = SimpleCookie(self.cookies)
        return client


def at_once(calls: Sequence[Callable[[], Any]]) -> list[Any]:
    """Run every call in its own thread, all released together; each result is what the call
    returned or the exception it raised. Each thread closes its own database connection."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = call()
        except BaseException as error:  # noqa: BLE001 - reported by the test
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a thread never finished"
    return results


def status_codes(results: Sequence[Any]) -> list[int | str]:
    return [getattr(r, "status_code", repr(r)) for r in results]
