"""SVG path data ("M 10 10 L 90 10 A 40 40 0 0 1 ...") read into path operations (M, L, C, Z)."""

from __future__ import annotations

import math
import re

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
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
    cx = cy = sx = sy = 0.0
    last_ctrl = None  # (x, y, kind) of the last control point, for S and T
    cmd = None
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            cmd = t
            i += 1
            if cmd in "Zz":
                ops.append(("Z",))
                cx, cy = sx, sy
                last_ctrl = None
                continue
        elif cmd is None:
            raise ValueError("path data must start with a command such as M")
        n = _ARGS[cmd.upper()]
        if cmd in "Aa":
            _split_flags(tokens, i)
        args = tokens[i:i + n]
        if len(args) < n or any(a.isalpha() for a in args):
            raise ValueError(f"command '{cmd}' needs {n} numbers")
        v = [float(a) for a in args]
        if not within_reach(*v):
            raise ValueError(f"command '{cmd}': a number is beyond ±1e9")
        i += n
        rel = cmd.islower()
        up = cmd.upper()
        if up == "M":
            x, y = (cx + v[0], cy + v[1]) if rel else (v[0], v[1])
            ops.append(("M", x, y))
            cx, cy = sx, sy = x, y
            cmd = "l" if rel else "L"  # further pairs are line-tos
            last_ctrl = None
        elif up in "LHV":
            if up == "L":
                x, y = (cx + v[0], cy + v[1]) if rel else (v[0], v[1])
            elif up == "H":
                x, y = (cx + v[0] if rel else v[0]), cy
            else:
                x, y = cx, (cy + v[0] if rel else v[0])
            ops.append(("L", x, y))
            cx, cy = x, y
            last_ctrl = None
        elif up in "CS":
            if up == "C":
                p = [(v[k] + (cx if k % 2 == 0 else cy)) if rel else v[k] for k in range(6)]
                x1, y1, x2, y2, x, y = p
            else:
                p = [(v[k] + (cx if k % 2 == 0 else cy)) if rel else v[k] for k in range(4)]
                x2, y2, x, y = p
                x1, y1 = (2 * cx - last_ctrl[0], 2 * cy - last_ctrl[1]) if last_ctrl and last_ctrl[2] == "C" \
                    else (cx, cy)
            ops.append(("C", x1, y1, x2, y2, x, y))
            last_ctrl = (x2, y2, "C")
            cx, cy = x, y
        elif up in "QT":
            if up == "Q":
                p = [(v[k] + (cx if k % 2 == 0 else cy)) if rel else v[k] for k in range(4)]
                qx, qy, x, y = p
            else:
                x, y = (cx + v[0], cy + v[1]) if rel else (v[0], v[1])
                qx, qy = (2 * cx - last_ctrl[0], 2 * cy - last_ctrl[1]) if last_ctrl and last_ctrl[2] == "Q" \
                    else (cx, cy)
            ops.append(("C", cx + 2 / 3 * (qx - cx), cy + 2 / 3 * (qy - cy),
                        x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y))
            last_ctrl = (qx, qy, "Q")
            cx, cy = x, y
        else:  # A
            rx, ry, rot, large, sweep = v[0], v[1], v[2], v[3] != 0, v[4] != 0
            x, y = (cx + v[5], cy + v[6]) if rel else (v[5], v[6])
            ops.extend(("C", *seg) for seg in arc_to_cubics(cx, cy, rx, ry, rot, large, sweep, x, y))
            if not ops or ops[-1][0] != "C":
                ops.append(("L", x, y))
            cx, cy = x, y
            last_ctrl = None
    if not ops or ops[0][0] != "M":
        raise ValueError("path data must start with M")
    if not all(within_reach(*op[1:]) for op in ops):
        raise ValueError("it reaches beyond ±1e9 (numbers too large, or an arc's radii too small for its ends)")
    return tuple(ops)


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
