"""Narrow Seas positions for the engine tests, two-player and four-player: a position from a few fields, the
legal actions as a set."""

from __future__ import annotations

from functools import cache
from typing import Any

from kit.engines import bundled, legal  # noqa: F401  (the engine tests take it from here with the builders)
from pnpgen.engine.narrow_seas import NarrowSeas, make_game, parse_position
from pnpgen.engine.narrow_seas.position import dump
from pnpgen.maths.hexgrid import hexagon

# Where each ship starts on the bundled four-player board (a position may move them), and whose it is.
STARTS = {"A": (-2, 4), "B": (-2, 2), "C": (-2, -2), "D": (-2, 0), "W": (2, -4), "X": (2, -2), "Y": (2, 2),
          "Z": (2, 0)}
OWNER = {"A": 1, "B": 1, "W": 2, "X": 2, "C": 3, "D": 3, "Y": 4, "Z": 4}


@cache
def game(players: int = 2) -> NarrowSeas:
    """The bundled game at a player count (4: the team game)."""
    return make_game(bundled("narrow-seas"), players=players)


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


def team_ship(sid: str, at: tuple[int, int] | None = None, *, sail: int = 0, duty: int = 0, lookout: int = 0,
              fire: int = 0, spent: int | None = None, sick: int | None = None) -> dict:
    """A four-player ship entry: at its start hex unless told; cubes not planned are in Spent unless told."""
    planned = sail + duty + lookout + fire
    return ship(OWNER[sid], at or STARTS[sid], sail=sail, duty=duty, lookout=lookout, fire=fire,
                spent=(4 - planned - (sick or 0)) if spent is None else spent, sick=sick)


def fleet(**changed: dict) -> dict:
    """All eight ships of the team game on their starts (every cube in Spent), with some entries replaced."""
    out = {sid: team_ship(sid) for sid in OWNER}
    out.update(changed)
    return out


def text(ships: dict, *, players: int = 2, hands: dict | None = None, decks: dict | None = None,
         phase: str = "action", to_move: int = 1, first_player: int = 1, wind: str | None = "S",
         board: dict | None = None, **more: Any) -> str:
    """A position as YAML text (hands empty unless given)."""
    d: dict[str, Any] = {"game": "narrow-seas", "players": players}
    if board is not None:
        d["board"] = board
    d.update(wind=wind, round=more.pop("round", 1), phase=phase, to_move=to_move, first_player=first_player)
    d.update({k: more.pop(k) for k in ("token", "passed", "planned") if k in more})
    d["ships"] = ships
    d["hands"] = hands if hands is not None else {p: [] for p in range(1, players + 1)}
    if decks is not None:
        d["decks"] = decks
    d.update(more)
    return dump(d)


def position(ships: dict, **fields: Any):
    """A two-player state read from a position written with these fields (ships left out have sunk)."""
    return parse_position(text(ships, **fields)).state


def text4(ships: dict | None = None, **fields: Any) -> str:
    """A four-player position as YAML text (all eight ships on their starts unless given)."""
    return text(ships if ships is not None else fleet(), players=4, **fields)


def position4(ships: dict | None = None, **fields: Any):
    """A four-player state read from a position written with these fields."""
    return parse_position(text4(ships, **fields)).state


def sails(s, card: str, ship_id: str) -> set[tuple[int, int]]:
    """Destinations of the legal sail actions of one card and ship."""
    return {a[3] for a in s.legal_actions() if a[0] == "sail" and a[1] == card and a[2] == ship_id}
