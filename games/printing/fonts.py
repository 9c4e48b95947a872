"""Fonts for the printouts, embedded in every PDF so that it prints the same anywhere:
DejaVu Sans Condensed (shipped in static/fonts, with its licence) for Latin, Greek, Cyrillic,
Hebrew and Arabic, and WenQuanYi Micro Hei (shipped in games/printing/fonts, with its licence;
Debian's fonts-wqy-microhei is the same file) for Chinese, Japanese and Korean.

`markup(text)` turns any typed text (a player's name, a title) into safe Paragraph markup, and
`runs(text)` splits it into pieces to draw: right-to-left scripts put in reading order with
Arabic letters joined, CJK runs in the CJK font, and a character no font here can draw (most
emoji) shown as a plain box. `isolate(name)` marks a typed name inside one of our sentences as
a run of its own, so that a right-to-left name neither swaps places with the name beside it nor
pulls the number after it into itself.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from xml.sax.saxutils import escape

import arabic_reshaper  # type: ignore[import-untyped]
from bidi import get_display  # type: ignore[import-untyped]
from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
SANS = "Sans"
SANS_BOLD = "Sans-Bold"
CJK = "CJK"
CJK_FILES = (
    Path(__file__).resolve().parent / "fonts" / "wqy-microhei.ttc",
    Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
)
#: What prints for a character that no font here has (most emoji): a plain box.
PLACEHOLDER = "\u25a1"


@cache
def register() -> frozenset[int]:
    """Register the fonts (once) and return the code points the shipped font can draw."""
    # Font programs go into the PDF deflated only, not also ASCII85-encoded: smaller, faster.
    rl_config.useA85 = 0
    regular = TTFont(SANS, str(FONT_DIR / "DejaVuSansCondensed.ttf"))
    bold = TTFont(SANS_BOLD, str(FONT_DIR / "DejaVuSansCondensed-Bold.ttf"))
    pdfmetrics.registerFont(regular)
    pdfmetrics.registerFont(bold)
    # <b> in a Paragraph picks the bold face; there is no italic (it falls back to upright).
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS)
    addMapping(SANS, 1, 1, SANS_BOLD)
    return frozenset(regular.face.charToGlyph) & frozenset(bold.face.charToGlyph)


@cache
def cjk() -> frozenset[int]:
    """Register the CJK font (once, only when a name needs it: it is a large file) and return
    the code points it can draw; empty when the font file is missing."""
    for path in CJK_FILES:
        if path.exists():
            font = TTFont(CJK, str(path), subfontIndex=0)
            pdfmetrics.registerFont(font)
            addMapping(CJK, 1, 0, CJK)
            return frozenset(font.face.charToGlyph)
    return frozenset()


def _invisible(char: str) -> bool:
    """Joiners, variation selectors and skin-tone modifiers: parts of an emoji, not glyphs."""
    code = ord(char)
    return (
        unicodedata.category(char) == "Cf" or 0xFE00 <= code <= 0xFE0F or 0x1F3FB <= code <= 0x1F3FF
    )


#: Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: right-to-left scripts.
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


@cache
def _plain_chars() -> frozenset[str]:
    """The characters the shipped font draws as they are (no reordering, no other font)."""
    return frozenset(chr(code) for code in register())


def _is_plain(text: str) -> bool:
    """Whether `text` draws in the shipped font just as it is: the common case, checked fast."""
    return set(text) <= _plain_chars() and not _RIGHT_TO_LEFT.search(text)


#: First strong isolate and pop directional isolate (Unicode's bidi algorithm, rules X5c, X6a).
_ISOLATE_START, _ISOLATE_END = "\u2068", "\u2069"


def isolate(name: str) -> str:
    """`name` marked as a run of its own for the bidi algorithm, to go inside a left-to-right
    sentence: its letters keep their own direction, but the commas, numbers and other names
    around it keep the sentence's order. Only right-to-left names need it (the marks are never
    drawn), so a sentence of Latin and CJK names stays on the fast path."""
    if not _RIGHT_TO_LEFT.search(name):
        return name
    return f"{_ISOLATE_START}{name}{_ISOLATE_END}"


def isolated_list(names: Sequence[str], separator: str = ", ") -> str:
    """Names joined into one line, each its own bidi run (so they print in the order given)."""
    return separator.join(isolate(name) for name in names)


def visual(text: str) -> str:
    """`text` in the order it is drawn: right-to-left runs reversed, Arabic letters joined."""
    if not _RIGHT_TO_LEFT.search(text):
        return text
    return get_display(arabic_reshaper.reshape(text))


def runs(text: str) -> list[tuple[str, str | None]]:
    """Split text into (run, font) pieces in drawing order: font None for the shipped font,
    else the CJK font."""
    if _is_plain(text):
        return [(text, None)] if text else []
    drawable = register()
    pieces: list[tuple[str, str | None]] = []
    current, current_font = "", None
    for char in visual(text):
        font = None
        if char.isspace() or ord(char) in drawable:
            pass
        elif _invisible(char):
            continue
        elif ord(char) in cjk():
            font = CJK
        else:
            char = PLACEHOLDER
        if current and font != current_font:
            pieces.append((current, current_font))
            current = ""
        current += char
        current_font = font
    if current:
        pieces.append((current, current_font))
    return pieces


def needs_fallback(text: str) -> bool:
    """Whether `text` needs more than drawing as it is in the shipped font."""
    return not _is_plain(text.replace(" ", ""))


def markup(text: str) -> str:
    """Paragraph markup that prints `text` exactly as typed, in whatever script."""
    text = " ".join(str(text).split())
    return "".join(
        escape(run) if font is None else f'<font face="{font}">{escape(run)}</font>'
        for run, font in runs(text)
    )


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The printed width of `text` (mixed scripts) at `size` points."""
    base = SANS_BOLD if bold else SANS
    pieces = runs(" ".join(text.split()))
    return sum(pdfmetrics.stringWidth(run, font or base, size) for run, font in pieces)
