"""Drawing a template's elements for one piece: each element's box resolved against its anchor, its condition
and repeats taken from the piece's data, its kind's drawing turned and layered as the template says."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from ...draw.geometry import compose, rotate, translate
from ...draw.primitives import Group, Item
from ...errors import Problems
from ...source.fields import did_you_mean
from .declared import KINDS
from .reading import Element
from .subject import Inks, Subject, holds, repeats
from .values import resolve

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Trim:
    """The piece elements are placed on: its trim size, bleed and safe margin, in mm; where its top left sits (a
    board's hex or square among the board's others)."""

    size: tuple[float, float]
    bleed: float
    safe: float
    origin: tuple[float, float] = (0.0, 0.0)


@dataclass
class Scope:
    """What drawing one piece's elements shares: the layout context, template, data, frame and colours, the boxes
    of the elements placed so far (for anchors), and what a game-supplied kind needs (`extra`)."""

    ctx: Any  # components.context.Ctx
    template: Any
    subject: Subject
    trim: Trim
    inks: Inks
    problems: Problems
    boxes: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)

    @property
    def suits(self) -> dict:
        """The game's suits by id."""
        return self.ctx.icons.suits

    def colour(self, spec: str | None) -> str | None:
        """A colour parameter resolved for this piece."""
        from .subject import colour_of
        return colour_of(spec, self.subject, self.suits, self.ctx.game, self.inks)

    def within(self, subject: Subject) -> Scope:
        """The same scope for another subject (a repeat)."""
        return replace(self, subject=subject)


def draw_elements(elements: tuple[Element, ...], scope: Scope) -> list[Item]:
    """Every element's drawing, in order."""
    out: list[Item] = []
    for element in elements:
        out += draw_element(element, scope)
    return out


def draw_element(element: Element, scope: Scope) -> list[Item]:
    """One element: placed, repeated and turned as written; nothing when its condition does not hold."""
    box = element_box(element, scope)
    if box is None:
        return []
    scope.boxes[element.name] = box
    kind = KINDS[element.kind]
    if not supplied_here(element, kind, scope):
        return []
    each = repeats(element["each"], scope.subject)
    if each is None:
        if not holds(element["when"], scope.subject):
            return []
        items = list(kind.draw(element, box, scope) or [])
    else:
        shown = [s for s in each if holds(element["when"], s)]
        items = []
        placed = cells(box, len(shown), element["arrange"], element["gap"], element["cells"], element["from"])
        for (cell, turned), subject in zip(placed, shown):
            drawn = list(kind.draw(element, cell, scope.within(subject)) or [])
            if turned and drawn:
                drawn = [Group(tuple(drawn), _turn(180, cell[0] + cell[2] / 2, cell[1] + cell[3] / 2))]
            items += drawn
    if not items:
        return []
    degrees = element["rotate"]
    if degrees:
        if element["about"] == "card":
            cx = scope.trim.origin[0] + scope.trim.size[0] / 2
            cy = scope.trim.origin[1] + scope.trim.size[1] / 2
        else:
            cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
        return [Group(tuple(items), _turn(degrees, cx, cy), label=f"element {element.name}")]
    return items


def supplied_here(element: Element, kind, scope: Scope) -> bool:
    """Whether what supplies a kind (the card layout, the token layout) draws the piece in hand; else an error at
    the element, once."""
    need = {"cards": "face", "tokens": "side"}.get(kind.supplied)
    if need is None or need in scope.extra:
        return True
    key = ("supplied", element.loc_of("kind"))
    if key not in scope.ctx.reported:
        scope.ctx.reported.add(key)
        scope.problems.error(element.loc_of("kind"), f"{element.role}: a {element.kind} element is drawn only on "
                             f"{kind.supplied} (this template draws {scope.subject.what})")
    return False


def _turn(degrees: float, cx: float, cy: float):
    return compose(translate(cx, cy), rotate(degrees), translate(-cx, -cy))


def anchor_box(element: Element, scope: Scope) -> Box | None:
    """The box an element is measured in, or None (after an error) for an anchor that names nothing drawn yet."""
    w, h = scope.trim.size
    ox, oy = scope.trim.origin
    b, s = scope.trim.bleed, scope.trim.safe
    name = element["anchor"]
    if name == "trim":
        return (ox, oy, w, h)
    if name == "bleed":
        return (ox - b, oy - b, w + 2 * b, h + 2 * b)
    if name == "safe":
        return (ox + s, oy + s, max(0.0, w - 2 * s), max(0.0, h - 2 * s))
    if name in scope.boxes:
        return scope.boxes[name]
    if name == "group" and "group" in scope.extra:
        return scope.extra["group"]
    scope.problems.error(element.loc_of("anchor"), f"{element.role}: 'anchor' must be trim, bleed, safe or an "
                         f"element drawn before it, got '{name}'" + did_you_mean(name, list(scope.boxes)))
    return None


