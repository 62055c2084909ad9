"""JSON Schema (draft 2020-12) of a pack's YAML files, made from the model's declarations, for editors.

One schema file per kind of file: `game.schema.json`, one per section a game.yaml may name a file for
(`decks.schema.json` for a file of decks ...), `variant.schema.json` and `template.schema.json` (a file of the
pack's templates/ folder). The `rules` mapping is described by
the parameters the game's engine declares (asked of it through the engine registry).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import PnpgenError
from ..files.atomic import write_atomically
from ..model import Game, Variant
from ..source.declare import MAPPING, REQUIRED, Derived, Kind, Record, declarations, info
from ..source.yamlsrc import load_yaml

DIALECT = "https://json-schema.org/draft/2020-12/schema"
GAME_FILE = "game.schema.json"
VARIANT_FILE = "variant.schema.json"
EDITOR_LINE = "# yaml-language-server: $schema="
FILE_NAME = {"type": "string", "description": "a YAML file in the pack folder that holds it"}


def rules_parameters(engine: str | None) -> type | None:
    """The record class declaring an engine's rules parameters (None: no engine, or one not installed)."""
    if not engine:
        return None
    from ..engine.api import engine_named

    try:
        return engine_named(engine).rules_parameters
    except PnpgenError:
        return None


def engine_names() -> list[str]:
    """Every name `engine:` may give: installed rules engines and games with checks of their own."""
    from ..checks.generic import known_engines

    return known_engines()


class _Schemas:
    """Builds schemas, collecting every record they use under $defs."""

    def __init__(self, params: type | None, engines: list[str]):
        self.params = params
        self.engines = engines
        self.defs: dict[str, dict] = {}

    def kind(self, kind: Kind) -> dict:
        """A kind's schema, its records added to $defs."""
        for cls in kind.children():
            self.record(cls)
        return kind.schema()

    def record(self, cls: type, overlay: bool = False) -> str:
        """Add a record class to $defs (once); its $defs name. An overlay requires nothing (a variant's rules)."""
        name = cls.__name__ + ("Overlay" if overlay else "")
        if name in self.defs:
            return name
        self.defs[name] = {}  # (a record may hold itself)
        props: dict[str, Any] = {}
        required = []
        for d in declarations(cls):
            if d.spec.from_key:
                continue
            props[d.key] = self.field(cls, d)
            if d.spec.required and not overlay:
                required.append(d.key)
        others = info(cls).others
        out: dict[str, Any] = {"type": "object", "description": _first_line(cls.__doc__),
                               "properties": props, "additionalProperties": others.schema() if others else False}
        if required:
            out["required"] = required
        self.defs[name] = out
        return name

    def field(self, owner: type, d: Any) -> dict:
        """One field's schema with its description and default."""
        kind = d.kind
        if d.key == "rules" and kind is MAPPING and self.params is not None:
            kind = Record(self.params)
            out = {"$ref": f"#/$defs/{self.record(self.params, overlay=owner is Variant)}"}
        elif d.key == "engine" and owner is Game and self.engines:
            out = {"enum": list(self.engines)}
        else:
            out = self.kind(kind)
        if d.spec.section:
            out = {"anyOf": [FILE_NAME, out]}
        doc = d.spec.doc + (f" (required {d.spec.required_doc})" if d.spec.required_doc else "")
        out = {**out, "description": doc}
        default = d.spec.default
        if default is not REQUIRED and not isinstance(default, Derived) and _plain(default):
            out["default"] = list(default) if isinstance(default, tuple) else default
        return out

    def document(self, root: dict, title: str) -> dict:
        """A schema document: the dialect, a title, the root schema and every record it uses."""
        return {"$schema": DIALECT, "title": title, **root, "$defs": dict(sorted(self.defs.items()))}


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().splitlines()[0] if doc else ""


def _plain(v: Any) -> bool:
    """Whether a default is plain data JSON can hold (records and rules are not)."""
    if isinstance(v, tuple):
        return all(_plain(x) for x in v)
    return v is not None and isinstance(v, (str, int, float, bool))


