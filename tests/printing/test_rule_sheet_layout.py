"""Rule sheets that keep together: a table stays with its heading and in one piece, a list
stays in one column, and no paragraph leaves one line alone at the foot or head of a column."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, paragraph

from games.printing import rule_sheet_pdf, ruledata
from games.printing.layout import paper_size
from games.rules import RULE_SETS, rulebook

from .helpers import page_sizes, text_boxes

ALL = list(RULE_SETS)
PAPERS = ["letter", "a4"]

#: Where a piece of text is: (page, column), columns numbered from 0 at the left.
Place = tuple[int, int]


def _places(pdf: bytes, paper: str) -> list[tuple[str, Place, float]]:
    """Every piece of text of a two-column sheet: its text, (page, column) and baseline."""
    middle = paper_size(paper)[0] / 2
    found = []
    for page in range(1, len(page_sizes(pdf)) + 1):
        for text, x, y, _ in text_boxes(pdf, page):
            found.append((text.strip(), (page, 0 if x < middle else 1), y))
    return found


def _where(places: list[tuple[str, Place, float]], text: str) -> list[tuple[Place, float]]:
    return [(place, y) for drawn, place, y in places if drawn == text]


def _tables_and_their_headings(slug: str) -> list[tuple[str, str]]:
    """(heading, first cell of the table's header row) of every table on the sheet."""
    rules = RULE_SETS[slug]
    found = []
    blocks = ruledata.sheet_blocks(rules)
    for before, block in zip(blocks, blocks[1:], strict=False):
        if not block.rows:
            continue
        if block.kind == "card_values":
            found.append(("Card values", "Card"))
        elif block.kind == "scoring":
            found.append((ruledata.scoring_title(rules), "Item"))
        elif block.kind == "openings" and before.section is not None:
            found.append((before.section.heading, "Minimum"))
        elif block.kind == "rounds" and before.section is not None:
            # The first heading of words: the round's number and a count may wrap.
            kind = type(rules.rounds[0])
            words = [h for i, h in enumerate(kind.table_head) if i not in kind.numeric_columns]
            found.append((before.section.heading, words[0]))
        elif block.kind == "phases" and before.section is not None:
            found.append((before.section.heading, "Lay down"))
    return found


@pytest.mark.parametrize("slug", ALL)
@pytest.mark.parametrize("paper", PAPERS)
def test_every_table_of_a_rule_sheet_is_in_the_column_of_its_heading_below_it(slug, paper):
    places = _places(rule_sheet_pdf(RULE_SETS[slug], paper), paper)

    for heading, header in _tables_and_their_headings(slug):
        (heading_place, heading_y), *_ = _where(places, heading)
        (header_place, header_y), *_ = _where(places, header)
        assert header_place == heading_place, f"{heading!r} and its table part"
        assert header_y < heading_y


@pytest.mark.parametrize("slug", ALL)
@pytest.mark.parametrize("paper", PAPERS)
def test_no_table_of_a_rule_sheet_is_split_across_columns_or_pages(slug, paper):
    places = _places(rule_sheet_pdf(RULE_SETS[slug], paper), paper)

    # A split table repeats its header row where it goes on: one header, one piece.
    for _, header in _tables_and_their_headings(slug):
        assert len(_where(places, header)) == 1, f"the table headed {header!r} is split"


@pytest.mark.parametrize("paper", PAPERS)
def test_miromars_splash_list_is_in_one_column_with_the_sentence_before_it(paper):
    rules = RULE_SETS["miromar-canasta"]
    (splash,) = [s for s in rulebook.sections(rules) if s.heading == "Splash"]
    places = _places(rule_sheet_pdf(rules, paper), paper)

    # The list with the sentence that introduces it.
    starts = {place for text, place, _ in places if text == splash.paragraphs[-1]}
    for item in splash.items:
        opening = " ".join(item.split()[:3])
        starts |= {place for text, place, _ in places if text.startswith(opening)}

    assert len(starts) == 1, starts


def _lines_left_alone(monkeypatch: pytest.MonkeyPatch, pdf_of: Callable[[], bytes]) -> list[str]:
    """The split paragraphs that leave one line alone at the foot or the head of a column."""
    original = paragraph.Paragraph.split
    alone: list[str] = []

    def split(self: Paragraph, avail_width: float, avail_height: float) -> list[Flowable]:
        parts = original(self, avail_width, avail_height)
        if len(parts) == 2:
            parts[1]._continues = True  # a mark for draw_on below
        return parts

    original_draw = paragraph.Paragraph.drawOn

    def draw_on(self: Paragraph, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:  # noqa: N803
        lines = len(self.blPara.lines) if hasattr(self, "blPara") else 0
        split_off = getattr(self, "_splitpara", 0) or getattr(self, "_continues", False)
        if split_off and lines == 1:
            alone.append(self.getPlainText())
        original_draw(self, canvas, x, y, _sW)

    monkeypatch.setattr(paragraph.Paragraph, "split", split)
    monkeypatch.setattr(paragraph.Paragraph, "drawOn", draw_on)
    pdf_of()
    return alone


@pytest.mark.parametrize("slug", ALL)
@pytest.mark.parametrize("paper", PAPERS)
def test_no_paragraph_of_a_rule_sheet_leaves_a_line_alone_in_a_column(slug, paper, monkeypatch):
    alone = _lines_left_alone(monkeypatch, lambda: rule_sheet_pdf(RULE_SETS[slug], paper))

    assert alone == []


@pytest.mark.parametrize("slug", ALL)
@pytest.mark.parametrize("paper", PAPERS)
def test_a_two_page_rule_sheet_fills_both_columns_of_its_first_page(slug, paper):
    pdf = rule_sheet_pdf(RULE_SETS[slug], paper)
    if len(page_sizes(pdf)) < 2:
        pytest.skip("one page: nothing is pushed over")
    places = _places(pdf, paper)

    # The last line of each column of page 1 is in the page's lowest third (footer aside): a
    # section kept with its table may leave a gap, never a column standing nearly empty.
    height = paper_size(paper)[1]
    for column in (0, 1):
        lowest = min(y for _, place, y in places if place == (1, column) and y > 30)
        assert lowest < height / 3, f"column {column + 1} of page 1 ends at {lowest:.0f} pt"
