"""Narrow Seas actions as JSON objects (docs/positions.md) and as sentences."""

from __future__ import annotations

from typing import Any

from ...errors import Loc, Problems
from ...maths.hexgrid import DIRECTION_NAMES
from ...source.fields import Fields, describe, did_you_mean
from ...source.yamlsrc import loc_of
from .state import ACTION_TYPES

# The fields of each action type, in the order they are written.
FIELDS: dict[str, tuple[str, ...]] = {
    "place": ("ship", "to"), "set_wind": ("direction",), "plan": ("ships",), "draw": (),
    "market": ("card", "ship"), "sail": ("card", "ship", "to"), "fire": ("card", "ship", "target"),
    "duty": ("card", "ship"), "wind": ("card", "direction"), "discard": ("card",), "pass": (),
    "casualties": ("ship", "from"),
}


def to_json(g, a: tuple) -> dict[str, Any]:
    """The JSON object of an action tuple (docs/positions.md)."""
    kind = a[0]
    if kind == "plan":
        return {"type": "plan", "ships": {sid: dict(zip(g.areas, counts)) for sid, counts in a[1]}}
    if kind == "casualties":
        return {"type": "casualties", "ship": a[1], "from": dict(zip((*g.areas, "spent"), a[2]))}
    out: dict[str, Any] = {"type": kind}
    for name, value in zip(FIELDS[kind], a[1:]):
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def from_json(g, obj: Any, problems: Problems, where: str = "action", loc: Loc | None = None):
    """(action tuple, acting player or None) from a JSON/YAML object; errors are recorded, None returned."""
    f = Fields(obj, where, problems, loc)
    if not f.ok:
        return None
    before = len(problems.errors)
    kind = f.get("type", str, choices=ACTION_TYPES)
    player = f.get("player", int, None, min=1, max=g.num_players)
    if kind is None:
        for k in f.m:  # no type: the other fields cannot be judged
            f.known.append(k)
        return None
    vals: list[Any] = []
    for name in FIELDS[kind]:
        vals.append(_field(g, f, kind, name))
    f.finish()
    if len(problems.errors) > before:
        return None
    return (kind, *vals), player


def _field(g, f: Fields, kind: str, name: str) -> Any:
    if name in ("card",):
        return _known(f, name, g.cards, "card")
    if name in ("ship", "target"):
        return _known(f, name, g.ship_index, "ship")
    if name == "direction":
        return f.get(name, str, choices=DIRECTION_NAMES)
    if name == "to":
        v = f.get(name, list)
        if v is None:
            return None
        if len(v) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            f.err(name, f"field 'to' must be a hex [q, r], got {describe(v)}")
            return None
        return (v[0], v[1])
    if name == "ships":
        return _plan(g, f)
    if name == "from":
        return _counts(f, "from", f.get("from", dict), (*g.areas, "spent"), f.at("from"))
    raise AssertionError(name)


def _known(f: Fields, name: str, known, what: str) -> str | None:
    v = f.get(name, (str, int))
    if v is None:
        return None
    v = str(v)
    if v not in known:
        f.err(name, f"unknown {what} '{v}'" + (did_you_mean(v, known) or f" (expected one of: {', '.join(known)})"))
        return None
    return v


def _counts(f: Fields, what: str, m: Any, names: tuple[str, ...], loc: Loc | None) -> tuple[int, ...] | None:
    if m is None:
        return None
    sub = Fields(m, f"{f.what}: '{what}'", f.problems, loc)  # a value that is no mapping has no place of its own
    out = tuple(sub.get(n, int, 0, min=0, max=1000) for n in names)
    sub.finish()
    return None if any(x is None for x in out) else out


def _plan(g, f: Fields) -> tuple | None:
    ships = f.get("ships", dict)
    if ships is None:
        return None
    out = []
    for sid, counts in ships.items():
        sid = str(sid)
        if sid not in g.ship_index:
            f.problems.error(loc_of(ships, sid) if sid in ships else f.at("ships"),
                             f"{f.what}: unknown ship '{sid}'" + did_you_mean(sid, g.ship_index))
            continue
        c = _counts(f, f"ships.{sid}", counts, g.areas, loc_of(ships, sid))
        if c is not None:
            out.append((sid, c))
    out.sort(key=lambda sc: g.ship_index[sc[0]])
    return tuple(out)


def describe_action(g, a: tuple) -> str:
    """A sentence for an action: 'A sails to [1, -1] with blue-reach'."""
    kind = a[0]
    if kind == "place":
        return f"place {a[1]} at {_hex(a[2])}"
    if kind == "set_wind":
        return f"set the wind toward {a[1]}"
    if kind == "plan":
        return "plan " + "; ".join(
            f"{sid}: " + ", ".join(f"{area} {n}" for area, n in zip(g.areas, counts)) for sid, counts in a[1])
    if kind == "draw":
        return "draw from the deck"
    if kind == "market":
        return f"take {a[1]} from the Market, paying a {g.params.market_cost_area} cube of {a[2]}"
    if kind == "sail":
        return f"{a[2]} sails to {_hex(a[3])} with {a[1]}"
    if kind == "fire":
        return f"{a[2]} fires {a[1]} at {a[3]}"
    if kind == "duty":
        return f"{a[2]} returns a cube to duty with {a[1]}"
    if kind == "wind":
        return f"play {a[1]}: the wind turns toward {a[2]}"
    if kind == "discard":
        return f"discard {a[1]}"
    if kind == "pass":
        return "pass"
    if kind == "casualties":
        taken = [f"{n} from {area}" for area, n in zip((*g.areas, "spent"), a[2]) if n]
        return f"{a[1]} sends " + ", ".join(taken) + " to the Sick Bay"
    return repr(a)


def _hex(c) -> str:
    return f"[{c[0]}, {c[1]}]"
