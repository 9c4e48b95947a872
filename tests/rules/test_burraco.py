"""Burraco (RULINGS.md section 17): its scores, every check refused with its code, every house
rule, the free game to a target and the tournament game in victory points (both columns of the
table at every boundary), and its game file. Every number is typed from the RULINGS text, never
read from the engine."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from games.rules import RulesError, Side, get_rule_set
from games.rules.gamefile import read_game_file, report, write_game_file

from .helpers import TWO, bare, hand, new_game, one_hand, refusal, score
from .refusals import said

SLUG = "burraco"
NS, EW = "N/S", "E/W"
SEATS = ("Nora", "Emil", "Sara", "Walt")
SIDES = {NS: ("Nora", "Sara"), EW: ("Emil", "Walt")}

#: The worked hand of section 17: N/S closed; E/W never took its pozzetto.
CLOSED = {
    "clean_burracos": 1,
    "semi_clean_burracos": 1,
    "dirty_burracos": 2,
    "meld_points": 705,
    "hand_points": 40,
    "went_out": True,
}
OTHER = {"meld_points": 215, "hand_points": 85, "pozzetto_not_taken": True}
QUIET = {"meld_points": 60, "hand_points": 30}
HIGH = {"meld_points": 4_000, "hand_points": 30}


def partners(options: dict[str, Any] | None = None) -> Any:
    return new_game(SLUG, SEATS, SIDES, options)


# -- scores ------------------------------------------------------------------------------------

SCORES: dict[str, tuple[dict[str, Any], dict[str, Any], dict[str, Any], int, int]] = {
    "worked hand": ({}, CLOSED, OTHER, 1_315, 30),
    "semi-clean at 100: typed as dirty": (
        {"semi_clean": 100},
        {
            "clean_burracos": 1,
            "dirty_burracos": 3,
            "meld_points": 705,
            "hand_points": 40,
            "went_out": True,
        },
        OTHER,
        200 + 300 + 705 - 40 + 100,
        30,
    ),
    "nobody closed": ({}, QUIET, OTHER, 30, 30),
    "clean to close, with a clean one": ({"clean_to_close": True}, CLOSED, OTHER, 1_315, 30),
}


@pytest.mark.parametrize(
    ("options", "first", "second", "expected_first", "expected_second"),
    SCORES.values(),
    ids=SCORES,
)
def test_a_hand_scores_as_section_17_says(options, first, second, expected_first, expected_second):
    assert one_hand(partners(options), first, second) == {NS: expected_first, EW: expected_second}


def test_the_worked_hand_itemized():
    result = score(partners(), {NS: CLOSED, EW: OTHER})

    parts = result.hands[0].breakdown
    assert parts[NS]["semi_clean_burracos"] == 150
    assert parts[NS]["dirty_burracos"] == 200
    assert parts[NS]["went_out"] == 100
    assert parts[EW]["pozzetto_not_taken"] == -100


# -- checks ------------------------------------------------------------------------------------

REFUSED: dict[str, tuple[dict[str, Any], bool, dict[str, Any], dict[str, Any], str]] = {
    "two sides closed": ({}, True, CLOSED, {**CLOSED, "hand_points": 0}, "only_one_side_goes_out"),
    "closed without the pozzetto": (
        {},
        True,
        {**CLOSED, "pozzetto_not_taken": True},
        QUIET,
        "side_closed_without_pozzetto",
    ),
    "closed with no burraco": (
        {},
        True,
        {"meld_points": 100, "hand_points": 10, "went_out": True},
        QUIET,
        "side_closes_with_burraco",
    ),
    "closed without a clean burraco where one is needed": (
        {"clean_to_close": True},
        True,
        {**CLOSED, "clean_burracos": 0},
        QUIET,
        "side_closes_with_clean_burraco",
    ),
    "a player closed without the pozzetto": (
        {},
        False,
        {**CLOSED, "hand_points": 0, "pozzetto_not_taken": True},
        QUIET,
        "player_closed_without_pozzetto",
    ),
    "a player closed with no burraco": (
        {},
        False,
        {"meld_points": 100, "went_out": True},
        QUIET,
        "player_closes_with_burraco",
    ),
    "a player closed without a clean burraco": (
        {"clean_to_close": True},
        False,
        {**CLOSED, "hand_points": 0, "clean_burracos": 0},
        QUIET,
        "player_closes_with_clean_burraco",
    ),
    "a player closed with cards in hand": ({}, False, CLOSED, QUIET, "hand_points_after_going_out"),
    "partners without the pozzetto holding less than a card each": (
        {},
        True,
        QUIET,
        {**OTHER, "hand_points": 5},
        "pozzetto_not_taken_cards_in_hand",
    ),
    "a player without the pozzetto and no card": (
        {},
        False,
        QUIET,
        {**OTHER, "hand_points": 0},
        "pozzetto_not_taken_cards_in_hand",
    ),
    "burracos worth more than the melds": (
        {},
        True,
        {"clean_burracos": 1, "semi_clean_burracos": 1, "dirty_burracos": 1, "meld_points": 135},
        QUIET,
        "burracos_worth_more",
    ),
    "a dirty burraco worth more": (
        {},
        True,
        {"dirty_burracos": 1, "meld_points": 45},
        QUIET,
        "burracos_worth_more",
    ),
    "thirteen wild cards": (
        {},
        True,
        {**HIGH, "dirty_burracos": 7},
        {**HIGH, "semi_clean_burracos": 6},
        "too_many_wild_burracos",
    ),
    "burracos beyond 108 cards": (
        {},
        True,
        {**HIGH, "clean_burracos": 6, "semi_clean_burracos": 6},
        {**HIGH, "clean_burracos": 3},
        "burracos_beyond_cards",
    ),
    "semi-clean asked only at 150": (
        {"semi_clean": 100},
        True,
        CLOSED,
        QUIET,
        "no_such_field",
    ),
}


@pytest.mark.parametrize(
    ("options", "in_partners", "first", "second", "code"), REFUSED.values(), ids=REFUSED
)
def test_every_check_is_refused_with_its_code(options, in_partners, first, second, code):
    game = partners(options) if in_partners else new_game(SLUG, TWO, None, options)

    error = refusal(game, first, second)

    assert error.code == code
    assert said(error).startswith("Hand 1, ")


TAKEN: dict[str, tuple[dict[str, Any], bool, dict[str, Any], dict[str, Any]]] = {
    "partners without the pozzetto, a card each": ({}, True, QUIET, {**OTHER, "hand_points": 10}),
    "a player without the pozzetto, one card": ({}, False, QUIET, {**OTHER, "hand_points": 5}),
    "burracos worth exactly the least": (
        {},
        True,
        {"clean_burracos": 1, "semi_clean_burracos": 1, "dirty_burracos": 1, "meld_points": 140},
        QUIET,
    ),
    "twelve wild cards": (
        {},
        True,
        {**HIGH, "dirty_burracos": 6},
        {**HIGH, "semi_clean_burracos": 6},
    ),
    "108 cards of burracos": (
        {},
        True,
        {**HIGH, "clean_burracos": 4, "semi_clean_burracos": 6},
        {**HIGH, "clean_burracos": 4},
    ),
    "any burraco closes by default": ({}, True, {**CLOSED, "clean_burracos": 0}, QUIET),
}


@pytest.mark.parametrize(("options", "in_partners", "first", "second"), TAKEN.values(), ids=TAKEN)
def test_what_the_checks_take(options, in_partners, first, second):
    game = partners(options) if in_partners else new_game(SLUG, TWO, None, options)

    one_hand(game, first, second)


# -- a free game to a target -------------------------------------------------------------------

ENDINGS: dict[str, tuple[dict[str, Any], tuple[tuple[int, int], ...], bool, list[str]]] = {
    "short of 2,005": ({}, ((2_000, 1_000),), False, []),
    "one side at 2,005": ({}, ((2_005, 1_000),), True, [NS]),
    "both past it": ({}, ((2_100, 2_300),), True, [EW]),
    "equal highest totals share the win": ({}, ((2_100, 2_100),), True, [NS, EW]),
    "a game to 505": ({"target": 505}, ((505, 0),), True, [NS]),
    "a game to 1,005": ({"target": 1_005}, ((1_000, 0),), False, []),
}


@pytest.mark.parametrize(("options", "hands", "finished", "winners"), ENDINGS.values(), ids=ENDINGS)
def test_a_free_game_ends_at_the_target(options, hands, finished, winners):
    game = partners(options)

    result = score(game, *(bare(game, *totals) for totals in hands))

    assert result.finished is finished
    assert result.winners == winners
    assert result.victory_points is None
    assert "victory_points" not in report(result)


def test_no_hand_after_the_target():
    game = partners()

    with pytest.raises(RulesError) as caught:
        score(game, bare(game, 2_005, 0), bare(game, 0, 0))

    assert caught.value.code == "game_over_at_target"


# -- a tournament game in victory points -------------------------------------------------------

#: RULINGS.md's table: (the last difference of each row, 3 hands; the same, 4 hands; the
#: leading side's victory points). The last row has no upper end.
VICTORY_TABLE = [
    (50, 100, 10),
    (150, 300, 11),
    (250, 500, 12),
    (350, 700, 13),
    (500, 900, 14),
    (650, 1_100, 15),
    (800, 1_300, 16),
    (1_000, 1_500, 17),
    (1_250, 1_700, 18),
    (1_500, 2_000, 19),
]


def boundaries() -> list[Any]:
    """Every row's ends in both columns: its last difference, and the next difference up."""
    rows = []
    for hands, column in ((3, 0), (4, 1)):
        for row in VICTORY_TABLE:
            upper, points = row[column], row[2]
            rows.append(pytest.param(hands, upper, points, id=f"{hands} hands, D={upper}"))
            rows.append(
                pytest.param(hands, upper + 5, points + 1, id=f"{hands} hands, D={upper + 5}")
            )
        rows.append(pytest.param(hands, 0, 10, id=f"{hands} hands, D=0"))
        rows.append(pytest.param(hands, 5, 10, id=f"{hands} hands, D=5"))
        rows.append(pytest.param(hands, 10_000, 20, id=f"{hands} hands, D=10000"))
    return rows