def element_box(element: Element, scope: Scope) -> Box | None:
    """Where an element goes on the piece, (x, y, width, height) in mm from the trim's top left."""
    anchor = anchor_box(element, scope)
    if anchor is None:
        return None
    ax, ay, aw, ah = anchor
    box = element["box"]
    if box is None:
        x = y = 0.0
        w, h = aw, ah
    else:
        x, w = resolve(box[0], aw), resolve(box[2], aw)
        y, h = resolve(box[1], ah), resolve(box[3], ah)
    corner, place = element["from"], element["place"]
    if place == "below":
        top = ay + ah + y
    elif place == "above":
        top = ay - h - y
    elif "top" in corner:
        top = ay + y
    elif "bottom" in corner:
        top = ay + ah - h - y
    else:
        top = ay + (ah - h) / 2 + y
    if place == "right":
        left = ax + aw + x
    elif place == "left":
        left = ax - w - x
    elif corner.endswith("left") or corner == "left":
        left = ax + x
    elif corner.endswith("right") or corner == "right":
        left = ax + aw - w - x
    else:
        left = ax + (aw - w) / 2 + x
    return (left, top, w, h)


# A playing card's pips, as shares of the box (x across, y down), for one to ten.
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    5: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)),
    6: ((0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    7: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    8: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75), (0.0, 1.0), (1.0, 1.0)),
    9: ((0.0, 0.0), (1.0, 0.0), (0.0, 1 / 3), (1.0, 1 / 3), (0.5, 0.5), (0.0, 2 / 3), (1.0, 2 / 3), (0.0, 1.0),
        (1.0, 1.0)),
    10: ((0.0, 0.0), (1.0, 0.0), (0.5, 1 / 6), (0.0, 1 / 3), (1.0, 1 / 3), (0.0, 2 / 3), (1.0, 2 / 3),
         (0.5, 5 / 6), (0.0, 1.0), (1.0, 1.0)),
}


def cells(box: Box, n: int, arrange: str, gap: float, size: str = "fill", side: str = "top-left"
          ) -> list[tuple[Box, bool]]:
    """Where n repeats go in a box: (cell, whether it is turned upside down) each; square cells are packed from
    the `side` the element is measured from."""
    if n <= 0:
        return []
    x, y, w, h = box
    if size == "square" and arrange in ("row", "column"):
        across = arrange == "row"
        s = min(h if across else w, ((w if across else h) - gap * (n - 1)) / n)
        run = n * s + (n - 1) * gap
        room = (w if across else h) - run
        ends = ("right", "bottom") if across else ("bottom",)
        start = room if side.endswith(ends[0]) or (not across and side.startswith("bottom")) else \
            room / 2 if side in (("top", "bottom", "center") if across else ("left", "right", "center")) else 0.0
        if across:
            cy = y + (h - s) / 2
            return [((x + start + k * (s + gap), cy, s, s), False) for k in range(n)]
        cx = x + (w - s) / 2
        return [((cx, y + start + k * (s + gap), s, s), False) for k in range(n)]
    if arrange == "stack":
        return [(box, False)] * n
    if arrange == "pips" and n in PIPS:
        s = min(w / 3.0, h / 4.6, (w if n <= 3 else w / 2.2))
        return [((x + fx * (w - s), y + fy * (h - s), s, s), fy > 0.5 and n > 1) for fx, fy in PIPS[n]]
    if arrange == "column":
        ch = (h - gap * (n - 1)) / n
        return [((x, y + k * (ch + gap), w, ch), False) for k in range(n)]
    if arrange == "grid" or arrange == "pips":
        cols = math.ceil(math.sqrt(n * w / h)) if h > 0 and w > 0 else n
        cols = max(1, min(n, cols))
        rows = math.ceil(n / cols)
        cw, ch = (w - gap * (cols - 1)) / cols, (h - gap * (rows - 1)) / rows
        return [((x + (k % cols) * (cw + gap), y + (k // cols) * (ch + gap), cw, ch), False) for k in range(n)]
    cw = (w - gap * (n - 1)) / n
    return [((x + k * (cw + gap), y, cw, h), False) for k in range(n)]
