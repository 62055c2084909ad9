"""Affine transforms (a, b, c, d, e, f) as in SVG and PDF, and Bezier arcs."""

from __future__ import annotations

import math

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def translate(x: float, y: float) -> Matrix:
    """A translation."""
    return (1.0, 0.0, 0.0, 1.0, x, y)


def scale(sx: float, sy: float | None = None) -> Matrix:
    """A scaling about the origin."""
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Matrix:
    """A clockwise rotation (y grows downward) about (cx, cy)."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    if abs(c) < 1e-12:
        c = 0.0
    if abs(s) < 1e-12:
        s = 0.0
    m = (c, s, -s, c, 0.0, 0.0)
    return compose(translate(cx, cy), m, translate(-cx, -cy)) if (cx or cy) else m


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """The transform that applies n first, then m."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def compose(*ms: Matrix) -> Matrix:
    """Transforms composed left to right as written (the rightmost applies first)."""
    out = IDENTITY
    for m in ms:
        out = multiply(out, m)
    return out


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    """A point transformed."""
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def arc_beziers(cx: float, cy: float, r: float, start: float, sweep: float) -> list[tuple[float, ...]]:
    """Cubic segments (x1, y1, x2, y2, x, y) of a circular arc; angles in degrees, clockwise (y down)."""
    n = max(1, math.ceil(abs(sweep) / 90.0 - 1e-9))
    step = math.radians(sweep) / n
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    out = []
    t0 = math.radians(start)
    for i in range(n):
        a0, a1 = t0 + i * step, t0 + (i + 1) * step
        x0, y0 = math.cos(a0), math.sin(a0)
        x1, y1 = math.cos(a1), math.sin(a1)
        out.append((cx + r * (x0 - k * y0), cy + r * (y0 + k * x0),
                    cx + r * (x1 + k * y1), cy + r * (y1 - k * x1), cx + r * x1, cy + r * y1))
    return out
