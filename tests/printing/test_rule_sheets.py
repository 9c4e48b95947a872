import pytest

from games.printing import PrintError, rule_sheet_pdf
from games.rules import (
    RULE_SETS,
    MiromarCanasta,
    PenniesFromHeavenPartnership,
    PenniesFromHeavenThreeHands,
    TenPennies,
    TenPenniesJokers,
)

from .helpers import A4, LETTER, dark_fraction, flat, is_paper, page_sizes

ALL = list(RULE_SETS)


@pytest.mark.parametrize("slug", ALL)
@pytest.mark.parametrize("paper, size", [("letter", LETTER), ("a4", A4)])
def test_every_rule_sheet_prints_on_one_or_two_pages_of_the_chosen_paper(slug, paper, size):
    sizes = page_sizes(rule_sheet_pdf(RULE_SETS[slug], paper))

    assert 1 <= len(sizes) <= 2
    assert all(is_paper(s, size) for s in sizes)


@pytest.mark.parametrize("slug", ALL)
def test_every_rule_sheet_shows_its_card_values_and_every_scoring_item(slug):
    rules = RULE_SETS[slug]
    text = flat(rule_sheet_pdf(rules))

    assert rules.name in text
    for value in rules.card_values:
        assert value.cards in text
        assert f"{value.points:,}" in text
    for field in rules.tally_fields:
        assert field.label in text
        if field.points_each is not None and abs(field.points_each) != 1:
            assert f"{abs(field.points_each):,}" in text


def test_the_partnership_sheet_shows_the_target_and_every_opening_bracket():
    rules = PenniesFromHeavenPartnership()
    text = flat(rule_sheet_pdf(rules))

    assert "25,000" in text
    for lower, minimum in rules.opening.brackets:
        if lower is not None:
            assert f"{lower:,}" in text
        assert str(minimum) in text
    assert "9,000 to 11,999" in text
    assert f"earns the side {rules.perfect_deal_bonus}" in text
    assert "Pennies" in text


def test_the_miromar_sheet_shows_8500_the_brackets_splash_toulon_and_the_failed_opening_step():
    rules = MiromarCanasta()
    text = flat(rule_sheet_pdf(rules))

    assert "8,500" in text
    for _, minimum in rules.opening.brackets:
        assert str(minimum) in text
    assert "Below 3,000" in text
    assert f"scores {rules.splash_points:,}" in text
    assert f"draws {rules.toulon_draws[0]} extra cards" in text
    assert f"adds {rules.failed_opening_step}" in text
    assert "turn card" in text


def test_the_family_game_sheet_shows_the_minimum_for_each_hand_and_below_zero():
    rules = PenniesFromHeavenThreeHands()
    text = flat(rule_sheet_pdf(rules))

    for hand, minimum in rules.opening.by_hand.items():
        assert f"Hand {hand} {minimum}" in text
    assert f"below zero (any hand) {rules.opening_below_zero}" in text
    assert f"exactly {rules.fixed_hands} hands" in text
    assert "piles" in text


@pytest.mark.parametrize("slug", ["ten-pennies", "ten-pennies-jokers"])
def test_the_ten_pennies_sheets_show_the_round_table_buys_and_the_pot(slug):
    rules = RULE_SETS[slug]
    text = flat(rule_sheet_pdf(rules))

    for card in rules.rounds:
        row = f"{card.number} {card.first_down} {card.wild_cards_text} {card.wild_cards_per_set}"
        assert row in text
    assert rules.pot is not None
    assert f"{rules.pot.buys_per_game} buy pennies" in text
    assert "lowest total wins" in text
    assert "pot" in text


def test_the_jokers_sheet_names_jokers_as_the_early_wild_card():
    text = flat(rule_sheet_pdf(TenPenniesJokers()))

    assert "1 2 sets of 3 jokers 1" in text
    assert "twos 1" not in text


@pytest.mark.parametrize("slug", ALL)
def test_every_page_of_a_rule_sheet_renders_with_ink_on_it(slug, tmp_path):
    pdf = rule_sheet_pdf(RULE_SETS[slug], "a4")

    for page in range(1, len(page_sizes(pdf)) + 1):
        assert dark_fraction(pdf, tmp_path, page) > 0.01


def test_an_unknown_paper_is_refused_with_a_print_error():
    with pytest.raises(PrintError, match="letter or a4"):
        rule_sheet_pdf(TenPennies(), "legal")
