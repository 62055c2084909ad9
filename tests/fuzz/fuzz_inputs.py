"""Hostile input files for the fuzz suite: SVG pictures and icon files that expand, nest deep or hold text that
patterns read slowly; XLSX workbooks inflated (shared strings, cells, rows, unpacked size) or damaged (their XML,
their zip); CSV sheets whose rows lose or gain cells and whose columns the deck does not declare. Each strategy
draws the file's bytes and a note of what was done; the cases (tests/fuzz/test_fuzz_inputs.py) put them in a pack."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fuzz_mutations import mutated_text, nasty_text
from hypothesis import strategies as st

from pnpgen.files.paths import CONTENT_DIR

SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">'
SHAPES = ('<rect width="{w}" height="{w}" fill="{c}"/>', '<circle r="{w}" fill="{c}" stroke="#000"/>',
          '<path d="M0 0 l{w} 0 l0 {w} z" fill="{c}"/>', '<polygon points="0,0 {w},0 {w},{w}" fill="{c}"/>',
          '<ellipse rx="{w}" ry="3" fill="{c}" opacity="0.5"/>', '<line x2="{w}" y2="{w}" stroke="{c}"/>')
WRAPPERS = ("<g>", '<g transform="translate(1 1)">', '<g opacity="0.9">', '<g clip-path="url(#clip)">', "<a>",
            '<g transform="scale(1.01) rotate(3)">', '<g style="fill:red">', '<g class="k">')


# -- SVG ------------------------------------------------------------------------------------------------------------
@st.composite
def shape(draw) -> str:
    return draw(st.sampled_from(SHAPES)).format(w=draw(st.sampled_from(("1", "5", "50", "0", "-1"))),
                                                c=draw(st.sampled_from(("#000", "red", "currentColor", "none"))))


def bomb_text(levels: int, fan: int, kind: str = "g", extra: str = "", href: str = "href", top: int = 1,
              drawn: str = '<rect width="1" height="1"/>') -> str:
    """Groups that each use the one below `fan` times, `levels` deep: fan ** levels shapes from a small file."""
    layers = "".join(f'<{kind} id="a{k}">' + f'<use {href}="#a{k - 1}"{extra}/>' * fan + f"</{kind}>"
                     for k in range(1, levels + 1))
    return (f'{SVG_HEAD}<defs><clipPath id="clip"><rect width="50" height="50"/></clipPath>'
            f'<g id="a0">{drawn}</g>{layers}</defs>' + f'<use href="#a{levels}"/>' * top + "</svg>")


def nested_text(depth: int, wrapper: str = "<g>", drawn: str = '<rect width="1" height="1"/>', chain: int = 0,
                outer: int = 0) -> str:
    """Elements nested `depth` deep; with a `chain` of uses, drawn through them from `outer` groups deep."""
    close = "</a>" if wrapper == "<a>" else "</g>"
    inner = wrapper * depth + drawn + close * depth
    clip = '<clipPath id="clip"><rect width="50" height="50"/></clipPath>'
    if not chain:
        return f"{SVG_HEAD}{clip}{inner}</svg>"
    uses = "".join(f'<g id="u{k}"><use href="#u{k - 1}"/></g>' for k in range(1, chain + 1))
    return (f'{SVG_HEAD}{clip}<defs><g id="u0">{inner}</g>{uses}</defs>' + "<g>" * outer + f'<use href="#u{chain}"/>'
            + "</g>" * outer + "</svg>")


@st.composite
def use_bomb(draw) -> tuple[str, str]:
    levels, fan = draw(st.integers(1, 9)), draw(st.integers(1, 12))
    kind = draw(st.sampled_from(("g", "symbol")))
    extra = draw(st.sampled_from(("", ' x="1"', ' transform="translate(1)"', ' opacity="0.5"', ' y="2" x="-1"')))
    href, top = draw(st.sampled_from(("href", "xlink:href"))), draw(st.integers(1, 3))
    svg = bomb_text(levels, fan, kind, extra, href, top, draw(shape()))
    return svg, f"use bomb: {fan} ** {levels} ({kind}, '{extra.strip()}') x {top}"


@st.composite
def deep(draw) -> tuple[str, str]:
    """Elements nested deep, in the file or through `use` elements that reach into nested groups."""
    depth = draw(st.sampled_from((2, 50, 97, 98, 99, 100, 101, 150, 1000, 5000)))
    wrapper = draw(st.sampled_from(WRAPPERS))
    if draw(st.booleans()):
        return nested_text(depth, wrapper, draw(shape())), f"{depth} nested {wrapper}"
    outer = draw(st.sampled_from((1, 30, 60, 99)))
    chain = draw(st.sampled_from((1, 5, 19, 20, 21, 40)))
    return (nested_text(depth, wrapper, draw(shape()), chain, outer),
            f"{depth} nested {wrapper} used through a chain of {chain} uses, {outer} deep")


def svg_seeds() -> tuple:
    """The issue's cases, tried first by the default run: 1.4 kB drawing 10 million squares (as a picture and as
    an icon file), 1,000 nested groups (in check and in build), nesting through a chain of uses."""
    bomb = (bomb_text(7, 10).encode(), "use bomb: 10 ** 7")
    nested = (nested_text(1000).encode(), "1000 nested <g>")
    chained = (nested_text(60, chain=3, outer=60).encode(), "60 nested <g> used through 3 uses, 60 deep")
    return ((bomb, "card", "check"), (bomb, "icon", "check"), (nested, "card", "check"), (nested, "board", "build"),
            (chained, "token", "check"))


@st.composite
def slow_text(draw) -> tuple[str, str]:
    """Text a pattern could read in time growing with the square of its length: long runs of digits, style sheets
    of many rules or lines, unclosed comments and brackets."""
    n = draw(st.sampled_from((10, 1000, 20_000, 200_000)))
    run = "1" * n + draw(st.sampled_from(("x", "", ".", "e", "e+", " ", "%")))
    where = draw(st.sampled_from(("width", "transform", "d", "points", "dash", "opacity", "viewBox", "style",
                                  "class", "clip")))
    if where == "style":
        body = draw(st.sampled_from((".c{fill:red}\n" * (n // 12), "/*" * (n // 2), "a" * n, "{" * n,
                                     "}" * n, "a{" * (n // 2), "@media x{" * (n // 9), ".c{fill:red;}" * (n // 13),
                                     "a," * (n // 2) + "b{fill:red}")))
        svg = f'{SVG_HEAD}<style>{body}</style><rect class="c" width="9" height="9"/></svg>'
    elif where == "class":
        svg = f'{SVG_HEAD}<style>.c{{fill:red}}</style><rect class="{"c " * (n // 2)}" width="9" height="9"/></svg>'
    else:
        attribute = {"width": f'<rect width="{run}" height="1"/>', "transform": f'<g transform="matrix({run}"/>',
                     "d": f'<path d="M{run}"/>', "points": f'<polygon points="{run}"/>',
                     "dash": f'<rect width="1" height="1" stroke="red" stroke-dasharray="{run}"/>',
                     "opacity": f'<rect width="1" height="1" opacity="{run}"/>',
                     "clip": f'<g clip-path="url(#{run}"/>'}.get(where)
        if where == "viewBox":
            svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {run} 1"/>'
        else:
            svg = f"{SVG_HEAD}{attribute}</svg>"
    return svg, f"{n} characters of slow text in {where}"


@st.composite
def segments(draw) -> tuple[str, str]:
    """A long path used many times: few elements, many segments."""
    n, uses, groups = draw(st.sampled_from((10, 10_000, 100_000))), draw(st.integers(1, 40)), draw(st.integers(1, 60))
    path = "M0 0" + " h1" * n
    svg = (f'{SVG_HEAD}<defs><path id="p" d="{path}" stroke="red"/><g id="g">' + '<use href="#p"/>' * uses
           + "</g></defs>" + '<use href="#g"/>' * groups + "</svg>")
    return svg, f"a path of {n} segments used {uses} x {groups} times"


@cache
def bundled_svgs() -> tuple[tuple[str, str], ...]:
    """The bundled SVG files (name, text), to mutate."""
    return tuple((str(p.relative_to(CONTENT_DIR)), p.read_text(encoding="utf-8"))
                 for p in sorted(CONTENT_DIR.rglob("*.svg")))


@st.composite
def mutated_svg(draw) -> tuple[bytes, str]:
    name, text = draw(st.sampled_from(bundled_svgs()))
    data, notes = draw(mutated_text(text))
    return data, f"{name}: {'; '.join(notes)}"


@st.composite
def hostile_svg(draw) -> tuple[bytes, str]:
    """An SVG file's bytes and what it is."""
    kind = draw(st.sampled_from(("bomb", "bomb", "deep", "deep", "slow", "segments", "mutated")))
    if kind == "mutated":
        return draw(mutated_svg())
    svg, note = draw({"bomb": use_bomb(), "deep": deep(), "slow": slow_text(), "segments": segments()}[kind])
    return svg.encode("utf-8", "surrogatepass"), note


