"""Load test: gunicorn (4 workers) on SQLite, then on PostgreSQL, 127.0.0.1 only, bounded in time.
`make loadtest`; one database only: --on sqlite or --on postgresql.

What it does on each database, with no dependency beyond the app's own (threads and http.client):

1. Makes a fresh database: for SQLite a file in a new temporary directory, with the settings
   the app runs SQLite with (scorekeeper/settings.py); for PostgreSQL, asks
   `scripts/start-test-postgres` for the test server's URL and creates `scorekeeper_load` (by
   default: dropped and created again). Runs `migrate` and `collectstatic`.
2. Makes --scorekeepers (5) accounts and --games (4) games through the ORM (`manage.py shell
   -c`), alternating Hearts of Miromar Canasta and Pennies From Heaven partnership. Scorekeeper
   k scores game k modulo the number of games: with the defaults load1 to load4 each own a
   game and load5 co-scores load1's, so those two race each other for the same hand numbers.
   --club-night sets 100 games, 100 scorekeepers, 400 phones, a poll every 2 s and a 60 s
   pause (a save per game about once a minute); options given as well win.
3. Starts `gunicorn scorekeeper.wsgi --workers 4 --bind 127.0.0.1:<free port>` with debug off,
   a random secret key, DJANGO_ALLOWED_HOSTS=127.0.0.1 and DJANGO_HTTPS=0. Its stderr is the
   log the app's own LOGGING writes server errors to (no logging set-up of the load test's).
4. Logs the scorekeepers in through the login form (setup, not timed with the rest), then for
   --seconds (60) runs
   * 50 phones (--phones), spread over the games: each opens the share link once, at a random
     moment of the first 2 seconds (--poll; or of the first --ramp seconds if longer)
     (`GET /live/<token>/`), and then polls it as the page does: `GET /live/<token>/?poll` with
     `HX-Request: true` and the last ETag in `If-None-Match`, 2 seconds (--poll) after each answer;
   * the scorekeepers, each in a loop: open the hand form (`GET /games/<id>/hands/new/`, which gives
     the hand number and the CSRF token), two live previews as htmx sends them while typing
     (`POST .../hands/preview/`), save (`POST .../hands/new/` with "just the total" for both
     sides, small totals around 0 so no game ever ends), follow the 302 to the scoreboard, then
     wait --pause seconds (1 s, ±50 %). One save in ten (--double-tap) is sent twice at the same
     moment on two connections, as a double tap would; both must answer 302 and one hand must be
     recorded. The two co-scorekeepers always type different totals, so when one saves a number
     the other has just saved, the app must answer 422 ("just saved by another scorekeeper"):
     that is counted as a conflict, not an error, and that scorekeeper moves on to the next hand.
5. Stops gunicorn and compares, per game, the hands the scorekeepers were told were saved (a 302)
   with the Hand rows and totals in the database. Lost: told saved but missing, or recorded with
   other totals. Duplicated: a row nobody was told about (a double tap recorded twice), more rows
   than saves, or the sum of the totals differing from the sum of what was sent. The game's
   version (the live view's ETag) must be 1 + the number of hands.

Errors are exceptions (refused connection, timeout) and answers other than the expected ones
(2xx, 302, 304, and 422 only for a co-scorekeeper conflict). Latency is measured by the client,
from opening the connection to the last byte of the body. The budget is the 95th percentile of
all requests in the timed window (logins excluded: password hashing is slow on purpose).

Prints a table for people per database, then a line of errors per database and, last, one JSON
line with the figures of each database. Exit status: 0 when there
are no errors, no lost or duplicated hands and the overall p95 is within --budget-ms (100);
1 otherwise; 2 when the run could not be set up; 3 when the hard time limit stopped it.

Not part of `make test`. Needs root or sudo for start-test-postgres (as `make test` does).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import math
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
HOST = "127.0.0.1"
MARK = "LOADTEST-JSON "

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
NUMBER_INPUT = re.compile(r'name="number" value="(\d+)"')
ALERT = re.compile(
    r'<div class="alert" role="alert">(.*?)</div>|class="field-error"[^>]*>([^<]+)<', re.S
)
CONFLICT = ("was just saved by another scorekeeper", "is not the next one to record")

#: The rule sets the games alternate between; partnerships of 4: sides "A & C", "B & D".
RULE_SETS = ["miromar-canasta", "pfh-partnership"]
PLAYERS = ["Ann", "Bob", "Cy", "Di"]

#: --club-night: a club's evening at its busiest. 100 tables, each scored by one phone that
#: saves a hand about once a minute, and 4 phones per table following the live view.
#: The phones open their link over the first 10 s (people arrive; they do not all tap the link
#: in the same 2 seconds), then poll.
CLUB_NIGHT = {
    "games": 100,
    "scorekeepers": 100,
    "phones": 400,
    "poll": 2.0,
    "ramp": 10.0,
    "pause": 60.0,
}


def plan_games(games: int, scorekeepers: int) -> list[tuple[str, list[str], str, list[str]]]:
    """(rules slug, players, owner, co-scorekeepers) per game. Scorekeeper k scores game
    k % games: the first of a game owns it, the others co-score it and race its owner for the
    same hand numbers (the default 4 games and 5 scorekeepers: load5 helps load1)."""
    names = [f"load{k}" for k in range(1, scorekeepers + 1)]
    plan = []
    for index in range(games):
        owner, *helpers = names[index::games]
        plan.append((RULE_SETS[index % len(RULE_SETS)], PLAYERS, owner, helpers))
    return plan


SETUP_CODE = """
import json, os
from django.contrib.auth.models import User
from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set
spec = json.loads(os.environ["LOADTEST_SPEC"])
from django.contrib.auth.hashers import make_password
hashed = make_password(spec["password"])  # once: a hundred accounts share the one password
User.objects.bulk_create(User(username=name, password=hashed) for name in spec["users"])
users = {user.username: user for user in User.objects.filter(username__in=spec["users"])}
out = []
for slug, players, owner, helpers in spec["games"]:
    setup = get_rule_set(slug).new_game(players, seat_sides(players, 2), None)
    game = Game.start(users[owner], setup, setup.players[0])
    for helper in helpers:
        game.co_scorekeepers.add(users[helper])
    out.append({"id": game.pk, "token": game.share_token, "keepers": [owner, *helpers]})
