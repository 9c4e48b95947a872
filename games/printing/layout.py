"""What every printout shares: paper, the title band, page numbers, styles, shrink-to-fit text."""

from __future__ import annotations

import io
from dataclasses import dataclass

from django.utils.translation import gettext, pgettext_lazy
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER, landscape, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from games.templatetags.numbers import format_number

from . import fonts
from .fonts import SANS, SANS_BOLD


class PrintError(ValueError):
    """A printout asked for with arguments that make no sense (one line, for a person)."""


PAPERS = {"letter": LETTER, "a4": A4}
#: The papers by the name a query asks for, each as the reader's language names it.
PAPER_NAMES = {"letter": pgettext_lazy("a size of paper", "Letter"), "a4": "A4"}

INK = colors.HexColor("#1d2b36")
BAND = colors.HexColor("#1f4e5f")
BAND_TEXT = colors.white
ACCENT = colors.HexColor("#b5533c")
SHADE = colors.HexColor("#e9eff1")
SHADE_DARK = colors.HexColor("#d3e0e4")
RULE = colors.HexColor("#7a8c95")
FAINT = colors.HexColor("#8a979e")
#: Hints under headings, small as they are: dark enough to read on paper (contrast 6:1).
HINT = colors.HexColor("#55646c")

MARGIN = 36  # half an inch
BAND_HEIGHT = 42


def paper_size(paper: str, wide: bool = False) -> tuple[float, float]:
    key = str(paper).strip().lower()
    if key not in PAPERS:
        raise PrintError(
            gettext("unknown paper %(paper)s: choose letter or a4") % {"paper": repr(paper)}
        )
    return landscape(PAPERS[key]) if wide else portrait(PAPERS[key])


def check_paper(paper: str) -> str:
    paper_size(paper)
    return str(paper).strip().lower()


def number(value: int) -> str:
    """12,500 / -100 (with a true minus sign), grouped as the reader's language groups them
    (12.500 in Portuguese)."""
    return format_number(value)


def signed(value: int) -> str:
    """+500, +0, −100."""
    return number(value) if value < 0 else f"+{number(value)}"


# -- styles -------------------------------------------------------------------------------------

BODY = ParagraphStyle("body", fontName=SANS, fontSize=9, leading=11.6, textColor=INK)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=7.5, leading=9.4)
H2 = ParagraphStyle(
    "h2",
    parent=BODY,
    fontName=SANS_BOLD,
    fontSize=10.5,
    leading=13,
    textColor=BAND,
    spaceBefore=7,
    spaceAfter=3,
)
LEAD = ParagraphStyle("lead", parent=BODY, fontSize=10, leading=13)
CELL = ParagraphStyle("cell", parent=BODY, fontSize=8.5, leading=10.4)
CELL_BOLD = ParagraphStyle("cellb", parent=CELL, fontName=SANS_BOLD)


def grid_style(header_rows: int = 1, zebra: bool = True, rows: int = 0) -> list[tuple]:
    """Ruled lines, a shaded header and light banding: the look of every table."""
    style: list[tuple] = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),
        ("FONTSIZE", (0, 0), (-1, -1), 8.5),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("BOX", (0, 0), (-1, -1), 0.9, INK),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if header_rows:
        style += [
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE_DARK),
            ("FONTNAME", (0, 0), (-1, header_rows - 1), SANS_BOLD),
            ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.9, INK),
        ]
    if zebra:
        for row in range(header_rows + 1, rows, 2):
            style.append(("BACKGROUND", (0, row), (-1, row), SHADE))
    return style


# -- text that fits its cell --------------------------------------------------------------------


def shorten(text: str, width: float, size: float, bold: bool = False) -> str:
    """`text`, or as much of it as fits `width` (whole words where it can) ending in "…"."""
    text = " ".join(text.split())
    if fonts.text_width(text, size, bold) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        candidate = " ".join(words).rstrip(",:;&") + "\u2026"
        if fonts.text_width(candidate, size, bold) <= width:
            return candidate
    cut = words[0]
    while cut and fonts.text_width(cut + "\u2026", size, bold) > width:
        cut = cut[:-1]
    return cut + "\u2026"


