"""Hearts of Miromar Canasta (RULINGS.md section 5): what it alone has. What it shares with the
other canasta games is checked beside them in test_canasta_family.py."""

from __future__ import annotations

import pytest

from games.rules import MiromarCanasta, RulesError, TrackerRefused

from .helpers import ANN_CY, BOB_DI, bare, hand, partnership, score, score_one
from .refusals import refuses, said

SLUG = "miromar-canasta"
RULES = MiromarCanasta()


@pytest.fixture
def game():
    return partnership(SLUG)


def refused(game, ann_cy, bob_di, *before):
    with pytest.raises(RulesError) as caught:
        score(game, *before, hand({ANN_CY: ann_cy, BOB_DI: bob_di}))
    return caught.value


# -- how meld points and threes count, by completed canastas -----------------------------------


@pytest.mark.parametrize(
    ("tally", "expected"),
    [
        ({"meld_points": 120, "threes": 3}, -120 - 3 * 100),
        ({"meld_points": 120}, -120),
        ({"threes": 8}, -2_500),
        ({"threes": 8, "meld_points": 50}, -2_500 - 50),
        ({"threes": 7}, -7 * 100),
        ({"natural_canastas": 1, "meld_points": 200, "threes": 3}, 500 + 200),
        ({"dirty_ace_canastas": 1, "meld_points": 200, "threes": 8}, 300 + 200),
        ({"seven_canastas": 1, "meld_points": 60, "threes": 2}, 2_500 + 60),
        (
            {"natural_canastas": 1, "dirty_canastas": 1, "meld_points": 200, "threes": 3},
            500 + 300 + 200 + 3 * 100,
        ),
        ({"natural_canastas": 2, "threes": 8, "meld_points": 350}, 2 * 500 + 8 * 100 + 350),
        (
            {"grand_wild_canastas": 1, "natural_ace_canastas": 1, "meld_points": 0, "threes": 1},
            3_000 + 2_500 + 100,
        ),
    ],
    ids=[
        "none-meld-and-threes-count-against",
        "none-meld-against",
        "none-all-eight-threes",
        "none-all-eight-threes-and-meld",
        "none-seven-threes",
        "one-meld-for-threes-nothing",
        "one-dirty-aces-eight-threes-nothing",
        "one-sevens",
        "two-meld-and-threes-for",
        "two-all-eight-threes-for",
        "two-special",
    ],
)
def test_meld_points_and_threes_count_by_the_number_of_canastas(game, tally, expected):
    result = score_one(game, {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].scores[ANN_CY] == expected


def test_unfinished_melds_do_not_count_as_canastas(game):
    tally = {"unfinished_sevens": 1, "meld_points": 100, "threes": 2}

    result = score_one(game, {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].scores[ANN_CY] == -2_500 - 100 - 2 * 100


def test_the_game_file_example_scores_1435_and_365(game):
    result = score(
        game,
        hand(
            {
                ANN_CY: {
                    "went_out": True,
                    "natural_canastas": 1,
                    "dirty_canastas": 1,
                    "threes": 2,
                    "meld_points": 235,
                    "hand_points": 0,
                },
                BOB_DI: {"dirty_canastas": 1, "threes": 1, "meld_points": 150, "hand_points": 85},
            },
            "Di",
        ),
        hand({ANN_CY: {"total": 420}, BOB_DI: {"total": -130}}, "Ann"),
    )

    assert result.hands[0].scores == {
        ANN_CY: 200 + 500 + 300 + 2 * 100 + 235 - 0,  # 1435
        BOB_DI: 300 + 0 + 150 - 85,  # one canasta: threes count neither way; 365
    }
    assert result.hands[0].scores == {ANN_CY: 1435, BOB_DI: 365}
    assert result.totals == {ANN_CY: 1435 + 420, BOB_DI: 365 - 130}
    assert result.opening_minimums() == {ANN_CY: 125, BOB_DI: 125}
    assert not result.finished


# -- Splash ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ann_cy", "bob_di"),
    [
        ({"splash": True}, {}),
        (
            {"splash": True, "natural_canastas": 1, "meld_points": 500, "hand_points": 30},
            {"natural_canastas": 2, "threes": 4, "meld_points": 400, "hand_points": 50},
        ),
        ({"splash": True, "threes": 8}, {"unfinished_wilds": 1, "sevens_penalties": 2}),
    ],
    ids=["plain", "other-fields-ignored", "penalties-ignored"],
)
def test_a_splash_scores_2500_and_the_other_side_scores_nothing(game, ann_cy, bob_di):
    result = score_one(game, {ANN_CY: ann_cy, BOB_DI: bob_di})

    assert result.hands[0].scores == {ANN_CY: 2_500, BOB_DI: 0}


# -- opening minimum ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "failed", "minimum"),
    [(0, 1, 125 + 10), (0, 3, 125 + 3 * 10), (3_000, 2, 155 + 2 * 10), (6_000, 0, 180)],
    ids=lambda v: str(v),
)
def test_each_failed_opening_raises_the_minimum_by_10(game, total, failed, minimum):
    result = score(game, bare(game, total, 0))

    assert result.opening_minimums({ANN_CY: failed}) == {ANN_CY: minimum, BOB_DI: 125}
    assert result.totals[ANN_CY] == total  # the count changes no score