# -- XLSX -----------------------------------------------------------------------------------------------------------
# The ways a part or the zip is damaged, and what is put in.
PUT_IN = (b"&#7;", b"&#0;", b"&#xD800;", b"&nope;", b"&amp", b'<!DOCTYPE x [<!ENTITY a "b">]>', b"\x00", b"\xff\xfe",
          b"<", b"]]>", b"<?xml version='1.0'?>", b'<c r="A1" t="s"><v>99999999</v></c>', b"<row r='-1'/>",
          b'<c r="XFD1048576"><v>1</v></c>', b'<c t="b"><v>7</v></c>', b'<c t="e"><v>#N/A</v></c>',
          b'<c t="n"><v>1e999</v></c>', b'<c t="d"><v>not a date</v></c>', b'<c r="A2" s="99999"><v>1</v></c>',
          b'<c t="inlineStr"></c>', b"<f>SUM(A1:A9)</f>", b"<row/>" * 50, b'<sheetData>', b"</sheetData>")


@dataclass(frozen=True)
class Workbook:
    """How to make an XLSX file: its rows and the changes made to its parts (applied in tests/kit/xlsx.py)."""

    rows: tuple[tuple, ...]
    unused_strings: int
    changes: tuple[tuple[str, str, int, bytes], ...]  # (part, how, where in the part (a fraction x 10,000), bytes)
    zip_damage: tuple[str, int] | None  # ('cut' | 'flip', where x 10,000)

    def bytes(self) -> bytes:
        from kit.xlsx import xlsx

        def edit(made: dict[str, bytes]) -> None:
            for part, how, where, put in self.changes:
                names = sorted(made)
                name = part if part in made else names[where % len(names)]
                data = made[name]
                at = len(data) * where // 10_000
                if how == "cut":
                    made[name] = data[:at]
                elif how == "insert":
                    made[name] = data[:at] + put + data[at:]
                elif how == "delete":
                    del made[name]
                elif how == "cells":
                    made[name] = data.replace(b"</sheetData>", b'<row r="9000">' + b"<c/>" * where * 30
                                              + b"</row></sheetData>", 1)
                elif how == "far-row":
                    made[name] = data.replace(b"</sheetData>", b'<row r="' + put + b'"><c><v>1</v></c></row>'
                                              b"</sheetData>", 1)
                elif how == "parts":
                    for k in range(where):
                        made[f"xl/extra/{k}.xml"] = b"<x/>"
                elif how == "encoding":
                    made[name] = put + data.split(b"?>", 1)[-1]
        data = xlsx([list(r) for r in self.rows], self.unused_strings, edit)
        if self.zip_damage is not None:
            how, where = self.zip_damage
            at = len(data) * where // 10_000
            if how == "cut":
                data = data[:at]
            else:
                data = data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1:] if at < len(data) else data
        return data


