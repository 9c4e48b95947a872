"""Ten Pennies, deuces wild and jokers wild (RULINGS.md sections 3 and 4)."""

from __future__ import annotations

import pytest

from games.rules import FirstDownCard, RulesError, get_rule_set
from games.rules.gamefile import report
from games.words import round_headline, round_summary

from . import worded
from .helpers import hand, new_game, pot_of, round_of, score
from .refusals import refuses, said

ANN, BOB, CY = "Ann", "Bob", "Cy"
SLUGS = ["ten-pennies", "ten-pennies-jokers"]


def t(points=0, cards=0, buys=0):
    return {"points": points, "cards": cards, "buys": buys}


# Seven rounds for Ann, Bob and Cy: (points, cards, buys) per player.
SEVEN_ROUNDS = [
    {ANN: t(0, 0, 1), BOB: t(25, 3, 2), CY: t(60, 5, 0)},
    {ANN: t(30, 2, 1), BOB: t(0, 0, 0), CY: t(45, 4, 1)},
    {ANN: t(50, 1, 0), BOB: t(70, 6, 1), CY: t(0, 0, 0)},
    {ANN: t(0, 0, 2), BOB: t(15, 2, 0), CY: t(40, 3, 2)},
    {ANN: t(55, 4, 0), BOB: t(0, 0, 1), CY: t(25, 2, 0)},
    {ANN: t(35, 3, 1), BOB: t(90, 5, 2), CY: t(0, 0, 0)},
    {ANN: t(0, 0, 0), BOB: t(20, 1, 0), CY: t(65, 6, 1)},
]
ANN_TOTAL = 0 + 30 + 50 + 0 + 55 + 35 + 0  # 170
BOB_TOTAL = 25 + 0 + 70 + 15 + 0 + 90 + 20  # 220
CY_TOTAL = 60 + 45 + 0 + 40 + 25 + 0 + 65  # 235
# pennies = buys + cards caught
ANN_PENNIES = (1 + 1 + 0 + 2 + 0 + 1 + 0) + (0 + 2 + 1 + 0 + 4 + 3 + 0)  # 5 + 10 = 15
BOB_PENNIES = (2 + 0 + 1 + 0 + 1 + 2 + 0) + (3 + 0 + 6 + 2 + 0 + 5 + 1)  # 6 + 17 = 23
CY_PENNIES = (0 + 1 + 0 + 2 + 0 + 0 + 1) + (5 + 4 + 0 + 3 + 2 + 0 + 6)  # 4 + 20 = 24


@pytest.fixture(params=SLUGS)
def game(request):
    return new_game(request.param, (ANN, BOB, CY))


def refused(game, *rounds):
    with pytest.raises(RulesError) as caught:
        score(game, *rounds)
    return caught.value


# -- set-up ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "packs"), [(2, 1), (3, 2), (4, 2), (5, 3), (8, 4)])
def test_there_is_a_pack_for_every_two_players(players, packs):
    assert get_rule_set("ten-pennies").packs(players) == packs


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("players", [2, 8])
def test_two_to_eight_play(slug, players):
    game = new_game(slug, [f"P{i}" for i in range(players)])

    assert len(game.sides) == players


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("players", [1, 9])
def test_fewer_than_two_or_more_than_eight_are_refused(slug, players):
    with refuses("2 to 8 players"):
        new_game(slug, [f"P{i}" for i in range(players)])


# -- the round card ----------------------------------------------------------------------------

DEUCES_EARLY = ["twos"]
DEUCES_LATE = ["twos", "aces", "jokers"]
JOKERS_EARLY = ["jokers"]
JOKERS_LATE = ["jokers", "aces", "twos"]


