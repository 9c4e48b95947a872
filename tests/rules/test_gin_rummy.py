"""Gin Rummy and Oklahoma Gin (RULINGS.md section 20), Hollywood among their house rules. Every
number here is typed from the RULINGS text, never read from the engine, so that a slip in the
engine's numbers shows up."""

from __future__ import annotations

import io
import json
from random import Random
from typing import Any

import pytest
from django.core.management import call_command

from games.rules import (
    RULE_SETS,
    GameScore,
    GameSetup,
    HandInput,
    RulesError,
    Settlement,
    Shutout,
    get_rule_set,
)
from games.rules.gamefile import read_game_file, report, write_game_file

from .helpers import SIX, seated
from .refusals import said

ANN, BOB = "Ann", "Bob"

Tallies = dict[str, dict[str, Any]]


def game(slug: str = "gin-rummy", **options: Any) -> GameSetup:
    return get_rule_set(slug).new_game([ANN, BOB], options=options)


def knock(knocker: str, k: int, d: int, big_gin: bool = False) -> Tallies:
    """A hand where `knocker` knocks with deadwood `k` and the other player has `d`."""
    other = BOB if knocker == ANN else ANN
    tally: dict[str, Any] = {"knocked": True, "deadwood": k}
    if big_gin:
        tally["big_gin"] = True
    return {knocker: tally, other: {"deadwood": d}}


DEAD: Tallies = {ANN: {}, BOB: {}}


def play(setup: GameSetup, *hands: Tallies | HandInput) -> GameScore:
    return setup.score([h if isinstance(h, HandInput) else HandInput(h) for h in hands])


def refused_with(setup: GameSetup, hands: list[Tallies], bad: Tallies | HandInput) -> RulesError:
    so_far = play(setup, *hands)
    with pytest.raises(RulesError) as caught:
        setup.score_next_hand(so_far, bad if isinstance(bad, HandInput) else HandInput(bad))
    return caught.value


#: RULINGS.md's worked game: 15, the undercut 28, Bob's gin 44, a dead hand, Ann's big gin 71.
WORKED = [knock(ANN, 6, 21), knock(BOB, 8, 5), knock(BOB, 0, 19), DEAD, knock(ANN, 0, 40, True)]


@pytest.mark.parametrize(
    ("number", "scores", "totals"),
    [
        (1, {ANN: 15, BOB: 0}, {ANN: 15, BOB: 0}),
        (2, {ANN: 28, BOB: 0}, {ANN: 43, BOB: 0}),
        (3, {ANN: 0, BOB: 44}, {ANN: 43, BOB: 44}),
        (4, {ANN: 0, BOB: 0}, {ANN: 43, BOB: 44}),
        (5, {ANN: 71, BOB: 0}, {ANN: 114, BOB: 44}),
    ],
)
def test_the_worked_game_hand_by_hand(number: int, scores: dict, totals: dict) -> None:
    hand = play(game(), *WORKED).hands[number - 1]
    assert (hand.scores, hand.totals) == (scores, totals)


def test_the_worked_game_ends_with_the_final_account() -> None:
    score = play(game(), *WORKED)
    assert score.finished and score.winners == [ANN]
    assert score.boxes == {ANN: 3, BOB: 1}
    assert score.final == {
        ANN: {"points": 114, "boxes": 3, "box_points": 75, "game_bonus": 100, "total": 289},
        BOB: {"points": 44, "boxes": 1, "box_points": 25, "game_bonus": 0, "total": 69},
    }


def test_the_worked_game_is_settled_on_the_difference_with_no_shutout() -> None:
    score = play(game(), *WORKED)
    assert score.settlements == [Settlement(BOB, ANN, 289 - 69)]
    assert score.final is not None and score.game.rules.shutout_in(score.final) is None


def test_nothing_is_settled_while_the_game_goes_on() -> None:
    score = play(game(), *WORKED[:4])
    assert score.settlements is None and score.next_games is None


def test_the_final_account_is_kept_until_the_game_is_over() -> None:
    score = play(game(), *WORKED[:4])
    assert not score.finished and score.final is None and score.winners == []
    assert score.boxes == {ANN: 2, BOB: 1}


