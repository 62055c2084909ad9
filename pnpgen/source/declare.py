"""Declaring content once: each field of a model dataclass carries its YAML key, kind, bounds, default and doc.

From these declarations come the located validation (`fields.read_record`), the model objects it fills, the
JSON Schema (`schema.py`) and the content reference (`reference.py`). A record is a dataclass marked with
`@record(noun)`; its declared fields are those made with `declared(...)`; other fields (locations, values
filled in when references are linked) are not read from content.
"""

from __future__ import annotations

import dataclasses
import math
import re
import sys
import typing
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any


class _Sentinel:
    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


REQUIRED = _Sentinel("REQUIRED")  # a field content must give
SAME = _Sentinel("SAME")  # the model's default is the content's
INVALID = _Sentinel("INVALID")  # what a kind returns for a value it reported as bad


# -- how a record is named in messages and documents ----------------------------------------------------
@dataclass(frozen=True)
class RecordInfo:
    """How a record is named in messages: 'token 'x'' (by id) or 'area #2' (by number in its list)."""

    noun: str
    by_id: bool = True  # named by its id once read; else by its number in a list
    within: str = ""  # how its parent's name comes first: "{} " gives "board 'b' location 'x'"
    words: str = "field"  # 'field' for content, 'parameter' for rules (the messages' wording)
    others: Any = None  # a Kind: keys it does not declare are allowed, with values of this kind
    keys: str = ""  # what its keys are, when not fields: "unknown style 'x' (expected one of: ...)"


def record(noun: str, *, by_id: bool = True, within: str = "", words: str = "field", others: Any = None,
           keys: str = ""):
    """Mark a dataclass as a record read from content, named `noun` in messages."""
    def mark(cls):
        cls.__record__ = RecordInfo(noun, by_id, within, words, others, keys)
        return cls
    return mark


def info(cls) -> RecordInfo:
    """How a record class is named."""
    return cls.__record__


# -- defaults --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Derived:
    """A default made from the record's other values (None: filled in when references are linked)."""

    doc: str  # how the reference describes it: "the id, capitalised"
    make: Callable[[dict], Any] | None = None


CAPITALISED = Derived("the id, '-' as spaces, capitalised",
                      lambda values: str(values["id"]).replace("-", " ").capitalize())
TITLED = Derived("the id, '-' as spaces, each word capitalised",
                 lambda values: str(values["id"]).replace("-", " ").title())
SAME_AS_ID = Derived("the id", lambda values: str(values["id"]))


# -- kinds: what a value must be -------------------------------------------------------------------------
class Kind:
    """What a value must be: reads a located YAML value, and says what it is for messages and documents.

    Each kind has `words` ("must be a whole number"), `plural` ("items must be whole numbers") and `empty`
    (the value a required field takes when it is bad or missing).
    """

    words: str
    plural: str
    empty: Any

    def read(self, value: Any, at: Any) -> Any:
        """The value as the model holds it, or INVALID after an error at `at` (a fields.Place, which also reads
        records and tables)."""
        return value

    def schema(self) -> dict:
        """The JSON Schema of a value."""
        return {}

    def doc(self) -> str:
        """The type as the reference names it."""
        return self.words.removeprefix("a ").removeprefix("an ")

    def limits(self) -> str:
        """Range or choices, for the reference ('' when none)."""
        return ""

    def children(self) -> list[type]:
        """Record classes a value holds (the schema and the reference describe them too)."""
        return []


def _bool(v: Any) -> bool:
    return isinstance(v, bool)


