"""Liverpool Rummy (RULINGS.md section 12). Every number here is typed from the RULINGS text,
never read from the engine, so that a slip in the engine's numbers shows up."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules import ContractCard, GameSetup, Liverpool, RulesError, get_rule_set
from games.rules.gamefile import report

from . import worded
from .helpers import new_game, one_hand, refusal, round_of, score
from .refusals import refuses, said
from .worded import said_in_force

SLUG = "liverpool"
ANN, BOB, CY = "Ann", "Bob", "Cy"
THREE = (ANN, BOB, CY)


def out() -> dict[str, Any]:
    return {"went_out": True}


def caught(points: int) -> dict[str, Any]:
    return {"points": points}


#: Seven deals for Ann, Bob and Cy: each player's points left in hand (0: went out).
SEVEN_DEALS = [
    (0, 57, 12),
    (23, 0, 40),
    (8, 31, 0),
    (0, 15, 66),
    (45, 0, 9),
    (17, 22, 0),
    (0, 104, 38),
]
ANN_TOTAL = 0 + 23 + 8 + 0 + 45 + 17 + 0  # 93
BOB_TOTAL = 57 + 0 + 31 + 15 + 0 + 22 + 104  # 229
CY_TOTAL = 12 + 40 + 0 + 66 + 9 + 0 + 38  # 165


def deal(*points: int) -> dict[str, dict[str, Any]]:
    """One deal's tallies, Ann, Bob and Cy in turn: 0 points is the player who went out."""
    return {
        name: out() if left == 0 else caught(left) for name, left in zip(THREE, points, strict=True)
    }


@pytest.fixture
def game() -> GameSetup:
    return new_game(SLUG, THREE)


# -- the rule set as declared ------------------------------------------------------------------


def test_it_is_registered_as_liverpool_rummy_for_three_to_eight_players_each_alone():
    rules = get_rule_set(SLUG)

    assert isinstance(rules, Liverpool)
    assert worded.name(rules) == "Liverpool Rummy"
    assert rules.player_counts == (3, 4, 5, 6, 7, 8)
    assert new_game(SLUG, THREE).side_names == [ANN, BOB, CY]


@pytest.mark.parametrize("players", [2, 9])
def test_fewer_than_three_or_more_than_eight_players_are_refused(players):
    with refuses("3 to 8 players"):
        new_game(SLUG, [f"P{i}" for i in range(players)])


@pytest.mark.parametrize(("players", "packs"), [(3, 2), (4, 2), (5, 3), (6, 3), (8, 3)])
def test_two_packs_with_jokers_for_three_or_four_players_three_for_five_or_more(players, packs):
    assert get_rule_set(SLUG).packs(players) == packs


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("Two", 2),
        ("Three", 3),
        ("Four", 4),
        ("Five", 5),
        ("Six", 6),
        ("Seven", 7),
        ("Eight", 8),
        ("Nine", 9),
        ("Ten", 10),
        ("Jack, Queen, King", 10),
        ("Ace", 15),
        ("Joker", 15),
    ],
)
def test_two_to_ten_count_their_face_value_court_cards_10_ace_and_joker_15(cards, points):
    values = {value.cards: value.points for value in get_rule_set(SLUG).card_values}

    assert values[cards] == points


def test_the_tally_is_the_points_left_in_hand_and_who_went_out():
    assert [f.name for f in get_rule_set(SLUG).tally_fields] == ["points", "went_out"]


# -- the contracts -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "contract", "cards"),
    [
        (1, "two sets", 10),
        (2, "one set and one run", 10),
        (3, "two runs", 10),
        (4, "three sets", 10),
        (5, "two sets and one run", 12),
        (6, "one set and two runs", 12),
        (7, "three runs, every card used, no discard", 12),
    ],
)
def test_each_deal_has_the_contract_and_cards_of_the_rulings_table(number, contract, cards):
    card = round_of(get_rule_set(SLUG), number)

    assert isinstance(card, ContractCard)
    assert card.as_dict() == {"deal": number, "cards": cards}
    report_said = worded.round_report(get_rule_set(SLUG), card)
    assert report_said == {"deal": number, "contract": contract, "cards": cards}


def test_the_card_before_deal_3_reads_two_runs_and_ten_cards():
    card = round_of(get_rule_set(SLUG), 3)

    assert worded.headline(get_rule_set(SLUG), card) == "Deal 3: two runs · 10 cards"
    assert worded.detail(get_rule_set(SLUG), card) == ""


def test_the_last_deals_card_says_every_card_goes_into_the_contract():
    card = round_of(get_rule_set(SLUG), 7)

    assert worded.headline(get_rule_set(SLUG), card) == "Deal 7: three runs · 12 cards"
    assert "no discard" in worded.detail(get_rule_set(SLUG), card)


def test_the_report_shows_the_next_deals_contract_until_the_game_is_over(game):
    assert report(score(game))["round"] == {"deal": 1, "cards": 10}
    after_two = score(game, *(deal(*points) for points in SEVEN_DEALS[:2]))
    assert after_two.round_card is not None
    said = worded.round_report(game.rules, after_two.round_card)
    assert said == {"deal": 3, "contract": "two runs", "cards": 10}
    finished = report(score(game, *(deal(*points) for points in SEVEN_DEALS)))
    assert "round" not in finished
    assert "opening_minimums" not in finished
    assert "phases" not in finished


# -- scores, totals, the end ---------------------------------------------------------------------


