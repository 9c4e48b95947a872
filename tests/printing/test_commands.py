"""The three printing commands: one run each as a user would (a subprocess, debug off), and
their refusals through call_command."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.gamefiles import EXAMPLE

from .helpers import flat, page_sizes, text_of

ROOT = Path(__file__).resolve().parents[2]

GAME = EXAMPLE


def manage(*args: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_DEBUG"}
    env |= {"DJANGO_SETTINGS_MODULE": "scorekeeper.settings", "DJANGO_SECRET_KEY": "test-" * 10}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        env=env,
        timeout=120,
    )


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line a command refuses `args` with, status 1: a CommandError from the command,
    or (for arguments it can't parse) a line on standard error and exit status 1."""
    try:
        call_command(*args, stdout=io.StringIO(), stderr=io.StringIO())
    except CommandError as error:
        assert error.returncode == 1
        message = str(error)
    except SystemExit as stop:
        assert stop.code == 1
        message = capsys.readouterr().err
    else:
        raise AssertionError(f"{args} was not refused")
    assert len(message.strip().splitlines()) == 1, message
    return message


def test_rulesheet_writes_the_rule_sheet_to_the_file(tmp_path):
    out = tmp_path / "rules.pdf"
    result = manage("rulesheet", "pfh-partnership", "--paper", "a4", "-o", str(out))

    assert result.returncode == 0, result.stderr
    assert "25,000" in flat(out.read_bytes())
    assert page_sizes(out.read_bytes())[0] == (595, 842)


def test_scorepad_writes_a_pad_with_the_given_names(tmp_path):
    out = tmp_path / "pad.pdf"
    result = manage(
        "scorepad",
        "miromar-canasta",
        "--sides",
        "2",
        "--names",
        "Ann & Cy,Bob & Di",
        "--paper",
        "letter",
        "-o",
        str(out),
    )

    assert result.returncode == 0, result.stderr
    text = flat(out.read_bytes())
    assert "Ann & Cy" in text and "Bob & Di" in text


def test_scoresheet_writes_the_sheet_of_a_game_file(tmp_path):
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME), encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    result = manage("scoresheet", str(game), "--date", "2026-03-14", "-o", str(out))

    assert result.returncode == 0, result.stderr
    text = flat(out.read_bytes())
    assert "1,435" in text and "1,855" in text and "235" in text


