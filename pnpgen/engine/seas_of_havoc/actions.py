"""Seas of Havoc actions as JSON objects (README: the Seas of Havoc engine) and as sentences."""

from __future__ import annotations

from typing import Any

from ...errors import Loc, Problems
from ...source.fields import Fields, describe, did_you_mean
from .game import SeasOfHavoc
from .names import CAPITOL, DEEP_COVE, FLAG_SLOTS, FLAGS, GATHER, LOCATIONS, TRADING_POST, WORKSHOP
from .state import ACTION_TYPES

TURNS = ("none", "port", "starboard")
SIDES = ("port", "starboard")
PILES = ("hand", "discard")


def to_json(g: SeasOfHavoc, a: tuple) -> dict[str, Any]:
    """The JSON object of an action tuple."""
    kind = a[0]
    out: dict[str, Any] = {"type": kind}
    if kind == "place":
        _, loc, x, y = a
        out["location"] = loc
        if loc == CAPITOL:
            out["resource"] = x
        elif loc == TRADING_POST:
            out["give"], out["take"] = _named(g, x), _named(g, y)
        elif loc == WORKSHOP:
            out["upgrade"] = x
            if y:
                out["booty"] = True
        elif loc == DEEP_COVE:
            out["hand"], out["discard"] = list(x), list(y)
        elif loc == FLAG_SLOTS:
            out["flag"] = x
    elif kind in ("claim", "decline", "play", "pass", "discard"):
        out["card"] = a[1]
    elif kind == "buy":
        out["card"] = a[1]
        if a[2]:
            out["booty"] = True
    elif kind == "extend":
        if a[1]:
            out["booty"] = True
    elif kind == "pivot":
        out["turn"] = a[1]
    elif kind == "fire":
        out["side"] = a[1]
    elif kind == "flag":
        out["flag"] = a[1]
        if a[1] == "shipwright":
            out["from"], out["card"] = a[2]
        elif a[1] == "purser":
            out["resource"] = a[2]
    return out


def _named(g: SeasOfHavoc, counts: tuple[int, ...]) -> dict[str, int]:
    return {r: n for r, n in zip(g.resources, counts) if n}


def from_json(g: SeasOfHavoc, obj: Any, problems: Problems, where: str = "action", loc: Loc | None = None):
    """(action tuple, acting player or None) from a JSON/YAML object; errors are recorded and None returned."""
    f = Fields(obj, where, problems, loc)
    if not f.ok:
        return None
    before = len(problems.errors)
    kind = f.get("type", str, choices=ACTION_TYPES)
    player = f.get("player", int, None, min=1, max=g.num_players)
    if kind is None:
        f.known.extend(f.m)
        return None
    a: tuple | None = None
    if kind == "place":
        a = _place(g, f)
    elif kind in ("claim", "decline", "play", "pass", "discard"):
        a = (kind, _card(g, f, "card"))
    elif kind == "buy":
        a = (kind, _card(g, f, "card"), f.get("booty", bool, False))
    elif kind == "extend":
        a = (kind, f.get("booty", bool, False))
    elif kind in ("restock", "hold", "done"):
        a = (kind,)
    elif kind == "pivot":
        a = (kind, f.get("turn", str, choices=TURNS))
    elif kind == "fire":
        a = (kind, f.get("side", str, choices=SIDES))
    elif kind == "flag":
        flag = f.get("flag", str, choices=FLAGS)
        choice = None
        if flag == "shipwright":
            choice = (f.get("from", str, choices=PILES), _card(g, f, "card"))
        elif flag == "purser":
            choice = f.get("resource", str, choices=g.resources)
        a = (kind, flag, choice)
    f.finish()
    if len(problems.errors) > before or a is None:
        return None
    return a, player


