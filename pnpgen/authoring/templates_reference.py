"""The template reference (docs/reference/templates.md), made from the declarations so it cannot drift: every
element kind and its parameters, the parameters every element takes, and each template kind's parameters.

Run: python -m pnpgen.authoring.templates_reference > docs/reference/templates.md
"""

from __future__ import annotations

import sys
from typing import Any

from ..components import aids, areacards, board, tokens
from ..components.cards import BACK_SPEC, FACE_SPEC
from ..components.elements import COMMON, KINDS, Param
from ..components.elements.declared import VALUE_WORDS
from ..components.rulebook import SPEC as RULEBOOK_SPEC
from ..draw.templates import P, text_spec
from ..render.paper import SHEET_SPEC

COMMAND = "python -m pnpgen.authoring.templates_reference > docs/reference/templates.md"

# Each kind of template: its bundled template's name, what it lays out, and its parameters as declared.
TEMPLATE_KINDS: tuple[tuple[str, str, str, dict], ...] = (
    ("action-card", "action-card", "a card's face: sizes, the classic regions, and the elements it draws",
     FACE_SPEC),
    ("card-back", "card-back", "a deck's back: a frame, an icon or picture, the deck's title", BACK_SPEC),
    ("token", "token", "tokens and markers of any shape", tokens.SPEC),
    ("board", "board", "a hex board, or a board of locations", board.SPEC),
    ("area-card", "ship-card", "area cards (a ship card): a header and rows of slots", areacards.SPEC),
    ("player-aid", "player-aid", "player aids: sections of text, tables and pictures", aids.SPEC),
    ("rulebook", "rulebook", "the rulebook's pages", RULEBOOK_SPEC),
    ("sheet", "sheet", "the printed sheet: margins, crop marks, the footer band", SHEET_SPEC),
)
TEXT_STYLE = text_spec()  # a text style's parameters, each with text_spec's own default
ORDER = ("rect", "ellipse", "polygon", "line", "text", "icon", "image", "group")  # the language's kinds, shapes first


def _value(v: Any) -> str:
    """A default as a template would write it ('' for none)."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if v == "":
        return '""'
    return str(v)


def default_text(v: Any) -> str:
    """A default in a table cell: `value`, or 'none'."""
    shown = _value(v)
    return f"`{shown}`" if shown else "none"


def limits_text(p: Param | P) -> str:
    """A parameter's range or choices, in words."""
    if p.kind == "choice":
        return ", ".join(f"`{c}`" for c in p.choices)
    if p.min is not None and p.max is not None:
        return f"{p.min:g} to {p.max:g}" + (" mm" if p.kind == "length" else "")
    return ""


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def element_table(params: dict[str, Param]) -> list[str]:
    """An element kind's parameters as a Markdown table."""
    rows = ["| parameter | type | default | range or choices | what it does |", "| --- | --- | --- | --- | --- |"]
    for key, p in params.items():
        rows.append(f"| `{key}` | [{p.kind}](#values) | {_cell(default_text(p.default))} | {limits_text(p)} | "
                    f"{_cell(p.doc)} |")
    return rows


def is_text_style(spec: Any) -> bool:
    """Whether a part of a template spec is a text style (text_spec's parameters)."""
    return isinstance(spec, dict) and set(spec) == set(TEXT_STYLE)


def text_style_default(spec: dict) -> str:
    """How a text style differs from text_spec's defaults, as a template would write it."""
    changed = [f"{k}: {_value(p.default)}" for k, p in spec.items()
               if p.default != TEXT_STYLE[k].default or k == "size"]
    return "`{" + ", ".join(changed) + "}`"


