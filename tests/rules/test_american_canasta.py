"""Modern American Canasta (RULINGS.md section 19): the tally by kind, the threes by colour,
special hands, the Dream Hand, the opening minimums, every check and every house rule."""

from __future__ import annotations

import json

import pytest

from games.rules import AmericanCanasta, RulesError
from games.rules.gamefile import score_game_file, write_game_file

from .helpers import ANN_CY, BOB_DI, hand, partnership, score, score_one
from .refusals import said

SLUG = "american-canasta"
RULES = AmericanCanasta()

#: RULINGS.md's worked hand (defaults).
WORKED_ANN_CY = {
    "went_out": True,
    "natural_canastas": 1,
    "mixed_canastas": 1,
    "seven_canastas": 1,
    "red_threes": 2,
    "black_threes": 1,
    "meld_points": 455,
    "hand_points": 30,
}
WORKED_BOB_DI = {
    "mixed_canastas": 1,
    "unfinished_aces": 1,
    "red_threes": 1,
    "black_threes": 2,
    "meld_points": 210,
    "hand_points": 95,
    "aces_penalties": 1,
}


@pytest.fixture
def game():
    return partnership(SLUG)


def refusal(game, ann_cy, bob_di, *before):
    with pytest.raises(RulesError) as caught:
        score(game, *before, hand({ANN_CY: ann_cy, BOB_DI: bob_di}))
    return caught.value


# -- the worked examples -----------------------------------------------------------------------


def test_the_worked_hand_scores_4225_and_minus_3585(game):
    result = score_one(game, {ANN_CY: WORKED_ANN_CY, BOB_DI: WORKED_BOB_DI})

    assert result.hands[0].scores == {ANN_CY: 4_225, BOB_DI: -3_585}
    assert result.opening_minimums() == {ANN_CY: 155, BOB_DI: 125}


def test_a_side_with_no_canasta_scores_minus_480(game):
    tally = {"red_threes": 2, "meld_points": 120, "hand_points": 60}

    result = score_one(game, {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].scores[ANN_CY] == -480


def test_garbage_scores_3000_and_the_other_side_scores_its_table(game):
    other = {"natural_canastas": 1, "meld_points": 340, "red_threes": 1, "hand_points": 85}

    result = score_one(game, {ANN_CY: {"special_hand": "garbage"}, BOB_DI: other})

    assert result.hands[0].scores == {ANN_CY: 3_000, BOB_DI: 755}
    assert result.hands[0].breakdown[ANN_CY] == {"special_hand": 3_000}


# -- the tally, field by field -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("tally", "expected"),
    [
        ({"natural_canastas": 2, "meld_points": 70}, 1_000 + 70),
        ({"mixed_canastas": 1, "meld_points": 50}, 300 + 50),
        ({"natural_ace_canastas": 1, "meld_points": 140}, 2_500 + 140),
        ({"seven_canastas": 1, "meld_points": 35}, 2_500 + 35),
        ({"wild_canastas": 1, "meld_points": 170}, 2_000 + 170),
        ({"joker_canastas": 1, "meld_points": 260}, 2_500 + 260),
        ({"deuce_canastas": 1, "meld_points": 140}, 3_000 + 140),
        ({"unfinished_aces": 1, "meld_points": 60}, -2_500 - 60),
        ({"unfinished_sevens": 1, "meld_points": 15}, -2_500 - 15),
        ({"unfinished_wilds": 1, "meld_points": 60}, -2_000 - 60),
        ({"sevens_penalties": 2, "hand_points": 15}, -3_000 - 15),
        (
            {"natural_canastas": 2, "meld_points": 70, "red_threes": 2, "black_threes": 4},
            1_070 + 300 + 1_000,
        ),
        ({"natural_canastas": 2, "meld_points": 70, "red_threes": 3}, 1_070 + 500),
        ({"natural_canastas": 2, "meld_points": 70, "red_threes": 1}, 1_070 + 100),
        ({"natural_canastas": 1, "meld_points": 35, "red_threes": 4}, 535),
        ({"red_threes": 4, "black_threes": 4}, -2_000),
        ({"went_out": True, "natural_canastas": 2, "meld_points": 70}, 100 + 1_070),
    ],
)
def test_each_field_scores_as_the_table_says(game, tally, expected):
    result = score_one(game, {ANN_CY: tally, BOB_DI: {}})

    assert result.hands[0].scores[ANN_CY] == expected


