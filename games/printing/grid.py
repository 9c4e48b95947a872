"""A fast ruled grid for long score sheets: one row per side, rows grouped by hand.

ReportLab's Table draws every cell as its own text object, which is most of the time spent on a
60-hand sheet. This grid draws a page's numbers in one text object, rules in one path, and
splits between hands (never inside one), repeating its heading row on every page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import Flowable

from . import fonts
from .fonts import SANS, SANS_BOLD
from .layout import (
    FAINT,
    INK,
    MIN_SIZE,
    SHADE,
    SHADE_DARK,
    FitText,
    UpwardText,
    draw_text,
    fit_lines,
    shorten,
)

#: Headings: their size, their line height, and the padding around them in their cell.
HEADING_SIZE = 7.0
HEADING_LEADING = HEADING_SIZE * 1.15
HEADING_PAD = 2.0
#: The size of the numbers and names in the grid's rows.
SIZE = 7.5


@dataclass
class Group:
    """One hand: its label lines (text, size, bold) and one row of cell texts per side."""

    label: list[tuple[str, float, bool]]
    rows: list[list[str]]
    #: Rows (by index) whose item cells are replaced by one centred note, e.g. "total only";
    #: a tuple gives shorter wordings to fall back on, longest first, where the note's cells
    #: are too narrow for it.
    notes: dict[int, str | tuple[str, ...]] = field(default_factory=dict)
    #: The columns (first, last) a row's note spans where it is not every item column, e.g.
    #: the items beside a Splash that shows in its own column.
    note_spans: dict[int, tuple[int, int]] = field(default_factory=dict)


def fit_note(note: str | tuple[str, ...], width: float, size: float) -> tuple[str, float]:
    """The first wording of `note` that fits `width` at `size` or else at 7 pt, and its size;
    the shortest, cut with "…", when none does."""
    options = (note,) if isinstance(note, str) else note
    for option in options:
        for option_size in (size, MIN_SIZE):
            if fonts.text_width(option, option_size) <= width:
                return option, option_size
    return shorten(options[-1], width, MIN_SIZE), MIN_SIZE


class HandGrid(Flowable):
    def __init__(
        self,
        headings: list[str],
        widths: list[float],
        groups: list[Group],
        *,
        row_height: float = 13.0,
        heading_height: float = 34.0,
        size: float = SIZE,
        item_columns: tuple[int, int] = (2, 2),
        bold_columns: frozenset[int] = frozenset(),
        shaded_columns: frozenset[int] = frozenset(),
        rule_before: int | None = None,
        placements: list[tuple[int, int]] | None = None,
    ) -> None:
        super().__init__()
        self.headings = headings
        self.widths = widths
        self.groups = groups
        self.row_height = row_height
        self.heading_height = heading_height
        self.size = size
        self.item_columns = item_columns
        self.bold_columns = bold_columns
        self.shaded_columns = shaded_columns
        self.rule_before = rule_before
        #: (page, hands) of each piece as it is drawn, shared by the pieces of a split grid:
        #: how the hands fell onto the pages.
        self.placements: list[tuple[int, int]] = [] if placements is None else placements
        self.width = sum(widths)
        # Item headings read upwards where a word of one is too wide for its column across.
        self.upward = any(
            fonts.text_width(word, HEADING_SIZE, True) > width - 2 * HEADING_PAD
            for text, width in list(zip(headings, widths, strict=True))[2:]
            for word in text.split()
        )
        # Tall enough for every heading to read whole, however many lines it wraps to.
        self.heading_lines = max(
            len(fit_lines(text, width - 2 * HEADING_PAD, HEADING_SIZE, 99, bold=True)[0])
            for text, width in zip(headings, widths, strict=True)
        )
        needed = self.heading_lines * HEADING_LEADING + 2 * HEADING_PAD + 2
        if self.upward:
            needed = 2 * HEADING_PAD + max(
                UpwardText(text, size=HEADING_SIZE).length_needed(
                    width - 2 * HEADING_PAD, heading_height - 2 * HEADING_PAD
                )
                for text, width in list(zip(headings, widths, strict=True))[2:]
            )
        self.heading_height = max(heading_height, needed)
        self.height = self._height(groups)

    def _clone(self, groups: list[Group]) -> HandGrid:
        return HandGrid(
            self.headings,
            self.widths,
            groups,
            row_height=self.row_height,
            heading_height=self.heading_height,
            size=self.size,
            item_columns=self.item_columns,
            bold_columns=self.bold_columns,
            shaded_columns=self.shaded_columns,
            rule_before=self.rule_before,
            placements=self.placements,
        )

    def _group_height(self, group: Group) -> float:
        label_height = sum(size * 1.2 for _, size, _ in group.label) + 2
        return max(len(group.rows) * self.row_height, label_height)

    def _height(self, groups: list[Group]) -> float:
        return self.heading_height + sum(self._group_height(g) for g in groups)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        used = self.heading_height
        count = 0
        for group in self.groups:
            used += self._group_height(group)
            if used > avail_height:
                break
            count += 1
        if count == 0 or count == len(self.groups):
            return []
        if len(self.groups) - count == 1 and count > 2:
            count -= 1  # the last hand never sits alone on a page
        return [self._clone(self.groups[:count]), self._clone(self.groups[count:])]

    def draw(self) -> None:
        canvas = self.canv
        self.placements.append((canvas.getPageNumber(), len(self.groups)))
        xs = [0.0]
        for width in self.widths:
            xs.append(xs[-1] + width)
        top = self.height
        self._draw_headings(xs, top)
        y = top - self.heading_height
        marks = _Marks(text=canvas.beginText(), thick=[y])
        marks.text.setFillColor(INK)
        for number, group in enumerate(self.groups):
            self._mark_group(marks, number, group, xs, y)
            y -= self._group_height(group)
            marks.thick.append(y)
        self._draw_shading(marks, xs, y, top)
        self._draw_rules(marks, xs, y, top)
        canvas.drawText(marks.text)
        self._draw_notes_and_cells(marks)

    def _draw_headings(self, xs: list[float], top: float) -> None:
        """The heading row on its darker shade: wrapped across, or upward where it must."""
        canvas, widths = self.canv, self.widths
        canvas.setFillColor(SHADE_DARK)
        canvas.rect(0, top - self.heading_height, self.width, self.heading_height, 0, 1)
        for index, text in enumerate(self.headings):
            if self.upward and index >= 2:
                upward = UpwardText(text, size=HEADING_SIZE)
                upward.wrap(widths[index] - 2 * HEADING_PAD, self.heading_height - 2 * HEADING_PAD)
                upward.drawOn(
                    canvas, xs[index] + HEADING_PAD, top - self.heading_height + HEADING_PAD
                )
                continue
            cell = FitText(
                text,
                HEADING_SIZE,
                bold=True,
                align="left" if index == 1 else "center",
                max_lines=self.heading_lines,
            )
            _, height = cell.wrap(widths[index] - 2 * HEADING_PAD, self.heading_height - 2)
            cell.drawOn(canvas, xs[index] + HEADING_PAD, top - self.heading_height / 2 - height / 2)

    def _mark_group(
        self, marks: _Marks, number: int, group: Group, xs: list[float], y: float
    ) -> None:
        """One hand from `y` down: its shade (every other hand), label, rows and notes."""
        height = self._group_height(group)
        row_height = height / len(group.rows)
        if number % 2:
            marks.shading.append((y - height, height))
        self._mark_label(marks, group, xs, y, height)
        for index, row in enumerate(group.rows):
            base = y - row_height * (index + 1) + (row_height - self.size) / 2 + self.size * 0.22
            if index:
                marks.thin.append(y - row_height * index)
            self._mark_row(marks, group, index, row, xs, y, row_height, base)
            if index in group.notes:
                span_first, span_last = group.note_spans.get(index, self.item_columns)
                left, right = xs[span_first], xs[span_last + 1]
                marks.notes.append((left, right, base, group.notes[index]))
                row_top = y - row_height * index
                marks.note_rows.append((row_top - row_height, row_top, left, right))

    def _mark_label(
        self, marks: _Marks, group: Group, xs: list[float], y: float, height: float
    ) -> None:
        """The hand's label, its lines centred in the hand's merged first cell."""
        label_height = sum(s * 1.2 for _, s, _ in group.label)
        ly = y - (height - label_height) / 2
        for line, line_size, bold in group.label:
            ly -= line_size * 1.05
            marks.cells.append(
                (
                    FitText(line, line_size, bold=bold, align="center", max_lines=1),
                    xs[0] + 1,
                    ly - line_size * 0.2,
                    self.widths[0] - 2,
                    line_size * 1.2,
                )
            )
            ly -= line_size * 0.15

    def _mark_row(
        self,
        marks: _Marks,
        group: Group,
        index: int,
        row: list[str],
        xs: list[float],
        y: float,
        row_height: float,
        base: float,
    ) -> None:
        """A side's row: its name left in column 1 (wrapped in a cell of its own where it needs
        two lines or a fallback font), its numbers right-aligned, none under its row's note."""
        size, widths, text = self.size, self.widths, marks.text
        for column, value in enumerate(row):
            if not value:
                continue
            if column == 1:
                if fonts.needs_fallback(value) or fonts.text_width(value, size) > (widths[1] - 5):
                    marks.cells.append(
                        (
                            FitText(value, size, max_lines=2),
                            xs[1] + 2,
                            y - row_height * (index + 1) + 1,
                            widths[1] - 4,
                            row_height - 2,
                        )
                    )
                    continue
                text.setFont(SANS, size)
                text.setTextOrigin(xs[1] + 3, base)
                text.textOut(value)
                continue
            if index in group.notes:
                span_first, span_last = group.note_spans.get(index, self.item_columns)
                if span_first <= column <= span_last:
                    continue
            bold = column in self.bold_columns
            width = fonts.text_width(value, size, bold)
            text.setFont(SANS_BOLD if bold else SANS, size)
            text.setTextOrigin(xs[column + 1] - 3 - width, base)
            text.textOut(value)

    def _draw_shading(self, marks: _Marks, xs: list[float], y: float, top: float) -> None:
        """Every other hand and the shaded columns, under the text."""
        canvas = self.canv
        canvas.setFillColor(SHADE)
        for bottom, height in marks.shading:
            canvas.rect(0, bottom, xs[-2] if self.shaded_columns else self.width, height, 0, 1)
        for column in self.shaded_columns:
            canvas.rect(xs[column], y, self.widths[column], top - self.heading_height - y, 0, 1)

    def _draw_rules(self, marks: _Marks, xs: list[float], y: float, top: float) -> None:
        """Thin rules between the sides and down the columns, thick ones between hands, the
        frame."""
        canvas = self.canv
        canvas.setStrokeColor(FAINT)
        canvas.setLineWidth(0.3)
        first_item, last_item = self.item_columns
        inside_notes = set(xs[first_item + 1 : last_item + 1])
        columns = []
        for x in xs[1:-1]:
            if x not in inside_notes:
                columns.append((x, y, x, top))
                continue
            # The rule runs down the page but stops where a note spans the columns.
            upper = top
            for bottom, row_top, left, right in sorted(marks.note_rows, reverse=True):
                if not left < x < right:
                    continue
                columns.append((x, row_top, x, upper))
                upper = bottom
            columns.append((x, y, x, upper))
        canvas.lines([(xs[1], ry, self.width, ry) for ry in marks.thin] + columns)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.8)
        canvas.lines([(0, ry, self.width, ry) for ry in marks.thick])
        if self.rule_before is not None:
            x = xs[self.rule_before]
            canvas.line(x, y, x, top)
        canvas.setLineWidth(1.0)
        canvas.rect(0, y, self.width, top - y, 1, 0)

    def _draw_notes_and_cells(self, marks: _Marks) -> None:
        """Over the grid: the notes in grey, then the cells that wrap (labels, long names)."""
        canvas = self.canv
        canvas.setFillColor(FAINT)
        for left, right, base, note in marks.notes:
            # Inside its cells, never across the rules beside them.
            words, note_size = fit_note(note, right - left - 6, self.size)
            draw_text(canvas, (left + right) / 2, base, words, note_size, align="center")
        for cell, x, y, width, height in marks.cells:
            cell.wrap(width, height)
            cell.drawOn(canvas, x, y)


@dataclass
class _Marks:
    """What a page of the grid draws, gathered hand by hand before it is drawn, so that the
    shading goes under the text and each kind of mark goes out in one go."""

    #: Every plain name and number, in one text object.
    text: PDFTextObject
    #: Heights of the thick rules (between hands) and the thin ones (between a hand's sides).
    thick: list[float]
    thin: list[float] = field(default_factory=list)
    #: Shaded hands: (bottom, height).
    shading: list[tuple[float, float]] = field(default_factory=list)
    #: Notes to centre between two x positions on a baseline: (left, right, base, note).
    notes: list[tuple[float, float, float, str | tuple[str, ...]]] = field(default_factory=list)
    #: Where notes are (bottom, top, left, right): no column rule runs through them.
    note_rows: list[tuple[float, float, float, float]] = field(default_factory=list)
    #: Text drawn as its own cell, where it wraps or needs a fallback font: (cell, x, y, width,
    #: height).
    cells: list[tuple[FitText, float, float, float, float]] = field(default_factory=list)
