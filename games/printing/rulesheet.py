"""The rule sheet: how to play a rule set and how to score it, on one or two pages in two
columns. Every word comes from `ruledata.sheet_blocks`, which the rules page shows too."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.utils.translation import gettext, gettext_lazy, override, pgettext
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

from games.rules import OpeningKind, RuleSet, TallyField
from games.rules.own_game import OwnGame
from games.words import card_name, field_label, own_game_title, rule_set_name

from . import ruledata as data
from .fonts import markup, text_width
from .layout import (
    BODY,
    CELL_BOLD,
    H2,
    SHADE,
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
#: The card-value table's value column, wider where a value is said in words.
VALUE_COLUMN = 62.0
#: The round table's columns: the round's number, a number, a few words.
ROUND_COLUMN = 38.0
NUMBER_COLUMN = 50.0
SHORT_WORDS_COLUMN = 64.0
#: The scoring table's item and points columns at their narrowest.
ITEM_COLUMN, POINTS_COLUMN = 78.0, 58.0
#: A cell's padding either side (`grid_style`), and a point more so a word that only just
#: fits is never broken by rounding.
CELL_ROOM = 2 * 3 + 1
TITLE = ParagraphStyle("rule-h2", parent=H2, fontSize=10.5, spaceBefore=5, spaceAfter=2)


def _p(text: str, style: ParagraphStyle = TEXT) -> Paragraph:
    return Paragraph(markup(text), style)


def _word_room(least: float, head: str, cells: Iterable[str]) -> float:
    """A narrow column's width: `least`, or wider where a word of its heading or its cells
    would otherwise be broken inside (a heading wraps between words, never inside one)."""
    words = [(word, True) for word in head.split()]
    words += [(word, False) for cell in cells for word in cell.split()]
    longest = max((text_width(word, CELL.fontSize, bold) for word, bold in words), default=0.0)
    return max(least, longest + CELL_ROOM)


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
    """A section's heading with its first paragraph, its other paragraphs, and its list."""
    section = block.section
    assert section is not None
    head = [_p(section.heading, TITLE)]
    paragraphs = [_p(text) for text in section.paragraphs]
    lead, rest = [*head, *paragraphs[:1]], paragraphs[1:]
    if not section.items:
        return [KeepTogether(lead), *rest]
    bullets = ListFlowable(
        [ListItem(_p(item, ITEM), leftIndent=10, value="\u2022") for item in section.items],
        bulletType="bullet",
        start="\u2022",
        leftIndent=10,
        bulletFontName=TEXT.fontName,
        bulletFontSize=8,
    )
    # A list reads as one thing: it moves on whole, with the sentence that introduces it,
    # rather than break across columns.
    if rest:
        return [KeepTogether(lead), *rest[:-1], KeepTogether([rest[-1], bullets])]
    return [KeepTogether([*lead, bullets])]


def _unwrapped(flowables: list[Flowable]) -> list[Flowable]:
    """The flowables with any KeepTogether opened up, to go in one KeepTogether of their own: a
    KeepTogether inside another reports itself too tall for any page, which pushes the outer
    one to a new page every time."""
    found: list[Flowable] = []
    for flowable in flowables:
        if isinstance(flowable, KeepTogether):
            found += _unwrapped(list(flowable._content))  # noqa: SLF001 (ReportLab's own list)
        else:
            found.append(flowable)
    return found


def _scored_apart(rules: RuleSet) -> dict[str, list[TallyField]]:
    """The cards whose value is not card points but a scoring item of their own (a card value
    equal to what an item named after that card scores each), with every item named after
    them: by card (the engine's names, whose words say which card is which)."""
    apart = {}
    # The card's key and the items' English labels name the same card ("Red three").
    with override(None):
        labels = {f.name: field_label(rules, f).lower() for f in rules.tally_fields}
    for value in rules.card_values:
        card = value.cards.lower()
        items = [
            f for f in rules.tally_fields if card in labels[f.name] and f.points_each is not None
        ]
        if any(abs(f.points_each or 0) == value.points for f in items):
            apart[value.cards] = items
    return apart


