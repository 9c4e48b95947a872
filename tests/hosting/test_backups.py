"""`export_games DIR` and `import_games DIR`: a backup and its restore give the same games."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.utils import timezone

from games.models import Game, Player
from games.rules.gamefile import read_game_file
from tests.conftest import GameFactory
from tests.gamefiles import EXAMPLE

MIROMAR_HANDS = [hand["tallies"] for hand in EXAMPLE["hands"]]

PENNIES_HANDS = [
    {
        "Ann": {"points": 0, "cards": 0, "buys": 1},
        "Bob": {"points": 25, "cards": 3, "buys": 2},
        "Cy": {"points": 10, "cards": 2},
    },
    {
        "Ann": {"points": 40, "cards": 4},
        "Bob": {"points": 0, "cards": 0},
        "Cy": {"points": 5, "cards": 1, "buys": 1},
    },
]


def snapshot() -> list[dict]:
    """Everything a game is, by owner and creation date (ids change on restore)."""
    result = []
    for game in Game.objects.select_related("owner").order_by("created"):
        score = game.score()
        result.append(
            {
                "owner": game.owner.username,
                "created": game.created,
                "rules": game.rules_slug,
                "options": game.options,
                "players": game.players,
                "sides": game.sides,
                "first_dealer": game.first_dealer,
                "dealers": [hand.dealer for hand in game.hands.all()],
                "hands": [hand.scores for hand in score.hands],
                "totals": score.totals,
                "finished": score.finished,
                "reopened": game.reopened,
                "helpers": sorted(u.username for u in game.co_scorekeepers.all()),
                "share_token": game.share_token,
                "table": game.hand_in_progress,
                "version": game.version,
                "file": game.as_game_file(),
            }
        )
    return result


@pytest.fixture
def games(make_game: GameFactory, alice: User, bob: User) -> list[Game]:
    first = make_game("miromar-canasta", hands=MIROMAR_HANDS)  # bob co-scores
    second = make_game(
        "ten-pennies", players=("Ann", "Bob", "Cy"), hands=PENNIES_HANDS, owner=bob, first_dealer=1
    )
    third = make_game("pfh-partnership")  # no hands yet
    # Miromar's hand in progress: a failed opening for Bob & Di, one opening, the turn card.
    for action, side in (("fail", "1"), ("opened", None), ("turn_card", None)):
        first.track(action, side)
    # Distinct creation dates, so that the snapshot's order is the same after a restore.
    for days, game in enumerate([first, second, third]):
        Game.objects.filter(pk=game.pk).update(
            created=timezone.make_aware(datetime(2025, 1, 10 + days, 20, 15))
        )
    return [first, second, third]


def test_a_round_trip_gives_the_same_games_and_scores(
    games: list[Game], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = snapshot()

    call_command("export_games", str(tmp_path))
    assert "Exported 3 games" in capsys.readouterr().out
    Game.objects.all().delete()
    User.objects.all().delete()
    call_command("import_games", str(tmp_path))

    assert "Imported 3 games" in capsys.readouterr().out
    assert snapshot() == before
    # Owners that were missing are created, with no usable password.
    assert not User.objects.get(username="alice").has_usable_password()
    assert set(Player.objects.filter(owner__username="bob").values_list("name", flat=True)) == {
        "Ann",
        "Bob",
        "Cy",
    }


def test_one_file_per_game_each_a_game_file_with_owner_and_date(
    games: list[Game], tmp_path: Path
) -> None:
    call_command("export_games", str(tmp_path / "backup"))

    files = sorted((tmp_path / "backup").glob("*.json"))
    assert [f.name for f in files] == sorted(f"game-{g.pk}.json" for g in games)
    data = json.loads((tmp_path / "backup" / f"game-{games[1].pk}.json").read_text())
    assert data["owner"] == "bob"
    assert data["created"].startswith("2025-01-11T20:15:00")
    assert data["rules"] == "ten-pennies" and len(data["hands"]) == 2
    # A backup is still a game file: the extra keys are ignored by the reader.
    setup, hands = read_game_file(json.dumps(data))
    assert setup.score(hands).totals == games[1].score().totals


def test_a_reopened_finished_game_stays_reopened(make_game: GameFactory, tmp_path: Path) -> None:
    hands = [{"Ann": {"total": 100}, "Bob": {"total": 50}, "Cy": {"total": 10}}] * 3
    game = make_game("pfh-three-hands", players=("Ann", "Bob", "Cy"), hands=hands)
    assert game.score().finished
    game.reopen()

    call_command("export_games", str(tmp_path))
    Game.objects.all().delete()
    call_command("import_games", str(tmp_path))

    restored = Game.objects.get()
    assert restored.reopened
    assert restored.score().totals == {"Ann": 300, "Bob": 150, "Cy": 30}


def test_a_bad_file_is_named_and_skipped_and_the_rest_imported(
    games: list[Game], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    call_command("export_games", str(tmp_path))
    (tmp_path / "game-broken.json").write_text('{"rules": "whist", "players": []}')
    (tmp_path / "game-not-json.json").write_text("{oops")
    Game.objects.all().delete()

    with pytest.raises(CommandError) as raised:
        call_command("import_games", str(tmp_path))

    assert raised.value.returncode == 1
    assert "Imported 3 games; 2 files could not be imported" in str(raised.value)
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 2
    assert any(
        line.startswith(str(tmp_path / "game-broken.json")) and "whist" in line for line in errors
    )
    assert any(
        line.startswith(str(tmp_path / "game-not-json.json")) and "not valid JSON" in line
        for line in errors
    )
    assert Game.objects.count() == 3


def test_a_file_with_a_bad_hand_saves_nothing_of_that_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = {
        "rules": "ten-pennies",
        "players": ["Ann", "Bob", "Cy"],
        "owner": "dora",
        "hands": [{"tallies": {"Ann": {"points": 5, "cards": 0}}}],
    }
    (tmp_path / "bad.json").write_text(json.dumps(bad))

    with pytest.raises(CommandError):
        call_command("import_games", str(tmp_path / "bad.json"))

    assert not Game.objects.exists()
    assert not User.objects.filter(username="dora").exists()
    assert capsys.readouterr().err.count("\n") == 1


def test_a_plain_game_file_needs_an_owner(tmp_path: Path, alice: User, capsys) -> None:
    plain = {
        "rules": "ten-pennies",
        "players": ["Ann", "Bob", "Cy"],
        "hands": [{"tallies": PENNIES_HANDS[0]}],
    }
    (tmp_path / "plain.json").write_text(json.dumps(plain))

    with pytest.raises(CommandError):
        call_command("import_games", str(tmp_path))
    assert '"owner" must be a username' in capsys.readouterr().err

    call_command("import_games", str(tmp_path), owner="alice")
    game = Game.objects.get()
    assert game.owner == alice
    assert game.score().totals == {"Ann": 0, "Bob": 25, "Cy": 10}
    assert game.created > timezone.now() - timedelta(minutes=5)


def test_a_missing_folder_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="there is no file or folder called"):
        call_command("import_games", str(tmp_path / "nowhere"))


def test_a_restored_game_keeps_its_share_link_so_printed_qr_codes_still_work(
    games: list[Game], tmp_path: Path, client
) -> None:
    token = games[0].share_token
    call_command("export_games", str(tmp_path))
    Game.objects.all().delete()
    call_command("import_games", str(tmp_path))

    response = client.get(f"/live/{token}/")

    assert response.status_code == 200
    assert "Ann &amp; Cy" in response.content.decode()


def test_restoring_a_backup_twice_gives_the_copy_a_new_share_link(
    games: list[Game], tmp_path: Path
) -> None:
    call_command("export_games", str(tmp_path))
    call_command("import_games", str(tmp_path))

    assert Game.objects.count() == 6
    assert Game.objects.values("share_token").distinct().count() == 6


def test_a_broken_hand_in_progress_is_refused_with_the_file_named(
    games: list[Game], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    call_command("export_games", str(tmp_path))
    path = tmp_path / f"game-{games[0].pk}.json"
    data = json.loads(path.read_text())
    data["table"] = {"failed": {"7": 1}}
    path.write_text(json.dumps(data))
    Game.objects.all().delete()

    with pytest.raises(CommandError):
        call_command("import_games", str(tmp_path))

    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(str(path)) and "failed openings" in line
    assert Game.objects.count() == 2


def test_a_hand_in_progress_for_a_rule_set_that_keeps_none_is_refused(
    games: list[Game], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    call_command("export_games", str(tmp_path))
    path = tmp_path / f"game-{games[1].pk}.json"  # Ten Pennies
    data = json.loads(path.read_text())
    data["table"] = {"failed": {"1": 1}}
    path.write_text(json.dumps(data))
    Game.objects.all().delete()

    with pytest.raises(CommandError):
        call_command("import_games", str(tmp_path))

    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(str(path)) and "keeps no hand in progress" in line


def test_a_deleted_games_link_stays_stopped_after_a_restore(
    games: list[Game], tmp_path: Path, client
) -> None:
    games[0].delete_for_a_while()
    games[0].refresh_from_db()
    token, deleted = games[0].share_token, games[0].deleted
    call_command("export_games", str(tmp_path))
    Game.objects.all().delete()
    call_command("import_games", str(tmp_path))

    assert client.get(f"/live/{token}/").status_code == 404
    restored = Game.objects.get(share_token=token)
    assert restored.deleted == deleted  # still in "Recently deleted", restorable as before
    restored.restore()
    assert client.get(f"/live/{token}/").status_code == 200


def test_an_archived_game_stays_archived(games: list[Game], tmp_path: Path) -> None:
    games[1].set_archived(True)
    call_command("export_games", str(tmp_path))
    Game.objects.all().delete()
    call_command("import_games", str(tmp_path))

    assert list(Game.objects.filter(archived=True).values_list("owner__username", flat=True)) == [
        "bob"
    ]
    assert Game.objects.filter(deleted__isnull=False).count() == 0


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("deleted", "last week", '"deleted" must be a date and time'),
        ("deleted", 20250131, '"deleted" must be a date and time'),
        ("archived", "yes", '"archived" must be true or false'),
        ("archived", 1, '"archived" must be true or false'),
    ],
)
def test_a_malformed_deleted_date_or_archived_flag_is_refused_with_the_file_named(
    games: list[Game],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    key: str,
    value: object,
    message: str,
) -> None:
    call_command("export_games", str(tmp_path))
    path = tmp_path / f"game-{games[0].pk}.json"
    data = json.loads(path.read_text())
    data[key] = value
    path.write_text(json.dumps(data))
    Game.objects.all().delete()

    with pytest.raises(CommandError):
        call_command("import_games", str(tmp_path))

    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(str(path)) and message in line
    assert Game.objects.count() == 2
