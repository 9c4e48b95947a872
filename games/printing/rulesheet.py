"""The rule sheet: how to play a rule set and how to score it, on one or two pages in two
columns. Every word comes from `ruledata.sheet_blocks`, which the rules page shows too."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    Spacer,
    Table,
)

from games.rules import OpeningKind, RuleSet

from . import ruledata as data
from .fonts import markup
from .layout import (
    BODY,
    CELL_BOLD,
    H2,
    Heading,
    build,
    check_paper,
    column_width_for,
    grid_style,
)

#: Body text and table cells at a size that can be read at the table. A paragraph never leaves
#: one line alone at the foot or the head of a column (no orphans, no widows).
TEXT = ParagraphStyle(
    "rule-text",
    parent=BODY,
    fontSize=9,
    leading=11.2,
    spaceAfter=2.5,
    allowWidows=0,
    allowOrphans=0,
)
ITEM = ParagraphStyle("rule-item", parent=TEXT, spaceAfter=1)
CELL = ParagraphStyle("rule-cell", parent=TEXT, spaceAfter=0, leading=10.6)
HEAD = ParagraphStyle("rule-head", parent=CELL, fontName=CELL_BOLD.fontName)
TITLE = ParagraphStyle("rule-h2", parent=H2, fontSize=10.5, spaceBefore=5, spaceAfter=2)


def _p(text: str, style: ParagraphStyle = TEXT) -> Paragraph:
    return Paragraph(markup(text), style)


def _table(
    head: list[str], rows: Sequence[Sequence[str]], widths: list[float], right: set[int]
) -> Table:
    cells = [[_p(h, HEAD) for h in head]]
    cells += [[_p(value, CELL) for value in row] for row in rows]
    table = Table(cells, colWidths=widths, repeatRows=1, hAlign="LEFT")
    style = grid_style(1, rows=len(cells))
    for column in right:
        style.append(("ALIGN", (column, 1), (column, -1), "RIGHT"))
    table.setStyle(style)
    return table


def _section(block: data.Block) -> list[Flowable]:
    section = block.section
    assert section is not None
    head = [_p(section.heading, TITLE)]
    paragraphs = [_p(text) for text in section.paragraphs]
    flowables: list[Flowable] = [KeepTogether(head + paragraphs[:1]), *paragraphs[1:]]
    if section.items:
        # A list reads as one thing: it moves on whole rather than break across columns.
        flowables.append(
            KeepTogether(
                ListFlowable(
                    [
                        ListItem(_p(item, ITEM), leftIndent=10, value="\u2022")
                        for item in section.items
                    ],
                    bulletType="bullet",
                    start="\u2022",
                    leftIndent=10,
                    bulletFontName=TEXT.fontName,
                    bulletFontSize=8,
                )
            )
        )
    return flowables


def rule_sheet_story(rules: RuleSet, paper: str) -> list[Flowable]:
    width = column_width_for(paper, 2)
    story: list[Flowable] = []
    #: The flowables of the last section printed, while a table may still follow it.
    section: list[Flowable] = []

    def with_its_section(table: list[Flowable]) -> None:
        """A table in the section just printed goes with it, heading and all, so that the
        heading never ends a column with its table in the next (a section taller than a column
        still splits: KeepTogether only moves what fits a fresh column)."""
        nonlocal section
        if section and story[-len(section) :] == section:
            del story[-len(section) :]
            story.append(KeepTogether([*section, *table]))
        else:
            story.append(KeepTogether(table))
        section = []

    for block in data.sheet_blocks(rules):
        if block.kind == "section":
            section = _section(block)
            story += section
            continue
        if block.kind == "card_values":
            table = _table(["Card", "Value"], block.rows, [width - 50, 50], {1})
            story.append(KeepTogether([_p("Card values", TITLE), table]))
        elif block.kind == "openings":
            by_total = rules.opening.kind is OpeningKind.BY_TOTAL
            head = ["Side's total before the hand" if by_total else "When", "Minimum"]
            rows = [(when[:1].upper() + when[1:], minimum) for when, minimum in block.rows]
            table = _table(head, rows, [width - 60, 60], {1})
            with_its_section([Spacer(0, 3), table, Spacer(0, 2), _p(block.text, CELL)])
        elif block.kind == "rounds":
            head = [rules.hand_word, "First down", "Wild cards", "Wild per set"]
            with_its_section([_table(head, block.rows, [38, 64, width - 152, 50], {0, 3})])
        elif block.kind == "scoring":
            title = data.scoring_title(rules)
            table = _table(
                ["Item", "Scores", "Counts when"], block.rows, [78, 58, width - 136], {1}
            )
            story.append(KeepTogether([_p(title, TITLE), table]))
        elif block.kind == "ending":
            story.append(KeepTogether([_p("End of the game", TITLE), _p(block.text)]))
        elif block.kind == "house":
            story.append(KeepTogether([_p("House option", TITLE), _p(block.text)]))
    return story


def rule_sheet_pdf(rules: RuleSet, paper: str = "letter") -> bytes:
    """The rule sheet of `rules` as PDF bytes (Letter or A4)."""
    paper = check_paper(paper)
    return build(
        rule_sheet_story(rules, paper),
        Heading(rules.name, "Rule sheet", "How to play and how to score"),
        paper,
        footer=f"Scorekeeper \u00b7 {rules.name} \u00b7 rule sheet",
        columns=2,
    )