@pytest.mark.parametrize(("hands", "difference", "leading"), boundaries())
def test_victory_points_at_every_boundary_of_both_columns(hands, difference, leading):
    game = partners({"hands": hands})

    played = [bare(game, 1_000 + difference, 1_000)] + [bare(game, 0, 0)] * (hands - 1)
    result = score(game, *played)

    assert result.finished
    assert result.victory_points == {NS: leading, EW: 20 - leading}
    assert report(result)["victory_points"] == {NS: leading, EW: 20 - leading}
    assert result.winners == ([NS] if leading > 10 else [NS, EW])


def test_the_side_behind_gets_the_second_number():
    game = partners({"hands": 4})

    result = score(game, bare(game, 0, 900), bare(game, 0, 0), bare(game, 0, 0), bare(game, 0, 1))

    assert result.victory_points == {NS: 5, EW: 15}
    assert result.winners == [EW]


def test_equal_totals_get_10_each_and_share_the_win():
    game = partners({"hands": 3})

    result = score(game, bare(game, 700, 700), bare(game, 0, 0), bare(game, 0, 0))

    assert result.victory_points == {NS: 10, EW: 10}
    assert result.winners == [NS, EW]


def test_the_worked_three_hand_game():
    """N/S 1,980 and E/W 1,245 after three hands: D = 735, so 16 to 4."""
    game = partners({"hands": 3})

    result = score(game, {NS: CLOSED, EW: OTHER}, bare(game, 500, 1_000), bare(game, 165, 215))

    assert result.totals == {NS: 1_980, EW: 1_245}
    assert result.victory_points == {NS: 16, EW: 4}
    assert result.winners == [NS]


