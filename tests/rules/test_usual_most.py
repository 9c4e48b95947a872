"""A value possible but far from any real hand (issue 19): each rule set declares the usual most
of every count and card-point field, and the form asks about more once."""

from __future__ import annotations

import pytest

from games.rules import RULE_SETS, FieldKind, get_rule_set
from games.rules.tally import TallyField
from tests.said import asked

from .helpers import partnership

#: Bounded tightly already (a maximum of a few): nothing further to ask.
SMALL_MAXIMUM = 10


@pytest.mark.parametrize("slug", sorted(RULE_SETS))
def test_every_count_and_card_point_field_declares_its_usual_most(slug: str) -> None:
    rules = get_rule_set(slug)
    missing = [
        f.name
        for f in rules.tally_fields
        if f.kind is not FieldKind.YES_NO
        and f.usual_most is None
        # A name picked from a list (a special hand) is never a slip of the finger.
        and not f.value_names
        and (f.maximum is None or f.maximum > SMALL_MAXIMUM)
    ]
    assert not missing, f"{slug}: no usual most for {missing}"


@pytest.mark.parametrize("slug", sorted(RULE_SETS))
def test_the_usual_most_is_below_the_maximum(slug: str) -> None:
    rules = get_rule_set(slug)
    for f in rules.tally_fields:
        if f.usual_most is not None and f.maximum is not None:
            assert f.usual_most < f.maximum, f"{slug}: {f.name}"


def test_the_question_says_the_number_and_the_field_in_the_tables_words() -> None:
    field = TallyField("natural_canastas", FieldKind.COUNT, 500, usual_most=6)

    assert field.is_unusual(20)
    assert not field.is_unusual(6)
    assert asked(field.unusual_question(20, rule_set="canasta")) == (
        "20 natural canastas in one hand — is that right?"
    )
    points = TallyField("points", FieldKind.CARD_POINTS, usual_most=400)
    assert asked(points.unusual_question(4_500, "round", "ten-pennies")) == (
        "4,500 points caught in hand in one round — is that right?"
    )
    assert points.is_unusual(-4_500)


def test_the_rule_set_lists_each_unusual_value_with_its_side() -> None:
    game = partnership("pfh-partnership")
    rules = game.rules
    tallies = {
        "Ann & Cy": {"natural_canastas": 20, "meld_points": 1_450},
        "Bob & Di": {"natural_canastas": 1, "meld_points": 14_500},
    }

    entries = rules.unusual_entries(game, 1, tallies)
    assert [(side, name, asked(question)) for side, name, question in entries] == [
        ("Ann & Cy", "natural_canastas", "20 natural canastas in one hand — is that right?"),
        ("Bob & Di", "meld_points", "14,500 card points on the table in one hand — is that right?"),
    ]
