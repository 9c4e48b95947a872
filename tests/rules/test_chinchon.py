"""Chinchón (RULINGS.md section 18). Every number here is typed from the RULINGS text, never read
from the engine, so that a slip in the engine's numbers shows up."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import call_command

from games.rules import Chinchon, GameScore, GameSetup, HandInput, RulesError, get_rule_set
from games.rules.gamefile import read_game_file, report
from games.words.games.chinchon import worked_hand

from .refusals import said

SLUG = "chinchon"
ANN, BOB, CY, DI = "Ann", "Bob", "Cy", "Di"
FOUR = (ANN, BOB, CY, DI)

Tallies = dict[str, dict[str, Any]]


def game(players: tuple[str, ...] = FOUR, **options: Any) -> GameSetup:
    return get_rule_set(SLUG).new_game(list(players), options=options)


def rules_of(setup: GameSetup) -> Chinchon:
    assert isinstance(setup.rules, Chinchon)
    return setup.rules


def play(setup: GameSetup, *hands: Tallies) -> GameScore:
    return setup.score([HandInput(tallies) for tallies in hands])


def closes(points: int = 0, **more: Any) -> dict[str, Any]:
    """The closer's tally: `points` unmatched, or minus_ten / chinchon."""
    tally: dict[str, Any] = {"closed": True, **more}
    if points:
        tally["points"] = points
    return tally


def pts(points: int) -> dict[str, Any]:
    return {"points": points}


def refused_with(setup: GameSetup, hands: list[Tallies], bad: Tallies) -> RulesError:
    so_far = play(setup, *hands)
    with pytest.raises(RulesError) as caught:
        setup.score_next_hand(so_far, HandInput(bad))
    return caught.value


#: Hands 1 to 6 of RULINGS.md's worked hand: after hand 6 Ann 62, Bob 95 and Cy 40 are in and Di
#: (104, out after hand 4) is out; she sits hands 5 and 6 out ({} once, left out once).
SIX_HANDS: list[Tallies] = [
    {ANN: pts(10), BOB: pts(20), CY: closes(5), DI: pts(30)},
    {ANN: pts(12), BOB: pts(15), CY: pts(10), DI: closes(3)},
    {ANN: closes(minus_ten=True), BOB: pts(20), CY: pts(5), DI: pts(40)},
    {ANN: pts(20), BOB: closes(2), CY: pts(10), DI: pts(31)},
    {ANN: pts(20), BOB: closes(3), CY: pts(5), DI: {}},
    {ANN: pts(10), BOB: pts(35), CY: closes(5)},
]
#: Hand 7 as RULINGS.md writes its game-file tally.
HAND_SEVEN: Tallies = {
    ANN: {"points": 14},
    BOB: {"points": 9},
    CY: {"closed": True, "minus_ten": True},
    DI: {"rejoined": True, "points": 22},
}


# -- the worked hand ----------------------------------------------------------------------------


def test_the_six_hands_before_the_worked_hand() -> None:
    score = play(game(), *SIX_HANDS)

    assert score.totals == {ANN: 62, BOB: 95, CY: 40, DI: 104}
    assert score.players_in == [ANN, BOB, CY]
    assert score.rejoin_total == 95
    assert score.hands[4].sat_out == frozenset({DI})
    assert score.hands[5].sat_out == frozenset({DI})
    assert score.hands[4].scores[DI] == 0


def test_the_worked_hand() -> None:
    setup = game()
    score = play(setup, *SIX_HANDS, HAND_SEVEN)
    seventh = score.hands[-1]

    assert seventh.scores == {ANN: 14, BOB: 9, CY: -10, DI: 22}
    assert seventh.totals == {ANN: 76, BOB: 104, CY: 30, DI: 117}
    assert score.players_in == [ANN, CY]
    assert score.rejoin_total == 76
    assert rules_of(setup).may_rejoin(score) == [BOB, DI]
    assert score.rejoins == {DI: 1}
    assert rules_of(setup).stakes(score) == 5
    assert not score.finished
    assert score.winners == []


