"""Every worked example a rule sheet prints is a hand the engine accepts and scores as printed,
with the table's house rules: the example is read back off the sheet, scored through the
engine, and each printed figure compared with the engine's."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.printing import rule_sheet_pdf
from games.rules import RULE_SETS, FieldKind, HandInput, RuleSet, Side, TallyField
from games.words import field_label, unit
from tests.rules import worded

from .helpers import flat

#: Rule sets whose example is a side's tally and its score, with house rules that change what
#: the example must hold or what it scores.
TALLY_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("hand-and-foot", {}),
    ("hand-and-foot", {"dirty_books_to_go_out": 3}),
    ("hand-and-foot", {"clean_books_to_go_out": 3, "dirty_books_to_go_out": 3}),
    ("hand-and-foot", {"clean_books_to_go_out": 1, "dirty_books_to_go_out": 1}),
    ("hand-and-foot", {"wild_book": 0}),
    ("hand-and-foot", {"wild_book_to_go_out": False, "wild_book": 1_000}),
    ("hand-and-foot", {"clean_book": 300, "dirty_book": 100, "red_three": 50, "going_out": 200}),
    ("hand-and-foot", {"red_three_caught": 500, "deals": 5}),
    ("samba", {}),
    ("samba", {"samba": 1_000, "going_out": 100, "target": 7_500}),
    ("bolivia", {}),
    ("bolivia", {"going_out": 100, "target": 10_000}),
    ("buraco", {}),
    ("buraco", {"morto_taken_bonus": 100, "long_canastras": False}),
    ("buraco", {"melds_without_canasta": "against", "card_values": "burako"}),
    ("burraco", {}),
    ("burraco", {"semi_clean": 100, "hands": 3}),
]
#: Rule sets whose example is the cards a player is left holding, added up.
CARD_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("liverpool", {}),
    ("liverpool", {"ace": 20, "joker": 50}),
    ("five-crowns", {}),
    ("phase-10", {}),
]

#: "a side with 2 clean books, ... and went out: 1,000 + 600 − 45 = 4,535".
SIDE_EXAMPLE = re.compile(r"with (?P<items>[^:.]+): (?P<sum>[0-9,+\u2212 ]+?) = (?P<total>[0-9,]+)")
#: "in deal 3 ... Bob is left holding a seven, ... and a joker: 7 + 10 = 57 points".
CARDS_EXAMPLE = re.compile(
    r"(?:in (?:deal|round) (?P<number>\d+))?[^:]*? left holding [^:]+: "
    r"(?P<sum>[0-9,+ ]+?) = (?P<total>[0-9,]+) points"
)


def _number(text: str) -> int:
    return int(text.replace(",", "").replace("\u2212", "-"))


def _terms(printed_sum: str) -> list[int]:
    """ "1,000 + 600 − 45" as the signed numbers it adds: [1000, 600, -45]."""
    signed = re.findall(r"([+\u2212]?)\s*([0-9,]+)", printed_sum)
    return [(-1 if sign == "\u2212" else 1) * _number(value) for sign, value in signed]


def _stem(words: str) -> str:
    """Words with every plural "s" dropped: "red threes caught" and "red three caught" alike."""
    return " ".join(word.removesuffix("s") for word in words.lower().split())


def _tally(rules: RuleSet, items: str) -> dict[str, int | bool]:
    """A printed tally ("2 clean books, 1 wild book and went out") read back into fields."""
    fields = list(rules.tally_fields)
    tally: dict[str, int | bool] = {}
    for item in re.split(r", | and (?=\d|went out)", items):
        count, _, what = item.partition(" ")
        said = what if count[:1].isdigit() else item
        field = _field_named(rules, fields, said)
        tally[field.name] = True if field.kind is FieldKind.YES_NO else _number(count)
    return tally


def _field_named(rules: RuleSet, fields: list[TallyField], words: str) -> TallyField:
    for field in fields:
        names = {worded.english(unit, rules, field), worded.english(field_label, rules, field)}
        if _stem(words) in {_stem(name) for name in names} - {""}:
            return field
    raise AssertionError(f"no field of the rule set is called {words!r}")


def _partners(rules: RuleSet, options: dict[str, Any]):
    return rules.new_game(
        ["Ann", "Bob", "Cy", "Di"],
        [Side("A", ("Ann", "Cy")), Side("B", ("Bob", "Di"))],
        options=options,
    )


@pytest.mark.parametrize("slug, options", TALLY_EXAMPLES)
def test_every_worked_tally_on_a_sheet_is_a_hand_the_engine_scores_as_printed(slug, options):
    rules = RULE_SETS[slug].with_options(options)
    examples = SIDE_EXAMPLE.findall(flat(rule_sheet_pdf(rules)))
    assert examples, "the sheet prints no worked example"
    # The side of the example is A; its opponents (Hand and Foot's second example) are B.
    tallies: dict[str, dict[str, int | bool]] = {"A": {}, "B": {}}
    for side, (items, _, _) in zip("AB", examples, strict=False):
        tallies[side] = _tally(rules, items)

    game = _partners(RULE_SETS[slug], options)
    hand = game.score([HandInput(tallies)]).hands[0]

    for side, (_, printed_sum, printed_total) in zip("AB", examples, strict=False):
        parts = [points for points in hand.breakdown[side].values() if points]
        assert _terms(printed_sum) == parts, side
        assert _number(printed_total) == hand.scores[side] == sum(parts), side


@pytest.mark.parametrize("slug, options", CARD_EXAMPLES)
def test_every_hand_of_cards_added_up_on_a_sheet_counts_the_engines_card_values(slug, options):
    rules = RULE_SETS[slug].with_options(options)
    (number, printed_sum, printed_total), *_ = CARDS_EXAMPLE.findall(flat(rule_sheet_pdf(rules)))
    values = {value.points for value in rules.counted_values_in(int(number or 1))}
    (points,) = [f.name for f in rules.tally_fields if f.kind is FieldKind.CARD_POINTS]
    names = [f.name for f in rules.tally_fields]

    game = RULE_SETS[slug].new_game(["Ann", "Bob", "Cy"], options=options)
    # Ann goes out (a phase game asks that her phase was completed), Cy holds nothing.
    out = {name: True for name in names if name != points}
    holding = {points: _number(printed_total)}
    hand = game.score([HandInput({"Ann": out, "Bob": holding, "Cy": {points: 0}})]).hands[0]

    assert set(_terms(printed_sum)) <= values
    assert sum(_terms(printed_sum)) == _number(printed_total) == hand.scores["Bob"]


def test_the_hand_and_foot_example_goes_out_with_the_books_the_table_asks_for():
    rules = RULE_SETS["hand-and-foot"].with_options({"dirty_books_to_go_out": 3})

    text = flat(rule_sheet_pdf(rules))

    assert "a side with 2 clean books, 3 dirty books, 1 wild book" in text


def test_every_rule_set_whose_sheet_works_an_example_has_it_scored_above():
    worked = {
        slug for slug, rules in RULE_SETS.items() if "For example," in flat(rule_sheet_pdf(rules))
    }

    assert worked == {slug for slug, _ in TALLY_EXAMPLES + CARD_EXAMPLES}
