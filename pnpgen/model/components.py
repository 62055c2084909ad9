"""Non-card components: area cards (ship cards, sick bay), tokens, player aids."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Loc
from ..source.declare import (
    COLOUR,
    ID,
    PATH,
    REQUIRED,
    SAME_AS_ID,
    TEMPLATE,
    TEXT,
    Kind,
    ListOf,
    Table,
    declared,
    describe,
    did_you_mean,
    record,
)
from ..source.yamlsrc import key_loc, loc_of
from .images import IMAGE, ImageRef
from .provisional import provisional_field

SHAPES = ("square", "circle", "hex", "rect", "octagon", "flag", "triangle", "diamond", "pennant", "custom")
AID_SIZES = ("card", "half-page", "page")
TOKEN_MM = (3, 250)


@record("area", by_id=False, within="{} ")
@dataclass(frozen=True)
class Area:
    """A labelled area of a card where cubes are placed."""

    id: str = declared("the area's id (a ship card's areas are the Plan areas and spent)", kind=ID)
    label: str = declared("its label, printed", default=SAME_AS_ID)
    icon: str | None = declared("an icon printed beside the label", default=None)
    capacity: int = declared("how many cubes it is drawn to hold", default=4, min=0, max=30)
    loc: Loc | None = field(default=None, compare=False, repr=False)


@record("area card")
@dataclass(frozen=True)
class AreaCard:
    """A card with labelled areas: a ship card, a sick bay."""

    id: str = declared("the card's id", kind=ID)
    name: str = declared("its name, printed", default=SAME_AS_ID)
    kind: str = declared("what it is: ship, sickbay, mat ...", default="mat", model_default=REQUIRED)
    areas: tuple[Area, ...] = declared("its areas, in the order printed", default=(), model_default=REQUIRED)
    owner: int | None = declared("the player it belongs to", default=None, min=1, max=8)
    colour: str | None = declared("its colour", kind=COLOUR, default=None)
    crew: int = declared("cubes (crew) it starts with", default=0, min=0, max=50)
    template: str | None = declared("its layout template", kind=TEMPLATE, default=None)
    text: str = declared("text printed on it", default="")
    loc: Loc | None = field(default=None, compare=False, repr=False)
    provisional: str = provisional_field()
    image: ImageRef | None = declared("a picture printed under its areas (PNG, JPEG or SVG in the pack)",
                                      kind=IMAGE, default=None)


class TokenSize(Kind):
    """A token's size in mm: one number (as wide as high) or [width, height]."""

    words = f"a number or [width, height] in mm from {TOKEN_MM[0]} to {TOKEN_MM[1]}"
    empty = (12.0, 12.0)

    def read(self, v: Any, at: Any) -> Any:
        lo, hi = TOKEN_MM
        number = (int, float)
        if isinstance(v, list):
            if len(v) != 2 or not all(isinstance(x, number) and not isinstance(x, bool) and lo <= x <= hi for x in v):
                return at.bad(f"{at.label} must be {self.words}")
            return (float(v[0]), float(v[1]))
        if not isinstance(v, number) or isinstance(v, bool):
            return at.bad(f"{at.label} must be a number or a list, got {describe(v)}")
        if not lo <= v <= hi:
            return at.bad(f"{at.label} must be from {lo} to {hi} mm, got {v}")
        return (float(v), float(v))

    def schema(self) -> dict:
        mm = {"type": "number", "minimum": TOKEN_MM[0], "maximum": TOKEN_MM[1]}
        return {"anyOf": [mm, {"type": "array", "items": mm, "minItems": 2, "maxItems": 2}]}

    def doc(self) -> str:
        return "number or [width, height]"

    def limits(self) -> str:
        return f"from {TOKEN_MM[0]} to {TOKEN_MM[1]} (mm)"


