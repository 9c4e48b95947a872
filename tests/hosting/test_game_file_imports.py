"""Game files from outside: the import page, `import_games` and `score_game` read them the same
way, refuse what a game cannot hold with a message, and import in one pass however long."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.management.commands import import_games
from games.models import Game, Hand, Player
from games.rules.core import RuleSet

TEN_PENNIES_ROUND = {
    "Ann": {"points": 0, "cards": 0, "buys": 1},
    "Bob": {"points": 25, "cards": 3},
    "Cy": {"points": 10, "cards": 2},
}


def ten_pennies(players: list[str] | None = None, rounds: int = 2, **extra: Any) -> dict:
    players = players or ["Ann", "Bob", "Cy"]
    names = dict(zip(["Ann", "Bob", "Cy"], players, strict=True))
    tally = {names[name]: counts for name, counts in TEN_PENNIES_ROUND.items()}
    return {
        "rules": "ten-pennies",
        "players": players,
        "hands": [{"tallies": tally} for _ in range(rounds)],
        **extra,
    }


def partnership(hands: int, **extra: Any) -> dict:
    """A Pennies From Heaven partnership game of `hands` small bare-total hands."""
    return {
        "rules": "pfh-partnership",
        "players": ["Ann", "Bob", "Cy", "Di"],
        "sides": [
            {"name": "Ann & Cy", "players": ["Ann", "Cy"]},
            {"name": "Bob & Di", "players": ["Bob", "Di"]},
        ],
        "hands": [{"tallies": {"Ann & Cy": {"total": 10}, "Bob & Di": {"total": 5}}}] * hands,
        **extra,
    }


UNSTORABLE = {
    "a 61-letter name": (ten_pennies(["A" * 61, "Bob", "Cy"]), "longer than a name can be"),
    "a NUL in a name": (ten_pennies(["An\x00n", "Bob", "Cy"]), "not text"),
    "a lone surrogate in a name": (ten_pennies(["An\ud800", "Bob", "Cy"]), "not text"),
    "a NUL in the owner": (ten_pennies(owner="dora\x00"), "not text"),
}
CASES = pytest.mark.parametrize(("data", "message"), UNSTORABLE.values(), ids=list(UNSTORABLE))


@CASES
def test_score_game_refuses_what_a_game_cannot_hold(tmp_path: Path, data: dict, message: str):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))

    with pytest.raises(CommandError) as raised:
        call_command("score_game", str(path), stdout=io.StringIO())

    assert message in str(raised.value) and "\n" not in str(raised.value)


@CASES
def test_the_import_page_refuses_what_a_game_cannot_hold(
    alice_client: Client, data: dict, message: str
) -> None:
    response = alice_client.post(reverse("import_game"), {"text": json.dumps(data)})

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Game.objects.exists() and not Player.objects.exists()


@CASES
def test_import_games_names_the_bad_file_and_imports_the_rest(
    tmp_path: Path, alice: User, capsys: pytest.CaptureFixture[str], data: dict, message: str
) -> None:
    (tmp_path / "game-1.json").write_text(json.dumps(ten_pennies()))
    (tmp_path / "game-2.json").write_text(json.dumps(data))
    (tmp_path / "game-3.json").write_text(json.dumps(ten_pennies()))

    with pytest.raises(CommandError) as raised:
        call_command("import_games", str(tmp_path), owner="alice")

    assert "Imported 2 games; 1 file could not be imported" in str(raised.value)
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(str(tmp_path / "game-2.json")) and message in line
    assert Game.objects.count() == 2


UNSTORABLE_DATES = {
    "created after the year 9999 in UTC": {"created": "9999-12-31T23:59:59-23:59"},
    "updated before the year 1 in UTC": {"updated": "0001-01-01T00:00:00+05:00"},
    "created in the year 10": {"created": "0010-06-01T12:00:00+00:00"},
    "a day that does not exist": {"updated": "2025-02-30T20:15:00+00:00"},
}


@pytest.mark.parametrize("dates", UNSTORABLE_DATES.values(), ids=list(UNSTORABLE_DATES))
def test_import_games_refuses_a_backup_date_it_cannot_store_and_imports_the_rest(
    tmp_path: Path, alice: User, capsys: pytest.CaptureFixture[str], dates: dict
) -> None:
    (tmp_path / "game-1.json").write_text(json.dumps(ten_pennies()))
    (tmp_path / "game-2.json").write_text(json.dumps(ten_pennies(**dates)))
    (tmp_path / "game-3.json").write_text(json.dumps(ten_pennies()))

    with pytest.raises(CommandError) as raised:
        call_command("import_games", str(tmp_path), owner="alice")

    assert "Imported 2 games; 1 file could not be imported" in str(raised.value)
    [line] = capsys.readouterr().err.strip().splitlines()
    [key] = dates
    assert line.startswith(str(tmp_path / "game-2.json"))
    assert f'"{key}" must be a date and time from the year 1900 to 9000' in line
    assert Game.objects.count() == 2


@pytest.mark.parametrize("error", [ValueError("bad value"), OverflowError("out of range")])
def test_a_value_no_check_foresaw_fails_that_file_only(
    tmp_path: Path,
    alice: User,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    error: Exception,
) -> None:
    real = import_games.import_game_file

    def import_game_file(content: bytes, **options: Any) -> Game:
        if b"Zed" in content:
            raise error
        return real(content, **options)

    monkeypatch.setattr(import_games, "import_game_file", import_game_file)
    (tmp_path / "game-1.json").write_text(json.dumps(ten_pennies()))
    (tmp_path / "game-2.json").write_text(json.dumps(ten_pennies(["Zed", "Bob", "Cy"])))
    (tmp_path / "game-3.json").write_text(json.dumps(ten_pennies()))

    with pytest.raises(CommandError) as raised:
        call_command("import_games", str(tmp_path), owner="alice")

    assert "Imported 2 games; 1 file could not be imported" in str(raised.value)
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(str(tmp_path / "game-2.json")) and str(error) in line
    assert Game.objects.count() == 2


def test_reopened_no_is_refused_rather_than_read_as_yes(
    tmp_path: Path, alice: User, capsys: pytest.CaptureFixture[str]
) -> None:
    finished = ten_pennies(rounds=7, reopened="no")
    (tmp_path / "game.json").write_text(json.dumps(finished))

    with pytest.raises(CommandError):
        call_command("import_games", str(tmp_path), owner="alice")

    assert '"reopened" must be true or false' in capsys.readouterr().err
    assert not Game.objects.filter(reopened=True).exists()


def test_the_page_and_the_command_pick_the_same_first_dealer(
    tmp_path: Path, alice: User, alice_client: Client
) -> None:
    data = ten_pennies()
    data["hands"][0]["dealer"] = "Bob"
    (tmp_path / "game.json").write_text(json.dumps(data))

    alice_client.post(reverse("import_game"), {"text": json.dumps(data)})
    call_command("import_games", str(tmp_path), owner="alice", stdout=io.StringIO())

    assert [game.first_dealer for game in Game.objects.all()] == ["Bob", "Bob"]


def counting_scored_hands(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one for every hand the engine scores."""
    scored: list[int] = []
    real = RuleSet.score_hand

    def score_hand(*args: Any) -> Any:
        scored.append(1)
        return real(*args)

    monkeypatch.setattr(RuleSet, "score_hand", score_hand)
    return scored


