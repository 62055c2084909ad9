"""Axial hex coordinates for flat-top hexes (docs/positions.md)."""

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
