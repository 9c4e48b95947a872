"""Properties that hold for every rule set, on valid tallies built by hypothesis."""

from __future__ import annotations

from copy import deepcopy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import (
    RULE_SETS,
    FieldKind,
    GameSetup,
    HandInput,
    RulesError,
    RuleSet,
    Seating,
    Side,
    get_rule_set,
)
from games.rules.tally import LARGEST_NUMBER

FAST = settings(max_examples=60, deadline=None)


# -- hands: each rule set draws its own (RuleSet.sample_hand) -----------------------------------

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou")


def sample_game(rules: RuleSet) -> GameSetup:
    """A game of `rules` at a table of four where it can be, else its fewest players; partners
    sit opposite."""
    count = 4 if 4 in rules.player_counts else rules.player_counts[0]
    players = list(NAMES[:count])
    if rules.seating_for(count) is not Seating.PARTNERS:
        return rules.new_game(players)
    pairs = count // 2
    sides = [
        Side(f"{players[i]} & {players[i + pairs]}", (players[i], players[i + pairs]))
        for i in range(pairs)
    ]
    return rules.new_game(players, sides)


def bare_hand(game: GameSetup, totals) -> HandInput:
    return HandInput({side: {"total": t} for side, t in zip(game.side_names, totals, strict=True)})


def hands_for(rules: RuleSet, min_size: int = 1):
    """A game of `rules` and a list of hands for it: the rule set's own, and bare totals where
    it takes them."""
    game = sample_game(rules)
    longest = min(rules.most_hands, 8)
    # A random stands for the rule set's own hand, drawn in its turn (`in_turn`).
    one_hand = st.randoms(use_true_random=False)
    if rules.allows_bare_total:
        totals = st.lists(
            st.integers(-10_000, 10_000), min_size=len(game.sides), max_size=len(game.sides)
        )
        one_hand = st.one_of(one_hand, totals.map(lambda t: bare_hand(game, t)))
    drawn = st.lists(one_hand, min_size=min_size, max_size=longest)
    return st.tuples(st.just(game), drawn.map(lambda items: in_turn(game, items)))


def in_turn(game: GameSetup, items) -> list[HandInput]:
    """The hands, each of the rule set's own drawn after the hands before it
    (`RuleSet.sample_next_hand`: in Chinchón who is out decides who plays)."""
    hands: list[HandInput] = []
    so_far = game.score([])
    for item in items:
        hand = item if isinstance(item, HandInput) else game.rules.sample_next_hand(so_far, item)
        hands.append(hand)
        if not so_far.finished:
            so_far.hands.append(game.score_next_hand(so_far, hand))
    return hands


REGISTRY = sorted(RULE_SETS)


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


def scored_alone(game, tallies) -> bool:
    """A hand ended by a field that scores alone (a Splash): every other field's points are
    set aside."""
    alone = [f.name for f in game.tally_fields if f.scores_alone]
    return any(t and any(t.get(name) for name in alone) for t in tallies.values())


@pytest.mark.parametrize("slug", REGISTRY)
def test_each_field_scores_its_declared_points_per_unit(slug):
    @FAST
    @given(hands_for(get_rule_set(slug)))
    def check(game_and_hands):
        game, hands = game_and_hands
        points = fixed_points(game)
        result = game.score(playable(game, hands))
        for scored in result.hands:
            if scored_alone(game, scored.tallies):
                continue
            for side, tally in scored.tallies.items():
                if tally is None:
                    continue
                for name, each in points.items():
                    assert scored.breakdown[side].get(name, 0) == int(tally[name]) * each, name

    check()


#: Rule sets whose every scoring field has fixed points per unit (the others have fields that
#: depend on the rest of the tally, checked by the table-driven tests of each rule set).
PLAIN = [
    slug
    for slug in REGISTRY
    if all(f.points_each is not None for f in get_rule_set(slug).tally_fields)
    or get_rule_set(slug).pot is not None
]


