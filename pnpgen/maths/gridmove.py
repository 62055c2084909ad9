"""Manoeuvres and shots on a square grid, in a ship's own frame: the card fields a rules engine moves pieces by and
a card diagram is drawn from.

A piece on a square grid faces one of four headings. A manoeuvre is a path of single-square steps, each named
relative to the heading the piece had when the manoeuvre began (ahead, starboard, astern, port: the card's frame,
with the bow at the top of the card), and the facing the piece ends with, relative to the same frame. An extended
manoeuvre carries a cost and continues, in the same frame, from where the main one ended. A shot leaves one side
of the piece (or either broadside, the player's choice) and travels up to its range in squares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RELATIVE = ("ahead", "starboard", "astern", "port")  # quarter turns clockwise from the bow
SIDES = (*RELATIVE, "either")  # either: port or starboard, the player's choice
BROADSIDES = ("port", "starboard")
HEADINGS = ("N", "E", "S", "W")  # absolute headings, quarter turns clockwise from north
VECTORS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # one square toward each heading (x right, y down)
MAX_STEPS = 12
MAX_RANGE = 30


@dataclass(frozen=True)
class Manoeuvre:
    """A path of steps in the card's frame, the facing it ends with, and (for an extended one) its cost."""

    path: tuple[str, ...]
    facing: str = "ahead"
    cost: tuple[tuple[str, int], ...] = ()

    def offsets(self, start: tuple[int, int] = (0, 0)) -> list[tuple[int, int]]:
        """The squares the path enters, in the card's frame (ahead is -y), from `start`."""
        x, y = start
        out = []
        for step in self.path:
            dx, dy = VECTORS[quarter(step)]
            x, y = x + dx, y + dy
            out.append((x, y))
        return out


@dataclass(frozen=True)
class Shot:
    """One shot: the side it leaves from and how many squares it may travel."""

    side: str
    range: int

    def sides(self) -> tuple[str, ...]:
        """The sides a player may fire this shot from."""
        return BROADSIDES if self.side == "either" else (self.side,)


def quarter(relative: str) -> int:
    """Quarter turns clockwise from the bow of a relative direction ('port' is 3)."""
    return RELATIVE.index(relative)


def absolute(heading: int, relative: str) -> int:
    """The absolute heading (0 N .. 3 W) of a direction relative to a piece facing `heading`."""
    return (heading + RELATIVE.index(relative)) % 4


def read_manoeuvre(value: Any) -> tuple[Manoeuvre | None, str]:
    """A Manoeuvre from content data ({path: [ahead, port], facing: port, cost: {...}}); (None, what is wrong) if
    it is not one. The cost is returned as given (a mapping) for the caller to check as icon counts."""
    if not isinstance(value, dict):
        return None, "a mapping with 'path' (steps: ahead, starboard, astern, port) and optionally 'facing'"
    unknown = [k for k in value if k not in ("path", "facing", "cost")]
    if unknown:
        return None, f"a manoeuvre has 'path', 'facing' and 'cost', not '{unknown[0]}'"
    path = value.get("path", [])
    if not isinstance(path, list) or not all(isinstance(s, str) and s in RELATIVE for s in path):
        return None, f"'path' is a list of steps, each one of: {', '.join(RELATIVE)}"
    if len(path) > MAX_STEPS:
        return None, f"'path' has {len(path)} steps, more than {MAX_STEPS}"
    facing = value.get("facing", "ahead")
    if facing not in RELATIVE:
        return None, f"'facing' is one of: {', '.join(RELATIVE)}"
    if not path and facing == "ahead":
        return None, "a manoeuvre moves (a 'path') or turns (a 'facing' other than ahead)"
    return Manoeuvre(tuple(path), facing), ""


def read_shots(value: Any) -> tuple[tuple[Shot, ...] | None, str]:
    """Shots from content data (one {side, range} mapping or a list of them); (None, what is wrong) otherwise."""
    items = value if isinstance(value, list) else [value]
    if not items:
        return None, "at least one shot"
    out = []
    for v in items:
        if not isinstance(v, dict) or set(v) - {"side", "range"} or "range" not in v:
            return None, f"a shot is a mapping {{side: {'|'.join(SIDES)}, range: N}}"
        side, rng = v.get("side", "either"), v["range"]
        if side not in SIDES:
            return None, f"a shot's 'side' is one of: {', '.join(SIDES)}"
        if not isinstance(rng, int) or isinstance(rng, bool) or not 1 <= rng <= MAX_RANGE:
            return None, f"a shot's 'range' is a whole number from 1 to {MAX_RANGE}"
        out.append(Shot(side, rng))
    return tuple(out), ""


def describe_manoeuvre(m: Manoeuvre) -> str:
    """A manoeuvre in words: 'ahead 2, then port 1; ends facing port'."""
    runs: list[list] = []
    for step in m.path:
        if runs and runs[-1][0] == step:
            runs[-1][1] += 1
        else:
            runs.append([step, 1])
    moves = ", then ".join(f"{step} {n}" for step, n in runs)
    if m.facing == "ahead":
        return moves or "stay"
    turn = {"starboard": "turn to starboard", "port": "turn to port", "astern": "turn about"}[m.facing]
    return f"{moves}; {turn}" if moves else turn


def describe_shot(s: Shot) -> str:
    """A shot in words: 'either broadside, range 2'."""
    side = {"either": "either broadside", "port": "port broadside", "starboard": "starboard broadside",
            "ahead": "ahead (bow chaser)", "astern": "astern (stern chaser)"}[s.side]
    return f"{side}, range {s.range}"