def draw_runs(
    canvas: Canvas, x: float, y: float, text: str, size: float, bold: bool = False
) -> None:
    """Draw text at (x, y) in the shipped font, CJK runs in the CJK font."""
    base = SANS_BOLD if bold else SANS
    for run, font in fonts.runs(text):
        name = font or base
        canvas.setFont(name, size)
        if bold and font == fonts.CJK:
            # The CJK font has no bold face: its letters are thickened by stroking their
            # outlines in the fill colour as they are filled, so a bold heading stays bold.
            _draw_heavier(canvas, x, y, run, size)
        else:
            canvas.drawString(x, y, run)
        x += canvas.stringWidth(run, name, size)


#: How much a stroke thickens a CJK letter drawn bold, as a share of its size.
CJK_BOLD_STROKE = 0.045


def _draw_heavier(canvas: Canvas, x: float, y: float, run: str, size: float) -> None:
    canvas.saveState()
    canvas.setStrokeColor(canvas._fillColorObj)
    canvas.setLineWidth(size * CJK_BOLD_STROKE)
    canvas.setLineJoin(1)
    canvas.drawString(x, y, run, mode=2)
    canvas.restoreState()


def draw_text(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    bold: bool = False,
    align: str = "left",
) -> None:
    width = fonts.text_width(text, size, bold)
    if align == "right":
        x -= width
    elif align == "center":
        x -= width / 2
    draw_runs(canvas, x, y, text, size, bold)


#: Nothing on a printout is smaller than this.
MIN_SIZE = 7.0


def fit_lines(
    text: str, width: float, size: float, max_lines: int, bold: bool = False
) -> tuple[list[str], bool]:
    """Word-wrap `text` into at most `max_lines` lines of `width`, never breaking a word: a word
    too long for a line, or text past the last line, is cut short with "…". Also says whether
    anything was cut."""
    lines: list[str] = []
    line = ""
    cut = False
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if fonts.text_width(candidate, size, bold) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        if fonts.text_width(word, size, bold) > width:
            word = shorten(word, width, size, bold)
            cut = True
        line = word
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        kept = lines[: max_lines - 1]
        rest = " ".join(lines[max_lines - 1 :])
        lines = [*kept, shorten(rest + " \u2026", width, size, bold)]
        cut = True
    return lines or [""], cut


