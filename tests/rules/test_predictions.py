"""Issue 21, the engine's side: the likely next taps of a hand form and what each would score,
for every rule set in the registry, equal to scoring that state directly."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import RULE_SETS, FieldKind, HandInput, RulesError
from games.rules.predictions import MOST_SCORED, Asked, changed, predict
from tests.rules.test_properties import sample_game

FEW = settings(max_examples=15, deadline=None)


@pytest.mark.parametrize("slug", sorted(RULE_SETS))
@FEW
@given(seed=st.integers(0, 10_000))
def test_each_prediction_is_what_the_engine_says_of_that_state(slug: str, seed: int) -> None:
    rules = RULE_SETS[slug]
    game = sample_game(rules)
    rng = Random(seed)
    so_far = game.score([])
    hand = rules.sample_hand(game, rng)
    tallies = {name: dict(tally) for name, tally in hand.tallies.items()}
    asked = [Asked(None, f) for f in game.fields(1) if f.name in rules.one_side_fields]
    asked += [
        Asked(side, f, (0, 1, 2))
        for side in range(len(game.sides))
        for f in game.fields(1)
        if f.kind is not FieldKind.CARD_POINTS and f.name not in rules.one_side_fields
    ]

    predictions = predict(game, so_far, hand.dealer, tallies, asked)

    # Only the score pad (totals only) asks no field, and every field asked has a tap one away.
    assert (asked == []) == rules.totals_only
    assert (predictions == []) == (asked == []), "fields to tap, and no tap foreseen"
    states = {changed(game, tallies, p.change)[1] for p in predictions}
    assert len(states) <= MOST_SCORED
    for prediction in predictions:
        after, _ = changed(game, tallies, prediction.change)
        try:
            scored = game.score_next_hand(so_far, HandInput(after, hand.dealer))
        except RulesError as error:
            assert prediction.outcome.refusal is not None
            refusal = prediction.outcome.refusal
            assert (refusal.code, refusal.params) == (error.code, error.params)
            assert (refusal.hand, refusal.side, refusal.field) == (
                error.hand,
                error.side,
                error.field,
            )
        else:
            assert prediction.outcome.scores == tuple(scored.scores[n] for n in game.side_names)