def test_the_worked_hand_as_score_game_prints_it(tmp_path: Any) -> None:
    hands = [{"tallies": tallies} for tallies in [*SIX_HANDS, HAND_SEVEN]]
    path = tmp_path / "chinchon.json"
    path.write_text(json.dumps({"rules": SLUG, "players": list(FOUR), "hands": hands}))
    out = io.StringIO()

    call_command("score_game", str(path), stdout=out, stderr=io.StringIO())

    printed = json.loads(out.getvalue())
    assert printed["totals"] == {ANN: 76, BOB: 104, CY: 30, DI: 117}
    assert printed["players_in"] == [ANN, CY]
    assert printed["rejoin_total"] == 76
    assert printed["rejoins"] == {DI: 1}
    assert "opening_minimums" not in printed
    assert printed["hands"][4]["scores"][DI] == 0
    assert printed["hands"][6]["breakdown"][CY] == {"points": 0, "minus_ten": -10}
    assert printed["finished"] is False
    assert printed["options"] == {
        "limit": 100,
        "elimination": "over",
        "closing_limit": 5,
        "rejoins": "unlimited",
        "chinchon": "wins",
        "pack": 40,
        "figures": 10,
        "wild_value": 25,
    }


def test_the_rule_sheets_worked_hand_says_what_the_engine_scores() -> None:
    score = play(game(), *SIX_HANDS, HAND_SEVEN)
    totals = score.totals

    sheet = worked_hand(get_rule_set(SLUG))

    assert (
        f"Di rejoins at {score.hands[5].totals[BOB]} (Bob's total, the highest of the players "
        f"in); her 22 points in the hand make {totals[DI]}"
    ) in sheet
    assert f"40 − 10 = {totals[CY]}" in sheet
    assert f"Ann's 14 points make {totals[ANN]}, and Bob's 9 make {totals[BOB]}" in sheet
    assert f"may rejoin at {score.rejoin_total} before hand 8" in sheet
    assert "the pot holds five stakes" in sheet


# -- hand scores --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "closer", "score"),
    [
        ({}, closes(3), 3),
        ({}, closes(5), 5),
        ({}, closes(minus_ten=True), -10),
        ({}, closes(chinchon=True), 0),
        ({"chinchon": "minus_50"}, closes(chinchon=True), -50),
        ({"closing_limit": 4}, closes(4), 4),
    ],
)
def test_the_closer_scores(options: dict[str, Any], closer: dict[str, Any], score: int) -> None:
    scored = play(game(**options), {ANN: closer, BOB: pts(23), CY: pts(0), DI: pts(175)})

    assert scored.hands[0].scores == {ANN: score, BOB: 23, CY: 0, DI: 175}


def test_an_empty_tally_of_a_player_in_is_no_points() -> None:
    scored = play(game(), {ANN: closes(1), BOB: {}, CY: pts(7), DI: pts(8)})

    assert scored.totals == {ANN: 1, BOB: 0, CY: 7, DI: 8}
    assert scored.hands[0].sat_out == frozenset()


# -- out, in and rejoining ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "total", "out"),
    [
        ({}, 100, False),
        ({}, 101, True),
        ({"elimination": "reached"}, 99, False),
        ({"elimination": "reached"}, 100, True),
        ({"limit": 50}, 50, False),
        ({"limit": 50}, 51, True),
        ({"limit": 70, "elimination": "reached"}, 70, True),
        ({"limit": 150}, 150, False),
        ({"limit": 150}, 151, True),
    ],
)
def test_a_player_is_out_past_the_limit(options: dict[str, Any], total: int, out: bool) -> None:
    setup = game(**options)
    score = play(setup, {ANN: closes(1), BOB: pts(total), CY: pts(2), DI: pts(3)})

    assert (BOB not in (score.players_in or [])) is out