class FitText(Flowable):
    """Typed text in a table cell: wrapped to the cell and shrunk until it fits, but never below
    `min_size` (at least 7 pt) nor broken inside a word; what still doesn't fit ends in "…".

    Much cheaper than a Paragraph (no markup to parse), and safe for any text: nothing in it
    is ever read as markup.
    """

    def __init__(
        self,
        text: str,
        size: float = 8.5,
        *,
        bold: bool = False,
        align: str = "left",
        max_lines: int = 3,
        min_size: float = MIN_SIZE,
        color: colors.Color = INK,
    ) -> None:
        super().__init__()
        self.text = " ".join(str(text).split())
        self.size = max(size, MIN_SIZE)
        self.bold = bold
        self.align = align
        self.max_lines = max_lines
        self.min_size = max(min_size, MIN_SIZE)
        self.color = color
        self.lines: list[str] = [self.text]
        self.used = self.size

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        size = self.size
        while True:
            room = max(1, min(self.max_lines, int((avail_height + 0.5) // (size * 1.15))))
            if fonts.text_width(self.text, size, self.bold) <= avail_width:
                lines, cut = [self.text], False
            else:
                lines, cut = fit_lines(self.text, avail_width, size, room, self.bold)
            if not cut or size <= self.min_size:
                break
            size = max(self.min_size, size - 0.5)
        self.lines, self.used = lines, size
        self.width = avail_width
        self.height = len(lines) * size * 1.15
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.setFillColor(self.color)
        leading = self.used * 1.15
        y = self.height - self.used * 0.95
        for line in self.lines:
            x = {"left": 0, "center": self.width / 2, "right": self.width}[self.align]
            draw_text(canvas, x, y, line, self.used, self.bold, self.align)
            y -= leading


class UpwardText(Flowable):
    """A column heading turned to read upwards, for narrow columns: a bold label and a hint,
    each wrapped along the cell's height (never below 7 pt, never broken inside a word).
    `length_needed` says how tall the cell must be for both to read whole."""

    #: No heading is ever made taller than this to fit.
    MAX_LENGTH = 300.0
    #: Room left below a line's start and beyond its end, so no line touches the rules of its
    #: cell (the cell's own padding is only a point).
    START_ROOM = 2.0
    END_ROOM = 4.0

    def __init__(self, label: str, hint: str = "", size: float = 7.5) -> None:
        super().__init__()
        self.label = " ".join(label.split())
        self.hint = " ".join(hint.split())
        self.size = max(size, MIN_SIZE)
        self.pieces: list[tuple[str, float, bool]] = []

    def _lay_out(self, width: float, length: float) -> tuple[list[tuple[str, float, bool]], bool]:
        """The lines across `width` (each `length` long), and whether anything was cut."""
        room = max(1, int(width // (self.size * 1.1)))
        labels, cut = fit_lines(
            self.label, length, self.size, max(1, room - 1 if self.hint else room), True
        )
        pieces = [(line, self.size, True) for line in labels]
        left = room - len(labels)
        if self.hint:
            if left > 0:
                hints, hint_cut = fit_lines(self.hint, length, MIN_SIZE, left)
                pieces += [(line, MIN_SIZE, False) for line in hints]
                cut = cut or hint_cut
            else:
                cut = True
        return pieces, cut

    def length_needed(self, avail_width: float, at_least: float) -> float:
        """The least cell height, from `at_least` up, at which the label and the hint read
        whole in a cell `avail_width` wide (MAX_LENGTH if none does)."""
        height = at_least
        while height < self.MAX_LENGTH:
            if not self._lay_out(avail_width, height - self.START_ROOM - self.END_ROOM)[1]:
                return height
            height += 2
        return self.MAX_LENGTH

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.pieces, _ = self._lay_out(avail_width, avail_height - self.START_ROOM - self.END_ROOM)
        self.width, self.height = avail_width, avail_height
        return avail_width, avail_height

    def draw(self) -> None:
        canvas = self.canv
        block = sum(size * 1.1 for _, size, _ in self.pieces)
        x = (self.width - block) / 2
        canvas.saveState()
        canvas.rotate(90)
        for text, size, bold in self.pieces:
            x += size * 0.9
            canvas.setFillColor(INK if bold else HINT)
            draw_text(canvas, self.START_ROOM, -x, text, size, bold)
            x += size * 0.2
        canvas.restoreState()


class WithItsStart(Flowable):
    """A heading (and any lines under it) that goes wherever the first piece of a long, split
    `body` goes: never alone at the foot of a page with the body starting on the next."""

    def __init__(self, head: list[Flowable], body: Flowable) -> None:
        super().__init__()
        self.head = head
        self.body = body

    def _head_height(self, avail_width: float) -> float:
        return sum(
            part.getSpaceBefore() + part.wrap(avail_width, 10_000)[1] + part.getSpaceAfter()
            for part in self.head
        )

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        head = self._head_height(avail_width)
        _, body = self.body.wrap(avail_width, avail_height - head)
        self.width, self.height = avail_width, head + body
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        head = self._head_height(avail_width)
        pieces = self.body.split(avail_width, avail_height - head)
        # Nothing of the body fits under the heading here: both go on to the next page.
        return [*self.head, *pieces] if pieces else []

    def draw(self) -> None:
        y = self.height
        for part in [*self.head, self.body]:
            y -= part.getSpaceBefore()
            _, height = part.wrap(self.width, 10_000)
            y -= height
            part.drawOn(self.canv, 0, y)
            y -= part.getSpaceAfter()


# -- the document -------------------------------------------------------------------------------


@dataclass
class Heading:
    title: str
    subtitle: str = ""
    note: str = ""


class _NumberedCanvas(Canvas):
    """Holds the pages back until the end so each can say "page 2 of 3"."""

    def __init__(self, *args, **kwargs) -> None:
        # Our own (embedded) font from the start: no unembedded Helvetica in any page.
        kwargs["initialFontName"] = kwargs.get("initialFontName") or SANS
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []

    def showPage(self) -> None:  # noqa: N802 (ReportLab's name)
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number_, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            width, _ = self._pagesize
            self.setFillColor(FAINT)
            page = gettext("Page %(page)s of %(pages)s") % {"page": number_, "pages": total}
            draw_text(self, width - MARGIN, MARGIN - 14, page, 7.5, align="right")
            Canvas.showPage(self)
        Canvas.save(self)


def build(
    story: list[Flowable],
    heading: Heading,
    paper: str,
    *,
    wide: bool = False,
    footer: str = "",
    columns: int = 1,
) -> bytes:
    """Lay the story out under a title band on every page (in `columns` columns) and return
    the PDF's bytes."""
    fonts.register()
    size = paper_size(paper, wide)
    buffer = io.BytesIO()

    def decorate(canvas: Canvas, doc: BaseDocTemplate) -> None:
        draw_band_and_footer(canvas, size, heading, footer)

    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=heading.title,
        subject=heading.subtitle,
        creator="Scorekeeper",
        author="Scorekeeper",
        pageTemplates=[
            PageTemplate(
                id="page", frames=body_frames(paper, columns, wide, size[1]), onPage=decorate
            )
        ],
        invariant=1,
    )
    doc.build(story, canvasmaker=_NumberedCanvas)
    return buffer.getvalue()


def body_frames(paper: str, columns: int, wide: bool, page_height: float) -> list[Frame]:
    """The page's columns under the title band, side by side within the margins."""
    column_width = column_width_for(paper, columns, wide)
    return [
        Frame(
            MARGIN + index * (column_width + COLUMN_GAP),
            MARGIN + 4,
            column_width,
            page_height - 2 * MARGIN - BAND_HEIGHT - 12,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id=f"body{index}",
        )
        for index in range(columns)
    ]


def draw_band_and_footer(
    canvas: Canvas, size: tuple[float, float], heading: Heading, footer: str
) -> None:
    """What every page carries: the title band (title, its note, the subtitle on the right) and
    the footer line."""
    width, height = size
    canvas.saveState()
    top = height - MARGIN
    canvas.setFillColor(BAND)
    canvas.roundRect(MARGIN, top - BAND_HEIGHT, width - 2 * MARGIN, BAND_HEIGHT, 4, 0, 1)
    canvas.setFillColor(ACCENT)
    canvas.rect(MARGIN, top - BAND_HEIGHT - 3, width - 2 * MARGIN, 3, 0, 1)
    canvas.setFillColor(BAND_TEXT)
    title_room = (width - 2 * MARGIN) * (0.64 if heading.subtitle else 0.95)
    # The title shrinks to fit its room, down to 11 pt; only then is it cut short.
    title_size = 16.0
    while title_size > 11 and fonts.text_width(heading.title, title_size, True) > title_room:
        title_size -= 0.5
    title = shorten(heading.title, title_room, title_size, bold=True)
    base = top - BAND_HEIGHT / 2 - title_size * 0.35
    if heading.note:
        base += 5
    draw_text(canvas, MARGIN + 12, base, title, title_size, bold=True)
    if heading.note:
        draw_text(canvas, MARGIN + 12, base - 13, shorten(heading.note, title_room, 8), 8)
    if heading.subtitle:
        draw_text(
            canvas,
            width - MARGIN - 12,
            top - BAND_HEIGHT / 2 - 3.5,
            heading.subtitle,
            10,
            align="right",
        )
    canvas.setFillColor(FAINT)
    if footer:
        draw_text(canvas, MARGIN, MARGIN - 14, footer, 7.5)
    canvas.restoreState()


COLUMN_GAP = 16


def column_width_for(paper: str, columns: int, wide: bool = False) -> float:
    return (body_width(paper, wide) - COLUMN_GAP * (columns - 1)) / columns


def body_width(paper: str, wide: bool = False) -> float:
    return paper_size(paper, wide)[0] - 2 * MARGIN


def body_height(paper: str, wide: bool = False) -> float:
    return paper_size(paper, wide)[1] - 2 * MARGIN - BAND_HEIGHT - 12 - 4


__all__ = [
    "ACCENT",
    "BAND",
    "BODY",
    "CELL",
    "CELL_BOLD",
    "FAINT",
    "H2",
    "HINT",
    "INK",
    "LEAD",
    "PAPER_NAMES",
    "PrintError",
    "SHADE",
    "SMALL",
    "TA_CENTER",
    "TA_LEFT",
    "FitText",
    "Heading",
    "WithItsStart",
]