@dataclass(frozen=True, eq=False)
class Scalar(Kind):
    """A number, text or truth value, with optional bounds and choices."""

    types: tuple[type, ...]
    words: str
    plural: str
    json: tuple[str, ...]
    convert: Callable[[Any], Any] | None = None
    min: float | None = None
    max: float | None = None
    choices: tuple | None = None
    empty: Any = None

    def bounded(self, min: float | None, max: float | None, choices: tuple | None) -> Scalar:
        """This kind with bounds and choices."""
        return dataclasses.replace(self, min=min, max=max, choices=choices)

    def accepts(self, v: Any) -> bool:
        """Whether a YAML value has this kind's type (truth values are not numbers)."""
        return any(isinstance(v, t) and not (_bool(v) and t is not bool) for t in self.types)

    def fits(self, v: Any) -> bool:
        """Whether a value passes every check of this kind (read says which it fails)."""
        return (self.accepts(v) and not (isinstance(v, float) and not math.isfinite(v))
                and not (self.min is not None and v < self.min or self.max is not None and v > self.max)
                and (self.choices is None or v in self.choices))

    def read(self, v: Any, at: Any) -> Any:
        if not self.accepts(v):
            return at.wrong(self, v, "type")
        if isinstance(v, float) and not math.isfinite(v):
            return at.wrong(self, v, "finite")
        if self.min is not None and v < self.min or self.max is not None and v > self.max:
            return at.wrong(self, v, "range")
        if self.choices is not None and v not in self.choices:
            return at.wrong(self, v, "choice")
        return self.convert(v) if self.convert else v

    def range_words(self) -> str:
        """'from 1 to 30', 'at least 0', 'at most 5'."""
        if self.max is None:
            return f"at least {_num(self.min)}"
        if self.min is None:
            return f"at most {_num(self.max)}"
        return f"from {_num(self.min)} to {_num(self.max)}"

    def schema(self) -> dict:
        out: dict[str, Any] = {"type": self.json[0] if len(self.json) == 1 else list(self.json)}
        if self.choices is not None:
            out["enum"] = list(self.choices)
        if self.min is not None:
            out["minimum"] = self.min
        if self.max is not None:
            out["maximum"] = self.max
        return out

    def limits(self) -> str:
        if self.choices is not None:
            return "one of: " + ", ".join(f"`{c}`" for c in self.choices)
        if self.min is not None or self.max is not None:
            return self.range_words()
        return ""


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


INT = Scalar((int,), "a whole number", "whole numbers", ("integer",), empty=0)
NUMBER = Scalar((int, float), "a number", "numbers", ("number",), convert=float, empty=0.0)
STR = Scalar((str,), "a string", "strings", ("string",), empty="")
BOOL = Scalar((bool,), "true or false", "true or false", ("boolean",), empty=False)
TEXT = Scalar((str, int, float), "a string or a number", "strings or numbers", ("string", "number"), convert=str,
              empty="")


@dataclass(frozen=True, eq=False)
class Pattern(Kind):
    """Text of a given form (an id, a colour, a template name), checked by a regular expression."""

    pattern: str
    words: str
    message: str  # the error when the text does not match, with {value}
    types: tuple[type, ...] = (str,)
    prefix: str = ""  # only text starting with this must match (colours: names are checked when linking)
    empty: Any = None
    type_words: str = ""  # what a value of another type is told it must be (default: a string)

    def read(self, v: Any, at: Any) -> Any:
        if not isinstance(v, self.types) or _bool(v):
            kinds = self.type_words or ("a string or a whole number" if int in self.types else "a string")
            return at.bad(f"{at.label} must be {kinds}, got {describe(v)}")
        v = str(v)
        if v.startswith(self.prefix) and not re.match(self.pattern, v):
            return at.bad(self.message.format(value=v, label=at.label))
        return v

    def schema(self) -> dict:
        if self.prefix:
            return {"type": "string", "anyOf": [{"pattern": self.pattern}, {"not": {"pattern": "^" + self.prefix}}]}
        return {"type": "string" if int not in self.types else ["string", "integer"], "pattern": self.pattern}


ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]*$"
HEX_COLOUR = r"^#[0-9a-fA-F]{6}$"
ID = Pattern(ID_PATTERN, "an id (letters, digits, '-' and '_')", "id '{value}' may hold only letters, digits, "
             "'-' and '_'", types=(str, int))
NAME = Pattern(ID_PATTERN, "a name (letters, digits, '-' and '_')", "{label}: '{value}' is not a plain name")
TEMPLATE = Pattern(ID_PATTERN, "a template name", "template name '{value}' is not a plain name")
COLOUR = Pattern(HEX_COLOUR, "a colour (#rrggbb or a colour name)", "colour '{value}' must be #rrggbb (six hex digits)",
                 prefix="#")
