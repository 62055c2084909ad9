"""Boards linked: their hexes, squares, starts, locations, features and pictures checked against the grid; hex
names (E2) read as the board names its hexes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..maths.hexgrid import neighbours, side_names
from ..maths.hexnames import hex_name, parse_hex_name
from ..model import Board
from ..model.board import CENTRE, HEADINGS, TURNS, Cell, Hex
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
        if grid != "hex":
            for key in ("features", "hex_names", "offset", "orientation", "off_board", "tiles"):
                if key in m:
                    self.context.err(b, key, f"field '{key}' belongs to a hex grid (this board has grid: {grid})")
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
            at = self.space(b, at, loc_of(m.get("starts"), sid), f"start of '{sid}'")
            if at is None:
                continue
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
            features=self.link_features(b, cells) if grid == "hex" else (),
            off_board=self.link_off_board(b, cells) if grid == "hex" else (),
            tiles=self.link_tiles(b) if grid == "hex" else (),
        )

    def link_tiles(self, b: Board) -> tuple:
        """A hex board's tiles: their track joining sides the board's hexes have, or the centre."""
        names = side_names(b.pointy)
        self.context.unique(b.tiles, "tile", within=f"{self.context.source(b).what} ")
        out = []
        for tile in b.tiles:
            bad = [x for pair in tile.joins for x in pair if x not in names and x != CENTRE]
            if bad:
                self.context.err(tile, "joins", f"unknown side '{bad[0]}' (this board's hexes are {b.orientation}-"
                                 f"top: sides {', '.join(names)}, or {CENTRE})"
                                 + did_you_mean(bad[0], [*names, CENTRE]))
                continue
            if any(x == y for x, y in tile.joins):
                self.context.err(tile, "joins", "a join must join two different ends")
                continue
            if tile.id:
                out.append(self.names.link_colours(tile, "colour"))
        return tuple(out)

    def link_off_board(self, b: Board, cells: set) -> tuple:
        """A hex board's areas beyond its edge: each beyond a side of a hex of the board with no hex there."""
        names = side_names(b.pointy)
        out, beyond = [], {}
        for a in b.off_board:
            if a.at is None or a.side is None:
                continue  # (reported as read)
            at = self.hex_at(b, a, cells, "off-board area")
            if at is None:
                continue
            if a.side not in names:
                self.context.err(a, "side", f"unknown side '{a.side}' (this board's hexes are {b.orientation}-top: "
                                 f"sides {', '.join(names)})" + did_you_mean(a.side, names))
                continue
            there = neighbours(at)[names.index(a.side)]
            if there in cells:
                self.context.err(a, "side", f"side {a.side} of {list(at)} has a hex of the board beyond it "
                                 f"({list(there)}): an off-board area goes beyond the edge")
                continue
            if there in beyond:
                self.context.err(a, "side", f"another off-board area is already there ({list(there)})")
                continue
            beyond[there] = a
            out.append(replace(self.names.link_colours(a, "colour"), at=at))
        return tuple(out)

    def hex_at(self, b: Board, item, cells: set, what: str) -> tuple[int, int] | None:
        """The hex of the board an item's `at` names, or None after a located error."""
        at = self.space(b, item.at, self.context.at(item, "at"), what)
        if at is not None and at not in cells:
            self.context.err(item, "at", f"{list(at)} is not a hex of the board")
            return None
        return at

    def space(self, b: Board, at, loc, what: str) -> tuple[int, int] | None:
        """A space as written ([q, r], [x, y] or a hex's name) as coordinates, or None after a located error."""
        if not isinstance(at, str):
            return at
        named = b.grid == "hex" and b.hex_names != "axial"
        qr = parse_hex_name(at, b.hex_names, b.offset, b.pointy) if named else None
        if qr is None:
            board = self.context.source(b).what
            if b.grid == "hex" and not named:
                why = f"write [q, r], or give the board hex_names: letter-column or letter-row to name hexes like {at}"
            elif named:
                why = f"hexes here are named as hex_names: {b.hex_names} names them (a letter and a number, E2)"
            else:
                why = f"a board with grid: {b.grid} takes " + ("[x, y]" if b.grid == "square" else "[column, row]")
            self.context.error(loc, f"{board}: {what} '{at}' names no space: {why}")
        return qr

    def link_features(self, b: Board, cells: set) -> tuple:
        """A hex board's rivers, roads, borders and track: each in a hex of the board, along sides the hex has and
        joining its sides and centre."""
        names = side_names(b.pointy)
        out = []
        for f in b.features:
            if f.kind is None or f.at is None:
                continue  # (reported as read)
            at = self.hex_at(b, f, cells, "feature")
            if at is None:
                continue
            bad = [x for x in f.sides if x not in names]
            bad += [x for pair in f.joins for x in pair if x not in names and x != CENTRE]
            if bad:
                self.context.err(f, "sides" if bad[0] in f.sides else "joins",
                                 f"unknown side '{bad[0]}' (this board's hexes are {b.orientation}-top: sides "
                                 f"{', '.join(names)}; a join may also end at {CENTRE})"
                                 + did_you_mean(bad[0], [*names, CENTRE]))
                continue
            if not f.sides and not f.joins:
                self.context.err(f, None, f"a {f.kind} needs 'sides' (along the hex's sides) or 'joins'")
                continue
            if f.joins and f.kind in ("river", "border"):
                self.context.err(f, "joins", f"a {f.kind} runs along hex sides: give 'sides', not 'joins'")
                continue
            if any(x == y for x, y in f.joins):
                self.context.err(f, "joins", "a join must join two different ends")
                continue
            out.append(replace(self.names.link_colours(f, "colour"), at=at))
        return tuple(out)

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
            at = self.space(b, a.at, self.context.at(a, "at"), "art")
            if at is None:
                continue
            a = replace(a, at=at)
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
        kinds = list(self.context.suits) + list(self.context.terrains)
        for h in b.hexes:
            if h.written is not None:
                qr = self.space(b, h.written, h.loc, "hex")
                if qr is None:
                    continue
                h = replace(h, q=qr[0], r=qr[1])
            first = 2 if h.written is None else 1
            named = hex_name(h.qr, b.hex_names, b.offset, b.pointy) if b.hex_names != "axial" else ""
            shown = named or [h.q, h.r]
            suit, terrain, wrong = None, [], False
            for i, name in enumerate((h.suit, *h.terrain) if h.suit is not None else ()):
                if name in self.context.suits and suit is None:
                    suit = name
                elif name in self.context.terrains:
                    terrain.append(name)
                elif not self.context.broken & {"suits", "terrain"}:
                    self.context.error(
                        loc_of(items.get(h.loc), first + i) or h.loc,
                        f"{what}: hex {shown}: " + (f"a second suit '{name}' (a hex has one suit; its other names are "
                                                    "terrain)" if name in self.context.suits else
                                                    f"unknown suit{' or terrain' if self.context.terrains else ''} "
                                                    f"'{name}' (expected one of: {', '.join(kinds) or 'none declared'})"
                                                    + did_you_mean(name, kinds)))
                    wrong = True
            if wrong:
                continue
            h = Hex(h.q, h.r, suit, h.loc, tuple(terrain))
            if h.qr in seen:
                first = seen[h.qr]
                self.context.error(
                    h.loc, f"{what}: hex {shown} listed twice (first at line {first.line}, column {first.col})"
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
        out, taken = [], {}
        for lo in b.locations:
            at = lo.at
            if at is None and b.grid != "none":
                self.context.err(lo, None, f"a location on a {b.grid} grid needs 'at', the "
                                 f"{'hex' if b.grid == 'hex' else 'square'} it is printed on")
                continue
            if isinstance(at, str):
                at = self.space(b, at, self.context.at(lo, "at"), "location")
                if at is None:
                    continue
            if at is not None and b.grid != "none":
                if at in taken:
                    self.context.err(lo, "at", f"{list(at)} already holds location '{taken[at]}' (one location a "
                                     f"space: give it more slots)")
                    continue
                taken[at] = lo.id
            if at is not None:
                if b.grid == "square" and on_board is not None and at not in on_board:
                    self.context.err(lo, "at", f"{list(at)} is not a square of the board")
                    continue
                elif b.grid == "hex" and at not in (on_board or ()):
                    self.context.error(lo.loc, f"{self.context.source(lo).what}: {list(at)} is not a hex of the board")
                    continue
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
