"""The score_game management command (shared/GAME-FILE.md)."""

from __future__ import annotations

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

ROOT = Path(__file__).resolve().parent.parent
ANN_CY, BOB_DI = "Ann & Cy", "Bob & Di"


def ten_pennies_file(rounds):
    return {
        "rules": "ten-pennies",
        "players": ["Ann", "Bob", "Cy"],
        "hands": [{"tallies": tallies} for tallies in rounds],
    }


def t(points=0, cards=0, buys=0):
    return {"points": points, "cards": cards, "buys": buys}


TWO_ROUNDS = [
    {"Ann": t(0, 0, 1), "Bob": t(25, 3, 2), "Cy": t(60, 5, 0)},
    {"Ann": t(30, 2, 1), "Bob": t(0, 0, 0), "Cy": t(45, 4, 1)},
]


def write(tmp_path, content, name="game.json"):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content), encoding="utf-8")
    return str(path)


def run(path):
    out, err = io.StringIO(), io.StringIO()
    call_command("score_game", path, stdout=out, stderr=err)
    return json.loads(out.getvalue())


def refused(path):
    with pytest.raises(CommandError) as caught:
        call_command("score_game", path, stdout=io.StringIO(), stderr=io.StringIO())
    assert caught.value.returncode == 1
    message = str(caught.value)
    assert "\n" not in message.strip()
    return message


def subprocess_run(args, stdin=None):
    # As a newcomer types it: no Django variables at all (no key, no debug, no settings module).
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    return subprocess.run(
        [sys.executable, "manage.py", "score_game", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


# -- good files --------------------------------------------------------------------------------


def test_the_game_file_example_prints_the_documented_scores_and_totals(tmp_path):
    printed = run(write(tmp_path, EXAMPLE))

    assert printed["rules"] == "miromar-canasta"
    assert [h["number"] for h in printed["hands"]] == [1, 2]
    first = printed["hands"][0]
    assert first["scores"] == {ANN_CY: 200 + 500 + 300 + 2 * 100 + 235, BOB_DI: 300 + 150 - 85}
    assert first["scores"] == {ANN_CY: 1435, BOB_DI: 365}
    assert first["totals"] == {ANN_CY: 1435, BOB_DI: 365}
    assert first["breakdown"][ANN_CY]["went_out"] == 200
    assert sum(first["breakdown"][BOB_DI].values()) == 365
    assert printed["hands"][1]["scores"] == {ANN_CY: 420, BOB_DI: -130}
    assert printed["totals"] == {ANN_CY: 1435 + 420, BOB_DI: 365 - 130}
    assert printed["totals"] == {ANN_CY: 1855, BOB_DI: 235}
    assert printed["opening_minimums"] == {ANN_CY: 125, BOB_DI: 125}
    assert printed["finished"] is False
    assert printed["winners"] == []


def test_a_dash_reads_the_game_file_from_standard_input(monkeypatch):
    data = json.dumps(EXAMPLE).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))

    printed = run("-")

    assert printed["totals"] == {ANN_CY: 1855, BOB_DI: 235}


def test_a_finished_game_prints_its_winner_and_no_minimums(tmp_path):
    game = {
        **EXAMPLE,
        "hands": [*EXAMPLE["hands"], {"tallies": {ANN_CY: {"total": 7_000}, BOB_DI: {"total": 0}}}],
    }

    printed = run(write(tmp_path, game))

    assert printed["totals"] == {ANN_CY: 1855 + 7_000, BOB_DI: 235}
    assert printed["finished"] is True
    assert printed["winners"] == [ANN_CY]
    assert "opening_minimums" not in printed


def test_a_hand_and_foot_game_played_as_an_own_game_prints_it_and_the_next_deals_minimum(
    tmp_path,
):
    game = {
        "rules": "hand-and-foot",
        "options": {"opening_deal_2": 120},
        "players": ["Ann", "Bob", "Cy", "Di"],
        "sides": [
            {"name": ANN_CY, "players": ["Ann", "Cy"]},
            {"name": BOB_DI, "players": ["Bob", "Di"]},
        ],
        "own_game": {"name": "Grandma's Hand and Foot"},
        "hands": [{"tallies": {ANN_CY: {"total": 4_535}, BOB_DI: {"total": 510}}}],
    }

    printed = run(write(tmp_path, game))

    assert printed["own_game"] == {"name": "Grandma's Hand and Foot"}
    # Deal 2 of 4: every side needs the table's 120, whatever its total.
    assert printed["opening_minimums"] == {ANN_CY: 120, BOB_DI: 120}
    assert printed["options"]["deals"] == 4


