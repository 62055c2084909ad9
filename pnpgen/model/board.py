"""Boards: hexes in axial coordinates (flat-top or pointy-top) with suits, terrain and features along and across
their sides, square grids, terrain and named locations."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..errors import Loc
from ..maths.hexgrid import neighbours
from ..maths.hexnames import NAME as HEX_NAME
from ..maths.hexnames import OFFSETS, SCHEMES
from ..source.declare import (
    CAPITALISED,
    COLOUR,
    ID,
    INT,
    NUMBER,
    REQUIRED,
    STR,
    TEXT,
    TITLED,
    Fixed,
    Kind,
    ListOf,
    OneOf,
    Pattern,
    Record,
    Table,
    declared,
    describe,
    record,
)
from .images import IMAGE, ImageRef
from .provisional import provisional_field

GRIDS = ("hex", "square", "none")  # none: a board of named locations only (an island, a market row)
SQUARE_DIRECTIONS: tuple[tuple[str, tuple[int, int]], ...] = (("N", (0, -1)), ("E", (1, 0)), ("S", (0, 1)),
                                                              ("W", (-1, 0)))
HEADINGS = tuple(d for d, _ in SQUARE_DIRECTIONS)
TURNS = ("cw", "ccw")
TERRAIN_DIRECTIONS = ("none", "heading", "turn")
MAX_AXIAL = 200
ORIENTATIONS = ("flat", "pointy")
FEATURES = ("river", "road", "track", "border")  # what a feature along or across hex sides draws
CENTRE = "centre"
MAX_NAMES = 6  # a hex's suit and terrain names after its coordinates
# A space of a grid: [q, r] or [x, y], or a hex's name as the board's hex_names writes it ("E2")
SPACE = OneOf((Fixed((INT, INT), "[q, r] or [x, y] (whole numbers)"),
               Pattern(HEX_NAME.pattern, "a hex name such as E2",
                       "'{value}' is no hex name (a letter and a number, such as E2)")),
              "[q, r], [x, y] (whole numbers) or a hex's name such as E2")


@record("terrain")
@dataclass(frozen=True)
class Terrain:
    """A kind of board feature a game declares: rock, whirlpool, gust, shipwreck ..."""

    id: str = declared("the terrain's id, as board cells name it (not a suit's)", from_key=True)
    name: str = declared("its name, printed in legends", default=CAPITALISED)
    colour: str | None = declared("the colour of its squares", kind=COLOUR, default=None)
    icon: str | None = declared("the icon drawn on its squares", default=None)
    blocks: bool = declared("whether pieces may not enter it", default=False)
    direction: str = declared("what a cell of it names as a fourth item: nothing, a heading (N, E, S, W) or a turn "
                              "(cw, ccw)", default="none", choices=TERRAIN_DIRECTIONS)
    text: str = declared("what it does, printed in legends", default="")
    loc: Loc | None = field(default=None, compare=False, repr=False)
    image: ImageRef | None = declared("a picture printed on each of its squares, in place of its icon (PNG, JPEG "
                                      "or SVG in the pack)", kind=IMAGE, default=None)


@dataclass(frozen=True)
class Cell:
    """One square of a square-grid board: column x and row y from the top left, suit, terrain.

    As read from content, before the board is linked, `suit` holds the name a cell gives (a suit or a terrain)."""

    x: int
    y: int
    suit: str | None = None
    terrain: str | None = None
    direction: str | None = None  # the terrain's heading (N, E, S, W) or turn (cw, ccw)
    loc: Loc | None = field(default=None, compare=False, repr=False)

    @property
    def xy(self) -> tuple[int, int]:
        """The square's coordinates."""
        return (self.x, self.y)


SLOT_SIZE = Fixed((NUMBER.bounded(3, 300, None), NUMBER.bounded(3, 300, None)),
                  "[width, height] in mm, each from 3 to 300")


