"""Set-up and tally checks shared by every rule set (RULINGS.md, "Checks in general")."""

from __future__ import annotations

import pytest

from games.rules import RULE_SETS, HandInput, RulesError, Side, get_rule_set
from tests.said import refused, said

from .helpers import ANN_CY, BOB_DI, FOUR, PARTNERS, bare, hand, new_game, partnership, score

ITEMIZED_SLUGS = ["pfh-partnership", "pfh-three-hands", "miromar-canasta", "canasta"]
TARGET_SLUGS = ["pfh-partnership", "miromar-canasta", "canasta"]


def test_there_are_exactly_the_rule_sets_of_the_rulings_sections_1_to_18():
    assert sorted(RULE_SETS) == sorted(
        [
            "canasta",
            "score-pad",
            "pfh-partnership",
            "pfh-three-hands",
            "ten-pennies",
            "ten-pennies-jokers",
            "miromar-canasta",
            "hand-and-foot",
            "samba",
            "bolivia",
            "liverpool",
            "five-crowns",
            "phase-10",
            "buraco",
            "burraco",
            "chinchon",
            "gin-rummy",
            "oklahoma-gin",
            "american-canasta",
        ]
    )


def test_an_unknown_rule_set_is_refused_naming_the_ones_there_are():
    with pytest.raises(RulesError) as caught:
        get_rule_set("rummy-500")

    assert "rummy-500" in said(caught.value)
    assert "miromar-canasta" in said(caught.value)


# -- player counts and sides -------------------------------------------------------------------


def players(n):
    return [f"P{i}" for i in range(n)]


def pairs(n):
    names = players(n)
    return {f"{a} & {b}": (a, b) for a, b in zip(names[::2], names[1::2], strict=True)}


@pytest.mark.parametrize(
    ("slug", "count", "sides"),
    [
        ("pfh-partnership", 4, pairs(4)),
        ("pfh-partnership", 6, pairs(6)),
        ("pfh-three-hands", 2, None),
        ("pfh-three-hands", 5, None),
        ("pfh-three-hands", 6, {"A": ("P0", "P1", "P2"), "B": ("P3", "P4", "P5")}),
        ("ten-pennies", 2, None),
        ("ten-pennies-jokers", 8, None),
        ("miromar-canasta", 4, pairs(4)),
    ],
    ids=lambda v: str(v) if not isinstance(v, dict) else "sides",
)
def test_player_counts_in_range_are_accepted(slug, count, sides):
    game = new_game(slug, players(count), sides)

    assert len(game.players) == count


@pytest.mark.parametrize(
    ("slug", "count", "sides"),
    [
        ("pfh-partnership", 2, pairs(2)),
        ("pfh-partnership", 8, pairs(8)),
        ("pfh-three-hands", 1, None),
        ("ten-pennies", 1, None),
        ("ten-pennies-jokers", 9, None),
        ("miromar-canasta", 6, pairs(6)),
        ("miromar-canasta", 2, pairs(2)),
    ],
    ids=lambda v: str(v) if not isinstance(v, dict) else "sides",
)
def test_player_counts_out_of_range_are_refused(slug, count, sides):
    with refused(f"not {count}$"):
        new_game(slug, players(count), sides)


@pytest.mark.parametrize(
    ("slug", "count", "sides", "fragment"),
    [
        ("pfh-three-hands", 5, {"A": ("P0", "P1", "P2"), "B": ("P3", "P4")}, "same size"),
        ("pfh-three-hands", 4, {"A": ("P0", "P1", "P2"), "B": ("P3",)}, "same size"),
        ("pfh-partnership", 4, {"A": ("P0", "P1", "P2"), "B": ("P3",)}, "same size"),
        ("pfh-partnership", 6, {"A": ("P0", "P1", "P2"), "B": ("P3", "P4", "P5")}, "two players"),
        (
            "miromar-canasta",
            4,
            {"A": ("P0",), "B": ("P1",), "C": ("P2",), "D": ("P3",)},
            "two players",
        ),
        ("ten-pennies", 4, pairs(4), "on their own"),
        ("pfh-partnership", 4, None, "name the sides"),
        ("miromar-canasta", 4, {"A": ("P0", "P1", "P2", "P3")}, "two sides"),
    ],
    ids=[
        "3-and-2",
        "3-and-1",
        "partners-3-and-1",
        "partners-of-3",
        "miromar-alone",
        "ten-pennies-teams",
        "partners-unnamed",
        "one-side",
    ],
)
def test_sides_of_unequal_or_wrong_size_are_refused(slug, count, sides, fragment):
    with refused(fragment):
        new_game(slug, players(count), sides)