def test_the_rejoin_total_leaves_out_players_out_and_others_rejoining() -> None:
    setup = game()
    score = play(
        setup,
        {ANN: closes(1), BOB: pts(101), CY: pts(120), DI: pts(40)},
        # Bob and Cy both rejoin: R is 40 (Di's; Ann has 1 + 0), not their own totals.
        {ANN: closes(2), BOB: {"rejoined": True, "points": 5}, CY: {"rejoined": True}, DI: pts(9)},
    )

    assert score.hands[1].totals == {ANN: 3, BOB: 45, CY: 40, DI: 49}
    assert score.rejoins == {BOB: 1, CY: 1}
    assert score.players_in == FOUR_LIST


FOUR_LIST = list(FOUR)


def test_a_player_out_sits_out_with_an_empty_tally_or_none() -> None:
    setup = game()
    first = {ANN: closes(1), BOB: pts(101), CY: pts(10), DI: pts(20)}

    with_empty = play(setup, first, {ANN: pts(5), BOB: {}, CY: closes(2), DI: pts(3)})
    left_out = play(setup, first, {ANN: pts(5), CY: closes(2), DI: pts(3)})
    with_zeros = play(
        setup,
        first,
        {ANN: pts(5), BOB: {"points": 0, "rejoined": False}, CY: closes(2), DI: pts(3)},
    )

    for score in (with_empty, left_out, with_zeros):
        assert score.totals == {ANN: 6, BOB: 101, CY: 12, DI: 23}
        assert score.hands[1].sat_out == frozenset({BOB})
        assert score.hands[1].breakdown[BOB] == {}
        assert score.players_in == [ANN, CY, DI]


def test_the_game_file_reads_an_empty_tally_and_a_missing_one_alike() -> None:
    def file(second: Tallies) -> str:
        hands = [{ANN: closes(1), BOB: pts(101), CY: pts(10), DI: pts(20)}, second]
        return json.dumps(
            {"rules": SLUG, "players": list(FOUR), "hands": [{"tallies": t} for t in hands]}
        )

    empty = read_game_file(file({ANN: pts(5), BOB: {}, CY: closes(2), DI: pts(3)}))
    missing = read_game_file(file({ANN: pts(5), CY: closes(2), DI: pts(3)}))

    reports = [report(setup.score(hands)) for setup, hands in (empty, missing)]
    assert reports[0] == reports[1]
    assert reports[0]["hands"][1]["scores"][BOB] == 0
    assert reports[0]["players_in"] == [ANN, CY, DI]


@pytest.mark.parametrize(
    ("rejoins", "allowed"),
    [(2, 2), (1, 1), (0, 0)],
)
def test_rejoins_are_counted_and_limited(rejoins: Any, allowed: int) -> None:
    setup = game(rejoins=rejoins)
    hands: list[Tallies] = [{ANN: closes(1), BOB: pts(2), CY: pts(3), DI: pts(101)}]
    for _ in range(allowed):
        hands.append(
            {ANN: closes(1), BOB: pts(2), CY: pts(3), DI: {"rejoined": True, "points": 99}}
        )
    score = play(setup, *hands)
    assert (score.rejoins or {}).get(DI, 0) == allowed

    error = refused_with(
        setup, hands, {ANN: closes(1), BOB: pts(2), CY: pts(3), DI: {"rejoined": True}}
    )
    assert (error.side, error.field) == (DI, "rejoined")
    assert error.code == {0: "no_rejoining", 1: "one_rejoin_used", 2: "rejoins_used_up"}[allowed]


def test_unlimited_rejoins_never_run_out() -> None:
    setup = game()
    hands: list[Tallies] = [{ANN: closes(1), BOB: pts(2), CY: pts(3), DI: pts(101)}]
    for _ in range(10):
        hands.append(
            {ANN: closes(1), BOB: pts(2), CY: pts(3), DI: {"rejoined": True, "points": 99}}
        )

    score = play(setup, *hands)

    assert score.rejoins == {DI: 10}
    assert rules_of(setup).stakes(score) == 14


# -- checks -------------------------------------------------------------------------------------

OUT_DI: list[Tallies] = [{ANN: closes(1), BOB: pts(2), CY: pts(3), DI: pts(101)}]

