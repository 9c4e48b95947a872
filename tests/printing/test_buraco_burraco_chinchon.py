"""The printouts of Buraco, Burraco and Chinchón (issue 42; RULINGS.md sections 16-18): Burraco's
tournament game in victory points, Chinchón's knock-outs, rejoins, sat-out hands and pot, and
the pads' columns, in English and in the languages each game is played in."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from django.utils import translation

from games.printing import rule_sheet_pdf, score_pad_pdf, score_sheet_pdf
from games.printing.scorepad import pad_columns
from games.printing.scoresheet import _hands_table
from games.rules import RULE_SETS, GameScore
from games.rules.gamefile import score_game_file

from .helpers import flat, page_sizes, text_of, upward_texts

LANGUAGES = ["en", "pt-br", "it", "es"]

#: RULINGS.md section 18's worked hand in a whole game: Di out after hand 6 and back in at 95
#: in hand 7 (out again), Bob out in hand 7 and back in at 76 in hand 8 while Di sits it out;
#: Bob and Cy go out in hand 8 and Ann, the last player in, wins.
CHINCHON: dict[str, Any] = {
    "rules": "chinchon",
    "players": ["Ann", "Bob", "Cy", "Di"],
    "hands": [
        {
            "tallies": {
                "Ann": {"points": 10},
                "Bob": {"points": 20},
                "Cy": {"closed": True, "points": 3},
                "Di": {"points": 25},
            }
        },  # noqa: E501
        {
            "tallies": {
                "Ann": {"closed": True, "minus_ten": True},
                "Bob": {"points": 15},
                "Cy": {"points": 12},
                "Di": {"points": 20},
            }
        },  # noqa: E501
        {
            "tallies": {
                "Ann": {"points": 22},
                "Bob": {"closed": True, "points": 2},
                "Cy": {"points": 8},
                "Di": {"points": 30},
            }
        },  # noqa: E501
        {
            "tallies": {
                "Ann": {"points": 18},
                "Bob": {"points": 30},
                "Cy": {"points": 10},
                "Di": {"closed": True, "points": 4},
            }
        },  # noqa: E501
        {
            "tallies": {
                "Ann": {"points": 12},
                "Bob": {"points": 27},
                "Cy": {"closed": True, "minus_ten": True},
                "Di": {"points": 15},
            }
        },  # noqa: E501
        {
            "tallies": {
                "Ann": {"points": 10},
                "Bob": {"closed": True, "points": 1},
                "Cy": {"points": 17},
                "Di": {"points": 10},
            }
        },  # noqa: E501
        {
            "tallies": {
                "Ann": {"points": 14},
                "Bob": {"points": 9},
                "Cy": {"closed": True, "minus_ten": True},
                "Di": {"rejoined": True, "points": 22},
            }
        },  # noqa: E501
        {
            "tallies": {
                "Ann": {"closed": True, "points": 3},
                "Bob": {"rejoined": True, "points": 30},
                "Cy": {"points": 75},
                "Di": {},
            }
        },  # noqa: E501
    ],
}

#: A tournament game of 3 hands (RULINGS.md section 17's worked hand first): N/S 1,790 to
#: E/W 1,605, a difference of 185, so 12 – 8 in victory points.
BURRACO: dict[str, Any] = {
    "rules": "burraco",
    "options": {"hands": 3},
    "players": ["Nino", "Elsa", "Sara", "Ugo"],
    "sides": [
        {"name": "N/S", "players": ["Nino", "Sara"]},
        {"name": "E/W", "players": ["Elsa", "Ugo"]},
    ],
    "hands": [
        {"tallies": {
            "N/S": {"clean_burracos": 1, "semi_clean_burracos": 1, "dirty_burracos": 2, "meld_points": 705, "hand_points": 40, "went_out": True},  # noqa: E501
            "E/W": {"meld_points": 215, "hand_points": 85, "pozzetto_not_taken": True}}},
        {"tallies": {
            "N/S": {"dirty_burracos": 1, "meld_points": 300, "hand_points": 70},
            "E/W": {"clean_burracos": 1, "dirty_burracos": 1, "meld_points": 480, "went_out": True}}},  # noqa: E501
        {"tallies": {
            "N/S": {"meld_points": 180, "hand_points": 35},
            "E/W": {"clean_burracos": 1, "meld_points": 395, "went_out": True}}},
    ],
}  # fmt: skip


def scored(game: dict[str, Any], hands: int | None = None) -> GameScore:
    return score_game_file(json.dumps({**game, "hands": game["hands"][:hands]}))


def sheet(game: dict[str, Any], language: str = "en", hands: int | None = None) -> str:
    with translation.override(language):
        return flat(score_sheet_pdf(scored(game, hands), played_on=datetime.date(2026, 3, 14)))


# -- Burraco's tournament game -----------------------------------------------------------------


def test_a_finished_burraco_tournament_game_prints_its_victory_points_and_difference():
    text = sheet(BURRACO)

    assert "Winner: N/S, 12 – 8 in victory points (1,790 to 1,605: a difference of 185)" in text
    assert "Victory points" in text
    # The totals' victory points column: N/S 1,790 then 12, E/W 1,605 then 8.
    assert "Nino, Sara 1,790 12" in text and "Elsa, Ugo 1,605 8" in text


def test_a_burraco_tournament_game_under_way_says_the_hand_and_what_the_difference_gives():
    text = sheet(BURRACO, hands=2)

    # After 2 hands N/S 1,645, E/W 910: 735 ahead gives 16 – 4 (over 650, up to 800).
    assert "Hand 3 of 3; now N/S +735: 16 – 4" in text
    assert "in victory points (" not in text


def test_a_burraco_tournament_game_before_its_first_hand_says_only_the_hand():
    text = sheet(BURRACO, hands=0)

    assert "Hand 1 of 3" in text and "+0" not in text


def test_a_burraco_game_to_a_target_has_no_victory_points():
    game = {**BURRACO, "options": {}}
    text = sheet(game, hands=1)

    assert "Victory points" not in text and "victory points" not in text


@pytest.mark.parametrize("language", ["pt-br", "it", "es"])
def test_the_victory_points_heading_reads_in_the_language(language):
    expected = {"pt-br": "Pontos de vitória", "it": "Punti vittoria", "es": "Puntos de victoria"}
    text = sheet(BURRACO, language)

    assert expected[language] in text
    assert "1.790" in text and "12 – 8" in text


# -- Chinchón's knock-outs ---------------------------------------------------------------------


def test_a_chinchon_sheet_says_who_was_knocked_out_when_who_rejoined_and_the_pot():
    text = sheet(CHINCHON)

    assert "Winner: Ann with 79" in text
    assert "hand 6: Di (104); hand 7: Bob (104), Di (117); hand 8: Bob (106), Cy (105)" in text
    assert "hand 7: Di at 95; hand 8: Bob at 76" in text
    # Four players' stakes and two rejoins.
    assert "6 stakes" in text


def test_a_chinchon_sheets_hands_mark_the_closer_minus_ten_rejoins_and_knock_outs():
    score = scored(CHINCHON)
    grid = _hands_table(score, 540.0, None)
    headings = grid.headings

    assert headings[2:] == [
        "Points", "Closed", "Minus ten", "Rejoined", "Knocked out", "Hand score", "Total"
    ]  # fmt: skip
    hand_2, hand_7, hand_8 = grid.groups[1], grid.groups[6], grid.groups[7]
    # Ann closed with all seven matched: −10.
    assert hand_2.rows[0][2:] == ["", "yes", "\u221210", "", "", "\u221210", "0"]
    # Di came back at 95 and went out again at 117; Bob went out at 104.
    assert hand_7.rows[3][2:] == ["22", "", "", "at 95", "out", "22", "117"]
    assert hand_7.rows[1][-3:] == ["out", "9", "104"]
    # Di sat hand 8 out: no items, a dash for the hand (not 0), her total kept; a note says so.
    assert hand_8.rows[3][2:] == ["", "", "", "", "", "\u2013", "117"]
    assert hand_8.notes[3][0] == "out of the game: sat this hand out"
    assert hand_8.rows[1][2:] == ["30", "", "", "at 76", "out", "30", "106"]


def test_a_chinchon_that_wins_the_game_shows_in_its_column():
    game = {
        "rules": "chinchon",
        "players": ["Ann", "Bob", "Cy"],
        "hands": [
            {"tallies": {"Ann": {"points": 12}, "Bob": {"closed": True, "chinchon": True},
                         "Cy": {"points": 30}}},
        ],
    }  # fmt: skip
    score = scored(game)
    grid = _hands_table(score, 540.0, None)

    assert "Chinchón" in grid.headings
    column = grid.headings.index("Chinchón")
    assert grid.groups[0].rows[1][column] == "yes"
    assert "Winner: Bob" in sheet(game)


def test_a_chinchon_game_under_way_says_who_may_rejoin_before_the_next_hand_and_at_what():
    text = sheet(CHINCHON, hands=7)

    assert "Game in progress" in text
    assert "Hand 8: Bob and Di may rejoin at 76" in text
    assert "5 stakes" in text


@pytest.mark.parametrize("language", ["pt-br", "it", "es"])
def test_a_chinchon_sheet_in_the_language_keeps_its_numbers_and_marks(language):
    text = sheet(CHINCHON, language)

    assert "\u221210" in text and "117" in text and "95" in text
    labels = {"pt-br": "Pontos", "it": "Punti", "es": "Puntos"}
    assert labels[language] in text


# -- pads --------------------------------------------------------------------------------------


def pad_text(slug: str, sides: int, language: str, **options: Any) -> tuple[bytes, str]:
    rules = RULE_SETS[slug].with_options(options) if options else RULE_SETS[slug]
    with translation.override(language):
        pdf = score_pad_pdf(rules, sides)
    return pdf, flat(pdf)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_chinchon_pad_has_the_players_across_the_limit_and_a_rejoin_box_each(language):
    pdf, text = pad_text("chinchon", 5, language)
    out_over = {"en": "over 100", "pt-br": "acima de 100", "it": "oltre 100", "es": "más de 100"}

    assert out_over[language] in text
    assert len(page_sizes(pdf)) == 1
    for letter in "ABCDE":
        assert f" {letter}" in text
    # The rejoin box's heading once per player, and the stakes' pot at the foot.
    assert text_of(pdf).split().count("R") >= 5
    assert "\u2026" not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_burraco_tournament_pad_prints_the_victory_point_table(language):
    _, text = pad_text("burraco", 2, language, hands=3)
    grouped = {"en": "1,250", "pt-br": "1.250", "it": "1.250", "es": "1.250"}

    assert "10 – 10" in text and "20 – 0" in text
    assert f"\u2264 {grouped[language]}" in text
    assert "\u2264 50" in text
    assert "\u2026" not in text


def test_a_burraco_pad_to_a_target_has_no_victory_point_table():
    _, text = pad_text("burraco", 2, "en")

    assert "20 – 0" not in text and "Victory points" not in text


def test_a_four_hand_burraco_pad_reads_the_four_hand_table():
    _, text = pad_text("burraco", 2, "en", hands=4)

    assert "\u2264 100" in text and "> 2,000" in text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", ["buraco", "burraco"])
def test_the_canasta_pads_have_a_column_for_each_item_and_break_no_word(slug, language):
    pdf, text = pad_text(slug, 2, language)
    rules = RULE_SETS[slug]
    with translation.override(language):
        columns = pad_columns(rules)
    words = {word for c in columns for word in f"{c.label} {c.hint}".split()}

    for column in columns:
        assert column.label.split()[0] in text
    # Every piece drawn up a narrow heading is whole words of a label or its hint.
    for piece, *_ in upward_texts(pdf):
        assert set(piece.split()) <= words, piece
    assert "\u2026" not in text


def test_the_buraco_pad_names_the_morto_and_the_clean_canastras_in_portuguese():
    _, text = pad_text("buraco", 2, "pt-br")

    assert "Canastras limpas" in text and "morto" in text


# -- rule sheets -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", ["buraco", "burraco", "chinchon"])
def test_each_rule_sheet_fits_one_page_in_each_language(slug, language):
    with translation.override(language):
        pdf = rule_sheet_pdf(RULE_SETS[slug])

    assert len(page_sizes(pdf)) == 1


def test_the_chinchon_rule_sheet_says_how_the_game_ends_once():
    text = flat(rule_sheet_pdf(RULE_SETS["chinchon"]))

    assert text.count("end of the game") + text.count("End of the game") == 1
    assert "else the last player in" in text
