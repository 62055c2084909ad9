"""Helpers for the Narrow Seas engine tests: a position from a few fields, and the legal actions as a set."""

from __future__ import annotations

from functools import cache
from typing import Any

from pnpgen.engine.narrow_seas import NarrowSeas, make_game, parse_position
from pnpgen.engine.narrow_seas.position import dump
from pnpgen.hexgrid import hexagon
from pnpgen.loader import load_game


@cache
def game() -> NarrowSeas:
    """The bundled two-player game."""
    return make_game(load_game("narrow-seas"))


def sea(radius: int = 4, suit: str = "blue") -> dict:
    """An inline board: a hexagon of one suit, so suit matching never gets in the way."""
    return {"hexes": [[q, r, suit] for q, r in hexagon(radius)]}


def ship(owner: int, at: tuple[int, int] | None, *, sail: int = 0, duty: int = 0, lookout: int = 0, fire: int = 0,
         spent: int = 0, sick: int | None = None) -> dict:
    """A ship entry of a position."""
    e: dict[str, Any] = {"owner": owner}
    if at is not None:
        e["hex"] = list(at)
    e["plan"] = {"sail": sail, "duty": duty, "lookout": lookout, "fire": fire}
    e["spent"] = spent
    if sick is not None:
        e["sick"] = sick
    return e


def position(ships: dict, *, hands: dict | None = None, wind: str | None = "S", phase: str = "action",
             to_move: int = 1, board: dict | None = None, **more: Any):
    """A state read from a position written with these fields (ships left out have sunk)."""
    d: dict[str, Any] = {"game": "narrow-seas", "players": 2}
    if board is not None:
        d["board"] = board
    d.update(wind=wind, round=more.pop("round", 1), phase=phase, to_move=to_move,
             first_player=more.pop("first_player", 1))
    d["ships"] = ships
    d["hands"] = hands if hands is not None else {1: [], 2: []}
    d.update(more)
    return parse_position(dump(d)).state


def legal(s, kind: str | None = None) -> set[tuple]:
    """The legal actions as a set (only those of one type when `kind` is given)."""
    return {a for a in s.legal_actions() if kind is None or a[0] == kind}


def sails(s, card: str, ship_id: str) -> set[tuple[int, int]]:
    """Destinations of the legal sail actions of one card and ship."""
    return {a[3] for a in s.legal_actions() if a[0] == "sail" and a[1] == card and a[2] == ship_id}


def edit(path, old: str, new: str) -> None:
    """Replace the one occurrence of `old` in a file with `new`."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name}: expected exactly one {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")