print("LOADTEST-JSON " + json.dumps(out))
"""

DUMP_CODE = """
import json
from games.models import Game, Hand, TallyEntry
out = {}
for game in Game.objects.all():
    hands = {n: {} for n in Hand.objects.filter(game=game).values_list("number", flat=True)}
    rows = TallyEntry.objects.filter(hand__game=game).values_list(
        "hand__number", "side", "field", "value")
    for number, side, name, value in rows:
        hands[number][f"{side}-{name}"] = value
    out[game.pk] = {"version": game.version, "hands": hands}
print("LOADTEST-JSON " + json.dumps(out))
"""


# -- measurements ------------------------------------------------------------------------------


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    statuses: dict[str, dict[str, int]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(int))
    )
    examples: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, kind: str, seconds: float, status: int | str) -> None:
        with self.lock:
            self.latencies[kind].append(seconds)
            self.statuses[kind][str(status)] += 1

    def error(self, kind: str, message: str) -> None:
        with self.lock:
            self.errors[kind] += 1
            if len(self.examples) < 10:
                self.examples.append(f"{kind}: {message}")


def percentile(values: list[float], p: float) -> float | None:
    """Nearest-rank percentile, in milliseconds."""
    if not values:
        return None
    ordered = sorted(values)
    return 1000 * ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def form_errors(html: str) -> str:
    """The errors a form page shows (the alert and the messages next to fields), as text."""
    found = [" ".join(part for part in match if part) for match in ALERT.findall(html)]
    text = " | ".join(re.sub(r"<[^>]+>", " ", item).strip() for item in found)
    return re.sub(r"\s+", " ", text)[:300] or html[:200]


class RequestFailed(Exception):
    pass


@dataclass
class Response:
    status: int
    headers: http.client.HTTPMessage
    text: str


class Client:
    """One browser: its own cookies, a new connection per request (gunicorn's sync workers close
    the connection after each answer anyway)."""

    def __init__(self, port: int, stats: Stats, timeout: float) -> None:
        self.port = port
        self.stats = stats
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.lock = threading.Lock()

    def request(
        self,
        kind: str,
        method: str,
        path: str,
        fields: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        ok: tuple[int, ...] = (200,),
    ) -> Response:
        origin = f"http://{HOST}:{self.port}"
        sent = {"Host": f"{HOST}:{self.port}", "User-Agent": "scorekeeper-loadtest"}
        with self.lock:
            if self.cookies:
                sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode(fields)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["Origin"] = origin
        sent.update(headers or {})
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
            try:
                conn.request(method, path, body, sent)
                answer = conn.getresponse()
                data = answer.read()
            finally:
                conn.close()
        except (OSError, http.client.HTTPException) as exc:
            self.stats.record(kind, time.perf_counter() - start, "exception")
            self.stats.error(kind, f"{method} {path}: {exc!r}")
            raise RequestFailed(repr(exc)) from exc
        self.stats.record(kind, time.perf_counter() - start, answer.status)
        with self.lock:
            for header in answer.headers.get_all("Set-Cookie") or []:
                cookie = SimpleCookie()
                cookie.load(header)
                for name, morsel in cookie.items():
                    if morsel.value == "" or morsel["max-age"] == "0":
                        self.cookies.pop(name, None)
                    else:
                        self.cookies[name] = morsel.value
        text = data.decode("utf-8", "replace")
        if answer.status not in ok:
            self.stats.error(kind, f"{method} {path}: {answer.status} {text[:200]!r}")
            raise RequestFailed(f"{answer.status}")
        return Response(answer.status, answer.headers, text)


# -- the two kinds of users --------------------------------------------------------------------


def phone(
    client: Client, token: str, stop: threading.Event, poll: float, ramp: float, seed: int
) -> dict:
    rng = random.Random(seed)
    seen = {"changes": 0, "not_modified": 0}
    if stop.wait(rng.uniform(0, max(poll, ramp))):
        return seen
    with contextlib.suppress(RequestFailed):
        client.request("live page", "GET", f"/live/{token}/")
    etag = None
    while not stop.wait(poll):
        headers = {"HX-Request": "true", "HX-Current-URL": f"http://{HOST}/live/{token}/"}
        if etag:
            headers["If-None-Match"] = etag
        try:
            answer = client.request(
                "live poll", "GET", f"/live/{token}/?poll", headers=headers, ok=(200, 304)
            )
        except RequestFailed:
            continue
        if answer.status == 304:
            seen["not_modified"] += 1
        else:
            seen["changes"] += 1
            etag = answer.headers.get("ETag") or etag
    return seen


@dataclass
class Keeper:
    name: str
    password: str
    game_id: int
    slot: int  # 1 or 2: the co-scorekeepers of one game type different totals
    shared: bool  # another scorekeeper saves hands in the same game
    client: Client
    saved: list[tuple[int, int, int]] = field(default_factory=list)  # (number, total0, total1)
    uncertain: list[tuple[int, int, int]] = field(default_factory=list)
    conflicts: int = 0
    double_taps: int = 0
    attempts: int = 0


#: Logging in hashes the password on purpose slowly; a hundred of them queue behind each other.
LOGIN_TIMEOUT = 120.0


def log_in(keeper: Keeper) -> None:
    client = Client(keeper.client.port, keeper.client.stats, LOGIN_TIMEOUT)
    client.cookies = keeper.client.cookies
    page = client.request("login", "GET", "/accounts/login/")
    token = CSRF_INPUT.search(page.text)
    if token is None:
        raise RequestFailed("no CSRF token on the login page")
    fields = {
        "csrfmiddlewaretoken": token.group(1),
        "username": keeper.name,
        "password": keeper.password,
        "next": "",
    }
    client.request("login", "POST", "/accounts/login/", fields, ok=(302,))
    if "sessionid" not in client.cookies:
        raise RequestFailed(f"{keeper.name}: no session after logging in")


def save(keeper: Keeper, fields: dict[str, str]) -> str:
    """POST the hand form once: "saved", "conflict" or "failed"."""
    path = f"/games/{keeper.game_id}/hands/new/"
    kind = "save"
    try:
        answer = keeper.client.request(kind, "POST", path, fields, ok=(302, 422))
    except RequestFailed:
        return "failed"
    if answer.status == 302:
        return "saved"
    conflict = any(text in answer.text for text in CONFLICT)
    if conflict and keeper.shared:
        return "conflict"
    why = "a conflict though nobody else scores this game" if conflict else "refused"
    shown = form_errors(answer.text)
    keeper.client.stats.error(kind, f"hand {fields['number']}: 422, {why}: {shown}")
    return "failed"


def save_twice(keeper: Keeper, fields: dict[str, str]) -> list[str]:
    """A double tap: the same form POSTed twice at the same moment; both outcomes."""
    keeper.double_taps += 1
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def tap() -> None:
        barrier.wait()
        outcomes.append(save(keeper, fields))

    taps = [threading.Thread(target=tap) for _ in range(2)]
    for thread in taps:
        thread.start()
    for thread in taps:
        thread.join()
    if "saved" in outcomes and "conflict" in outcomes:  # ("failed" is counted already)
        n = fields["number"]
        keeper.client.stats.error("save", f"double tap of hand {n}: {' and '.join(outcomes)}")
    return outcomes


def scorekeeper(
    keeper: Keeper, stop: threading.Event, pause: float, double_tap: float, seed: int
) -> None:
    rng = random.Random(seed)
    client = keeper.client
    game = keeper.game_id
    if stop.wait(rng.uniform(0, pause)):
        return
    while not stop.is_set():
        try:
            form = client.request("hand form", "GET", f"/games/{game}/hands/new/")
        except RequestFailed:
            stop.wait(pause)
            continue
        token, number = CSRF_INPUT.search(form.text), NUMBER_INPUT.search(form.text)
        if token is None or number is None:
            client.stats.error("hand form", "no CSRF token or hand number in the form")
            stop.wait(pause)
            continue
        n = int(number.group(1))
        # Small totals around 0 so no game reaches its target; side 1 ends in the keeper's slot
        # digit, so two co-scorekeepers never type the same hand.
        total0 = rng.choice([-30, -20, -10, 0, 10, 20, 30]) + rng.choice([0, 5])
        total1 = rng.choice([-20, -10, 0, 10, 20]) + keeper.slot
        base = {"csrfmiddlewaretoken": token.group(1), "number": str(n)}
        htmx = {"HX-Request": "true", "X-CSRFToken": token.group(1)}
        typing = [
            {**base, "s0-just_total": "on", "s0-total": str(total0)},
            {
                **base,
                "s0-just_total": "on",
                "s0-total": str(total0),
                "s1-just_total": "on",
                "s1-total": str(total1),
            },
        ]
        for fields in typing:
            with contextlib.suppress(RequestFailed):
                client.request("preview", "POST", f"/games/{game}/hands/preview/", fields, htmx)
        fields = typing[-1]
        keeper.attempts += 1
        if rng.random() < double_tap:
            outcomes = save_twice(keeper, fields)
        else:
            outcomes = [save(keeper, fields)]
        if "saved" in outcomes:
            keeper.saved.append((n, total0, total1))
            with contextlib.suppress(RequestFailed):
                client.request("game page", "GET", f"/games/{game}/")
        elif "failed" in outcomes:
            keeper.uncertain.append((n, total0, total1))
        else:
            keeper.conflicts += 1
        stop.wait(pause * rng.uniform(0.5, 1.5))


# -- set-up and tear-down ----------------------------------------------------------------------


def run(cmd: list[str], env: dict[str, str], timeout: float) -> str:
    done = subprocess.run(
        cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"loadtest: {' '.join(map(str, cmd[:3]))} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def shell(code: str, env: dict[str, str], timeout: float = 120) -> Any:
    out = run([str(VENV_PYTHON), "manage.py", "shell", "-c", code], env, timeout)
    line = next(line for line in out.splitlines() if line.startswith(MARK))
    return json.loads(line[len(MARK) :])


def fresh_database(base_url: str, name: str, drop_only: bool = False) -> str:
    import psycopg

    parts = urlsplit(base_url)
    admin = urlunsplit(parts._replace(scheme="postgresql"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, server: subprocess.Popen, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("loadtest: gunicorn exited while starting")
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=1):
            return
        time.sleep(0.2)
    raise SystemExit(f"loadtest: gunicorn did not listen on {HOST}:{port} in {seconds:.0f} s")


def stop_server(server: subprocess.Popen | None) -> None:
    if server is None or server.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=5)


def server_cpu_seconds(server: subprocess.Popen) -> float | None:
    """User + system CPU of the gunicorn master and its workers so far (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    try:
        pids = [server.pid]
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
        pids += [int(pid) for pid in children]
        for pid in pids:
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(stat[11]) + int(stat[12])) / tick
    except (OSError, ValueError):
        return None
    return total


