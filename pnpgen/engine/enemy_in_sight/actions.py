"""Enemy in Sight actions as JSON objects ({"type": ..., ...}) and as sentences."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import ContentError, ContentErrors, Loc, Problems
from ...source.fields import Fields, describe, did_you_mean
from ...source.yamlsrc import loc_of, parse_yaml
from .flow import ACTION_TYPES
from .names import PARTS

if TYPE_CHECKING:
    from .protocol import GameRules

# The fields of each action type, in the order they are written, and what each holds.
FIELDS: dict[str, tuple[str, ...]] = {
    "red": ("card",), "play": ("card",), "discard": ("card",), "muster": ("card",), "done": (),
    "target": ("ship",), "port": ("opponent",), "against": ("opponent",), "part": ("part",), "from": ("ship",),
    "ship": ("ship",), "damage": ("card", "part"), "fire": ("part",), "to": ("to",),
    "breaker": ("ship",), "move": ("ship",), "grape": ("cards",), "capture": ("as",),
}
CHOICES = {"to": ("line", "port"), "as": ("line", "prize"), "part": PARTS}


def to_json(rules: GameRules, a: tuple) -> dict[str, Any]:
    """The JSON object of an action tuple."""
    out: dict[str, Any] = {"type": a[0]}
    for name, value in zip(FIELDS[a[0]], a[1:]):
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def from_json(rules: GameRules, obj: Any, problems: Problems, what: str = "action",
              loc: Loc | None = None) -> tuple[tuple, int | None] | None:
    """(action tuple, the player it names or None) from a JSON/YAML object; None after recording located errors."""
    f = Fields(obj, what, problems, loc)
    if not f.ok:
        return None
    before = len(problems.errors)
    kind = f.get("type", str, choices=ACTION_TYPES)
    player = f.get("player", int, None, min=1, max=rules.num_players)
    if kind is None:
        f.known.extend(f.m)  # no type: the other fields cannot be judged
        return None
    values = [_field(rules, f, name) for name in FIELDS[kind]]
    f.finish()
    if len(problems.errors) > before:
        return None
    return (kind, *values), player


def _field(rules: GameRules, f: Fields, name: str) -> Any:
    if name == "card":
        return _known(f, name, rules.cards, "card")
    if name == "ship":
        return _known(f, name, rules.ship_index, "ship")
    if name == "opponent":
        return f.get(name, int, min=1, max=rules.num_players)
    if name == "cards":
        v = f.get(name, list)
        if v is None:
            return None
        out = []
        for k, c in enumerate(v):
            if not isinstance(c, str) or c not in rules.cards:
                f.problems.error(loc_of(v, k) or f.at(name), f"{f.what}: unknown card {describe(c)}"
                                 + (did_you_mean(c, rules.cards) if isinstance(c, str) else ""))
                return None
            out.append(c)
        return tuple(sorted(out, key=rules.card_order.__getitem__))
    return f.get(name, str, choices=CHOICES[name])


def _known(f: Fields, name: str, known, what: str) -> str | None:
    v = f.get(name, str)
    if v is None:
        return None
    if v not in known:
        f.err(name, f"unknown {what} '{v}'" + (did_you_mean(v, known) or f" (expected one of: {', '.join(known)})"))
        return None
    return v


def parse_action(rules: GameRules, text: str, name: str = "<action>") -> tuple[tuple, int | None]:
    """(action tuple, the player it names or None) from JSON (or YAML flow) text; ContentErrors if malformed."""
    problems = Problems()
    try:
        obj = parse_yaml(text, name, problems)
    except ContentError as e:
        raise ContentErrors([e]) from None
    problems.raise_if_any()
    got = from_json(rules, obj, problems, "action", Loc(name, 1, 1))
    problems.raise_if_any()
    if got is None:
        problems.error(Loc(name, 1, 1), "action: not a valid action")
        problems.raise_if_any()
    return got


def describe_action(rules: GameRules, a: tuple) -> str:
    """A sentence for an action: 'play broadsides-3', 'aim at orient', 'fire from victory'."""
    kind = a[0]
    ships = rules.ships
    if kind in ("target", "from", "ship", "breaker", "move"):
        name = ships[rules.ship_index[a[1]]].name if a[1] in rules.ship_index else a[1]
        return {"target": f"aim at {name}", "from": f"from {name}", "ship": f"on {name}",
                "breaker": f"{name} breaks the Line", "move": f"move {name}"}[kind]
    if kind == "red":
        return f"take up the Red card {a[1]}"
    if kind == "play":
        return f"play {a[1]}"
    if kind == "discard":
        return f"discard {a[1]}"
    if kind == "muster":
        return f"discard {a[1]} to bring ships from Port into the Line"
    if kind == "done":
        return "done"
    if kind == "port":
        return f"at every ship in player {a[1]}'s Port"
    if kind == "against":
        return f"against player {a[1]}"
    if kind == "part":
        return f"at the {a[1]}"
    if kind == "damage":
        return f"remove {a[1]} from the {a[2]}"
    if kind == "fire":
        return f"put out the Fire in the {a[1]}"
    if kind == "to":
        return f"into the {'Line' if a[1] == 'line' else 'Port'}"
    if kind == "grape":
        return "Grape Shot: " + (", ".join(a[1]) if a[1] else "none")
    if kind == "capture":
        return f"make her a {'ship of the Line' if a[1] == 'line' else 'Prize'}"
    return repr(a)
