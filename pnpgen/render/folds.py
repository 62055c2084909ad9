"""Two-sided tokens that would print alone on a duplex sheet of their own (a few chits left over when every card
sheet is full) print instead on a sheet printed on one side, each as its face and its back side by side about a
dashed fold line: fold, glue, then cut along the outline. Two pages (a nearly empty sheet and its back) become a
corner of a sheet the kit prints anyway."""

from __future__ import annotations

from dataclasses import replace

from ..draw.geometry import translate
from ..draw.piece import Piece
from ..draw.primitives import Group, Path, Style
from .paper import Paper
from .sheet import Sheet

GAP = 1.5  # mm from each half to the fold line
THIN = 0.40  # a sheet less full than this wastes paper unless nothing printed the same way could share it
FOLD = Style(stroke="#707070", width=0.25, dash=(1.5, 1.0))


def folded(piece: Piece) -> Piece:
    """A two-sided token as one piece printed on one side: its face, then its back beside it, placed so that
    folding along the dashed line between them lays the back behind the face exactly as a long-edge duplex sheet
    would (the back's left edge behind the face's right edge)."""
    w, h = piece.size
    line = Path((("M", w + GAP, 0.0), ("L", w + GAP, h)), FOLD)
    back = Group((piece.back,), translate(w + 2 * GAP, 0.0), label="back")
    face = Group((piece.face, line, back), label=f"{piece.face.label or piece.name} folded")
    return replace(piece, size=(2 * w + 2 * GAP, h), face=face, back=None, folded=True)


def lonely(sheet: Sheet, paper: Paper, t) -> bool:
    """A duplex sheet that holds only two-sided tokens and is less than THIN full: a remainder no card sheet had
    room for."""
    if not sheet.placed or sheet.fold is not None:
        return False
    if not all(q.piece.kind == "token" and q.piece.back is not None for q in sheet.placed):
        return False
    room = (paper.width - 2 * t["margin"]) * (paper.height - 2 * t["margin"] - t["band"] - t["band_gap"])
    return sum(q.piece.width * q.piece.height for q in sheet.placed) < THIN * room


def pages(sheets: list[Sheet]) -> int:
    """Pages a list of sheets prints on: two for a sheet with backs."""
    return sum(2 if s.has_backs else 1 for s in sheets)