def load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


# -- checking the hands ------------------------------------------------------------------------


def check_hands(keepers: list[Keeper], database: dict[str, Any]) -> dict[str, Any]:
    per_game: dict[str, Any] = {}
    lost = duplicated = 0
    for game_id in sorted({k.game_id for k in keepers}):
        mine = [k for k in keepers if k.game_id == game_id]
        told: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for keeper in mine:
            for number, t0, t1 in keeper.saved:
                told[number].append((t0, t1))
        unsure = {(n, t0, t1) for k in mine for n, t0, t1 in k.uncertain}
        recorded_raw = database[str(game_id)]
        hands = {int(n): entries for n, entries in recorded_raw["hands"].items()}
        recorded = {n: (e.get("0-total"), e.get("1-total")) for n, e in hands.items()}
        game_lost = game_dup = 0
        for number, totals in told.items():
            if len(set(totals)) > 1:  # two scorekeepers told "saved" for one number
                game_lost += len(set(totals)) - 1
            if number not in recorded or recorded[number] not in totals:
                game_lost += 1
        for number, pair in recorded.items():
            if number not in told and (number, *pair) not in unsure:
                game_dup += 1
        sent = [sum(ts[0][i] for ts in told.values()) for i in (0, 1)]
        stored = [sum((t[i] or 0) for t in recorded.values()) for i in (0, 1)]
        numbers_ok = sorted(recorded) == list(range(1, len(recorded) + 1))
        version_ok = recorded_raw["version"] == 1 + len(recorded)
        if len(recorded) > len(told) + len(unsure):
            game_dup = max(game_dup, len(recorded) - len(told) - len(unsure))
        if sent != stored and not unsure and not game_lost:
            game_dup = max(game_dup, 1)
        lost += game_lost
        duplicated += game_dup
        per_game[str(game_id)] = {
            "scorekeepers": [k.name for k in mine],
            "saves": len(told),
            "rows": len(recorded),
            "uncertain": len(unsure),
            "lost": game_lost,
            "duplicated": game_dup,
            "totals_sent": sent,
            "totals_stored": stored,
            "numbers_contiguous": numbers_ok,
            "version_ok": version_ok,
        }
    return {"lost": lost, "duplicated": duplicated, "games": per_game}


