"""Properties that hold for every rule set, on valid tallies built by hypothesis."""

from __future__ import annotations

from copy import deepcopy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import HandInput, RulesError, get_rule_set
from games.rules.core import LARGEST_NUMBER

from .helpers import ANN_CY, BOB_DI, new_game, partnership

FAST = settings(max_examples=60, deadline=None)
SIDES = (ANN_CY, BOB_DI)
card_points = st.integers(0, 400).map(lambda n: 5 * n)


# -- strategies for valid hands, one per rule set ----------------------------------------------


@st.composite
def pfh_partnership_hand(draw):
    out = draw(st.sampled_from([None, *SIDES]))
    tallies = {}
    for side in SIDES:
        tally = {
            "natural_canastas": draw(st.integers(0, 3)),
            "unnatural_canastas": draw(st.integers(0, 3)),
            "wild_canastas": draw(st.integers(0, 1)),  # 4 packs: 3 between the sides
            "ace_canastas": draw(st.integers(0, 1)),  # 2 between the sides
            "seven_canastas": draw(st.integers(0, 1)),
            "red_threes": draw(st.integers(0, 2)),  # 8 between the sides
            "pennies_red_threes": draw(st.integers(0, 2)),
            "black_threes": draw(st.integers(0, 4)),
            "meld_points": draw(card_points),
            "hand_points": draw(card_points),
            "perfect_deals": draw(st.integers(0, 2)),  # no dealer named
        }
        if side == out:
            tally["went_out"] = True
            tally["natural_canastas"] = max(1, tally["natural_canastas"])
            tally["wild_canastas"] = 1
        tallies[side] = tally
    return HandInput(tallies)


@st.composite
def pfh_three_hands_hand(draw):
    out = draw(st.sampled_from([None, *SIDES]))
    tallies = {}
    for side in SIDES:
        tally = {
            "red_books": draw(st.integers(0, 3)),
            "black_books": draw(st.integers(0, 3)),
            "seven_books": draw(st.integers(0, 1)),
            "wild_books": draw(st.integers(0, 1)),
            "red_threes": draw(st.integers(0, 6)),
            "black_threes": draw(st.integers(0, 4)),
            "meld_points": draw(card_points),
            "hand_points": draw(card_points),
            "on_board": draw(st.booleans()),
            "pile_points": draw(card_points),
        }
        if side == out:
            tally.update(went_out=True, on_board=True, seven_books=1, wild_books=1)
        tallies[side] = tally
    return HandInput(tallies)


@st.composite
def miromar_hand(draw):
    ending = draw(st.sampled_from(["splash", "out", "none"]))
    ender = draw(st.sampled_from(SIDES))
    specials: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    for choices in (
        ("natural_ace_canastas", "dirty_ace_canastas"),
        ("seven_canastas",),
        ("wild_canastas", "grand_wild_canastas"),
    ):
        holder = draw(st.sampled_from([None, *SIDES]))
        if holder is not None:
            specials[holder][draw(st.sampled_from(choices))] = 1
    tallies = {}
    for side in SIDES:
        tally = {
            "natural_canastas": draw(st.integers(0, 2)),
            "dirty_canastas": draw(st.integers(0, 2)),
            **specials[side],
            "unfinished_natural_aces": draw(st.integers(0, 1)),
            "unfinished_sevens": draw(st.integers(0, 1)),
            "unfinished_wilds": draw(st.integers(0, 1)),
            "threes": draw(st.integers(0, 2)),  # 8 threes between the sides at most
            "threes_in_hand": draw(st.integers(0, 2)),
            "meld_points": draw(card_points),
            "hand_points": draw(card_points),
            "sevens_penalties": draw(st.integers(0, 2)),
            "aces_penalties": draw(st.integers(0, 2)),
        }
        if side == ender and ending == "splash":
            tally["splash"] = True
        if side == ender and ending == "out":
            tally.update(
                went_out=True,
                natural_canastas=1,
                dirty_canastas=1,
                unfinished_natural_aces=0,
                unfinished_sevens=0,
                unfinished_wilds=0,
            )
        tallies[side] = tally
    return HandInput(tallies)


TEN_PLAYERS = ("Ann", "Bob", "Cy")


@st.composite
def ten_pennies_round(draw):
    out = draw(st.sampled_from(TEN_PLAYERS))
    tallies = {}
    for player in TEN_PLAYERS:
        buys = draw(st.integers(0, 1))  # at most 7 over the game
        if player == out:
            tallies[player] = {"points": 0, "cards": 0, "buys": buys}
            continue
        cards = draw(st.integers(1, 11))
        points = 5 * draw(st.integers(cards, 10 * cards))  # 5 to 50 a card
        tallies[player] = {"points": points, "cards": cards, "buys": buys}
    return HandInput(tallies)


def bare_hand(totals):
    return HandInput({side: {"total": t} for side, t in zip(SIDES, totals, strict=True)})


bare_hands = st.tuples(st.integers(-10_000, 10_000), st.integers(-10_000, 10_000)).map(bare_hand)

GAMES = {
    "pfh-partnership": (lambda: partnership("pfh-partnership"), pfh_partnership_hand(), 3),
    "pfh-three-hands": (lambda: partnership("pfh-three-hands"), pfh_three_hands_hand(), 3),
    "miromar-canasta": (lambda: partnership("miromar-canasta"), miromar_hand(), 3),
    "ten-pennies": (lambda: new_game("ten-pennies", TEN_PLAYERS), ten_pennies_round(), 7),
    "ten-pennies-jokers": (
        lambda: new_game("ten-pennies-jokers", TEN_PLAYERS),
        ten_pennies_round(),
        7,
    ),
}