@pytest.mark.parametrize(
    ("slug", "number", "first_down", "wild_cards", "per_set"),
    [
        ("ten-pennies", 1, "2 sets of 3", DEUCES_EARLY, 1),
        ("ten-pennies", 2, "1 set of 4", DEUCES_EARLY, 1),
        ("ten-pennies", 3, "2 sets of 4", DEUCES_EARLY, 1),
        ("ten-pennies", 4, "1 set of 5", DEUCES_EARLY, 2),
        ("ten-pennies", 5, "2 sets of 5", DEUCES_LATE, 2),
        ("ten-pennies", 6, "1 set of 6", DEUCES_LATE, 2),
        ("ten-pennies", 7, "1 set of 7", DEUCES_LATE, 3),
        ("ten-pennies-jokers", 1, "2 sets of 3", JOKERS_EARLY, 1),
        ("ten-pennies-jokers", 2, "1 set of 4", JOKERS_EARLY, 1),
        ("ten-pennies-jokers", 3, "2 sets of 4", JOKERS_EARLY, 1),
        ("ten-pennies-jokers", 4, "1 set of 5", JOKERS_EARLY, 2),
        ("ten-pennies-jokers", 5, "2 sets of 5", JOKERS_LATE, 2),
        ("ten-pennies-jokers", 6, "1 set of 6", JOKERS_LATE, 2),
        ("ten-pennies-jokers", 7, "1 set of 7", JOKERS_LATE, 3),
    ],
    ids=lambda v: str(v) if not isinstance(v, list) else "+".join(v),
)
def test_the_round_card_matches_the_table(slug, number, first_down, wild_cards, per_set):
    card = round_of(get_rule_set(slug), number)

    assert isinstance(card, FirstDownCard)
    assert list(card.wild_cards) == wild_cards
    assert card.wild_cards_per_set == per_set
    assert worded.round_report(get_rule_set(slug), card)["first_down"] == first_down


def test_the_round_card_reads_as_a_headline_and_a_line_of_wild_cards():
    card = round_of(get_rule_set("ten-pennies"), 5)

    rules = get_rule_set("ten-pennies")
    line = worded.english(round_headline, rules, card)
    assert (str(line), line.lead, line.value) == (
        "Round 5: 2 sets of 5",
        "Round 5: ",
        "2 sets of 5",
    )
    assert worded.detail(rules, card) == "Wild: twos, aces and jokers · 2 wild cards per set"
    assert (
        worded.english(round_summary, rules, card)
        == "Round 5: first down 2 sets of 5; wild cards: twos, aces and jokers, 2 per set"
    )


def test_the_report_shows_the_next_rounds_card_until_the_game_is_over(game):
    assert report(score(game))["round"]["number"] == 1
    after_four = score(game, *SEVEN_ROUNDS[:4])
    assert after_four.round_card is not None
    assert report(after_four)["round"]["sets"] == 2
    said = worded.round_report(game.rules, after_four.round_card)
    assert said["first_down"] == "2 sets of 5"
    assert report(score(game, *SEVEN_ROUNDS[:6]))["round"]["wild_cards_per_set"] == 3
    assert "round" not in report(score(game, *SEVEN_ROUNDS))


# -- scores, totals, the end -------------------------------------------------------------------


def test_each_round_scores_the_points_caught_in_hand(game):
    result = score(game, SEVEN_ROUNDS[0])

    assert result.hands[0].scores == {ANN: 0, BOB: 25, CY: 60}


def test_seven_rounds_end_the_game_and_the_lowest_total_wins(game):
    result = score(game, *SEVEN_ROUNDS)

    assert result.totals == {ANN: ANN_TOTAL, BOB: BOB_TOTAL, CY: CY_TOTAL}
    assert result.totals == {ANN: 170, BOB: 220, CY: 235}
    assert result.finished
    assert result.winners == [ANN]
    assert "opening_minimums" not in report(result)


def test_six_rounds_do_not_end_the_game(game):
    result = score(game, *SEVEN_ROUNDS[:6])

    assert not result.finished
    assert result.winners == []