# -- main --------------------------------------------------------------------------------------


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=60, help="timed window (60)")
    parser.add_argument(
        "--club-night",
        action="store_true",
        help="100 games, 100 scorekeepers saving about once a minute each, 400 phones "
        "(any option given as well wins)",
    )
    parser.add_argument("--games", type=int, default=4, help="games being scored (4)")
    parser.add_argument(
        "--scorekeepers", type=int, default=5, help="scorekeepers, at least one per game (5)"
    )
    parser.add_argument("--phones", type=int, default=50, help="live viewers polling (50)")
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between polls (2)")
    parser.add_argument(
        "--ramp", type=float, default=0.0, help="phones open the link over this many s (--poll)"
    )
    parser.add_argument("--pause", type=float, default=1.0, help="scorekeeper pause, s (1)")
    parser.add_argument("--double-tap", type=float, default=0.1, help="share of saves sent twice")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (4)")
    parser.add_argument("--budget-ms", type=float, default=100, help="p95 budget (100)")
    parser.add_argument(
        "--on",
        choices=["both", "sqlite", "postgresql"],
        default="both",
        help="the database(s) to run on, one after the other (both: SQLite, then PostgreSQL)",
    )
    parser.add_argument("--database", default="scorekeeper_load", help="database to (re)create")
    parser.add_argument("--keep-db", action="store_true", help="keep the database afterwards")
    parser.add_argument("--timeout", type=float, default=10, help="per-request timeout, s (10)")
    if "--club-night" in sys.argv[1:]:
        parser.set_defaults(**CLUB_NIGHT)
    args = parser.parse_args()
    if args.games < 1 or args.scorekeepers < args.games:
        parser.error("need at least one game and at least one scorekeeper per game")
    return args


