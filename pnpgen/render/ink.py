"""Ink on a printed page, estimated from its drawing: what a designer pays in toner, per cent of the page's area.

A page is painted in grey on a grid of STEP mm cells, in drawing order, as a printer lays ink: each filled shape
covers the cells whose centres it holds (curves flattened, transforms and see-through fills applied, a clip
taken as its box). Strokes and words are too thin for the grid: their ink is added as area times how much
darker they are than what lies under them (a stroke's length times its width; a line of words INK_PER_TEXT of
its box). A picture counts as mid grey. Grey is (0.3 R + 0.59 G + 0.11 B), as poppler's grey render reads
colour; white is no ink, black full ink. On the bundled kits this lands within a few points of
`pdftoppm -gray` (a test holds it so).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..draw import fonts
from ..draw.bounds import outline_box, through
from ..draw.colour import rgb
from ..draw.geometry import IDENTITY, Matrix, apply, multiply
from ..draw.primitives import Circle, Drawing, Group, Image, Item, Path, Rect, Text

STEP = 1.0  # mm per grid cell
INK_PER_TEXT = 0.22  # share of a line's box (advance width x size) its letters ink, for a book face
PICTURE_GREY = 128
CURVE_STEPS = 8  # straight pieces per Bezier segment
CIRCLE_STEPS = 32


def grey(colour: str) -> int:
    """A colour as poppler's grey render prints it: 0 (black) to 255 (white)."""
    r, g, b = rgb(colour)
    return max(0, min(255, round(255 * (0.3 * r + 0.59 * g + 0.11 * b))))


@dataclass
class _Canvas:
    """A page's grey cells and the ink added beside them (strokes, words), in mm² of full black."""

    cols: int
    rows: int
    cells: list[bytearray]
    extra: float = 0.0

    @classmethod
    def blank(cls, width: float, height: float) -> _Canvas:
        cols, rows = max(1, math.ceil(width / STEP)), max(1, math.ceil(height / STEP))
        return cls(cols, rows, [bytearray(b"\xff" * cols) for _ in range(rows)])

    def fill(self, rings: list[list[tuple[float, float]]], value: int, opacity: float, even_odd: bool,
             box: tuple[float, float, float, float] | None) -> None:
        """Cover the cells whose centres lie inside the rings (and inside `box`, a clip's)."""
        edges = []
        for ring in rings:
            for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
                if y1 != y2:
                    edges.append((x1, y1, x2, y2, 1 if y2 > y1 else -1))
        if not edges:
            return
        top = min(min(e[1], e[3]) for e in edges)
        bottom = max(max(e[1], e[3]) for e in edges)
        left_clip, right_clip = 0, self.cols
        if box is not None:
            top, bottom = max(top, box[1]), min(bottom, box[3])
            left_clip = max(0, math.ceil(box[0] / STEP - 0.5))
            right_clip = min(self.cols, math.floor(box[2] / STEP - 0.5) + 1)
        first = max(0, math.ceil(top / STEP - 0.5))
        last = min(self.rows - 1, math.floor(bottom / STEP - 0.5))
        for row in range(first, last + 1):
            yc = (row + 0.5) * STEP
            hits = []
            for x1, y1, x2, y2, d in edges:
                if (y1 <= yc < y2) or (y2 <= yc < y1):
                    hits.append((x1 + (yc - y1) * (x2 - x1) / (y2 - y1), d))
            if len(hits) < 2:
                continue
            hits.sort()
            winding = 0
            for (x, d), (x_next, _) in zip(hits, hits[1:]):
                winding = winding + 1 if even_odd else winding + d
                inside = winding % 2 == 1 if even_odd else winding != 0
                if inside:
                    lo = max(left_clip, math.ceil(x / STEP - 0.5))
                    hi = min(right_clip, math.floor(x_next / STEP - 0.5) + 1)
                    if hi > lo:
                        self._paint(self.cells[row], lo, hi, value, opacity)

    @staticmethod
    def _paint(line: bytearray, lo: int, hi: int, value: int, opacity: float) -> None:
        if opacity >= 1.0:
            line[lo:hi] = bytes((value,)) * (hi - lo)
        else:
            line[lo:hi] = bytes(round(v + (value - v) * opacity) for v in line[lo:hi])

    def fill_box(self, x0: float, y0: float, x1: float, y1: float, value: int, opacity: float, box) -> None:
        """Cover the cells whose centres lie in an upright rectangle (and in `box`)."""
        if box is not None:
            x0, y0, x1, y1 = max(x0, box[0]), max(y0, box[1]), min(x1, box[2]), min(y1, box[3])
        lo = max(0, math.ceil(x0 / STEP - 0.5))
        hi = min(self.cols, math.floor(x1 / STEP - 0.5) + 1)
        if hi <= lo:
            return
        for row in range(max(0, math.ceil(y0 / STEP - 0.5)), min(self.rows, math.floor(y1 / STEP - 0.5) + 1)):
            self._paint(self.cells[row], lo, hi, value, opacity)

    def under(self, x: float, y: float) -> int:
        """The grey already printed at a point (white off the page)."""
        col, row = int(x / STEP), int(y / STEP)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.cells[row][col]
        return 255

    def ink(self) -> float:
        """All the ink on the page, in mm² of full black."""
        dark = sum(255 * self.cols - sum(line) for line in self.cells)
        return dark / 255 * STEP * STEP + self.extra


