import pytest

from games.printing import PrintError, score_pad_pdf
from games.rules import (
    RULE_SETS,
    MiromarCanasta,
    PenniesFromHeavenPartnership,
    PenniesFromHeavenThreeHands,
    TenPennies,
)

from .helpers import A4, LETTER, dark_fraction, flat, is_paper, page_sizes, text_of

ALL = list(RULE_SETS)


@pytest.mark.parametrize("slug", ALL)
@pytest.mark.parametrize("paper, size", [("letter", LETTER), ("a4", A4)])
def test_a_two_side_pad_prints_on_the_chosen_paper_and_is_not_blank(slug, paper, size, tmp_path):
    pdf = score_pad_pdf(RULE_SETS[slug], 2, paper=paper)

    sizes = page_sizes(pdf)
    assert all(is_paper(s, size) for s in sizes)
    assert dark_fraction(pdf, tmp_path) > 0.01


@pytest.mark.parametrize("slug", ALL)
def test_a_pad_has_a_column_for_every_tally_item_the_hand_score_and_the_total(slug):
    rules = RULE_SETS[slug]
    text = flat(score_pad_pdf(rules, 2))

    for field in rules.tally_fields:
        # Headings wrap inside narrow columns: look for each word of the label.
        for word in field.label.split():
            assert word in text
    assert "Total" in text
    if rules.slug.startswith("ten-pennies"):
        assert "Pennies in" in text
    else:
        assert "Hand score" in text


def test_a_partnership_pad_has_twelve_hands_on_a_page_and_the_opening_minimums():
    rules = PenniesFromHeavenPartnership()
    pdf = score_pad_pdf(rules, 3, ["Ann & Cy", "Bob & Di", "Ed & Flo"])
    text = text_of(pdf)

    assert len(page_sizes(pdf)) == 1
    lines = text.split("\n")
    assert "12" in lines and "13" not in lines
    assert text.count("Ed & Flo") == 12
    for lower, minimum in rules.opening.brackets:
        assert f"{minimum}" in text
        if lower is not None:
            assert f"{lower:,}" in text


def test_more_pages_carry_on_the_hand_numbers():
    pdf = score_pad_pdf(MiromarCanasta(), 2, pages=2)

    assert len(page_sizes(pdf)) == 2
    assert "24" in text_of(pdf).split("\n")


def test_a_ten_pennies_pad_has_seven_rounds_with_their_requirements():
    rules = TenPennies()
    text = flat(score_pad_pdf(rules, 4))

    for card in rules.rounds:
        assert f"Round {card.number} {card.first_down}" in text
        assert f"{card.wild_cards_per_set} wild per set" in text
    assert "Round 8" not in text
    assert f"{rules.buys_per_game} buys" in text


def test_the_family_game_pad_has_three_hands_each_with_its_minimum():
    rules = PenniesFromHeavenThreeHands()
    text = flat(score_pad_pdf(rules, 4))

    for hand, minimum in rules.opening.by_hand.items():
        assert f"{hand} open {minimum}" in text
    assert "open 150" not in text
    assert " 4 open" not in text


def test_a_name_with_markup_characters_prints_as_typed():
    names = ["<b>Ann</b> & Cy", "<script>alert(1)</script>"]
    text = text_of(score_pad_pdf(MiromarCanasta(), 2, names))

    assert "<b>Ann</b> & Cy" in text
    assert "<script>alert(1)</script>" in text


def test_names_in_greek_cyrillic_cjk_and_accented_latin_come_back_out():
    names = ["Ζωή", "Жанна", "张伟", "さくら", "김민준", "José Müller"]
    text = text_of(score_pad_pdf(TenPennies(), 6, names))

    for name in names:
        assert name in text


def test_eight_players_with_sixty_character_names_fit_the_page(tmp_path):
    names = [f"{chr(65 + i)}" * 30 + " " + "long name words here and more more" for i in range(8)]
    names = [n[:60] for n in names]
    pdf = score_pad_pdf(TenPennies(), 8, names, paper="a4")

    sizes = page_sizes(pdf)
    assert all(is_paper(s, A4) for s in sizes)
    assert len(sizes) <= 2
    text = flat(pdf)
    for name in names:
        # Wrapped inside its cell, but every character is there and in order.
        assert name.replace(" ", "") in text.replace(" ", "")
    assert dark_fraction(pdf, tmp_path) > 0.01


def test_twelve_sides_of_the_family_game_fit_and_show_every_hand():
    pdf = score_pad_pdf(
        PenniesFromHeavenThreeHands(), 12, [f"Player number {i}" for i in range(12)]
    )

    text = text_of(pdf)
    assert text.count("Player number 11") == 3


def test_a_blank_pad_leaves_lines_to_write_the_names_on():
    text = flat(score_pad_pdf(MiromarCanasta(), 2))

    assert "Side A" in text and "Side B" in text


@pytest.mark.parametrize(
    "slug, sides, names, paper, pages, message",
    [
        ("miromar-canasta", 3, None, "letter", 1, "2 sides, not 3"),
        ("pfh-partnership", 4, None, "letter", 1, "2 or 3 sides"),
        ("ten-pennies", 9, None, "letter", 1, "2 to 8 players"),
        ("ten-pennies", 2, ["a", "b", "c"], "letter", 1, "3 names given for 2"),
        ("ten-pennies", 2, None, "legal", 1, "letter or a4"),
        ("ten-pennies", 2, None, "letter", 0, "pages"),
    ],
)
def test_bad_pad_requests_are_refused_with_a_print_error(slug, sides, names, paper, pages, message):
    with pytest.raises(PrintError, match=message):
        score_pad_pdf(RULE_SETS[slug], sides, names, paper, pages)


def test_a_print_error_is_a_value_error():
    assert issubclass(PrintError, ValueError)