#: The databases a run can use, as the report names them.
DATABASE_NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


@dataclass
class Setup:
    """A fresh database with the accounts and games of the plan, and the server's environment."""

    engine: str  # "sqlite" or "postgresql"
    base_url: str
    env: dict[str, str]
    password: str
    games: list[dict[str, Any]]

    def drop(self, args: argparse.Namespace) -> None:
        if self.engine == "postgresql":
            fresh_database(self.base_url, args.database, drop_only=True)
        else:
            shutil.rmtree(self.base_url, ignore_errors=True)


def new_database(engine: str, name: str) -> tuple[str, str]:
    """(where it lives, DATABASE_URL) of a new, empty database: a file in a temporary
    directory for SQLite (the app's default, as `make serve` runs it), or a database on the
    PostgreSQL server that `scripts/start-test-postgres` starts."""
    if engine == "sqlite":
        folder = tempfile.mkdtemp(prefix="loadtest-sqlite-")
        return folder, f"sqlite:///{folder}/{name}.sqlite3"
    base_url = subprocess.run(
        [str(ROOT / "scripts" / "start-test-postgres")],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    ).stdout.strip()
    return base_url, fresh_database(base_url, name)


def set_up(args: argparse.Namespace, engine: str) -> Setup:
    """A fresh database migrated, static files collected, users and games."""
    base_url, db_url = new_database(engine, args.database)
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_DEBUG"}
    env.update(
        DATABASE_URL=db_url,
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=HOST,
        DJANGO_HTTPS="0",
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
    )
    env.pop("DJANGO_PROXY_COUNT", None)
    run([str(VENV_PYTHON), "manage.py", "migrate", "--noinput"], env, 300)
    run([str(VENV_PYTHON), "manage.py", "collectstatic", "--noinput", "-v", "0"], env, 300)
    password = secrets.token_urlsafe(16)
    plan = plan_games(args.games, args.scorekeepers)
    names = [name for _, _, owner, helpers in plan for name in (owner, *helpers)]
    spec = {"users": names, "password": password, "games": plan}
    games = shell(SETUP_CODE, {**env, "LOADTEST_SPEC": json.dumps(spec)})
    return Setup(engine, base_url, env, password, games)