@pytest.mark.parametrize(
    ("openings", "turn_card", "draws"),
    [(0, False, 4), (1, False, 3), (2, False, None), (0, True, None), (1, True, None)],
    ids=["first-4", "second-3", "third-none", "after-turn-card", "second-after-turn-card"],
)
def test_toulon_gives_4_then_3_extra_cards_until_the_turn_card(openings, turn_card, draws):
    assert RULES.tracker.next_toulon(openings, turn_card) == draws


def test_the_tracker_reads_back_a_hand_in_progress_as_it_left_it():
    state: dict = {}
    for action, side in (("fail", "1"), ("fail", "1"), ("opened", None), ("turn_card", None)):
        state = RULES.tracker.act(state, action, side, 2)

    assert RULES.tracker.read_state(dict(state), 2) == state
    assert RULES.tracker.read_state({}, 2) == {}


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ([], "must be an object"),
        ({"failed": {"2": 1}}, "failed openings"),
        ({"failed": {"0": -1}}, "failed openings"),
        ({"openings": True}, "openings made"),
        ({"turn_card": 1}, "turn card"),
        ({"toulon": 4}, "nothing called 'toulon'"),
    ],
    ids=["not-an-object", "no-such-side", "negative", "openings-not-a-count", "turn-card", "other"],
)
def test_the_tracker_refuses_a_hand_in_progress_it_would_never_leave(raw, problem):
    with pytest.raises(TrackerRefused) as caught:
        RULES.tracker.read_state(raw, 2)

    assert problem in said(caught.value)


# -- the end -----------------------------------------------------------------------------------


def test_8499_does_not_end_the_game(game):
    result = score(game, bare(game, 8_499, 8_000))

    assert not result.finished
    assert result.opening_minimums() == {ANN_CY: 180, BOB_DI: 180}


# -- checks ------------------------------------------------------------------------------------

OUT = {"went_out": True, "natural_canastas": 1, "dirty_canastas": 1}


