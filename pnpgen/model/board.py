"""Boards: suited hexes in axial coordinates (flat-top), square grids, terrain and named locations."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Loc
from ..hexgrid import neighbours

GRIDS = ("hex", "square", "none")  # none: a board of named locations only (an island, a market row)
SQUARE_DIRECTIONS: tuple[tuple[str, tuple[int, int]], ...] = (("N", (0, -1)), ("E", (1, 0)), ("S", (0, 1)),
                                                              ("W", (-1, 0)))
TURNS = ("cw", "ccw")


@dataclass(frozen=True)
class Terrain:
    """A kind of board feature a game declares: rock, whirlpool, gust, shipwreck ..."""

    id: str
    name: str
    colour: str | None = None
    icon: str | None = None
    blocks: bool = False  # pieces cannot enter it
    direction: str = "none"  # none | heading (a cell names N/E/S/W) | turn (a cell names cw/ccw)
    text: str = ""
    loc: Loc | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Cell:
    """One square of a square-grid board: column x and row y from the top left, suit, terrain."""

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


@dataclass(frozen=True)
class Location:
    """A named place on a board with room for pieces: a building, a flag slot, a market row."""

    id: str
    name: str
    text: str = ""
    slots: int = 1  # how many pieces it holds (0: none, e.g. a label-only place)
    icon: str | None = None
    colour: str | None = None
    at: tuple[int, int] | None = None  # a cell of a gridded board; on a grid-none board, its layout place
    loc: Loc | None = field(default=None, compare=False, repr=False)
    slot_size: tuple[float, float] | None = None  # mm; None: the board template's slot size (a card: [63, 88])


@dataclass(frozen=True)
class Hex:
    """One board hex: axial q, r and its suit (or None)."""

    q: int
    r: int
    suit: str | None
    loc: Loc | None = field(default=None, compare=False, repr=False)

    @property
    def qr(self) -> tuple[int, int]:
        """The hex's axial coordinates."""
        return (self.q, self.r)


@dataclass(frozen=True)
class Board:
    """A hex board: its hexes, orientation and printed hex size."""

    id: str
    name: str
    hexes: tuple[Hex, ...]
    hex_size_mm: float = 24.0
    orientation: str = "flat"
    starts: tuple = ()  # prescribed start hexes: ((ship_id, (q, r)), ...)
    loc: Loc | None = field(default=None, compare=False, repr=False)
    grid: str = "hex"  # hex | square | none
    width: int = 0  # square grid: columns; grid none: columns of the location layout (0: automatic)
    height: int = 0  # square grid: rows
    cell_size_mm: float = 20.0  # side of a printed square
    wrap: bool = False  # square grid: leaving one edge comes back on the opposite edge
    squares: tuple[Cell, ...] = ()  # square grid: every square, row by row from the top left
    locations: tuple[Location, ...] = ()

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