@record("location", within="{} ")
@dataclass(frozen=True)
class Location:
    """A named place on a board with room for pieces: a building, a flag slot, a market row."""

    id: str = declared("the location's id", kind=ID)
    name: str = declared("its name, printed on the board", default=TITLED)
    text: str = declared("what happens there, printed under the name", default="")
    slots: int = declared("how many pieces it holds (0: a label only)", default=1, min=0, max=50)
    icon: str | None = declared("an icon printed on it", default=None)
    colour: str | None = declared("its colour", kind=COLOUR, default=None)
    at: tuple[int, int] | str | None = declared("its square [x, y] on a square grid, its hex [q, r] (or its name, "
                                                "such as E2) on a hex grid, or its place [column, row] on a board "
                                                "of locations only (required on a grid)", kind=SPACE, default=None)
    loc: Loc | None = field(default=None, compare=False, repr=False)
    slot_size: tuple[float, float] | None = declared("the size of each slot in mm, [width, height] (default: the "
                                                     "board template's: a card)", kind=SLOT_SIZE, default=None)
    image: ImageRef | None = declared("a picture printed in its box, behind its name and slots (PNG, JPEG or SVG "
                                      "in the pack)", kind=IMAGE, default=None)
    value: str = declared("a value printed on it (a revenue, points: 20, 20/30)", kind=TEXT, default="")
    cost: str = declared("a cost printed on it (to build there, to enter it)", kind=TEXT, default="")


@record("art", by_id=False, within="{} ")
@dataclass(frozen=True)
class Art:
    """A picture printed on one space of a board, filling it."""

    at: tuple[int, int] | str = declared("the space: a hex [q, r] (or its name, such as E2) on a hex grid, a square "
                                         "[x, y] on a square grid", kind=SPACE)
    image: ImageRef = declared("the picture (PNG, JPEG or SVG in the pack)", kind=IMAGE)
    loc: Loc | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Hex:
    """One board hex: axial q, r and its suit (or None)."""

    q: int
    r: int
    suit: str | None
    loc: Loc | None = field(default=None, compare=False, repr=False)
    terrain: tuple[str, ...] = ()  # its terrain features (as read: every name after the coordinates but the first)
    written: str | None = None  # its name as written ("E2"), before the board's hex_names reads it

    @property
    def qr(self) -> tuple[int, int]:
        """The hex's axial coordinates."""
        return (self.q, self.r)


class HexItem(Kind):
    """One hex of a board as content writes it: [q, r] (axial) or its name ("E2"), then its suit and its terrain
    features by name, each optional."""

    words = "a hex [q, r, suit or terrain, ...]"
    plural = "hexes [q, r, suit or terrain, ...]"

    def read(self, hv: Any, at: Any) -> Any:
        if not isinstance(hv, list) or not hv:
            return at.bad(f"hex must be [q, r, suit or terrain, ...] or [NAME, suit or terrain, ...], got "
                          f"{describe(hv)}")
        if isinstance(hv[0], str):
            if not HEX_NAME.match(hv[0].strip()):
                return at.bad(f"hex '{hv[0]}' is no hex name (a letter and a number, such as E2) and no [q, r]",
                              loc_of_item(hv, 0))
            q = r = 0
            written, names, first = hv[0].strip().upper(), hv[1:], 1
        else:
            if len(hv) < 2:
                return at.bad(f"hex must be [q, r, suit or terrain, ...], got {describe(hv)}")
            q, r = hv[0], hv[1]
            if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (q, r)):
                return at.bad(f"hex coordinates must be whole numbers, got [{', '.join(map(str, hv[:2]))}]")
            if not all(math.isfinite(x) and x == int(x) for x in (q, r)):
                return at.bad(f"hex {list(hv[:2])} is off the coordinate grid (axial coordinates are whole numbers)")
            q, r = int(q), int(r)
            if abs(q) > MAX_AXIAL or abs(r) > MAX_AXIAL:
                return at.bad(f"hex {[q, r]} is too far from the origin (at most {MAX_AXIAL})")
            written, names, first = None, hv[2:], 2
        if len(names) > MAX_NAMES:
            return at.bad(f"hex {written or [q, r]}: at most {MAX_NAMES} suit and terrain names, got {len(names)}",
                          loc_of_item(hv, first + MAX_NAMES))
        for i, name in enumerate(names):
            if not isinstance(name, str):
                return at.bad(f"hex {written or [q, r]}: a suit or terrain must be a name, got {describe(name)}",
                              loc_of_item(hv, first + i))
        return Hex(q, r, names[0] if names else None, at.loc, tuple(names[1:]), written)

    def schema(self) -> dict:
        coord = {"type": "integer", "minimum": -MAX_AXIAL, "maximum": MAX_AXIAL}
        return {"type": "array", "minItems": 1, "maxItems": 2 + MAX_NAMES,
                "items": {"anyOf": [coord, {"type": "string"}]}}

    def doc(self) -> str:
        return "[q, r], [q, r, suit or terrain, ...] or [NAME, suit or terrain, ...]"