CHECKS = {
    "nobody closed": (
        [],
        {ANN: pts(1), BOB: pts(2), CY: pts(3), DI: pts(4)},
        "nobody_closed",
        None,
        "closed",
    ),
    "two closed": (
        [],
        {ANN: closes(1), BOB: closes(2), CY: pts(3), DI: pts(4)},
        "two_closed",
        BOB,
        "closed",
    ),
    "an out player cannot close": (
        OUT_DI,
        {ANN: pts(1), BOB: pts(2), CY: pts(3), DI: closes()},
        "out_player_tally",
        DI,
        "closed",
    ),
    "minus ten, not the closer": (
        [],
        {ANN: closes(1), BOB: {"minus_ten": True}, CY: pts(3), DI: pts(4)},
        "minus_ten_not_closer",
        BOB,
        "minus_ten",
    ),
    "chinchón, not the closer": (
        [],
        {ANN: closes(1), BOB: {"chinchon": True}, CY: pts(3), DI: pts(4)},
        "chinchon_not_closer",
        BOB,
        "chinchon",
    ),
    "minus ten and chinchón": (
        [],
        {ANN: closes(minus_ten=True, chinchon=True), BOB: pts(2), CY: pts(3), DI: pts(4)},
        "minus_ten_and_chinchon",
        ANN,
        "chinchon",
    ),
    "points with minus ten": (
        [],
        {ANN: closes(3, minus_ten=True), BOB: pts(2), CY: pts(3), DI: pts(4)},
        "points_with_minus_ten",
        ANN,
        "points",
    ),
    "points with chinchón": (
        [],
        {ANN: closes(3, chinchon=True), BOB: pts(2), CY: pts(3), DI: pts(4)},
        "points_with_chinchon",
        ANN,
        "points",
    ),
    "a closer with nothing unmatched": (
        [],
        {ANN: closes(), BOB: pts(2), CY: pts(3), DI: pts(4)},
        "closer_without_points",
        ANN,
        "points",
    ),
    "a closer over the closing limit": (
        [],
        {ANN: closes(6), BOB: pts(2), CY: pts(3), DI: pts(4)},
        "closer_over_limit",
        ANN,
        "points",
    ),
    "points beyond seven wild cards": (
        [],
        {ANN: closes(1), BOB: pts(176), CY: pts(3), DI: pts(4)},
        "value_beyond_maximum",
        BOB,
        "points",
    ),
    "an out player's points": (
        OUT_DI,
        {ANN: closes(1), BOB: pts(2), CY: pts(3), DI: pts(4)},
        "out_player_tally",
        DI,
        "points",
    ),
    "a rejoin in hand 1": (
        [],
        {ANN: closes(1), BOB: pts(2), CY: pts(3), DI: {"rejoined": True}},
        "rejoin_while_in",
        DI,
        "rejoined",
    ),
    "a rejoin by a player in": (
        OUT_DI,
        {ANN: closes(1), BOB: {"rejoined": True}, CY: pts(3), DI: {}},
        "rejoin_while_in",
        BOB,
        "rejoined",
    ),
    "a player in left out": (
        [],
        {ANN: closes(1), BOB: pts(2), CY: pts(3)},
        "hand_lacks_side_tally",
        DI,
        None,
    ),
    "a negative points": (
        [],
        {ANN: closes(1), BOB: pts(-2), CY: pts(3), DI: pts(4)},
        "value_negative",
        BOB,
        "points",
    ),
    "a bare total": (
        [],
        {ANN: closes(1), BOB: {"total": 5}, CY: pts(3), DI: pts(4)},
        "needs_itemized_tally",
        BOB,
        "total",
    ),
}


@pytest.mark.parametrize(
    ("before", "bad", "code", "side", "field"),
    [pytest.param(*row, id=name) for name, row in CHECKS.items()],
)
def test_every_check_is_refused_with_its_code(
    before: list[Tallies], bad: Tallies, code: str, side: str | None, field: str | None
) -> None:
    setup = game()
    so_far = play(setup, *before)
    kept = [hand.totals for hand in so_far.hands]

    error = refused_with(setup, before, bad)

    assert (error.code, error.side, error.field) == (code, side, field)
    assert error.hand == len(before) + 1
    assert [hand.totals for hand in so_far.hands] == kept