def template_rows(spec: dict, prefix: str = "") -> list[str]:
    """A template kind's parameters as table rows, parts flattened to dotted names."""
    rows = []
    for key, p in spec.items():
        name = prefix + key
        if is_text_style(p):
            rows.append(f"| `{name}` | [text style](#text-styles) | {text_style_default(p)} | | how its text is set |")
        elif isinstance(p, dict):
            rows += template_rows(p, name + ".")
        else:
            rows.append(f"| `{name}` | {p.kind} | {_cell(default_text(p.default))} | {limits_text(p)} | "
                        f"{_cell(p.doc)} |")
    return rows


def templates_reference() -> str:
    """The whole reference page, in Markdown."""
    own = sorted((kind for kind in KINDS.values() if not kind.supplied),
                 key=lambda kind: ORDER.index(kind.name) if kind.name in ORDER else len(ORDER))
    supplied = [kind for kind in KINDS.values() if kind.supplied]
    lines = [
        "# Template reference",
        "",
        "Every kind of element a card template may place, every parameter it takes, and the parameters of each",
        "kind of template. This page is generated from the declarations templates are read with; do not edit it",
        f"by hand: run `{COMMAND}`. How to use them, by example: [Card layouts](../guides/card-layouts.md).",
        "",
        "A card face (a template of kind `action-card`) lists its `elements:`, a mapping of names to elements,",
        "drawn in order. A template that `extends:` another takes its elements: naming one again changes only the",
        "parameters written (a new `kind` replaces it whole), `null` drops it, new names are added after. A",
        "parameter an element does not take, or a misspelt one, is an error at its line naming the closest one.",
        "",
        "## Values",
        "",
        "| type | what a value is |",
        "| --- | --- |",
        *[f"| {name} | {_cell(words)} |" for name, words in VALUE_WORDS.items()],
        "",
        "## Every element",
        "",
        "These parameters place an element, hide it, repeat it and order it; every kind takes them.",
        "",
        *element_table(COMMON),
        "",
        "## Element kinds",
        "",
    ]
    for kind in own:
        lines += [f"### {kind.name}", "", kind.doc[0].upper() + kind.doc[1:] + ".", ""]
        if kind.params:
            lines += [*element_table(kind.params), ""]
        elif kind.name == "group":
            lines += ["Its `elements:` are placed as a template's are; it takes no parameter of its own.", ""]
    lines += [
        "## Elements a card supplies",
        "",
        "The classic card's regions, as elements: the bundled `action-card` template draws these, sized by its",
        "parameters below. A template that extends it may move, drop or draw over them; they take only the",
        "parameters every element takes.",
        "",
        "| kind | what it draws |",
        "| --- | --- |",
        *[f"| `{kind.name}` | {_cell(kind.doc)} |" for kind in supplied],
        "",
        "## Template kinds",
        "",
        "A template is a YAML file in the pack's `templates/` folder (or a bundled one) that names its `kind`;",
        "it may `extends:` another of the same kind and set only what differs. Lengths take units (`mm`, `cm`,",
        "`in`, `pt`; a bare number is mm); a box is `[x, y, width, height]` from the trim's top left; a size",
        "`[width, height]`; a colour `#rrggbb` or a colour name of the game. A dotted name is a parameter of a",
        "part: `band.height` is written `band: {height: 20mm}`.",
        "",
    ]
    for kind, bundled, about, spec in TEMPLATE_KINDS:
        lines += [f"### {kind}", "", f"{about[0].upper() + about[1:]}; the bundled template is `{bundled}`.", "",
                  "| parameter | type | default | range or choices | what it sets |",
                  "| --- | --- | --- | --- | --- |", *template_rows(spec), ""]
    lines += [
        "## Text styles",
        "",
        "A text style sets how a region's text is set; each template gives its own defaults (shown in its",
        "table), and a template sets only what it changes: `title: {size: 12pt, align: center}`.",
        "",
        "| parameter | type | range or choices | what it sets |",
        "| --- | --- | --- | --- |",
        *[f"| `{key}` | {p.kind} | {limits_text(p)} | {_cell(p.doc)} |" for key, p in TEXT_STYLE.items()],
    ]
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(templates_reference())