def test_an_eighth_round_is_refused(game):
    error = refused(game, *SEVEN_ROUNDS, SEVEN_ROUNDS[0])

    assert error.hand == 8
    assert said(error).startswith("Round 8: ")
    assert "7 rounds" in said(error)


# -- the pot -----------------------------------------------------------------------------------


def test_the_pot_holds_a_penny_per_buy_and_per_card_caught_and_goes_to_the_winner(game):
    result = score(game, *SEVEN_ROUNDS)

    pot = pot_of(result)
    assert pot.pennies == {ANN: ANN_PENNIES, BOB: BOB_PENNIES, CY: CY_PENNIES}
    assert pot.pennies == {ANN: 15, BOB: 23, CY: 24}
    assert pot.total == 15 + 23 + 24
    assert pot.buys_left == {ANN: 10 - 5, BOB: 10 - 6, CY: 10 - 4}
    assert pot.payout == {ANN: 62}
    assert pot.odd_pennies == 0


def test_the_pot_pays_nothing_until_the_game_is_over(game):
    result = score(game, *SEVEN_ROUNDS[:2])

    pot = pot_of(result)
    assert pot.pennies == {ANN: (1 + 1) + (0 + 2), BOB: (2 + 0) + (3 + 0), CY: (0 + 1) + (5 + 4)}
    assert pot.total == 4 + 5 + 10
    assert pot.payout == {}
    assert report(result)["pot"]["payout"] == {}


@pytest.mark.parametrize("slug", SLUGS)
def test_equal_lowest_totals_split_the_pot_and_show_the_odd_penny(slug):
    game = new_game(slug, (ANN, BOB))
    ann_catches = [{ANN: t(10, 1), BOB: t()} for _ in range(3)]  # Ann 30, 3 cards
    bob_catches = [{ANN: t(), BOB: t(points, 1)} for points in (5, 5, 10, 10)]  # Bob 30, 4 cards

    result = score(game, *ann_catches, *bob_catches)

    assert result.totals == {ANN: 30, BOB: 30}
    assert result.winners == [ANN, BOB]
    pot = pot_of(result)
    assert pot.total == 3 + 4
    assert pot.payout == {ANN: 3, BOB: 3}  # 7 pennies: 3 each and 1 that cannot be split
    assert pot.odd_pennies == 1
    assert report(result)["pot"]["odd_pennies"] == 1


# -- checks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "points"),
    [(1, 5), (1, 50), (3, 15), (3, 150), (11, 55), (11, 550)],
    ids=lambda v: str(v),
)
def test_points_between_5_and_50_a_card_are_accepted(game, cards, points):
    result = score(game, {ANN: t(), BOB: t(points, cards), CY: t(5, 1)})

    assert result.hands[0].scores[BOB] == points


@pytest.mark.parametrize(
    ("cards", "points"),
    [(1, 0), (1, 55), (3, 10), (3, 155), (0, 5)],
    ids=["1-card-0", "1-card-55", "3-cards-10", "3-cards-155", "no-cards-5"],
)
def test_points_that_the_cards_cannot_make_are_refused(game, cards, points):
    out = {ANN: t(), BOB: t(points, cards), CY: t(5, 1)}
    if cards == 0:  # Bob would be a second player out; make Ann the one still holding cards
        out[ANN] = t(5, 1)

    error = refused(game, SEVEN_ROUNDS[0], out)

    # Points with no cards: the count of cards is what is missing.
    assert (error.hand, error.side, error.field) == (2, BOB, "cards" if cards == 0 else "points")
    assert said(error).startswith(f"Round 2, {BOB}: ")


def test_points_with_the_cards_left_blank_ask_for_the_cards_caught(game):
    """Ann went out; Bob's 10 points came with no count of cards (issue 19: before, "only one
    player goes out in a round, but Ann has no cards left too")."""
    error = refused(game, {ANN: t(), BOB: t(10, 0), CY: t(5, 1)})

    assert (error.hand, error.side, error.field) == (1, BOB, "cards")
    assert said(error) == f"Round 1, {BOB}: 10 points in hand needs the number of cards caught"


