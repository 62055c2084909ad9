"""Pieces as pixels: each drawing written as our own PDF, rasterised by PDFium (pypdfium2), saved as PNG by Pillow.

Pixel sizes: a side of L mm at D dpi is round(L / 25.4 * D) pixels, halves rounded up (63 x 88 mm at 300 dpi:
744 x 1039). The page is rendered into a bitmap of exactly that size, so the drawing is stretched by less than
half a pixel to fill it. PNGs are sRGB (an sRGB chunk), carry their dpi (pHYs) and nothing that changes from
run to run, so the same drawing gives the same bytes.
"""

from __future__ import annotations

import importlib.util
import io
import math
from dataclasses import dataclass

from ..draw.primitives import Drawing, Group, Item, Rect, Style
from ..draw.units import MM_PER_IN
from ..errors import PnpgenError
from .pdf import write_pdf

DPI_RANGE = (50, 600)
MAX_PIXELS = 80_000_000  # one image's pixels (4 bytes each while it is rendered)
EXTRA = "pip install 'pnpgen[png]'"


def require_rasteriser(what: str) -> None:
    """Stop with one line when the optional rasteriser (pypdfium2, Pillow) is not installed."""
    missing = [m for m in ("pypdfium2", "PIL") if importlib.util.find_spec(m) is None]
    if missing:
        names = ", ".join("Pillow" if m == "PIL" else m for m in missing)
        raise PnpgenError(f"{what} needs the optional extra png ({names} not installed): {EXTRA}")


def pixels(mm: float, dpi: int) -> int:
    """How many pixels a length takes at a resolution: the nearest whole pixel, halves up."""
    return max(1, math.floor(mm / MM_PER_IN * dpi + 0.5))


@dataclass(frozen=True)
class Shot:
    """One image to make: a drawing (its page in mm) and the exact pixels it fills."""

    drawing: Drawing
    width: int
    height: int
    transparent: bool = False  # RGBA, clear where nothing is drawn; else RGB on white


def piece_drawing(item: Item, width: float, height: float, bleed: float = 0.0) -> Drawing:
    """A piece's side (origin at its trim's top left) on a page of its trim, or of its trim and bleed."""
    if bleed:
        item = Group((item,), transform=(1.0, 0.0, 0.0, 1.0, bleed, bleed))
    w, h = width + 2 * bleed, height + 2 * bleed
    return Drawing(w, h, Group((item,), clip=Rect(0.0, 0.0, w, h, Style())))


def shot(drawing: Drawing, dpi: int, transparent: bool = False, what: str = "") -> Shot:
    """The image of a drawing at a resolution; too many pixels for one image stop the build."""
    w, h = pixels(drawing.width, dpi), pixels(drawing.height, dpi)
    if w * h > MAX_PIXELS:
        raise PnpgenError(f"{what or drawing.title or 'an image'} would be {w} x {h} pixels at {dpi} dpi "
                          f"(at most {MAX_PIXELS // 1_000_000} million); choose a lower --dpi")
    return Shot(drawing, w, h, transparent)


def rasterise(shots: list[Shot], dpi: int):
    """Pillow images of the shots, in order: one PDF of every page, rendered page by page."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    if not shots:
        return
    doc = pdfium.PdfDocument(write_pdf([s.drawing for s in shots], title="pnpgen raster", author="pnpgen"))
    try:
        for i, s in enumerate(shots):
            page = doc[i]
            fmt = pdfium_c.FPDFBitmap_BGRA if s.transparent else pdfium_c.FPDFBitmap_BGR
            bitmap = pdfium.PdfBitmap.new_native(s.width, s.height, fmt, rev_byteorder=True)
            bitmap.fill_rect((255, 255, 255, 0 if s.transparent else 255), 0, 0, s.width, s.height)
            pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, s.width, s.height, 0,
                                           pdfium_c.FPDF_REVERSE_BYTE_ORDER)
            image = bitmap.to_pil().copy()
            bitmap.close()
            page.close()
            yield image
    finally:
        doc.close()


def png_bytes(image, dpi: float) -> bytes:
    """A Pillow image as PNG bytes: sRGB, its dpi, no time or software stamp."""
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add(b"sRGB", b"\x00")  # rendering intent: perceptual
    buf = io.BytesIO()
    image.save(buf, "PNG", pnginfo=info, dpi=(dpi, dpi), compress_level=6)
    return buf.getvalue()
