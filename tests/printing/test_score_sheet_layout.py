"""Where the parts of a score sheet go: the chart kept on page 1 where there is room, each
round's card under its number, and a long title wrapped, never cut."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from games.printing import score_sheet_pdf
from games.rules import RULE_SETS, GameScore, HandInput, OwnGame, Side
from games.words import round_pad_lines
from tests.rules import worded

from .helpers import dark_fraction, flat, page_sizes, text_of

#: Seven deals of Liverpool for up to five: the points each player is left holding, unless they
#: are the one who went out (the first player in deal 1, the next in deal 2, and so on).
SEVEN_DEALS = [
    (57, 24, 22, 93, 35),
    (79, 12, 65, 55, 40),
    (23, 149, 41, 111, 8),
    (131, 96, 140, 31, 66),
    (129, 69, 10, 45, 9),
    (17, 94, 120, 82, 22),
    (109, 135, 43, 38, 104),
]


def liverpool(players: int = 4) -> GameScore:
    names = ["Ann", "Bob", "Cy", "Di", "Ed"][:players]
    game = RULE_SETS["liverpool"].new_game(names)
    hands = []
    for number, deal in enumerate(SEVEN_DEALS):
        out = names[number % players]
        tallies: dict[str, dict[str, Any]] = {
            name: {"went_out": True} if name == out else {"points": left}
            for name, left in zip(names, deal, strict=False)
        }
        hands.append(HandInput(tallies))
    return game.score(hands)


def page_texts(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_liverpool_sheet_keeps_its_chart_on_page_one(paper, tmp_path):
    score = liverpool()
    assert score.finished

    pdf = score_sheet_pdf(score, paper=paper)
    pages = page_texts(pdf)

    assert "Running totals, deal by deal" in pages[0]
    assert "Deal by deal" in pages[0]
    assert len(pages) == 1
    assert dark_fraction(pdf, tmp_path) > 0.01


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_liverpool_sheet_never_leaves_its_chart_alone_on_a_page(players):
    pages = page_texts(score_sheet_pdf(liverpool(players)))

    chart_page = next(page for page in pages if "Running totals" in page)
    assert "Deal by deal" in chart_page or "Totals" in chart_page


def test_the_liverpool_sheet_shows_each_deals_contract_under_its_number():
    text = flat(score_sheet_pdf(liverpool()))

    rules = RULE_SETS["liverpool"]
    for card in rules.rounds:
        lines = worded.english(round_pad_lines, rules, card)
        assert f"{card.number} {' '.join(lines)}" in text
    assert "Under each deal's number: its contract and cards dealt." in text


def test_a_five_crowns_sheet_shows_each_rounds_wild_rank():
    game = RULE_SETS["five-crowns"].new_game(["Ann", "Bob"])
    hands = [HandInput({"Ann": {"went_out": True}, "Bob": {"points": 20}}) for _ in range(11)]

    text = flat(score_sheet_pdf(game.score(hands)))

    assert "3 cards threes wild" in text and "13 cards kings wild" in text


def test_a_game_without_rounds_says_nothing_of_contracts():
    game = RULE_SETS["canasta"].new_game(["Ann", "Bob"])

    text = flat(score_sheet_pdf(game.score([HandInput({"Ann": {"total": 50}, "Bob": {}})])))

    assert "contract" not in text


GRANDMA = OwnGame("Grandma's Hand and Foot")
#: What the web app calls a game: its name and its sides (Game.__str__).
LONG_TITLE = "Grandma's Hand and Foot: Margaret & Dolores v Harold & Eugene"


def grandmas_game() -> GameScore:
    rules = RULE_SETS["hand-and-foot"]
    game = rules.new_game(
        ["Margaret", "Harold", "Dolores", "Eugene"],
        [
            Side("Margaret & Dolores", ("Margaret", "Dolores")),
            Side("Harold & Eugene", ("Harold", "Eugene")),
        ],
        own_game=GRANDMA,
    )
    sides = game.side_names
    return game.score([HandInput({sides[0]: {"total": 2_400}, sides[1]: {"total": 1_900}})])


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(
    "title", [LONG_TITLE, f"{LONG_TITLE}, the Sunday rematch at Aunt Philippa's, second table"]
)
def test_a_long_title_wraps_and_is_never_cut(title, paper):
    pdf = score_sheet_pdf(grandmas_game(), title=title, paper=paper)

    assert title in flat(pdf)
    assert "\u2026" not in text_of(pdf)
    assert len(page_sizes(pdf)) == 1


def test_an_own_game_with_a_name_too_long_for_the_band_prints_it_whole():
    rules = RULE_SETS["samba"]
    own = OwnGame("The Great Saturday Night Samba of the Hillcrest Bridge Club")
    game = rules.new_game(["Ann", "Bob"], own_game=own)

    pdf = score_sheet_pdf(game.score([HandInput({"Ann": {"total": 500}, "Bob": {"total": 200}})]))

    assert f"{own.name} \u2014 Samba with house rules" in flat(pdf)
    assert "\u2026" not in text_of(pdf)


def test_a_title_that_fits_the_band_is_printed_there_once():
    pdf = score_sheet_pdf(grandmas_game(), title="Club night")

    assert flat(pdf).count("Club night") == 1
