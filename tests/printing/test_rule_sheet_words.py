"""Words a newcomer can follow: no table cell that points to a note that is not there, no value
that contradicts the text, no sentence that repeats the one above it or keeps a seed's wording."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.printing import rule_sheet_pdf
from games.rules import RULE_SETS
from games.words import card_name, card_note, field_label
from games.words.filling import prose_of
from tests.rules import worded

from .helpers import flat

#: The shared folder beside the project (shared/README.md), wherever the project is cloned.
SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
#: The rule sets restated from a seed (the others have none to keep apart from).
SEEDED = ["pfh-partnership", "pfh-three-hands", "ten-pennies", "ten-pennies-jokers"]
SEEDED += ["miromar-canasta"]


def test_the_card_values_show_threes_apart_with_what_they_score_not_as_card_points():
    rules = RULE_SETS["pfh-partnership"]
    text = flat(rule_sheet_pdf(rules))

    assert "Three (scored only as red or black threes, see Scoring) 100" not in text
    assert "Not card points: a three scores as an item of its own" in text
    for item in ("red_threes", "pennies_red_threes", "black_threes"):
        field = next(f for f in rules.tally_fields if f.name == item)
        points = f"{field.points_each:+,} each".replace("-", "\u2212")
        assert f"{worded.english(field_label, rules, field)} {points}" in text


@pytest.mark.parametrize("slug", list(RULE_SETS))
def test_no_scoring_table_points_to_a_note_it_does_not_have(slug):
    text = flat(rule_sheet_pdf(RULE_SETS[slug]))

    assert "see note" not in text


def test_an_item_whose_score_depends_on_the_game_says_how_in_its_row():
    text = flat(rule_sheet_pdf(RULE_SETS["pfh-three-hands"]))

    assert "Red threes Hand 1 only: 100 each, or 200 each for 4 or more" in text


def test_ten_pennies_says_what_a_joker_is_in_the_rounds_where_it_is_not_wild():
    text = flat(rule_sheet_pdf(RULE_SETS["ten-pennies"]))

    assert "In a round whose wild cards leave out jokers, a joker is a plain card" in text


def test_miromar_says_what_a_meld_is_in_general_not_only_for_the_opening():
    text = flat(rule_sheet_pdf(RULE_SETS["miromar-canasta"]))

    assert "A meld is a set of three or more cards of one rank" in text
    assert text.index("A meld is") < text.index("Opening")


def test_miromar_counts_a_grand_wild_card_canasta_instead_of_a_wild_card_canasta():
    text = flat(rule_sheet_pdf(RULE_SETS["miromar-canasta"]))

    assert "counts here instead of as a wild card canasta, never as both" in text


@pytest.mark.parametrize("slug", ["pfh-partnership", "pfh-three-hands", "miromar-canasta"])
def test_the_opening_table_has_no_note_repeating_the_paragraph_above_it(slug):
    text = flat(rule_sheet_pdf(RULE_SETS[slug]))

    assert "From the side's total before the hand." not in text
    assert "to get the side on the board." not in text
    assert "Each failed attempt to open adds" not in text


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9'#]+", text.lower().replace("\u2019", "'"))


def _runs(words: list[str], length: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + length]) for i in range(len(words) - length + 1)}


@pytest.mark.parametrize("slug", SEEDED)
def test_no_seven_words_in_a_row_of_the_rule_prose_are_the_seeds_words(slug):
    if not SEEDS.is_dir():
        pytest.skip("the seed documents are not on this machine")
    seeds: set[tuple[str, ...]] = set()
    for seed in SEEDS.glob("*.txt"):
        seeds |= _runs(_words(seed.read_text()), 7)

    shared = []
    for section in prose_of(RULE_SETS[slug]).sections:
        for text in map(str, section.paragraphs):
            # Our prose only: what fills a {placeholder} is the engine's data, not a sentence.
            ours = re.sub(r"\{[^}]*\}", " # ", text)
            shared += [" ".join(run) for run in _runs(_words(ours), 7) & seeds]

    assert shared == []


@pytest.mark.parametrize("slug", list(RULE_SETS))
def test_every_card_value_note_is_printed_beside_its_card(slug):
    from games.printing.ruledata import card_value_text
    from games.printing.rulesheet import _scored_apart

    rules = RULE_SETS[slug]
    text = flat(rule_sheet_pdf(rules))

    for value in rules.card_values:
        if value.note and value.cards not in _scored_apart(rules):
            card = worded.english(card_name, rules, value)
            note = worded.english(card_note, rules, value)
            assert f"{card} ({note}) {card_value_text(rules, value)}" in text


def test_the_jokers_wild_sheet_does_not_explain_jokers_that_are_not_wild():
    text = flat(rule_sheet_pdf(RULE_SETS["ten-pennies-jokers"]))

    assert "leave out jokers" not in text


@pytest.mark.parametrize("slug", list(RULE_SETS))
def test_no_card_value_table_gives_a_card_that_scores_on_its_own_a_value_of_nought(slug):
    from games.printing import ruledata

    rules = RULE_SETS[slug]
    text = flat(rule_sheet_pdf(rules))

    assert [cards for cards, value in ruledata.card_value_rows(rules) if value == "0"] == []
    assert re.search(r"Red three[^0-9]*? 0 ", text) is None
    if any(value.cards == "Red three" for value in rules.card_values):
        assert "Red three (see Threes) scored on its own" in text


def test_bolivias_black_three_row_says_in_a_sentence_what_it_counts_melded_and_in_hand():
    text = flat(rule_sheet_pdf(RULE_SETS["bolivia"]))

    assert "Black three (when melded in going out; each left in hand costs 100 instead) 5" in text


@pytest.mark.parametrize("slug", ["samba", "bolivia"])
def test_the_top_card_of_the_pile_may_go_onto_an_unfinished_sequence(slug):
    text = flat(rule_sheet_pdf(RULE_SETS[slug]))

    assert "add only to a sequence never lets you take the pile" not in text
    assert (
        "a meld of your side's that is not yet a canasta, an unfinished sequence included" in text
    )
    assert "You can't take it to start a sequence" in text


def test_bolivia_lets_wild_cards_meld_on_their_own_and_never_gives_a_wild_card_on_the_pile():
    text = flat(rule_sheet_pdf(RULE_SETS["bolivia"]))

    assert "Wild cards never make a meld of their own" not in text
    assert "Wild cards may also make a meld of their own: three or more twos and jokers" in text
    assert "Nobody may take the pile while a wild card is on top of it" in text


def test_samba_keeps_wild_cards_out_of_melds_of_their_own_and_says_nothing_of_a_wild_top_card():
    text = flat(rule_sheet_pdf(RULE_SETS["samba"]))

    assert "Wild cards never make a meld of their own." in text
    assert "while a wild card is on top" not in text
