"""Spreadsheets read as located content: a CSV or XLSX file's rows become mappings, one per row, keyed by the
header row, each value located at its row and column (`cards.csv:12:4`), so the declarations read them as they
read YAML and report the same errors there.

A cell is text (a SheetCell); the reader turns it into what the field it fills takes: text stays text, anything
else (a number, true/false, a list, a mapping) is read as a YAML value, so `{coin: 2}` in a cell is a mapping. An
empty cell gives no value (the field's default). A column `fields.NAME` fills the card field NAME. Every row of a
CSV file holds as many cells as its header row (`a,,c` has an empty cell; a row that lost one is an error, not a
shifted value); an XLSX sheet is read by xlsx.py, where a cell left out is an empty one.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from ..errors import ContentError, Loc
from .yamlsrc import MAX_BYTES, MAX_NODES, LList, LMap, check_cell, decode, parse_yaml, too_large

NESTED = ("fields",)  # column prefixes that fill a mapping: fields.NAME
MAX_COLUMNS = 200


class SheetCell(str):
    """The text of one spreadsheet cell, and where it is."""

    loc: Loc

    def __new__(cls, text: str, loc: Loc) -> SheetCell:
        cell = super().__new__(cls, text)
        cell.loc = loc
        return cell

    def __reduce__(self):
        return (SheetCell, (str(self), self.loc))

    def typed(self, textual: bool) -> Any:
        """The cell's value for a field: its text for a text field, else its text read as a YAML value (located
        at the cell); text that is not YAML stays text, for the field to report."""
        if textual:
            return str(self)
        try:
            value = parse_yaml(str(self), self.loc.file)
        except ContentError:
            return str(self)
        return _located(value, self.loc) if value is not None else str(self)


def value_of(value: Any, textual: bool) -> Any:
    """A value as a field reads it: a spreadsheet cell typed for the field, anything else as it is."""
    return value.typed(textual) if isinstance(value, SheetCell) else value


def _located(value: Any, loc: Loc) -> Any:
    """A parsed cell value whose every part is located at the cell."""
    if isinstance(value, LMap):
        value.loc, value.key_locs, value.val_locs = loc, dict.fromkeys(value, loc), dict.fromkeys(value, loc)
        for v in value.values():
            _located(v, loc)
    elif isinstance(value, LList):
        value.loc, value.item_locs = loc, [loc] * len(value)
        for v in value:
            _located(v, loc)
    return value


def is_sheet(path: Path | str) -> bool:
    """Whether a file name is a spreadsheet's (.csv or .xlsx)."""
    return Path(path).suffix.lower() in (".csv", ".xlsx")