@pytest.mark.parametrize(
    ("ann_cy", "bob_di", "side", "field", "fragment"),
    [
        (OUT, OUT, BOB_DI, "went_out", "only one side can go out"),
        ({"splash": True}, {"splash": True}, BOB_DI, "splash", "only one side can make a Splash"),
        ({"splash": True}, OUT, BOB_DI, "went_out", "not both"),
        ({}, {"went_out": True, "natural_canastas": 1}, BOB_DI, "went_out", "two canastas"),
        ({}, {"went_out": True}, BOB_DI, "went_out", "two canastas"),
        (
            {},
            {**OUT, "unfinished_natural_aces": 1},
            BOB_DI,
            "unfinished_natural_aces",
            "unfinished natural aces",
        ),
        ({}, {**OUT, "unfinished_sevens": 1}, BOB_DI, "unfinished_sevens", "unfinished sevens"),
        ({}, {**OUT, "unfinished_wilds": 1}, BOB_DI, "unfinished_wilds", "unfinished wild"),
        (
            {"natural_ace_canastas": 1},
            {"dirty_ace_canastas": 1},
            BOB_DI,
            "dirty_ace_canastas",
            "canasta of aces",
        ),
        (
            {"natural_ace_canastas": 1, "dirty_ace_canastas": 1},
            {},
            ANN_CY,
            "natural_ace_canastas",
            "canasta of aces",
        ),
        (
            {"seven_canastas": 1},
            {"seven_canastas": 1},
            BOB_DI,
            "seven_canastas",
            "canasta of sevens",
        ),
        (
            {"wild_canastas": 1},
            {"grand_wild_canastas": 1},
            BOB_DI,
            "grand_wild_canastas",
            "canasta of wild cards",
        ),
        ({"threes": 5}, {"threes_in_hand": 4}, BOB_DI, "threes_in_hand", "only 8 threes"),
        ({"threes": 3, "threes_in_hand": 2}, {"threes": 4}, BOB_DI, "threes", "only 8 threes"),
        ({}, {"natural_ace_canastas": 2}, BOB_DI, "natural_ace_canastas", "at most 1"),
        ({}, {"threes": 9}, BOB_DI, "threes", "at most 8"),
        ({}, {"sevens_penalties": 3}, BOB_DI, "sevens_penalties", "at most 2"),
    ],
    ids=[
        "two-went-out",
        "two-splashes",
        "splash-and-out",
        "out-with-one-canasta",
        "out-with-no-canasta",
        "out-with-unfinished-aces",
        "out-with-unfinished-sevens",
        "out-with-unfinished-wilds",
        "two-ace-canastas-across-sides",
        "two-ace-canastas-one-side",
        "two-seven-canastas",
        "wild-and-grand-wild",
        "nine-threes-across-fields",
        "nine-threes-on-table",
        "two-natural-ace-canastas",
        "nine-threes-one-side",
        "three-sevens-penalties",
    ],
)
def test_checks_refuse_impossible_hands(game, ann_cy, bob_di, side, field, fragment):
    error = refused(game, ann_cy, bob_di, bare(game, 100, 100), bare(game, 100, 100))

    assert (error.hand, error.side, error.field) == (3, side, field)
    assert said(error).startswith(f"Hand 3, {side}: ")
    assert fragment in said(error)


@pytest.mark.parametrize(
    ("ann_cy", "bob_di"),
    [
        ({"natural_ace_canastas": 1, "seven_canastas": 1}, {"wild_canastas": 1}),
        ({"threes": 4, "threes_in_hand": 1}, {"threes": 2, "threes_in_hand": 1}),
        ({**OUT, "threes": 2}, {"unfinished_sevens": 1}),
    ],
    ids=["one-of-each-special", "exactly-eight-threes", "out-other-side-unfinished"],
)
def test_hands_within_the_checks_are_accepted(game, ann_cy, bob_di):
    result = score_one(game, {ANN_CY: ann_cy, BOB_DI: bob_di})

    assert len(result.hands) == 1


def test_going_out_and_counting_threes_follow_the_canastas_in_the_rule_data():
    from games.rules import Side

    changed = type(
        "Changed", (MiromarCanasta,), {"canastas_to_go_out": 3, "canastas_for_threes": 3}
    )
    game = changed().new_game(
        ["Ann", "Bob", "Cy", "Di"], [Side(ANN_CY, ("Ann", "Cy")), Side(BOB_DI, ("Bob", "Di"))]
    )

    with refuses("needs at least three canastas"):
        score_one(game, {ANN_CY: {"went_out": True, "natural_canastas": 2}, BOB_DI: {}})
    two = score_one(game, {ANN_CY: {"natural_canastas": 2, "threes": 2}, BOB_DI: {}})
    assert two.hands[0].scores[ANN_CY] == 2 * 500  # threes count nothing below three canastas