@record("token")
@dataclass(frozen=True)
class Token:
    """A token or marker: shape, size, colours and label on each side."""

    id: str = declared("the token's id", kind=ID)
    name: str = declared("its name", default=SAME_AS_ID)
    kind: str = declared("what it is: ship, crew, wind, first-player, chit ...", default="chit",
                         model_default=REQUIRED)
    shape: str = declared("its outline ('custom': give a path)", default="square", choices=SHAPES)
    size_mm: tuple[float, float] = declared("its size in mm: one number, or [width, height]", key="size",
                                            kind=TokenSize(), default=(12.0, 12.0))
    count: int = declared("how many to print", default=1, min=0, max=500)
    colour: str = declared("its face colour", kind=COLOUR, default="#ffffff")
    label: str = declared("text printed on its face", default="")
    icon: str | None = declared("an icon printed on its face", default=None)
    back_colour: str | None = declared("its back colour (a back makes it two-sided)", kind=COLOUR, default=None)
    back_label: str | None = declared("text printed on its back", default=None)
    edges: tuple[str, ...] = declared("labels on the edges of a hex token, clockwise from the top",
                                      kind=ListOf(TEXT), default=())
    template: str | None = declared("its layout template", kind=TEMPLATE, default=None)
    loc: Loc | None = field(default=None, compare=False, repr=False)
    suit: str | None = declared("the suit (faction, nation) it belongs to", default=None)
    owner: int | None = declared("the player it belongs to", default=None, min=1, max=8)
    back_icon: str | None = declared("an icon printed on its back", default=None)
    path: str | None = declared("shape 'custom': SVG path data in a 100 x 100 box, scaled to the size", kind=PATH,
                                default=None)
    colour_loc: Loc | None = field(default=None, compare=False, repr=False)  # where its colour is defined
    provisional: str = provisional_field()
    image: ImageRef | None = declared("a picture filling its face, inside its outline (PNG, JPEG or SVG in the "
                                      "pack)", kind=IMAGE, default=None)
    back_image: ImageRef | None = declared("a picture filling its back", kind=IMAGE, default=None)
    fields: tuple[tuple[str, str], ...] = declared("values its template's elements print: {NAME} in a text element "
                                                   "(a cost, attack, defence, move); see the counters guide",
                                                   kind=Table(TEXT, noun="field"), default=())
    back_fields: tuple[tuple[str, str], ...] = declared("values its back prints where they differ from its face's "
                                                        "(a reduced side), through its template's back_elements",
                                                        kind=Table(TEXT, noun="back field"), default=())

    @property
    def double_sided(self) -> bool:
        """Whether the token prints a distinct back."""
        return (self.back_colour is not None or self.back_label is not None or self.back_icon is not None
                or self.back_image is not None or bool(self.back_fields))


TABLE_KEYS = ("rows", "where", "columns")


class TableFrom(tuple):
    """A table to be made from records of the data (see load/textrefs.py): which records (a dotted path such as
    'actions' or 'decks.market.cards'), the field values they must have, and the columns (header, field path)."""

    rows: str = ""
    rows_loc: Loc | None = None
    where: tuple[tuple[str, Any, Loc | None], ...] = ()
    columns: tuple[tuple[str, str, Loc | None], ...] = ()

    @classmethod
    def made(cls, rows: str, rows_loc: Loc | None, where: tuple, columns: tuple) -> TableFrom:
        """A table spec (an empty tuple until the loader makes its rows)."""
        out = cls()
        out.rows, out.rows_loc, out.where, out.columns = rows, rows_loc, where, columns
        return out