@pytest.mark.parametrize(
    ("name", "points"),
    [
        ("straight", 3_000),
        ("pairs", 2_500),
        ("wild_pairs", 2_000),
        ("miami_pairs", 2_500),
        ("zip_code", 2_500),
        ("garbage", 3_000),
        ("blast_off", 3_000),
        ("triples", 3_500),
        ("quads", 3_500),
        ("dream_hand_4", 8_500),
        ("dream_hand_5", 8_500),
    ],
)
def test_each_special_hand_scores_its_value_and_nothing_else(game, name, points):
    ignored = {"natural_canastas": 3, "meld_points": 500, "hand_points": 40}

    result = score_one(game, {ANN_CY: {"special_hand": name, **ignored}, BOB_DI: {}})

    assert result.hands[0].scores[ANN_CY] == points


def test_a_special_hand_by_its_place_scores_the_same(game):
    result = score_one(game, {ANN_CY: {"special_hand": 6}, BOB_DI: {"special_hand": "none"}})

    assert result.hands[0].scores[ANN_CY] == 3_000


@pytest.mark.parametrize("dream", ["dream_hand_4", "dream_hand_5"])
def test_a_dream_hand_ends_the_game_and_its_side_wins(game, dream):
    ahead = {ANN_CY: {"total": 0}, BOB_DI: {"total": 8_000}}
    result = score(game, ahead, {ANN_CY: {}, BOB_DI: {"special_hand": dream}})

    assert result.finished
    assert result.winners == [BOB_DI]
    with pytest.raises(RulesError):
        score(game, ahead, {ANN_CY: {}, BOB_DI: {"special_hand": dream}}, {ANN_CY: {}, BOB_DI: {}})


def test_a_dream_hand_wins_even_behind():
    game = partnership(SLUG)
    result = score(
        game,
        {ANN_CY: {"total": 8_000}, BOB_DI: {"total": 0}},
        {ANN_CY: {}, BOB_DI: {"special_hand": "dream_hand_5"}},
    )

    assert result.winners == [BOB_DI]
    assert RULES.why_they_won(result) is not None


def test_the_game_ends_at_8500(game):
    result = score(game, {ANN_CY: {"total": 8_500}, BOB_DI: {"total": 0}})

    assert result.finished
    assert result.winners == [ANN_CY]


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-500, 125), (0, 125), (2_995, 125), (3_000, 155), (4_995, 155), (5_000, 180), (8_000, 180)],
)
def test_the_opening_minimum_follows_the_total(game, total, minimum):
    result = score(game, {ANN_CY: {"total": total}, BOB_DI: {"total": 0}})

    assert result.opening_minimums()[ANN_CY] == minimum


# -- refusals ----------------------------------------------------------------------------------

OUT = {"went_out": True, "natural_canastas": 2, "meld_points": 70}

