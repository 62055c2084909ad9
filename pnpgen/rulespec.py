"""Declaring and reading an engine's rules parameters from content, with located errors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import Problems
from .fields import TYPE_NAMES, describe, did_you_mean, type_ok
from .model import Game


@dataclass(frozen=True)
class Param:
    """One rules parameter an engine reads: its kind, bounds, choices, default."""

    kind: type
    min: int | None = None
    max: int | None = None
    choices: tuple | None = None
    default: Any = None
    required: bool = True


def read_params(game: Game, spec: dict[str, Param], problems: Problems) -> dict[str, Any]:
    """Check game.rules against a spec; return the values (defaults filled in)."""
    out: dict[str, Any] = {}
    rules = game.rules
    where = rules.where or game.loc
    for name, p in spec.items():
        if name not in rules:
            if p.required:
                problems.error(where, f"rules: missing parameter '{name}' ({TYPE_NAMES.get(p.kind, p.kind.__name__)})")
            out[name] = p.default
            continue
        v = rules[name]
        loc = rules.loc(name)
        if not type_ok(v, p.kind):
            problems.error(loc, f"rules: '{name}' must be {TYPE_NAMES.get(p.kind, p.kind.__name__)}, got {describe(v)}")
        elif p.kind in (int, float) and (p.min is not None and v < p.min or p.max is not None and v > p.max):
            rng = (f"from {p.min} to {p.max}" if p.min is not None and p.max is not None
                   else f"at least {p.min}" if p.min is not None else f"at most {p.max}")
            problems.error(loc, f"rules: '{name}' must be {rng}, got {v}")
        elif p.kind is list and p.choices is not None:
            if any(x not in p.choices for x in v):
                problems.error(loc, f"rules: '{name}' items must be among {', '.join(map(str, p.choices))}")
        elif p.choices is not None and v not in p.choices:
            problems.error(loc, f"rules: '{name}': unknown value {describe(v)} "
                           f"(expected one of: {', '.join(map(str, p.choices))})" + did_you_mean(v, p.choices))
        out[name] = v
    for name, _ in rules.values:
        if name not in spec:
            problems.error(rules.loc(name), f"rules: unknown parameter '{name}'" + did_you_mean(name, spec))
    return out