def test_a_tournament_game_ignores_the_target_and_has_exactly_its_hands():
    game = partners({"hands": 3})

    after_two = score(game, bare(game, 3_000, 0), bare(game, 0, 0))

    assert not after_two.finished
    assert after_two.victory_points is None
    assert game.rules.victory_points_for(after_two.totals) == {NS: 20, EW: 0}
    with pytest.raises(RulesError) as caught:
        score(game, *[bare(game, 0, 0)] * 4)
    assert caught.value.code == "game_over_after_hands"


def test_two_players_alone_play_a_tournament_game_too():
    game = new_game(SLUG, TWO, None, {"hands": 4})

    result = score(game, *[bare(game, 100, 0)] * 4)

    assert result.victory_points == {"Ann": 12, "Bob": 8}


# -- house rules and the game file -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("target", 2_000),
        ("semi_clean", 120),
        ("hands", 5),
        ("hands", "None"),
        ("clean_to_close", 1),
    ],
)
def test_a_house_rule_value_not_offered_is_refused(name, value):
    with pytest.raises(RulesError):
        partners({name: value})


def game_file(options: dict[str, Any], *hands: dict[str, Any]) -> str:
    return json.dumps(
        {
            "rules": SLUG,
            "options": options,
            "players": list(SEATS),
            "sides": [{"name": name, "players": list(p)} for name, p in SIDES.items()],
            "hands": [{"tallies": tallies} for tallies in hands],
        }
    )


