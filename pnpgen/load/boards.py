"""Boards linked: their hexes, squares, starts, locations and pictures checked against the grid."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..model import Board
from ..model.board import HEADINGS, TURNS, Cell
from ..source.declare import describe
from ..source.fields import did_you_mean
from ..source.yamlsrc import loc_of
from .context import Context
from .files import Files
from .names import Names
from .valuegrid import link_value_grid


class Boards:
    """Links a game's or variant's boards."""

    def __init__(self, context: Context, files: Files, names: Names):
        self.context = context
        self.files = files
        self.names = names

    def link_boards(self, boards: tuple[Board, ...]) -> tuple[Board, ...]:
        self.context.unique(boards, "board")
        for b in boards:
            self.context.mark(b, f"{b.name} (board)")
        return tuple(self.link_board(b) for b in boards)

    def link_board(self, b: Board) -> Board:
        m = self.context.source(b).mapping
        grid, square = b.grid, b.grid == "square"
        if grid == "hex" and "hexes" not in m:
            self.context.err(b, None, "missing required field 'hexes'")
        if grid != "hex" and "hexes" in m:
            self.context.err(b, "hexes", f"a board with grid: {grid} lists no 'hexes'")
        if square:
            for key in ("width", "height"):
                if key not in m:
                    self.context.err(b, None, f"missing required field '{key}'")
                elif getattr(b, key) == 0 and m[key] == 0:
                    self.context.err(b, key, f"field '{key}' must be from 1 to 100, got 0")
        else:
            for key in ("cells", "cell_size_mm", "wrap", "values", "zones") + (("height", "width") if grid == "hex"
                                                                               else ()):
                if key in m:
                    self.context.err(b, key, f"field '{key}' belongs to a square grid (this board has grid: {grid})")
        hexes = self.link_hexes(b, m.get("hexes")) if grid == "hex" else ()
        cells = {h.qr for h in hexes}
        squares = self.link_squares(b) if square and b.width and b.height else ()
        spaces = {q.xy for q in squares} if square else cells
        starts = []
        for sid, at in b.starts:
            if grid not in ("hex", "square"):
                self.context.err(b, "starts", f"field 'starts' belongs to a board of hexes or squares (this board has "
                                      f"grid: {grid})")
                break
            if at not in spaces:
                self.context.error(
                    loc_of(m.get("starts"), sid),
                    f"{self.context.source(b).what}: start of '{sid}' {list(at)} is "
                    f"not a {'hex' if grid == 'hex' else 'square'} of the board",
                )
            else:
                starts.append((sid, at))
        locations = self.link_locations(b, {c.xy for c in squares} if square else cells if grid == "hex" else None)
        values, zones = link_value_grid(self.context, b) if squares else ((), ())
        return replace(
            b,
            values=values,
            zones=zones,
            hexes=hexes,
            starts=tuple(starts),
            squares=squares,
            locations=locations,
            wrap=b.wrap and square,
            image=self.files.image(b, "image", b.image),
            art=self.link_art(b, {c.xy for c in squares} if square else cells),
        )

    def link_art(self, b: Board, spaces: set) -> tuple:
        """A board's pictures on single spaces: each on a hex or square of the board, its file in the pack."""
        if b.art and b.grid == "none":
            self.context.err(
                b, "art", "a board with grid: none has no spaces for 'art' (give its locations an 'image')"
            )
            return ()
        out = []
        for a in b.art:
            if a.at is None or a.image is None:
                continue  # (reported as read)
            if a.at not in spaces:
                self.context.err(
                    a, "at", f"{list(a.at)} is not a {'square' if b.grid == 'square' else 'hex'} of the board"
                )
                continue
            image = self.files.image(a, "image", a.image)
            if image is not None:
                out.append(replace(a, image=image))
        return tuple(out)

    def link_hexes(self, b: Board, raw: Any) -> tuple:
        what = self.context.source(b).what
        items = {loc_of(raw, j): hv for j, hv in enumerate(raw or [])}
        hexes, seen = [], {}
        for h in b.hexes:
            if h.suit is not None and h.suit not in self.context.suits and "suits" not in self.context.broken:
                self.context.error(
                    loc_of(items.get(h.loc), 2) or h.loc,
                    f"{what}: hex {[h.q, h.r]}: unknown suit "
                    f"'{h.suit}' (expected one of: {', '.join(self.context.suits)})"
                    + did_you_mean(h.suit, self.context.suits),
                )
                continue
            if h.qr in seen:
                first = seen[h.qr]
                self.context.error(
                    h.loc, f"{what}: hex {[h.q, h.r]} listed twice (first at line {first.line}, column {first.col})"
                )
                continue
            seen[h.qr] = h.loc
            hexes.append(h)
        return tuple(hexes)

    def link_squares(self, b: Board) -> tuple[Cell, ...]:
        """Every square of a width x height board; listed cells [x, y, suit/terrain, direction] override."""
        what = self.context.source(b).what
        width, height = b.width, b.height
        raw = self.context.source(b).mapping.get("cells")
        items = {loc_of(raw, j): cv for j, cv in enumerate(raw or [])}
        kinds = list(self.context.suits) + list(self.context.terrains)
        listed: dict[tuple[int, int], Cell] = {}
        for c in b.squares:
            x, y, kind = c.x, c.y, c.suit
            cv = items.get(c.loc)
            if not (0 <= x < width and 0 <= y < height):
                self.context.error(
                    c.loc,
                    f"{what}: cell [{x}, {y}] is off the board (x from 0 to {width - 1}, y from 0 to {height - 1})",
                )
                continue
            if (x, y) in listed:
                self.context.error(
                    c.loc, f"{what}: cell [{x}, {y}] listed twice (first at line {listed[(x, y)].loc.line})"
                )
                continue
            suit = terrain = None
            if kind in self.context.suits:
                suit = kind
            elif kind in self.context.terrains:
                terrain = kind
            else:
                if not self.context.broken & {"suits", "terrain"}:
                    self.context.error(
                        loc_of(cv, 2) or c.loc,
                        f"{what}: cell [{x}, {y}]: unknown suit or terrain "
                        f"{describe(kind)} (expected one of: {', '.join(kinds) or 'none declared'})"
                        + did_you_mean(kind, kinds),
                    )
                continue
            takes = self.context.terrains[terrain].direction if terrain else "none"
            allowed = HEADINGS if takes == "heading" else TURNS if takes == "turn" else ()
            direction = c.direction
            if direction is not None:
                if not allowed:
                    self.context.error(
                        loc_of(cv, 3) or c.loc,
                        f"{what}: cell [{x}, {y}]: {kind} takes no direction, got {describe(direction)}",
                    )
                    continue
                if direction not in allowed:
                    self.context.error(
                        loc_of(cv, 3) or c.loc,
                        f"{what}: cell [{x}, {y}]: {kind} needs a {takes} "
                        f"({', '.join(allowed)}), got {describe(direction)}" + did_you_mean(direction, allowed),
                    )
                    continue
            elif allowed:
                self.context.error(
                    c.loc, f"{what}: cell [{x}, {y}]: {kind} needs a {takes} as a fourth item ({', '.join(allowed)})"
                )
                continue
            listed[(x, y)] = Cell(x, y, suit, terrain, direction, c.loc)
        return tuple(listed.get((x, y)) or Cell(x, y, loc=b.loc) for y in range(height) for x in range(width))

    def link_locations(self, b: Board, on_board: set | None) -> tuple:
        what = self.context.source(b).what
        self.context.unique(b.locations, "location", within=f"{what} ")
        out = []
        for lo in b.locations:
            at = lo.at
            if at is not None:
                if b.grid == "square" and on_board is not None and at not in on_board:
                    self.context.err(lo, "at", f"{list(at)} is not a square of the board")
                    at = None
                elif b.grid == "hex" and at not in (on_board or ()):
                    self.context.error(lo.loc, f"{self.context.source(lo).what}: {list(at)} is not a hex of the board")
                elif b.grid == "none" and (min(at) < 0 or b.width and at[0] >= b.width):
                    self.context.err(
                        lo,
                        "at",
                        f"layout place {list(at)} must be [column, row] with columns from 0 to {max(b.width - 1, 0)}",
                    )
                    at = None
            if lo.image is not None and b.grid != "none":
                self.context.err(
                    lo,
                    "image",
                    f"a location's picture prints in its box on a board of locations only (this "
                    f"board has grid: {b.grid}; give the board 'art' on the space)",
                )
            if lo.id:
                out.append(
                    replace(self.names.link_colours(lo, "colour"), at=at, image=self.files.image(lo, "image", lo.image))
                )
        return tuple(out)