#: Who deals hands 1 to 5 of the worked game and who deals next, by the first dealer: the deal
#: passes every hand but after the dead hand 4, which its dealer deals again (section 20).
@pytest.mark.parametrize(
    ("first", "dealers"),
    [(ANN, [ANN, BOB, ANN, BOB, BOB, ANN]), (BOB, [BOB, ANN, BOB, ANN, ANN, BOB])],
)
@pytest.mark.parametrize("slug", ["gin-rummy", "oklahoma-gin"])
def test_after_the_dead_hand_the_same_dealer_deals_again(
    slug: str, first: str, dealers: list[str]
) -> None:
    setup = game(slug)
    # A king of hearts turned up: Oklahoma's knocks as plain gin's (limit 10, not doubled).
    hands = [HandInput(tallies, upcard="KH" if "oklahoma" in slug else None) for tallies in WORKED]

    assert [setup.dealer_for(first, n, hands) for n in range(1, 7)] == dealers
    assert setup.dealers(first, hands) == dealers
    assert setup.dealers(first, play(setup, *hands[:4]).hands) == dealers[:5]
    # Without the hands, only the turn about is known: the first dealer's turn again.
    assert setup.dealer_for(first, 5) == first != dealers[4]


@pytest.mark.parametrize(
    ("hands", "dealers"),
    [
        ([DEAD, DEAD], [ANN, ANN, ANN]),
        ([DEAD, knock(BOB, 3, 9), DEAD], [ANN, ANN, BOB, BOB]),
        ([knock(ANN, 3, 9), knock(ANN, 3, 9)], [ANN, BOB, ANN]),
    ],
)
def test_each_dead_hand_keeps_the_deal(hands: list[Tallies], dealers: list[str]) -> None:
    assert game().dealers(ANN, [HandInput(tallies) for tallies in hands]) == dealers


@pytest.mark.parametrize(
    "slug", [slug for slug in RULE_SETS if slug not in ("gin-rummy", "oklahoma-gin")]
)
def test_other_games_pass_the_deal_every_hand(slug: str) -> None:
    rules = RULE_SETS[slug]
    setup = seated(slug, SIX[: rules.player_counts[0]])
    rng = Random(5)
    hands = [rules.sample_hand(setup, rng) for _ in range(4)]

    turn_about = [setup.dealer_for(ANN, n) for n in range(1, 6)]
    assert setup.dealers(ANN, hands) == turn_about
    assert setup.dealer_for(ANN, 5, hands) == turn_about[-1]


def test_gin_is_never_undercut_even_against_no_deadwood() -> None:
    assert play(game(), knock(ANN, 0, 0)).hands[0].scores == {ANN: 25, BOB: 0}


def test_a_tie_is_an_undercut() -> None:
    assert play(game(), knock(ANN, 7, 7)).hands[0].scores == {ANN: 0, BOB: 25}


#: Ann wins every hand: 15 + 28 + 71 = 114; Bob never scores.
SHUTOUT = [knock(ANN, 6, 21), knock(BOB, 8, 5), knock(ANN, 0, 40, True)]


@pytest.mark.parametrize(
    ("shutout", "ann"),
    [
        ("double_game_bonus", {"points": 114, "game_bonus": 200, "total": 114 + 200 + 75}),
        ("double_hand_points", {"points": 228, "game_bonus": 100, "total": 228 + 100 + 75}),
        ("double_total", {"points": 114, "game_bonus": 100, "total": 2 * (114 + 100 + 75)}),
        ("none", {"points": 114, "game_bonus": 100, "total": 114 + 100 + 75}),
    ],
)
def test_a_shutout_as_each_house_rule_says(shutout: str, ann: dict[str, int]) -> None:
    final = play(game(shutout=shutout), *SHUTOUT).final
    assert final is not None
    assert {key: final[ANN][key] for key in ann} == ann
    assert final[BOB]["total"] == 0
    assert get_rule_set("gin-rummy").shutout_in(final) == Shutout(BOB, "shutout")


@pytest.mark.parametrize(
    ("options", "hand", "scores"),
    [
        ({"gin_bonus": 20}, knock(ANN, 0, 19), {ANN: 39, BOB: 0}),
        ({"big_gin_bonus": 50}, knock(ANN, 0, 19, True), {ANN: 69, BOB: 0}),
        ({"undercut_bonus": 10}, knock(ANN, 8, 5), {ANN: 0, BOB: 13}),
        ({"undercut_bonus": 15}, knock(ANN, 8, 5), {ANN: 0, BOB: 18}),
        ({"undercut_bonus": 20}, knock(ANN, 8, 5), {ANN: 0, BOB: 23}),
    ],
)
def test_the_bonuses_follow_the_house_rules(options: dict, hand: Tallies, scores: dict) -> None:
    assert play(game(**options), hand).hands[0].scores == scores


