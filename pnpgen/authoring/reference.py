"""The content reference (docs/content-reference.md), made from the declarations so it cannot drift.

Run: python -m pnpgen.authoring.reference > docs/content-reference.md
"""

from __future__ import annotations

import sys
from typing import Any

from ..load.textrefs import NAMESPACES
from ..model import Game, Variant
from ..model.cards import CardList
from ..source.declare import REQUIRED, Derived, FileOr, Kind, ListOf, OneOf, Record, Table, declarations, info

COMMAND = "python -m pnpgen.authoring.reference > docs/content-reference.md"


class _Reference:
    """Collects the records to describe, each once, in the order first met."""

    def __init__(self) -> None:
        self.order: list[type] = []
        self.titles: dict[type, str] = {}

    def title(self, cls: type, prefix: str = "") -> str:
        """A record's heading (unique in the page)."""
        if cls not in self.titles:
            title = prefix + info(cls).noun
            while title in self.titles.values():
                title += f" ({cls.__name__})"
            self.titles[cls] = title
            self.order.append(cls)
            for d in declarations(cls):
                for child in d.kind.children():
                    self.title(child, prefix)
        return self.titles[cls]

    def link(self, cls: type) -> str:
        title = self.title(cls)
        return f"[{info(cls).noun}](#{anchor(title)})"

    def type_text(self, kind: Kind) -> str:
        """A kind in words, records linked to their tables."""
        if isinstance(kind, Record):
            return self.link(kind.cls)
        if isinstance(kind, ListOf) and isinstance(kind.item, Record):
            return f"list of {self.link(kind.item.cls)}"
        if isinstance(kind, Table):
            key = kind.key.doc().split(" (")[0]
            return f"mapping of {key} to {self.type_text(kind.value)}"
        if isinstance(kind, FileOr):
            return self.type_text(kind.inner)
        if isinstance(kind, CardList):
            return f"{self.type_text(kind.items)}, or a CSV, XLSX or YAML file holding them"
        if isinstance(kind, OneOf):
            one, *others = kind.kinds
            if isinstance(one, ListOf) and [type(k) for k in others] == [Record] == [type(one.item)] \
                    and others[0].cls is one.item.cls:
                return f"{self.type_text(one)} (or one)"
            return " or ".join(self.type_text(k) for k in kind.kinds)
        return kind.doc()

    def table(self, cls: type) -> list[str]:
        """A record's fields as a Markdown table."""
        rows = ["| field | type | default | range or choices | what it is |", "| --- | --- | --- | --- | --- |"]
        for d in declarations(cls):
            if d.spec.from_key:
                continue
            kind = self.type_text(d.kind)
            if d.spec.section:
                kind += ", or a file holding it"
            limits = d.kind.limits()
            if cls is Game and d.key == "engine":
                limits = "one of: " + ", ".join(f"`{n}`" for n in engine_names()) if engine_names() else ""
            rows.append(f"| `{d.key}` | {kind} | {default_text(d.spec)} | {limits} | {d.spec.doc} |")
        return rows


def default_text(spec: Any) -> str:
    """A field's default in words: 'required', a value, or how it is made."""
    default = spec.default
    if default is REQUIRED:
        return "**required**"
    if spec.required_doc:
        return f"**required** {spec.required_doc}" + (f"; else `{_value(default)}`" if _value(default) else "")
    if isinstance(default, Derived):
        return default.doc
    return f"`{_value(default)}`" if _value(default) else "none"


def _value(v: Any) -> str:
    """A default as content would write it ('' for none or empty)."""
    if v is None or v == () or v == "":
        return ""
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, str):
        return v
    if isinstance(v, (int, float)):
        return str(v)
    return ""


def anchor(title: str) -> str:
    """The GitHub anchor of a Markdown heading."""
    out = "".join(c for c in title.lower() if c.isalnum() or c in " -_")
    return out.replace(" ", "-")


def engine_names() -> list[str]:
    """Every name `engine:` may give: installed rules engines and games with checks of their own."""
    from ..checks.generic import known_engines

    return known_engines()


def engine_parameters() -> list[tuple[str, type]]:
    """(engine name, parameters class) of every registered engine that declares its rules parameters."""
    from ..engine.api import engine_named, registered_engines

    out = []
    for name in registered_engines():
        params = engine_named(name).rules_parameters
        if params is not None:
            out.append((name, params))
    return out


