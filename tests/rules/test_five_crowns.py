"""Five Crowns (RULINGS.md section 13). Every number here is typed from the RULINGS text, never
read from the engine, so that a slip in the engine's numbers shows up."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules import FiveCrowns, GameSetup, RulesError, WildRankCard, get_rule_set
from games.rules.gamefile import report

from . import worded
from .helpers import new_game, one_hand, refusal, round_of, score
from .refusals import refuses, said

SLUG = "five-crowns"
ANN, BOB, CY = "Ann", "Bob", "Cy"
THREE = (ANN, BOB, CY)


def out() -> dict[str, Any]:
    return {"went_out": True}


def caught(points: int) -> dict[str, Any]:
    return {"points": points}


def round_of_play(*points: int) -> dict[str, dict[str, Any]]:
    """One round's tallies, Ann, Bob and Cy in turn: the first with 0 points went out first, a
    later one laid every card down in the last turn."""
    tallies: dict[str, dict[str, Any]] = {}
    for name, left in zip(THREE, points, strict=True):
        first_out = left == 0 and not any(t.get("went_out") for t in tallies.values())
        tallies[name] = out() if first_out else caught(left)
    return tallies


#: Eleven rounds for Ann, Bob and Cy: each player's points left in hand (the first 0 went out).
ELEVEN_ROUNDS = [
    (0, 12, 30),
    (21, 0, 9),
    (7, 40, 0),
    (0, 0, 55),
    (33, 0, 18),
    (0, 87, 26),
    (14, 61, 0),
    (0, 45, 70),
    (52, 0, 38),
    (19, 0, 24),
    (0, 103, 66),
]
ANN_TOTAL = 0 + 21 + 7 + 0 + 33 + 0 + 14 + 0 + 52 + 19 + 0  # 146
BOB_TOTAL = 12 + 0 + 40 + 0 + 0 + 87 + 61 + 45 + 0 + 0 + 103  # 348
CY_TOTAL = 30 + 9 + 0 + 55 + 18 + 26 + 0 + 70 + 38 + 24 + 66  # 336


@pytest.fixture
def game() -> GameSetup:
    return new_game(SLUG, THREE)


def rounds(count: int) -> list[dict[str, dict[str, Any]]]:
    return [round_of_play(*points) for points in ELEVEN_ROUNDS[:count]]


# -- the rule set as declared ------------------------------------------------------------------


def test_it_is_registered_as_five_crowns_for_two_to_seven_players_each_alone():
    rules = get_rule_set(SLUG)

    assert isinstance(rules, FiveCrowns)
    assert worded.name(rules) == "Five Crowns"
    assert rules.player_counts == (2, 3, 4, 5, 6, 7)
    assert new_game(SLUG, (ANN, BOB)).side_names == [ANN, BOB]


@pytest.mark.parametrize("players", [1, 8])
def test_fewer_than_two_or_more_than_seven_players_are_refused(players):
    with refuses("2 to 7 players"):
        new_game(SLUG, [f"P{i}" for i in range(players)])


@pytest.mark.parametrize("players", [2, 7])
def test_two_special_packs_make_116_cards_for_every_table(players):
    rules = get_rule_set(SLUG)

    assert rules.packs(players) == 2
    assert rules.cards_in_play(players) == 116
    assert "116 cards" in worded.text(rules, "packs")


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("Three", 3),
        ("Four", 4),
        ("Five", 5),
        ("Six", 6),
        ("Seven", 7),
        ("Eight", 8),
        ("Nine", 9),
        ("Ten", 10),
        ("Jack", 11),
        ("Queen", 12),
        ("King", 13),
        ("The round's wild rank", 20),
        ("Joker", 50),
    ],
)
def test_cards_count_their_face_value_jack_11_queen_12_king_13_wild_rank_20_joker_50(cards, points):
    values = {value.cards: value.points for value in get_rule_set(SLUG).card_values}

    assert values[cards] == points


# -- the rounds ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "cards", "wild"),
    [
        (1, 3, "3"),
        (2, 4, "4"),
        (3, 5, "5"),
        (4, 6, "6"),
        (5, 7, "7"),
        (6, 8, "8"),
        (7, 9, "9"),
        (8, 10, "10"),
        (9, 11, "J"),
        (10, 12, "Q"),
        (11, 13, "K"),
    ],
)
def test_round_n_deals_n_plus_2_cards_and_that_rank_is_wild(number, cards, wild):
    card = round_of(get_rule_set(SLUG), number)

    assert isinstance(card, WildRankCard)
    assert card.as_dict() == {"round": number, "cards": cards, "wild": wild}


@pytest.mark.parametrize(
    ("number", "headline"),
    [
        (1, "Round 1: 3 cards, threes wild"),
        (6, "Round 6: 8 cards, eights wild"),
        (8, "Round 8: 10 cards, tens wild"),
        (9, "Round 9: 11 cards, jacks wild"),
        (10, "Round 10: 12 cards, queens wild"),
        (11, "Round 11: 13 cards, kings wild"),
    ],
)
def test_the_card_before_each_round_says_its_cards_and_wild_rank(number, headline):
    card = round_of(get_rule_set(SLUG), number)

    assert worded.headline(get_rule_set(SLUG), card) == headline
    assert "Jokers" in worded.detail(get_rule_set(SLUG), card)


def test_the_report_shows_the_next_rounds_cards_and_wild_rank_until_the_game_is_over(game):
    assert report(score(game))["round"] == {"round": 1, "cards": 3, "wild": "3"}
    assert report(score(game, *rounds(5)))["round"] == {"round": 6, "cards": 8, "wild": "8"}
    assert report(score(game, *rounds(10)))["round"] == {"round": 11, "cards": 13, "wild": "K"}
    finished = report(score(game, *rounds(11)))
    assert "round" not in finished
    assert "opening_minimums" not in finished


# -- scores, totals, the end ---------------------------------------------------------------------


def test_the_worked_round_6_scores_87_against_the_player_holding_those_cards(game):
    # Eights wild: an 8, a king, a 4 and a joker: 20 + 13 + 4 + 50.
    result = score(game, *rounds(5), {ANN: out(), BOB: caught(20 + 13 + 4 + 50), CY: caught(9)})

    assert result.hands[5].number == 6
    assert result.hands[5].scores == {ANN: 0, BOB: 87, CY: 9}


def test_the_rule_sheet_works_round_6_through_card_by_card():
    text = worded.paragraphs(get_rule_set(SLUG))

    assert "in round 6 eights are wild" in text
    assert "20 + 13 + 4 + 50 = 87" in text


def test_a_player_who_lays_down_every_card_in_the_last_turn_also_scores_0(game):
    assert one_hand(game, out(), caught(0), caught(15)) == {ANN: 0, BOB: 0, CY: 15}


def test_eleven_rounds_end_the_game_and_the_lowest_total_wins(game):
    result = score(game, *rounds(11))

    assert result.totals == {ANN: ANN_TOTAL, BOB: BOB_TOTAL, CY: CY_TOTAL}
    assert result.totals == {ANN: 146, BOB: 348, CY: 336}
    assert result.finished
    assert result.winners == [ANN]


def test_ten_rounds_do_not_end_the_game(game):
    result = score(game, *rounds(10))

    assert not result.finished
    assert result.winners == []


def test_equal_lowest_totals_share_the_win():
    game = new_game(SLUG, (ANN, BOB))
    played = [{ANN: out(), BOB: caught(10)}, {ANN: caught(10), BOB: out()}]
    played += [{ANN: out(), BOB: caught(0)}] * 9

    result = score(game, *played)

    assert result.totals == {ANN: 10, BOB: 10}
    assert result.winners == [ANN, BOB]


def test_a_twelfth_round_is_refused(game):
    with pytest.raises(RulesError) as caught_error:
        score(game, *rounds(11), round_of_play(0, 5, 5))

    assert caught_error.value.hand == 12
    assert said(caught_error.value).startswith("Round 12: ")
    assert "11 rounds" in said(caught_error.value)


# -- the most points a round allows: 50 x (cards dealt + 1) -----------------------------------


@pytest.mark.parametrize(
    ("number", "most"),
    [(1, 50 * (3 + 1)), (6, 50 * (8 + 1)), (11, 50 * (13 + 1))],
    ids=["round-1-200", "round-6-450", "round-11-700"],
)
def test_points_up_to_50_times_the_cards_dealt_plus_1_are_taken_and_more_refused(
    game, number, most
):
    before = rounds(number - 1)
    at_most = {ANN: out(), BOB: caught(most), CY: caught(3)}
    beyond = {ANN: out(), BOB: caught(most + 1), CY: caught(3)}

    assert score(game, *before, at_most).hands[-1].scores[BOB] == most
    with pytest.raises(RulesError) as caught_error:
        score(game, *before, beyond)

    error = caught_error.value
    assert (error.hand, error.side, error.field) == (number, BOB, "points")
    assert said(error).startswith(f"Round {number}, Bob: {most + 1:,} points can't be left in hand")
    assert f"the most is {most:,}" in said(error)


# -- checks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tallies", "side", "field", "message"),
    [
        (
            (caught(5), caught(10), caught(20)),
            None,
            "went_out",
            "Round 1: someone goes out every round: pick the player who went out",
        ),
        (
            (out(), caught(10), out()),
            CY,
            "went_out",
            "Round 1, Cy: only one player goes out in a round, but Ann went out too",
        ),
        (
            (caught(10), {"went_out": True, "points": 7}, caught(20)),
            BOB,
            "points",
            "Round 1, Bob: a player who went out has no cards left, so no points (not 7)",
        ),
        (
            (out(), {"total": 40}, caught(20)),
            BOB,
            "total",
            "Round 1, Bob: Five Crowns needs the points left in hand of every player, not just "
            "a total",
        ),
    ],
    ids=["nobody-out", "two-out", "out-with-points", "bare-total"],
)
def test_a_round_that_breaks_a_check_is_refused_naming_the_round_the_player_and_the_field(
    game, tallies, side, field, message
):
    error = refusal(game, *tallies)

    assert (error.hand, error.side, error.field) == (1, side, field)
    assert said(error) == message