def test_without_a_big_gin_bonus_big_gin_is_not_asked() -> None:
    setup = game(big_gin_bonus="none")
    assert "big_gin" not in setup.fields_by_name
    assert play(setup, knock(ANN, 0, 19)).hands[0].scores == {ANN: 44, BOB: 0}
    error = refused_with(setup, [], knock(ANN, 0, 19, True))
    assert error.code == "no_such_field"


def test_extra_boxes_and_the_box_bonus() -> None:
    setup = game(extra_boxes=True, box_bonus=20, target=50)
    score = play(setup, knock(ANN, 8, 5), knock(ANN, 0, 19), knock(ANN, 3, 20))
    # Bob's undercut 2 boxes; Ann's gin 3 and knock 1.
    assert score.boxes == {ANN: 4, BOB: 2}
    assert score.final is not None
    assert score.final[ANN]["box_points"] == 80 and score.final[BOB]["box_points"] == 40


@pytest.mark.parametrize("target", [50, 125, 150, 200, 250, 300, 500])
def test_the_game_ends_after_the_hand_that_reaches_the_target(target: int) -> None:
    hands = [knock(ANN, 0, 25)] * (target // 50)  # 50 a hand
    score = play(game(target=target), *hands)
    assert score.finished == (len(hands) * 50 >= target)


def test_no_hand_after_the_game() -> None:
    error = refused_with(game(), WORKED, knock(BOB, 2, 30))
    assert error.code == "game_over_at_target"


@pytest.mark.parametrize(
    ("bad", "code", "side", "field"),
    [
        (
            {ANN: {"knocked": True, "deadwood": 3}, BOB: {"knocked": True}},
            "both_knocked",
            BOB,
            "knocked",
        ),
        (knock(ANN, 11, 30), "knock_over_limit", ANN, "deadwood"),
        (knock(ANN, 4, 30, True), "big_gin_with_deadwood", ANN, "big_gin"),
        (
            {ANN: {"knocked": True}, BOB: {"deadwood": 30, "big_gin": True}},
            "big_gin_not_knocker",
            BOB,
            "big_gin",
        ),
        ({ANN: {"deadwood": 12}, BOB: {}}, "dead_hand_deadwood", ANN, "deadwood"),
        ({ANN: {}, BOB: {"big_gin": True}}, "dead_hand_big_gin", BOB, "big_gin"),
        (knock(ANN, 3, 99), "value_beyond_maximum", BOB, "deadwood"),
        ({ANN: {"total": 20}, BOB: {"total": 0}}, "needs_itemized_tally", ANN, "total"),
    ],
)
def test_every_check_refuses_at_its_field(bad: Tallies, code: str, side: str, field: str) -> None:
    error = refused_with(game(), [], bad)
    assert (error.code, error.side, error.field) == (code, side, field)
    assert said(error)


def test_an_upcard_is_refused_in_plain_gin() -> None:
    error = refused_with(game(), [], HandInput(knock(ANN, 3, 20), upcard="7S"))
    assert error.code == "upcard_not_played"


@pytest.mark.parametrize("players", [[ANN], [ANN, BOB, "Cy"]])
def test_exactly_two_players(players: list[str]) -> None:
    with pytest.raises(RulesError):
        get_rule_set("gin-rummy").new_game(players)


# -- Oklahoma Gin -----------------------------------------------------------------------------


def oklahoma(upcard: str | None, tallies: Tallies) -> HandInput:
    return HandInput(tallies, upcard=upcard)


@pytest.mark.parametrize(
    ("upcard", "hand", "scores"),
    [
        ("7S", knock(BOB, 4, 19), {ANN: 0, BOB: 30}),
        ("AH", knock(ANN, 0, 12), {ANN: 37, BOB: 0}),
        ("KD", knock(ANN, 6, 21), {ANN: 15, BOB: 0}),
        ("10D", knock(ANN, 10, 21), {ANN: 11, BOB: 0}),
        ("QS", knock(BOB, 8, 5), {ANN: 2 * 28, BOB: 0}),
    ],
)
def test_oklahomas_worked_hands(upcard: str, hand: Tallies, scores: dict) -> None:
    score = play(game("oklahoma-gin"), oklahoma(upcard, hand))
    assert score.hands[0].scores == scores
    assert score.boxes == {name: int(points > 0) for name, points in scores.items()}


def test_oklahoma_plays_to_150() -> None:
    assert get_rule_set("oklahoma-gin").target_score == 150


@pytest.mark.parametrize(
    ("upcard", "hand", "code"),
    [
        ("7S", knock(BOB, 8, 19), "knock_over_limit"),
        ("AH", knock(BOB, 1, 19), "ace_upcard_gin_only"),
        (None, knock(BOB, 1, 19), "knock_without_upcard"),
        ("1S", knock(BOB, 1, 19), "upcard_not_a_card"),
        ("7s", knock(BOB, 1, 19), "upcard_not_a_card"),
        ("11H", DEAD, "upcard_not_a_card"),
    ],
)
def test_oklahomas_checks(upcard: str | None, hand: Tallies, code: str) -> None:
    error = refused_with(game("oklahoma-gin"), [], oklahoma(upcard, hand))
    assert error.code == code
    assert said(error)


def test_a_dead_hand_needs_no_upcard_in_oklahoma() -> None:
    assert play(game("oklahoma-gin"), DEAD).hands[0].scores == {ANN: 0, BOB: 0}


def test_oklahomas_house_rules() -> None:
    setup = game("oklahoma-gin", ace_upcard="knock_with_1", spades_double=False)
    score = play(setup, oklahoma("AH", knock(ANN, 1, 12)), oklahoma("7S", knock(BOB, 4, 19)))
    assert [hand.scores for hand in score.hands] == [{ANN: 11, BOB: 0}, {ANN: 0, BOB: 15}]


def test_the_upcard_goes_through_the_game_file() -> None:
    setup = game("oklahoma-gin")
    hands = [oklahoma("7S", knock(BOB, 4, 19))]
    text = json.dumps(write_game_file(setup, hands))
    read_setup, read_hands = read_game_file(text)
    assert read_hands[0].upcard == "7S"
    assert report(read_setup.score(read_hands))["totals"] == {ANN: 0, BOB: 30}


def test_an_upcard_that_is_not_text_refuses_the_file() -> None:
    data = {"rules": "oklahoma-gin", "players": [ANN, BOB], "hands": [{"upcard": 7, "tallies": {}}]}
    with pytest.raises(RulesError) as caught:
        read_game_file(json.dumps(data))
    assert caught.value.code == "upcard_not_a_card"


# -- Hollywood --------------------------------------------------------------------------------


def won_by(player: str, points: int) -> Tallies:
    """A knock that gives `player` exactly `points`."""
    return knock(player, 1, points + 1)


#: RULINGS.md's worked Hollywood start: Ann 18, Bob 12, Ann 25, Ann 30, Bob 20, Ann 40, Bob 15.
HOLLYWOOD_START = [
    won_by(ANN, 18),
    won_by(BOB, 12),
    won_by(ANN, 25),
    won_by(ANN, 30),
    won_by(BOB, 20),
    won_by(ANN, 40),
    won_by(BOB, 15),
]


@pytest.mark.parametrize(
    ("hands", "points"),
    [
        (1, [{ANN: 18, BOB: 0}, {ANN: 0, BOB: 0}, {ANN: 0, BOB: 0}]),
        (2, [{ANN: 18, BOB: 12}, {ANN: 0, BOB: 0}, {ANN: 0, BOB: 0}]),
        (3, [{ANN: 43, BOB: 12}, {ANN: 25, BOB: 0}, {ANN: 0, BOB: 0}]),
        (4, [{ANN: 73, BOB: 12}, {ANN: 55, BOB: 0}, {ANN: 30, BOB: 0}]),
        (5, [{ANN: 73, BOB: 32}, {ANN: 55, BOB: 20}, {ANN: 30, BOB: 0}]),
        (6, [{ANN: 113, BOB: 32}, {ANN: 95, BOB: 20}, {ANN: 70, BOB: 0}]),
        (7, [{ANN: 113, BOB: 32}, {ANN: 95, BOB: 35}, {ANN: 70, BOB: 15}]),
    ],
)
def test_the_worked_hollywood_start(hands: int, points: list[dict[str, int]]) -> None:
    score = play(game(hollywood=True), *HOLLYWOOD_START[:hands])
    games = score.games
    assert games is not None
    assert [entry["points"] for entry in games] == points
    assert score.totals == {name: sum(p[name] for p in points) for name in (ANN, BOB)}
    assert [entry["closed"] for entry in games] == [hands >= 6, False, False]


def test_the_first_hollywood_game_closes_with_its_own_account() -> None:
    games = play(game(hollywood=True), *HOLLYWOOD_START[:6]).games
    assert games is not None
    assert games[0]["winners"] == [ANN]
    assert games[0]["final"][ANN]["total"] == 313
    assert games[0]["final"][BOB]["total"] == 82


def test_the_games_each_players_next_win_goes_into() -> None:
    setup = game(hollywood=True)
    rules = setup.rules
    score = play(setup, *HOLLYWOOD_START[:7])
    assert rules.next_games(score) == {ANN: [2, 3], BOB: [2, 3]}
    assert play(setup, *HOLLYWOOD_START[:2]).next_games == {ANN: [1, 2], BOB: [1, 2]}
    assert play(setup, HOLLYWOOD_START[0]).next_games == {ANN: [1, 2], BOB: [1]}


def test_a_session_is_settled_on_the_sum_of_its_games() -> None:
    # Ann closes game 1 (Bob shut out), Bob then wins games 2 and 3 (Ann's 60 alone in game 2).
    hands = [won_by(ANN, 60), won_by(ANN, 60), *[won_by(BOB, 60)] * 3]
    score = play(game(hollywood=True), *hands)
    games, final = score.games, score.final
    assert games is not None and final is not None
    assert [entry["winners"] for entry in games] == [[ANN], [BOB], [BOB]]
    rules = score.game.rules
    assert [rules.shutout_in(entry["final"]) for entry in games] == [
        Shutout(BOB, "shutout"),
        None,
        Shutout(ANN, "shutout"),
    ]
    # Ann: 120 + 200 + 2 × 25 = 370 in game 1, 60 + 25 = 85 in game 2, 0 in game 3: 455.
    # Bob: 0, then 120 + 100 + 2 × 25 = 270, then 120 + 200 + 2 × 25 = 370: 640.
    assert (final[ANN]["total"], final[BOB]["total"]) == (455, 640)
    assert score.winners == [BOB]
    assert score.settlements == [Settlement(ANN, BOB, 185)]
    assert score.next_games is None


def test_a_hollywood_session_ends_when_all_three_games_close() -> None:
    setup = game(hollywood=True)
    # 60 a hand: game 1 closes after hand 2, game 2 after hand 3, game 3 after hand 4.
    hands = [won_by(ANN, 60)] * 3
    score = play(setup, *hands)
    games = score.games
    assert games is not None and [entry["closed"] for entry in games] == [True, True, False]
    assert not score.finished
    score = play(setup, *hands, won_by(ANN, 60))
    assert score.finished and score.winners == [ANN]
    error = refused_with(setup, [*hands, won_by(ANN, 60)], won_by(BOB, 10))
    assert error.code == "hollywood_over"
    # Each game a shutout: 120 + 200 + 2 × 25 = 370, three times.
    assert score.final is not None and score.final[ANN]["total"] == 3 * 370


def test_score_game_prints_boxes_final_and_games(tmp_path: Any) -> None:
    path = tmp_path / "gin.json"
    hands = [{"tallies": hand} for hand in WORKED]
    path.write_text(json.dumps({"rules": "gin-rummy", "players": [ANN, BOB], "hands": hands}))
    out = io.StringIO()
    call_command("score_game", str(path), stdout=out, stderr=io.StringIO())
    printed = json.loads(out.getvalue())
    assert printed["boxes"] == {ANN: 3, BOB: 1}
    assert printed["final"][ANN]["total"] == 289 and printed["winners"] == [ANN]
    assert "games" not in printed
    hollywood = {"rules": "gin-rummy", "options": {"hollywood": True}, "players": [ANN, BOB]}
    path.write_text(json.dumps({**hollywood, "hands": [{"tallies": h} for h in HOLLYWOOD_START]}))
    out = io.StringIO()
    call_command("score_game", str(path), stdout=out, stderr=io.StringIO())
    printed = json.loads(out.getvalue())
    assert [entry["closed"] for entry in printed["games"]] == [True, False, False]
    assert printed["options"]["hollywood"] is True


@pytest.mark.parametrize(
    ("slug", "hand", "breakdown"),
    [
        ("gin-rummy", HandInput(knock(BOB, 0, 19)), {"points": 19, "gin": 25}),
        ("gin-rummy", HandInput(knock(ANN, 0, 40, True)), {"points": 40, "big_gin": 31}),
        ("gin-rummy", HandInput(knock(BOB, 8, 5)), {"points": 3, "undercut": 25}),
        ("oklahoma-gin", oklahoma("7S", knock(BOB, 4, 19)), {"points": 15, "spades_double": 15}),
    ],
)
def test_the_winners_breakdown_names_each_part(
    slug: str, hand: HandInput, breakdown: dict[str, int]
) -> None:
    scored = play(game(slug), hand).hands[0]
    winner = next(name for name, points in scored.scores.items() if points)
    assert scored.breakdown[winner] == breakdown
    assert all(not parts for name, parts in scored.breakdown.items() if name != winner)
