"""Reading printouts back: text (pypdf), page sizes, and a low-resolution render (pdftoppm)."""

from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from games.rules import RULE_SETS, GameScore, HandInput, Side

LETTER = (612, 792)
A4 = (595, 842)


def text_of(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return "\n".join(page.extract_text() for page in reader.pages)


def flat(pdf: bytes) -> str:
    """The text with line breaks and runs of spaces folded, for phrases that may wrap."""
    return " ".join(text_of(pdf).split())


def page_sizes(pdf: bytes) -> list[tuple[int, int]]:
    reader = PdfReader(io.BytesIO(pdf))
    return [
        (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        for page in reader.pages
    ]


def is_paper(size: tuple[int, int], paper: tuple[int, int]) -> bool:
    return size in (paper, paper[::-1])


def dark_fraction(pdf: bytes, tmp_path: Path, page: int = 1) -> float:
    """The share of a page's pixels that are clearly not white, rendered at 30 dpi in grey."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler's pdftoppm is not installed")
    source = tmp_path / f"render-{page}.pdf"
    source.write_bytes(pdf)
    prefix = tmp_path / f"render-{page}"
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "30",
            "-gray",
            "-f",
            str(page),
            "-l",
            str(page),
            str(source),
            str(prefix),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    (image,) = tmp_path.glob(f"render-{page}*.pgm")
    data = image.read_bytes()
    # Binary PGM: "P5", width, height, maxval, then one byte per pixel.
    fields: list[bytes] = []
    offset = 0
    while len(fields) < 4:
        while data[offset : offset + 1].isspace():
            offset += 1
        end = offset
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[offset:end])
        offset = end
    offset += 1
    assert fields[0] == b"P5"
    width, height = int(fields[1]), int(fields[2])
    pixels = data[offset : offset + width * height]
    assert len(pixels) == width * height
    return sum(1 for p in pixels if p < 160) / len(pixels)


def partnership(slug: str = "miromar-canasta", names=("Ann & Cy", "Bob & Di")):
    rules = RULE_SETS[slug]
    return rules.new_game(
        ["Ann", "Bob", "Cy", "Di"],
        [Side(names[0], ("Ann", "Cy")), Side(names[1], ("Bob", "Di"))],
    )


def finished_miromar(names=("Ann & Cy", "Bob & Di")) -> GameScore:
    """Ann & Cy splash four times (4 x 2,500 = 10,000 passes 8,500); Bob & Di score once."""
    game = partnership("miromar-canasta", names)
    first, second = names
    hands = [
        HandInput({first: {"total": 300}, second: {"total": 1_250}}),
        *[HandInput({first: {"splash": True}, second: {}}) for _ in range(4)],
    ]
    return game.score(hands)


def long_partnership_game(hands: int) -> GameScore:
    """A Pennies From Heaven partnership game of `hands` itemized hands that never reaches its
    target: the sides take turns winning a hand 745 to 35, Ann & Cy the odd ones."""
    game = partnership("pfh-partnership")
    inputs = []
    for number in range(1, hands + 1):
        winner, loser = ("Ann & Cy", "Bob & Di") if number % 2 else ("Bob & Di", "Ann & Cy")
        winning = {
            "natural_canastas": 1,
            "red_threes": 2,
            "black_threes": 1,
            "meld_points": 185,
            "hand_points": 40,
        }
        losing = {"red_threes": 1, "meld_points": 95, "hand_points": 160}
        inputs.append(
            HandInput(
                dealer=game.players[(number - 1) % 4], tallies={winner: winning, loser: losing}
            )
        )
    return game.score(inputs)


def finished_ten_pennies() -> GameScore:
    rules = RULE_SETS["ten-pennies"]
    game = rules.new_game(["Ann", "Bob", "Cy"])
    hands = [
        HandInput(
            {
                "Ann": {"points": 0, "cards": 0, "buys": 0},
                "Bob": {"points": 30, "cards": 3, "buys": 1},
                "Cy": {"points": 25, "cards": 2, "buys": 0},
            }
        )
        for _ in range(7)
    ]
    return game.score(hands)


def text_sizes(pdf: bytes) -> list[float]:
    """The size in points of every piece of text drawn (font size times the text scale)."""
    sizes: list[float] = []
    reader = PdfReader(io.BytesIO(pdf))

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip():
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
            sizes.append(round(font_size * scale, 2))

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    return sizes


def fonts_used(pdf: bytes) -> dict[str, bool]:
    """Every font the pages use: its name, and whether its program is embedded in the file."""
    found: dict[str, bool] = {}
    reader = PdfReader(io.BytesIO(pdf))
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            for descendant in font.get("/DescendantFonts") or []:
                descriptor = descriptor or descendant.get_object().get("/FontDescriptor")
            embedded = descriptor is not None and any(
                key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            found[str(font["/BaseFont"])] = embedded
    return found


def _multiply(a: list[float], b: list[float]) -> list[float]:
    """The PDF matrix product a × b of two [a b c d e f] matrices."""
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def stroked_segments(
    pdf: bytes, page: int = 1
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every straight line segment drawn on a page, its ends in page points."""
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(pdf))
    content = ContentStream(reader.pages[page - 1].get_contents(), reader)
    matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    saved: list[list[float]] = []
    start: tuple[float, float] | None = None
    found: list[tuple[tuple[float, float], tuple[float, float]]] = []

    def place(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = matrix
        return a * x + c * y + e, b * x + d * y + f

    for operands, operator in content.operations:
        if operator == b"q":
            saved.append(list(matrix))
        elif operator == b"Q":
            matrix = saved.pop()
        elif operator == b"cm":
            matrix = _multiply([float(v) for v in operands], matrix)
        elif operator == b"m":
            start = place(float(operands[0]), float(operands[1]))
        elif operator == b"l" and start is not None:
            end = place(float(operands[0]), float(operands[1]))
            found.append((start, end))
            start = end
    return found


def vertical_rules(pdf: bytes, page: int = 1) -> list[tuple[float, float, float]]:
    """Every straight vertical line stroked on a page, as (x, bottom, top) in page points."""
    return [
        (start[0], min(start[1], end[1]), max(start[1], end[1]))
        for start, end in stroked_segments(pdf, page)
        if abs(end[0] - start[0]) < 0.01 and abs(end[1] - start[1]) > 0.01
    ]


def text_boxes(pdf: bytes, page: int = 1) -> list[tuple[str, float, float, float]]:
    """Every piece of text drawn on a page: (text, x, baseline y, size), in page points."""
    boxes: list[tuple[str, float, float, float]] = []
    reader = PdfReader(io.BytesIO(pdf))

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip():
            a, b, c, d, e, f = _multiply([float(v) for v in tm], [float(v) for v in cm])
            boxes.append((text, e, f, font_size * (a * a + b * b) ** 0.5))

    reader.pages[page - 1].extract_text(visitor_text=visit)
    return boxes


def words_drawn(pdf: bytes, tmp_path: Path, page: int = 1) -> list[tuple[str, float, float]]:
    """Every word on a page as poppler lays it out, in the order it is drawn left to right:
    (word, left edge, top edge), in points from the page's top left. A right-to-left word comes
    back in its drawn (visual) order: `reads_as` turns it back into typed text."""
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler's pdftotext is not installed")
    source = tmp_path / f"words-{page}.pdf"
    source.write_bytes(pdf)
    result = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(source), "-"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    found: list[tuple[str, float, float]] = []
    for match in re.finditer(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)</word>',
        result.stdout.decode(),
    ):
        found.append((html.unescape(match[3]), float(match[1]), float(match[2])))
    return found


def reads_as(word: str) -> str:
    """A drawn word as it was typed: Arabic's joined letter forms back to plain letters, and a
    right-to-left word (drawn from its last letter) turned round."""
    plain = unicodedata.normalize("NFKC", word)
    if any("\u0590" <= char <= "\u08ff" for char in plain):
        return plain[::-1]
    return plain


def line_of(
    words: list[tuple[str, float, float]], first_word: str
) -> list[tuple[str, float, float]]:
    """The words on the line that starts with `first_word` (a label), left to right, the label
    itself left out."""
    top = next(y for word, _, y in words if word == first_word)
    line = [w for w in words if abs(w[2] - top) < 2 and w[0] != first_word]
    return sorted(line, key=lambda w: w[1])


def left_edge_of(line: list[tuple[str, float, float]], name: str) -> float:
    """Where the first drawn word that reads as part of `name` starts."""
    for word, x, _ in line:
        read = reads_as(word).strip(",;&()")
        if read and read in name:
            return x
    raise AssertionError(f"{name} is not on the line {[reads_as(w) for w, _, _ in line]}")


def coloured_texts(pdf: bytes, page: int = 1) -> list[tuple[str, tuple[float, ...]]]:
    """Every piece of text drawn on a page with the fill colour it is drawn in (RGB, 0 to 1)."""
    found: list[tuple[str, tuple[float, ...]]] = []
    reader = PdfReader(io.BytesIO(pdf))
    colour: list[tuple[float, ...]] = [(0.0, 0.0, 0.0)]
    saved: list[tuple[float, ...]] = []

    def before(operator, operands, cm, tm):
        if operator == b"rg":
            colour[0] = tuple(float(v) for v in operands)
        elif operator == b"g":
            colour[0] = (float(operands[0]),) * 3
        elif operator == b"q":
            saved.append(colour[0])
        elif operator == b"Q" and saved:
            colour[0] = saved.pop()

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip():
            found.append((text.strip(), colour[0]))

    reader.pages[page - 1].extract_text(visitor_operand_before=before, visitor_text=visit)
    return found


def contrast_on_white(rgb: tuple[float, ...]) -> float:
    """WCAG's contrast ratio of a colour against white paper (1 to 21)."""

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in rgb)
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return 1.05 / (luminance + 0.05)


