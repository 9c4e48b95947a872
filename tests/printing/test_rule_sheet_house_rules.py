"""A rule sheet printed for a table's house rules: the rules listed as a list, every count with
its right plural, and no house option offered for something the table does not play."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from games.printing import rule_sheet_pdf, ruledata
from games.rules import RULE_SETS, HouseRuleKind, RuleSet

from .helpers import flat


def _each_house_rule_choice() -> Iterator[tuple[str, dict[str, Any]]]:
    """(slug, options) for every value each house rule offers, one rule changed at a time (a
    whole-number rule at its lowest and at 1)."""
    for slug, rules in RULE_SETS.items():
        for rule in rules.house_rules:
            if rule.kind is HouseRuleKind.CHOICE:
                values: list[Any] = list(rule.values)
            elif rule.kind is HouseRuleKind.YES_NO:
                values = [True, False]
            else:
                values = sorted({rule.lowest, 1} & set(range(rule.lowest, rule.highest + 1)))
            for value in values:
                if value != rule.default:
                    yield slug, {rule.name: value}


def _sentences(rules: RuleSet) -> str:
    """Every sentence the sheet prints (the tables' cells left out), one block after another."""
    said: list[str] = []
    for block in ruledata.sheet_blocks(rules):
        if block.section is not None:
            said += [*block.section.paragraphs, *block.section.items]
        said += [block.text, block.note]
    return " | ".join(said)


@pytest.mark.parametrize(
    "slug, options",
    [
        pytest.param(slug, options, id=f"{slug}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
        for slug, options in _each_house_rule_choice()
    ],
)
def test_no_house_rule_choice_puts_a_plural_after_the_number_one(slug, options):
    text = _sentences(RULE_SETS[slug].with_options(options))

    assert re.findall(r"(?<![\d,.])\b1 (?:[a-z]+ )?[a-z]+s\b", text) == []


def test_the_tables_house_rules_read_as_a_list_of_its_numbers():
    rules = RULE_SETS["liverpool"].with_options({"ace": 20, "joker": 50})

    text = flat(rule_sheet_pdf(rules))

    assert "This table's numbers: an ace counts 20; a joker counts 50." in text
    assert "This table plays" not in text


def test_a_hand_and_foot_table_going_out_with_one_book_of_each_says_book_not_books():
    rules = RULE_SETS["hand-and-foot"].with_options(
        {"clean_books_to_go_out": 1, "dirty_books_to_go_out": 1}
    )

    text = flat(rule_sheet_pdf(rules))

    assert "1 clean book to go out; 1 dirty book to go out" in text
    assert "1 clean books" not in text and "1 dirty books" not in text


@pytest.mark.parametrize("wild_book", [0, "none"])
def test_a_table_without_wild_books_is_offered_no_wild_book_option(wild_book):
    rules = RULE_SETS["hand-and-foot"].with_options({"wild_book": wild_book})

    text = flat(rule_sheet_pdf(rules))

    assert "House option" not in text
    assert "without a wild book" not in text
    assert "no wild books" in text


def test_a_table_that_plays_a_house_option_is_not_offered_it_again():
    rules = RULE_SETS["hand-and-foot"].with_options({"wild_book_to_go_out": False})

    text = flat(rule_sheet_pdf(rules))

    assert "House option" not in text
    assert "no wild book needed to go out" in text


def test_a_table_with_wild_books_is_still_offered_the_wild_book_option():
    text = flat(rule_sheet_pdf(RULE_SETS["hand-and-foot"]))

    assert "House option" in text
    assert "without a wild book" in text


def test_a_pennies_table_playing_all_eight_red_threes_says_so_where_red_threes_score() -> None:
    """The house rule changes what red threes score: the sheet says it there, in the Threes
    section and in the scoring table, not only in the list of the table's numbers."""
    usual = flat(rule_sheet_pdf(RULE_SETS["pfh-partnership"]))
    bonus = RULE_SETS["pfh-partnership"].with_options({"all_red_threes_1000": True}, 4)
    played = flat(rule_sheet_pdf(bonus))

    assert "It scores 100 at the end of the hand" in usual
    assert "(all eight together" not in usual
    assert "It scores 100 (all eight together: 1,000) at the end of the hand" in played
    assert played.count("(all eight together: 1,000)") == 2  # the Threes section, the table
