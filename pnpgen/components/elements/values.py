"""Reading element parameters: lengths and percentages, boxes, colours bound to data, conditions, repeats."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...draw.colour import is_colour
from ...draw.units import parse_length
from .declared import Param

COLOUR_WORDS = ("suit", "suit.dark", "suit.light", "ink", "paper", "neutral", "none")
BINDING = re.compile(r"^\{([A-Za-z_][A-Za-z0-9_.-]*)\}$")
CONDITION = re.compile(r"^\s*(not\s+|!)?\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*(?:(==|!=|<=|>=|<|>)\s*(.+?))?\s*$")


class Bad(Exception):
    """A parameter's value is wrong; the message says what it must be."""


@dataclass(frozen=True)
class Percent:
    """A share of a length to come (the anchor's width or height, the element's box)."""

    share: float

    def of(self, whole: float) -> float:
        """The length it is of `whole`."""
        return self.share * whole


@dataclass(frozen=True)
class Condition:
    """`when:` a name is set (or not), or compares with a value."""

    name: str
    negated: bool = False
    op: str = ""
    value: str = ""


def length_or_percent(v: Any) -> float | Percent:
    """A length in mm, or a Percent ('50%')."""
    if isinstance(v, str) and v.strip().endswith("%"):
        try:
            return Percent(float(v.strip()[:-1]) / 100)
        except ValueError:
            raise Bad("") from None
    if isinstance(v, bool):
        raise Bad("")
    return parse_length(v)


def resolve(v: float | Percent, whole: float) -> float:
    """A length, with a percentage taken of `whole`."""
    return v.of(whole) if isinstance(v, Percent) else v


def read_length(v: Any, p: Param, known) -> float:
    if isinstance(v, bool):
        raise Bad("")
    x = parse_length(v)
    _bounded(x, p)
    return x


def read_box(v: Any, p: Param, known) -> tuple:
    if not isinstance(v, list) or len(v) != 4:
        raise Bad("")
    values = tuple(length_or_percent(x) for x in v)
    if any(not isinstance(x, Percent) and x < 0 for x in values[2:]):
        raise Bad("a box's width and height may not be negative")
    return values


def read_number(v: Any, p: Param, known) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or p.kind == "int" and not isinstance(v, int):
        raise Bad("")
    _bounded(v, p)
    return v


def _bounded(x: float, p: Param) -> None:
    if p.min is not None and x < p.min or p.max is not None and x > p.max:
        raise Bad(f"must be from {p.min:g} to {p.max:g}")


def read_bool(v: Any, p: Param, known) -> bool:
    if not isinstance(v, bool):
        raise Bad("")
    return v


def read_text(v: Any, p: Param, known) -> str:
    if isinstance(v, bool) or not isinstance(v, (str, int, float)):
        raise Bad("")
    return str(v)


def read_name(v: Any, p: Param, known) -> str:
    if not isinstance(v, str) or not v.strip():
        raise Bad("")
    return v.strip()


def read_choice(v: Any, p: Param, known) -> str:
    if v not in p.choices:
        from ...source.fields import did_you_mean
        raise Bad(f"unknown value {v!r} (expected one of: {', '.join(map(str, p.choices))})"
                  + (did_you_mean(v, p.choices) if isinstance(v, str) else ""))
    return v


def read_colour(v: Any, p: Param, known) -> str:
    """A colour as written: checked now, resolved for each piece when drawn (suit, on:..., {field})."""
    if not isinstance(v, str):
        raise Bad("")
    text = v.strip()
    inner = text[3:].strip() if text.startswith("on:") else text
    if BINDING.match(inner) or inner in COLOUR_WORDS or is_colour(inner) or known.colour_name(inner):
        return text
    from ...source.fields import did_you_mean
    names = list(COLOUR_WORDS) + known.colour_names()
    raise Bad(f"unknown colour {v!r} (expected #rrggbb, one of: {', '.join(names)}, on:COLOUR or {{FIELD}})"
              + did_you_mean(inner, names))


def read_when(v: Any, p: Param, known) -> tuple[Condition, ...]:
    """Conditions joined by 'and', each holding for the element to be drawn."""
    if isinstance(v, bool) or not isinstance(v, (str, int)):
        raise Bad("")
    return tuple(_condition(part) for part in re.split(r"\s+and\s+", str(v).strip()))


def _condition(v: str) -> Condition:
    m = CONDITION.match(str(v))
    if m is None:
        raise Bad(f"cannot read the condition {v!r} (expected FIELD, not FIELD, or FIELD == VALUE, !=, <, <=, >, "
                  ">=)")
    negated, name, op, value = bool(m[1]), m[2], m[3] or "", (m[4] or "").strip().strip("'\"")
    if negated and op:
        raise Bad(f"cannot read the condition {v!r}: 'not' goes with a name alone (write != to compare)")
    return Condition(name, negated, op, value)


def read_each(v: Any, p: Param, known) -> str | int:
    if isinstance(v, bool) or not isinstance(v, (str, int)):
        raise Bad("")
    if isinstance(v, int):
        if not 0 <= v <= 100:
            raise Bad("must be from 0 to 100 repeats")
        return v
    return v.strip().strip("{}")


def read_points(v: Any, p: Param, known) -> tuple:
    if not isinstance(v, list) or len(v) < 2:
        raise Bad("")
    out = []
    for point in v:
        if not isinstance(point, list) or len(point) != 2:
            raise Bad("")
        out.append((length_or_percent(point[0]), length_or_percent(point[1])))
    return tuple(out)


READERS = {
    "length": read_length, "box": read_box, "number": read_number, "int": read_number, "bool": read_bool,
    "text": read_text, "name": read_name, "choice": read_choice, "colour": read_colour, "when": read_when,
    "each": read_each, "points": read_points,
}


def default_of(p: Param) -> Any:
    """A parameter's default as a read value."""
    if p.default is None:
        return None
    if p.kind == "length":
        return parse_length(p.default)
    if p.kind == "box":
        return tuple(length_or_percent(x) for x in p.default)
    if p.kind == "points":
        return tuple((length_or_percent(x), length_or_percent(y)) for x, y in p.default)
    return p.default