def content_reference() -> str:
    """The whole reference page, in Markdown."""
    ref = _Reference()
    lines = [
        "# Content reference",
        "",
        "Every field a content pack may hold: its type, default, range or choices, and what it is. This page is",
        "generated from the declarations the loader checks content with (the model's fields and each engine's",
        f"rules parameters); do not edit it by hand: run `{COMMAND}`.",
        "",
        "A field marked **required** must be given; any other may be left out. A record refuses fields it does not",
        "declare (`check` names the closest one). In a mapping \"by id\" the key is the record's id: ids hold",
        "letters, digits, `-` and `_`. A colour is `#rrggbb` or a colour name of the game (`colours`, or a suit's",
        "id). A section of `game.yaml` may be written inline or as the name of a YAML file in the pack folder.",
        "References between records (a card's suit and action, a template, an icon, a deck copied from another)",
        "are checked after every file is read. `pnpgen schema` writes the same declarations as JSON Schema for",
        "editors (see the README).",
        "",
        "## game.yaml",
        "",
        _first_line(Game.__doc__),
        "",
        *ref.table(Game),
        "",
    ]
    ref.title(Game)
    ref.title(Variant)
    for cls in ref.order:
        if cls is Game:
            continue
        title = ref.titles[cls]
        lines += [f"## {title}", "", _first_line(cls.__doc__), "", *ref.table(cls), ""]
    lines += references_section()
    engines = engine_parameters()
    lines += ["## Rules parameters", "",
              "The `rules` mapping of `game.yaml` holds the numbers the game's engine reads, as that engine",
              "declares them. A variant's `rules` are laid over the game's, so none is required there.", ""]
    if not engines:
        lines += ["(No engine is installed.)", ""]
    for name, params in engines:
        before = set(ref.titles)
        for child in [c for d in declarations(params) for c in d.kind.children()]:
            ref.title(child, prefix=f"{name} ")
        lines += [f"### {name}", "", _first_line(params.__doc__), "", *ref.table(params), ""]
        for cls in [c for c in ref.order if c not in before and c is not params]:
            lines += [f"#### {ref.titles[cls]}", "", _first_line(cls.__doc__), "", *ref.table(cls), ""]
    return "\n".join(lines).rstrip() + "\n"


def references_section() -> list[str]:
    """How printed text names values of the data, and what a typed table is held against."""
    lines = [
        "## Values of the data in text",
        "",
        "Any text a component prints (an aid's sections and table cells, a card's or board's text, a label, the",
        "cover's notes) may name a value of the data instead of typing it, so that a rule edit reprints every",
        "statement of it: a dotted path in braces, such as `{rules.hand_size}` or `{actions.broadside.damage}`.",
        "The first word names a part of the data; the words after it go down by id and field key, as content",
        "writes them; a number goes down a list (`{rules.plan_areas.0}`). A list prints joined with commas;",
        "`|or` and `|and` join its last two with a word (`{actions.reach.steps|or}` prints `1 or 2`). After a",
        "number, `|NOUN` prints the noun in the number's form: `{rules.collision_discard|card}` prints `1 card` or",
        "`2 cards` (`|die/dice` for a plural that is not NOUN + s). A variant's text reads the variant's rules. A",
        "path that names nothing printable (a misspelt word, a whole record, an empty value) is an error at the",
        "reference, naming what could follow and the closest match; a rules parameter the pack does not set is",
        "reported by `check` (by the engine's own 'missing parameter' where the engine requires it). Icon",
        "markers (`{sail}`) have no dot, so the two never meet. While content holds other errors, a reference to",
        "a name the data lacks is not reported (it may be one that did not load); it is once they are fixed.",
        "",
        "| first word | what it names |",
        "| --- | --- |",
        *[f"| `{name}` | {words} |" for name, words in NAMESPACES.items()],
        "",
        "A player aid's `table` may be made from records: `{rows: PATH, where: {FIELD: VALUE}, columns: {HEADER:",
        "FIELD}}` makes a header row, then a row for each record PATH names (in content order) whose fields have",
        "the values `where` gives; a column's FIELD may carry `|or` or `|and`. For example",
        "`{rows: actions, where: {kind: fire}, columns: {Card: name, Damage: damage}}`.",
        "",
        "A table typed by hand is held against the data where it restates it: in a row whose first cell names",
        "one record (its name or id; actions first, then cards, tokens, area cards, suits, decks and boards), a",
        "cell under a header that names one of that record's numeric fields (the field's key, alone or as the",
        "header's last word: `Damage`, `Exact range`) must state that number (or, for a list, those numbers);",
        "another is an error at the cell, naming the value and where it is set. Cells that hold a reference are",
        "the data already. What cannot be compared: prose (a number in a sentence says nothing of what it",
        "counts), cells whose header names no field, rows naming no record or several, and numbers worked out",
        "from the data (a sum, a range of rolls): write those with references, or in words that need no number.",
        "",
    ]
    return lines


def _first_line(doc: str | None) -> str:
    """A record's docstring as one paragraph (most are one line)."""
    return " ".join((doc or "").split())


if __name__ == "__main__":
    sys.stdout.write(content_reference())