@st.composite
def workbook(draw, rows: tuple[tuple, ...]) -> tuple[Workbook, str]:
    """A workbook of the deck's rows, inflated or damaged in one to three ways."""
    from kit.xlsx import SHEET, STRINGS

    unused = 0
    changes = []
    zip_damage = None
    notes = []
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(("strings", "cells", "far-row", "cut", "insert", "insert", "delete", "zip",
                                    "parts", "encoding", "nothing")))
        part = draw(st.sampled_from((SHEET, SHEET, STRINGS, "any")))
        where = draw(st.integers(0, 9_999))
        if how == "strings":
            unused = draw(st.sampled_from((10, 199_990, 200_001, 400_000, 4_000_000, 6_000_000)))
            notes.append(f"{unused} unused shared strings")
        elif how == "cells":
            changes.append((SHEET, "cells", where, b""))
            notes.append(f"{where * 30} empty cells in a row")
        elif how == "far-row":
            number = draw(st.sampled_from((b"19999", b"20001", b"1048576", b"99999999999999", b"0", b"x")))
            changes.append((SHEET, "far-row", 0, number))
            notes.append(f"a row numbered {number.decode()}")
        elif how in ("cut", "insert", "delete"):
            put = draw(st.sampled_from(PUT_IN)) if how == "insert" else b""
            changes.append((part, how, where, put))
            notes.append(f"{how} {put!r} in {part} at {where / 100:.0f} %")
        elif how == "zip":
            zip_damage = (draw(st.sampled_from(("cut", "flip"))), where)
            notes.append(f"zip {zip_damage[0]} at {where / 100:.0f} %")
        elif how == "parts":
            count = draw(st.sampled_from((5, 999, 1001)))
            changes.append((SHEET, "parts", count, b""))
            notes.append(f"{count} extra parts")
        elif how == "encoding":
            put = draw(st.sampled_from((b'<?xml version="1.0" encoding="UTF-16"?>', b'<?xml version="1.0" '
                                        b'encoding="nope"?>', b'<?xml version="1.0" encoding="ebcdic-cp-us"?>')))
            changes.append((part, "encoding", where, put))
            notes.append(f"{part} declared {put!r}")
    return Workbook(rows, unused, tuple(changes), zip_damage), "; ".join(notes) or "as written"