def _place(g: SeasOfHavoc, f: Fields) -> tuple | None:
    loc = f.get("location", str, choices=(*LOCATIONS,))
    if loc in GATHER:
        return ("place", loc, None, None)
    if loc == CAPITOL:
        return ("place", loc, f.get("resource", str, choices=g.resources), None)
    if loc == TRADING_POST:
        return ("place", loc, _counts(g, f, "give"), _counts(g, f, "take"))
    if loc == WORKSHOP:
        up = f.get("upgrade", str)
        if up is not None and up not in g.upgrades:
            f.err("upgrade", f"unknown upgrade '{up}'" + (did_you_mean(up, g.upgrades)
                                                          or f" (expected one of: {', '.join(g.upgrades)})"))
        return ("place", loc, up, f.get("booty", bool, False))
    if loc == DEEP_COVE:
        return ("place", loc, _cards(g, f, "hand"), _cards(g, f, "discard"))
    if loc == FLAG_SLOTS:
        return ("place", loc, f.get("flag", str, choices=FLAGS), None)
    return None


def _card(g: SeasOfHavoc, f: Fields, name: str) -> str | None:
    v = f.get(name, str)
    if v is not None and v not in g.cards:
        f.err(name, f"unknown card '{v}'" + did_you_mean(v, g.cards))
        return None
    return v


def _cards(g: SeasOfHavoc, f: Fields, name: str) -> tuple[str, ...]:
    v = f.get(name, list, [])
    out = []
    for c in v or []:
        if not isinstance(c, str) or c not in g.cards:
            f.err(name, f"unknown card {describe(c)}" + (did_you_mean(c, g.cards) if isinstance(c, str) else ""))
            continue
        out.append(c)
    return tuple(sorted(out, key=g.card_order.__getitem__))


def _counts(g: SeasOfHavoc, f: Fields, name: str) -> tuple[int, ...]:
    v = f.get(name, dict, {})
    out = [0] * len(g.resources)
    for r, n in (v or {}).items():
        if r not in g.resources:
            f.err(name, f"unknown resource '{r}' (expected one of: {', '.join(g.resources)})")
        elif not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 100:
            f.err(name, f"'{r}' must be a whole number from 0 to 100, got {describe(n)}")
        else:
            out[g.resources.index(r)] = n
    return tuple(out)


def describe_action(g: SeasOfHavoc, a: tuple) -> str:
    """A sentence for an action: 'place a skiff at the Bank', 'play full-sail'."""
    kind = a[0]
    if kind == "place":
        _, loc, x, y = a
        text = f"place a skiff at {loc}"
        if loc == CAPITOL:
            return f"{text}, taking the First Player token and {x}"
        if loc == TRADING_POST:
            return f"{text}, giving {_say(g, x)} for {_say(g, y)}"
        if loc == WORKSHOP:
            return f"{text}, switching on {x}" + (" (paying with booty)" if y else "")
        if loc == DEEP_COVE:
            cards = [*(f"{c} from hand" for c in x), *(f"{c} from discards" for c in y)]
            return f"{text}, scrapping " + (", ".join(cards) or "nothing")
        if loc == FLAG_SLOTS:
            return f"{text}, taking a {x} flag"
        return text
    if kind == "claim":
        return f"claim {a[1]} in the Market"
    if kind == "restock":
        return "scrap the unclaimed Market cards and restock"
    if kind == "buy":
        return f"buy {a[1]}" + (" (paying with booty)" if a[2] else "")
    if kind == "decline":
        return f"leave {a[1]} unbought"
    if kind == "play":
        return f"play {a[1]}"
    if kind == "pass":
        return f"pass with {a[1]}"
    if kind == "pivot":
        return "keep heading" if a[1] == "none" else f"pivot to {a[1]}"
    if kind == "discard":
        return f"discard {a[1]} for the collision"
    if kind == "extend":
        return "sail the extended manoeuvre" + (" (paying with booty)" if a[1] else "")
    if kind == "hold":
        return "skip the extended manoeuvre"
    if kind == "fire":
        return f"fire the {a[1]} broadside"
    if kind == "flag":
        if a[1] == "shipwright":
            return f"use the shipwright flag: scrap {a[2][1]} from {a[2][0]}"
        if a[1] == "purser":
            return f"use the purser flag: gain {a[2]}"
        return f"use the {a[1]} flag"
    if kind == "done":
        return "use no more flags"
    return repr(a)


def _say(g: SeasOfHavoc, counts) -> str:
    return ", ".join(f"{n} {r}" for r, n in zip(g.resources, counts or ()) if n) or "nothing"
