"""JSON Schema (draft 2020-12) of a template file, made from the same declarations its reading checks against: each
template kind's parameters (P) and each element kind's (Param), so an editor completes and checks templates as it
does a pack's content files."""

from __future__ import annotations

from typing import Any

from ..components.elements import COMMON, KINDS, Param
from ..draw.templates import P
from .templates_reference import TEMPLATE_KINDS

TEMPLATE_FILE = "template.schema.json"
UNIT = r"^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)\s*(mm|cm|in|pt)?\s*$"
SHARE = r"^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)\s*%\s*$"
LENGTH = {"anyOf": [{"type": "number"}, {"type": "string", "pattern": UNIT}]}
LENGTH_OR_SHARE = {"anyOf": [{"type": "number"}, {"type": "string", "pattern": UNIT},
                             {"type": "string", "pattern": SHARE}]}


def _bounded(schema: dict, low: float | None, high: float | None) -> dict:
    if low is not None:
        schema["minimum"] = low
    if high is not None:
        schema["maximum"] = high
    return schema


SHARED_KINDS = ("number", "int", "bool", "choice")  # what template and element parameters write alike


def _shared(p: P | Param) -> dict:
    if p.kind == "bool":
        return {"type": "boolean"}
    if p.kind == "choice":
        return {"enum": list(p.choices)}
    return _bounded({"type": "number" if p.kind == "number" else "integer"}, p.min, p.max)


def template_param(p: P) -> dict:
    """The schema of one template parameter's value."""
    kind = p.kind
    if kind == "length":
        out: dict[str, Any] = dict(LENGTH)
    elif kind == "size":
        out = {"type": "array", "items": LENGTH, "minItems": 2, "maxItems": 2}
    elif kind == "box":
        out = {"type": "array", "items": LENGTH, "minItems": 4, "maxItems": 4}
    elif kind in SHARED_KINDS:
        out = _shared(p)
    elif kind == "list":
        out = {"type": "array", "items": {"type": "string"}}
    elif kind == "elements":
        out = {"$ref": "#/$defs/elements"}
    else:  # str, colour
        out = {"type": "string"}
    if p.default is None:  # (unset: the template leaves it to what lays it out)
        out = {"anyOf": [out, {"type": "null"}]}
    return {**out, "description": p.doc} if p.doc else out


def element_param(p: Param) -> dict:
    """The schema of one element parameter's value."""
    kind = p.kind
    if kind == "length":
        out: dict[str, Any] = dict(LENGTH_OR_SHARE)
    elif kind == "box":
        out = {"type": "array", "items": LENGTH_OR_SHARE, "minItems": 4, "maxItems": 4}
    elif kind in SHARED_KINDS:
        out = _shared(p)
    elif kind == "points":
        out = {"type": "array", "items": {"type": "array", "items": LENGTH_OR_SHARE, "minItems": 2, "maxItems": 2}}
    elif kind == "each":
        out = {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]}
    elif kind == "elements":
        out = {"$ref": "#/$defs/elements"}
    elif kind == "kind":
        out = {"enum": sorted(KINDS)}
    else:  # text, colour, name, when
        out = {"anyOf": [{"type": "string"}, {"type": "number"}]} if kind == "text" else {"type": "string"}
    return {**out, "description": p.doc} if p.doc else out


def _spec_object(spec: dict, top: bool = False) -> dict:
    """An object of a template kind's parameters (a part of one, nested), no other keys."""
    props: dict[str, Any] = {}
    for name, value in spec.items():
        props[name] = _spec_object(value) if isinstance(value, dict) else template_param(value)
    if top:
        props["kind"] = {"type": "string", "description": "the kind of template"}
        props["extends"] = {"type": "string", "description": "the template this one starts from: a template of "
                            "the pack's templates/ folder or one of pnpgen's, by name"}
    return {"type": "object", "properties": props, "additionalProperties": False}


def _element() -> dict:
    """An element: the common parameters and those of its kind (any kind's, when `kind` is left to `copy`)."""
    every: dict[str, list[dict]] = {name: [element_param(p)] for name, p in COMMON.items()}
    for kind in KINDS.values():
        for name, p in kind.params.items():
            schema = element_param(p)
            if schema not in every.setdefault(name, []):
                every[name].append(schema)
    props = {name: schemas[0] if len(schemas) == 1 else {"anyOf": schemas} for name, schemas in every.items()}
    props["kind"] = {"enum": sorted(KINDS), "description": COMMON["kind"].doc}
    branches = []
    for kind in sorted(KINDS):
        own = {name: element_param(p) for name, p in KINDS[kind].params.items()}
        branches.append({"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
                         "then": {"properties": own, "propertyNames": {"enum": sorted({*COMMON, *own})}}})
    return {"type": "object", "properties": props, "additionalProperties": False, "allOf": branches,
            "description": "one element: what it draws (kind), where (box, anchor, from, place), when and how often"}


def template_document() -> dict:
    """The schema of a template file: `kind` chooses which parameters it may set."""
    kinds = [kind for kind, _bundled, _about, _spec in TEMPLATE_KINDS]
    branches = [{"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
                 "then": {**_spec_object(spec, top=True), "description": about}}
                for kind, _bundled, about, spec in TEMPLATE_KINDS]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "a pnpgen template: a kind of component's layout, its parameters and the elements it draws",
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": kinds, "description": "the kind of component it lays out"}},
        "allOf": branches,
        "$defs": {"elements": {"type": "object", "description": "elements by name, drawn in order (null drops one "
                               "an extended template has)",
                               "additionalProperties": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/element"}]}},
                  "element": _element()},
    }
