"""Phase 10 (RULINGS.md section 14). Every number here is typed from the RULINGS text, never read
from the engine, so that a slip in the engine's numbers shows up."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import pytest

from games.rules import GameSetup, PhaseTen, RulesError, get_rule_set
from games.rules.gamefile import report
from games.words import phase_words

from . import worded
from .helpers import new_game, one_hand, refusal, score
from .refusals import refuses, said

SLUG = "phase-10"
ANN, BOB, CY = "Ann", "Bob", "Cy"
THREE = (ANN, BOB, CY)


def played(
    out: str, completed: Collection[str] = (), points: Mapping[str, int] | None = None
) -> dict[str, dict[str, Any]]:
    """One hand: `out` went out (and so completed the phase), `completed` also completed theirs,
    and each other player is left holding `points` (10 where not given)."""
    left = points or {}
    tallies: dict[str, dict[str, Any]] = {}
    for name in THREE:
        if name == out:
            tallies[name] = {"went_out": True, "completed_phase": True}
        else:
            tallies[name] = {"points": left.get(name, 10), "completed_phase": name in completed}
    return tallies


#: Ann completes a phase in every hand, going out each time; Bob completes his in hands 2 and 5,
#: Cy never: after nine hands Ann plays phase 10, Bob phase 3 and Cy phase 1.
NINE_HANDS = [played(ANN, {BOB} if number in (2, 5) else ()) for number in range(1, 10)]


@pytest.fixture
def game() -> GameSetup:
    return new_game(SLUG, THREE)


# -- the rule set as declared ------------------------------------------------------------------


def test_it_is_registered_as_phase_10_for_two_to_six_players_each_alone():
    rules = get_rule_set(SLUG)

    assert isinstance(rules, PhaseTen)
    assert worded.name(rules) == "Phase 10"
    assert rules.player_counts == (2, 3, 4, 5, 6)
    assert new_game(SLUG, (ANN, BOB)).side_names == [ANN, BOB]


@pytest.mark.parametrize("players", [1, 7])
def test_fewer_than_two_or_more_than_six_players_are_refused(players):
    with refuses("2 to 6 players"):
        new_game(SLUG, [f"P{i}" for i in range(players)])


def test_the_pack_is_the_phase_10_pack_of_108_cards():
    rules = get_rule_set(SLUG)

    assert rules.packs(6) == 1
    assert rules.cards_in_play(6) == 108
    assert "108 cards" in worded.text(rules, "packs")


@pytest.mark.parametrize(
    ("cards", "points"), [("1 to 9", 5), ("10 to 12", 10), ("Skip", 15), ("Wild", 25)]
)
def test_1_to_9_count_5_10_to_12_count_10_a_skip_15_a_wild_25(cards, points):
    values = {value.cards: value.points for value in get_rule_set(SLUG).card_values}

    assert values[cards] == points


def test_the_tally_is_points_the_phase_completed_and_who_went_out():
    names = [f.name for f in get_rule_set(SLUG).tally_fields]

    assert names == ["points", "completed_phase", "went_out"]


@pytest.mark.parametrize(
    ("phase", "words"),
    [
        (1, "two sets of three"),
        (2, "a set of three and a run of four"),
        (3, "a set of four and a run of four"),
        (4, "a run of seven"),
        (5, "a run of eight"),
        (6, "a run of nine"),
        (7, "two sets of four"),
        (8, "seven cards of one colour"),
        (9, "a set of five and a set of two"),
        (10, "a set of five and a set of three"),
    ],
)
def test_the_ten_phases_are_those_of_the_rulings(phase, words):
    track = get_rule_set(SLUG).phase_track

    assert track is not None
    assert track.last == 10
    assert worded.english(phase_words, get_rule_set(SLUG), phase) == words


# -- scores and phases ---------------------------------------------------------------------------


def test_the_worked_hand_scores_55_against_the_player_holding_those_cards(game):
    # A 3, an 11, a skip and a wild: 5 + 10 + 15 + 25.
    scores = one_hand(
        game,
        {"went_out": True, "completed_phase": True},
        {"points": 5 + 10 + 15 + 25},
        {"points": 30, "completed_phase": True},
    )

    assert scores == {ANN: 0, BOB: 55, CY: 30}


def test_the_rule_sheet_works_the_hand_through_card_by_card():
    text = worded.paragraphs(get_rule_set(SLUG))

    assert "a 3, an 11, a skip and a wild: 5 + 10 + 15 + 25 = 55" in text


def test_a_player_moves_on_only_after_completing_the_phase(game):
    result = score(game, played(ANN, {BOB}), played(BOB))

    assert result.phases == {ANN: 2, BOB: 3, CY: 1}
    assert result.completed_last_hand == [BOB]
    assert report(result)["phases"] == {ANN: 2, BOB: 3, CY: 1}


def test_before_the_first_hand_everyone_plays_phase_1(game):
    result = score(game)

    assert result.phases == {ANN: 1, BOB: 1, CY: 1}
    assert result.completed_last_hand == []
    assert report(result)["phases"] == {ANN: 1, BOB: 1, CY: 1}
    assert "round" not in report(result)
    assert "opening_minimums" not in report(result)


def test_the_points_left_in_hand_count_against_the_player(game):
    result = score(game, played(ANN, points={BOB: 55, CY: 25}), played(CY, points={ANN: 40}))

    assert result.totals == {ANN: 40, BOB: 55 + 10, CY: 25}


def test_the_player_furthest_on_leads_whatever_the_totals(game):
    result = score(game, played(ANN, points={BOB: 5, CY: 5}), played(CY, points={ANN: 200}))

    assert result.phases == {ANN: 2, BOB: 1, CY: 2}
    assert result.totals == {ANN: 200, BOB: 5 + 10, CY: 5}
    assert result.leaders == [CY]


# -- the end of the game -------------------------------------------------------------------------


def test_nine_phases_completed_do_not_end_the_game(game):
    result = score(game, *NINE_HANDS)

    assert result.phases == {ANN: 10, BOB: 3, CY: 1}
    assert not result.finished
    assert result.winners == []


def test_the_hand_in_which_a_player_completes_phase_10_ends_the_game(game):
    result = score(game, *NINE_HANDS, played(BOB, {ANN}, {ANN: 50, CY: 10}))

    assert result.finished
    assert result.phases is None
    assert "phases" not in report(result)


def test_the_winner_is_the_lowest_total_among_those_who_completed_phase_10(game):
    # Cy's total (10 a hand) is far below Ann's, but Cy never completed phase 10.
    last = played(BOB, {ANN}, {ANN: 250, CY: 10})

    result = score(game, *NINE_HANDS, last)

    assert result.totals[ANN] == 250
    assert result.totals[CY] == 10 * 10
    assert result.winners == [ANN]


@pytest.mark.parametrize(
    ("ann_left", "winners"),
    [
        pytest.param(20, [ANN], id="the-lower-total-wins"),
        pytest.param(45, [ANN, BOB], id="equal-totals-share-the-win"),
    ],
)
def test_of_two_who_complete_phase_10_in_the_same_hand_the_lower_total_wins(
    ann_left: int, winners: list[str]
) -> None:
    """Both complete every phase, Bob 5 points behind each hand; in the tenth Bob goes out and
    Ann is left with `ann_left` against Bob's 45."""
    game = new_game(SLUG, (ANN, BOB))
    hands = [
        {
            ANN: {"went_out": True, "completed_phase": True},
            BOB: {"points": 5, "completed_phase": True},
        }
        for _ in range(9)
    ]
    last = {
        ANN: {"points": ann_left, "completed_phase": True},
        BOB: {"went_out": True, "completed_phase": True},
    }

    result = score(game, *hands, last)

    assert result.totals == {ANN: ann_left, BOB: 9 * 5}
    assert result.winners == winners