HEX_ONLY = Pattern(HEX_COLOUR, "a colour (#rrggbb)", "expected #rrggbb, got '{value}'")


class PathData(Kind):
    """SVG path data in a 100 x 100 box (commands M L H V C S Q T A Z and numbers)."""

    words = "SVG path data (M, L, H, V, C, S, Q, T, A, Z and numbers in a 100 x 100 box)"
    LETTERS = re.compile(r"^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\- ]+$")
    LIMIT = 20_000

    def read(self, v: Any, at: Any) -> Any:
        if not isinstance(v, str):
            return at.bad(f"{at.label} must be a string, got {describe(v)}")
        s = " ".join(v.split())
        if not self.LETTERS.match(s) or s[:1] not in ("M", "m"):
            return at.bad(f"{at.label} must be SVG path data starting with M (commands MLHVCSQTAZ and numbers), "
                          f"got '{s[:40]}'")
        if len(s) > self.LIMIT:
            return at.bad(f"{at.label} is longer than {self.LIMIT} characters")
        return s

    def schema(self) -> dict:
        return {"type": "string", "pattern": r"^\s*[Mm][MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*$", "maxLength": self.LIMIT}


PATH = PathData()


class Holder(Kind):
    """A kind that holds values of another (a list, a table, inline or in a file): their bounds and records."""

    def held(self) -> Kind:
        """The kind of the values held."""
        raise NotImplementedError

    def limits(self) -> str:
        return self.held().limits()

    def children(self) -> list[type]:
        return self.held().children()


@dataclass(frozen=True, eq=False)
class ListOf(Holder):
    """A list of values of one kind (bounds and choices apply to each item)."""

    item: Kind
    empty: Any = ()

    @property
    def words(self) -> str:  # type: ignore[override]
        return "a list"

    def read(self, v: Any, at: Any) -> Any:
        if not isinstance(v, list):
            return at.wrong(self, v, "type")
        out = []
        for i, x in enumerate(v):
            got = self.item.read(x, at.item(v, i))
            if got is not INVALID:
                out.append(got)
        return tuple(out)

    def schema(self) -> dict:
        return {"type": "array", "items": self.item.schema()}

    def doc(self) -> str:
        return f"list of {self.item.doc() if not isinstance(self.item, Scalar) else self.item.plural}"

    def held(self) -> Kind:
        return self.item


@dataclass(frozen=True, eq=False)
class Fixed(Kind):
    """A list of a fixed number of values ([q, r], [width, height])."""

    items: tuple[Scalar, ...]
    words: str  # "[q, r] (whole numbers)"
    convert: Callable[[tuple], Any] = tuple
    empty: Any = None

    def read(self, v: Any, at: Any) -> Any:
        if not isinstance(v, list) or len(v) != len(self.items) or not all(
                k.fits(x) for k, x in zip(self.items, v)):
            return at.bad(f"{at.label} must be {self.words}, got {describe(v)}")
        return self.convert(tuple(k.convert(x) if k.convert else x for k, x in zip(self.items, v)))

    def schema(self) -> dict:
        return {"type": "array", "prefixItems": [k.schema() for k in self.items], "minItems": len(self.items),
                "maxItems": len(self.items)}


@dataclass(frozen=True, eq=False)
class OneOf(Kind):
    """Any of several kinds, tried in order (a number or a list of them)."""

    kinds: tuple[Kind, ...]
    words: str
    message: str = ""  # the error when none fits (default: "{label} must be {words}, got ...")

    @property
    def empty(self) -> Any:  # type: ignore[override]
        return self.kinds[0].empty

    def read(self, v: Any, at: Any) -> Any:
        for k in self.kinds:
            if _fits(k, v):
                return k.read(v, at)
        return at.bad(self.message.format(label=at.label) if self.message
                      else f"{at.label} must be {self.words}, got {describe(v)}")

    def schema(self) -> dict:
        return {"anyOf": [k.schema() for k in self.kinds]}

    def doc(self) -> str:
        return " or ".join(k.doc() for k in self.kinds)

    def limits(self) -> str:
        return "; ".join(x for x in (k.limits() for k in self.kinds) if x)

    def children(self) -> list[type]:
        return [c for k in self.kinds for c in k.children() if c]


