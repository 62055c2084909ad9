"""Element kinds and their parameters, declared once: reading, the JSON Schema and the template reference come
from these declarations (as content fields come from theirs)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# What a parameter's value is, in the words the reference and the messages use.
VALUE_WORDS = {
    "length": "a length such as 3mm, 8pt, 0.5in or 12 (mm)",
    "box": "[x, y, width, height]: lengths, or percentages of the anchor ('50%')",
    "number": "a number",
    "int": "a whole number",
    "bool": "true or false",
    "text": "text; {name}, {FIELD}, {suit.name}, {rules.NAME} ... print the piece's data",
    "colour": "#rrggbb, a colour name of the game, or one bound to the data: suit, suit.dark, suit.light, ink, "
              "paper, neutral, none, on:COLOUR (black or white, whichever reads on it), {FIELD}",
    "choice": "one of the choices",
    "name": "a name",
    "points": "a list of [x, y] points: lengths, or percentages of the element's box",
    "when": "a condition: FIELD (it is set), not FIELD, FIELD == VALUE, FIELD != VALUE, FIELD < NUMBER ..., or "
            "several joined by 'and'",
    "each": "what to repeat the element for: suits (the piece's suits), a field (each entry of a list or of "
            "icon counts, or a number of times), or a whole number",
    "elements": "a mapping of element names to elements",
}


@dataclass(frozen=True)
class Param:
    """One parameter of an element: its kind of value, default, bounds or choices, and a one-line doc."""

    kind: str
    default: Any = None
    doc: str = ""
    choices: tuple = ()
    min: float | None = None
    max: float | None = None

    def words(self) -> str:
        """What a value must be, for messages."""
        if self.kind == "choice":
            return "one of: " + ", ".join(map(str, self.choices))
        return VALUE_WORDS[self.kind]


@dataclass(frozen=True)
class ElementKind:
    """A kind of element: what it draws (doc), its own parameters, and the function drawing it."""

    name: str
    doc: str
    params: dict[str, Param]
    draw: Callable | None = field(default=None, compare=False)
    supplied: str = ""  # '' for the language's own kinds; else what supplies it ('cards': the card layout code)


ANCHORS = ("trim", "bleed", "safe")
CORNERS = ("top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right")
PLACES = ("inside", "below", "above", "left", "right")
ARRANGE = ("row", "column", "grid", "pips", "stack")

# Every element takes these: where it goes, whether it is drawn, how often and in what order.
COMMON: dict[str, Param] = {
    "kind": Param("name", None, "what the element draws (see the kinds below)"),
    "box": Param("box", None, "[x, y, width, height] from the `from` corner of the anchor (default: the whole "
                 "anchor); lengths, or percentages of the anchor"),
    "anchor": Param("name", "trim", "what the box is measured in: trim, bleed, safe (the trim less the safe "
                    "margin), or the name of an element drawn before it"),
    "from": Param("choice", "top-left", "which corner (or side, or the center) of the anchor x and y measure from, "
                  "to the same corner of the element", CORNERS),
    "place": Param("choice", "inside", "inside the anchor, or below, above, left or right of it (x and y then "
                   "measure the gap from that side)", PLACES),
    "rotate": Param("number", 0, "degrees clockwise", min=-360, max=360),
    "about": Param("choice", "self", "what it turns about: its own center, or the card's (180 about the card puts "
                   "a top-left corner index at the bottom right, upside down, as playing cards print it)",
                   ("self", "card")),
    "layer": Param("int", 0, "drawing order: higher layers draw over lower ones; within a layer, the order "
                   "written (an extended template's elements first)", min=-100, max=100),
    "when": Param("when", None, "draw it only when this holds for the piece (default: always)"),
    "each": Param("each", None, "draw it once for each suit of the piece, each entry of a field, or a number of "
                  "times, in cells of its box"),
    "arrange": Param("choice", "row", "how repeats share the box: in a row, a column, a grid, as a playing card's "
                     "pips, or stacked in the same place", ARRANGE),
    "gap": Param("length", "1mm", "space between repeats", min=0, max=100),
    "cells": Param("choice", "fill", "a row's or column's repeats share the box (fill), or each takes a square as "
                   "large as the box allows, packed from the `from` side (square)", ("fill", "square")),
    "copy": Param("name", None, "the name of an element whose parameters this one starts from"),
}

KINDS: dict[str, ElementKind] = {}


def register(name: str, doc: str, params: dict[str, Param], supplied: str = ""):
    """Declare an element kind drawn by the decorated function (element, box, scope) -> items."""
    def add(draw: Callable) -> Callable:
        KINDS[name] = ElementKind(name, doc, params, draw, supplied)
        return draw
    return add


def params_of(kind: str) -> dict[str, Param]:
    """Every parameter an element of a kind takes: the common ones, then its own."""
    return {**COMMON, **(KINDS[kind].params if kind in KINDS else {})}
