"""Why a piece fits no sheet: the sheet template value that leaves it too little room, or the piece's own size."""

from __future__ import annotations

import copy
import math
from typing import NoReturn

from ..draw.piece import Piece
from ..errors import ContentError, PnpgenError
from .paper import SHEET_SPEC, Paper

# The sheet values that take room from the pieces, in the order they are blamed; each may go down to its minimum.
ROOM_KEYS = (("margin",), ("mark_margin",), ("band",), ("band_gap",), ("marks", "gap"), ("marks", "min_length"))


def raise_too_big(piece: Piece, paper: Paper, t, fits) -> NoReturn:
    """Stop with one located error for a piece that fits no sheet: at a value the sheet template sets that leaves it
    too little room, when lowering that value alone lets it fit (saying how far), else at the piece (its template
    is too big). `fits(piece, t)` says whether the piece fits a sheet laid out by template `t`."""
    size = f"{piece.name} ({piece.width:.0f} x {piece.height:.0f} mm) does not fit on {paper.name} paper"
    for path in ROOM_KEYS:
        loc, lowest, value = _set_at(t, path), _spec(path).min or 0.0, _value(t, path)
        if loc is not None and value > lowest and fits(piece, _with(t, path, lowest)):
            most = _most_that_fits(piece, t, path, lowest, value, fits)
            name = ".".join(path)
            raise ContentError(loc, f"{size}: the sheet's '{name}' of {value:g} mm leaves too little "
                                              f"room; at most {most:g} mm would do")
    if piece.source is None:
        raise PnpgenError(f"{size}; make its template smaller")
    raise ContentError(piece.source, f"{size}; make its template smaller")


def _most_that_fits(piece: Piece, t, path: tuple[str, ...], low: float, high: float, fits) -> float:
    """The largest value of a sheet key below `high`, in 0.1 mm steps, with which the piece fits (a scan, not a
    bisection: the footer band's side changes with the room, so what fits is not monotonic in a margin)."""
    step = math.ceil(high * 10 - 1e-9) - 1
    while step > low * 10 and not fits(piece, _with(t, path, step / 10)):
        step -= 1
    return max(step / 10, low)


def _spec(path: tuple[str, ...]):
    spec = SHEET_SPEC
    for key in path:
        spec = spec[key]
    return spec


def _value(t, path: tuple[str, ...]) -> float:
    for key in path:
        t = t[key]
    return t


def _with(t, path: tuple[str, ...], value: float):
    """A copy of the template with one (possibly nested) value changed."""
    out = copy.copy(t)
    if len(path) == 1:
        out[path[0]] = value
    else:
        out[path[0]] = _with(t[path[0]], path[1:], value)
    return out


def _set_at(t, path: tuple[str, ...]):
    """Where the template sets a value (None for a default: the sheet is then not to blame)."""
    for key in path[:-1]:
        t = t[key]
    return getattr(t, "locs", {}).get(path[-1])
