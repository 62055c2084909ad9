"""Text that does not fit where it prints: every text box of a laid-out piece held against the box it was given and
the strips of the piece it must keep out of (a card's title band and footer).

- Text taller than its box, or with a word wider than it, even at the smallest size its template allows, is an
  error: it would print over what lies beyond the box, or be cut off by it.
- Text that shrinks to fit under MIN_TYPE_PT is an error: the fit is bought with type too small to read.
- Text that reaches into a strip it is not part of (an effect running into the footer band) is an error.
- Text shrunk to fit, within those bounds, is a note (`check --verbose`).

Each finding is located at the text's content, and names the template value that sets its size.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ..draw.bounds import Box, ink_box, through
from ..draw.geometry import IDENTITY, Matrix, multiply
from ..draw.piece import Piece
from ..draw.primitives import Group, Text, TextFit
from ..draw.text import CLEAR_MM
from ..draw.units import MM_PER_PT
from ..errors import Loc, Problems
from .findings import Findings

MIN_TYPE_PT = 6.0
INSIDE_MM = 0.1  # how far text may stand out of the strip it is part of (rounding)


def check_fits(pieces, problems: Problems, boxes: dict[int, Box | None] | None = None) -> set[int]:
    """Record an error for every text box of the pieces that does not fit, and a note for each one shrunk; each
    cause once, with the pieces it shows on. Returns the ids of the lines of text that shrank under MIN_TYPE_PT
    (an error here, so not a small-type warning as well). `boxes` keeps the ink boxes of groups measured, for
    the checks after it."""
    errors, notes = Findings(), Findings()
    too_small: set[int] = set()
    for piece in pieces:
        for side, drawing in (("face", piece.face), ("back", piece.back)):
            if drawing is None or (side == "back" and piece.kind == "card"):
                continue  # a card's back is its deck's, checked once as the deck's back piece
            _check_side(piece, side, drawing, errors, notes, too_small, boxes)
    errors.report(problems, "error")
    notes.report(problems, "note")
    return too_small


def _name(piece: Piece, side: str) -> str:
    kind = piece.kind.replace("-", " ") or "piece"
    return f"{kind} '{piece.name}'" + (" back" if side == "back" and piece.kind != "card-back" else "")


def _boxes(item, m: Matrix, source: Loc | None) -> Iterator[tuple[Group, Matrix, Loc | None]]:
    """(group, transform, innermost content source) of every group under an item, in drawing order."""
    stack = [(item, m, source)]
    while stack:
        item, m, source = stack.pop()
        if not isinstance(item, Group):
            continue
        source = item.source or source
        inner = multiply(m, item.transform) if item.transform else m
        yield item, inner, source
        stack.extend((child, inner, source) for child in reversed(item.items) if isinstance(child, Group))


def _first_text(group: Group) -> Text | None:
    for item in group.items:
        if isinstance(item, Text) and item.text.strip():
            return item
        if isinstance(item, Group):
            found = _first_text(item)
            if found is not None:
                return found
    return None


def _texts(group: Group) -> Iterator[Text]:
    for item in group.items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from _texts(item)


def _words(group: Group) -> str:
    """The text a box prints, lines joined, shortened for a message."""
    text = " ".join(t.text.strip() for t in _texts(group) if t.text.strip())
    return text if len(text) <= 40 else text[:37] + "..."


def _pt(mm: float) -> str:
    return f"{mm / MM_PER_PT:.2f}".rstrip("0").rstrip(".") + " pt"


def _check_side(piece: Piece, side: str, drawing: Group, errors: Findings, notes: Findings,
                too_small: set[int], boxes: dict[int, Box | None] | None = None) -> None:
    where = _name(piece, side)
    groups = list(_boxes(drawing, IDENTITY, piece.source))
    regions = [(name, through(m, (x, y, x + w, y + h))) for g, m, _s in groups for name, (x, y, w, h) in g.regions]
    for group, m, source in groups:
        fit = group.fit
        if fit is None:
            continue
        first = _first_text(group)
        if first is None:
            continue
        told = _Told(group, first, source)
        if not fit.fits:  # (where it would run to is beside the point)
            if not fit.reported:
                errors.add(("fit", *told.key), told.at, _misfit(told.what, fit) + told.set_by, where)
            continue
        if fit.size < MIN_TYPE_PT * MM_PER_PT - 1e-6 < fit.wanted:
            too_small.update(id(t) for t in _texts(group))
            errors.add(("floor", *told.key), told.at, f"{told.what} would have to shrink to {_pt(fit.size)} to fit "
                       f"its box, under the {MIN_TYPE_PT:g} pt that prints readably; shorten it or give it a larger "
                       f"box{told.set_by}", where)
        elif fit.size < fit.wanted - 1e-6:
            notes.add(("shrunk", *told.key), told.at, f"{told.what} is shrunk from {_pt(fit.wanted)} to "
                      f"{_pt(fit.size)} to fit its box{told.set_by}", where)
        if not regions:
            continue
        box = through(m, ink_box(group, boxes))
        if box is None:
            continue
        x, y, w, h = fit.box
        given = through(m, (x, y, x + w, y + h))
        for name, strip in regions:
            if _inside(given, strip):  # text set in the strip itself (a band's title)
                continue
            depth = _overlap(box, strip)
            if depth > 0:
                errors.add(("into", name, *told.key), told.at, f"{told.what} comes "
                           f"{max(CLEAR_MM - depth, 0):.1f} mm from the {name}"
                           f"{' (it overlaps it)' if depth > CLEAR_MM else ''}, closer than the {CLEAR_MM:g} mm "
                           f"that keeps it clear: it runs into the {name}; shorten it, or end its box "
                           f"{CLEAR_MM:g} mm short of the {name}{told.set_by}", where)


class _Told:
    """How findings name a text box: where it is, what it says, what sets its size (worked out when asked)."""

    def __init__(self, group: Group, first: Text, source: Loc | None):
        self.group, self.first = group, first
        self.at = first.source or source
        self.set_by = f" (its size is set at {first.set_by})" if first.set_by else ""

    @functools.cached_property
    def words(self) -> str:
        return _words(self.group)

    @property
    def what(self) -> str:
        return f"{self.first.role or 'text'} '{self.words}'"

    @property
    def key(self) -> tuple:
        return (self.at, self.first.set_by, self.first.role, self.words)


def _misfit(what: str, fit: TextFit) -> str:
    if fit.too_wide:
        word = fit.too_wide if len(fit.too_wide) <= 30 else fit.too_wide[:27] + "..."
        return (f"{what}: the word '{word}' is wider than its box ({fit.box[2]:.1f} mm) at {_pt(fit.size)}, so it "
                "prints past the box's side")
    shrink = (f" even at {_pt(fit.size)}, the smallest its template allows (min_size)" if fit.floor < fit.wanted
              else f" at {_pt(fit.size)} (a min_size in its template would let it shrink)")
    return (f"{what} does not fit its box: it needs {fit.needed:.1f} mm of height and the box has "
            f"{fit.box[3]:.1f} mm{shrink}, so it would be cut off or print over what lies beyond")


def _inside(box: Box, strip: Box) -> bool:
    return (box[0] >= strip[0] - INSIDE_MM and box[1] >= strip[1] - INSIDE_MM and box[2] <= strip[2] + INSIDE_MM
            and box[3] <= strip[3] + INSIDE_MM)


def _overlap(box: Box, strip: Box) -> float:
    """How far a box reaches into a strip grown by CLEAR_MM on every side, the lesser of the two directions
    (0: it keeps clear)."""
    x0, y0, x1, y1 = strip[0] - CLEAR_MM, strip[1] - CLEAR_MM, strip[2] + CLEAR_MM, strip[3] + CLEAR_MM
    return max(0.0, min(min(box[2], x1) - max(box[0], x0), min(box[3], y1) - max(box[1], y0)))
