"""Sheet furniture drawn as primitives: crop marks, scale bars, the footer band, fold lines, alignment targets."""

from __future__ import annotations

import functools

from ..draw import fonts
from ..draw.geometry import compose, rotate, translate
from ..draw.primitives import Circle, Group, Item, Path, Rect, Style, Text, line
from ..draw.units import MM_PER_IN

Seg = tuple[float, float, float, float]


def crop_marks(segments: list[Seg], t) -> Group:
    """Crop mark segments: thin lines over a white halo, so they show over a dark bleed; all the halos, then all
    the lines, each drawn as one path (a sheet's marks are one stroke, not one for each)."""
    out: list[Item] = []
    m = t["marks"]
    ops = tuple(op for x1, y1, x2, y2 in segments for op in (("M", x1, y1), ("L", x2, y2)))
    if ops and m["halo"] > 0:
        out.append(Path(ops, Style(stroke="#ffffff", width=m["width"] + m["halo"], cap="butt")))
    if ops:
        out.append(Path(ops, Style(stroke=m["colour"], width=m["width"], cap="butt")))
    return Group(tuple(out), label="crop marks")


def scale_bars(x: float, y: float, ink: str, label_size: float) -> tuple[Group, float]:
    """A 50 mm bar and a 2 in bar, checked-pattern, labelled; returns the drawing and its width. The same bars are
    the same drawing on every page (a PDF writes them once, as a form its pages use)."""
    return _scale_bars(x, y, ink, label_size, fonts.active())


@functools.lru_cache(maxsize=64)
def _scale_bars(x: float, y: float, ink: str, label_size: float, _fonts) -> tuple[Group, float]:
    out: list[Item] = []
    bh = 1.1
    for row, (length, parts, label) in enumerate(((50.0, 5, "50 mm"), (2 * MM_PER_IN, 4, "2 in"))):
        by = y + row * (bh + 1.0)
        step = length / parts
        for k in range(parts):
            out.append(Rect(x + k * step, by, step, bh, Style(fill=ink if k % 2 == 0 else "#ffffff")))
        out.append(Rect(x, by, length, bh, Style(stroke=ink, width=0.15)))
        out.append(Text(x + 2 * MM_PER_IN + 1.2, by + bh * 0.5 + fonts.CAP_HEIGHT * label_size / 2, label,
                        label_size, ink, "bold"))
    return Group(tuple(out), label="scale bars"), 2 * MM_PER_IN + 1.2 + fonts.width("50 mm", label_size, "bold")


def footer_band(length: float, height: float, text: str, note: str, t) -> Group:
    """The band every sheet carries, laid out along a length: scale bars at one end; the print note over the
    footer text (title, version, what the page holds, page n of N) at the other."""
    ink = t["footer"]["colour"] or "#333333"
    size = t["footer"]["size"]
    small = t["note_size"]
    bars, bars_w = scale_bars(0.2, (height - 3.2) / 2, ink, small)  # (their outline's stroke inside the band)
    room = length - bars_w - 4
    while fonts.width(text, size, "bold") > room and size > small:  # a long label: smaller, down to the note's size
        size = max(small, size - 0.05)
    pitch = max(size, small) * 1.18
    top = (height - fonts.CAP_HEIGHT * max(size, small) - (pitch if note else 0)) / 2
    base = top + fonts.CAP_HEIGHT * max(size, small)
    out: list[Item] = [bars]
    if note:
        out.append(Text(length, base, note, small, ink, "italic", "end"))
        base += pitch
    out.append(Text(length, base, text, size, ink, "bold", "end"))
    return Group(tuple(out), label="footer")


def place_band(band: Group, side: str, page_w: float, page_h: float, margin: float, height: float) -> Group:
    """The band at the bottom of a page, or along its right (or left) edge reading upward."""
    if side == "bottom":
        return Group((band,), translate(margin, page_h - margin - height))
    x = margin if side == "left" else page_w - margin - height
    return Group((band,), compose(translate(x, page_h - margin), rotate(-90)))


def fold_line(y: float, page_w: float, margin: float, ink: str = "#777777") -> Group:
    """A dashed fold line across the page, labelled at both ends."""
    st = Style(stroke=ink, width=0.25, dash=(3.0, 2.0))
    size = 2.2
    return Group((line(margin + 12, y, page_w - margin - 12, y, st),
                  Text(margin, y + size * 0.36, "fold", size, ink, "italic"),
                  Text(page_w - margin, y + size * 0.36, "fold", size, ink, "italic", "end")), label="fold")


def target(x: float, y: float, size: float, ink: str = "#000000") -> Group:
    """An alignment target: a circle and a cross."""
    r = size / 2
    st = Style(stroke=ink, width=0.25)
    return Group((Circle(x, y, r * 0.6, Style(stroke=ink, width=0.25, fill="#ffffff")), line(x - r, y, x + r, y, st),
                  line(x, y - r, x, y + r, st)), label="target")