def test_someone_must_go_out_every_round(game):
    error = refused(game, {ANN: t(5, 1), BOB: t(10, 2), CY: t(20, 1)})

    assert error.hand == 1
    assert said(error).startswith("Round 1")
    assert "no cards left" in said(error)


def test_only_one_player_goes_out_in_a_round(game):
    error = refused(game, SEVEN_ROUNDS[0], SEVEN_ROUNDS[1], {ANN: t(), BOB: t(20, 2), CY: t()})

    assert (error.hand, error.side, error.field) == (3, CY, "cards")
    assert said(error).startswith(f"Round 3, {CY}: ")
    assert ANN in said(error)


def test_a_player_may_buy_ten_times_in_a_game(game):
    rounds = [
        {ANN: t(0, 0, 3), BOB: t(5, 1), CY: t(5, 1)},
        {ANN: t(0, 0, 4), BOB: t(5, 1), CY: t(5, 1)},
        {ANN: t(0, 0, 3), BOB: t(5, 1), CY: t(5, 1)},
    ]

    result = score(game, *rounds)

    assert pot_of(result).buys_left[ANN] == 10 - (3 + 4 + 3)


def test_an_eleventh_buy_is_refused(game):
    rounds = [
        {ANN: t(0, 0, 3), BOB: t(5, 1), CY: t(5, 1)},
        {ANN: t(0, 0, 4), BOB: t(5, 1), CY: t(5, 1)},
        {ANN: t(0, 0, 3), BOB: t(5, 1), CY: t(5, 1)},
        {ANN: t(5, 1, 1), BOB: t(0, 0), CY: t(5, 1)},
    ]

    error = refused(game, *rounds)

    assert (error.hand, error.side, error.field) == (4, ANN, "buys")
    assert said(error).startswith(f"Round 4, {ANN}: ")
    assert "11 buys" in said(error)


def test_eleven_buys_in_one_round_are_refused(game):
    error = refused(game, {ANN: t(0, 0, 11), BOB: t(5, 1), CY: t(5, 1)})

    assert (error.hand, error.side, error.field) == (1, ANN, "buys")


def test_a_bare_total_is_refused(game):
    error = refused(game, {ANN: {"total": 0}, BOB: t(5, 1), CY: t(5, 1)})

    assert (error.hand, error.side, error.field) == (1, ANN, "total")
    assert said(error).startswith(f"Round 1, {ANN}: ")


def test_points_must_be_a_multiple_of_5(game):
    error = refused(game, {ANN: t(), BOB: t(12, 1), CY: t(5, 1)})

    assert (error.hand, error.side, error.field) == (1, BOB, "points")
    assert "multiple of 5" in said(error)


def test_the_deal_passes_to_the_left(game):
    assert [game.dealer_for(BOB, n) for n in range(1, 8)] == [BOB, CY, ANN, BOB, CY, ANN, BOB]


def test_a_refused_round_names_the_round_not_a_hand(game):
    error = refused(game, hand({ANN: t(), BOB: t(5, 1), CY: t(5, 1), "Zed": t()}))

    assert error.hand == 1
    assert said(error).startswith("Round 1")
    assert "Zed" in said(error)


def test_the_pennies_paid_for_each_card_come_from_the_rule_data():
    from dataclasses import replace

    from games.rules import TenPennies

    rules = TenPennies()
    assert rules.pot.pennies_each == rules.pennies_each == 1
    dearer = type("Dearer", (type(rules),), {"pot": replace(rules.pot, pennies_each=2)})()
    game = dearer.new_game(["Ann", "Bob"])

    result = game.score(
        [hand({"Ann": {"points": 0, "cards": 0, "buys": 1}, "Bob": {"points": 30, "cards": 3}})]
    )

    assert pot_of(result).pennies == {"Ann": 2 * 1, "Bob": 2 * 3}
