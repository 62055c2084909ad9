"""An XLSX file's first sheet read as rows of cell text, with every error one located line.

An XLSX file is a zip of XML parts, and a small file can unpack to much more: a shared-strings table of millions
of strings no cell uses, a sheet of millions of empty cells, XML that names entities. So before openpyxl reads
anything, every XML part is streamed once through expat, counting as it goes (bytes unpacked, elements, shared
strings, a sheet's cells) and stopping at the first limit passed, at a DTD, or at XML that is not well-formed;
a problem in a sheet is located at the row it is in. openpyxl then reads a file known to be bounded, still
guarded: whatever it raises is one located line.
"""

from __future__ import annotations

import warnings
import zipfile
import zlib
from pathlib import Path
from typing import Any
from xml.parsers import expat

from ..errors import ContentError, Loc, reason
from .yamlsrc import MAX_NODES

MAX_BYTES = 10_000_000  # the file
MAX_XML_BYTES = 50_000_000  # its XML parts unpacked, together
MAX_PARTS = 1_000  # files in the zip
MAX_ELEMENTS = 2_000_000  # XML elements of its parts, together
MAX_SHARED_STRINGS = MAX_NODES  # entries of its shared-strings table
MAX_CELLS = MAX_NODES  # cells a sheet writes out (empty ones with a format among them)
MAX_ROWS = MAX_NODES // 10  # rows of the sheet read
MAX_VALUES = MAX_NODES  # cells that hold a value, in the sheet read
CHUNK = 1 << 16


def xlsx_rows(path: Path, name: str, columns: int) -> list[tuple[int, list[str]]]:
    """(row, cells) of the first worksheet of an XLSX file, each cell as text (at most `columns` cells a row, and
    one more to show that a row runs past them); ContentError at the file's first cell, or at the row, when it
    cannot be read or passes a limit."""
    try:
        from openpyxl import load_workbook
    except ImportError:
        raise ContentError(Loc(name, 1, 1), "reading an XLSX file needs openpyxl: pip install 'pnpgen[xlsx]' (or "
                                            "save the sheet as CSV)") from None
    try:
        size = Path(path).stat().st_size
        if size > MAX_BYTES:
            raise ContentError(Loc(name, 1, 1), f"file is too large ({-(-size // 1_000_000)} MB; the limit for an "
                                                f"XLSX file is {MAX_BYTES // 1_000_000} MB)")
        with zipfile.ZipFile(path) as archive:
            scan(archive, name)
        with warnings.catch_warnings():  # (openpyxl warns of what it does not read: styles, extensions)
            warnings.simplefilter("ignore")
            book = load_workbook(path, read_only=True, data_only=True)
            try:
                return _rows(book, name, columns)
            finally:
                book.close()
    except ContentError:
        raise
    except Exception as e:  # noqa: BLE001  (openpyxl and zipfile raise many kinds for a damaged file)
        raise ContentError(Loc(name, 1, 1), f"is not a readable XLSX file ({reason(e, 100)})") from None


def _rows(book: Any, name: str, columns: int) -> list[tuple[int, list[str]]]:
    """The first sheet's rows, counted as they stream."""
    if not book.worksheets:
        raise ContentError(Loc(name, 1, 1), "is not a readable XLSX file (it holds no worksheet)")
    out = []
    values = 0
    for r, row in enumerate(book.worksheets[0].iter_rows(values_only=True, max_col=columns + 1), start=1):
        if r > MAX_ROWS:
            raise ContentError(Loc(name, r, 1), f"more than {MAX_ROWS:,} rows (the limit for a sheet)")
        cells = [_text(v) for v in row]
        values += sum(1 for c in cells if c)
        if values > MAX_VALUES:
            raise ContentError(Loc(name, r, 1), f"more than {MAX_VALUES:,} values (the limit for a sheet)")
        out.append((r, cells))
    return out


def _text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if hasattr(v, "isoformat"):
        return v.isoformat()
    return str(v)


# -- the scan ------------------------------------------------------------------------------------------------------
class _Stop(Exception):
    """A limit passed or a declaration refused, inside the parser (carries the error)."""

    def __init__(self, error: ContentError):
        super().__init__(error.message)
        self.error = error


