"""Reading located YAML: declared records (see declare.py) and, field by field, mappings of other files."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import Loc, Problems
from .declare import INVALID, Derived, Kind, Pattern, Scalar, Table, declarations, describe, did_you_mean, info
from .sheets import value_of
from .yamlsrc import LList, LMap, key_loc, loc_of

_MISSING = object()

TYPE_NAMES = {int: "a whole number", float: "a number", str: "a string", bool: "true or false",
              list: "a list", dict: "a mapping"}


def type_ok(value: Any, kind: type) -> bool:
    """Whether a YAML value has the expected Python kind (bools are not numbers)."""
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


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


# -- declared records ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    """Where a record object came from: its located mapping and how messages name it."""

    mapping: Any
    what: str
    record: Any = None  # the object itself, kept alive so that no other object takes its id during the pass


@dataclass
class Reading:
    """One pass over content: where errors go, and (optionally) where each record object was read from."""

    problems: Problems
    sources: dict[int, Source] | None = None  # id(record object) -> its source, for the linking pass
    open: Callable[[str, Loc | None], Any] | None = None  # reads a data file a field names (None: after an error)


@dataclass(frozen=True)
class Name:
    """How a list item is named in messages: by number ('token #5') until its id is read ('token 'x'')."""

    numbered: str
    by_id: str | None = None  # "token": named "token 'x'" once the id is known

    def with_id(self, rid: Any) -> str:
        """The name once the id is known (still numbered if there is none)."""
        return f"{self.by_id} '{rid}'" if self.by_id and rid not in (None, "") else self.numbered


@dataclass
class Place:
    """Where a value is read: the record it belongs to (for messages), the key, the location."""

    reading: Reading
    what: str
    key: str
    loc: Loc | None
    words: str = "field"  # or 'parameter': "'hand_size' must be ..." instead of "field 'count' must be ..."

    @property
    def problems(self) -> Problems:
        return self.reading.problems

    @property
    def label(self) -> str:
        """How messages name the value: "field 'count'" or "'hand_size'"."""
        return f"field '{self.key}'" if self.words == "field" else f"'{self.key}'"

    def bad(self, message: str, loc: Loc | None = None) -> Any:
        """Record an error about this value; INVALID."""
        self.problems.error(loc or self.loc, f"{self.what}: {message}")
        return INVALID

    def wrong(self, kind: Kind, v: Any, why: str) -> Any:
        """Record that a value is not of a kind (type, finite, range or choice); INVALID."""
        if why == "type":
            return self.bad(f"{self.label} must be {kind.words}, got {describe(v)}")
        if why == "finite":
            return self.bad(f"{self.label} must be a finite number, got {v}")
        if why == "range":
            return self.bad(f"{self.label} must be {kind.range_words()}, got {v}")
        choices = kind.choices or ()
        return self.bad(f"{self.label}: unknown value {describe(v)} (expected one of: "
                        f"{', '.join(map(str, choices))})" + did_you_mean(v, choices))

    def item(self, container: Any, i: int) -> Place:
        """The place of a list's item."""
        return ItemPlace(self.reading, self.what, self.key, loc_of(container, i) or self.loc, self.words, i)

    def record(self, cls: type, v: Any, what: str | Name) -> Any:
        """A record held here, read from its mapping."""
        return read_record(cls, v, what, self.reading, self.loc)

    def table(self, kind: Table, v: Any) -> Any:
        """A mapping of names held here, read."""
        return read_table(kind, v, self)

    def child_what(self, cls: type) -> Any:
        """How a record held in this field is named: "deck 'action' back", or "fonts" on its own."""
        i = info(cls)
        return (i.within.format(self.what) if i.within else "") + i.noun

    def value_what(self, noun: str, key: Any) -> str:
        """How a value of a table held in this field is named: "board 'b' start 'A'"."""
        return f"{self.what} {noun} '{key}'"


@dataclass
class ItemPlace(Place):
    """A list item: "'headings' items must be whole numbers from -3 to 3, got 9"."""

    index: int = 0

    @property
    def label(self) -> str:
        return f"'{self.key}' items"

    def wrong(self, kind: Kind, v: Any, why: str) -> Any:
        if why == "choice":
            return self.bad(f"{self.label} must be among {', '.join(map(str, kind.choices or ()))}"
                            + did_you_mean(v, kind.choices or ()))
        bounds = f" {kind.range_words()}" if isinstance(kind, Scalar) and (
            kind.min is not None or kind.max is not None) else ""
        return self.bad(f"{self.label} must be {getattr(kind, 'plural', 'values')}{bounds}, got {describe(v)}")

    def child_what(self, cls: type) -> Any:
        i = info(cls)
        parent = i.within.format(self.what) if i.within else ""
        return Name(f"{parent}{i.noun} #{self.index + 1}", f"{parent}{i.noun}" if i.by_id else None)


@dataclass
class SectionPlace(Place):
    """A whole section (or a file holding one): "decks: expected a list, got 5"."""

    def wrong(self, kind: Kind, v: Any, why: str) -> Any:
        if why == "type":
            return self.bad(f"expected {kind.words}, got {describe(v)}")
        return super().wrong(kind, v, why)

    def child_what(self, cls: type) -> Any:
        noun = info(cls).noun
        return Name(f"{noun} #1", noun) if info(cls).by_id else noun

    def value_what(self, noun: str, key: Any) -> str:
        return f"{noun} '{key}'"