def _fits(kind: Kind, v: Any) -> bool:
    """Whether a value has the shape of a kind (its checks aside), to pick among OneOf's kinds."""
    if isinstance(kind, Scalar):
        return kind.accepts(v)
    if isinstance(kind, (ListOf, Fixed)):
        return isinstance(v, list)
    if isinstance(kind, (Record, Table, Mapping)):
        return isinstance(v, dict)
    if isinstance(kind, Pattern):
        return isinstance(v, kind.types) and not _bool(v)
    return True


@dataclass(frozen=True, eq=False)
class Record(Kind):
    """A mapping whose fields a record class declares."""

    cls: type
    words = "a mapping"
    empty: Any = None

    def read(self, v: Any, at: Any) -> Any:
        what = at.child_what(self.cls)
        if not isinstance(v, dict) and isinstance(what, str):  # (a list's items name themselves: 'card #3')
            return at.wrong(self, v, "type")
        return at.record(self.cls, v, what)

    def schema(self) -> dict:
        return {"$ref": f"#/$defs/{self.cls.__name__}"}

    def doc(self) -> str:
        return f"mapping ({info(self.cls).noun})"

    def children(self) -> list[type]:
        return [self.cls]


@dataclass(frozen=True, eq=False)
class Table(Holder):
    """A mapping of names to values: `suits: {blue: {...}}`, `colours: {navy: "#1b3a5c"}`."""

    value: Kind
    key: Kind = ID
    noun: str = ""  # what a value is called in messages ("colour 'navy': ...") when it is not a record
    empty: Any = ()

    words = "a mapping"

    def read(self, v: Any, at: Any) -> Any:
        return at.table(self, v)

    def schema(self) -> dict:
        return {"type": "object", "propertyNames": self.key.schema(), "additionalProperties": self.value.schema()}

    def doc(self) -> str:
        return f"mapping of {self.key.doc().split(' (')[0]} to {self.value.doc()}"

    def held(self) -> Kind:
        return self.value


@dataclass(frozen=True, eq=False)
class FileOr(Holder):
    """The value written inline, or the name of a YAML file in the pack folder that holds it."""

    inner: Kind

    @property
    def words(self) -> str:  # type: ignore[override]
        return self.inner.words

    @property
    def empty(self) -> Any:  # type: ignore[override]
        return self.inner.empty

    def read(self, v: Any, at: Any) -> Any:
        return v if isinstance(v, str) else self.inner.read(v, at)

    def schema(self) -> dict:
        return {"anyOf": [{"type": "string", "description": "a YAML file in the pack folder that holds it"},
                          self.inner.schema()]}

    def doc(self) -> str:
        return f"{self.inner.doc()}, or a file holding it"

    def held(self) -> Kind:
        return self.inner


class Mapping(Kind):
    """A mapping whose keys the content chooses, checked elsewhere (card fields against their deck)."""

    words = "a mapping"
    empty: Any = None

    def read(self, v: Any, at: Any) -> Any:
        return v if isinstance(v, dict) else at.wrong(self, v, "type")

    def schema(self) -> dict:
        return {"type": "object"}


MAPPING = Mapping()


class Lines(Kind):
    """A line of text, or a list of lines (credits, what players bring): none of them blank."""

    words = "a line of text or a list of them"
    plural = "lines of text"
    empty = ()

    def read(self, v: Any, at: Any) -> Any:
        if not isinstance(v, (str, list)):
            return at.bad(f"{at.label} must be a string or a list, got {describe(v)}")
        items = [(v, at.loc)] if isinstance(v, str) else [(x, at.item(v, i).loc) for i, x in enumerate(v)]
        out = []
        for x, loc in items:
            if isinstance(x, str) and x.strip():
                out.append(x.strip())
            else:
                at.bad(f"'{at.key}' items must be lines of text, got {describe(x)}", loc)
        return tuple(out)

    def schema(self) -> dict:
        line = {"type": "string", "pattern": r"\S"}
        return {"anyOf": [line, {"type": "array", "items": line}]}

    def doc(self) -> str:
        return "string or list of strings"