class CellItem(Kind):
    """One listed square of a square grid: [x, y, suit or terrain] or [x, y, terrain, direction]."""

    words = "a cell [x, y, suit or terrain, direction?]"
    plural = "cells"

    def read(self, cv: Any, at: Any) -> Any:
        if not isinstance(cv, list) or not 3 <= len(cv) <= 4:
            return at.bad(f"a cell must be [x, y, suit or terrain, direction?], got {describe(cv)}")
        x, y = cv[0], cv[1]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y)):
            return at.bad(f"cell coordinates must be whole numbers, got {describe(cv)}")
        if not isinstance(cv[2], str):
            return at.bad(f"cell [{x}, {y}]: the suit or terrain must be a name, got {describe(cv[2])}",
                          loc_of_item(cv, 2))
        direction = cv[3] if len(cv) == 4 else None
        return Cell(x, y, cv[2], None, direction, at.loc)

    def schema(self) -> dict:
        coord = {"type": "integer", "minimum": 0}
        return {"type": "array", "prefixItems": [coord, coord, {"type": "string"}, {"type": "string"}],
                "minItems": 3, "maxItems": 4}

    def doc(self) -> str:
        return "[x, y, suit or terrain] or [x, y, terrain, direction]"


@record("zone", within="{} ")
@dataclass(frozen=True)
class Zone:
    """A coloured group of a square grid's squares (a stock market's zones), keyed in the board's legend."""

    id: str = declared("the zone's id", from_key=True)
    colour: str = declared("the colour of its squares", kind=COLOUR)
    name: str = declared("its name, printed in the legend", default=CAPITALISED)
    text: str = declared("what it means, printed in the legend", default="")
    cells: tuple[tuple[int, int], ...] = declared("its squares, [x, y] each (x from the left, y from the top, from 0)",
                                                  kind=ListOf(Fixed((INT, INT), "[x, y] (whole numbers)")),
                                                  default=())
    loc: Loc | None = field(default=None, compare=False, repr=False)


class ValueRows(Kind):
    """What a square grid prints in its squares, a row of the grid a line: numbers or short texts, null for none."""

    words = "a list of rows, each a list of numbers, texts or nulls"
    plural = "lists of rows"
    empty = ()

    def read(self, v: Any, at: Any) -> Any:
        if not isinstance(v, list):
            return at.bad(f"{at.label} must be a list of rows (each a list of numbers, texts or nulls), got "
                          f"{describe(v)}")
        rows = []
        for j, row in enumerate(v):
            if not isinstance(row, list):
                at.bad(f"{at.label}: row {j} must be a list of values, got {describe(row)}", loc_of_item(v, j))
                rows.append(())
                continue
            cells: list[str | None] = []
            for i, cell in enumerate(row):
                if cell is None or cell == "":
                    cells.append(None)
                elif isinstance(cell, bool) or not isinstance(cell, (int, float, str)):
                    at.bad(f"{at.label}: square [{i}, {j}] must be a number, a text or null, got {describe(cell)}",
                           loc_of_item(row, i))
                    cells.append(None)
                else:
                    cells.append(str(int(cell)) if isinstance(cell, float) and cell.is_integer() else str(cell))
            rows.append(tuple(cells))
        return tuple(rows)

    def schema(self) -> dict:
        cell = {"type": ["number", "string", "null"]}
        return {"type": "array", "items": {"type": "array", "items": cell}}

    def doc(self) -> str:
        return "list of rows of numbers, texts or nulls"


def loc_of_item(items: Any, i: int) -> Loc | None:
    """Where a list's item is (None when the list is not located)."""
    locs = getattr(items, "item_locs", None)
    return locs[i] if locs and i < len(locs) else None


@record("feature", by_id=False, within="{} ")
@dataclass(frozen=True)
class Feature:
    """A river, road, border or track in one hex: along some of its sides, or joining its sides and centre."""

    kind: str = declared("what it is: a river or border (along sides), a road or track (along sides, or joining "
                         "sides and the centre)", choices=FEATURES)
    at: tuple[int, int] | str = declared("its hex: [q, r] or the hex's name (E2)", kind=SPACE)
    sides: tuple[str, ...] = declared("the hex sides it runs along, by direction (N, NE, SE, S, SW, NW flat-top; "
                                      "NW, NE, E, SE, SW, W pointy-top)", kind=ListOf(STR), default=())
    joins: tuple[tuple[str, str], ...] = declared(
        "what it joins inside the hex, [end, end] each: a side's direction or centre (straight across or to the "
        "centre, curved between sides that are not opposite)",
        kind=ListOf(Fixed((STR, STR), "[end, end]: a side (N, NE ...) or centre")), default=())
    colour: str | None = declared("its colour (default: blue rivers, brown roads, black track, red borders)",
                                  kind=COLOUR, default=None)
    width: float = declared("its width in mm (0: the kind's own)", default=0.0, min=0, max=10)
    loc: Loc | None = field(default=None, compare=False, repr=False)