@pytest.mark.parametrize(
    "args, words",
    [
        (["rulesheet", "nope", "-o", "x.pdf"], "no rule set called 'nope'"),
        (["rulesheet", "ten-pennies"], "-o"),
        (["rulesheet", "ten-pennies", "--paper", "legal", "-o", "x.pdf"], "letter or a4"),
        (["scorepad", "miromar-canasta", "--sides", "3", "-o", "x.pdf"], "2 sides, not 3"),
        (["scorepad", "miromar-canasta", "--sides", "two", "-o", "x.pdf"], "invalid int"),
        (["scorepad", "ten-pennies", "--sides", "2", "--names", "a,b,c", "-o", "x.pdf"], "names"),
        (["scoresheet", "/no/such/game.json", "-o", "x.pdf"], "no file called"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_1(args, words, tmp_path, capsys):
    args = [str(tmp_path / a) if a == "x.pdf" else a for a in args]

    message = refused(capsys, *args)

    assert words in message
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(
    "content, words",
    [
        ("{", "not valid JSON"),
        (json.dumps({**GAME, "rules": "bridge"}), "no rule set called 'bridge'"),
        (
            json.dumps({**GAME, "hands": [{"tallies": {"Ann & Cy": {"threes": 9}}}]}),
            "Hand 1",
        ),
    ],
)
def test_a_bad_game_file_gives_one_line_and_exit_1(content, words, tmp_path, capsys):
    game = tmp_path / "game.json"
    game.write_text(content, encoding="utf-8")

    message = refused(capsys, "scoresheet", str(game), "-o", str(tmp_path / "x.pdf"))

    assert words in message
    assert not (tmp_path / "x.pdf").exists()


def test_scoresheet_refuses_a_first_dealer_that_contradicts_the_dealers_in_the_file(
    tmp_path, capsys
):
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME), encoding="utf-8")
    dealer = GAME["hands"][0]["dealer"]
    other = next(p for p in GAME["players"] if p != dealer)

    message = refused(
        capsys, "scoresheet", str(game), "--first-dealer", other, "-o", str(tmp_path / "x.pdf")
    )

    assert f"says {dealer} dealt it" in message
    assert not (tmp_path / "x.pdf").exists()


# -- house rules named by a word, and refusals that name their rule -------------------------------


@pytest.mark.parametrize("command", ["rulesheet", "scorepad"])
def test_hand_and_foot_without_wild_books_is_asked_for_as_none(command, tmp_path):
    out = tmp_path / "out.pdf"
    sides = ["--sides", "2"] if command == "scorepad" else []

    call_command(command, "hand-and-foot", *sides, "--house", "wild_book=none", "-o", str(out))

    assert "no wild books" in flat(out.read_bytes()).lower()


@pytest.mark.parametrize(
    ("house", "line"),
    [
        ("wild_book=abc", "wild_book: a house rule is yes, no, none or a whole number, not 'abc'"),
        ("wild_book=7", "house rule wild_book can be none, 1,000 or 1,500, not 7"),
        ("deals=none", "house rule deals can be 4 or 5, not 'none'"),
        ("deals=7", "house rule deals can be 4 or 5, not 7"),
        ("wild_book_to_go_out=7", "house rule wild_book_to_go_out can be true or false, not 7"),
    ],
)
def test_a_house_rule_value_refused_names_its_rule_and_what_it_can_be(
    house, line, tmp_path, capsys
):
    out = tmp_path / "x.pdf"

    message = refused(capsys, "rulesheet", "hand-and-foot", "--house", house, "-o", str(out))

    assert message == line
    assert not out.exists()


# -- the names of a pad: refused as a game file refuses them ------------------------------------


@pytest.mark.parametrize(
    ("names", "line"),
    [
        ("Ann,Bob,Ann", "Ann is listed twice; every player needs a different name"),
        ("Ann,,Cy", "name 2 of 3 is empty: give every player a name, or leave the names out"),
        ("Ann, ,Cy", "name 2 of 3 is empty: give every player a name, or leave the names out"),
        ("Ann,B\x07ob,Cy", "“Bob” holds an invisible character (U+0007); type it again without it"),
        (
            "Ann,B\u200bob,Cy",
            "“Bob” holds an invisible character (U+200B); type it again without it",
        ),
    ],
)
def test_scorepad_refuses_names_a_game_file_refuses_in_one_line(names, line, tmp_path, capsys):
    out = tmp_path / "x.pdf"

    message = refused(
        capsys, "scorepad", "liverpool", "--sides", "3", "--names", names, "-o", str(out)
    )

    assert message == line
    assert not out.exists()


def test_scorepad_refuses_two_sides_of_one_name(tmp_path, capsys):
    out = tmp_path / "x.pdf"
    names = "Ann & Cy,Ann & Cy"

    message = refused(
        capsys, "scorepad", "canasta", "--sides", "2", "--names", names, "-o", str(out)
    )

    assert message == "Ann & Cy is listed twice; every side needs a different name"


def test_scorepad_names_the_players_left_unnamed_player_3_and_prints_no_letters(tmp_path):
    out = tmp_path / "pad.pdf"

    call_command("scorepad", "liverpool", "--sides", "4", "--names", "Ann,Bob", "-o", str(out))

    text = text_of(out.read_bytes())
    assert "Ann" in text and "Bob" in text
    assert "Player 3" in text and "Player 4" in text
    assert "Player C" not in text and "Player D" not in text


# -- the language a printout is written in (issue 41) ---------------------------------------------


@pytest.mark.parametrize(
    ("command", "language", "grouped"),
    [("rulesheet", "pt-BR", "25.000"), ("scoresheet", "PT-br", "1.435")],
)
def test_language_writes_the_printout_in_that_language(command, language, grouped, tmp_path):
    """pt-BR (any case) is Brazilian Portuguese: its numbers grouped as it groups them."""
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME), encoding="utf-8")
    source = "pfh-partnership" if command == "rulesheet" else str(game)
    out = tmp_path / "out.pdf"
    errors = io.StringIO()

    call_command(command, source, "--language", language, "-o", str(out), stderr=errors)

    assert out.read_bytes().startswith(b"%PDF")
    assert grouped in flat(out.read_bytes())
    assert errors.getvalue() == ""


def test_a_language_the_app_lacks_prints_in_english_after_one_line_that_says_so(tmp_path):
    out = tmp_path / "pad.pdf"
    result = manage("scorepad", "canasta", "--sides", "2", "--language", "xx", "-o", str(out))

    assert result.returncode == 0, result.stderr
    assert len(result.stderr.decode().strip().splitlines()) == 1
    assert "'xx'" in result.stderr.decode() and "English" in result.stderr.decode()
    text = flat(out.read_bytes())
    assert "Score pad" in text and "Winner" in text
