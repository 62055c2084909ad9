"""Where drawings put ink: bounding boxes of the inked primitives, through transforms and clips."""

from __future__ import annotations

from . import fonts
from .geometry import Matrix
from .primitives import Circle, Group, Image, Item, Path, Rect, Style, Text

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
PAPER_WHITE = "#ffffff"


def inks(colour: str | None) -> bool:
    """Whether a colour puts ink on white paper."""
    return bool(colour) and colour.lower() != PAPER_WHITE


def _style_inks(st: Style) -> tuple[bool, bool]:
    if st.opacity <= 0:
        return False, False
    return inks(st.fill), inks(st.stroke) and st.width > 0


def union(a: Box | None, b: Box | None) -> Box | None:
    """The box holding both (None is empty)."""
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def intersect(a: Box | None, b: Box | None) -> Box | None:
    """The overlap of two boxes, or None."""
    if a is None or b is None:
        return None
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def through(m: Matrix, box: Box | None) -> Box | None:
    """The axis-aligned box holding a box's corners after a transform."""
    if box is None:
        return None
    a, b, c, d, e, f = m
    x0, y0, x1, y1 = box
    if b == 0 and c == 0:  # (a move, or a scale: the corners stay corners)
        xa, xb, ya, yb = a * x0 + e, a * x1 + e, d * y0 + f, d * y1 + f
        return (min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
    xs = (a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y1 + e)
    ys = (b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y1 + f)
    return (min(xs), min(ys), max(xs), max(ys))


_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}


def text_box(t: Text) -> Box:
    """The box a line of text takes: its advance width, from the font's ascent to its descent."""
    w = fonts.width(t.text, t.size, t.font)
    x0 = t.x - _SHIFT[t.anchor] * w
    regular = fonts.face("regular")
    return (x0, t.y - regular.ascent * t.size, x0 + w, t.y + regular.descent * t.size)


def outline_box(item: Rect | Circle | Path) -> Box | None:
    """The box of a shape's outline (a path's control points hold its curves)."""
    if isinstance(item, Rect):
        return (item.x, item.y, item.x + item.w, item.y + item.h)
    if isinstance(item, Circle):
        return (item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r)
    xs = [v for op in item.ops for v in op[1::2]]
    ys = [v for op in item.ops for v in op[2::2]]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def primitive_box(item: Item) -> Box | None:
    """The inked box of one primitive (None: it puts no ink on paper)."""
    if isinstance(item, Text):
        return text_box(item) if inks(item.colour) and item.text.strip() else None
    if isinstance(item, Image):
        return (item.x, item.y, item.x + item.w, item.y + item.h)
    filled, stroked = _style_inks(item.style)
    if not (filled or stroked):
        return None
    box = outline_box(item)
    if box is None or not stroked:
        return box
    h = item.style.width / 2
    return (box[0] - h, box[1] - h, box[2] + h, box[3] + h)


def ink_box(item: Item, cache: dict[int, Box | None] | None = None) -> Box | None:
    """The box of every inked primitive under an item, in its own coordinates (clips applied); `cache` holds
    groups already measured (by identity: a piece drawn many times is measured once)."""
    if not isinstance(item, Group):
        return primitive_box(item)
    if cache is not None and id(item) in cache:
        return cache[id(item)]
    box = None
    for child in item.items:
        box = union(box, ink_box(child, cache))
    if item.clip is not None:
        box = intersect(box, outline_box(item.clip))
    box = through(item.transform, box) if item.transform else box
    if cache is not None:
        cache[id(item)] = box
    return box
