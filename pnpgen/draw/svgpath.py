"""SVG path data ("M 10 10 L 90 10 A 40 40 0 0 1 ...") read into path operations (M, L, C, Z)."""

from __future__ import annotations

import math
import re

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
REACH = 1e9  # the farthest a picture's numbers and shapes may reach, in user units: far beyond it floats overflow


def within_reach(*values: float) -> bool:
    """Whether every value is a number within ±REACH (not NaN, not infinite)."""
    return all(-REACH <= v <= REACH for v in values)


def parse_path(d: str) -> tuple[tuple, ...]:
    """Path operations from SVG path data; ValueError naming what is wrong."""
    tokens = _TOKEN.findall(d)
    if "".join(tokens).replace(" ", "") == "" or re.sub(r"[\s,]", "", d) != "".join(tokens):
        bad = re.sub(r"[\s,]|" + _TOKEN.pattern, "", d)
        raise ValueError(f"unexpected '{bad[:10]}' in path data" if bad else "empty path data")
    ops: list[tuple] = []
    pen = _Pen()
    cmd = None
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            cmd = t
            i += 1
            if cmd in "Zz":
                ops.append(("Z",))
                pen.x, pen.y, pen.control = pen.start_x, pen.start_y, None
                continue
        elif cmd is None:
            raise ValueError("path data must start with a command such as M")
        elif cmd in "Zz":
            raise ValueError(f"command '{cmd}' takes no numbers (got {t})")
        values, i = _arguments(tokens, i, cmd)
        up = cmd.upper()
        _COMMANDS[up](pen, values, cmd.islower(), ops)
        if up == "M":
            cmd = "l" if cmd.islower() else "L"  # further pairs are line-tos
    if not ops or ops[0][0] != "M":
        raise ValueError("path data must start with M")
    if not all(within_reach(*op[1:]) for op in ops):
        raise ValueError("it reaches beyond ±1e9 (numbers too large, or an arc's radii too small for its ends)")
    return tuple(ops)


def _arguments(tokens: list[str], i: int, cmd: str) -> tuple[list[float], int]:
    """The numbers a command takes from token i on, and the index after them; ValueError when they are not there."""
    n = _ARGS[cmd.upper()]
    if cmd in "Aa":
        _split_flags(tokens, i)
    args = tokens[i:i + n]
    if len(args) < n or any(a.isalpha() for a in args):
        raise ValueError(f"command '{cmd}' needs {n} numbers")
    values = [float(a) for a in args]
    if not within_reach(*values):
        raise ValueError(f"command '{cmd}': a number is beyond ±1e9")
    return values, i + n


class _Pen:
    """Where a path's drawing stands: the current point, its subpath's start, and the last control point (x, y,
    'C' or 'Q') that a smooth curve (S, T) reflects."""

    __slots__ = ("x", "y", "start_x", "start_y", "control")

    def __init__(self):
        self.x = self.y = self.start_x = self.start_y = 0.0
        self.control: tuple | None = None

    def point(self, v: list[float], k: int, relative: bool) -> tuple[float, float]:
        """The point numbers k and k+1 name (relative to the current point, or absolute)."""
        return (self.x + v[k], self.y + v[k + 1]) if relative else (v[k], v[k + 1])

    def reflected(self, kind: str) -> tuple[float, float]:
        """The last control point of a curve of this kind mirrored through the current point (else the point)."""
        c = self.control
        return (2 * self.x - c[0], 2 * self.y - c[1]) if c and c[2] == kind else (self.x, self.y)

    def go(self, x: float, y: float, control: tuple | None = None) -> None:
        self.x, self.y, self.control = x, y, control


def _move(pen: _Pen, v: list[float], relative: bool, ops: list) -> None:
    x, y = pen.point(v, 0, relative)
    ops.append(("M", x, y))
    pen.go(x, y)
    pen.start_x, pen.start_y = x, y


def _line(pen: _Pen, v: list[float], relative: bool, ops: list) -> None:
    _line_to(pen, *pen.point(v, 0, relative), ops)


def _horizontal(pen: _Pen, v: list[float], relative: bool, ops: list) -> None:
    _line_to(pen, pen.x + v[0] if relative else v[0], pen.y, ops)


def _vertical(pen: _Pen, v: list[float], relative: bool, ops: list) -> None:
    _line_to(pen, pen.x, pen.y + v[0] if relative else v[0], ops)


def _line_to(pen: _Pen, x: float, y: float, ops: list) -> None:
    ops.append(("L", x, y))
    pen.go(x, y)


