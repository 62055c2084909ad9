"""XLSX files written by hand, part by part, so that a test (or the fuzz suite) can damage or inflate any part: the
sheet's XML, the shared-strings table, the zip around them."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from xml.sax.saxutils import escape

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
SHEET = "xl/worksheets/sheet1.xml"
STRINGS = "xl/sharedStrings.xml"


def column(n: int) -> str:
    """The letters of column n (1: A, 27: AA)."""
    letters = ""
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def parts(rows: list[list], unused_strings: int = 0) -> dict[str, bytes]:
    """The parts of a workbook of one sheet holding `rows` (text as shared strings, numbers as numbers, None as
    no cell), with `unused_strings` more empty entries in its shared-strings table."""
    strings: list[str] = []
    index: dict[str, int] = {}
    sheet_rows = []
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, value in enumerate(row, start=1):
            ref = f"{column(c)}{r}"
            if value is None:
                continue
            if isinstance(value, str):
                if value not in index:
                    index[value] = len(strings)
                    strings.append(value)
                cells.append(f'<c r="{ref}" t="s"><v>{index[value]}</v></c>')
            else:
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
        sheet_rows.append(f'<row r="{r}">{"".join(cells)}</row>')
    total = len(strings) + unused_strings
    table = "".join(f"<si><t>{escape(s)}</t></si>" for s in strings)
    return {
        "[Content_Types].xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="{TYPES}">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            'spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.worksheet+xml"/>'
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sharedStrings+xml"/></Types>').encode(),
        "_rels/.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PACKAGE}">'
            f'<Relationship Id="rId1" Type="{RELATIONS}/officeDocument" Target="xl/workbook.xml"/>'
            '</Relationships>').encode(),
        "xl/workbook.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{RELATIONS}"><sheets>'
            '<sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>').encode(),
        "xl/_rels/workbook.xml.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PACKAGE}">'
            f'<Relationship Id="rId1" Type="{RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{RELATIONS}/sharedStrings" Target="sharedStrings.xml"/>'
            '</Relationships>').encode(),
        SHEET: (f'<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="{MAIN}"><dimension ref="A1:'
                f'{column(max(map(len, rows), default=1))}{max(len(rows), 1)}"/><sheetData>\n'
                + "\n".join(sheet_rows) + "\n</sheetData></worksheet>").encode(),
        STRINGS: (f'<?xml version="1.0" encoding="UTF-8"?>\n<sst xmlns="{MAIN}" count="{total}" '
                  f'uniqueCount="{total}">').encode() + table.encode() + b"<si><t/></si>" * unused_strings
        + b"</sst>",
    }


def xlsx(rows: list[list], unused_strings: int = 0, edit: Callable[[dict[str, bytes]], None] | None = None) -> bytes:
    """The bytes of an XLSX file holding `rows` (see `parts`), after `edit` changed its parts in place."""
    made = parts(rows, unused_strings)
    if edit is not None:
        edit(made)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in made.items():
            archive.writestr(name, data)
    return out.getvalue()