@pytest.mark.parametrize(
    ("names", "sides", "fragment"),
    [
        (["Ann", "Bob", "Ann", "Di"], None, "Ann is listed twice"),
        (FOUR, {"Us": ("Ann", "Cy"), "Us ": ("Bob", "Di")}, None),
        (FOUR, {"Us": ("Ann", "Cy")} | {"Them": ("Bob", "Di")}, None),
        (FOUR, {"Us": ("Ann", "Cy"), "Them": ("Bob", "Zed")}, "Zed, who is not among"),
        (FOUR, {"Us": ("Ann", "Cy"), "Them": ("Bob", "Ann")}, "Ann is on more than one side"),
        (["Ann", "Bob", "Cy", ""], PARTNERS, "every player needs a name"),
    ],
    ids=[
        "duplicate-player",
        "similar-side-names-ok",
        "ok",
        "unknown-player",
        "two-sides",
        "blank-name",
    ],
)
def test_player_and_side_names_are_checked(names, sides, fragment):
    if fragment is None:
        assert new_game("miromar-canasta", names, sides).side_names == list(sides)
        return
    with refused(fragment):
        new_game("miromar-canasta", names, sides)


def test_two_sides_with_the_same_name_are_refused():
    rules = get_rule_set("miromar-canasta")
    sides = [Side("Us", ("Ann", "Cy")), Side("Us", ("Bob", "Di"))]

    with refused("two sides are called Us"):
        rules.new_game(list(FOUR), sides)


def test_a_player_on_no_side_is_refused():
    sides = {"Us": ("Ann", "Cy"), "Them": ("Bob", "Di")}

    with refused("Ed is not on any side"):
        new_game("pfh-three-hands", ["Ann", "Bob", "Cy", "Di", "Ed"], sides)


@pytest.mark.parametrize(
    ("slug", "options", "fragment"),
    [
        ("miromar-canasta", {"all_red_threes_1000": True}, "no house rule"),
        ("pfh-partnership", {"double_pennies": True}, "no house rule called double_pennies"),
        ("pfh-partnership", {"all_red_threes_1000": "yes"}, "true or false"),
        ("pfh-partnership", {"all_red_threes_1000": 1}, "true or false"),
    ],
    ids=["miromar-has-none", "unknown-name", "string-value", "number-value"],
)
def test_unknown_house_options_are_refused(slug, options, fragment):
    with refused(fragment):
        partnership(slug, options)


# -- bare totals -------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ITEMIZED_SLUGS)
@pytest.mark.parametrize("totals", [(420, -130), (0, 0), (-2_500, 35)], ids=lambda v: str(v))
def test_a_bare_total_is_the_sides_hand_score(slug, totals):
    game = partnership(slug)

    result = score(game, bare(game, *totals))

    assert result.hands[0].scores == dict(zip(game.side_names, totals, strict=True))
    assert result.hands[0].breakdown[ANN_CY] == {"total": totals[0]}
    assert result.hands[0].tallies[ANN_CY] is None


def test_a_bare_total_and_an_itemized_tally_can_share_a_hand():
    game = partnership("miromar-canasta")

    result = score(game, hand({ANN_CY: {"total": -40}, BOB_DI: {"natural_canastas": 1}}))

    assert result.hands[0].scores == {ANN_CY: -40, BOB_DI: 500}


def test_a_bare_total_skips_the_itemized_checks():
    game = partnership("pfh-partnership")
    out = {"went_out": True, "natural_canastas": 1, "wild_canastas": 1}

    result = score(game, hand({ANN_CY: {"total": 5_000}, BOB_DI: out}))

    assert result.hands[0].scores == {ANN_CY: 5_000, BOB_DI: 500 + 2_500 + 200}


@pytest.mark.parametrize(
    ("tally", "fragment"),
    [
        ({"total": 100, "meld_points": 100}, "not both"),
        ({"total": "100"}, "whole number"),
        ({"total": 12.5}, "whole number"),
        ({"total": True}, "whole number"),
        ({"total": None}, "whole number"),
    ],
    ids=["total-and-fields", "string", "fraction", "boolean", "null"],
)
def test_a_bare_total_must_be_a_whole_number_on_its_own(tally, fragment):
    game = partnership("pfh-partnership")

    with pytest.raises(RulesError) as caught:
        score(game, bare(game, 0, 0), hand({ANN_CY: {}, BOB_DI: tally}))

    error = caught.value
    assert (error.hand, error.side, error.field) == (2, BOB_DI, "total")
    assert said(error).startswith(f"Hand 2, {BOB_DI}: ")
    assert fragment in said(error)