def test_a_ten_pennies_game_prints_the_next_round_and_the_pot(tmp_path):
    printed = run(write(tmp_path, ten_pennies_file(TWO_ROUNDS)))

    assert printed["rules"] == "ten-pennies"
    assert printed["totals"] == {"Ann": 0 + 30, "Bob": 25 + 0, "Cy": 60 + 45}
    assert "opening_minimums" not in printed
    assert printed["round"]["number"] == 3
    assert printed["round"]["first_down"] == "2 sets of 4"
    assert printed["round"]["wild_cards"] == ["twos"]
    assert printed["round"]["wild_cards_per_set"] == 1
    pot = printed["pot"]
    assert pot["pennies"] == {
        "Ann": (1 + 1) + (0 + 2),
        "Bob": (2 + 0) + (3 + 0),
        "Cy": (0 + 1) + (5 + 4),
    }
    assert pot["total"] == 4 + 5 + 10
    assert pot["buys_left"] == {"Ann": 10 - 2, "Bob": 10 - 2, "Cy": 10 - 1}
    assert pot["payout"] == {}


def test_a_finished_ten_pennies_game_pays_the_pot_to_the_lowest_total(tmp_path):
    rounds = [*TWO_ROUNDS] + [{"Ann": t(0, 0), "Bob": t(5, 1), "Cy": t(5, 1)}] * 5

    printed = run(write(tmp_path, ten_pennies_file(rounds)))

    assert printed["finished"] is True
    assert printed["totals"] == {"Ann": 30, "Bob": 25 + 5 * 5, "Cy": 105 + 5 * 5}
    assert printed["winners"] == ["Ann"]
    assert "round" not in printed
    total = (4 + 5 + 10) + 5 * 2  # two cards caught each later round
    assert printed["pot"]["total"] == total
    assert printed["pot"]["payout"] == {"Ann": total}


def contract_rummy_file(slug, hands, players=("Ann", "Bob", "Cy")):
    return {
        "rules": slug,
        "players": list(players),
        "hands": [{"tallies": tallies} for tallies in hands],
    }


OUT = {"went_out": True}


def test_a_liverpool_game_prints_the_next_deals_contract_and_cards(tmp_path):
    deals = [{"Ann": OUT, "Bob": {"points": 57}, "Cy": {"points": 12}}] * 2

    printed = run(write(tmp_path, contract_rummy_file("liverpool", deals)))

    assert printed["totals"] == {"Ann": 0, "Bob": 57 * 2, "Cy": 12 * 2}
    assert printed["round"] == {"deal": 3, "contract": "two runs", "cards": 10}
    assert printed["options"] == {"ace": 15, "joker": 15}
    assert "opening_minimums" not in printed and "phases" not in printed


def test_a_five_crowns_game_prints_the_next_rounds_cards_and_wild_rank(tmp_path):
    rounds = [{"Ann": OUT, "Bob": {"points": 87}, "Cy": {"points": 0}}] * 5

    printed = run(write(tmp_path, contract_rummy_file("five-crowns", rounds)))

    assert printed["round"] == {"round": 6, "cards": 8, "wild": "8"}
    assert printed["totals"] == {"Ann": 0, "Bob": 87 * 5, "Cy": 0}


def test_a_phase_10_game_prints_the_phase_each_player_plays_next(tmp_path):
    done = {"went_out": True, "completed_phase": True}
    hands = [
        {"Ann": done, "Bob": {"points": 55, "completed_phase": True}},
        {"Ann": {"points": 20}, "Bob": done},
        {"Ann": done, "Bob": {"points": 5}},
    ]

    printed = run(write(tmp_path, contract_rummy_file("phase-10", hands, ("Ann", "Bob"))))

    assert printed["phases"] == {"Ann": 3, "Bob": 3}
    assert printed["totals"] == {"Ann": 20, "Bob": 55 + 5}
    assert "round" not in printed


