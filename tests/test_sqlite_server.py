"""Two phones, one SQLite: the app's default database holds what PostgreSQL holds. A real server
(gunicorn, separate worker processes, a database file, the app's own settings) and real
requests at the same moment from threads, as tests/races does on PostgreSQL: no "database is
locked" 500 for scorekeepers saving hands to one game, for two tabs keeping one guest, for
look-alike names kept at once, for two tabs moving a guest's games, nor for thirty "Score a
game" taps at once (which make at most the sign-up limit's ten guests).

The server runs in debug mode only so that it serves static files without `collectstatic`;
debug changes nothing in how requests reach the database. The load test (`make loadtest`) runs
the same kind of server with debug off, on SQLite and on PostgreSQL."""

from __future__ import annotations

import importlib.util
import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.races.conftest import at_once

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "table-companion-42"
WORKERS = 4
SCOREKEEPERS = 8
SAVES_EACH = 3


def load_test_module() -> ModuleType:
    """scripts/loadtest.py, for its HTTP client and its server start and stop."""
    spec = importlib.util.spec_from_file_location("loadtest", ROOT / "scripts" / "loadtest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("loadtest", module)
    spec.loader.exec_module(module)
    return module


load = load_test_module()

SETUP = """
import json
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set
hashed = make_password("table-companion-42")
keepers = [User.objects.create(username=f"keeper{k}", password=hashed) for k in range(COUNT)]
setup = get_rule_set("miromar-canasta").new_game(
    ["Ann", "Bob", "Cy", "Di"], seat_sides(["Ann", "Bob", "Cy", "Di"], 2), None)
game = Game.start(keepers[0], setup, "Ann")
game.co_scorekeepers.add(*keepers[1:])
print("LOADTEST-JSON " + json.dumps({"game": game.pk}))
""".replace("COUNT", str(SCOREKEEPERS))


@dataclass
class Server:
    port: int
    database: Path
    game: int
    addresses: Iterator[int]

    def phone(self, address: str | None = None) -> Any:
        """A phone with its own cookies, coming from `address` (the sign-up limit counts
        per address: each test comes from its own)."""
        client = load.Client(self.port, load.Stats(), timeout=60)
        client.address = address or f"10.9.{next(self.addresses)}.1"
        return client

    def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        with sqlite3.connect(self.database) as db:
            return db.execute(sql, params).fetchall()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("sqlite-server")
    database = folder / "db.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DATABASE_URL=f"sqlite:///{database}",
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DJANGO_DEBUG="1",
        DJANGO_ALLOWED_HOSTS=load.HOST,
        DJANGO_HTTPS="0",
        DJANGO_PROXY_COUNT="1",  # each test's phones come from an address of its own
    )
    python = sys.executable
    load.run([python, "manage.py", "migrate", "--noinput"], env, 300)
    game = load.shell(SETUP, env)["game"]
    port = load.free_port()
    log = (folder / "gunicorn.log").open("w")
    gunicorn = Path(python).with_name("gunicorn")
    command = [str(gunicorn), "scorekeeper.wsgi", "--workers", str(WORKERS), "--threads", "2"]
    command += ["--bind", f"{load.HOST}:{port}", "--no-control-socket", "--timeout", "60"]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        load.wait_for_port(port, process, 30)
        yield Server(port, database, game, iter(range(1, 250)))
    finally:
        load.stop_server(process)
        log.close()
    server_log = (folder / "gunicorn.log").read_text(errors="replace")
    assert "database is locked" not in server_log, server_log[-3000:]


def send(
    phone: Any, method: str, path: str, fields: dict[str, str] | None = None, **headers: str
) -> Any:
    """One request; its answer whatever the status (a 500 is an answer to count, not to raise)."""
    headers["X-Forwarded-For"] = phone.address
    return phone.request("request", method, path, fields, headers, ok=tuple(range(100, 600)))


def post_form(phone: Any, path: str, fields: dict[str, str], page: str | None = None) -> Any:
    """POST `fields` with the CSRF token of the form at `page` (default `path`)."""
    form = send(phone, "GET", page or path)
    token = load.CSRF_INPUT.search(form.text)
    assert token is not None, f"no CSRF token at {page or path}: {form.status}"
    return send(phone, "POST", path, {"csrfmiddlewaretoken": token.group(1), **fields})


def statuses(results: Sequence[Any]) -> list[int | str]:
    return [getattr(result, "status", repr(result)) for result in results]


def log_in(phone: Any, username: str) -> None:
    fields = {"username": username, "password": PASSWORD, "next": ""}
    answer = post_form(phone, "/accounts/login/", fields)
    assert answer.status == 302, f"{username} could not log in: {answer.status}"


def a_guest(server: Server, address: str | None = None) -> Any:
    phone = server.phone(address)
    assert post_form(phone, "/guest/", {}, page="/").status == 302
    return phone


def keep(phone: Any, username: str) -> Any:
    return post_form(phone, "/guest/keep/", {"username": username, "password": PASSWORD})


# -- saving hands -----------------------------------------------------------------------------