def read_section(kind: Kind, value: Any, name: str, reading: Reading, loc: Loc | None) -> Any:
    """A section's value read by its kind, or INVALID; errors name the section ("suits: expected a mapping")."""
    return kind.read(value, SectionPlace(reading, name, name, loc_of(value) or loc))


def read_record(cls: type, value: Any, what: str | Name, reading: Reading, loc: Loc | None = None,
                key: Any = None) -> Any:
    """A record object from a located mapping, checked against its class's declarations; errors go to reading."""
    values, name = read_values(cls, value, what, reading, loc, key)
    obj = cls(**values)
    if reading.sources is not None:
        reading.sources[id(obj)] = Source(value if isinstance(value, dict) else {}, name, obj)
    return obj


def read_values(cls: type, value: Any, what: str | Name, reading: Reading, loc: Loc | None = None,
                key: Any = None, skip: Iterable[str] = ()) -> tuple[dict[str, Any], str]:
    """The declared fields of a record class read from a located mapping (all but `skip`, whose keys are still
    known), and the record's name for messages."""
    decl = declarations(cls)
    words = info(cls).words
    ok = isinstance(value, dict)
    m = value if ok else {}
    here = loc_of(value) or loc
    name = what if isinstance(what, str) else what.numbered
    if not ok:
        reading.problems.error(here, f"{name}: expected a mapping, got {describe(value)}")
    values: dict[str, Any] = {d.attr: None if key is None else str(key) for d in decl if d.spec.from_key}
    by_id = next((d for d in decl if d.attr == "id" and not d.spec.from_key), None)
    if by_id is not None:
        values["id"] = _field(by_id, m, name, reading, here, words, ok, derive_from=m)
        if not isinstance(what, str):
            name = what.with_id(values["id"])
    later = []
    for d in decl:
        if d.attr in values or d.attr in skip:
            continue
        got = _field(d, m, name, reading, here, words, ok)
        if got is _DERIVE:
            later.append(d)
        values[d.attr] = got
    for d in later:
        make = d.spec.default.make
        values[d.attr] = make(values) if make else None
    known = [d.key for d in decl if not d.spec.from_key]
    keys = info(cls).keys
    for k in m:
        if k not in known:
            hint = did_you_mean(k, known)
            if keys:
                hint = f" (expected one of: {', '.join(known)})" + hint
            elif words == "field":
                hint = hint or f" (expected: {', '.join(sorted(known))})"
            reading.problems.error(key_loc(m, k), f"{name}: unknown {keys or words} '{k}'{hint}")
    if "loc" in getattr(cls, "__dataclass_fields__", {}):
        values["loc"] = here
    return values, name


_DERIVE = object()


def textual(kind: Kind) -> bool:
    """Whether a kind's values are text (a spreadsheet cell is read as text for it, else as a YAML value)."""
    return isinstance(kind, Pattern) or isinstance(kind, Scalar) and str in kind.types


def _field(d: Any, m: Any, what: str, reading: Reading, here: Loc | None, words: str, ok: bool,
           derive_from: Any = None) -> Any:
    """One declared field's value: read, defaulted, or (after an error) its default or its kind's empty value."""
    default = d.spec.default
    if d.key not in m:
        if isinstance(default, Derived):
            if default.make is None:
                return None
            if derive_from is None:
                return _DERIVE
            got = default.make(derive_from)
            if got is not None:
                return got
        if isinstance(default, Derived) or d.spec.required:
            if ok:
                missing = (f"missing required field '{d.key}'" if words == "field"
                           else f"missing parameter '{d.key}' ({d.kind.words})")
                reading.problems.error(here, f"{what}: {missing}")
            return d.kind.empty
        return default
    got = d.kind.read(value_of(m[d.key], textual(d.kind)), Place(reading, what, d.key, loc_of(m, d.key), words))
    if got is not INVALID:
        return got
    if isinstance(default, Derived):
        if default.make is None or derive_from is not None:
            return default.make(derive_from) if default.make else None
        return _DERIVE
    return d.kind.empty if d.spec.required else default


def read_table(kind: Table, v: Any, at: Place) -> Any:
    """A mapping of names to records or values: records come back as a tuple, values as (name, value) pairs."""
    if not isinstance(v, dict):
        return at.wrong(kind, v, "type")
    out = []
    record = getattr(kind.value, "cls", None)
    for k, item in v.items():
        got_key = kind.key.read(k, SectionPlace(at.reading, at.what, str(k), key_loc(v, k), at.words))
        if got_key is INVALID:
            got_key = str(k)
        if record is not None:
            i = info(record)
            parent = i.within.format(at.what) if i.within else ""
            out.append(read_record(record, item, f"{parent}{i.noun} '{k}'", at.reading, loc_of(v, k), key=got_key))
            continue
        got = kind.value.read(item, SectionPlace(at.reading, at.value_what(kind.noun, k), str(k), loc_of(v, k),
                                                 at.words))
        if got is not INVALID:
            out.append((got_key, got))
    return tuple(out)
