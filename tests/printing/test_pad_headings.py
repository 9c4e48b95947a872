"""Pads that read at the table: upward headings clear of the rules, hints dark enough to read,
and a place to write each Ten Pennies player's name on a pad printed without names."""

from __future__ import annotations

import pytest

from games.printing import score_pad_pdf
from games.rules import RULE_SETS

from .helpers import (
    coloured_texts,
    contrast_on_white,
    flat,
    horizontal_rules,
    text_boxes,
    upward_texts,
)

#: Pads whose narrow columns have headings that read upwards, and their numbers of sides.
UPWARD = [("pfh-partnership", 2), ("pfh-partnership", 3), ("pfh-three-hands", 3)]
UPWARD += [("pfh-three-hands", 4), ("miromar-canasta", 2)]


@pytest.mark.parametrize("slug, sides", UPWARD)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_upward_heading_of_a_pad_touches_the_rule_above_it(slug, sides, paper):
    pdf = score_pad_pdf(RULE_SETS[slug], sides, paper=paper)
    headings = upward_texts(pdf)
    assert headings
    # The heading row's top rule: the first rule across above where the headings start.
    start = min(begin for _, _, begin, _ in headings)
    top = min(y for y, _, _ in horizontal_rules(pdf) if y > start + 5)

    for text, _, _, end in headings:
        assert end <= top - 2.5, f"{text!r} ends {top - end:.1f} pt under the top rule"


@pytest.mark.parametrize("slug", ["pfh-partnership", "ten-pennies"])
def test_the_hints_under_a_pads_headings_are_dark_enough_to_read(slug):
    rules = RULE_SETS[slug]
    pdf = score_pad_pdf(rules, 2 if slug == "pfh-partnership" else 3)
    hints = {"running", "Points", "Cards", "Buys", "total"}

    coloured = [(text, rgb) for text, rgb in coloured_texts(pdf) if text in hints]

    assert coloured
    for text, rgb in coloured:
        assert contrast_on_white(rgb) >= 4.5, f"{text!r} in {rgb}"


def test_a_ten_pennies_pad_without_names_has_a_labelled_line_for_each_players_name():
    pdf = score_pad_pdf(RULE_SETS["ten-pennies"], 3)
    text = flat(pdf)
    boxes = text_boxes(pdf)
    lines = horizontal_rules(pdf)

    for letter in "ABC":
        assert f"Player {letter} name" in text
        (_, x, y, _), *_ = [box for box in boxes if box[0].strip() == "name"]["ABC".index(letter) :]
        # A line to write on, starting after the label, on its baseline.
        assert any(abs(line_y - y) < 3 and left > x for line_y, left, _ in lines)


def test_a_ten_pennies_pad_with_names_prints_them_and_no_name_lines():
    text = flat(score_pad_pdf(RULE_SETS["ten-pennies"], 3, ["Ann", "Bob", "Cy"]))

    assert "Ann" in text and "Bob" in text
    assert "name" not in text