def start_server(
    args: argparse.Namespace, env: dict[str, str], port: int, log_fd: int
) -> subprocess.Popen:
    """gunicorn on `port`, its log (stderr: the app's LOGGING writes each server error's
    traceback there, which is what "server tracebacks" counts) into `log_fd`."""
    cmd = [
        str(GUNICORN),
        "scorekeeper.wsgi",
        "--workers",
        str(args.workers),
        "--bind",
        f"{HOST}:{port}",
        "--timeout",
        "30",
        "--no-control-socket",  # not the shared ~/.gunicorn/gunicorn.ctl of another server
    ]
    return subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=log_fd, stderr=subprocess.STDOUT, start_new_session=True
    )


def logged_in_keepers(
    args: argparse.Namespace, setup: Setup, port: int, stats: Stats
) -> tuple[list[Keeper], list[float]]:
    """Every game's scorekeepers, logged in before the window, and the logins' latencies (kept
    out of the window's figures)."""
    keepers = []
    for game in setup.games:
        for slot, name in enumerate(game["keepers"], start=1):
            client = Client(port, stats, args.timeout)
            shared = len(game["keepers"]) > 1
            keepers.append(Keeper(name, setup.password, game["id"], slot, shared, client))
    # As many logins at once as there are workers: a hundred one by one take a while.
    with ThreadPoolExecutor(args.workers) as pool:
        list(pool.map(log_in, keepers))
    login_latencies = stats.latencies.pop("login", [])
    stats.statuses.pop("login", None)
    return keepers, login_latencies


def load_threads(
    args: argparse.Namespace,
    games: list[dict[str, Any]],
    keepers: list[Keeper],
    port: int,
    stats: Stats,
    stop: threading.Event,
) -> list[threading.Thread]:
    """A thread per phone following a live view and per scorekeeper, not started yet."""
    threads: list[threading.Thread] = []
    phone_results: list[dict] = []
    for i in range(args.phones):
        token = games[i % len(games)]["token"]
        client = Client(port, stats, args.timeout)

        def watch(client: Client = client, token: str = token, seed: int = i) -> None:
            phone_results.append(phone(client, token, stop, args.poll, args.ramp, seed))

        threads.append(threading.Thread(target=watch, daemon=True))
    for i, keeper in enumerate(keepers):
        threads.append(
            threading.Thread(
                target=scorekeeper,
                args=(keeper, stop, args.pause, args.double_tap, 1000 + i),
                daemon=True,
            )
        )
    return threads


@dataclass
class Window:
    """The timed window: who took part, how long it ran, and what the machine spent."""

    keepers: list[Keeper]
    login_latencies: list[float]
    seconds: float
    still_running: int
    load_before: list[float]
    load_after: list[float]
    server_cpu: float | None
    client_cpu: float


def timed_window(
    args: argparse.Namespace,
    setup: Setup,
    server: subprocess.Popen,
    port: int,
    stats: Stats,
    stop: threading.Event,
) -> Window:
    """Log the scorekeepers in, then let the phones poll and the scorekeepers save for
    `args.seconds`, and wait for every thread (a while at most)."""
    keepers, login_latencies = logged_in_keepers(args, setup, port, stats)
    load_before = load_average()
    cpu_before = server_cpu_seconds(server)
    client_cpu_before = time.process_time()
    threads = load_threads(args, setup.games, keepers, port, stats, stop)
    window_start = time.monotonic()
    for thread in threads:
        thread.start()
    stop.wait(args.seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=max(1.0, window_start + args.seconds + 30 - time.monotonic()))
    seconds = time.monotonic() - window_start
    still_running = sum(thread.is_alive() for thread in threads)
    load_after = load_average()
    cpu_after = server_cpu_seconds(server)
    client_cpu = time.process_time() - client_cpu_before
    server_cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    return Window(
        keepers,
        login_latencies,
        seconds,
        still_running,
        load_before,
        load_after,
        server_cpu,
        client_cpu,
    )


#: The kinds of request timed, in the order the table shows them.
KINDS = ["live page", "live poll", "hand form", "preview", "save", "game page"]


@dataclass
class Outcome:
    """What a load test measured and found: the report and the summary read it."""

    args: argparse.Namespace
    engine: str
    port: int
    game_count: int
    window: Window
    stats: Stats
    hands: dict[str, Any]
    server_log: str
    log_name: str
    started: float

    @property
    def rows(self) -> list[tuple[str, list[float]]]:
        """Latencies per kind of request, then all of them ("overall")."""
        rows = [(kind, self.stats.latencies.get(kind, [])) for kind in KINDS]
        return [*rows, ("overall", [value for _, values in rows for value in values])]

    @property
    def everything(self) -> list[float]:
        return self.rows[-1][1]

    @property
    def errors(self) -> int:
        return sum(self.stats.errors.values()) + self.window.still_running

    @property
    def p95(self) -> float | None:
        return percentile(self.everything, 95)

    @property
    def tracebacks(self) -> int:
        return self.server_log.count("Traceback")

    @property
    def failed(self) -> bool:
        integrity_ok = all(
            g["numbers_contiguous"] and g["version_ok"] for g in self.hands["games"].values()
        )
        return bool(
            self.errors
            or self.tracebacks
            or self.hands["lost"]
            or self.hands["duplicated"]
            or not integrity_ok
        )

    @property
    def over(self) -> bool:
        return self.p95 is None or self.p95 > self.args.budget_ms