def _cubic(pen: _Pen, v: list[float], relative: bool, ops: list) -> None:
    _cubic_to(pen, *pen.point(v, 0, relative), *pen.point(v, 2, relative), *pen.point(v, 4, relative), ops)


def _smooth_cubic(pen: _Pen, v: list[float], relative: bool, ops: list) -> None:
    _cubic_to(pen, *pen.reflected("C"), *pen.point(v, 0, relative), *pen.point(v, 2, relative), ops)


def _cubic_to(pen: _Pen, x1: float, y1: float, x2: float, y2: float, x: float, y: float, ops: list) -> None:
    ops.append(("C", x1, y1, x2, y2, x, y))
    pen.go(x, y, (x2, y2, "C"))


def _quadratic(pen: _Pen, v: list[float], relative: bool, ops: list) -> None:
    _quadratic_to(pen, *pen.point(v, 0, relative), *pen.point(v, 2, relative), ops)


def _smooth_quadratic(pen: _Pen, v: list[float], relative: bool, ops: list) -> None:
    _quadratic_to(pen, *pen.reflected("Q"), *pen.point(v, 0, relative), ops)


def _quadratic_to(pen: _Pen, qx: float, qy: float, x: float, y: float, ops: list) -> None:
    """A quadratic curve, written as the cubic that draws it."""
    cx, cy = pen.x, pen.y
    ops.append(("C", cx + 2 / 3 * (qx - cx), cy + 2 / 3 * (qy - cy), x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y))
    pen.go(x, y, (qx, qy, "Q"))


def _arc(pen: _Pen, v: list[float], relative: bool, ops: list) -> None:
    x, y = pen.point(v, 5, relative)
    ops.extend(("C", *seg) for seg in arc_to_cubics(pen.x, pen.y, v[0], v[1], v[2], v[3] != 0, v[4] != 0, x, y))
    if not ops or ops[-1][0] != "C":
        ops.append(("L", x, y))
    pen.go(x, y)


# Each command (upper case; lower case is the same, relative to the current point) by what it draws.
_COMMANDS = {"M": _move, "L": _line, "H": _horizontal, "V": _vertical, "C": _cubic, "S": _smooth_cubic,
             "Q": _quadratic, "T": _smooth_quadratic, "A": _arc}


def _split_flags(tokens: list[str], i: int) -> None:
    """An arc's two flags are one digit each and may run into what follows ('a1 1 0 014 4'): split them off."""
    for k in (i + 3, i + 4):
        t = tokens[k] if k < len(tokens) else ""
        if len(t) > 1 and t[0] in "01":
            tokens[k:k + 1] = [t[0], t[1:]]


def arc_to_cubics(x1, y1, rx, ry, phi_deg, large, sweep, x2, y2) -> list[tuple[float, ...]]:
    """An SVG elliptical arc as cubic segments (SVG implementation notes, F.6.5)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx < 1e-9 or ry < 1e-9:  # (SVG: a zero radius draws a line; far smaller ones than drawings use, too)
        return [(x1, y1, x2, y2, x2, y2)]
    phi = math.radians(phi_deg)
    cp, sp = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cp * dx + sp * dy, -sp * dx + cp * dy
    lam = x1p ** 2 / rx ** 2 + y1p ** 2 / ry ** 2
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx ** 2 * ry ** 2 - rx ** 2 * y1p ** 2 - ry ** 2 * x1p ** 2
    den = rx ** 2 * y1p ** 2 + ry ** 2 * x1p ** 2
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        k = -k
    cxp, cyp = k * rx * y1p / ry, -k * ry * x1p / rx
    cx = cp * cxp - sp * cyp + (x1 + x2) / 2
    cy = sp * cxp + cp * cyp + (y1 + y2) / 2

    def ang(ux, uy, vx, vy):
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = ang(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = ang((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / n
    kk = 4 / 3 * math.tan(step / 4)
    out = []

    def pt(t):
        return (cx + rx * math.cos(t) * cp - ry * math.sin(t) * sp, cy + rx * math.cos(t) * sp + ry * math.sin(t) * cp)

    def deriv(t):
        return (-rx * math.sin(t) * cp - ry * math.cos(t) * sp, -rx * math.sin(t) * sp + ry * math.cos(t) * cp)

    for i in range(n):
        a0, a1 = t1 + i * step, t1 + (i + 1) * step
        p0, p1 = pt(a0), pt(a1)
        d0, d1 = deriv(a0), deriv(a1)
        out.append((p0[0] + kk * d0[0], p0[1] + kk * d0[1], p1[0] - kk * d1[0], p1[1] - kk * d1[1], p1[0], p1[1]))
    return out