def test_no_hand_is_taken_after_the_one_in_which_a_player_completed_phase_10(game):
    with pytest.raises(RulesError) as caught:
        score(game, *NINE_HANDS, played(ANN), played(BOB))

    error = caught.value
    assert error.hand == 11
    assert said(error) == "Hand 11: the game ended after hand 10, when Ann completed phase 10"


# -- checks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tallies", "side", "field", "message"),
    [
        (
            ({"points": 5}, {"points": 10}, {"points": 20}),
            None,
            "went_out",
            "Hand 1: someone goes out every hand: pick the player who went out",
        ),
        (
            (
                {"went_out": True, "completed_phase": True},
                {"went_out": True, "completed_phase": True},
                {"points": 20},
            ),
            BOB,
            "went_out",
            "Hand 1, Bob: only one player goes out in a hand, but Ann went out too",
        ),
        (
            ({"went_out": True, "completed_phase": True, "points": 15}, {"points": 10}, {}),
            ANN,
            "points",
            "Hand 1, Ann: a player who went out has no cards left, so no points (not 15)",
        ),
        (
            ({"points": 10}, {"went_out": True}, {"points": 20}),
            BOB,
            "completed_phase",
            "Hand 1, Bob: a player who goes out has completed their phase first (phase 1: two "
            "sets of three)",
        ),
        (
            ({"went_out": True, "completed_phase": True}, {"points": 12}, {"points": 20}),
            BOB,
            "points",
            "Hand 1, Bob: Points left in hand must be a multiple of 5 (it is 12)",
        ),
        (
            ({"went_out": True, "completed_phase": True}, {"points": 11 * 25 + 5}, {}),
            BOB,
            "points",
            "Hand 1, Bob: Points left in hand can be at most 275 (it is 280)",
        ),
        (
            ({"went_out": True, "completed_phase": True}, {"total": 40}, {"points": 20}),
            BOB,
            "total",
            "Hand 1, Bob: Phase 10 needs the points left in hand of every player, not just a total",
        ),
    ],
    ids=[
        "nobody-out",
        "two-out",
        "out-with-points",
        "out-without-the-phase",
        "not-a-multiple-of-5",
        "over-11-times-25",
        "bare-total",
    ],
)
def test_a_hand_that_breaks_a_check_is_refused_naming_the_hand_the_player_and_the_field(
    game, tallies, side, field, message
):
    error = refusal(game, *tallies)

    assert (error.hand, error.side, error.field) == (1, side, field)
    assert said(error) == message


def test_points_of_11_times_25_are_taken(game):
    scores = one_hand(game, {"went_out": True, "completed_phase": True}, {"points": 275}, {})

    assert scores[BOB] == 275


def test_going_out_without_the_phase_names_the_phase_the_player_is_on(game):
    with pytest.raises(RulesError) as caught:
        score(game, *NINE_HANDS[:3], {ANN: {"went_out": True}, BOB: {"points": 5}, CY: {}})

    assert (caught.value.hand, caught.value.side) == (4, ANN)
    assert "phase 4: a run of seven" in said(caught.value)