def test_a_file_longer_than_any_real_game_is_refused_before_scoring_a_hand(
    alice_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    scored = counting_scored_hands(monkeypatch)

    response = alice_client.post(reverse("import_game"), {"text": json.dumps(partnership(5000))})

    assert response.status_code == 422
    assert "runs to 5,000 hands (300 hands at most)" in response.content.decode()
    assert scored == [] and not Game.objects.exists()


@pytest.mark.parametrize(("rules", "most"), [("pfh-three-hands", 3), ("ten-pennies", 7)])
def test_each_rule_set_says_how_long_a_game_can_be(rules: str, most: int) -> None:
    from games.rules import get_rule_set

    assert get_rule_set(rules).most_hands == most


def test_the_longest_game_a_rule_set_accepts_imports_whole(alice_client: Client) -> None:
    response = alice_client.post(reverse("import_game"), {"text": json.dumps(partnership(300))})

    assert response.status_code == 302
    game = Game.objects.get()
    assert Hand.objects.filter(game=game).count() == 300
    assert game.score().totals == {"Ann & Cy": 3000, "Bob & Di": 1500}


def importing(alice_client: Client, hands: int, monkeypatch: pytest.MonkeyPatch) -> tuple:
    """(queries, hands scored by the engine) to import a game of `hands` hands."""
    scored = counting_scored_hands(monkeypatch)
    with CaptureQueriesContext(connection) as queries:
        # The same game again on purpose (the warm-up made the roster): no question asked.
        response = alice_client.post(
            reverse("import_game"),
            {"text": json.dumps(partnership(hands)), "second_copy": "1"},
        )
    assert response.status_code == 302
    monkeypatch.undo()
    return len(queries), len(scored)


def test_an_import_scores_each_hand_once_and_writes_them_in_bulk(
    alice_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    importing(alice_client, 6, monkeypatch)  # the roster's players are made here
    few_queries, few_scored = importing(alice_client, 6, monkeypatch)
    many_queries, many_scored = importing(alice_client, 120, monkeypatch)

    assert (few_scored, many_scored) == (6, 120)
    # Bulk inserts: a few more batches at most (SQLite caps the values a query may carry).
    assert many_queries - few_queries <= 4, (few_queries, many_queries)


def test_escaped_emoji_and_brackets_in_names_are_fine(alice_client: Client) -> None:
    # json.dumps writes the emoji as a surrogate pair escape: both halves, so storable.
    data = ten_pennies(["Ann \U0001f600", "[[[[[[[[[[[[[[[[Bob", 'Cy "\\" {{{{{{{{{{{{{{'])

    response = alice_client.post(reverse("import_game"), {"text": json.dumps(data)})

    assert response.status_code == 302
    assert Game.objects.get().players == data["players"]