def test_score_game_prints_victory_points_once_a_tournament_game_is_finished():
    hands = [{NS: CLOSED, EW: OTHER}, {NS: {"total": 500}, EW: {"total": 1_000}}]
    setup, read = read_game_file(game_file({"hands": 3}, *hands))

    unfinished = report(setup.score(read))
    setup, read = read_game_file(
        game_file({"hands": 3}, *hands, {NS: {"total": 165}, EW: {"total": 215}})
    )
    finished = report(setup.score(read))

    assert "victory_points" not in unfinished
    assert "opening_minimums" not in unfinished
    assert finished["victory_points"] == {NS: 16, EW: 4}
    assert finished["winners"] == [NS]
    assert finished["options"] == {
        "target": 2_005,
        "semi_clean": 150,
        "clean_to_close": False,
        "hands": 3,
    }


def test_a_free_game_file_writes_hands_as_none():
    setup, read = read_game_file(game_file({"hands": None}, {NS: CLOSED, EW: OTHER}))

    result = report(setup.score(read))

    assert result["options"]["hands"] == "none"
    assert result["hands"][0]["scores"] == {NS: 1_315, EW: 30}
    assert "opening_minimums" not in result


def test_the_registry_has_burraco_for_two_or_four():
    rules = get_rule_set(SLUG)

    assert rules.player_counts == (2, 4)
    rules.new_game(list(SEATS), [Side(name, members) for name, members in SIDES.items()])


def test_the_score_game_command_prints_the_victory_points(tmp_path):
    hands = [
        {NS: CLOSED, EW: OTHER},
        {NS: {"total": 500}, EW: {"total": 1_000}},
        {NS: {"total": 165}, EW: {"total": 215}},
    ]
    path = tmp_path / "burraco.json"
    path.write_text(game_file({"hands": 3}, *hands))
    out = io.StringIO()

    call_command("score_game", str(path), stdout=out, stderr=io.StringIO())

    printed = json.loads(out.getvalue())
    assert printed["victory_points"] == {NS: 16, EW: 4}
    assert printed["totals"] == {NS: 1_980, EW: 1_245}


def test_a_refused_tally_makes_score_game_say_one_line(tmp_path):
    path = tmp_path / "burraco.json"
    path.write_text(game_file({}, {NS: {**CLOSED, "pozzetto_not_taken": True}, EW: QUIET}))

    with pytest.raises(CommandError) as caught:
        call_command("score_game", str(path), stdout=io.StringIO(), stderr=io.StringIO())

    assert caught.value.returncode == 1
    assert str(caught.value) == "Hand 1, N/S: a side that closes has taken its pozzetto"


def test_an_exported_game_reads_back_the_same():
    game = partners({"hands": 4, "semi_clean": 100})
    hands = [hand({NS: {"total": 300}, EW: {"total": 120}})]

    setup, read = read_game_file(json.dumps(write_game_file(game, hands)))

    assert setup.options == game.options
    assert setup.score(read).totals == {NS: 300, EW: 120}