class Rows(Kind):
    """A table: rows of cells (text or numbers), every row as long as the first; or a table made from records of
    the data, `{rows: actions, where: {kind: fire}, columns: {Card: name, Damage: damage}}`."""

    words = "a list of rows, or a mapping of rows, where and columns"
    empty = ()

    def read(self, v: Any, at: Any) -> Any:
        if isinstance(v, dict):
            return self.read_from(v, at)
        if not isinstance(v, list):
            return at.bad(f"{at.label} must be a list of rows or a mapping (rows, where, columns), got "
                          f"{describe(v)}")
        rows, locs = [], getattr(v, "item_locs", None) or [at.loc] * len(v)
        for row, loc in zip(v, locs):
            if not isinstance(row, list) or not all(isinstance(c, (str, int, float)) for c in row):
                at.bad("a table row must be a list of cells", loc)
            elif rows and len(row) != len(rows[0]):
                at.bad(f"a table row has {len(row)} cells, the first row {len(rows[0])}", loc)
            else:
                rows.append(Row(str(c) for c in row).at(loc, getattr(row, "item_locs", None)))
        return tuple(rows)

    def read_from(self, v: dict, at: Any) -> Any:
        """A table made from records: `rows` (a dotted path), `where` (field: value), `columns` (header: field)."""
        for key in v:
            if key not in TABLE_KEYS:
                return at.bad(f"{at.label}: unknown key '{key}' (expected one of: {', '.join(TABLE_KEYS)})"
                              + did_you_mean(key, TABLE_KEYS), key_loc(v, key))
        rows, where, columns = v.get("rows"), v.get("where") or {}, v.get("columns")
        if not isinstance(rows, str) or not rows.strip():
            return at.bad(f"{at.label}: 'rows' must name records, such as actions or decks.market.cards",
                          loc_of(v, "rows") if "rows" in v else at.loc)
        if not isinstance(where, dict) or not all(isinstance(x, (str, int, float, bool)) for x in where.values()):
            return at.bad(f"{at.label}: 'where' must be a mapping of field names to plain values",
                          loc_of(v, "where"))
        if not isinstance(columns, dict) or not columns or not all(isinstance(x, str) and x.strip()
                                                                   for x in columns.values()):
            return at.bad(f"{at.label}: 'columns' must be a mapping of column headers to field names, such as "
                          "{Card: name, Damage: damage}", loc_of(v, "columns") if "columns" in v else at.loc)
        return TableFrom.made(rows.strip(), loc_of(v, "rows"),
                              tuple((str(k), x, loc_of(where, k)) for k, x in where.items()),
                              tuple((str(k), x.strip(), loc_of(columns, k)) for k, x in columns.items()))

    def schema(self) -> dict:
        rows = {"type": "array", "items": {"type": "array", "items": {"type": ["string", "number"]}}}
        made = {"type": "object", "additionalProperties": False, "required": ["rows", "columns"],
                "properties": {"rows": {"type": "string", "description": "the records: actions, decks.ID.cards ..."},
                               "where": {"type": "object", "description": "field values a record must have"},
                               "columns": {"type": "object", "description": "column header: field of the record",
                                           "additionalProperties": {"type": "string"}}}}
        return {"anyOf": [rows, made]}

    def doc(self) -> str:
        return "list of rows (lists of text), or {rows, where, columns}"


class Row(tuple):
    """A table row that remembers where it was written."""

    loc: Loc | None = None
    cells: tuple[Loc | None, ...] = ()

    def at(self, loc: Loc | None, cells=None) -> Row:
        """The row, located (and each of its cells, where known)."""
        self.loc = loc
        self.cells = tuple(cells or ())
        return self


@record("section", by_id=False, within="{} ")
@dataclass(frozen=True)
class Section:
    """A titled block of a player aid: text, with {icon} markers, and an optional table."""

    title: str = declared("its title", default="")
    text: str = declared("its text; {icon} prints an icon or a suit symbol, {rules.NAME} a value of the data",
                         default="")
    table: tuple[tuple[str, ...], ...] = declared("a table: the first row is the header; or one made from records: "
                                                  "{rows: actions, where: {kind: fire}, columns: {Card: name}}",
                                                  kind=Rows(), default=())
    loc: Loc | None = field(default=None, compare=False, repr=False)
    blank_rows: int = declared("empty ruled rows after the table, to write in (a score pad)", default=0, min=0,
                               max=200)
    row_locs: tuple[Loc | None, ...] = field(default=(), compare=False, repr=False)  # where each table row is
    cell_locs: tuple[tuple[Loc | None, ...], ...] = field(default=(), compare=False, repr=False)  # and each cell
    image: ImageRef | None = declared("an illustration printed after its text and table (PNG, JPEG or SVG in the "
                                      "pack)", kind=IMAGE, default=None)

    def __post_init__(self) -> None:
        if any(isinstance(r, Row) for r in self.table):  # as read: each row knows where it was written
            object.__setattr__(self, "row_locs", tuple(getattr(r, "loc", None) for r in self.table))
            object.__setattr__(self, "cell_locs", tuple(getattr(r, "cells", ()) for r in self.table))
            object.__setattr__(self, "table", tuple(tuple(r) for r in self.table))


@record("player aid")
@dataclass(frozen=True)
class PlayerAid:
    """A player aid card or sheet."""

    id: str = declared("the aid's id", kind=ID)
    title: str = declared("its title")
    sections: tuple[Section, ...] = declared("its sections, in the order printed", default=(),
                                             model_default=REQUIRED)
    size: str = declared("card, half-page or page", default="card", choices=AID_SIZES)
    template: str | None = declared("its layout template", kind=TEMPLATE, default=None)
    loc: Loc | None = field(default=None, compare=False, repr=False)
    count: int = declared("how many copies to print", default=1, min=1, max=50)
    per_player: bool = declared("whether to print one copy for each player instead of 'count'", default=False)
    provisional: str = provisional_field()

    def copies(self, players: int) -> int:
        """How many copies to print for a number of players."""
        return players if self.per_player else self.count