def read_sheet(path: Path, name: str) -> LList:
    """A CSV or XLSX file's rows as located mappings; ContentError (located) if it cannot be read."""
    if Path(path).suffix.lower() == ".xlsx":
        from .xlsx import xlsx_rows  # (zip and XML readers load only for a pack that keeps a workbook)

        return _rows(xlsx_rows(path, name, MAX_COLUMNS), name, None)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as e:
        raise ContentError(Loc(name), f"cannot read file: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise ContentError(Loc(name, 1, 1), too_large(len(data)))
    text = decode(data, name)
    return _rows(_csv_cells(text, name), name, _delimiter(text))


def _csv_cells(text: str, name: str) -> list[tuple[int, list[str]]]:
    """(line, cells) of each row; the delimiter is the header line's comma, semicolon or tab."""
    delimiter = _delimiter(text)
    # Rows end at CR, LF or CRLF as spreadsheets write them; places name lines as editors count them: at line
    # feeds (a CR alone in a file of LF lines does not start one), or at CRs in a file that has no line feed.
    chunks = io.StringIO(text, newline="").readlines()
    ends = "\n" if "\n" in text else "\r"
    lines = [1]
    for chunk in chunks:
        lines.append(lines[-1] + chunk.count(ends))
    reader = csv.reader(iter(chunks), delimiter=delimiter, strict=True)
    out = []
    first = 0  # the chunk a row starts in
    try:
        for cells in reader:
            out.append((lines[first], [unguard(c) for c in cells]))
            first = reader.line_num
    except csv.Error as e:
        raise ContentError(Loc(name, lines[min(first, len(lines) - 1)], 1), f"CSV syntax error: {e}") from None
    return out


def _delimiter(text: str) -> str:
    """The header line's comma, semicolon or tab (the one it holds most of; a comma when it holds none)."""
    first = text.split("\n", 1)[0]
    return max(",;\t", key=first.count) if any(d in first for d in ",;\t") else ","


def _rows(rows: list[tuple[int, list[str]]], name: str, delimiter: str | None) -> LList:
    """Located mappings of the rows after the header (rows with no text are skipped); the header's names and
    places are kept as the list's `columns`, and each row's `columns` is the same list (a deck reads its
    declarations against them once). `delimiter`: a CSV file's, whose every row must hold as many cells as its
    header row (None: an XLSX sheet's rows, where a cell left out is an empty one)."""
    rows = [(line, cells) for line, cells in rows if any(c.strip() for c in cells)]
    out = LList()
    out.loc, out.item_locs = Loc(name, 1, 1), []
    out.columns = []
    if not rows:
        return out
    head_line, written = rows[0]
    head = list(written)
    while head and not head[-1].strip():
        head = head[:-1]
    if len(head) > MAX_COLUMNS:
        raise ContentError(Loc(name, head_line, MAX_COLUMNS + 1), f"more than {MAX_COLUMNS} columns")
    seen: dict[str, int] = {}
    for col, title in enumerate(head, start=1):
        title = title.strip()
        where = Loc(name, head_line, col)
        check_cell(title, where)
        if not title:
            raise ContentError(where, "a column with no name in the header row (every column needs a field name)")
        if title in seen:
            raise ContentError(where, f"duplicate column '{title}' (first at column {seen[title]})")
        seen[title] = col
        out.columns.append((title, where))
    cells_read = 0
    for line, cells in rows[1:]:
        if delimiter is not None and len(cells) != len(written):
            _ragged(name, line, len(cells), len(written), delimiter)
        row = _mapping(Loc(name, line, 1))
        row.columns = out.columns
        for col, text in enumerate(cells, start=1):
            if col > len(head):
                if text.strip():
                    raise ContentError(Loc(name, line, col), f"a value in column {col}, past the header row's "
                                                             f"{len(head)} columns (give the column a name in the "
                                                             "header row, or clear the cell)")
                continue
            if not text.strip() and not isinstance(text, Kept):
                continue
            cells_read += 1
            if cells_read > MAX_NODES:
                raise ContentError(Loc(name, line, col), f"more than {MAX_NODES:,} values (the limit for a sheet)")
            title, where = out.columns[col - 1]
            check_cell(text, Loc(name, line, col))
            cell = SheetCell(text, Loc(name, line, col))
            prefix, dot, rest = title.partition(".")
            if dot and prefix in NESTED and rest:
                inner = row.get(prefix)
                if inner is None:
                    inner = row[prefix] = _mapping(cell.loc)
                    row.key_locs[prefix], row.val_locs[prefix] = where, cell.loc
                inner[rest], inner.key_locs[rest], inner.val_locs[rest] = cell, where, cell.loc
            else:
                row[title], row.key_locs[title], row.val_locs[title] = cell, where, cell.loc
        out.append(row)
        out.item_locs.append(row.loc)
    return out


SEPARATORS = {",": ("comma", "a,,c"), ";": ("semicolon", "a;;c"), "\t": ("tab", "a<tab><tab>c")}


def _ragged(name: str, line: int, cells: int, wanted: int, delimiter: str) -> None:
    """The error for a CSV row of more or fewer cells than its header row: at the first cell too many, or at the
    row's start (which cell went missing cannot be told)."""
    word, empty = SEPARATORS[delimiter]
    if cells < wanted:
        raise ContentError(Loc(name, line, 1), f"this row has {cells} cells and the header row {wanted}: a cell is "
                                               f"missing (an empty cell is still written, between its {word}s: "
                                               f"{empty})")
    raise ContentError(Loc(name, line, wanted + 1), f"this row has {cells} cells and the header row {wanted}: a "
                                                    f"cell too many (a value that holds a {word} goes in double "
                                                    "quotes)")


def _mapping(loc: Loc) -> LMap:
    m = LMap()
    m.loc, m.key_locs, m.val_locs = loc, {}, {}
    return m


# A cell a spreadsheet would run as a formula: one that begins with =, +, -, @, a tab or a carriage return
# (after any quotes pnpgen put before it). A plain number (-3, +2.5) stays as it is: it is no formula.
FORMULA = re.compile(r"'*[=+\-@\t\r]")
PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")
BLANK = re.compile(r"'*\s+")  # a value of white space only, which a reader would take for an empty cell


class Kept(str):
    """A cell of white space only that export guarded: a value, not an empty cell."""


def _needs_guard(cell: str) -> bool:
    return bool(FORMULA.match(cell) or BLANK.fullmatch(cell)) and not PLAIN_NUMBER.fullmatch(cell)


def guard(cell: str) -> str:
    """A cell as CSV export writes it: one that a spreadsheet would run as a formula (or one of white space only)
    gets a leading quote, which spreadsheets show as text and unguard takes off again."""
    return "'" + cell if _needs_guard(cell) else cell


def unguard(cell: str) -> str:
    """A CSV cell as read: the quote guard put before a formula-like (or blank) cell is taken off."""
    if not (cell.startswith("'") and _needs_guard(cell[1:])):
        return cell
    return Kept(cell[1:]) if not cell[1:].strip() else cell[1:]


def write_csv(columns: list[str], rows: list[dict[str, str]]) -> str:
    """CSV text: a header row, then one row per mapping (a missing value is an empty cell); formula-like cells
    guarded (see guard)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([guard(c) for c in columns])
    for row in rows:
        writer.writerow([guard(row.get(c, "")) for c in columns])
    return out.getvalue()
