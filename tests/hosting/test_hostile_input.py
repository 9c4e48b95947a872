"""What a hostile (or careless) user can type or upload is shown as typed, or refused clearly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from games.models import NAME_LENGTH, Game, Player
from games.rules.gamefile import MAX_GAME_FILE_BYTES

SCRIPT = "<script>alert(1)</script>"
QUOTES = """O'Hara "Bud" <img src=x onerror=alert(2)>&amp;"""
SCRIPT_ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
QUOTES_ESCAPED = "O&#x27;Hara &quot;Bud&quot; &lt;img src=x onerror=alert(2)&gt;&amp;amp;"

TOO_BIG = "over 1,000,000 bytes"
TOO_DEEP = "nested too deeply"


def seats(*names: str) -> dict[str, str]:
    return {f"seat{index}": name for index, name in enumerate(names)}


def start(client: Client, *names: str, rules: str = "ten-pennies") -> Game:
    response = client.post(
        reverse("new_game"), {"rules": rules, "first_dealer": 0, **seats(*names)}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get()


def test_a_script_in_a_name_is_shown_as_typed_never_run(alice_client: Client) -> None:
    game = start(alice_client, SCRIPT, QUOTES, "Cy")

    assert game.players == [SCRIPT, QUOTES, "Cy"]
    for url in (
        reverse("game", args=[game.pk]),
        reverse("hand_new", args=[game.pk]),
        reverse("home"),
        reverse("new_game"),  # the roster of names used before
    ):
        page = alice_client.get(url).content.decode()
        assert SCRIPT not in page, url
        assert "<img" not in page, url
        assert SCRIPT_ESCAPED in page, url
        assert QUOTES_ESCAPED in page, url


def test_a_script_in_a_team_name_is_escaped_on_the_scoreboard(alice_client: Client) -> None:
    game = start(alice_client, SCRIPT, "Bob", QUOTES, "Di", rules="miromar-canasta")
    team = f"{SCRIPT} & {QUOTES}"
    assert game.side_names[0] == team

    page = alice_client.get(reverse("game", args=[game.pk])).content.decode()

    assert SCRIPT not in page
    assert f"{SCRIPT_ESCAPED} &amp; {QUOTES_ESCAPED}" in page


def test_a_name_of_60_characters_is_fine(alice_client: Client) -> None:
    game = start(alice_client, "A" * NAME_LENGTH, "Bob", "Cy")

    assert game.players[0] == "A" * 60


def test_a_name_over_60_characters_is_refused_with_a_message(alice_client: Client) -> None:
    response = alice_client.post(
        reverse("new_game"),
        {"rules": "ten-pennies", "first_dealer": 0, **seats("A" * 61, "Bob", "Cy")},
    )

    assert response.status_code == 200
    assert "Names can be at most 60 characters long." in response.content.decode()
    assert not Game.objects.exists()
    assert not Player.objects.exists()


def test_a_huge_name_is_refused_too(alice_client: Client) -> None:
    response = alice_client.post(
        reverse("new_game"),
        {"rules": "ten-pennies", "first_dealer": 0, **seats("A" * 100_000, "Bob", "Cy")},
    )

    assert "Names can be at most 60 characters long." in response.content.decode()
    assert not Game.objects.exists()


def big_game_file() -> str:
    """A game file just over the limit: valid JSON, padded with a long player name."""
    data = {"rules": "ten-pennies", "players": ["Ann", "Bob", "Cy"], "hands": []}
    padding = MAX_GAME_FILE_BYTES + 1 - len(json.dumps(data))
    data["note"] = "x" * padding
    text = json.dumps(data)
    assert len(text.encode()) > MAX_GAME_FILE_BYTES
    return text


def deep_game_file(depth: int = 1_000) -> str:
    return (
        '{"rules": "ten-pennies", "players": ["Ann", "Bob", "Cy"], "hands": '
        + ("[" * depth + "]" * depth)
        + "}"
    )


@pytest.mark.parametrize(
    ("make", "message"), [(big_game_file, TOO_BIG), (deep_game_file, TOO_DEEP)]
)
def test_the_import_page_refuses_an_uploaded_monster(
    alice_client: Client, make, message: str
) -> None:
    upload = SimpleUploadedFile("game.json", make().encode(), "application/json")

    response = alice_client.post(reverse("import_game"), {"file": upload})

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_the_import_page_refuses_a_pasted_deep_file(alice_client: Client) -> None:
    response = alice_client.post(reverse("import_game"), {"text": deep_game_file()})

    assert response.status_code == 422
    assert TOO_DEEP in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("make", "message"), [(big_game_file, TOO_BIG), (deep_game_file, TOO_DEEP)]
)
def test_score_game_refuses_a_monster_in_one_line(tmp_path: Path, make, message: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(make())

    with pytest.raises(CommandError) as raised:
        call_command("score_game", str(path))

    assert raised.value.returncode == 1
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    ("make", "message"), [(big_game_file, TOO_BIG), (deep_game_file, TOO_DEEP)]
)
def test_import_games_refuses_a_monster_and_names_it(
    tmp_path: Path, alice: User, capsys: pytest.CaptureFixture[str], make, message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(make())

    with pytest.raises(CommandError):
        call_command("import_games", str(tmp_path), owner="alice")

    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(str(path)) and message in line
    assert not Game.objects.exists()