@pytest.mark.parametrize(
    ("options", "most"),
    [
        ({}, 175),
        ({"wild_value": 50}, 350),
        ({"wild_value": "none"}, 70),
        ({"wild_value": "none", "figures": "by_index"}, 70),
        ({"wild_value": "none", "figures": "by_index", "pack": 48}, 84),
        ({"wild_value": "none", "figures": "by_index", "pack": 50}, 84),
        ({"wild_value": "none", "pack": 48}, 70),
    ],
)
def test_points_are_at_most_seven_of_the_highest_card(options: dict[str, Any], most: int) -> None:
    setup = game(**options)
    play(setup, {ANN: closes(1), BOB: pts(most), CY: pts(0), DI: pts(0)})

    error = refused_with(setup, [], {ANN: closes(1), BOB: pts(most + 1), CY: pts(0), DI: pts(0)})

    assert (error.code, error.field) == ("value_beyond_maximum", "points")


def test_the_closing_limit_house_rule() -> None:
    setup = game(closing_limit=4)

    error = refused_with(setup, [], {ANN: closes(5), BOB: pts(2), CY: pts(3), DI: pts(4)})

    assert error.code == "closer_over_limit"
    assert error.params["most"] == 4


def test_a_refusal_reads_as_a_player_says_it() -> None:
    error = refused_with(game(), [], {ANN: closes(6), BOB: pts(2), CY: pts(3), DI: pts(4)})

    assert said(error) == "Hand 1, Ann: a player can close with at most 5 points unmatched, not 6"


# -- the end of the game ------------------------------------------------------------------------


def test_a_chinchon_wins_at_once() -> None:
    setup = game()
    score = play(
        setup,
        {ANN: closes(1), BOB: pts(40), CY: pts(3), DI: pts(4)},
        {ANN: pts(30), BOB: closes(chinchon=True), CY: pts(3), DI: pts(4)},
    )

    assert score.finished
    assert score.winners == [BOB]
    # The others' points are still added, for the record.
    assert score.totals == {ANN: 31, BOB: 40, CY: 6, DI: 8}
    assert "rejoin_total" not in report(score)
    error = refused_with(
        setup,
        [
            {ANN: closes(1), BOB: pts(40), CY: pts(3), DI: pts(4)},
            {ANN: pts(30), BOB: closes(chinchon=True), CY: pts(3), DI: pts(4)},
        ],
        {ANN: closes(1), BOB: pts(2), CY: pts(3), DI: pts(4)},
    )
    assert (error.code, error.hand) == ("chinchon_over_by_chinchon", 3)


def test_the_leaders_and_standings_put_the_players_in_first() -> None:
    setup = game()
    score = play(setup, *SIX_HANDS, HAND_SEVEN)

    assert score.leaders == [CY]
    # Cy 30 and Ann 76 are in; Bob 104 and Di 117 are out.
    assert setup.rules.standings(score) == [CY, ANN, BOB, DI]


def test_once_over_the_standings_put_the_winner_first() -> None:
    setup = game()
    score = play(
        setup,
        {ANN: closes(1), BOB: pts(40), CY: pts(3), DI: pts(4)},
        {ANN: pts(30), BOB: closes(chinchon=True), CY: pts(3), DI: pts(4)},
    )

    assert score.leaders == [BOB]
    assert setup.rules.standings(score) == [BOB, CY, DI, ANN]


def test_with_minus_50_a_chinchon_plays_on() -> None:
    score = play(
        game(chinchon="minus_50"), {ANN: closes(chinchon=True), BOB: pts(2), CY: pts(3), DI: pts(4)}
    )

    assert not score.finished
    assert score.totals[ANN] == -50