@record("off-board area", by_id=False, within="{} ")
@dataclass(frozen=True)
class OffBoard:
    """An area beyond the board's edge (a city off the map): printed where a hex beyond one side of an edge hex
    would be, with an arrow into that hex and its values."""

    at: tuple[int, int] | str = declared("the edge hex its arrow points into: [q, r] or the hex's name (E2)",
                                         kind=SPACE)
    side: str = declared("the side of that hex it lies beyond, where the board has no hex (N, NE ... flat-top; NW, "
                         "NE, E ... pointy-top)")
    name: str = declared("its name, printed in it", default="")
    values: tuple[str, ...] = declared("values printed in it, in a row (revenues by phase: [20, 30, 40])",
                                       kind=ListOf(TEXT), default=())
    colour: str | None = declared("its colour (default: a dark red)", kind=COLOUR, default=None)
    loc: Loc | None = field(default=None, compare=False, repr=False)


@record("tile", within="{} ")
@dataclass(frozen=True)
class Tile:
    """A hex-shaped tile laid on a board's hexes (a railway game's track tile): drawn by the board's hex template,
    with its track, its city's slots, its value and its number."""

    id: str = declared("the tile's id, printed small on it as the number players know it by", kind=ID)
    count: int = declared("how many of it to print", default=1, min=1, max=100)
    colour: str | None = declared("its colour (a phase's yellow, green, brown ...)", kind=COLOUR, default=None)
    joins: tuple[tuple[str, str], ...] = declared(
        "its track, [end, end] each: a side's direction or centre (as a board's features join them)",
        kind=ListOf(Fixed((STR, STR), "[end, end]: a side (N, NE ...) or centre")), default=())
    name: str = declared("a name printed on it (a city's)", default="")
    text: str = declared("text printed on it", default="")
    value: str = declared("a value printed on it (a revenue)", kind=TEXT, default="")
    cost: str = declared("a cost printed on it (to lay it)", kind=TEXT, default="")
    slots: int = declared("station circles on it (a city's)", default=0, min=0, max=6)
    icon: str | None = declared("an icon printed on it", default=None)
    loc: Loc | None = field(default=None, compare=False, repr=False)