def print_latencies(outcome: Outcome) -> None:
    args, window, stats = outcome.args, outcome.window, outcome.stats
    print(f"\nLoad test {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} CPUs")
    print(
        f"gunicorn --workers {args.workers} on {DATABASE_NAMES[outcome.engine]}, "
        f"{HOST}:{outcome.port}; "
        f"{args.games} games, {args.phones} phones polling every {args.poll:g} s, "
        f"{len(window.keepers)} scorekeepers (pause {args.pause:g} s), {window.seconds:.1f} s"
    )
    print(f"{'request':<12}{'count':>8}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for kind, values in outcome.rows:
        errs = outcome.errors if kind == "overall" else stats.errors.get(kind, 0)
        p50, p95k, top = (percentile(values, p) for p in (50, 95, 100))
        cells = "".join(f"{x:>9.1f}" if x is not None else f"{'-':>9}" for x in (p50, p95k, top))
        print(f"{kind:<12}{len(values):>8}{errs:>8}{cells}")
    if window.login_latencies:
        print(
            f"(logins before the window: {len(window.login_latencies)} requests, p95 "
            f"{percentile(window.login_latencies, 95):.0f} ms; not counted above)"
        )
    polls = stats.statuses.get("live poll", {})
    print(f"live polls: {polls.get('304', 0)} × 304, {polls.get('200', 0)} × 200")


def print_hands(outcome: Outcome) -> None:
    keepers, hands = outcome.window.keepers, outcome.hands
    print(
        f"saves: {sum(len(k.saved) for k in keepers)} hands saved, "
        f"{sum(k.double_taps for k in keepers)} double taps, "
        f"{sum(k.conflicts for k in keepers)} co-scorekeeper conflicts (422), "
        f"{sum(len(k.uncertain) for k in keepers)} unknown outcomes"
    )
    shown = hands["games"].items()
    if len(hands["games"]) > 10:  # a club night: only the games that went wrong, then a sum
        shown = [
            (game_id, game)
            for game_id, game in shown
            if game["lost"]
            or game["duplicated"]
            or not game["numbers_contiguous"]
            or not game["version_ok"]
        ]
        print(
            f"  {len(hands['games'])} games, {len(shown)} with a lost or duplicated hand, "
            "a gap in the numbers or a wrong version"
        )
    for game_id, game in shown:
        print(
            f"  game {game_id} ({', '.join(game['scorekeepers'])}): {game['saves']} saved, "
            f"{game['rows']} rows, lost {game['lost']}, duplicated {game['duplicated']}, "
            f"totals sent {game['totals_sent']} stored {game['totals_stored']}, "
            f"numbers 1..n {'yes' if game['numbers_contiguous'] else 'NO'}, "
            f"version {'ok' if game['version_ok'] else 'WRONG'}"
        )


def print_machine_and_errors(outcome: Outcome) -> None:
    window = outcome.window
    print(
        f"load average before {window.load_before}, after {window.load_after}; gunicorn CPU "
        f"{window.server_cpu if window.server_cpu is None else round(window.server_cpu, 1)} s, "
        f"load generator CPU {window.client_cpu:.1f} s over {window.seconds:.0f} s"
    )
    print(f"errors: {outcome.errors}; server tracebacks in the gunicorn log: {outcome.tracebacks}")
    if outcome.tracebacks:
        raised = re.findall(r"^([\w.]+(?:Error|Exception|Conflict)\b.*)$", outcome.server_log, re.M)
        for line, count in sorted(Counter(raised).items(), key=lambda item: -item[1])[:5]:
            print(f"  {count} × {line[:200]}")
        print(f"  gunicorn log: {outcome.log_name}")
    else:
        Path(outcome.log_name).unlink()
    for example in outcome.stats.examples:
        print(f"  {example}")
    if window.still_running:
        print(f"  {window.still_running} threads still running at the end")


def print_verdict(outcome: Outcome) -> None:
    verdict = "FAIL" if outcome.failed else ("OVER BUDGET" if outcome.over else "PASS")
    hands = outcome.hands
    print(
        f"{verdict}: {len(outcome.everything)} requests, {outcome.errors} errors, "
        f"{hands['lost']} lost, {hands['duplicated']} duplicated, p95 {outcome.p95 or 0:.1f} ms "
        f"(budget {outcome.args.budget_ms:g})"
    )


def figures(values: list[float]) -> dict[str, Any]:
    return {
        "count": len(values),
        **{k: round(percentile(values, p) or 0, 1) for k, p in (("p50", 50), ("p95", 95))},
        "max": round(percentile(values, 100) or 0, 1),
    }


def summary(outcome: Outcome) -> dict[str, Any]:
    """The figures as one JSON object, for machines."""
    args, window, hands, keepers = (
        outcome.args,
        outcome.window,
        outcome.hands,
        outcome.window.keepers,
    )
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "database": outcome.engine,
        "cpus": os.cpu_count(),
        "seconds": round(window.seconds, 1),
        "workers": args.workers,
        "game_count": outcome.game_count,
        "phones": args.phones,
        "scorekeepers": len(keepers),
        "requests": len(outcome.everything),
        "errors": outcome.errors,
        "server_tracebacks": outcome.tracebacks,
        "lost": hands["lost"],
        "duplicated": hands["duplicated"],
        "hands_saved": sum(len(k.saved) for k in keepers),
        "double_taps": sum(k.double_taps for k in keepers),
        "conflicts": sum(k.conflicts for k in keepers),
        "p95_ms": round(outcome.p95 or 0, 1),
        "budget_ms": args.budget_ms,
        "latency_ms": {kind: figures(values) for kind, values in outcome.rows},
        "load_average_before": window.load_before,
        "load_average_after": window.load_after,
        "server_cpu_s": None if window.server_cpu is None else round(window.server_cpu, 1),
        "client_cpu_s": round(window.client_cpu, 1),
        "games": hands["games"],
        "total_s": round(time.monotonic() - outcome.started, 1),
        "ok": not outcome.failed and not outcome.over,
    }