# -- field by field ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "tally", "field", "fragment"),
    [
        ("pfh-partnership", {"jokers": 2}, "jokers", "'jokers'"),
        ("miromar-canasta", {"red_threes": 1}, "red_threes", "'red_threes'"),
        ("pfh-three-hands", {"natural_canastas": 1}, "natural_canastas", "'natural_canastas'"),
        (
            "pfh-partnership",
            {"natural_canastas": "2"},
            "natural_canastas",
            "Natural canastas must be a whole number",
        ),
        ("pfh-partnership", {"natural_canastas": 1.5}, "natural_canastas", "whole number"),
        ("pfh-partnership", {"natural_canastas": 2.0}, "natural_canastas", "whole number"),
        ("pfh-partnership", {"natural_canastas": True}, "natural_canastas", "whole number"),
        ("pfh-partnership", {"meld_points": None}, "meld_points", "whole number"),
        ("pfh-partnership", {"went_out": 1}, "went_out", "Went out is a yes or no"),
        ("pfh-three-hands", {"on_board": "no"}, "on_board", "yes or no"),
        ("miromar-canasta", {"splash": None}, "splash", "yes or no"),
        (
            "pfh-partnership",
            {"black_threes": -1},
            "black_threes",
            "Black threes left in hand can't be negative",
        ),
        ("miromar-canasta", {"hand_points": -5}, "hand_points", "can't be negative"),
        ("pfh-three-hands", {"pile_points": -10}, "pile_points", "can't be negative"),
        ("pfh-partnership", {"meld_points": 233}, "meld_points", "multiple of 5 (it is 233)"),
        ("pfh-partnership", {"hand_points": 12}, "hand_points", "multiple of 5"),
        ("pfh-three-hands", {"meld_points": 1}, "meld_points", "multiple of 5"),
        ("pfh-three-hands", {"hand_points": 44}, "hand_points", "multiple of 5"),
        ("pfh-three-hands", {"pile_points": 83}, "pile_points", "multiple of 5"),
        ("miromar-canasta", {"meld_points": 236}, "meld_points", "multiple of 5"),
        ("miromar-canasta", {"hand_points": 3}, "hand_points", "multiple of 5"),
    ],
    ids=lambda v: v if isinstance(v, str) and v.endswith(("canasta", "hands")) else None,
)
def test_a_bad_field_is_refused_naming_the_hand_the_side_and_the_field(
    slug, tally, field, fragment
):
    game = partnership(slug)

    with pytest.raises(RulesError) as caught:
        score(game, bare(game, 10, 10), bare(game, 10, 10), hand({ANN_CY: tally, BOB_DI: {}}))

    error = caught.value
    assert (error.hand, error.side, error.field) == (3, ANN_CY, field)
    assert said(error).startswith(f"Hand 3, {ANN_CY}: ")
    assert fragment in said(error)


@pytest.mark.parametrize("slug", ITEMIZED_SLUGS)
@pytest.mark.parametrize("points", [0, 5, 10, 1_235], ids=lambda v: str(v))
def test_card_points_in_multiples_of_5_are_accepted(slug, points):
    game = partnership(slug)

    result = score(game, hand({ANN_CY: {"hand_points": points}, BOB_DI: {}}))

    assert result.hands[0].scores[ANN_CY] == -points


@pytest.mark.parametrize("tally", [[], "went out", 7, None], ids=["list", "text", "number", "null"])
def test_a_tally_that_is_not_a_set_of_fields_is_refused(tally):
    game = partnership("miromar-canasta")

    with pytest.raises(RulesError) as caught:
        score(game, hand({ANN_CY: {}, BOB_DI: tally}))

    assert (caught.value.hand, caught.value.side) == (1, BOB_DI)


# -- the hand as a whole -----------------------------------------------------------------------


@pytest.mark.parametrize("slug", ITEMIZED_SLUGS)
def test_a_hand_missing_a_sides_tally_is_refused(slug):
    game = partnership(slug)

    with pytest.raises(RulesError) as caught:
        score(game, bare(game, 0, 0), bare(game, 0, 0), hand({ANN_CY: {"total": 50}}))

    error = caught.value
    assert (error.hand, error.side) == (3, BOB_DI)
    assert said(error) == f"Hand 3, {BOB_DI}: the hand has no tally for this side"


