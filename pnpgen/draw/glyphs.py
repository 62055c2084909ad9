"""Glyph outlines read from a TrueType font's `glyf` table, as SVG path data in font units (y up): the SVG writer
draws text with them, so an SVG looks the same on a machine that lacks the font (librsvg reads no @font-face)."""

from __future__ import annotations

import functools
import struct

from reportlab.pdfbase import pdfmetrics

ON_CURVE = 0x01
X_SHORT, Y_SHORT, REPEAT, X_SAME, Y_SAME = 0x02, 0x04, 0x08, 0x10, 0x20
WORDS, XY_VALUES, SCALE, MORE, XY_SCALE, TWO_BY_TWO = 0x01, 0x02, 0x08, 0x20, 0x40, 0x80


class Outlines:
    """The glyphs of one registered font: glyph id by character, and each glyph's path data (read once)."""

    def __init__(self, pdf_name: str):
        face = pdfmetrics.getFont(pdf_name).face
        self.units = face.unitsPerEm
        self.by_char = face.charToGlyph
        self.glyf = face.get_table("glyf")
        self.offsets = face.glyphPos  # loca: where each glyph starts; a glyph with no bytes has no outline
        self.paths: dict[int, str] = {}

    def glyph(self, char: str) -> int:
        """The glyph id of a character (0, the font's 'missing' glyph, when it has none)."""
        return self.by_char.get(ord(char), 0)

    def path(self, gid: int) -> str:
        """SVG path data of a glyph in font units, y up ('' for a glyph with no outline, as a space)."""
        if gid not in self.paths:
            self.paths[gid] = " ".join(_contour(points) for points in self.contours(gid, 0) if points)
        return self.paths[gid]

    def contours(self, gid: int, depth: int) -> list[list[tuple[float, float, bool]]]:
        """A glyph's contours, each a list of (x, y, on the curve); composites placed as their transforms say."""
        if gid + 1 >= len(self.offsets) or depth > 8:
            return []
        start, end = self.offsets[gid], self.offsets[gid + 1]
        if end <= start:
            return []
        data = self.glyf[start:end]
        count = struct.unpack(">h", data[:2])[0]
        return _simple(data, count) if count >= 0 else self._composite(data, depth)

    def _composite(self, data: bytes, depth: int) -> list[list[tuple[float, float, bool]]]:
        out, at = [], 10
        while True:
            flags, part = struct.unpack(">HH", data[at:at + 4])
            at += 4
            if flags & WORDS:
                dx, dy = struct.unpack(">hh", data[at:at + 4])
                at += 4
            else:
                dx, dy = struct.unpack(">bb", data[at:at + 2])
                at += 2
            if not flags & XY_VALUES:  # placed by matching points: rare in text faces; drawn where it stands
                dx = dy = 0
            a = d = 1.0
            b = c = 0.0
            if flags & SCALE:
                a = d = _f2dot14(data, at)
                at += 2
            elif flags & XY_SCALE:
                a, d = _f2dot14(data, at), _f2dot14(data, at + 2)
                at += 4
            elif flags & TWO_BY_TWO:
                a, b, c, d = (_f2dot14(data, at + 2 * i) for i in range(4))
                at += 8
            for points in self.contours(part, depth + 1):
                out.append([(a * x + c * y + dx, b * x + d * y + dy, on) for x, y, on in points])
            if not flags & MORE:
                return out


def _f2dot14(data: bytes, at: int) -> float:
    return struct.unpack(">h", data[at:at + 2])[0] / 16384


def _simple(data: bytes, count: int) -> list[list[tuple[float, float, bool]]]:
    """The contours of a simple glyph: end points, instructions skipped, flags, then x and y deltas."""
    ends = struct.unpack(f">{count}H", data[10:10 + 2 * count])
    if not ends:
        return []
    total = ends[-1] + 1
    at = 10 + 2 * count
    at += 2 + struct.unpack(">H", data[at:at + 2])[0]
    flags: list[int] = []
    while len(flags) < total:
        flag = data[at]
        at += 1
        flags.append(flag)
        if flag & REPEAT:
            flags.extend([flag] * data[at])
            at += 1
    xs, at = _coordinates(data, at, flags[:total], X_SHORT, X_SAME)
    ys, _ = _coordinates(data, at, flags[:total], Y_SHORT, Y_SAME)
    points = [(x, y, bool(f & ON_CURVE)) for x, y, f in zip(xs, ys, flags)]
    out, first = [], 0
    for end in ends:
        out.append(points[first:end + 1])
        first = end + 1
    return out


def _coordinates(data: bytes, at: int, flags: list[int], short: int, same: int) -> tuple[list[int], int]:
    values, value = [], 0
    for flag in flags:
        if flag & short:
            step = data[at]
            at += 1
            value += step if flag & same else -step
        elif not flag & same:
            value += struct.unpack(">h", data[at:at + 2])[0]
            at += 2
        values.append(value)
    return values, at


def _num(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _contour(points: list[tuple[float, float, bool]]) -> str:
    """One closed contour as M, L and Q commands: between two points off the curve lies one on it, halfway."""
    start = next((i for i, p in enumerate(points) if p[2]), None)
    if start is None:  # no point on the curve: begin halfway between the last and the first
        (x0, y0, _), (x1, y1, _) = points[-1], points[0]
        ring = [((x0 + x1) / 2, (y0 + y1) / 2, True)] + points
    else:
        ring = points[start:] + points[:start]
    ring = ring + [ring[0]]
    x, y, _ = ring[0]
    parts = [f"M{_num(x)} {_num(y)}"]
    control = None
    for px, py, on in ring[1:]:
        if on:
            if control is None:
                parts.append(f"L{_num(px)} {_num(py)}")
            else:
                parts.append(f"Q{_num(control[0])} {_num(control[1])} {_num(px)} {_num(py)}")
                control = None
        elif control is None:
            control = (px, py)
        else:
            mx, my = (control[0] + px) / 2, (control[1] + py) / 2
            parts.append(f"Q{_num(control[0])} {_num(control[1])} {_num(mx)} {_num(my)}")
            control = (px, py)
    return "".join(parts) + "Z"


@functools.cache
def outlines(pdf_name: str) -> Outlines:
    """The outlines of a font registered under its PDF name (fonts.read_face registers every face it reads)."""
    return Outlines(pdf_name)
