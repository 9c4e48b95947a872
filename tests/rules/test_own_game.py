"""A table's own game in the engine (RULINGS.md section 15, GAME-FILE.md `own_game`): its limits,
scoring exactly as its rule set with its house rules, and the game file both ways."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules import OwnGame, RulesError
from games.rules.gamefile import read_game_file, report, write_game_file
from games.rules.names import folded
from games.rules.own_game import check_own_game_name, check_own_game_note
from games.words import game_name, game_title

from . import worded
from .refusals import said

SAMBA_FILE: dict[str, Any] = {
    "rules": "samba",
    "options": {"target": 7_500},
    "players": ["Ann", "Bob"],
    "own_game": {"name": "Friday Samba", "note": "Drinks on the loser."},
    "hands": [{"tallies": {"Ann": {"total": 7_600}, "Bob": {"total": 100}}}],
}


def test_a_game_played_as_an_own_game_scores_exactly_as_its_rule_set_with_its_house_rules():
    as_own = read_game_file(json.dumps(SAMBA_FILE))
    plain = read_game_file(json.dumps({k: v for k, v in SAMBA_FILE.items() if k != "own_game"}))

    own_report, plain_report = report(as_own[0].score(as_own[1])), report(plain[0].score(plain[1]))

    assert own_report.pop("own_game") == {"name": "Friday Samba", "note": "Drinks on the loser."}
    assert own_report == plain_report
    # The house rule (game to 7,500) ended the game: Ann's 7,600 wins.
    assert (own_report["finished"], own_report["winners"]) == (True, ["Ann"])


def test_the_game_file_keeps_the_own_game_both_ways():
    setup, hands = read_game_file(json.dumps(SAMBA_FILE))

    written = write_game_file(setup, hands)

    assert written["own_game"] == SAMBA_FILE["own_game"]
    assert worded.english(game_title, setup) == "Friday Samba \u2014 Samba with house rules"
    assert worded.english(game_name, setup) == "Friday Samba"


def test_a_file_without_own_game_reports_none():
    data = {k: v for k, v in SAMBA_FILE.items() if k != "own_game"}
    setup, hands = read_game_file(json.dumps(data))

    assert "own_game" not in report(setup.score(hands))
    assert "own_game" not in write_game_file(setup, hands)
    assert worded.english(game_title, setup) == "Samba"


@pytest.mark.parametrize(
    ("own_game", "problem"),
    [
        ({"name": ""}, "own_game: give your game a name"),
        ({"name": "   "}, "own_game: give your game a name"),
        ({"name": 7}, "own_game: give your game a name"),
        ({"name": "x" * 61}, "own_game: a game's name can be at most 60 characters long"),
        ({"name": "Fri\u200bday"}, "own_game: the game's name holds an invisible character"),
        ({"name": "Friday", "note": "y" * 501}, "at most 500 characters"),
        ({"name": "Friday", "note": 5}, "own_game: the game's note must be text"),
        ({"name": "Friday", "rules": "samba"}, 'own_game must be an object with a "name"'),
        (["Friday"], 'own_game must be an object with a "name"'),
    ],
)
def test_a_broken_own_game_refuses_the_file_in_one_line(own_game, problem):
    with pytest.raises(RulesError) as refused:
        read_game_file(json.dumps(SAMBA_FILE | {"own_game": own_game}))

    assert problem in said(refused.value)
    assert "\n" not in said(refused.value)


def test_a_name_of_60_characters_and_a_note_of_500_are_kept():
    assert check_own_game_name("  " + "x" * 60 + " ") == "x" * 60
    assert check_own_game_note("y" * 500) == "y" * 500
    assert OwnGame("x" * 60, "y" * 500).as_dict() == {"name": "x" * 60, "note": "y" * 500}


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Grandma's Game", "GRANDMA'S GAME"),
        ("Grandma's Game", "Grandma's   Game "),
        ("Canasta Night", "С\u0430n\u0430st\u0430 Night"),  # Cyrillic С and а
        ("Ｐ２ Rummy", "P2 rummy"),
    ],
)
def test_names_that_look_the_same_fold_to_the_same(one, other):
    assert folded(one) == folded(other)


def test_names_that_differ_do_not_fold_together():
    assert folded("Grandma's Game") != folded("Grandpa's Game")
