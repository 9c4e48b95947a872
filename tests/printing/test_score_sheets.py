import datetime

import pytest

from games.printing import PrintError, score_sheet_pdf
from games.printing.bench import sample_game
from games.rules import RULE_SETS

from .helpers import (
    A4,
    LETTER,
    dark_fraction,
    finished_miromar,
    finished_ten_pennies,
    flat,
    is_paper,
    page_sizes,
    text_of,
)


def test_a_finished_sheet_shows_sides_players_date_totals_and_the_winner(tmp_path):
    score = finished_miromar()
    pdf = score_sheet_pdf(score, title="Club night", played_on=datetime.date(2026, 3, 14))
    text = flat(pdf)

    assert "Club night" in text
    assert "Saturday 14 March 2026" in text
    assert "Ann & Cy: Ann & Cy" in text
    assert "Winner: Ann & Cy with 10,300" in text
    assert "10,300" in text and "1,250" in text
    for hand in score.hands:
        for total in hand.totals.values():
            assert f"{total:,}" in text
    assert "total only" in text
    assert dark_fraction(pdf, tmp_path) > 0.01


def test_a_sheet_itemizes_each_hand_with_the_points_of_every_item():
    rules = RULE_SETS["pfh-partnership"]
    score = sample_game(3)
    text = flat(score_sheet_pdf(score))

    assert "Natural canastas" in text and "Card points on the table" in text
    hand = score.hands[0]
    for side, parts in hand.breakdown.items():
        row = " ".join(f"{v:,}".replace("-", "\u2212") for v in parts.values() if v)
        assert f"{side} {row} {hand.scores[side]:,} {hand.totals[side]:,}" in text
    assert rules.name in text


def test_a_ten_pennies_sheet_shows_the_pennies_and_the_pot_payout():
    score = finished_ten_pennies()
    pot = score.pot()
    assert pot is not None
    text = flat(score_sheet_pdf(score))

    assert pot.total == 42
    assert f"The pot holds {pot.total} pennies" in text
    assert f"Ann takes {pot.total}" in text
    assert "Winner: Ann with 0" in text
    assert "Pennies in" in text and "Pot paid" in text
    assert "Bob 210" in text


def test_a_game_in_progress_says_so_and_names_no_winner():
    text = flat(score_sheet_pdf(sample_game(5)))

    assert "Game in progress: 5 hands played" in text
    assert "Winner" not in text


def test_a_sixty_hand_sheet_runs_over_several_pages_with_every_total(tmp_path):
    score = sample_game(60)
    pdf = score_sheet_pdf(score, paper="a4")

    sizes = page_sizes(pdf)
    assert 2 <= len(sizes) <= 5
    assert all(is_paper(s, A4) for s in sizes)
    text = text_of(pdf)
    assert f"{score.totals['Ann & Cy']:,}" in text
    assert "Page 3 of 3" in text or "Page 2 of 2" in text
    for page in range(1, len(sizes) + 1):
        assert dark_fraction(pdf, tmp_path, page) > 0.01


def test_a_sheet_prints_on_letter_by_default():
    assert all(is_paper(s, LETTER) for s in page_sizes(score_sheet_pdf(sample_game(2))))


def test_side_names_in_any_script_and_with_markup_print_as_typed():
    names = ("<b>Zoë</b> & Ζωή", "Жанна & 张伟")
    text = text_of(score_sheet_pdf(finished_miromar(names), title="<i>Night</i> & day"))

    assert "<b>Zoë</b> & Ζωή" in text
    assert "Жанна & 张伟" in text
    assert "<i>Night</i> & day" in text


def test_the_first_dealer_is_shown_and_the_deal_passes_to_the_left():
    score = finished_miromar()
    text = flat(score_sheet_pdf(score, first_dealer="Bob"))

    assert "First dealer Bob" in text
    assert "2 Cy" in text and "3 Di" in text


def test_a_dealer_who_is_not_playing_is_refused():
    with pytest.raises(PrintError, match="not playing"):
        score_sheet_pdf(finished_miromar(), first_dealer="Zed")
