"""Where a Tabletop Simulator save puts each object: decks, then boards and tiles, then token stacks, in rows on
the table, every object within its flat top.

The table is TTS's "Rectangle" (Table_RPG). Its flat top runs to x = +-28 units (its raised rim starts at 29) and
to about z = +-19: figures that TTS mods measured on it (a ray cast straight down onto it; objects placed from
working saves), since the game's documentation gives no size. A unit is about an inch (TTS Knowledge Base, Custom
Tile: "in-game units (about an inch)"). Objects keep 2 units inside that, within +-HALF_X and +-HALF_Z.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TABLE = "Table_RPG"
HALF_X, HALF_Z = 26.0, 17.0  # units: the room objects keep to, centred on the table
GAP = 0.6  # units between neighbours
LIFT = 1.0  # posY of an object resting on the table (TTS drops it onto the top)
STEP = 0.25  # posY between the pieces of a stack: they settle onto each other
MM_PER_UNIT = 25.4


@dataclass
class Spot:
    """One place on the table: its footprint in units and the objects piled there (a token stack, an aid's
    copies; one deck or board alone)."""

    width: float
    depth: float
    objects: list[dict] = field(default_factory=list)


def footprint(width_mm: float, height_mm: float) -> tuple[float, float]:
    """A piece's footprint on the table in units."""
    return width_mm / MM_PER_UNIT, height_mm / MM_PER_UNIT


def arrange(groups: list[list[Spot]]) -> tuple[float, float]:
    """Place every spot: each group starts a row, spots fill a row left to right within 2 * HALF_X and rows run
    from the far side (+z) toward the players; the whole is centred on the table. Should the rows run past the
    near edge, the next rows start again at the far side one layer up (a kit too large for one table). Sets each
    object's posX, posY and posZ; returns the width and depth used."""
    rows: list[list[Spot]] = []
    for group in groups:
        row: list[Spot] = []
        used = 0.0
        for spot in group:
            if row and used + GAP + spot.width > 2 * HALF_X:
                rows.append(row)
                row, used = [], 0.0
            used += (GAP if row else 0.0) + spot.width
            row.append(spot)
        if row:
            rows.append(row)
    width = max((sum(s.width for s in r) + GAP * (len(r) - 1) for r in rows), default=0.0)
    depths = [max(s.depth for s in r) for r in rows]
    layers, top, z = [], [], 0.0
    for row, depth in zip(rows, depths):
        if top and z + depth > 2 * HALF_Z:
            layers.append(top)
            top, z = [], 0.0
        top.append((row, z, depth))
        z += depth + GAP
    if top:
        layers.append(top)
    depth_used = max((z + d for layer in layers for _, z, d in layer), default=0.0)
    for level, layer in enumerate(layers):
        for row, z, depth in layer:
            x = -width / 2
            for spot in row:
                for n, obj in enumerate(spot.objects):
                    obj["Transform"].update(posX=round(x + spot.width / 2, 3),
                                            posY=round(LIFT + 2.0 * level + STEP * n, 3),
                                            posZ=round(depth_used / 2 - z - depth / 2, 3))
                x += spot.width + GAP
    return width, depth_used