def upward_texts(pdf: bytes, page: int = 1) -> list[tuple[str, float, float, float]]:
    """Every piece of text drawn turned to read upwards: (text, x, where it starts, where it
    ends), in page points, its length measured in the font it is drawn in."""
    from games.printing import fonts

    found: list[tuple[str, float, float, float]] = []
    reader = PdfReader(io.BytesIO(pdf))

    def visit(text, cm, tm, font_dict, font_size):
        if not text.strip():
            return
        a, b, c, d, e, f = _multiply([float(v) for v in tm], [float(v) for v in cm])
        if abs(a) > 0.01 or b <= 0:
            return
        bold = "Bold" in str((font_dict or {}).get("/BaseFont", ""))
        length = fonts.text_width(text.strip(), font_size * b, bold)
        found.append((text.strip(), e, f, f + length))

    reader.pages[page - 1].extract_text(visitor_text=visit)
    return found


def horizontal_rules(pdf: bytes, page: int = 1) -> list[tuple[float, float, float]]:
    """Every straight horizontal line stroked on a page, as (y, left, right) in page points."""
    return [
        (start[1], min(start[0], end[0]), max(start[0], end[0]))
        for start, end in stroked_segments(pdf, page)
        if abs(end[1] - start[1]) < 0.01 and abs(end[0] - start[0]) > 0.01
    ]
