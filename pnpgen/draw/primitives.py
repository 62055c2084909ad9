"""The drawing model: frozen primitives in millimetres (y grows downward) that every writer draws as given."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..errors import Loc
from .geometry import Matrix, arc_beziers, compose, rotate, scale, translate


@dataclass(frozen=True)
class Style:
    """Fill and stroke: colours '#rrggbb' (None: none), stroke width in mm, dashes in mm."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] = ()
    opacity: float = 1.0
    cap: str = "butt"  # butt | round | square
    join: str = "miter"  # miter | round | bevel


def fill(colour: str | None) -> Style:
    """A fill-only style."""
    return Style(fill=colour)


def stroke(colour: str | None, width: float = 0.25, **kw) -> Style:
    """A stroke-only style."""
    return Style(stroke=colour, width=width, **kw)


# Path operations: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
Op = tuple


@dataclass(frozen=True)
class Path:
    """An outline of straight and cubic segments; even_odd cuts holes where sub-paths overlap."""

    ops: tuple[Op, ...]
    style: Style
    even_odd: bool = False


@dataclass(frozen=True)
class Rect:
    """A rectangle with optionally rounded corners (radius r)."""

    x: float
    y: float
    w: float
    h: float
    style: Style
    r: float = 0.0


@dataclass(frozen=True)
class Circle:
    """A circle."""

    cx: float
    cy: float
    r: float
    style: Style


@dataclass(frozen=True)
class Text:
    """One laid-out line of text: baseline at y; anchor start | middle | end; size is the em in mm."""

    x: float
    y: float
    text: str
    size: float
    colour: str = "#222222"
    font: str = "regular"  # regular | bold | italic | bold-italic | display
    anchor: str = "start"
    source: Loc | None = field(default=None, compare=False)  # the content its words come from
    set_by: Loc | None = field(default=None, compare=False)  # the template value that sizes and places it
    role: str = field(default="", compare=False)  # what it is, for messages: "template 'x' effect.text"
    opacity: float = 1.0  # below 1: what is under it shows through (a watermark)


@dataclass(frozen=True)
class Group:
    """Items drawn in order under a transform, optionally clipped to a shape in the group's own coordinates."""

    items: tuple[Item, ...] = ()
    transform: Matrix | None = None
    clip: Rect | Path | Circle | None = None
    label: str = ""
    source: Loc | None = field(default=None, compare=False)  # the content it draws (its items may name their own)
    fit: TextFit | None = field(default=None, compare=False)  # a text box: how its text was set in its box
    # the named strips of a piece (a card's title band, its footer) that other text must keep out of, (x, y, w, h)
    regions: tuple[tuple[str, tuple[float, float, float, float]], ...] = field(default=(), compare=False)
    anchor: str = ""  # an id the SVG gives the group, for a page to point at ('' for none: most groups)


@dataclass
class TextFit:
    """How a text box's text was set in the box it was given: what the preflight holds against the box (text that
    does not fit is an error) and reports as shrunk. Not part of any drawing's identity."""

    box: tuple[float, float, float, float]  # (x, y, w, h); h of 1e5 or more: as tall as the text needs
    needed: float  # the height the text takes at the size it was set
    size: float  # the size it was set at (mm)
    wanted: float  # its style's size
    floor: float  # the smallest size the style lets it shrink to
    too_wide: str = ""  # a word wider than the box at that size ('' when none is)
    reported: bool = False  # its component already reported that it does not fit

    @property
    def bounded(self) -> bool:
        """Whether the box has a height of its own."""
        return self.box[3] < 1e5

    @property
    def fits(self) -> bool:
        """Whether the text lies inside its box."""
        return not self.too_wide and (not self.bounded or self.needed <= self.box[3] + 1e-6)


@dataclass(frozen=True)
class Raster:
    """A PNG or JPEG file as read: its bytes, format, size in pixels and name (as the pack names it)."""

    data: bytes = field(repr=False)
    format: str  # png | jpeg
    pixels: tuple[int, int]
    name: str
    digest: str = field(default="", compare=False)  # sha256 of the bytes, hex: how dumps and caches name it


@dataclass(frozen=True)
class Image:
    """A raster image stretched over the box (x, y, w, h); `source` is the content that places it."""

    x: float
    y: float
    w: float
    h: float
    raster: Raster
    source: Loc | None = field(default=None, compare=False)


