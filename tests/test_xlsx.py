"""XLSX sheets read with every part bounded and every problem one located line (pnpgen/source/xlsx.py): inflated
shared-strings tables and sheets stop at their limits while they stream, damaged XML is located at its row, a file
that is no workbook at its first cell."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from kit.xlsx import SHEET, STRINGS, xlsx

from pnpgen.errors import ContentError
from pnpgen.source.sheets import read_sheet

pytest.importorskip("openpyxl")

ROWS = [["id", "suit", "action", "count"], [None, "sun", "move", None], [None, "sun", "strike", 2],
        ["wild", None, None, 3]]


def read(tmp_path: Path, data: bytes) -> list[dict]:
    path = tmp_path / "cards.xlsx"
    path.write_bytes(data)
    return [dict(row) for row in read_sheet(path, "cards.xlsx")]


def refused(tmp_path: Path, data: bytes) -> str:
    with pytest.raises(ContentError) as e:
        read(tmp_path, data)
    return str(e.value)


def test_a_workbook_reads_as_rows_of_text(tmp_path):
    assert read(tmp_path, xlsx(ROWS)) == [{"suit": "sun", "action": "move"},
                                          {"suit": "sun", "action": "strike", "count": "2"},
                                          {"id": "wild", "count": "3"}]


@pytest.mark.slow
def test_unused_shared_strings_stop_at_the_limit(tmp_path):
    data = xlsx(ROWS, unused_strings=300_000)  # 4 MB of XML in 20 kB
    assert len(data) < 50_000
    assert refused(tmp_path, data) == ("cards.xlsx:1:1: error: its shared-strings table (xl/sharedStrings.xml) holds "
                                       "more than 200,000 strings (the limit for an XLSX file)")


@pytest.mark.slow
def test_the_issues_workbook_of_20_million_strings_is_refused_before_it_is_unpacked(tmp_path):
    path = tmp_path / "cards.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in xlsx_parts_without_strings().items():
            archive.writestr(name, data)
        with archive.open(STRINGS, "w") as part:  # (written as it streams: 260 MB that never sits in memory)
            part.write(b'<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/'
                       b'main">')
            for _ in range(200):
                part.write(b"<si><t/></si>" * 100_000)
            part.write(b"</sst>")
    assert path.stat().st_size < 1_000_000
    with pytest.raises(ContentError) as e:
        read_sheet(path, "cards.xlsx")  # (it ran for minutes before)
    assert str(e.value) == ("cards.xlsx:1:1: error: unpacks to 261 MB of XML (the limit for an XLSX file is 50 MB)")


def xlsx_parts_without_strings() -> dict[str, bytes]:
    from kit.xlsx import parts
    made = parts(ROWS)
    del made[STRINGS]
    return made


@pytest.mark.slow
def test_a_sheet_of_many_cells_stops_at_the_limit_at_its_row(tmp_path):
    def inflate(made):
        made[SHEET] = made[SHEET].replace(b"</sheetData>", b'<row r="5">' + b"<c/>" * 250_000 + b"</row></sheetData>")
    assert refused(tmp_path, xlsx(ROWS, edit=inflate)) == (
        "cards.xlsx:5:1: error: its sheet xl/worksheets/sheet1.xml writes out more than 200,000 cells (the limit for "
        "an XLSX file)")


@pytest.mark.slow
def test_a_row_far_down_stops_at_the_row_limit(tmp_path):
    def far(made):
        made[SHEET] = made[SHEET].replace(b"</sheetData>", b'<row r="1000000"><c r="A1000000"><v>1</v></c></row>'
                                                           b"</sheetData>").replace(b"A1:D4", b"A1:D1000000")
    assert refused(tmp_path, xlsx(ROWS, edit=far)) == "cards.xlsx:20001:1: error: more than 20,000 rows (the limit " \
                                                      "for a sheet)"


# The sheet's rows were read outside the guarded part: each of these ended in a ParseError traceback.
@pytest.mark.parametrize(("damage", "expected"), [
    (lambda xml: xml[: xml.index(b'<row r="3">') + 20], "cards.xlsx:3:1: error: is not a readable XLSX file (its "
     "part xl/worksheets/sheet1.xml is not well-formed XML in row 3: unclosed token)"),
    (lambda xml: xml.replace(b'<row r="3">', b'<row r="3"><c r="E3" t="inlineStr"><is><t>a&#7;b</t></is></c>'),
     "cards.xlsx:3:1: error: is not a readable XLSX file (its part xl/worksheets/sheet1.xml is not well-formed XML "
     "in row 3: reference to invalid character number)"),
    (lambda xml: xml.replace(b'<row r="3">', b'<row r="3"><c r="E3" t="inlineStr"><is><t>&nope;</t></is></c>'),
     "cards.xlsx:3:1: error: is not a readable XLSX file (its part xl/worksheets/sheet1.xml is not well-formed XML "
     "in row 3: undefined entity)"),
    (lambda xml: xml.replace(b'<row r="3">', b'<row r="3" x="&#7;">'), "cards.xlsx:3:1: error: is not a readable "
     "XLSX file (its part xl/worksheets/sheet1.xml is not well-formed XML after row 2: reference to invalid "
     "character number)"),
    (lambda xml: xml.replace(b"<worksheet", b'<!DOCTYPE w [<!ENTITY a "x">]><worksheet'), "cards.xlsx:1:1: "
     "error: is not a readable XLSX file (its part xl/worksheets/sheet1.xml declares a DTD or entities, which an "
     "XLSX file never does)"),
])
def test_a_damaged_sheet_is_one_line_at_its_row(tmp_path, damage, expected):
    def edit(made):
        made[SHEET] = damage(made[SHEET])
    assert refused(tmp_path, xlsx(ROWS, edit=edit)) == expected


@pytest.mark.parametrize(("data", "expected"), [
    (b"PK\x03\x04 not really a workbook", "cards.xlsx:1:1: error: is not a readable XLSX file (File is not a zip "
                                          "file)"),
    (b"", "cards.xlsx:1:1: error: is not a readable XLSX file (File is not a zip file)"),
])
def test_a_file_that_cannot_be_opened_is_located_at_its_first_cell(tmp_path, data, expected):
    assert refused(tmp_path, data) == expected


def test_a_zip_that_holds_no_workbook_is_located_at_its_first_cell(tmp_path):
    def only_the_sheet(made):
        for name in list(made):
            if name != SHEET:
                del made[name]
    assert refused(tmp_path, xlsx(ROWS, edit=only_the_sheet)).startswith(
        "cards.xlsx:1:1: error: is not a readable XLSX file (")
