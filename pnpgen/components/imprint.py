"""The small print on every component: the game's version (so old and new prints are never mixed), a mark on
anything provisional, and a deck's mark (so decks that share card types can be sorted apart)."""

from __future__ import annotations

import math
from dataclasses import replace

from ..draw import fonts
from ..draw.bounds import text_box
from ..draw.geometry import compose, rotate, translate
from ..draw.piece import Piece
from ..draw.primitives import Circle, Group, Item, Rect, Style, Text
from ..draw.templates import P
from ..draw.units import SMALLEST
from .context import Ctx

SAFE = 3.0  # text and symbols keep this far inside a card's trim


MARKS = ("corner", "watermark")
PROVISIONAL_SPEC = P("choice", "corner", MARKS, doc="how a provisional piece says so: a PROVISIONAL tag by the "
                     "version (corner), or the word across the face (watermark)")
TAG = "PROVISIONAL"
TAG_PAD, TAG_GAP = 0.6, 1.2  # mm: the tag's padding about its word, and its distance from the version


def version_line(ctx: Ctx, provisional: str = "", mark: str = "corner") -> str:
    """'v2026.01', with '· provisional' when the piece holds a value the designer has not settled and marks it
    with the watermark (the corner mark prints its own tag beside the version instead)."""
    return f"v{ctx.game.version}" + ("  ·  provisional" if provisional and mark == "watermark" else "")


def tag_width() -> float:
    """How wide the PROVISIONAL tag prints, its padding included."""
    return fonts.width(TAG, SMALLEST, "bold") + 2 * TAG_PAD


def provisional_tag(right: float, baseline: float) -> Group:
    """The corner mark: 'PROVISIONAL' in red capitals in a small white tag with a red edge, its right edge at
    `right` and its word on `baseline`: it reads on any band and in grey, and hides nothing."""
    cap = fonts.CAP_HEIGHT * SMALLEST
    width = tag_width()
    box = Rect(right - width, baseline - cap - TAG_PAD, width, cap + 2 * TAG_PAD,
               Style(fill="#ffffff", stroke=WATERMARK_INK, width=0.2), 0.5)
    return Group((box, Text(right - TAG_PAD, baseline, TAG, SMALLEST, WATERMARK_INK, "bold", "end")),
                 label="provisional mark")


def imprint(ctx: Ctx, x: float, y: float, ink: str, anchor: str = "end", provisional: str = "",
            mark: str = "corner") -> Item:
    """The version line in the smallest type, its baseline at (x, y); with the PROVISIONAL tag after it when
    the piece is provisional and marked in the corner (`mark`, the template's `provisional:`)."""
    line = Text(x, y, version_line(ctx, provisional, mark), SMALLEST, ink, "regular", anchor)
    if not provisional or mark != "corner":
        return line
    total = imprint_width(ctx, provisional, mark)
    left = x - (total if anchor == "end" else total / 2 if anchor == "middle" else 0.0)
    return Group((replace(line, x=left, anchor="start"), provisional_tag(left + total, y)), label="version")


def imprint_width(ctx: Ctx, provisional: str = "", mark: str = "corner") -> float:
    """How wide the version line prints (with the PROVISIONAL tag, when it has one)."""
    width = fonts.width(version_line(ctx, provisional, mark), SMALLEST, "regular")
    return width + (TAG_GAP + tag_width() if provisional and mark == "corner" else 0.0)


BADGE_CLEAR = 0.15  # mm the letters' corners keep inside a badge's ring (its stroke is 0.25 mm)


def badge_fit(mark: str, diameter: float, share: float = 0.62) -> tuple[float, float]:
    """The type size (bold) for letters in a disc, `share` of its diameter for one letter and less for more, as
    large as lets their corners clear its ring, never under 6 pt; and the badge's width: the diameter, or more (a
    pill, its ends round) when even 6 pt letters would cross the ring."""
    per = fonts.width(mark, 1.0, "bold")  # the letters' width per mm of type size
    inner = diameter / 2 - BADGE_CLEAR
    wanted = diameter * (share if len(mark) == 1 else share * 0.78)
    size = max(SMALLEST, min(wanted, 2 * inner / math.hypot(per, fonts.CAP_HEIGHT)))
    half, cap = per * size / 2, fonts.CAP_HEIGHT * size / 2
    reach = math.sqrt(max(inner ** 2 - cap ** 2, 0.0))  # how far from a round end's centre a corner may be
    return size, max(diameter, diameter + 2 * (half - reach))


def deck_badge(mark: str, cx: float, cy: float, diameter: float, fill: str, ink: str) -> Group:
    """A deck's mark: its letter(s) in a disc centred at (cx, cy), inside it by a margin and never under 6 pt (a
    pill as high as the disc, when the letters need more width)."""
    size, wide = badge_fit(mark, diameter, 0.62)
    style = Style(fill=fill, stroke=ink, width=0.25)
    ring = Circle(cx, cy, diameter / 2, style) if wide <= diameter + 1e-9 else \
        Rect(cx - wide / 2, cy - diameter / 2, wide, diameter, style, diameter / 2)
    return Group((ring, Text(cx, cy + fonts.CAP_HEIGHT * size / 2, mark, size, ink, "bold", "middle")),
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


def marked(piece: Piece, why: str, mark: str = "corner") -> Piece:
    """A piece with the provisional watermark across its face when `why` says it is not final and its template
    asks for the watermark (`mark`): over everything, translucent, so no word or number under it is hidden. The
    corner mark (the default) is drawn with the version line instead (imprint)."""
    if not why or mark != "watermark":
        return piece
    mark = watermark(piece.width, piece.height, piece.cut == "marks")
    face = piece.face
    if face.transform is None and face.clip is None:
        face = replace(face, items=face.items + (mark,))
    else:
        face = Group((face, mark), label=face.label, regions=face.regions)
    return replace(piece, face=face)