def scan(archive: zipfile.ZipFile, name: str) -> None:
    """Stream every XML part of the archive through expat once, counting; ContentError at the first limit
    passed, declaration refused or part that is not well-formed XML."""
    parts = [info for info in archive.infolist() if not info.is_dir()]
    if len(parts) > MAX_PARTS:
        raise ContentError(Loc(name, 1, 1), f"is not a readable XLSX file (it holds more than {MAX_PARTS:,} parts)")
    xml = [info for info in parts if _is_xml(archive, info)]
    unpacked = sum(info.file_size for info in xml)  # (zipfile reads no more of a part than its declared size)
    if unpacked > MAX_XML_BYTES:
        raise ContentError(Loc(name, 1, 1), f"unpacks to {-(-unpacked // 1_000_000)} MB of XML (the limit for an "
                                            f"XLSX file is {MAX_XML_BYTES // 1_000_000} MB)")
    elements = 0
    for info in xml:
        elements = _Part(info.filename, name, elements).scan(archive, info)


def _is_xml(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bool:
    """Whether a part is XML (openpyxl may parse it): named so, or beginning as XML does."""
    if info.filename.lower().endswith((".xml", ".rels", ".vml")):
        return True
    with archive.open(info) as part:
        head = part.read(64)
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<") or head.startswith((b"\xff\xfe", b"\xfe\xff"))


class _Part:
    """The scan of one XML part: it counts elements (on from the parts before), and by the root element it finds,
    a shared-strings table's strings or a sheet's rows and cells (to name the row a problem is in)."""

    def __init__(self, part: str, name: str, elements: int):
        self.part, self.name = part, name
        self.elements = elements
        self.strings = self.cells = self.row = 0
        self.in_row = False
        self.parser = parser = expat.ParserCreate()
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.StartElementHandler = self.root
        parser.StartDoctypeDeclHandler = parser.EntityDeclHandler = self.declaration
        self.sheet = False

    def scan(self, archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> int:
        """Stream the part through the parser; the elements counted so far. ContentError at a problem."""
        try:
            with archive.open(info) as stream:
                while chunk := stream.read(CHUNK):
                    self.parser.Parse(chunk, False)
                self.parser.Parse(b"", True)
        except _Stop as e:
            raise e.error from None
        except expat.ExpatError as e:
            where = ""
            if self.sheet and self.row:
                where = f" in row {self.row}" if self.in_row else f" after row {self.row}"
            raise ContentError(self.here(), f"is not a readable XLSX file (its part {self.part} is not well-formed "
                                            f"XML{where}: {expat.ErrorString(e.code)})") from None
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError,
                ValueError) as e:
            raise ContentError(Loc(self.name, 1, 1), f"is not a readable XLSX file ({self.part}: "
                                                     f"{reason(e, 100)})") from None
        return self.elements

    def here(self) -> Loc:
        """Where the scan is, as the user sees it: a sheet's row (the next one, between two), else the file's
        first cell."""
        if not self.sheet:
            return Loc(self.name, 1, 1)
        return Loc(self.name, self.row if self.in_row else self.row + 1, 1)

    def stop(self, message: str) -> None:
        raise _Stop(ContentError(self.here(), message))

    def count(self) -> None:
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            self.stop(f"its XML holds more than {MAX_ELEMENTS:,} elements (the limit for an XLSX file)")

    def root(self, tag: str, attrs: dict[str, str]) -> None:
        """The first element: which handler reads the rest."""
        local = tag.rpartition(":")[2]
        if local == "sst":
            self.parser.StartElementHandler = self.string
        elif local == "worksheet":
            self.sheet = True
            self.parser.StartElementHandler = self.cell
            self.parser.EndElementHandler = self.row_end
        else:
            self.parser.StartElementHandler = lambda tag, attrs: self.count()
        self.count()

    def string(self, tag: str, attrs: dict[str, str]) -> None:
        self.count()
        if tag.endswith("si") and tag.rpartition(":")[2] == "si":
            self.strings += 1
            if self.strings > MAX_SHARED_STRINGS:
                self.stop(f"its shared-strings table ({self.part}) holds more than {MAX_SHARED_STRINGS:,} strings "
                          "(the limit for an XLSX file)")

    def cell(self, tag: str, attrs: dict[str, str]) -> None:
        self.count()
        local = tag.rpartition(":")[2]
        if local == "c":
            self.cells += 1
            if self.cells > MAX_CELLS:
                self.stop(f"its sheet {self.part} writes out more than {MAX_CELLS:,} cells (the limit for an XLSX "
                          "file)")
        elif local == "row":
            number = attrs.get("r", "")
            self.row = int(number) if number.isdigit() and len(number) < 9 else self.row + 1
            self.in_row = True

    def row_end(self, tag: str) -> None:
        if tag.endswith("row") and tag.rpartition(":")[2] == "row":
            self.in_row = False

    def declaration(self, *_args: Any) -> None:
        self.stop(f"is not a readable XLSX file (its part {self.part} declares a DTD or entities, which an XLSX "
                  "file never does)")
