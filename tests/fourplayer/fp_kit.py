"""Helpers for the four-player tests: the bundled team game, and positions written from a few fields."""

from __future__ import annotations

from functools import cache
from typing import Any

from pnpgen.engine.narrow_seas import NarrowSeas, make_game, parse_position
from pnpgen.engine.narrow_seas.position import dump
from pnpgen.hexgrid import hexagon
from pnpgen.loader import load_game

# Where each ship starts on the bundled board (a position may move them).
STARTS = {"A": (-2, 4), "B": (-2, 2), "C": (-2, -2), "D": (-2, 0), "W": (2, -4), "X": (2, -2), "Y": (2, 2),
          "Z": (2, 0)}
OWNER = {"A": 1, "B": 1, "W": 2, "X": 2, "C": 3, "D": 3, "Y": 4, "Z": 4}


@cache
def game4() -> NarrowSeas:
    """The bundled four-player team game."""
    return make_game(load_game("narrow-seas"), players=4)


def sea(radius: int = 5, suit: str = "blue") -> dict:
    """An inline board of one suit, so suit matching never gets in the way."""
    return {"hexes": [[q, r, suit] for q, r in hexagon(radius)]}


def ship(sid: str, at: tuple[int, int] | None = None, *, sail: int = 0, duty: int = 0, lookout: int = 0,
         fire: int = 0, spent: int | None = None, sick: int | None = None) -> dict:
    """A ship entry: at its start hex unless told; cubes not planned are in Spent unless told."""
    planned = sail + duty + lookout + fire
    e: dict[str, Any] = {"owner": OWNER[sid], "hex": list(at or STARTS[sid]),
                         "plan": {"sail": sail, "duty": duty, "lookout": lookout, "fire": fire},
                         "spent": (4 - planned - (sick or 0)) if spent is None else spent}
    if sick is not None:
        e["sick"] = sick
    return e


def fleet(**changed: dict) -> dict:
    """All eight ships on their starts (every cube in Spent), with some entries replaced."""
    out = {sid: ship(sid) for sid in OWNER}
    out.update(changed)
    return out


def text4(ships: dict | None = None, *, hands: dict | None = None, decks: dict | None = None,
          phase: str = "action", to_move: int = 1, first_player: int = 1, wind: str | None = "S",
          board: dict | None = None, **more: Any) -> str:
    """A four-player position as YAML text."""
    d: dict[str, Any] = {"game": "narrow-seas", "players": 4}
    if board is not None:
        d["board"] = board
    d.update(wind=wind, round=more.pop("round", 1), phase=phase, to_move=to_move, first_player=first_player)
    d.update({k: more.pop(k) for k in ("token", "passed", "planned") if k in more})
    d["ships"] = ships if ships is not None else fleet()
    d["hands"] = hands if hands is not None else {1: [], 2: [], 3: [], 4: []}
    if decks is not None:
        d["decks"] = decks
    d.update(more)
    return dump(d)


def position4(ships: dict | None = None, **kw: Any):
    """A four-player state read from a position written with these fields."""
    return parse_position(text4(ships, **kw)).state