def test_the_last_player_in_wins() -> None:
    setup = game(rejoins=0)
    hands = [
        {ANN: closes(1), BOB: pts(101), CY: pts(3), DI: pts(4)},
        {ANN: pts(50), CY: closes(2), DI: pts(120)},
        {ANN: pts(60), CY: closes(2)},
    ]
    score = play(setup, *hands)

    assert score.finished
    assert score.players_in == [CY]
    assert score.winners == [CY]
    assert rules_of(setup).why_they_won(score) == _said("chinchon_won_last_in", player=CY)
    printed = report(score)
    assert "rejoin_total" not in printed
    assert printed["winners"] == [CY]
    error = refused_with(setup, hands, {ANN: {}, BOB: {}, CY: closes(1), DI: {}})
    assert error.code == "chinchon_over_last_in"


def test_the_game_ends_even_where_out_players_may_rejoin() -> None:
    setup = game((ANN, BOB))
    score = play(setup, {ANN: closes(3), BOB: pts(101)})

    assert score.finished
    assert score.winners == [ANN]


def test_everyone_in_out_in_one_hand_the_lowest_of_that_hand_wins() -> None:
    setup = game((ANN, BOB, CY))
    score = play(
        setup,
        {ANN: closes(1), BOB: pts(102), CY: pts(96)},
        # Bob sits out; Ann and Cy both pass 100: the lower of the two wins, not Bob's 102.
        {ANN: pts(130), CY: closes(5)},
    )

    assert score.totals == {ANN: 131, BOB: 102, CY: 101}
    assert score.finished
    assert score.players_in == []
    assert score.winners == [CY]
    assert rules_of(setup).why_they_won(score) == _said(
        "chinchon_won_lowest_of_last", players=(CY,)
    )


def test_equal_lowest_totals_share_the_win() -> None:
    setup = game((ANN, BOB))
    score = play(
        setup,
        {ANN: pts(95), BOB: closes(3)},
        {ANN: closes(2), BOB: pts(94)},
        {ANN: closes(5), BOB: pts(5)},
    )

    assert score.totals == {ANN: 102, BOB: 102}
    assert score.finished
    assert score.winners == [ANN, BOB]


# -- the deal, the players and the house rules --------------------------------------------------


def test_the_deal_passes_to_the_right() -> None:
    setup = game()

    assert [setup.dealer_for(ANN, number) for number in range(1, 6)] == [ANN, DI, CY, BOB, ANN]


@pytest.mark.parametrize("count", [1, 9])
def test_two_to_eight_players(count: int) -> None:
    players = [f"P{n}" for n in range(count)]
    with pytest.raises(RulesError):
        get_rule_set(SLUG).new_game(players)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("limit", 80),
        ("elimination", "Over"),
        ("closing_limit", 3),
        ("rejoins", 3),
        ("rejoins", "Unlimited"),
        ("chinchon", "minus50"),
        ("pack", 52),
        ("figures", "by index"),
        ("wild_value", 10),
        ("wild_value", "None"),
    ],
)
def test_a_house_rule_value_not_offered_is_refused(name: str, value: Any) -> None:
    with pytest.raises(RulesError):
        get_rule_set(SLUG).new_game(list(FOUR), options={name: value})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("limit", 50),
        ("elimination", "reached"),
        ("rejoins", 0),
        ("rejoins", "unlimited"),
        ("chinchon", "minus_50"),
        ("pack", 50),
        ("figures", "by_index"),
        ("wild_value", "none"),
        ("wild_value", None),
    ],
)
def test_every_house_rule_value_offered_is_taken_and_written_back(name: str, value: Any) -> None:
    setup = get_rule_set(SLUG).new_game(list(FOUR), options={name: value})

    written = report(setup.score([]))["options"][name]

    assert written == ("none" if value is None else value)


def test_the_packs_by_players() -> None:
    rules = get_rule_set(SLUG)

    assert [rules.packs(players) for players in range(2, 9)] == [1, 1, 1, 2, 2, 2, 2]


def _said(code: str, **params: Any) -> Any:
    from games.rules.errors import said as engine_said

    return engine_said(code, **params)