def _card_values(rules: RuleSet, width: float) -> Table:
    """The card values; a card that never counts as card points is shown apart, with the
    items it scores in instead of a value that reads like card points."""
    apart = _scored_apart(rules)
    rows = [
        row
        for value, row in zip(rules.card_values, data.card_value_rows(rules), strict=True)
        if value.cards not in apart
    ]
    head = [pgettext("a playing card", "Card"), pgettext("what a card scores", "Value")]
    cells = [[_p(head[0], HEAD), _p(head[1], HEAD)]]
    cells += [[_p(card, CELL), _p(points, CELL)] for card, points in rows]
    style = grid_style(1, rows=len(cells))
    style.append(("ALIGN", (1, 1), (1, -1), "RIGHT"))
    names = {value.cards: card_name(rules, value) for value in rules.card_values}
    for card, items in apart.items():
        note = gettext("Not card points: a %(card)s scores as an item of its own") % {
            "card": names[card].lower()
        }
        style.append(("SPAN", (0, len(cells)), (1, len(cells))))
        style.append(("BACKGROUND", (0, len(cells)), (1, len(cells)), SHADE))
        cells.append([_p(note, HEAD), ""])
        cells += [
            [_p(field_label(rules, item), CELL), _p(data.points_text(item), CELL)] for item in items
        ]
    values = max([VALUE_COLUMN, *(text_width(value, CELL.fontSize) + 8 for _, value in rows)])
    table = Table(cells, colWidths=[width - values, values], repeatRows=1, hAlign="LEFT")
    table.setStyle(style)
    return table


