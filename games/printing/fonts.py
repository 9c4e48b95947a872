"""Fonts for the printouts: DejaVu Sans Condensed (shipped in static/fonts, with its licence) for
Latin, Greek and Cyrillic, and ReportLab's built-in CID fonts for Chinese, Japanese and Korean,
which DejaVu has no glyphs for. Registered once per process.

`markup(text)` turns any typed text (a player's name, a title) into safe Paragraph markup:
markup characters escaped, runs of CJK characters wrapped in the right CID font.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
SANS = "Sans"
SANS_BOLD = "Sans-Bold"
#: CID fallbacks by script (no embedding needed: every PDF reader has them).
CJK_CHINESE = "STSong-Light"
CJK_JAPANESE = "HeiseiKakuGo-W5"
CJK_KOREAN = "HYGothic-Medium"


@cache
def register() -> frozenset[int]:
    """Register the fonts (once) and return the code points the shipped font can draw."""
    from . import speedups

    speedups.install()
    regular = TTFont(SANS, str(FONT_DIR / "DejaVuSansCondensed.ttf"))
    bold = TTFont(SANS_BOLD, str(FONT_DIR / "DejaVuSansCondensed-Bold.ttf"))
    pdfmetrics.registerFont(regular)
    pdfmetrics.registerFont(bold)
    # <b> in a Paragraph picks the bold face; there is no italic (it falls back to upright).
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS)
    addMapping(SANS, 1, 1, SANS_BOLD)
    for name in (CJK_CHINESE, CJK_JAPANESE, CJK_KOREAN):
        pdfmetrics.registerFont(UnicodeCIDFont(name))
    return frozenset(regular.face.charToGlyph) & frozenset(bold.face.charToGlyph)


def _cjk_font(run: str) -> str:
    if any(0x3040 <= ord(c) <= 0x30FF or 0x31F0 <= ord(c) <= 0x31FF for c in run):
        return CJK_JAPANESE
    if any(0xAC00 <= ord(c) <= 0xD7AF or 0x1100 <= ord(c) <= 0x11FF for c in run):
        return CJK_KOREAN
    return CJK_CHINESE


def runs(text: str) -> list[tuple[str, str | None]]:
    """Split text into (run, font) pieces: font None for the shipped font, else a CID font."""
    drawable = register()
    pieces: list[tuple[str, str | None]] = []
    current, fallback = "", False
    for char in text:
        missing = ord(char) not in drawable and not char.isspace()
        if current and missing != fallback:
            pieces.append((current, _cjk_font(current) if fallback else None))
            current = ""
        current += char
        fallback = missing
    if current:
        pieces.append((current, _cjk_font(current) if fallback else None))
    return pieces


def needs_fallback(text: str) -> bool:
    drawable = register()
    return any(ord(c) not in drawable for c in text if not c.isspace())


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