def xlsx_seeds(rows: tuple[tuple, ...]) -> tuple:
    """The issue's cases, tried first by the default run: shared strings no cell uses, past the unpacked size and
    past the count; a sheet cut short, holding &#7; or an undefined entity; a file that is no zip."""
    from kit.xlsx import SHEET

    return tuple((Workbook(rows, unused, changes, damage), note) for unused, changes, damage, note in (
        (4_000_000, (), None, "4,000,000 unused shared strings (52 MB unpacked)"),
        (400_000, (), None, "400,000 unused shared strings"),
        (0, ((SHEET, "cut", 7000, b""),), None, "the sheet cut short"),
        (0, ((SHEET, "insert", 7000, b"&#7;"),), None, "&#7; in the sheet"),
        (0, ((SHEET, "insert", 7000, b"&nope;"),), None, "an undefined entity in the sheet"),
        (0, (), ("cut", 10), "the zip cut to its first bytes"),
    ))


# -- CSV ------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Sheet:
    """A CSV file of a deck's cards, changed; `expect` is a line that must be among the errors (or '')."""

    text: str
    note: str
    expect: str = ""
    once: str = ""  # a quoted column name that must be named by one error line at most


def write_rows(rows: list[list[str]], delimiter: str = ",", ending: str = "\n") -> str:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator=ending).writerows(rows)
    return out.getvalue()