def _scoring_table(rows: Sequence[Sequence[str]], width: float) -> Table:
    """Item, what it scores, when it counts; an item whose score depends on the game says how
    across both cells, not as a pointer to a note."""
    # Translators: the scoring table's headings: a tally item, its points, when it counts.
    head = (gettext("Item"), gettext("Scores"), gettext("Counts when"))
    cells = [[_p(h, HEAD) for h in head]]
    style = grid_style(1, rows=len(rows) + 1)
    style.append(("ALIGN", (1, 1), (1, -1), "RIGHT"))
    for index, (item, points, when) in enumerate(rows, start=1):
        if points == str(data.SCORED_AS_NOTED):
            cells.append([_p(item, CELL), _p(when, CELL), ""])
            style += [("SPAN", (1, index), (2, index)), ("ALIGN", (1, index), (1, index), "LEFT")]
        else:
            cells.append([_p(item, CELL), _p(points, CELL), _p(when, CELL)])
    # An item scored as noted spans the points column: its words do not size it.
    counted = [row for row in rows if row[1] != str(data.SCORED_AS_NOTED)]
    item_width = _word_room(ITEM_COLUMN, head[0], (row[0] for row in rows))
    points_width = _word_room(POINTS_COLUMN, head[1], (row[1] for row in counted))
    widths = [item_width, points_width, width - item_width - points_width]
    table = Table(cells, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(style)
    return table


def _round_columns(
    rules: RuleSet, head: Sequence[str], rows: Sequence[Sequence[str]], width: float
) -> tuple[list[float], set[int]]:
    """The round table's column widths and its right-aligned columns: the round's number and
    every number column narrow (but never breaking a word), a word column before the last
    short ("2 sets of 5"), and the last word column whatever is left."""
    kind = type(rules.rounds[0])
    columns = range(1, len(head))
    numeric = {index + 1 for index in kind.numeric_columns}
    widths = [_word_room(ROUND_COLUMN, head[0], (row[0] for row in rows))] + [
        _word_room(NUMBER_COLUMN, head[index], (row[index] for row in rows))
        if index in numeric
        else SHORT_WORDS_COLUMN
        for index in columns
    ]
    words = [index for index in columns if index not in numeric]
    if words:
        widths[words[-1]] = width - (sum(widths) - widths[words[-1]])
    return widths, {0, *numeric}


#: The headings of the blocks that are one paragraph under a heading, by kind.
PARAGRAPH_TITLES = {
    "ending": gettext_lazy("End of the game"),
    "house": gettext_lazy("House option"),
    "table": gettext_lazy("This table's house rules"),
}


def _house_options_together(blocks: list[data.Block]) -> list[data.Block]:
    """The blocks with the house options some tables play gathered into the first one's
    place, each option a row."""
    options = [(block.text,) for block in blocks if block.kind == "house"]
    together: list[data.Block] = []
    for block in blocks:
        if block.kind != "house":
            together.append(block)
        elif options:
            together.append(data.Block("house", rows=options))
            options = []
    return together


def _house_options(texts: list[str]) -> Flowable:
    """The options some tables play under one heading, each its own paragraph (a heading
    each would take a page's last lines from the rest)."""
    if len(texts) == 1:
        return KeepTogether([_p(str(PARAGRAPH_TITLES["house"]), TITLE), _p(texts[0])])
    return KeepTogether([_p(gettext("House options"), TITLE), *(_p(text) for text in texts)])


def rule_sheet_story(rules: RuleSet, paper: str, own: OwnGame | None = None) -> list[Flowable]:
    width = column_width_for(paper, 2)
    story: list[Flowable] = []
    #: The flowables of the last section printed, while a table may still follow it.
    section: list[Flowable] = []

    def with_its_section(table: list[Flowable], caption: str = "") -> None:
        """A table of the section just printed goes right under the section's heading and
        first paragraph, the one that introduces it, and stays with them: the heading never
        ends a column with its table in the next, and a long section's other paragraphs still
        flow on after the table. The `caption` says what the table is where no prose does."""
        nonlocal section
        if section and story[-len(section) :] == section:
            del story[-len(section) :]
            lead, *rest = section
            story.append(KeepTogether(_unwrapped([lead, *table, Spacer(0, 4)])))
            story.extend(rest)
        else:
            extra = [Spacer(0, 2), _p(caption, CELL)] if caption else []
            story.append(KeepTogether([*table, *extra]))
        section = []

    for block in _house_options_together(data.sheet_blocks(rules, own)):
        if block.kind == "section":
            section = _section(block)
            story += section
            continue
        if block.kind == "card_values":
            title = gettext("Card values")
            story.append(KeepTogether([_p(title, TITLE), _card_values(rules, width)]))
        elif block.kind == "openings":
            by_total = rules.opening.kind is OpeningKind.BY_TOTAL
            head = [
                gettext("Side's total before the hand") if by_total else gettext("When"),
                gettext("Minimum"),
            ]
            rows = [(when[:1].upper() + when[1:], minimum) for when, minimum in block.rows]
            table = _table(head, rows, [width - 60, 60], {1})
            with_its_section([Spacer(0, 3), table], block.text)
        elif block.kind == "rounds":
            widths, right = _round_columns(rules, block.head, block.rows, width)
            with_its_section([_table(list(block.head), block.rows, widths, right)])
        elif block.kind == "phases":
            head = [gettext("Phase"), gettext("Lay down")]
            first = _word_room(ROUND_COLUMN, head[0], (row[0] for row in block.rows))
            table = _table(head, block.rows, [first, width - first], {0})
            with_its_section([Spacer(0, 3), table])
        elif block.kind == "scoring":
            title = data.scoring_title(rules)
            story.append(KeepTogether([_p(title, TITLE), _scoring_table(block.rows, width)]))
        elif block.kind == "house":
            story.append(_house_options([row[0] for row in block.rows]))
        elif block.kind in PARAGRAPH_TITLES:
            title = str(PARAGRAPH_TITLES[block.kind])
            story.append(KeepTogether([_p(title, TITLE), _p(block.text)]))
        elif block.kind == "own":
            note = [_p(block.note)] if block.note else []
            story.append(KeepTogether([_p(block.title, TITLE), _p(block.text), *note]))
    return story


def rule_sheet_pdf(rules: RuleSet, paper: str = "letter", own: OwnGame | None = None) -> bytes:
    """The rule sheet of `rules` as PDF bytes (Letter or A4); of a table's own game, `own`."""
    paper = check_paper(paper)
    title = own_game_title(own, rules) if own else rule_set_name(rules)
    name = own.name if own else rule_set_name(rules)
    return build(
        rule_sheet_story(rules, paper, own),
        Heading(title, gettext("Rule sheet"), gettext("How to play and how to score")),
        paper,
        footer=gettext("Scorekeeper · %(game)s · rule sheet") % {"game": name},
        columns=2,
    )