def test_a_phase_10_hand_after_the_last_phase_is_refused_in_one_line(tmp_path):
    done = {"went_out": True, "completed_phase": True}
    hands = [{"Ann": done, "Bob": {"points": 10}}] * 11

    message = refused(write(tmp_path, contract_rummy_file("phase-10", hands, ("Ann", "Bob"))))

    assert "Hand 11: the game ended after hand 10, when Ann completed phase 10" in message


def test_a_subprocess_prints_the_example_and_exits_0(tmp_path):
    done = subprocess_run([write(tmp_path, EXAMPLE)])

    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["totals"] == {ANN_CY: 1855, BOB_DI: 235}


def stdin_of(monkeypatch, text):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode()), "utf-8"))


def test_a_dash_reads_standard_input(monkeypatch):
    stdin_of(monkeypatch, json.dumps(EXAMPLE))

    assert run("-")["opening_minimums"] == {ANN_CY: 125, BOB_DI: 125}


# -- bad files ---------------------------------------------------------------------------------


def with_hand(tallies, dealer=None, game=EXAMPLE):
    hand = {"tallies": tallies}
    if dealer is not None:
        hand["dealer"] = dealer
    return {**game, "hands": [*game["hands"], hand]}


BAD_FILES = {
    "not-json": ("{rules: miromar", ["not valid JSON"]),
    "unknown-rule-set": ({**EXAMPLE, "rules": "bridge"}, ["bridge", "miromar-canasta"]),
    "unknown-side": (
        with_hand({ANN_CY: {}, BOB_DI: {}, "Ed & Flo": {}}),
        ["Hand 3", "Ed & Flo"],
    ),
    "unknown-dealer": (with_hand({ANN_CY: {}, BOB_DI: {}}, dealer="Zed"), ["Hand 3", "Zed"]),
    "missing-tally": (with_hand({ANN_CY: {"total": 40}}), ["Hand 3", BOB_DI, "no tally"]),
    "negative-count": (
        with_hand({ANN_CY: {}, BOB_DI: {"threes_in_hand": -1}}),
        ["Hand 3", BOB_DI, "Threes left in hand", "negative"],
    ),
    "points-not-multiple-of-5": (
        with_hand({ANN_CY: {"meld_points": 233}, BOB_DI: {}}),
        ["Hand 3", ANN_CY, "Card points on the table", "multiple of 5"],
    ),
    "eleventh-buy": (
        ten_pennies_file([*TWO_ROUNDS, {"Ann": t(5, 1, 9), "Bob": t(0, 0), "Cy": t(5, 1)}]),
        ["Round 3", "Ann", "11 buys"],
    ),
    "fourth-hand-of-three": (
        {
            "rules": "pfh-three-hands",
            "players": ["Ann", "Bob"],
            "hands": [{"tallies": {"Ann": {"total": 10}, "Bob": {"total": 20}}}] * 4,
        },
        ["Hand 4", "3 hands"],
    ),
    "hand-after-the-end": (
        {
            **EXAMPLE,
            "hands": [
                {"tallies": {ANN_CY: {"total": 8_500}, BOB_DI: {"total": 0}}},
                {"tallies": {ANN_CY: {"total": 10}, BOB_DI: {"total": 0}}},
            ],
        },
        ["Hand 2", "8,500"],
    ),
    "goes-out-with-one-canasta": (
        with_hand({ANN_CY: {"went_out": True, "natural_canastas": 1}, BOB_DI: {}}),
        ["Hand 3, Ann & Cy: a side that goes out needs at least two canastas"],
    ),
    "empty-file": ("", ["not valid JSON"]),
    "array-at-top": ("[1, 2, 3]", ["JSON object"]),
    "deeply-nested": ("[" * 100_000 + "]" * 100_000, ["nested too deeply"]),
    "huge-number": (
        '{"rules": "miromar-canasta", "players": [], "x": ' + "9" * 5_000 + "}",
        ["too long"],
    ),
    "over-1-mb": (
        json.dumps({**EXAMPLE, "padding": "x" * 1_100_000}),
        ["1,000,000 bytes"],
    ),
    "not-utf-8": (b"\xff\xfe{}", ["UTF-8"]),
}


