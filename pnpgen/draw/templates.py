"""Layout templates: YAML files in templates/ read with locations, checked against a spec, units converted here."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ContentError, Loc, Problems
from ..files.paths import TEMPLATES_DIR, PathRefused, template_path
from ..model import Game
from ..source.fields import describe, did_you_mean
from ..source.yamlsrc import LMap, display_path, key_loc, load_yaml, loc_of
from .colour import is_colour
from .text import TextStyle
from .units import parse_length

KINDS = ("length", "size", "box", "number", "int", "bool", "str", "colour", "choice", "list", "elements")


@dataclass(frozen=True)
class P:
    """One template parameter: its kind, default, (for choices and numbers) what is allowed, and a one-line doc."""

    kind: str
    default: Any = None
    choices: tuple = ()
    min: float | None = None
    max: float | None = None
    doc: str = ""

    def describe(self) -> str:
        """What a value of this parameter looks like, for error messages."""
        return {
            "length": "a length such as 12, '3mm', '0.5in' or '8pt'",
            "size": "[width, height] lengths",
            "box": "[x, y, width, height] lengths",
            "number": "a number",
            "int": "a whole number",
            "bool": "true or false",
            "str": "a string",
            "colour": "#rrggbb or a colour name of the game",
            "choice": "one of: " + ", ".join(map(str, self.choices)),
            "list": "a list of strings",
            "elements": "a mapping of element names to elements (null drops an inherited one)",
        }[self.kind]


class Tmpl(dict):
    """A loaded template: a mapping of its kind's declared parameters (t["band"]["height"]), each present (the
    default where the file sets none) and checked against its declaration as the file is read; it knows where each
    value was set (`locs`), where it was read (`where`) and what it is called in messages (`role`)."""

    name: str = ""
    path: str = ""
    where: Loc | None = None
    role: str = ""
    locs: dict = {}  # replaced per template, never changed in place

    def loc_of(self, key: str) -> Loc | None:
        """Where a value was set (the template's file or region when it is a default)."""
        return self.locs.get(key) or self.where

    def loc(self) -> Loc:
        """Where the template was read from."""
        return Loc(self.path)


def text_spec(size: str = "8pt", bold: bool = False, italic: bool = False, align: str = "left",
              valign: str = "top", colour: str | None = None, min_size: str | None = None,
              leading: float = 1.22, display: bool = False) -> dict:
    """The parameters of a text region; colour None means the component's ink; display: a title face."""
    return {
        "size": P("length", size, min=0.5, max=100, doc="the type size"),
        "bold": P("bool", bold, doc="in the bold face"), "italic": P("bool", italic, doc="in the italic face"),
        "display": P("bool", display, doc="in the title (display) face"),
        "align": P("choice", align, ("left", "center", "right"), doc="across the box"),
        "valign": P("choice", valign, ("top", "middle", "bottom"), doc="down the box"),
        "colour": P("colour", colour, doc="its colour (default: the template's ink)"),
        "min_size": P("length", min_size, min=0.5, max=100, doc="shrink toward this size when the text does not "
                      "fit (default: never shrink)"),
        "leading": P("number", leading, min=0.8, max=3, doc="line pitch, in ems"),
    }


def text_style(t: dict, ink: str, scale: float = 1.0, **over) -> TextStyle:
    """A TextStyle from a text region's parameters (sizes multiplied by `scale`); a template's are made once for
    each ink, scale and override (templates are read once a build and not changed after)."""
    if not isinstance(t, Tmpl):
        return _text_style(t, ink, scale, over)
    styles = t.__dict__.setdefault("_text_styles", {})  # (an attribute no template parameter can be named)
    key = (ink, scale, *sorted(over.items()))
    style = styles.get(key)
    if style is None:
        style = styles[key] = _text_style(t, ink, scale, over)
    return style


def _text_style(t: dict, ink: str, scale: float, over: dict) -> TextStyle:
    kw = dict(size=t["size"] * scale, bold=t["bold"], italic=t["italic"], align=t["align"], valign=t["valign"],
              colour=t["colour"] or ink, leading=t["leading"],
              min_size=(t["min_size"] * scale) if t["min_size"] else None, display=bool(t.get("display")))
    if isinstance(t, Tmpl):
        kw.update(source=t.loc_of("size"), role=t.role)
    kw.update(over)
    return TextStyle(**kw)


def search_dirs(game: Game) -> list[Path]:
    """Where a game's templates are looked for: its own templates/ folder first, then pnpgen's."""
    return [Path(game.root) / "templates", TEMPLATES_DIR]


class Templates:
    """Loads templates by name for one game, once each; errors go to `problems` with their locations."""

    def __init__(self, game: Game, problems: Problems):
        self.game = game
        self.problems = problems
        self.cache: dict[tuple, Tmpl] = {}  # by (name, kind, bundled) and by (file, kind)

    def find(self, name: str) -> Path | None:
        """The file of a template, or None (PathRefused for a name that leads out of its folder)."""
        return template_path(Path(self.game.root), name)

    def known(self) -> list[str]:
        """Names of every template the game can use."""
        return sorted({p.stem for d in search_dirs(self.game) if d.is_dir() for p in d.glob("*.yaml")})

    def get(self, name: str, kind: str, spec: dict, loc: Loc | None = None, _chain: tuple = (),
            bundled: bool = False) -> Tmpl:
        """The template `name` for a layout of `kind`, defaults filled in from spec (an error gives defaults);
        `bundled`: pnpgen's own of that name, even where the pack has one."""
        key = (name, kind, bundled)
        if key in self.cache:
            return self.cache[key]
        try:
            path = (TEMPLATES_DIR / f"{name}.yaml" if (TEMPLATES_DIR / f"{name}.yaml").is_file() else None) \
                if bundled else self.find(name)
        except PathRefused as e:
            self.problems.error(loc, f"template '{name}': {e}")
            return self._defaults(spec, name)
        if path is None:
            self.problems.error(loc, f"unknown template '{name}' (expected one of: {', '.join(self.known())})"
                                + did_you_mean(name, self.known()))
            return self._defaults(spec, name)
        same = self.cache.get((str(path), kind))  # a pack without its own: the bundled file, read once
        if same is not None:
            self.cache[key] = same
            return same
        where = Loc(display_path(path))
        try:
            doc = load_yaml(path, self.problems)
        except ContentError as e:
            self.problems.error(e.loc, e.message)
            return self._defaults(spec, name)
        what = f"template '{name}'"
        if not isinstance(doc, LMap):
            self.problems.error(loc_of(doc) or Loc(where.file, 1, 1), f"{what}: expected a mapping, got "
                                f"{describe(doc)}")
            return self._defaults(spec, name)
        got_kind = doc.get("kind")
        if got_kind != kind:
            self.problems.error(loc_of(doc, "kind") if "kind" in doc else doc.loc,
                                f"{what}: 'kind' must be '{kind}' for this component, got {describe(got_kind)}")
        base: dict | None = None
        if "extends" in doc:
            parent = doc["extends"]
            if parent == name and not bundled and (TEMPLATES_DIR / f"{name}.yaml").is_file():
                base = self.get(name, kind, spec, loc_of(doc, "extends"), _chain + (name,), bundled=True)
            elif not isinstance(parent, str) or parent in _chain or parent == name:
                self.problems.error(loc_of(doc, "extends"), f"{what}: 'extends' must name another template "
                                    f"(and not loop), got {describe(parent)}")
            else:
                base = self.get(parent, kind, spec, loc_of(doc, "extends"), _chain + (name,))
        t = self._read(doc, spec, base, what, skip=("kind", "extends"), where=where)
        t.name, t.path = name, str(where)
        self.cache[key] = self.cache[(str(path), kind)] = t
        return t

    def _defaults(self, spec: dict, name: str) -> Tmpl:
        t = _defaults(spec, self.game)
        t.name = name
        return t

    def _read(self, m: LMap, spec: dict, base: dict | None, what: str, skip: tuple = (),
              where: Loc | None = None) -> Tmpl:
        out = Tmpl()
        locs: dict[str, Loc] = dict(base.locs) if isinstance(base, Tmpl) else {}
        for key, p in spec.items():
            inherited = base.get(key) if base is not None else None
            if isinstance(p, dict):
                sub = m.get(key) if key in m else None
                if key in m and not isinstance(sub, LMap):
                    self.problems.error(loc_of(m, key), f"{what}: '{key}' must be a mapping, got {describe(sub)}")
                    sub = None
                if sub is not None:
                    out[key] = self._read(sub, p, inherited, f"{what} {key}", where=loc_of(m, key))
                else:
                    out[key] = inherited if inherited is not None else _defaults(p, self.game, f"{what} {key}")
                    if inherited is None:
                        out[key].where = where
                continue
            if p.kind == "elements":
                out[key] = self._elements(m, key, inherited if base is not None else (), what)
                if key in m:
                    locs[key] = loc_of(m, key)
                continue
            if key in m:
                locs[key] = loc_of(m, key)
                out[key] = self._value(m[key], p, loc_of(m, key), f"{what}: '{key}'",
                                       inherited if base is not None else self._convert_default(p))
            else:
                out[key] = inherited if base is not None else self._convert_default(p)
        for key in m:
            if key not in spec and key not in skip:
                self.problems.error(key_loc(m, key), f"{what}: unknown parameter '{key}'"
                                    + (did_you_mean(key, spec) or f" (expected: {', '.join(spec)})"))
        out.locs, out.role = locs, what
        out.where = where or (base.where if isinstance(base, Tmpl) else None)
        return out

    def _convert_default(self, p: P) -> Any:
        return _convert_default(p, self.game)

    def _elements(self, m: LMap, key: str, inherited: tuple, what: str) -> tuple[tuple[str, LMap], ...]:
        """A template's elements as (name, written mapping) pairs, in drawing order: the template it extends
        gives the first, each named again here is merged key by key (null drops it, a new `kind` replaces it
        whole), and new names follow. Their keys are read by the element kinds (components/elements)."""
        if key not in m or m[key] is None:
            return tuple(inherited or ())
        own = m[key]
        if not isinstance(own, LMap):
            self.problems.error(loc_of(m, key), f"{what}: '{key}' must be a mapping of element names to "
                                f"elements, got {describe(own)}")
            return tuple(inherited or ())
        out: dict[str, LMap] = dict(inherited or ())
        for name, element in own.items():
            if not isinstance(name, str) or not name:
                self.problems.error(key_loc(own, name), f"{what}: an element's name must be text, got "
                                    f"{describe(name)}")
                continue
            if element is None:
                if name not in out:
                    self.problems.error(loc_of(own, name), f"{what}: element '{name}': null drops an element the "
                                        "template extends, and it has none of that name"
                                        + did_you_mean(name, list(out)))
                out.pop(name, None)
                continue
            if not isinstance(element, LMap):
                self.problems.error(loc_of(own, name), f"{what}: element '{name}' must be a mapping (kind, box, "
                                    f"...), got {describe(element)}")
                continue
            earlier = out.get(name)
            if earlier is not None and ("kind" not in element or element.get("kind") == earlier.get("kind")):
                element = merged_mapping(earlier, element)
            out[name] = element
        return tuple(out.items())

    def _value(self, v: Any, p: P, loc: Loc | None, what: str, fallback: Any) -> Any:
        """A parameter's value as its kind reads it, or the fallback after a located error."""
        reader = _READERS.get(p.kind)
        if reader is None:
            raise AssertionError(p.kind)
        try:
            if v is None:
                if fallback is None:
                    return None  # null only where the default is nothing
                raise _WrongKind
            return reader(self, v, p, loc, what)
        except (_WrongKind, ValueError):
            self.problems.error(loc, f"{what} must be {p.describe()}, got {describe(v)}")
        except _Reported:
            pass
        return fallback


class _WrongKind(Exception):
    """A parameter's value is not of its kind: reported as 'must be ..., got ...'."""


class _Reported(Exception):
    """A parameter's value was of its kind but wrong, and its reader reported why."""


def _in_range(templates: Templates, x: Any, p: P, loc: Loc | None, what: str, written: Any, unit: str = "") -> Any:
    """A number within the parameter's bounds, else _Reported after an error quoting it as written."""
    if p.min is not None and x < p.min or p.max is not None and x > p.max:
        templates.problems.error(loc, f"{what} must be from {p.min} to {p.max}{unit}, got {written}")
        raise _Reported
    return x


def _read_length(templates: Templates, v: Any, p: P, loc: Loc | None, what: str) -> float:
    return _in_range(templates, parse_length(v), p, loc, what, v, " mm")


def _read_lengths(templates: Templates, v: Any, p: P, loc: Loc | None, what: str) -> tuple[float, ...]:
    """A size (width, height) or a box (x, y, width, height): lengths, the last two not negative."""
    if not isinstance(v, list) or len(v) != (2 if p.kind == "size" else 4):
        raise _WrongKind
    values = tuple(parse_length(x) for x in v)
    if any(x < 0 for x in values[-2:]):
        raise _WrongKind
    return values


def _read_number(templates: Templates, v: Any, p: P, loc: Loc | None, what: str) -> Any:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or p.kind == "int" and not isinstance(v, int):
        raise _WrongKind
    return _in_range(templates, v, p, loc, what, v)


def _of_type(kind: type) -> Any:
    def read(templates: Templates, v: Any, p: P, loc: Loc | None, what: str) -> Any:
        if not isinstance(v, kind):
            raise _WrongKind
        return v
    return read


def _read_choice(templates: Templates, v: Any, p: P, loc: Loc | None, what: str) -> Any:
    if v not in p.choices:
        templates.problems.error(loc, f"{what}: unknown value {describe(v)} (expected one of: "
                                 f"{', '.join(map(str, p.choices))})" + did_you_mean(v, p.choices))
        raise _Reported
    return v


def _read_colour(templates: Templates, v: Any, p: P, loc: Loc | None, what: str) -> str:
    game = templates.game
    c = game.colour(v) if isinstance(v, str) else None
    if not is_colour(c):
        names = [k for k, _ in game.colours] + [s.id for s in game.suits]
        templates.problems.error(loc, f"{what}: unknown colour {describe(v)} (expected #rrggbb or one of: "
                                 f"{', '.join(names)})" + (did_you_mean(v, names) if isinstance(v, str) else ""))
        raise _Reported
    return c


def _read_words(templates: Templates, v: Any, p: P, loc: Loc | None, what: str) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise _WrongKind
    return tuple(v)


# How each kind of parameter is read: the value, or _WrongKind, or _Reported after its own error.
_READERS = {
    "length": _read_length, "size": _read_lengths, "box": _read_lengths, "number": _read_number,
    "int": _read_number, "bool": _of_type(bool), "str": _of_type(str), "choice": _read_choice,
    "colour": _read_colour, "list": _read_words,
}


def merged_mapping(base: LMap, over: LMap) -> LMap:
    """A mapping with `over`'s keys put over `base`'s (each keeps where it was written)."""
    out = LMap(base)
    out.loc, out.key_locs, out.val_locs = base.loc, dict(base.key_locs), dict(base.val_locs)
    for k, v in over.items():
        out[k] = v
        out.key_locs[k] = over.key_locs.get(k, over.loc)
        out.val_locs[k] = over.val_locs.get(k, over.loc)
    return out


def _convert_default(p: P, game: Game | None = None) -> Any:
    d = p.default
    if d is None:
        return None
    if p.kind == "elements":
        return ()
    if p.kind == "length":
        return parse_length(d)
    if p.kind in ("size", "box"):
        return tuple(parse_length(x) for x in d)
    if p.kind == "colour" and game is not None:
        c = game.colour(d)
        return c if is_colour(c) else d
    return d


def _defaults(spec: dict, game: Game | None = None, role: str = "") -> Tmpl:
    """A template part as its defaults make it; `role` names it in messages (its parts are named within it)."""
    out = Tmpl({k: (_defaults(p, game, f"{role} {k}" if role else "") if isinstance(p, dict)
                    else _convert_default(p, game)) for k, p in spec.items()})
    out.role = role
    return out
