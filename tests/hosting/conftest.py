"""Fixtures for the hosting tests: accounts and games built straight in the database."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set

PASSWORD = "correct horse 7"

GameFactory = Callable[..., Game]


@pytest.fixture(autouse=True)
def hosting_test_setup(db: None, settings: Any) -> None:
    """Every hosting test may use the database; passwords hash fast."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def alice(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user(username="alice", password=PASSWORD)


@pytest.fixture
def alice_client(alice: User) -> Client:
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def make_game(alice: User) -> GameFactory:
    """A game (alice's unless `owner` says), its hands recorded through Game.record_hand."""

    def build(
        slug: str = "miromar-canasta",
        players: Sequence[str] = ("Ann", "Bob", "Cy", "Di"),
        hands: Sequence[Mapping[str, Mapping[str, Any]]] = (),
        owner: User | None = None,
        first_dealer: int = 0,
    ) -> Game:
        rules = get_rule_set(slug)
        team_size = 2 if rules.seating == "partners" else 1
        setup = rules.new_game(list(players), seat_sides(list(players), team_size), {})
        game = Game.start(owner or alice, setup, setup.players[first_dealer])
        for number, tallies in enumerate(hands, start=1):
            game.record_hand(number, tallies, game.dealer_for(number))
        return game

    return build
