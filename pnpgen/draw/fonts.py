"""The fonts pnpgen draws with: Bitstream Vera, shipped with reportlab, registered as embeddable TrueType."""

from __future__ import annotations

import functools
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..errors import PnpgenError

FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"
# style -> (PDF font name, file in reportlab/fonts)
FACES = {
    "regular": ("PnpSans", "Vera.ttf"),
    "bold": ("PnpSans-Bold", "VeraBd.ttf"),
    "italic": ("PnpSans-Italic", "VeraIt.ttf"),
    "bold-italic": ("PnpSans-BoldItalic", "VeraBI.ttf"),
}
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
ASCENT = 0.76  # of the em, from the font's own metrics
DESCENT = 0.24
CAP_HEIGHT = 0.73
# Characters the font lacks, spelled with ones it has.
SUBSTITUTES = {"\u2192": "->", "\u2190": "<-", "\u2264": "<=", "\u2212": "-"}


@functools.cache
def register() -> dict[str, str]:
    """Register the faces with reportlab (once); style -> PDF font name."""
    out = {}
    for style, (name, filename) in FACES.items():
        path = FONT_DIR / filename
        if not path.is_file():
            raise PnpgenError(f"font file {path} is missing (reinstall reportlab)")
        pdfmetrics.registerFont(TTFont(name, str(path)))
        out[style] = name
    return out


def pdf_name(style: str) -> str:
    """The registered PDF font name of a style."""
    return register()[style]


@functools.cache
def _charset() -> frozenset[int]:
    font = pdfmetrics.getFont(pdf_name("regular"))
    return frozenset(font.face.charToGlyph)


def clean(text: str) -> str:
    """Text with characters the font lacks replaced by ones it has."""
    chars = _charset()
    if all(ord(c) in chars for c in text):
        return text
    return "".join(c if ord(c) in chars else SUBSTITUTES.get(c, "?") for c in text)


@functools.lru_cache(maxsize=20000)
def width(text: str, size: float, style: str = "regular") -> float:
    """Advance width of a string at a font size (both in mm)."""
    return pdfmetrics.stringWidth(text, pdf_name(style), size)
