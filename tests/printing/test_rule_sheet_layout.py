"""Rule sheets that keep together: a table stays with its heading and in one piece, a list
stays in one column, and no paragraph leaves one line alone at the foot or head of a column."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from reportlab.platypus import Flowable, Paragraph

from games.printing import rule_sheet_pdf, ruledata
from games.printing.layout import paper_size
from games.rules import RULE_SETS
from games.words import round_table_head
from tests.rules import worded

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
            head = worded.english(round_table_head, rules)
            words = [h for i, h in enumerate(head) if i not in kind.numeric_columns]
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
    (splash,) = [s for s in worded.sections(rules) if s.heading == "Splash"]
    places = _places(rule_sheet_pdf(rules, paper), paper)

    # The list with the sentence that introduces it.
    starts = {place for text, place, _ in places if text == splash.paragraphs[-1]}
    for item in splash.items:
        opening = " ".join(item.split()[:3])
        starts |= {place for text, place, _ in places if text.startswith(opening)}

    assert len(starts) == 1, starts


@dataclass(frozen=True)
class AtTheFoot:
    """A paragraph that met the foot of a column with room there for some of its lines, not
    all: `parts` holds the lines of each part it went on in (one part: moved on whole)."""

    text: str
    parts: tuple[int, ...]


def _paragraphs_at_the_foot(
    monkeypatch: pytest.MonkeyPatch, sheets: list[tuple[str, str]]
) -> list[AtTheFoot]:
    """Every paragraph of the rule sheets (slug, paper) that met the foot of a column. ReportLab
    asks a paragraph that does not fit to split (`Paragraph.split`): watched there."""
    split = Paragraph.split
    found: list[AtTheFoot] = []

    def watched(self: Paragraph, avail_width: float, avail_height: float) -> list[Flowable]:
        self.wrap(avail_width, avail_height)
        lines = len(self.blPara.lines)
        room = int(avail_height // self.style.leading)  # ReportLab's count of lines that fit
        parts = split(self, avail_width, avail_height)
        if 0 < room < lines:
            first = len(parts[0].blPara.lines) if len(parts) == 2 else lines
            pieces = (first, lines - first) if len(parts) == 2 else (lines,)
            found.append(AtTheFoot(self.getPlainText(), pieces))
        return parts

    monkeypatch.setattr(Paragraph, "split", watched)
    for slug, paper in sheets:
        rule_sheet_pdf(RULE_SETS[slug], paper)
    return found


def test_no_paragraph_of_a_rule_sheet_leaves_a_line_alone_in_a_column(monkeypatch):
    sheets = [(slug, paper) for slug in ALL for paper in PAPERS]

    at_the_foot = _paragraphs_at_the_foot(monkeypatch, sheets)

    # A few sheets have a paragraph meet the foot of a column (four today): with none, this
    # would check nothing.
    assert at_the_foot, "no paragraph of any rule sheet meets the foot of a column"
    alone = [p.text for p in at_the_foot if len(p.parts) > 1 and 1 in p.parts]
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


#: The first cell of the header row of each kind of table a paragraph can point to.
HEADERS = {"card_values": "Card", "openings": "Minimum", "phases": "Lay down", "scoring": "Item"}
#: House rules that make a sheet longer or shorter, and so move its tables.
HOUSE_RULES = {
    "hand-and-foot": {"deals": 5, "dirty_books_to_go_out": 3, "wild_book": 0},
    "samba": {"samba": 1_000},
}


def _tables_said_below(slug: str) -> list[tuple[str, str]]:
    """(the opening words of a paragraph, the header of the table it says is below it)."""
    rules = RULE_SETS[slug]
    said = []
    for section in worded.sections(rules):
        for text in section.paragraphs:
            if "Scoring table below" in text:
                table = "scoring"
            elif re.search(r"\b(table|phases) below\b", text):
                # A section with no table of its own points to the round table further on.
                table = section.table or "rounds"
            else:
                continue
            if table == "rounds":
                kind = type(rules.rounds[0])
                head = worded.english(round_table_head, rules)
                header = [h for i, h in enumerate(head) if i not in kind.numeric_columns][0]
            else:
                header = HEADERS[table]
            said.append((" ".join(text.split()[:4]), header))
    return said


@pytest.mark.parametrize(
    "slug, options",
    [pytest.param(slug, {}, id=slug) for slug in ALL]
    + [pytest.param(slug, options, id=f"{slug}-house") for slug, options in HOUSE_RULES.items()],
)
@pytest.mark.parametrize("paper", PAPERS)
def test_every_table_a_paragraph_says_is_below_it_is_below_it_on_the_same_page(
    slug, options, paper
):
    places = _places(rule_sheet_pdf(RULE_SETS[slug].with_options(options), paper), paper)

    for opening, header in _tables_said_below(slug):
        ((page, column), y), *_ = [(p, y) for text, p, y in places if text.startswith(opening)]
        ((table_page, table_column), table_y), *_ = _where(places, header)
        assert table_page == page, f"{opening!r}: its table is on page {table_page}"
        assert (table_column, -table_y) > (column, -y), f"{opening!r}: its table is above it"