def save_hands(server: Server, phone: Any, slot: int) -> list[tuple[int, int, int]]:
    """SAVES_EACH hands saved by one scorekeeper racing the others: (number, total, total) of
    each hand the server said was saved; any other answer than saved or "saved by another
    scorekeeper" fails the test."""
    saved: list[tuple[int, int, int]] = []
    path = f"/games/{server.game}/hands/new/"
    while len(saved) < SAVES_EACH:
        form = send(phone, "GET", path)
        assert form.status == 200, form.status
        number = load.NUMBER_INPUT.search(form.text)
        token = load.CSRF_INPUT.search(form.text)
        assert number is not None and token is not None
        totals = (10 * slot, 5 * len(saved) + slot)
        fields = {"csrfmiddlewaretoken": token.group(1), "number": number.group(1)}
        fields |= {"s0-just_total": "on", "s0-total": str(totals[0])}
        fields |= {"s1-just_total": "on", "s1-total": str(totals[1])}
        answer = send(phone, "POST", path, fields)
        if answer.status == 302:
            saved.append((int(number.group(1)), *totals))
        else:
            assert answer.status == 422, f"save answered {answer.status}: {answer.text[:300]}"
            assert any(words in answer.text for words in load.CONFLICT), answer.text[:300]
    return saved


def test_eight_scorekeepers_saving_to_one_game_at_once_never_meet_a_server_error(
    server: Server,
) -> None:
    phones = [server.phone() for _ in range(SCOREKEEPERS)]
    for slot, phone in enumerate(phones):
        log_in(phone, f"keeper{slot}")

    results = at_once(
        [partial(save_hands, server, phone, slot) for slot, phone in enumerate(phones, start=1)]
    )

    problems = [r for r in results if not isinstance(r, list)]
    assert not problems, problems[:3]
    saved = sorted(hand for hands in results for hand in hands)
    numbers = server.rows(
        "SELECT number FROM games_hand WHERE game_id = ? ORDER BY number", server.game
    )
    assert [n for (n,) in numbers] == list(range(1, SCOREKEEPERS * SAVES_EACH + 1))
    assert [number for number, *_ in saved] == [n for (n,) in numbers]
    stored = server.rows(
        "SELECT h.number, t.side, t.value FROM games_tallyentry t "
        "JOIN games_hand h ON h.id = t.hand_id WHERE h.game_id = ? AND t.field = 'total' "
        "ORDER BY h.number, t.side",
        server.game,
    )
    by_number: dict[int, list[int]] = {}
    for number, _side, value in stored:
        by_number.setdefault(number, []).append(value)
    assert [(n, *by_number[n]) for n, *_ in saved] == saved


# -- guests ------------------------------------------------------------------------------------


def test_two_tabs_keeping_one_guest_at_once_keep_it_once(server: Server) -> None:
    guest = a_guest(server)
    second_tab = server.phone(guest.address)
    second_tab.cookies = dict(guest.cookies)

    results = at_once([lambda: keep(guest, "annie"), lambda: keep(second_tab, "anne")])

    codes = statuses(results)
    assert 500 not in codes and codes.count(302) >= 1, codes
    kept = server.rows("SELECT username FROM auth_user WHERE username IN ('annie', 'anne')")
    assert len(kept) == 1


def test_three_guests_keeping_look_alike_names_at_once_get_one(server: Server) -> None:
    address = f"10.8.{next(server.addresses)}.1"
    guests = [a_guest(server, address) for _ in range(3)]
    names = ["mallory", "mаllory", "MALLORY"]  # the second with a Cyrillic а

    results = at_once([partial(keep, g, name) for g, name in zip(guests, names, strict=True)])

    assert sorted(statuses(results)) == [302, 422, 422], statuses(results)
    kept = server.rows("SELECT key FROM games_accountname WHERE key = 'mallory'")
    assert len(kept) == 1


def test_two_tabs_moving_a_guests_games_at_once_move_them_once(server: Server) -> None:
    guest = a_guest(server)
    new_game = {"rules": "canasta", "first_dealer": "0", "team_size": "2"}
    new_game |= {f"seat{seat}": name for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"])}
    assert post_form(guest, "/games/new/", new_game).status == 302
    keepers_games = "SELECT count(*) FROM games_game g JOIN auth_user u ON u.id = g.owner_id "
    keepers_games += f"WHERE u.username = 'keeper{SCOREKEEPERS - 1}'"
    before = server.rows(keepers_games)[0][0]
    log_in(guest, f"keeper{SCOREKEEPERS - 1}")
    second_tab = server.phone(guest.address)
    second_tab.cookies = dict(guest.cookies)

    results = at_once(
        [partial(post_form, tab, "/guest/move/", {"move": "1"}, "/") for tab in (guest, second_tab)]
    )

    assert statuses(results) == [302, 302], statuses(results)
    assert server.rows(keepers_games)[0][0] == before + 1


def test_thirty_score_a_game_taps_at_once_from_one_address_make_at_most_ten_guests(
    server: Server,
) -> None:
    address = f"10.7.{next(server.addresses)}.1"
    phones = [server.phone(address) for _ in range(30)]
    tokens = [load.CSRF_INPUT.search(send(p, "GET", "/").text) for p in phones]

    results = at_once(
        [
            partial(send, phone, "POST", "/guest/", {"csrfmiddlewaretoken": token.group(1)})
            for phone, token in zip(phones, tokens, strict=True)
        ]
    )

    codes = statuses(results)
    assert codes.count(302) == 10 and codes.count(429) == 20, codes


def test_the_server_runs_sqlite_with_the_write_lock_taken_at_the_start(server: Server) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env |= {"DATABASE_URL": f"sqlite:///{server.database}"}
    code = (
        "import json; from django.db import connection; "
        'print("LOADTEST-JSON " + json.dumps(connection.settings_dict["OPTIONS"]))'
    )

    options = load.shell(code, {**env, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"})

    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 10
    assert re.search(r"journal_mode\s*=\s*WAL", options["init_command"])
    assert server.rows("PRAGMA journal_mode") == [("wal",)]