def section_fields() -> dict[str, Any]:
    """The declared sections of game.yaml by key, and of variants (rules, colours ...)."""
    return {d.key: d for d in declarations(Game) if d.spec.section}


def schema_name(section: str) -> str:
    """The schema file of a file holding one section: 'decks' -> 'decks.schema.json'."""
    return f"{section}.schema.json"


def documents(engine: str | None) -> dict[str, dict]:
    """Every schema document for a game played by `engine`, by file name."""
    params, engines = rules_parameters(engine), engine_names()
    out = {}
    s = _Schemas(params, engines)
    out[GAME_FILE] = s.document({"$ref": f"#/$defs/{s.record(Game)}"}, "game.yaml: a game's content")
    s = _Schemas(params, engines)
    out[VARIANT_FILE] = s.document({"$ref": f"#/$defs/{s.record(Variant)}"}, "a variant: another way to play")
    for key, d in section_fields().items():
        s = _Schemas(params, engines)
        if key == "rules" and params is not None:
            root = {"$ref": f"#/$defs/{s.record(params)}"}
        elif key == "variants":
            continue  # a variant's own file is described by variant.schema.json
        else:
            root = s.kind(d.kind)
        out[schema_name(key)] = s.document({**root, "description": d.spec.doc}, f"a file of {key}")
    from .template_schema import TEMPLATE_FILE, template_document

    out[TEMPLATE_FILE] = template_document()
    return out


def write_schemas(engine: str | None, out: Path) -> list[Path]:
    """Write every schema document as the folder `out` (a folder of pnpgen's own, swapped in whole)."""
    docs = {name: (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
            for name, doc in documents(engine).items()}
    write_atomically(out, docs)
    return [out / name for name in docs]


def pack_files(root: Path) -> dict[Path, str]:
    """Each YAML file of a pack that game.yaml (or a variant) names, with the schema file describing it."""
    root = root.resolve()
    out = {root / "game.yaml": GAME_FILE}
    doc = _read(root / "game.yaml")
    if not isinstance(doc, dict):
        return out
    sections = section_fields()

    def name_files(mapping: dict, keys: Any) -> None:
        for key in keys:
            ref = mapping.get(key)
            if isinstance(ref, str) and (root / ref).resolve().is_file():
                out.setdefault((root / ref).resolve(), schema_name(key))

    name_files(doc, [k for k in sections if k != "variants"])
    templates = root / "templates"
    if templates.is_dir() and not templates.is_symlink():
        for path in sorted(templates.glob("*.yaml")):
            if path.is_file() and not path.is_symlink():
                out.setdefault(path.resolve(), "template.schema.json")
    variants = doc.get("variants")
    for ref in (variants.values() if isinstance(variants, dict) else ()):
        path = (root / ref).resolve() if isinstance(ref, str) else None
        if path is not None and path.is_file():
            out.setdefault(path, VARIANT_FILE)
            vdoc = _read(path)
            if isinstance(vdoc, dict):
                name_files(vdoc, [d.key for d in declarations(Variant) if d.spec.section])
    return out


def _read(path: Path) -> Any:
    try:
        return load_yaml(path)
    except PnpgenError:
        return None


def add_editor_line(path: Path, schema: str) -> None:
    """Make a YAML file's first line `# yaml-language-server: $schema=<schema>` (replacing an earlier one)."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    if lines and lines[0].startswith(EDITOR_LINE):
        lines = lines[1:]
    path.write_text(f"{EDITOR_LINE}{schema}\n" + "".join(lines), encoding="utf-8")



def engine_of(root: Path) -> str | None:
    """The engine a pack's game.yaml names (read on its own, so a pack with errors still gets its schemas)."""
    doc = _read(Path(root) / "game.yaml")
    engine = doc.get("engine") if isinstance(doc, dict) else None
    return engine if isinstance(engine, str) else None


def default_folder(root: Path) -> Path:
    """Where `pnpgen schema` writes by default: the pack's schema/ folder (a bundled pack's: output/<game>/schema)."""
    from ..files.paths import bundled_name

    name = bundled_name(root)
    return Path("output") / name / "schema" if name else Path(root) / "schema"