def run_on(args: argparse.Namespace, engine: str) -> Outcome:
    """One load test on one database, reported as it ends."""
    started = time.monotonic()
    setup = set_up(args, engine)
    stats = Stats()
    port = free_port()
    log_fd, log_name = tempfile.mkstemp(prefix="loadtest-gunicorn-", suffix=".log")
    server: subprocess.Popen | None = None
    stop = threading.Event()

    # Hard stop: whatever happens, nothing outlives the window by more than this.
    hard_limit = args.seconds + 180 + args.scorekeepers  # and a second per login

    def hard_stop() -> None:
        print(f"loadtest: hard time limit ({hard_limit:.0f} s) reached; stopping", file=sys.stderr)
        stop_server(server)
        os._exit(3)

    watchdog = threading.Timer(hard_limit, hard_stop)
    watchdog.daemon = True
    try:
        server = start_server(args, setup.env, port, log_fd)
        watchdog.start()
        wait_for_port(port, server, 30)
        window = timed_window(args, setup, server, port, stats, stop)
    finally:
        stop.set()
        stop_server(server)
        os.close(log_fd)
    server_log = Path(log_name).read_text(errors="replace")

    database = shell(DUMP_CODE, setup.env)
    if not args.keep_db:
        setup.drop(args)
    watchdog.cancel()

    hands = check_hands(window.keepers, database)
    outcome = Outcome(
        args, engine, port, len(setup.games), window, stats, hands, server_log, log_name, started
    )
    print_latencies(outcome)
    print_hands(outcome)
    print_machine_and_errors(outcome)
    print_verdict(outcome)
    return outcome


def main() -> int:
    args = parse_args()
    engines = ["sqlite", "postgresql"] if args.on == "both" else [args.on]
    outcomes = [run_on(args, engine) for engine in engines]
    print(
        "\nerrors per database: "
        + ", ".join(
            f"{DATABASE_NAMES[o.engine]} {o.errors} errors, {o.tracebacks} server tracebacks, "
            f"{o.hands['lost']} lost, {o.hands['duplicated']} duplicated"
            for o in outcomes
        )
    )
    print(json.dumps({o.engine: summary(o) for o in outcomes}))
    return 1 if any(o.failed or o.over for o in outcomes) else 0


if __name__ == "__main__":
    try:
        import psycopg  # noqa: F401
    except ImportError:  # not the project's venv: run again with it
        if VENV_PYTHON.exists() and Path(sys.executable).resolve() != VENV_PYTHON.resolve():
            os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), __file__, *sys.argv[1:]])
        raise
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        print(f"loadtest: {exc.cmd} failed: {exc.stderr}", file=sys.stderr)
        sys.exit(2)
    except SystemExit as exc:
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
            sys.exit(2)
        raise