@pytest.mark.parametrize(("content", "fragments"), BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_file_raises_a_command_error_saying_what_is_wrong(tmp_path, content, fragments):
    message = refused(write(tmp_path, content))

    for fragment in fragments:
        assert fragment in message


def test_a_missing_file_raises_a_command_error(tmp_path):
    message = refused(str(tmp_path / "nowhere.json"))

    assert "nowhere.json" in message


def test_a_folder_is_not_a_game_file(tmp_path):
    message = refused(str(tmp_path))

    assert "folder" in message


def test_bad_standard_input_raises_a_command_error(monkeypatch):
    stdin_of(monkeypatch, "[")

    assert "not valid JSON" in refused("-")


def test_a_subprocess_with_a_bad_file_exits_1_with_one_line_and_no_traceback(tmp_path):
    done = subprocess_run([write(tmp_path, "{")])

    assert done.returncode == 1
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "not valid JSON" in done.stderr


# -- house rules a section names by a word (RULINGS.md section 8) ------------------------------


def hand_and_foot_file(options):
    return {
        "rules": "hand-and-foot",
        "options": options,
        "players": ["Ann", "Bob", "Cy", "Di"],
        "sides": [
            {"name": ANN_CY, "players": ["Ann", "Cy"]},
            {"name": BOB_DI, "players": ["Bob", "Di"]},
        ],
        "hands": [{"tallies": {ANN_CY: {"clean_books": 1, "meld_points": 35}, BOB_DI: {}}}],
    }


@pytest.mark.parametrize("no_wild_books", ["none", None, 0], ids=["none", "null", "old-0"])
def test_hand_and_foot_without_wild_books_is_read_as_none_null_or_an_old_files_0(
    tmp_path, no_wild_books
):
    printed = run(write(tmp_path, hand_and_foot_file({"wild_book": no_wild_books})))

    assert printed["options"]["wild_book"] == "none"
    assert printed["totals"] == {ANN_CY: 500 + 35, BOB_DI: 0}


def test_a_score_pad_without_a_target_prints_none_as_its_section_names_it(tmp_path):
    game = {"rules": "score-pad", "options": {"target": "none"}, "players": ["Ann", "Bob"]}

    printed = run(write(tmp_path, game))

    assert printed["options"]["target"] == "none"
    assert printed["options"]["hands"] == "none"


@pytest.mark.parametrize(
    ("options", "line"),
    [
        ({"wild_book": "None"}, "house rule wild_book can be none, 1,000 or 1,500, not 'None'"),
        ({"wild_book": 7}, "house rule wild_book can be none, 1,000 or 1,500, not 7"),
        ({"wild_book": "1500"}, "house rule wild_book can be none, 1,000 or 1,500, not '1500'"),
        ({"deals": None}, "house rule deals can be 4 or 5, not null"),
        ({"deals": "none"}, "house rule deals can be 4 or 5, not 'none'"),
        (
            {"wild_book_to_go_out": "yes"},
            "house rule wild_book_to_go_out can be true or false, not 'yes'",
        ),
        ({"wild_book_to_go_out": 1}, "house rule wild_book_to_go_out can be true or false, not 1"),
        ({"clean_book": True}, "house rule clean_book can be 300 or 500, not true"),
        ({"clean_book": [500]}, "house rule clean_book can be 300 or 500, not a list"),
    ],
)
def test_a_house_rule_value_not_offered_is_refused_saying_what_the_rule_can_be(
    tmp_path, options, line
):
    assert refused(write(tmp_path, hand_and_foot_file(options))) == line


def test_options_that_are_not_an_object_are_refused_in_the_same_words(tmp_path):
    message = refused(write(tmp_path, hand_and_foot_file(["wild_book"])))

    assert message == 'options can be an object of house rules, e.g. {"target": 7500}, not a list'


@pytest.mark.parametrize("name", ["B\x07ob", "B\u200bob", "B\u202eob"])
def test_a_player_name_holding_an_invisible_character_is_refused_as_the_import_refuses_it(
    tmp_path, name
):
    """score_game, the import and the pads all refuse a name with a character nobody sees."""
    game = {
        "rules": "five-crowns",
        "players": ["Ann", name, "Cy"],
        "hands": [],
    }

    message = refused(write(tmp_path, game))

    assert "“Bob” holds an invisible character" in message