def _points(item: Rect | Circle | Path, m: Matrix) -> list[list[tuple[float, float]]]:
    """A shape's outline as rings of page points."""
    if isinstance(item, Rect):
        corners = [(item.x, item.y), (item.x + item.w, item.y), (item.x + item.w, item.y + item.h),
                   (item.x, item.y + item.h)]
        return [[apply(m, x, y) for x, y in corners]]
    if isinstance(item, Circle):
        return [[apply(m, item.cx + item.r * math.cos(2 * math.pi * k / CIRCLE_STEPS),
                       item.cy + item.r * math.sin(2 * math.pi * k / CIRCLE_STEPS)) for k in range(CIRCLE_STEPS)]]
    rings: list[list[tuple[float, float]]] = []
    ring: list[tuple[float, float]] = []
    here = start = (0.0, 0.0)
    for op in item.ops:
        if op[0] == "M":
            if len(ring) > 1:
                rings.append(ring)
            here = start = (op[1], op[2])
            ring = [apply(m, *here)]
        elif op[0] == "L":
            here = (op[1], op[2])
            ring.append(apply(m, *here))
        elif op[0] == "C":
            x0, y0 = here
            x1, y1, x2, y2, x3, y3 = op[1:]
            for k in range(1, CURVE_STEPS + 1):
                t = k / CURVE_STEPS
                u = 1 - t
                ring.append(apply(m, u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                                  u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
            here = (x3, y3)
        elif op[0] == "Z":
            here = start
    if len(ring) > 1:
        rings.append(ring)
    return rings


def _length(rings: list[list[tuple[float, float]]], closed: bool) -> float:
    total = 0.0
    for ring in rings:
        pairs = zip(ring, ring[1:] + ring[:1]) if closed else zip(ring, ring[1:])
        total += sum(math.hypot(x2 - x1, y2 - y1) for (x1, y1), (x2, y2) in pairs)
    return total


def _scale_of(m: Matrix) -> float:
    """How much a transform stretches lengths, on average over its two axes."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _paint(canvas: _Canvas, item: Item, m: Matrix, box) -> None:
    if isinstance(item, Group):
        inner = multiply(m, item.transform) if item.transform else m
        if item.clip is not None:
            clip = through(inner, outline_box(item.clip))
            if clip is not None:
                box = clip if box is None else (max(box[0], clip[0]), max(box[1], clip[1]),
                                                min(box[2], clip[2]), min(box[3], clip[3]))
                if box[0] >= box[2] or box[1] >= box[3]:
                    return
        for child in item.items:
            _paint(canvas, child, inner, box)
    elif isinstance(item, Text):
        if not item.text.strip():
            return
        x, y = apply(m, item.x, item.y)
        size = item.size * _scale_of(m)
        area = fonts.width(item.text, size, item.font) * size * INK_PER_TEXT
        canvas.extra += area * (canvas.under(x, y - size / 3) - grey(item.colour)) / 255 * item.opacity
    elif isinstance(item, Image):
        rings = _points(Rect(item.x, item.y, item.w, item.h, None), m)  # type: ignore[arg-type]
        canvas.fill(rings, PICTURE_GREY, 1.0, False, box)
    elif isinstance(item, (Rect, Circle, Path)):
        style = item.style
        rings = _points(item, m)
        if style.fill and style.fill != "none" and isinstance(item, Rect) and m[1] == m[2] == 0:
            (x0, y0), (x1, y1) = apply(m, item.x, item.y), apply(m, item.x + item.w, item.y + item.h)
            canvas.fill_box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1), grey(style.fill), style.opacity, box)
        elif style.fill and style.fill != "none":
            canvas.fill(rings, grey(style.fill), style.opacity, isinstance(item, Path) and item.even_odd, box)
        if style.stroke and style.stroke != "none" and style.width > 0:
            closed = not isinstance(item, Path) or any(op[0] == "Z" for op in item.ops)
            for ring in rings:  # (each piece of a path over what lies under its start: a sheet's crop marks)
                x, y = ring[0]
                dark = (canvas.under(x, y) - grey(style.stroke)) / 255  # a light line on a dark fill saves ink
                canvas.extra += _length([ring], closed) * style.width * _scale_of(m) * dark * style.opacity


def coverage(drawing: Drawing) -> float:
    """The ink a drawing puts on its page, in per cent of the page's area (0 white, 100 solid black)."""
    canvas = _Canvas.blank(drawing.width, drawing.height)
    _paint(canvas, drawing.root, IDENTITY, None)
    return min(100.0, 100 * canvas.ink() / (drawing.width * drawing.height))


KIND_WORDS = {"card": "card", "card-back": "card", "area-card": "ship and area card", "player-aid": "player aid",
              "board": "board", "token": "token"}
SAMPLE = 6  # sheets measured of each kind at most, spread over the kind's pages (a big kit's cost stays flat)
HOME_BUDGET = 35.0  # per cent: the most a sheet of the default kit should ink, what a home printer takes on
# without the paper curling or a cartridge running dry in one kit; a solid card back is over it by design


def sheet_kind(page, kinds: dict[str, str]) -> str:
    """What a page prints, as the ink report names it: 'cover', 'card faces', 'card backs', 'boards' ..."""
    if page.role == "cover":
        return "cover"
    area: dict[str, float] = {}
    for pid, _side, _x, _y, w, h in page.trims:
        word = KIND_WORDS.get(kinds.get(pid, ""), "piece")
        area[word] = area.get(word, 0.0) + w * h
    word = max(area, key=area.get) if area else "piece"  # type: ignore[arg-type]
    if page.role == "fold":
        return f"{word} fold sheets"
    if word == "card":
        return "card backs" if page.role == "back" else "card faces"
    return f"{word} backs" if page.role == "back" else f"{word}s"


@dataclass(frozen=True)
class KindInk:
    """The ink of one kind of sheet: the pages measured and their coverages."""

    kind: str
    pages: tuple[int, ...]  # 1-based page numbers, every page of the kind
    measured: tuple[tuple[int, float], ...]  # (page, coverage) of those measured


def ink_by_kind(pages: list, kinds: dict[str, str]) -> list[KindInk]:
    """Each kind of sheet's ink, in the order the kinds first print; at most SAMPLE pages of a kind measured."""
    found: dict[str, list[int]] = {}
    for n, page in enumerate(pages, start=1):
        if page.role != "blank":
            found.setdefault(sheet_kind(page, kinds), []).append(n)
    out = []
    for kind, numbers in found.items():
        picked = numbers if len(numbers) <= SAMPLE else \
            sorted({numbers[round(k * (len(numbers) - 1) / (SAMPLE - 1))] for k in range(SAMPLE)})
        out.append(KindInk(kind, tuple(numbers), tuple((n, coverage(pages[n - 1].drawing)) for n in picked)))
    return out


def ink_lines(paper: str, kinds: list[KindInk], ink_saver: bool) -> list[str]:
    """The ink report of one paper's kit: each kind's coverage, then what is over the home budget (if any)."""
    parts = []
    for k in kinds:
        low, high = min(c for _n, c in k.measured), max(c for _n, c in k.measured)
        span = f"{high:.0f} %" if round(low) == round(high) else f"{low:.0f}-{high:.0f} %"
        sampled = f" ({len(k.measured)} of {len(k.pages)} sheets measured)" if len(k.measured) < len(k.pages) else ""
        parts.append(f"{k.kind} {span}{sampled}")
    mode = "low-ink kit" if ink_saver else "full-colour kit"
    lines = [f"ink on {paper}, {mode} (estimated share of each sheet inked, in grey): " + ", ".join(parts)]
    over = [k for k in kinds if max(c for _n, c in k.measured) > HOME_BUDGET]
    if over:
        pages = sorted(n for k in over for n, c in k.measured if c > HOME_BUDGET)
        why = ("solid colour to the bleed, so a cut a little off shows no white edge; the low-ink kit (-low-ink.pdf) "
               "prints them as outlines") if not ink_saver else "the darkest drawings of the kit"
        lines.append(f"  over the {HOME_BUDGET:g} % a home printer's sheet should stay under: "
                     f"{', '.join(k.kind for k in over)} (page{'s' if len(pages) > 1 else ''} "
                     f"{', '.join(map(str, pages))}): {why}")
    return lines