Item = Path | Rect | Circle | Text | Image | Group


def group(*items: Item | None, transform: Matrix | None = None, clip=None, label: str = "") -> Group:
    """A group of the given items (None items are skipped)."""
    return Group(tuple(i for i in items if i is not None), transform, clip, label)


def place(item: Item, x: float = 0.0, y: float = 0.0, degrees: float = 0.0, factor: float = 1.0) -> Group:
    """An item translated to (x, y), after rotating by `degrees` clockwise and scaling about its origin."""
    parts: list[Matrix] = [translate(x, y)]
    if degrees:
        parts.append(rotate(degrees))
    if factor != 1.0:
        parts.append(scale(factor))
    return Group((item,), compose(*parts))


@dataclass
class PathBuilder:
    """Builds path operations; quadratic curves and arcs become cubic segments."""

    ops: list = field(default_factory=list)
    _cur: tuple[float, float] = (0.0, 0.0)
    _start: tuple[float, float] = (0.0, 0.0)

    def move(self, x: float, y: float) -> PathBuilder:
        """Start a sub-path at (x, y)."""
        self.ops.append(("M", x, y))
        self._cur = self._start = (x, y)
        return self

    def line(self, x: float, y: float) -> PathBuilder:
        """A straight segment to (x, y)."""
        self.ops.append(("L", x, y))
        self._cur = (x, y)
        return self

    def cubic(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> PathBuilder:
        """A cubic Bezier segment."""
        self.ops.append(("C", x1, y1, x2, y2, x, y))
        self._cur = (x, y)
        return self

    def quad(self, qx: float, qy: float, x: float, y: float) -> PathBuilder:
        """A quadratic Bezier segment (stored as a cubic)."""
        x0, y0 = self._cur
        return self.cubic(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
                          x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)

    def arc(self, cx: float, cy: float, r: float, start: float, sweep: float) -> PathBuilder:
        """A circular arc about (cx, cy), from angle `start`, sweeping `sweep` degrees clockwise."""
        sx = cx + r * math.cos(math.radians(start))
        sy = cy + r * math.sin(math.radians(start))
        if not self.ops or self.ops[-1][0] == "Z":
            self.move(sx, sy)
        elif (abs(self._cur[0] - sx) > 1e-9) or (abs(self._cur[1] - sy) > 1e-9):
            self.line(sx, sy)
        for seg in arc_beziers(cx, cy, r, start, sweep):
            self.cubic(*seg)
        return self

    def close(self) -> PathBuilder:
        """Close the current sub-path."""
        self.ops.append(("Z",))
        self._cur = self._start
        return self

    def build(self, style: Style, even_odd: bool = False) -> Path:
        """The finished path."""
        return Path(tuple(self.ops), style, even_odd)


def polygon(points, style: Style, even_odd: bool = False) -> Path:
    """A closed polygon through the points."""
    pts = list(points)
    ops: list[Op] = [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]
    return Path(tuple(ops), style, even_odd)


def polyline(points, style: Style) -> Path:
    """An open line through the points."""
    pts = list(points)
    return Path(tuple([("M", *pts[0])] + [("L", *p) for p in pts[1:]]), style)


def line(x1: float, y1: float, x2: float, y2: float, style: Style) -> Path:
    """A straight line."""
    return Path((("M", x1, y1), ("L", x2, y2)), style)


def regular_polygon(cx: float, cy: float, r: float, n: int, start: float, style: Style) -> Path:
    """A regular n-gon of circumradius r, first corner at angle `start` degrees (clockwise from +x)."""
    pts = [(cx + r * math.cos(math.radians(start + 360 * i / n)), cy + r * math.sin(math.radians(start + 360 * i / n)))
           for i in range(n)]
    return polygon(pts, style)


def walk(item: Item, matrix: Matrix | None = None):
    """Yield (primitive, transform) for every non-group primitive under an item, in drawing order."""
    from .geometry import IDENTITY, multiply
    m = matrix or IDENTITY
    if isinstance(item, Group):
        inner = multiply(m, item.transform) if item.transform else m
        for child in item.items:
            yield from walk(child, inner)
    else:
        yield item, m


@dataclass(frozen=True)
class Drawing:
    """A page or a component: its size in mm and the root group drawn on it."""

    width: float
    height: float
    root: Group
    title: str = ""
