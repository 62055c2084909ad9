"""Axial hex coordinates for flat-top hexes (docs/positions.md), and pointy-top hexes drawn from the same axial
coordinates."""

from __future__ import annotations

import math

# Clockwise from north; index i is the direction's number, names as in docs/positions.md.
DIRECTIONS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("N", (0, -1)), ("NE", (1, -1)), ("SE", (1, 0)),
    ("S", (0, 1)), ("SW", (-1, 1)), ("NW", (-1, 0)),
)
DIRECTION_NAMES = tuple(n for n, _ in DIRECTIONS)
VECTORS = {n: v for n, v in DIRECTIONS}


def direction_index(name: str) -> int:
    """Index 0..5 of a direction name."""
    return DIRECTION_NAMES.index(name)


def turn(name: str, steps: int) -> str:
    """The direction `steps` sixths of a turn clockwise from `name`."""
    return DIRECTION_NAMES[(direction_index(name) + steps) % 6]


def step(cell: tuple[int, int], direction: str) -> tuple[int, int]:
    """The neighbour of `cell` in a direction."""
    dq, dr = VECTORS[direction]
    return (cell[0] + dq, cell[1] + dr)


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The six neighbours of a cell, clockwise from north."""
    return [(cell[0] + dq, cell[1] + dr) for _, (dq, dr) in DIRECTIONS]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Axial hex distance."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def to_pixel(cell: tuple[int, int], size: float) -> tuple[float, float]:
    """Centre of a flat-top hex of circumradius `size` (y grows downward)."""
    q, r = cell
    return (size * 1.5 * q, size * math.sqrt(3) * (r + q / 2))


def corners(center: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """The six corners of a flat-top hex."""
    cx, cy = center
    return [(cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
            for i in range(6)]


def hexagon(radius: int) -> list[tuple[int, int]]:
    """All cells within `radius` of the origin, in (q, r) order."""
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if distance((0, 0), (q, r)) <= radius]


# Pointy-top hexes: the same axial vectors, in the same clockwise order, named for where they point.
POINTY_NAMES = ("NW", "NE", "E", "SE", "SW", "W")


def side_names(pointy: bool) -> tuple[str, ...]:
    """The six sides of a hex by direction index (the axial vectors of DIRECTIONS): flat-top or pointy-top."""
    return POINTY_NAMES if pointy else DIRECTION_NAMES


def centre_of(cell: tuple[int, int], size: float, pointy: bool = False) -> tuple[float, float]:
    """Centre of a hex of circumradius `size`, flat-top or pointy-top (y grows downward)."""
    if not pointy:
        return to_pixel(cell, size)
    q, r = cell
    return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * r)


def hex_corners(center: tuple[float, float], size: float, pointy: bool = False) -> list[tuple[float, float]]:
    """The six corners of a hex, flat-top (from the east corner) or pointy-top (from the one right of the top)."""
    if not pointy:
        return corners(center, size)
    cx, cy = center
    return [(cx + size * math.cos(math.radians(60 * i - 30)), cy + size * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def side_angle(direction: int, pointy: bool = False) -> float:
    """The angle in degrees (clockwise from east, y down) from a hex's centre to the middle of side `direction`."""
    dq, dr = DIRECTIONS[direction][1]
    x, y = centre_of((dq, dr), 1.0, pointy)
    return math.degrees(math.atan2(y, x))


def side_ends(center: tuple[float, float], size: float, direction: int, pointy: bool = False
              ) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of side `direction` of a hex, counter-clockwise one first."""
    a = side_angle(direction, pointy)
    cx, cy = center
    return tuple((cx + size * math.cos(math.radians(a + d)), cy + size * math.sin(math.radians(a + d)))
                 for d in (-30, 30))  # type: ignore[return-value]


def side_middle(center: tuple[float, float], size: float, direction: int, pointy: bool = False
                ) -> tuple[float, float]:
    """The middle of side `direction` of a hex of circumradius `size`."""
    a = math.radians(side_angle(direction, pointy))
    d = size * math.sqrt(3) / 2
    return (center[0] + d * math.cos(a), center[1] + d * math.sin(a))