LINES = Lines()


# -- declaring a field -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Spec:
    """One declared field: its YAML key, kind, default and one-line doc."""

    doc: str
    key: str | None = None
    kind: Kind | None = None
    default: Any = REQUIRED  # REQUIRED, a value, or a Derived
    min: float | None = None
    max: float | None = None
    choices: tuple | None = None
    from_key: bool = False  # a table item's id: the key it is listed under
    section: bool = False  # a section of game.yaml: inline, or the name of a file holding it
    required_doc: str = ""  # when a field is required only sometimes: "on a hex grid"

    @property
    def required(self) -> bool:
        """Whether content must give this field."""
        return self.default is REQUIRED and not self.from_key


def declared(doc: str, *, key: str | None = None, kind: Kind | None = None, default: Any = REQUIRED,
             min: float | None = None, max: float | None = None, choices: Any = None,
             from_key: bool = False, section: bool = False, required_doc: str = "",
             model_default: Any = SAME) -> Any:
    """A dataclass field read from content, documented in one line. `default` also serves the model unless it
    is Derived or `model_default` says otherwise (REQUIRED: the model is always given it)."""
    spec = Spec(doc, key, kind, default, min, max, tuple(choices) if choices is not None else None, from_key,
                section, required_doc)
    model = model_default if model_default is not SAME else (
        REQUIRED if isinstance(default, Derived) or from_key else default)
    if model is REQUIRED:
        return dataclasses.field(metadata={"spec": spec})
    return dataclasses.field(default=model, metadata={"spec": spec})


@dataclass(frozen=True)
class Declared:
    """A declared field as the reader uses it: attribute, YAML key, resolved kind, spec."""

    attr: str
    key: str
    kind: Kind
    spec: Spec


@cache
def declarations(cls: type) -> tuple[Declared, ...]:
    """The declared fields of a record class, in order, with kinds resolved from the annotations."""
    names = vars(sys.modules[cls.__module__])  # annotations are text: evaluate the declared fields' only
    out = []
    for f in dataclasses.fields(cls):
        spec = f.metadata.get("spec")
        if spec is None:
            continue
        kind = spec.kind or kind_of(eval(f.type, names) if isinstance(f.type, str) else f.type)
        kind = _bounded(kind, spec)
        out.append(Declared(f.name, spec.key or f.name, kind, spec))
    return tuple(out)


def _bounded(kind: Kind, spec: Spec) -> Kind:
    """The kind with the spec's bounds and choices (on each item for a list)."""
    if spec.min is None and spec.max is None and spec.choices is None:
        return kind
    if isinstance(kind, Scalar):
        return kind.bounded(spec.min, spec.max, spec.choices)
    if isinstance(kind, ListOf) and isinstance(kind.item, Scalar):
        return ListOf(kind.item.bounded(spec.min, spec.max, spec.choices))
    raise TypeError(f"bounds on a {type(kind).__name__} field")


SIMPLE: dict[Any, Kind] = {int: INT, float: NUMBER, str: STR, bool: BOOL}


def kind_of(hint: Any) -> Kind:
    """The kind of a field from its annotation: int, float, str, bool, X | None, tuple[X, ...], a record."""
    args = typing.get_args(hint)
    if type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            return kind_of(rest[0])
    if hint in SIMPLE:
        return SIMPLE[hint]
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return ListOf(kind_of(args[0]))
    if hasattr(hint, "__record__"):
        return Record(hint)
    raise TypeError(f"no kind for {hint!r}: declare it with kind=")


# -- words shared with the reader ------------------------------------------------------------------------
def did_you_mean(word: Any, options: Any) -> str:
    """' (did you mean 'x'?)' when a close option exists, else ''."""
    import difflib

    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


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
