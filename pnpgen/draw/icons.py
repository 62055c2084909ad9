"""Vector icons and suit symbols, drawn in a 100 x 100 box and scaled into place (never font glyphs)."""

from __future__ import annotations

import math
from collections.abc import Callable

from .geometry import compose, scale, translate
from .primitives import Circle, Group, Item, PathBuilder, Rect, Style, polygon, regular_polygon

SYMBOLS = ("diamond", "circle", "triangle", "square", "star", "cross", "hexagon", "anchor", "spade")


def _fill(c: str) -> Style:
    return Style(fill=c)


def _strokes(c: str, w: float) -> Style:
    return Style(stroke=c, width=w, cap="round", join="round")


def _star_points(cx, cy, ro, ri, n=5, start=-90.0):
    pts = []
    for i in range(2 * n):
        r = ro if i % 2 == 0 else ri
        a = math.radians(start + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _symbol_items(name: str, st: Style) -> list[Item]:
    if name == "diamond":
        return [polygon([(50, 2), (90, 50), (50, 98), (10, 50)], st)]
    if name == "circle":
        return [Circle(50, 50, 45, st)]
    if name == "triangle":
        return [polygon([(50, 5), (97, 88), (3, 88)], st)]
    if name == "square":
        return [Rect(9, 9, 82, 82, st)]
    if name == "star":
        return [polygon(_star_points(50, 54, 50, 21), st)]
    if name == "cross":
        return [polygon([(34, 6), (66, 6), (66, 34), (94, 34), (94, 66), (66, 66), (66, 94), (34, 94), (34, 66),
                         (6, 66), (6, 34), (34, 34)], st)]
    if name == "hexagon":
        return [regular_polygon(50, 50, 48, 6, 0, st)]
    if name == "spade":  # one outline, so that a stroked symbol shows no seams: a point, two lobes, a stem
        sx, sy = 68 + 21 * math.cos(math.radians(-55)), 60 + 21 * math.sin(math.radians(-55))  # right shoulder
        return [PathBuilder().move(50, 3).quad(56, 22, sx, sy).arc(68, 60, 21, -55, 190)
                .line(58, 96).line(42, 96).arc(32, 60, 21, 45, 190)
                .quad(44, 22, 50, 3).close().build(st)]
    if name == "anchor":
        line = Style(stroke=st.fill or st.stroke, width=9, cap="round", join="round")
        return [PathBuilder().arc(50, 15, 9, 0, 360).close().build(line),
                PathBuilder().move(50, 24).line(50, 92).build(line),
                PathBuilder().move(30, 38).line(70, 38).build(line),
                PathBuilder().arc(50, 56, 36, 20, 140).build(line),
                polygon([(84, 58), (92, 74), (76, 72)], Style(fill=st.fill or st.stroke)),
                polygon([(16, 58), (8, 74), (24, 72)], Style(fill=st.fill or st.stroke))]
    raise KeyError(name)


def symbol(name: str, x: float, y: float, size: float, colour: str, outline: str | None = None,
           outline_width: float = 0.0) -> Group:
    """A suit symbol filling the square [x, x+size] x [y, y+size]; outline width in mm."""
    k = size / 100.0
    st = Style(fill=colour, stroke=outline, width=(outline_width / k) if outline else 0.25, join="round")
    return Group(tuple(_symbol_items(name, st)), compose(translate(x, y), scale(k)), label=f"symbol {name}")


def _arrow(cx: float, cy: float, angle: float, length: float, c: str, shaft: float = 9.0,
           head: float = 24.0) -> list[Item]:
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    tx, ty = cx + ux * length, cy + uy * length
    bx, by = tx - ux * head, ty - uy * head
    return [PathBuilder().move(cx, cy).line(bx, by).build(Style(stroke=c, width=shaft, cap="round")),
            polygon([(tx, ty), (bx + px * head * 0.55, by + py * head * 0.55),
                     (bx - px * head * 0.55, by - py * head * 0.55)],
                    Style(fill=c, stroke=c, width=head * 0.08, join="round"))]


def heading_angle(sixths: int) -> float:
    """Screen angle (degrees, clockwise from +x) of a heading in sixths of a turn from straight up."""
    return -90.0 + 60.0 * sixths


def _sail(c):
    return [Rect(47, 4, 6, 74, _fill(c)),
            polygon([(53, 3), (70, 8), (53, 13)], _fill(c)),
            PathBuilder().move(16, 16).quad(50, 26, 84, 16).line(86, 62).quad(50, 76, 14, 62).close().build(_fill(c)),
            polygon([(4, 74), (96, 74), (82, 95), (18, 95)], _fill(c))]


def _cannon(c):
    wheel = PathBuilder().arc(40, 70, 19, 0, 360).close().arc(40, 70, 7, 0, 360).close().build(_fill(c), True)
    return [PathBuilder().move(20, 55).line(84, 33).build(Style(stroke=c, width=20, cap="round")),
            Circle(11, 59, 8, _fill(c)), Rect(82, 24, 10, 20, _fill(c), 3), wheel,
            Rect(8, 86, 70, 7, _fill(c), 3)]


def _duty(c):
    return [polygon([(36, 6), (64, 6), (64, 36), (94, 36), (94, 64), (64, 64), (64, 94), (36, 94), (36, 64),
                     (6, 64), (6, 36), (36, 36)], Style(fill=c, stroke=c, width=4, join="round"))]


def _lookout(c):
    eye = PathBuilder().move(3, 50).quad(50, -4, 97, 50).quad(50, 104, 3, 50).close() \
        .arc(50, 50, 20, 0, 360).close().build(_fill(c), True)
    return [eye, Circle(50, 50, 10, _fill(c))]


def _wind(c):
    st = _strokes(c, 9)
    return [PathBuilder().move(6, 30).line(58, 30).cubic(74, 30, 80, 14, 70, 8).cubic(63, 3, 54, 9, 57, 17).build(st),
            PathBuilder().move(6, 52).line(78, 52).cubic(94, 52, 97, 72, 86, 79).cubic(78, 84, 68, 78, 72, 70)
            .build(st),
            PathBuilder().move(6, 74).line(44, 74).build(st)]


def _spent(c):
    return [polygon([(18, 5), (82, 5), (82, 13), (57, 50), (82, 87), (82, 95), (18, 95), (18, 87), (43, 50),
                     (18, 13)], _fill(c))]


def _fan(sixths: tuple[int, ...]) -> Callable[[str], list[Item]]:
    def draw(c):
        ys = [math.sin(math.radians(heading_angle(s))) for s in sixths] + [0.0]
        cy = 50 - 23 * (min(ys) + max(ys))  # centre the fan of arrows in the box
        out: list[Item] = [Circle(50, cy, 10, _fill(c))]
        for s in sixths:
            out += _arrow(50, cy, heading_angle(s), 46, c, shaft=10, head=24)
        return out
    return draw


def _ship(c):
    return [polygon([(6, 66), (94, 66), (80, 90), (18, 90)], _fill(c)),
            polygon([(30, 8), (30, 60), (8, 60)], _fill(c)), polygon([(36, 4), (36, 60), (62, 60)], _fill(c)),
            polygon([(68, 14), (68, 60), (90, 60)], _fill(c))]


def _cube(c):
    st = Style(stroke=c, width=7, join="round", cap="round")
    return [polygon([(50, 6), (90, 26), (90, 74), (50, 94), (10, 74), (10, 26)], st),
            PathBuilder().move(10, 26).line(50, 46).line(90, 26).move(50, 46).line(50, 94).build(st)]


def _compass(c):
    out: list[Item] = [Circle(50, 50, 31, Style(stroke=c, width=3.5))]
    for s in range(6):
        a = math.radians(heading_angle(s))
        tip = (50 + 49 * math.cos(a), 50 + 49 * math.sin(a))
        left = (50 + 13 * math.cos(a - 0.52), 50 + 13 * math.sin(a - 0.52))
        right = (50 + 13 * math.cos(a + 0.52), 50 + 13 * math.sin(a + 0.52))
        out.append(polygon([(50, 50), left, tip, right], Style(fill=c, stroke=c, width=1.5, join="round")))
    out.append(Circle(50, 50, 5, Style(fill=c)))
    return out


def _flag(c):
    return [Rect(14, 6, 8, 90, _fill(c)),
            PathBuilder().move(22, 8).quad(50, 0, 88, 14).line(88, 52).quad(50, 40, 22, 50).close().build(_fill(c))]


ICONS: dict[str, Callable[[str], list[Item]]] = {
    "sail": _sail, "cannon": _cannon, "duty": _duty, "lookout": _lookout, "wind": _wind, "spent": _spent,
    "reach": _fan((-1, 0, 1)), "tack": _fan((-2, 2)), "run": _fan((0,)), "ship": _ship, "cube": _cube,
    "compass": _compass, "flag": _flag,
}


def icon_names() -> list[str]:
    """Every built-in icon and symbol name."""
    return sorted(set(ICONS) | set(SYMBOLS))


def icon(name: str, x: float, y: float, size: float, colour: str) -> Group:
    """A built-in icon (or a suit symbol by its name) filling the square [x, x+size] x [y, y+size]."""
    k = size / 100.0
    items = ICONS[name](colour) if name in ICONS else _symbol_items(name, Style(fill=colour))
    return Group(tuple(items), compose(translate(x, y), scale(k)), label=f"icon {name}")


def arrow(x1: float, y1: float, angle: float, length: float, colour: str, shaft: float, head: float) -> Group:
    """An arrow from (x1, y1) pointing at `angle` degrees (clockwise from +x); sizes in mm."""
    return Group(tuple(_arrow(0, 0, angle, length, colour, shaft, head)), translate(x1, y1))
