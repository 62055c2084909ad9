"""The small print on every component: the game's version (so old and new prints are never mixed), a mark on
anything provisional, and a deck's mark (so decks that share card types can be sorted apart)."""

from __future__ import annotations

import math
from dataclasses import replace

from ..draw import fonts
from ..draw.bounds import text_box
from ..draw.geometry import compose, rotate, translate
from ..draw.piece import Piece
from ..draw.primitives import Circle, Group, Style, Text
from ..draw.units import SMALLEST
from .context import Ctx

SAFE = 3.0  # text and symbols keep this far inside a card's trim


def version_line(ctx: Ctx, provisional: str = "") -> str:
    """'v2026.01', with '· provisional' when the piece holds a value the designer has not settled."""
    return f"v{ctx.game.version}" + ("  ·  provisional" if provisional else "")


def imprint(ctx: Ctx, x: float, y: float, ink: str, anchor: str = "end", provisional: str = "") -> Text:
    """The version line in the smallest type, its baseline at (x, y)."""
    return Text(x, y, version_line(ctx, provisional), SMALLEST, ink, "regular", anchor)


def imprint_width(ctx: Ctx, provisional: str = "") -> float:
    """How wide the version line prints."""
    return fonts.width(version_line(ctx, provisional), SMALLEST, "regular")


def deck_badge(mark: str, cx: float, cy: float, diameter: float, fill: str, ink: str) -> Group:
    """A deck's mark: its letter(s) in a disc, never under 6 pt."""
    size = max(SMALLEST, diameter * (0.62 if len(mark) == 1 else 0.48))
    return Group((Circle(cx, cy, diameter / 2, Style(fill=fill, stroke=ink, width=0.25)),
                  Text(cx, cy + fonts.CAP_HEIGHT * size / 2, mark, size, ink, "bold", "middle")),
                 label=f"deck mark {mark}")


WATERMARK = "PROVISIONAL"
WATERMARK_INK = "#c62828"  # a red, a quarter opaque: what it crosses reads through it, in colour and in grey
WATERMARK_OPACITY = 0.25


def watermark(width: float, height: float, trimmed: bool) -> Group:
    """'PROVISIONAL' across a piece, rising along its diagonal, as large as fits: inside the safe zone of a card
    cut on its trim, inside the inscribed circle of a piece cut on its outline."""
    angle = min(math.degrees(math.atan2(height, width)), 60.0)
    turn = rotate(-angle)
    cap = fonts.CAP_HEIGHT
    unit = Text(0.0, cap / 2, WATERMARK, 1.0, WATERMARK_INK, "bold", "middle", opacity=WATERMARK_OPACITY)
    x0, y0, x1, y1 = text_box(unit)
    corners = [(turn[0] * x + turn[2] * y, turn[1] * x + turn[3] * y) for x in (x0, x1) for y in (y0, y1)]
    if trimmed:  # the turned words' box stays SAFE inside the trim (and a little more)
        reach_x = max(abs(x) for x, _ in corners)
        reach_y = max(abs(y) for _, y in corners)
        size = min((width / 2 - SAFE - 0.5) / reach_x, (height / 2 - SAFE - 0.5) / reach_y)
    else:  # inside the circle a round token is cut on
        size = 0.42 * min(width, height) / max(math.hypot(x, y) for x, y in corners)
    words = replace(unit, y=cap * max(size, SMALLEST) / 2, size=max(size, SMALLEST))
    return Group((words,), compose(translate(width / 2, height / 2), turn), label="provisional watermark")


def marked(piece: Piece, why: str) -> Piece:
    """A piece with the provisional watermark across its face when `why` says it is not final: over everything,
    translucent, so no word or number under it is hidden."""
    if not why:
        return piece
    mark = watermark(piece.width, piece.height, piece.cut == "marks")
    face = piece.face
    if face.transform is None and face.clip is None:
        face = replace(face, items=face.items + (mark,))
    else:
        face = Group((face, mark), label=face.label, regions=face.regions)
    return replace(piece, face=face)