REFUSALS = {
    "two-special-hands": (
        {"special_hand": "pairs"},
        {"special_hand": "garbage"},
        "only_one_special_hand",
    ),
    "both-out": (OUT, OUT, "only_one_side_goes_out"),
    "special-and-out": ({"special_hand": "pairs"}, OUT, "special_hand_and_out"),
    "out-one-canasta": (
        {"went_out": True, "natural_canastas": 1, "meld_points": 35},
        {},
        "side_needs_canastas_to_go_out",
    ),
    "out-unfinished-aces": (
        {**OUT, "unfinished_aces": 1, "meld_points": 130},
        {},
        "out_with_unfinished_meld",
    ),
    "out-unfinished-sevens": ({**OUT, "unfinished_sevens": 1}, {}, "out_with_unfinished_meld"),
    "out-unfinished-wilds": ({**OUT, "unfinished_wilds": 1}, {}, "out_with_unfinished_meld"),
    "not-a-special-hand": ({"special_hand": "splash"}, {}, "value_not_offered"),
    "special-hand-place-beyond": ({"special_hand": 12}, {}, "value_beyond_maximum"),
    "five-red-threes-one-side": ({"red_threes": 5}, {}, "value_beyond_maximum"),
    "two-unfinished-aces": ({"unfinished_aces": 2}, {}, "value_beyond_maximum"),
    "three-penalties": ({"sevens_penalties": 3}, {}, "value_beyond_maximum"),
    "aces-canasta-and-meld": (
        {"natural_ace_canastas": 1, "unfinished_aces": 1, "meld_points": 200},
        {},
        "aces_canasta_and_meld",
    ),
    "sevens-canasta-and-meld": (
        {"seven_canastas": 1, "unfinished_sevens": 1, "meld_points": 50},
        {},
        "sevens_canasta_and_meld",
    ),
    "red-threes-both-sides": ({"red_threes": 3}, {"red_threes": 2}, "too_many_red_threes"),
    "black-threes-both-sides": ({"black_threes": 3}, {"black_threes": 2}, "too_many_black_threes"),
    "two-ace-canastas": (
        {"natural_ace_canastas": 1, "meld_points": 140},
        {"natural_ace_canastas": 1, "meld_points": 140},
        "too_many_ace_canastas",
    ),
    "two-seven-canastas": (
        {"seven_canastas": 1, "meld_points": 35},
        {"seven_canastas": 1, "meld_points": 35},
        "too_many_seven_canastas",
    ),
    "two-wild-canastas": (
        {"wild_canastas": 1, "meld_points": 170},
        {"deuce_canastas": 1, "meld_points": 140},
        "too_many_wild_canastas",
    ),
    "eleven-rank-canastas": (
        {"natural_canastas": 6, "meld_points": 210},
        {"natural_canastas": 5, "meld_points": 175},
        "too_many_rank_canastas",
    ),
    "sevens-beyond-cards": (
        {"seven_canastas": 1, "meld_points": 35},
        {"sevens_penalties": 1},
        "sevens_beyond_cards",
    ),
    "aces-beyond-cards": ({"unfinished_aces": 1, "aces_penalties": 2}, {}, "aces_beyond_cards"),
    "wilds-beyond-cards": (
        {"wild_canastas": 1, "mixed_canastas": 3, "meld_points": 320},
        {"mixed_canastas": 3, "meld_points": 150},
        "wild_cards_beyond_cards",
    ),
    "meld-too-low": ({"natural_canastas": 2, "meld_points": 60}, {}, "canastas_worth_more"),
    "meld-too-low-aces": (
        {"natural_ace_canastas": 1, "meld_points": 100},
        {},
        "canasta_worth_more",
    ),
}


@pytest.mark.parametrize(("ann_cy", "bob_di", "code"), list(REFUSALS.values()), ids=list(REFUSALS))
def test_every_check_refuses_with_its_code(game, ann_cy, bob_di, code):
    error = refusal(game, ann_cy, bob_di)

    assert error.code == code
    assert said(error)


def test_four_jokers_once_with_the_joker_house_rule():
    game = partnership(SLUG, {"unfinished_joker_wild": 2_500})

    error = refusal(game, {"joker_canastas": 1, "meld_points": 260}, {"unfinished_joker_wilds": 1})

    assert error.code == "four_jokers_once"


def test_one_unfinished_wild_meld_with_the_joker_house_rule():
    game = partnership(SLUG, {"unfinished_joker_wild": 2_500})

    error = refusal(game, {"unfinished_wilds": 1, "unfinished_joker_wilds": 1}, {})

    assert error.code == "one_unfinished_wild_meld"


def test_canastas_beyond_the_cards_are_refused(game):
    error = refusal(game, {"natural_canastas": 500, "meld_points": 17_500}, {})

    assert error.code in {"canastas_beyond_cards", "too_many_rank_canastas"}


def test_only_four_players_in_partnerships():
    with pytest.raises(RulesError):
        partnership(SLUG).rules.new_game(["Ann", "Bob", "Cy"])