def test_the_worked_deal_scores_57_against_the_player_holding_those_cards(game):
    # A 7, a 10, a queen, an ace and a joker: 7 + 10 + 10 + 15 + 15.
    scores = one_hand(game, out(), caught(7 + 10 + 10 + 15 + 15), caught(12))

    assert scores == {ANN: 0, BOB: 57, CY: 12}


def test_the_rule_sheet_works_the_deal_through_in_the_tables_card_values():
    default = worded.paragraphs(get_rule_set(SLUG))
    house = get_rule_set(SLUG).with_options({"ace": 20, "joker": 50})
    changed = worded.paragraphs(house)

    assert "7 + 10 + 10 + 15 + 15 = 57" in default
    assert "7 + 10 + 10 + 20 + 50 = 97" in changed


@pytest.mark.parametrize("points", [1, 3, 57, 999, 1_000])
def test_any_whole_number_of_points_up_to_1000_is_taken(game, points):
    assert one_hand(game, out(), caught(points), caught(2))[BOB] == points


def test_seven_deals_end_the_game_and_the_lowest_total_wins(game):
    result = score(game, *(deal(*points) for points in SEVEN_DEALS))

    assert result.totals == {ANN: ANN_TOTAL, BOB: BOB_TOTAL, CY: CY_TOTAL}
    assert result.totals == {ANN: 93, BOB: 229, CY: 165}
    assert result.finished
    assert result.winners == [ANN]


def test_six_deals_do_not_end_the_game(game):
    result = score(game, *(deal(*points) for points in SEVEN_DEALS[:6]))

    assert not result.finished
    assert result.winners == []


def test_equal_lowest_totals_are_both_winners(game):
    deals = [deal(0, 20, 40), deal(20, 0, 40), *(deal(0, 5, 9) for _ in range(2))]
    deals += [deal(5, 0, 9) for _ in range(2)] + [deal(4, 4, 0)]

    result = score(game, *deals)

    assert result.totals == {ANN: 20 + 5 + 5 + 4, BOB: 20 + 5 + 5 + 4, CY: 40 + 40 + 9 * 4}
    assert result.winners == [ANN, BOB]


def test_an_eighth_deal_is_refused(game):
    with pytest.raises(RulesError) as caught_error:
        score(game, *(deal(*points) for points in SEVEN_DEALS), deal(0, 5, 5))

    assert caught_error.value.hand == 8
    assert said(caught_error.value).startswith("Deal 8: ")
    assert "7 deals" in said(caught_error.value)


# -- house rules -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "ace", "joker"),
    [({}, 15, 15), ({"ace": 20}, 20, 15), ({"joker": 25}, 15, 25), ({"joker": 50}, 15, 50)],
)
def test_a_table_may_count_an_ace_15_or_20_and_a_joker_15_25_or_50(options, ace, joker):
    rules = get_rule_set(SLUG).with_options(options)

    values = {value.cards: value.points for value in rules.card_values}
    assert (values["Ace"], values["Joker"]) == (ace, joker)


@pytest.mark.parametrize(("name", "value"), [("ace", 25), ("joker", 20), ("deuce", 2)])
def test_another_house_value_is_refused(name, value):
    with refuses(name):
        new_game(SLUG, THREE, options={name: value})


def test_the_house_rules_are_said_in_a_few_words():
    rules = get_rule_set(SLUG).with_options({"ace": 20, "joker": 50})

    assert said_in_force(rules, 3) == ["an ace counts 20", "a joker counts 50"]


# -- checks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tallies", "side", "field", "message"),
    [
        (
            (caught(5), caught(10), caught(20)),
            None,
            "went_out",
            "Deal 1: someone goes out every deal: pick the player who went out",
        ),
        (
            (out(), out(), caught(20)),
            BOB,
            "went_out",
            "Deal 1, Bob: only one player goes out in a deal, but Ann went out too",
        ),
        (
            ({"went_out": True, "points": 25}, caught(10), caught(20)),
            ANN,
            "points",
            "Deal 1, Ann: a player who went out has no cards left, so no points (not 25)",
        ),
        (
            (out(), caught(1_001), caught(20)),
            BOB,
            "points",
            "Deal 1, Bob: Points left in hand can be at most 1,000 (it is 1,001)",
        ),
        (
            (out(), caught(-5), caught(20)),
            BOB,
            "points",
            "Deal 1, Bob: Points left in hand can't be negative",
        ),
        (
            (out(), {"total": 40}, caught(20)),
            BOB,
            "total",
            "Deal 1, Bob: Liverpool Rummy needs the points left in hand of every player, not "
            "just a total",
        ),
    ],
    ids=[
        "nobody-out",
        "two-out",
        "out-with-points",
        "over-1000",
        "negative",
        "bare-total",
    ],
)
def test_a_deal_that_breaks_a_check_is_refused_naming_the_deal_the_player_and_the_field(
    game, tallies, side, field, message
):
    error = refusal(game, *tallies)

    assert (error.hand, error.side, error.field) == (1, side, field)
    assert said(error) == message


def test_a_refused_deal_names_its_number_after_earlier_deals(game):
    with pytest.raises(RulesError) as caught_error:
        score(game, deal(*SEVEN_DEALS[0]), deal(*SEVEN_DEALS[1]), deal(0, 0, 5))

    assert (caught_error.value.hand, caught_error.value.side) == (3, BOB)
    assert said(caught_error.value).startswith("Deal 3, Bob: only one player goes out")
