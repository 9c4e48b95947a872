"""Shared pytest fixtures: the personas and `make_game`. pytest-django reads
DJANGO_SETTINGS_MODULE from pyproject.toml.

alice owns the games, bob helps her keep score (a co-scorekeeper), charlie is a stranger to
them. Every persona has its own logged-in test client; the plain `client` is anonymous.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client, TransactionTestCase
from django.utils import translation

from games.forms import seat_sides
from games.management.commands.compile_catalogues import compile_catalogues
from games.models import Game
from games.rules import get_rule_set

PASSWORD = "correct horse 7"
FOUR = ("Ann", "Bob", "Cy", "Di")

GameFactory = Callable[..., Game]

#: The fixtures through which a test reaches the database (pytest-django refuses it otherwise).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def pytest_configure(config: pytest.Config) -> None:
    # Every language is served from its compiled catalogue: a run of pytest alone (not through
    # `make test`) compiles the ones that changed, once, before the workers start.
    if not hasattr(config, "workerinput"):
        compile_catalogues()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="Only the tests that reach the database: the second database's run (make test) "
        "leaves out those whose outcome cannot depend on it.",
    )


def reaches_the_database(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    test_class = getattr(item, "cls", None)
    if item.get_closest_marker("words_only") is not None:
        return False
    return (
        item.get_closest_marker("django_db") is not None
        or bool(fixtures & DATABASE_FIXTURES)
        or (test_class is not None and issubclass(test_class, TransactionTestCase))
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--database-tests-only"):
        return
    kept: list[pytest.Item] = []
    deselected: list[pytest.Item] = []
    for item in items:
        (kept if reaches_the_database(item) else deselected).append(item)
    config.hook.pytest_deselected(items=deselected)
    items[:] = kept


@pytest.fixture(autouse=True)
def speaking_english_after() -> Iterator[None]:
    """A test that asked for a page in another language leaves the next one in the default:
    Django keeps the active language per thread, and a test worker is one thread."""
    yield
    translation.deactivate()


@pytest.fixture
def fast_passwords(settings: Any) -> None:
    """Passwords hash fast in tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_user(django_user_model: type[User], username: str) -> User:
    return django_user_model.objects.create_user(username=username, password=PASSWORD)


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def alice(django_user_model: type[User], fast_passwords: None) -> User:
    return make_user(django_user_model, "alice")


@pytest.fixture
def bob(django_user_model: type[User], fast_passwords: None) -> User:
    return make_user(django_user_model, "bob")


@pytest.fixture
def charlie(django_user_model: type[User], fast_passwords: None) -> User:
    return make_user(django_user_model, "charlie")


@pytest.fixture
def alice_client(alice: User) -> Client:
    return logged_in(alice)


@pytest.fixture
def bob_client(bob: User) -> Client:
    return logged_in(bob)


@pytest.fixture
def charlie_client(charlie: User) -> Client:
    return logged_in(charlie)


@pytest.fixture
def make_game(alice: User, bob: User) -> GameFactory:
    """A game of alice's (bob co-scoring), built straight in the database.

    `hands` is a list of tallies, each a dict keyed by side name; they are recorded through
    Game.record_hand, as the hand form does. A game with another `owner` has no co-scorekeeper.
    """

    def build(
        slug: str = "miromar-canasta",
        players: Sequence[str] = FOUR,
        team_size: int | None = None,
        first_dealer: int = 0,
        options: Mapping[str, Any] | None = None,
        hands: Sequence[Mapping[str, Mapping[str, Any]]] = (),
        owner: User | None = None,
    ) -> Game:
        rules = get_rule_set(slug)
        if team_size is None:
            team_size = rules.seating.team_size(1)
        setup = rules.new_game(list(players), seat_sides(list(players), team_size), options)
        game = Game.start(owner or alice, setup, setup.players[first_dealer])
        if owner is None:
            game.co_scorekeepers.add(bob)
        for number, tallies in enumerate(hands, start=1):
            game.record_hand(number, tallies)  # dealt as the rotation in force says, as the form
        return game

    return build


@pytest.fixture
def game(make_game: GameFactory) -> Game:
    """A fresh Miromar Canasta game: Ann & Cy against Bob & Di, no hands yet."""
    return make_game()
