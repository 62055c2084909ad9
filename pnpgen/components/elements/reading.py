"""Reading a template's elements: each parameter checked against its kind's declaration, located errors with a
did-you-mean, `copy:` resolved, groups read with their own elements."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import Loc, Problems
from ...source.fields import describe, did_you_mean
from ...source.yamlsrc import LMap, key_loc, loc_of
from .declared import KINDS, params_of
from .values import READERS, Bad, default_of


@dataclass(frozen=True)
class Element:
    """One placed element as read: its name, kind, every parameter's value (defaults filled in) and where each
    was written; a group's own elements."""

    name: str
    kind: str
    values: dict = field(compare=False)
    locs: dict = field(compare=False)
    loc: Loc | None = field(default=None, compare=False)
    children: tuple = ()
    role: str = ""  # how messages name it: "template 'x' element 'index'"

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def loc_of(self, key: str) -> Loc | None:
        """Where a parameter was written (else the element)."""
        return self.locs.get(key) or self.loc


class Known:
    """What element values may name: the game's colours."""

    def __init__(self, game):
        self.game = game

    def colour_name(self, name: str) -> bool:
        """Whether a name is a colour of the game (or a suit, which has one)."""
        c = self.game.colour(name)
        return isinstance(c, str) and c.startswith("#")

    def colour_names(self) -> list[str]:
        """The game's colour and suit names."""
        return [k for k, _ in self.game.colours] + [s.id for s in self.game.suits]


def read_elements(pairs: tuple, known: Known, problems: Problems, what: str) -> tuple[Element, ...]:
    """A template's (name, mapping) pairs as elements, in drawing order (by layer, then as written)."""
    written = dict(pairs)
    out = []
    for name, m in pairs:
        element = _element(name, m, written, known, problems, what)
        if element is not None:
            out.append(element)
    return tuple(sorted(out, key=lambda e: e.values["layer"]))


def _element(name: str, m: LMap, siblings: dict, known: Known, problems: Problems, what: str,
              seen: tuple = ()) -> Element | None:
    role = f"{what} element '{name}'"
    if "copy" in m:
        source = m["copy"]
        if not isinstance(source, str) or source not in siblings or source == name or source in seen:
            problems.error(loc_of(m, "copy"), f"{role}: 'copy' must name another element of the template, got "
                           f"{describe(source)}" + (did_you_mean(source, list(siblings))
                                                    if isinstance(source, str) else ""))
            return None
        from ...draw.templates import merged_mapping
        m = merged_mapping(siblings[source], _without(m, "copy"))
        return _element(name, m, siblings, known, problems, what, seen + (source,))
    kind = m.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        names = sorted(KINDS)
        problems.error(loc_of(m, "kind") if "kind" in m else m.loc,
                       f"{role}: " + (f"unknown kind {describe(kind)} (expected one of: {', '.join(names)})"
                                      + (did_you_mean(kind, names) if isinstance(kind, str) else "")
                                      if "kind" in m else f"needs a 'kind' (one of: {', '.join(names)})"))
        return None
    params = params_of(kind)
    values, locs = {}, {}
    for key, p in params.items():
        values[key] = default_of(p) if key != "kind" else kind
    for key in m:
        if key not in params and key != "elements":
            problems.error(key_loc(m, key), f"{role}: unknown parameter '{key}' for a {kind}"
                           + (did_you_mean(key, list(params)) or f" (expected: {', '.join(params)})"))
            continue
        if key in ("kind", "elements"):
            continue
        p = params[key]
        locs[key] = loc_of(m, key)
        v = m[key]
        if v is None:
            continue  # null: the default
        try:
            values[key] = READERS[p.kind](v, p, known)
        except (Bad, ValueError, TypeError) as e:
            why = str(e) if isinstance(e, Bad) and str(e) else f"must be {p.words()}"
            problems.error(loc_of(m, key), f"{role}: '{key}' {why}, got {describe(v)}")
    children: tuple = ()
    if kind == "group":
        inner = m.get("elements")
        if not isinstance(inner, LMap):
            problems.error(loc_of(m, "elements") if "elements" in m else m.loc,
                           f"{role}: a group needs 'elements', a mapping of element names to elements")
        else:
            pairs = [(k, v) for k, v in inner.items() if isinstance(v, LMap)]
            for k, v in inner.items():
                if not isinstance(v, LMap):
                    problems.error(loc_of(inner, k), f"{role}: element '{k}' must be a mapping, got {describe(v)}")
            children = read_elements(tuple(pairs), known, problems, f"{role} group")
    elif "elements" in m:
        problems.error(key_loc(m, "elements"), f"{role}: only a group holds 'elements'")
    return Element(name, kind, values, locs, m.loc, children, role)


def _without(m: LMap, key: str) -> LMap:
    out = LMap({k: v for k, v in m.items() if k != key})
    out.loc, out.key_locs, out.val_locs = m.loc, dict(m.key_locs), dict(m.val_locs)
    return out