@st.composite
def sheet(draw, header: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> Sheet:
    """The deck's cards as CSV with one change: a row that loses or gains a cell (the error must be at it, with
    both counts), a column the deck does not take (one error at the header), text of every kind in cells, other
    separators and line ends, or many rows."""
    header, body = list(header), [list(r) for r in rows]
    how = draw(st.sampled_from(("drop", "drop", "add", "empty", "column", "fields-column", "no-id", "nasty",
                                "separator", "many")))
    k = draw(st.integers(0, len(body) - 1))
    line = k + 2
    if how == "drop":
        j = draw(st.integers(0, len(header) - 1))
        del body[k][j]
        note = f"row {line} lost cell {j + 1}"
        if not any(c.strip() for c in body[k]):
            return Sheet(write_rows([header, *body]), note)
        expect = (f"cards.csv:{line}:1: error: this row has {len(header) - 1} cells and the header row "
                  f"{len(header)}: a cell is missing")
        return Sheet(write_rows([header, *body]), note, expect)
    if how == "add":
        body[k].insert(draw(st.integers(0, len(header))), draw(st.sampled_from(("", "x", "2", " "))))
        expect = (f"cards.csv:{line}:{len(header) + 1}: error: this row has {len(header) + 1} cells and the header "
                  f"row {len(header)}: a cell too many")
        return Sheet(write_rows([header, *body]), f"row {line} gained a cell", expect)
    if how == "empty":
        j = draw(st.integers(0, len(header) - 1))
        for row in body:
            row[j] = ""
        return Sheet(write_rows([header, *body]), f"column {j + 1} emptied (a,,c)")
    if how in ("column", "fields-column"):
        name = draw(st.sampled_from(("category", "colour", "coutn", "Name", "power", "x y", "fields.")))
        title = f"fields.{name}" if how == "fields-column" else name
        if title in header:
            return Sheet(write_rows([header, *body]), "no change")
        header.append(title)
        for row in body:
            row.append(draw(st.sampled_from(("", "a", "3", "{coin: 2}"))))
        return Sheet(write_rows([header, *body]), f"a column {title!r}", once=f"'{title}'")
    if how == "no-id":
        keep = [j for j, t in enumerate(header) if t not in ("id", "suit", "action")]
        table = [[r[j] for j in keep] for r in [header, *body]]
        return Sheet(write_rows(table), "no id, suit or action column",
                     "cards.csv:1:1: error: deck 'main': the sheet has no 'id' column")
    if how == "nasty":
        j = draw(st.integers(0, len(header) - 1))
        body[k][j] = draw(st.one_of(nasty_text(), st.sampled_from(('"', '""', "'=1", "a\nb", "a\rb", "\ufeff",
                                                                   "x" * 11_000))))
        return Sheet(write_rows([header, *body]), f"cell {line}:{j + 1} = {body[k][j][:40]!r}")
    if how == "separator":
        delimiter, ending = draw(st.sampled_from((";", "\t", ","))), draw(st.sampled_from(("\n", "\r\n", "\r")))
        bom = draw(st.sampled_from(("", "\ufeff")))
        return Sheet(bom + write_rows([header, *body], delimiter, ending), f"separator {delimiter!r}, lines end "
                                                                              f"{ending!r}, BOM {bool(bom)}")
    copies = draw(st.sampled_from((50, 500, 20_000)))  # (the last passes 1 MB)
    return Sheet(write_rows([header, *(body * copies)]), f"{copies} copies of the rows")


def csv_seeds(header: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> tuple[Sheet, ...]:
    """The issue's cases, tried first by the default run: a row that lost its last cell, one that lost a middle
    cell, a column for a field the deck does not declare, a sheet with no column to name its cards."""
    def dropped(k: int, j: int) -> Sheet:
        body = [list(r) for r in rows]
        del body[k][j]
        return Sheet(write_rows([list(header), *body]), f"row {k + 2} lost cell {j + 1}",
                     f"cards.csv:{k + 2}:1: error: this row has {len(header) - 1} cells and the header row "
                     f"{len(header)}: a cell is missing")
    wide = [list(header) + ["fields.category"], *[list(r) + ["Harbour"] for r in rows]]
    keep = [j for j, t in enumerate(header) if t not in ("id", "suit", "action")]
    return (dropped(0, len(header) - 1), dropped(len(rows) - 1, 2),
            Sheet(write_rows(wide), "a column 'fields.category'", "cards.csv:1:7: error: deck 'main': column "
                  "'fields.category': the deck declares no card fields", "'fields.category'"),
            Sheet(write_rows([[r[j] for j in keep] for r in [header, *rows]]), "no id, suit or action column",
                  "cards.csv:1:1: error: deck 'main': the sheet has no 'id' column"))


def deck_rows(pack: Path) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The header and rows of the pack's first deck as export-cards writes them."""
    from pnpgen.load.cardsheet import cards_csv
    from pnpgen.load.loader import load_game

    table = list(csv.reader(io.StringIO(cards_csv(load_game(str(pack)), "main"))))
    return tuple(table[0]), tuple(tuple(r) for r in table[1:])
