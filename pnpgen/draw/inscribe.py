"""The roomiest upright rectangle inside an outline: where a label and an icon can go on an odd-shaped token."""

from __future__ import annotations

from .primitives import Op


def flatten(ops: tuple[Op, ...], steps: int = 8) -> list[list[tuple[float, float]]]:
    """The sub-paths of path operations (M, L, C, Z) as closed polygons, curves cut into `steps` straight pieces."""
    polys: list[list[tuple[float, float]]] = []
    cur: list[tuple[float, float]] = []
    for op in ops:
        if op[0] == "M":
            if len(cur) > 2:
                polys.append(cur)
            cur = [(op[1], op[2])]
        elif op[0] == "L":
            cur.append((op[1], op[2]))
        elif op[0] == "C" and cur:
            (x0, y0), (x1, y1, x2, y2, x3, y3) = cur[-1], op[1:]
            for k in range(1, steps + 1):
                t = k / steps
                u = 1 - t
                cur.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                            u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
        elif op[0] == "Z":
            if len(cur) > 2:
                polys.append(cur)
            cur = [cur[0]] if cur else []
    if len(cur) > 2:
        polys.append(cur)
    return polys


def span(polys, y: float, centre: float) -> tuple[float, float] | None:
    """The stretch of a horizontal line at y inside the outline (non-zero winding) nearest the centre line."""
    crossings: list[tuple[float, int]] = []
    for poly in polys:
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            if (y1 <= y < y2) or (y2 <= y < y1):
                crossings.append((x1 + (y - y1) * (x2 - x1) / (y2 - y1), 1 if y2 > y1 else -1))
    crossings.sort()
    spans, wind, start = [], 0, 0.0
    for x, d in crossings:
        before = wind
        wind += d
        if before == 0 and wind != 0:
            start = x
        elif before != 0 and wind == 0:
            spans.append((start, x))
    if not spans:
        return None
    return min(spans, key=lambda s: 0.0 if s[0] <= centre <= s[1] else min(abs(s[0] - centre), abs(s[1] - centre)))


def inner_box(polys, width: float, height: float, rows: int = 48, min_aspect: float = 0.9
              ) -> tuple[float, float, float, float]:
    """The largest upright rectangle (x, y, w, h) inside the outline whose width is at least `min_aspect` times its
    height; the outline lies in [0, width] x [0, height]."""
    ys = [height * (k + 0.5) / rows for k in range(rows)]
    spans = [span(polys, y, width / 2) for y in ys]
    best = (0.0, (width * 0.25, height * 0.25, width * 0.5, height * 0.5))
    step = height / rows
    for i in range(rows):
        lo, hi = -1e9, 1e9
        for j in range(i, rows):
            s = spans[j]
            if s is None:
                break
            lo, hi = max(lo, s[0]), min(hi, s[1])
            w = hi - lo
            if w <= 0:
                break
            h = (j - i + 1) * step
            if w >= min_aspect * h and w * h > best[0] + 1e-9:
                best = (w * h, (lo, ys[i] - step / 2, w, h))
    return best[1]