def test_a_hand_after_the_end_is_refused(game):
    with pytest.raises(RulesError):
        score(
            game,
            {ANN_CY: {"total": 9_000}, BOB_DI: {"total": 0}},
            {ANN_CY: {}, BOB_DI: {}},
        )


# -- house rules -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "tally", "expected"),
    [
        ({"target": 5_000}, {"total": 5_000}, None),
        (
            {"going_out": 200},
            {"went_out": True, "natural_canastas": 2, "meld_points": 70},
            200 + 1_070,
        ),
        (
            {"threes": "flat"},
            {"natural_canastas": 2, "meld_points": 70, "red_threes": 4, "black_threes": 1},
            1_070 + 500,
        ),
        ({"threes": "flat"}, {"red_threes": 2}, -200),
        ({"special_canasta_cards": "not_counted"}, {"seven_canastas": 1, "meld_points": 0}, 2_500),
        ({"unfinished_joker_wild": 2_500}, {"unfinished_joker_wilds": 1}, -2_500),
        ({"special_hands": "pagat"}, {"special_hand": "garbage"}, 2_000),
        ({"special_hands": "pagat"}, {"special_hand": "wild_pairs"}, 2_000),
        ({"failed_opening_raise": 10}, {"natural_canastas": 1, "meld_points": 35}, 535),
    ],
)
def test_house_rules_change_the_score(options, tally, expected):
    game = partnership(SLUG, options)

    result = score_one(game, {ANN_CY: tally, BOB_DI: {}})

    if expected is None:
        assert result.finished
    else:
        assert result.hands[0].scores[ANN_CY] == expected


def test_the_short_list_refuses_a_club_hand():
    game = partnership(SLUG, {"special_hands": "pagat"})

    error = refusal(game, {"special_hand": "dream_hand_4"}, {})

    assert error.code == "value_not_offered"


def test_no_special_hands_takes_the_field_away():
    game = partnership(SLUG, {"special_hands": "none"})

    assert "special_hand" not in game.fields_by_name
    assert refusal(game, {"special_hand": "pairs"}, {}).code == "no_such_field"


def test_the_joker_field_is_asked_only_with_its_house_rule(game):
    assert "unfinished_joker_wilds" not in game.fields_by_name
    assert (
        "unfinished_joker_wilds"
        in partnership(SLUG, {"unfinished_joker_wild": 2_500}).fields_by_name
    )


def test_a_failed_opening_raises_the_minimum_by_ten():
    game = partnership(SLUG, {"failed_opening_raise": 10})

    result = score(game)

    assert result.opening_minimums({ANN_CY: 2}) == {ANN_CY: 145, BOB_DI: 125}


@pytest.mark.parametrize(
    ("rule", "value"),
    [("special_hands", "CLA"), ("threes", "7s"), ("going_out", 150), ("target", 8_000)],
)
def test_values_not_offered_are_refused(rule, value):
    with pytest.raises(RulesError):
        partnership(SLUG, {rule: value})


def test_the_game_file_writes_and_reads_a_special_hand_by_name():
    text = json.dumps(
        {
            "rules": SLUG,
            "players": ["Ann", "Bob", "Cy", "Di"],
            "sides": [
                {"name": ANN_CY, "players": ["Ann", "Cy"]},
                {"name": BOB_DI, "players": ["Bob", "Di"]},
            ],
            "hands": [
                {"tallies": {ANN_CY: {"special_hand": "garbage"}, BOB_DI: WORKED_BOB_DI}},
            ],
        }
    )

    result = score_game_file(text)

    assert result.hands[0].scores[ANN_CY] == 3_000


def test_a_game_file_writes_the_special_hand_by_name(game):
    hands = [hand({ANN_CY: {"special_hand": 6}, BOB_DI: {"special_hand": 0, "red_threes": 1}})]

    written = write_game_file(game, hands)

    assert written["hands"][0]["tallies"] == {
        ANN_CY: {"special_hand": "garbage"},
        BOB_DI: {"red_threes": 1},
    }
    assert score_game_file(json.dumps(written)).hands[0].scores[ANN_CY] == 3_000
