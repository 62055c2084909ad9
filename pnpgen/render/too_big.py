"""Why a piece fits no sheet: the sheet template values that leave it too little room, or the piece's own size."""

from __future__ import annotations

import copy
import math
from pathlib import Path
from typing import NoReturn

from ..draw.piece import Piece
from ..draw.units import parse_length
from ..errors import ContentError, PnpgenError
from ..files.paths import TEMPLATES_DIR
from .paper import SHEET_SPEC, Paper

# The sheet values that take room from the pieces, in the order they are blamed; each may go down to its minimum
# (a margin not below the printer margin, where home printers print nothing).
ROOM_KEYS = (("margin",), ("mark_margin",), ("band",), ("band_gap",), ("fold_gap",), ("marks", "gap"),
             ("marks", "min_length"))
PRINTER_BOUND = (("margin",), ("mark_margin",))


def raise_too_big(piece: Piece, paper: Paper, t, fits, fold: bool = False) -> NoReturn:
    """Stop with one located error for a piece that fits no sheet: at a value the pack's sheet template sets that
    leaves it too little room (saying how far it may go), or at the first of the values that do so together, else
    at the piece. `fits(piece, t)` says whether the piece fits a sheet laid out by template `t`."""
    layout = " in the fold layout" if fold else ""
    size = f"{piece.name} ({piece.width:.0f} x {piece.height:.0f} mm) does not fit on {paper.name} paper{layout}"
    set_here = [(path, loc) for path in ROOM_KEYS if (loc := _set_at(t, path)) is not None]
    for path, loc in set_here:
        lowest, value = _lowest(t, path), _value(t, path)
        if value > lowest and fits(piece, _with(t, path, lowest)):
            most = _most_that_fits(piece, t, path, lowest, value, fits)
            raise ContentError(loc, f"{size}: the sheet's '{'.'.join(path)}' of {value:g} mm leaves too little "
                                    f"room; at most {most:g} mm would do")
    defaults = t
    for path, _loc in set_here:
        defaults = _with(defaults, path, min(_value(t, path), _default(path)))
    if set_here and fits(piece, defaults):
        named = " and ".join(f"'{'.'.join(path)}' ({_value(t, path):g} mm)" for path, _loc in set_here
                             if _value(t, path) > _default(path))
        raise ContentError(set_here[0][1], f"{size}: the sheet's {named} together leave too little room; at "
                                           "pnpgen's defaults it fits")
    message = f"{size}; make it smaller (its template's size, or its own)"
    if piece.source is None:
        raise PnpgenError(message)
    raise ContentError(piece.source, message)


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


def _lowest(t, path: tuple[str, ...]) -> float:
    lowest = _spec(path).min or 0.0
    return max(lowest, t["printer_margin"]) if path in PRINTER_BOUND else lowest


def _default(path: tuple[str, ...]) -> float:
    return parse_length(_spec(path).default)


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
    """Where the pack's own template sets a value (None for a default, or pnpgen's bundled sheet: not to blame)."""
    for key in path[:-1]:
        t = t[key]
    loc = getattr(t, "locs", {}).get(path[-1])
    if loc is None or Path(loc.file).resolve().is_relative_to(TEMPLATES_DIR.resolve()):
        return None
    return loc
