"""A square grid's values and zones checked against the grid: every value and every zone's square on a square of
the board, no square in two zones (nothing a board declares is dropped from its print)."""

from __future__ import annotations

from dataclasses import replace

from ..model import Board
from ..model.board import loc_of_item
from .context import Context


def link_value_grid(context: Context, b: Board) -> tuple[tuple, tuple]:
    """(values, zones) of a square-grid board, each off the grid or doubled reported at itself and left out."""
    what = context.source(b).what
    raw = context.source(b).mapping.get("values")
    width, height = b.width, b.height
    values = []
    for j, row in enumerate(b.values):
        row_raw = raw[j] if isinstance(raw, list) and j < len(raw) else None
        if j >= height:
            context.error(loc_of_item(raw, j) or context.at(b, "values"),
                          f"{what}: 'values' has {len(b.values)} rows, the board {height} (y from 0 to {height - 1})")
            break
        if len(row) > width:
            context.error(loc_of_item(row_raw, width) or loc_of_item(raw, j),
                          f"{what}: 'values' row {j} has {len(row)} squares, the board is {width} wide "
                          f"(x from 0 to {width - 1})")
        values.append(row[:width])
    zones, owner = [], {}
    for zone in b.zones:
        cells_raw = context.source(zone).mapping.get("cells")
        kept = []
        for i, (x, y) in enumerate(zone.cells):
            at = loc_of_item(cells_raw, i) or zone.loc
            if not (0 <= x < width and 0 <= y < height):
                context.error(at, f"{context.source(zone).what}: square [{x}, {y}] is off the board (x from 0 to "
                                  f"{width - 1}, y from 0 to {height - 1})")
            elif (x, y) in owner:
                context.error(at, f"{context.source(zone).what}: square [{x}, {y}] is in zone '{owner[(x, y)]}' too")
            else:
                owner[(x, y)] = zone.id
                kept.append((x, y))
        zones.append(context.keep(zone, replace(zone, cells=tuple(kept))))
    return tuple(values), tuple(zones)