def hands_for(slug, min_size=1):
    _, one_hand, most = GAMES[slug]
    if slug in ("ten-pennies", "ten-pennies-jokers"):
        return st.lists(one_hand, min_size=min_size, max_size=most)
    return st.lists(st.one_of(one_hand, bare_hands), min_size=min_size, max_size=most)


def playable(game, hands):
    """The longest prefix of `hands` that the game takes (a target game may end early)."""
    taken = []
    so_far = game.score([])
    for h in hands:
        if so_far.finished:
            break
        so_far.hands.append(game.score_next_hand(so_far, h))
        taken.append(h)
    return taken


# -- properties --------------------------------------------------------------------------------


def fixed_points(game):
    """Each field's points per unit, as the rule data declares them (None: it depends)."""
    return {f.name: f.points_each for f in game.tally_fields if f.points_each is not None}


def splashed(tallies) -> bool:
    """A Miromar Splash: the one declared rule that sets every other field's points aside."""
    return any(t and t.get("splash") for t in tallies.values())


@pytest.mark.parametrize("slug", list(GAMES))
def test_each_field_scores_its_declared_points_per_unit(slug):
    @FAST
    @given(hands_for(slug))
    def check(hands):
        game = GAMES[slug][0]()
        points = fixed_points(game)
        result = game.score(playable(game, hands))
        for scored in result.hands:
            if splashed(scored.tallies):
                continue
            for side, tally in scored.tallies.items():
                if tally is None:
                    continue
                for name, each in points.items():
                    assert scored.breakdown[side].get(name, 0) == int(tally[name]) * each, name

    check()


#: Rule sets whose every scoring field has fixed points per unit (the others have fields that
#: depend on the rest of the tally, checked by the table-driven tests of each rule set).
PLAIN = ["pfh-partnership", "ten-pennies", "ten-pennies-jokers"]


@pytest.mark.parametrize("slug", PLAIN)
def test_totals_are_what_the_rule_data_makes_of_every_hand(slug):
    @FAST
    @given(hands_for(slug))
    def check(hands):
        game = GAMES[slug][0]()
        points = fixed_points(game)
        taken = playable(game, hands)
        expected = dict.fromkeys(game.side_names, 0)
        for hand in taken:
            for side, raw in hand.tallies.items():
                if "total" in raw:
                    expected[side] += raw["total"]
                else:
                    expected[side] += sum(int(raw.get(n, 0)) * each for n, each in points.items())

        assert game.score(taken).totals == expected

    check()


@pytest.mark.parametrize("slug", ["pfh-partnership", "pfh-three-hands", "miromar-canasta"])
@FAST
@given(
    a=st.integers(-LARGEST_NUMBER, LARGEST_NUMBER), b=st.integers(-LARGEST_NUMBER, LARGEST_NUMBER)
)
def test_a_bare_total_passes_through_unchanged(slug, a, b):
    game = partnership(slug)

    result = game.score([bare_hand((a, b))])

    assert result.hands[0].scores == {ANN_CY: a, BOB_DI: b}
    assert result.totals == {ANN_CY: a, BOB_DI: b}


@pytest.mark.parametrize("slug", ["pfh-partnership", "pfh-three-hands", "miromar-canasta"])
@pytest.mark.parametrize("hand_number", [1, 2, 3, 4, 10])
@settings(max_examples=200, deadline=None)
@given(low=st.integers(-50_000, 50_000), rise=st.integers(0, 50_000))
def test_the_opening_minimum_never_goes_down_as_the_score_goes_up(slug, hand_number, low, rise):
    rules = get_rule_set(slug)

    assert rules.opening.minimum(low, hand_number) <= rules.opening.minimum(low + rise, hand_number)


def break_hand(game, good, how):
    """A copy of a valid hand that breaks a check in way `how`."""
    tallies = deepcopy(dict(good.tallies))
    first, last = game.side_names[0], game.side_names[-1]
    if how == "missing side":
        del tallies[last]
    elif how == "unknown field":
        tallies[first] = {**(tallies[first] or {}), "mystery": 1}
    elif how == "negative":
        key = "cards" if game.rules.slug.startswith("ten") else "hand_points"
        tallies[first] = {key: -5}
    elif how == "check":
        if game.rules.slug.startswith("ten"):
            tallies = {side: {"points": 0, "cards": 0, "buys": 11} for side in game.side_names}
        else:
            tallies = {side: {"went_out": True} for side in game.side_names}
    return HandInput(tallies, good.dealer)


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_refused_tally_leaves_every_earlier_hand_as_it_was(slug):
    @FAST
    @given(
        hands_for(slug, min_size=1),
        st.sampled_from(["missing side", "unknown field", "negative", "check"]),
    )
    def check(hands, how):
        game = GAMES[slug][0]()
        good = playable(game, hands)
        so_far = game.score(good)
        snapshot = deepcopy(so_far.hands)
        totals = so_far.totals
        bad = break_hand(game, hands[0], how)

        with pytest.raises(RulesError) as caught:
            game.score_next_hand(so_far, bad)
        assert caught.value.hand == len(good) + 1

        with pytest.raises(RulesError):
            game.score([*good, bad])

        assert so_far.hands == snapshot
        assert so_far.totals == totals
        assert game.score(good).hands == snapshot

    check()