@record("board")
@dataclass(frozen=True)
class Board:
    """A board: hexes (flat-top, axial), a square grid, or named locations only; its printed size."""

    id: str = declared("the board's id", kind=ID, default="board", model_default=REQUIRED)
    name: str = declared("its name, printed beside it", default=TITLED)
    hexes: tuple[Hex, ...] = declared("its hexes: axial [q, r] or a name (E2, with hex_names), then its suit and "
                                      "terrain features by name, each optional", kind=ListOf(HexItem()),
                                      default=(), required_doc="on a hex grid", model_default=REQUIRED)
    hex_size_mm: float = declared("printed hex size, flat to flat", default=24.0, min=5, max=100)
    orientation: str = declared("hex orientation: flat-top (sides N and S) or pointy-top (sides E and W)",
                                default="flat", choices=ORIENTATIONS)
    starts: tuple = declared("prescribed start spaces, marked on the board: piece id -> [q, r] (or the name) of a "
                             "hex, or [x, y] of a square", default=(), kind=Table(SPACE, noun="start"))
    loc: Loc | None = field(default=None, compare=False, repr=False)
    grid: str = declared("hex, square, or none (named locations only)", default="hex", choices=GRIDS)
    width: int = declared("columns of a square grid; on a board of locations only, columns of their layout "
                          "(0: automatic)", default=0, min=0, max=100, required_doc="on a square grid")
    height: int = declared("rows of a square grid", default=0, min=0, max=100, required_doc="on a square grid")
    cell_size_mm: float = declared("side of a printed square", default=20.0, min=5, max=100)
    wrap: bool = declared("whether leaving a square grid by one edge comes back by the opposite edge",
                          default=False)
    squares: tuple[Cell, ...] = declared("squares of a square grid that are not plain sea: [x, y, suit or terrain, "
                                         "direction?] (x from the left, y from the top)", key="cells",
                                         kind=ListOf(CellItem()), default=())
    locations: tuple[Location, ...] = declared("named places with room for pieces", default=())
    provisional: str = provisional_field()
    image: ImageRef | None = declared("a picture printed under its spaces, filling the board (PNG, JPEG or SVG in "
                                      "the pack)", kind=IMAGE, default=None)
    art: tuple[Art, ...] = declared("pictures printed on single spaces, each filling its hex or square",
                                    default=())
    values: tuple[tuple[str | None, ...], ...] = declared(
        "what a square grid prints in its squares, a row of the grid a line, top row first: a stock market's prices, "
        "a score track's numbers (null: nothing)", key="values", kind=ValueRows(), default=())
    zones: tuple[Zone, ...] = declared("coloured groups of a square grid's squares, each with a name in the legend "
                                       "(a stock market's zones), by id", kind=Table(Record(Zone)), default=())
    hex_names: str = declared("how hexes are named in content and printed: axial (q,r), letter-column (E2: column "
                              "E, row 2) or letter-row (E2: row E, column 2), over offset columns (flat-top) or rows "
                              "(pointy-top) counted from hex [0, 0], which is A1", default="axial", choices=SCHEMES)
    offset: str = declared("with lettered names: whether odd or even columns (flat-top) or rows (pointy-top) sit "
                           "half a hex lower (or further right)", default="odd", choices=OFFSETS)
    features: tuple[Feature, ...] = declared("rivers, roads, borders and track along hex sides or across hexes",
                                             default=())
    tiles: tuple[Tile, ...] = declared("hex tiles laid on its hexes, printed on a sheet of their own with the board's "
                                       "hex template", default=())
    off_board: tuple[OffBoard, ...] = declared("areas beyond the board's edge, each with an arrow into an edge hex "
                                               "and its values", default=())

    @property
    def pointy(self) -> bool:
        """Whether its hexes are pointy-top."""
        return self.orientation == "pointy"

    @property
    def suit_at(self) -> dict[tuple[int, int], str | None]:
        """Map of (q, r) to suit."""
        return {h.qr: h.suit for h in self.hexes}

    def cells(self) -> frozenset[tuple[int, int]]:
        """All (q, r) on the board."""
        return frozenset(h.qr for h in self.hexes)

    def edge_hexes(self) -> frozenset[tuple[int, int]]:
        """Hexes with fewer than six neighbours on the board."""
        cells = self.cells()
        return frozenset(c for c in cells if sum(n in cells for n in neighbours(c)) < 6)

    def suit_counts(self) -> dict[str, int]:
        """How many hexes (or squares) of each suit."""
        out: dict[str, int] = {}
        for h in (*self.hexes, *self.squares):
            if h.suit:
                out[h.suit] = out.get(h.suit, 0) + 1
        return out

    def square_at(self, x: int, y: int) -> Cell | None:
        """The square at (x, y), or None off the board."""
        if 0 <= x < self.width and 0 <= y < self.height and len(self.squares) == self.width * self.height:
            return self.squares[y * self.width + x]
        return None

    def square_step(self, xy: tuple[int, int], direction: str) -> tuple[int, int] | None:
        """The square one step from xy toward N/E/S/W (wrapping when the board wraps), or None off the board."""
        dx, dy = dict(SQUARE_DIRECTIONS)[direction]
        x, y = xy[0] + dx, xy[1] + dy
        if self.wrap:
            return (x % self.width, y % self.height)
        return (x, y) if 0 <= x < self.width and 0 <= y < self.height else None

    def square_neighbours(self, xy: tuple[int, int]) -> list[tuple[int, int]]:
        """The orthogonal neighbours of a square on the board, N E S W (wrapping when the board wraps)."""
        out = [self.square_step(xy, d) for d, _ in SQUARE_DIRECTIONS]
        return [c for c in out if c is not None]

    def terrain_counts(self) -> dict[str, int]:
        """How many squares of each terrain."""
        out: dict[str, int] = {}
        for c in self.squares:
            if c.terrain:
                out[c.terrain] = out.get(c.terrain, 0) + 1
        return out

    def location(self, lid: str) -> Location | None:
        """A location by id."""
        return next((loc for loc in self.locations if loc.id == lid), None)
