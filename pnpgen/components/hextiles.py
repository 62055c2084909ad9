"""A hex board's tiles: each a hex-shaped piece drawn by the board's hex template (its colour, track, slots,
name, value and number), the size of the board's hexes, cut along its outline."""

from __future__ import annotations

from ..draw.colour import tint
from ..draw.piece import Piece
from ..draw.primitives import Group
from ..model import Board, Location
from ..model.board import Feature
from .board import SPEC, SQRT3, _bundled
from .context import Ctx
from .spaces import Space, draw_space, space_elements, space_subject


def tile_pieces(ctx: Ctx, board: Board) -> list[Piece]:
    """A piece for each of a board's tiles (printed `count` times each)."""
    if not board.tiles:
        return []
    t = ctx.template(None, "board", "board", SPEC, board.loc)
    elements = space_elements(ctx, t, "hex", _bundled(ctx))
    s = board.hex_size_mm / SQRT3
    size = (board.hex_size_mm, 2 * s) if board.pointy else (2 * s, board.hex_size_mm)
    out = []
    for tile in board.tiles:
        location = Location(id=tile.id, name=tile.name, text=tile.text, slots=tile.slots, icon=tile.icon,
                            value=tile.value, cost=tile.cost, loc=tile.loc)
        base = ctx.colour(tile.colour, "") if tile.colour else ""
        fill = (tint(base, 0.12) if ctx.theme.ink_saver else tint(base, t["fill"])) if base else \
            ("#ffffff" if ctx.theme.ink_saver else t["background"])
        track = (Feature("track", None, (), tile.joins),) if tile.joins else ()
        space = Space((size[0] / 2, size[1] / 2), s, "pointy" if board.pointy else "flat", fill, None, board, None,
                      track)
        what = f"board '{board.id}' tile '{tile.id}'"
        subject = space_subject(ctx, board, what, location, None, (), tile.id)
        face = Group(tuple(draw_space(ctx, t, elements, space, subject, location)), label=f"tile {tile.id}")
        out.append(Piece(f"tile-{board.id}-{tile.id}", f"{board.name} tile {tile.id}", "Tokens", size, face, None,
                         0.0, tile.count, "outline", kind="token", source=tile.loc, part_of=f"{board.name} tiles"))
    return out