def test_a_tally_for_an_unknown_side_is_refused():
    game = partnership("miromar-canasta")

    with pytest.raises(RulesError) as caught:
        score(game, hand({ANN_CY: {}, BOB_DI: {}, "Ed & Flo": {}}))

    error = caught.value
    assert error.hand == 1
    assert said(error).startswith("Hand 1")
    assert "no side called Ed & Flo" in said(error)


def test_a_dealer_who_is_not_playing_is_refused():
    game = partnership("pfh-partnership")

    with pytest.raises(RulesError) as caught:
        score(game, HandInput({ANN_CY: {}, BOB_DI: {}}, dealer="Zed"))

    assert caught.value.hand == 1
    assert "Zed" in said(caught.value)


@pytest.mark.parametrize(
    ("slug", "before", "number", "fragment"),
    [
        ("pfh-partnership", [(25_000, 0)], 2, "25,000"),
        ("pfh-partnership", [(12_000, 0), (12_999, 100), (1, 0)], 4, "25,000"),
        ("miromar-canasta", [(8_500, 200)], 2, "8,500"),
        ("miromar-canasta", [(100, 8_400), (0, 100)], 3, "8,500"),
        ("pfh-three-hands", [(0, 0)] * 3, 4, "3 hands"),
    ],
    ids=[
        "pfh-first-hand",
        "pfh-24999-then-25000",
        "miromar-first-hand",
        "miromar-second-hand",
        "three-hands",
    ],
)
def test_a_hand_after_the_game_ended_is_refused(slug, before, number, fragment):
    game = partnership(slug)
    hands = [bare(game, *totals) for totals in before]

    with pytest.raises(RulesError) as caught:
        score(game, *hands, bare(game, 5, 5))

    error = caught.value
    assert error.hand == number == len(hands) + 1
    assert said(error).startswith(f"Hand {number}: ")
    assert fragment in said(error)


def test_a_refused_hand_leaves_the_recorded_hands_as_they_were():
    game = partnership("pfh-partnership")
    so_far = score(game, bare(game, 100, 200), bare(game, 300, -50))
    before = (list(so_far.hands), so_far.totals)

    with pytest.raises(RulesError):
        game.score_next_hand(so_far, hand({ANN_CY: {"went_out": True}, BOB_DI: {}}))

    assert (so_far.hands, so_far.totals) == before
    assert so_far.totals == {ANN_CY: 400, BOB_DI: 150}


def test_score_next_hand_does_not_append_to_the_game_so_far():
    game = partnership("miromar-canasta")
    so_far = score(game, bare(game, 100, 200))

    next_hand = game.score_next_hand(so_far, bare(game, 5, 5))

    assert len(so_far.hands) == 1
    assert next_hand.number == 2
    assert next_hand.totals == {ANN_CY: 105, BOB_DI: 205}


def test_the_error_message_reads_hand_side_problem():
    game = partnership("miromar-canasta")

    with pytest.raises(RulesError) as caught:
        score(
            game, bare(game, 0, 0), bare(game, 0, 0), hand({ANN_CY: {"went_out": True}, BOB_DI: {}})
        )

    assert said(caught.value) == (
        "Hand 3, Ann & Cy: a side that goes out needs at least two canastas"
    )


@pytest.mark.parametrize("tally", [{"total": 1_000_001}, {"meld_points": 5_000_000}])
def test_a_number_far_beyond_any_real_hand_is_refused(tally):
    game = get_rule_set("miromar-canasta").new_game(
        ["Ann", "Bob", "Cy", "Di"],
        [Side("Ann & Cy", ("Ann", "Cy")), Side("Bob & Di", ("Bob", "Di"))],
    )

    with refused("far beyond any real hand") as caught:
        game.score([HandInput({"Ann & Cy": tally, "Bob & Di": {}})])

    assert caught.value.side == "Ann & Cy"


def test_every_error_the_engine_defines_is_a_rules_error():
    import inspect
    import pkgutil
    from importlib import import_module

    import games.rules

    defined = [
        (module.name, name, value)
        for module in pkgutil.iter_modules(games.rules.__path__)
        for name, value in vars(import_module(f"games.rules.{module.name}")).items()
        if inspect.isclass(value)
        and issubclass(value, BaseException)
        and value.__module__ == f"games.rules.{module.name}"
    ]

    assert len(defined) >= 5
    assert [where for *where, error in defined if not issubclass(error, RulesError)] == []