@pytest.mark.parametrize("slug", PLAIN)
def test_totals_are_what_the_rule_data_makes_of_every_hand(slug):
    @FAST
    @given(hands_for(get_rule_set(slug)))
    def check(game_and_hands):
        game, hands = game_and_hands
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


@pytest.mark.parametrize("slug", [s for s in REGISTRY if get_rule_set(s).allows_bare_total])
@FAST
@given(data=st.data())
def test_a_bare_total_passes_through_unchanged(slug, data):
    game = sample_game(get_rule_set(slug))
    totals = [data.draw(st.integers(-LARGEST_NUMBER, LARGEST_NUMBER)) for _ in game.side_names]

    result = game.score([bare_hand(game, totals)])

    expected = dict(zip(game.side_names, totals, strict=True))
    assert result.hands[0].scores == expected
    assert result.totals == expected


@pytest.mark.parametrize("slug", [s for s in REGISTRY if get_rule_set(s).opening.exists])
@pytest.mark.parametrize("hand_number", [1, 2, 3, 4, 10])
@settings(max_examples=200, deadline=None)
@given(low=st.integers(-50_000, 50_000), rise=st.integers(0, 50_000))
def test_the_opening_minimum_never_goes_down_as_the_score_goes_up(slug, hand_number, low, rise):
    rules = get_rule_set(slug)

    assert rules.opening.minimum(low, hand_number) <= rules.opening.minimum(low + rise, hand_number)


def break_hand(game, good, how, so_far=None):
    """A copy of a valid hand that breaks a check in way `how` (a side left out is one that
    plays after `so_far`: a side out of the game, in Chinchón, may be left out)."""
    tallies = deepcopy(dict(good.tallies))
    playing = (so_far.players_in if so_far is not None else None) or game.side_names
    first, last = game.side_names[0], playing[-1]
    numbers = [f for f in game.tally_fields if f.kind is not FieldKind.YES_NO]
    if how == "missing side":
        del tallies[last]
    elif how == "unknown field":
        tallies[first] = {**(tallies[first] or {}), "mystery": 1}
    elif how == "not a number":
        key = numbers[0].name if numbers else "total"
        tallies[first] = {key: "12"}
    elif how == "beyond any hand":
        key = numbers[0].name if numbers else "total"
        tallies[first] = {key: 5 * (LARGEST_NUMBER // 5 + 1)}
    return HandInput(tallies, good.dealer)


@pytest.mark.parametrize("slug", REGISTRY)
def test_a_refused_tally_leaves_every_earlier_hand_as_it_was(slug):
    @FAST
    @given(
        hands_for(get_rule_set(slug), min_size=1),
        st.sampled_from(["missing side", "unknown field", "not a number", "beyond any hand"]),
    )
    def check(game_and_hands, how):
        game, hands = game_and_hands
        good = playable(game, hands)
        so_far = game.score(good)
        snapshot = deepcopy(so_far.hands)
        totals = so_far.totals
        bad = break_hand(game, hands[0], how, so_far)

        with pytest.raises(RulesError) as caught:
            game.score_next_hand(so_far, bad)
        assert caught.value.hand == len(good) + 1

        with pytest.raises(RulesError):
            game.score([*good, bad])

        assert so_far.hands == snapshot
        assert so_far.totals == totals
        assert game.score(good).hands == snapshot

    check()


@pytest.mark.parametrize("slug", REGISTRY)
def test_every_sample_hand_is_one_the_rules_take(slug):
    """The rule set's own hands pass its checks, whatever came before (the bench and the
    properties above rely on it)."""

    @FAST
    @given(hands_for(get_rule_set(slug)))
    def check(game_and_hands):
        game, hands = game_and_hands
        only_its_own = [
            hand for hand in hands if not all("total" in t for t in hand.tallies.values())
        ]
        playable(game, only_its_own)

    check()
