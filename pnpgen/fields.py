"""Reading located YAML mappings field by field, with typed, located errors."""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from typing import Any

from .errors import Loc, Problems
from .yamlsrc import LList, LMap, key_loc, loc_of

_MISSING = object()

TYPE_NAMES = {int: "a whole number", float: "a number", str: "a string", bool: "true or false",
              list: "a list", dict: "a mapping"}


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """' (did you mean 'x'?)' when a close option exists, else ''."""
    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def type_ok(value: Any, kind: type) -> bool:
    """Whether a YAML value has the expected Python kind (bools are not numbers)."""
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def describe(value: Any) -> str:
    """A short description of a value's kind, for error messages."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"'{str(value).lower()}'"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"'{value}'"
    return f"{value!r}"


class Fields:
    """Reads the fields of one YAML mapping; records errors instead of raising."""

    def __init__(self, mapping: Any, what: str, problems: Problems, loc: Loc | None = None):
        self.what = what
        self.problems = problems
        self.ok = isinstance(mapping, dict)
        self.m: LMap = mapping if self.ok else LMap()
        self.loc = loc_of(mapping) or loc
        if not self.ok:
            problems.error(self.loc, f"{what}: expected a mapping, got {describe(mapping)}")
            self.m.loc, self.m.key_locs, self.m.val_locs = self.loc or Loc(), {}, {}
        self.known: list[str] = []

    def at(self, key: str) -> Loc | None:
        """Location of a field's value (or of the mapping when absent)."""
        return loc_of(self.m, key) if key in self.m else self.loc

    def err(self, key: str | None, message: str) -> None:
        """Record an error located at a field's value."""
        self.problems.error(self.at(key) if key else self.loc, f"{self.what}: {message}")

    def has(self, key: str) -> bool:
        """Whether the field is present."""
        self.known.append(key)
        return key in self.m

    def get(self, key: str, kind: type | tuple = object, default: Any = _MISSING, *,
            min: float | None = None, max: float | None = None,
            choices: Iterable[str] | None = None) -> Any:
        """One field: checked for kind, range and choices; default if absent (required if none)."""
        self.known.append(key)
        if key not in self.m:
            if default is _MISSING:
                if self.ok:  # a value that is not a mapping was reported once already
                    self.problems.error(self.loc, f"{self.what}: missing required field '{key}'")
                return None
            return default
        v = self.m[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if object not in kinds and not any(type_ok(v, k) for k in kinds):
            names = " or ".join(TYPE_NAMES.get(k, k.__name__) for k in kinds if not (k is int and float in kinds))
            self.err(key, f"field '{key}' must be {names}, got {describe(v)}")
            return None if default is _MISSING else default
        if isinstance(v, float) and not math.isfinite(v):
            self.err(key, f"field '{key}' must be a finite number, got {v}")
            return None if default is _MISSING else default
        if min is not None and v < min or max is not None and v > max:
            rng = f"at least {min}" if max is None else f"at most {max}" if min is None else f"from {min} to {max}"
            self.err(key, f"field '{key}' must be {rng}, got {v}")
            return None if default is _MISSING else default
        if choices is not None:
            choices = list(choices)
            if v not in choices:
                self.err(key, f"field '{key}': unknown value '{v}' (expected one of: {', '.join(map(str, choices))})"
                         + did_you_mean(v, choices))
                return None if default is _MISSING else default
        return v

    def finish(self) -> None:
        """Report keys this reader never asked for."""
        for k in self.m:
            if k not in self.known:
                self.problems.error(key_loc(self.m, k),
                                    f"{self.what}: unknown field '{k}'" + did_you_mean(k, self.known)
                                    + (f" (expected: {', '.join(sorted(set(self.known)))})"
                                       if not did_you_mean(k, self.known) else ""))


def as_list(value: Any, what: str, problems: Problems, loc: Loc | None) -> LList:
    """The value as a located list, or an empty one after recording an error."""
    if isinstance(value, list):
        return value if isinstance(value, LList) else _llist(value, loc)
    problems.error(loc, f"{what}: expected a list, got {describe(value)}")
    return _llist([], loc)


def _llist(items: list, loc: Loc | None) -> LList:
    out = LList(items)
    out.loc, out.item_locs = loc or Loc(), [loc or Loc()] * len(items)
    return out
