"""Hex names as a game prints them: axial q,r, or a letter and a number ("E2") over offset columns and rows."""

from __future__ import annotations

import re

SCHEMES = ("axial", "letter-column", "letter-row")  # letter-column: E2 is column E, row 2; letter-row: row E, column 2
OFFSETS = ("odd", "even")  # which columns (flat-top) or rows (pointy-top) sit half a hex lower (or further right)
NAME = re.compile(r"^([A-Za-z]{1,3})([0-9]{1,4})$")


def letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA ..."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def letter_index(text: str) -> int:
    """A -> 0, Z -> 25, AA -> 26 ..."""
    n = 0
    for ch in text.upper():
        n = n * 26 + ord(ch) - 64
    return n - 1


def to_offset(qr: tuple[int, int], offset: str, pointy: bool) -> tuple[int, int]:
    """Axial (q, r) as offset (column, row), both counted from axial (0, 0)."""
    q, r = qr
    if pointy:
        return (q + (r - (r & 1)) // 2 if offset == "odd" else q + (r + (r & 1)) // 2, r)
    return (q, r + (q - (q & 1)) // 2 if offset == "odd" else r + (q + (q & 1)) // 2)


def from_offset(col: int, row: int, offset: str, pointy: bool) -> tuple[int, int]:
    """Offset (column, row) back to axial (q, r)."""
    if pointy:
        return (col - (row - (row & 1)) // 2 if offset == "odd" else col - (row + (row & 1)) // 2, row)
    return (col, row - (col - (col & 1)) // 2 if offset == "odd" else row - (col + (col & 1)) // 2)


def hex_name(qr: tuple[int, int], scheme: str, offset: str = "odd", pointy: bool = False) -> str:
    """A hex's printed name: "q,r" (axial), else a letter and a number ("" for a hex left of or above A1)."""
    if scheme == "axial":
        return f"{qr[0]},{qr[1]}"
    col, row = to_offset(qr, offset, pointy)
    if col < 0 or row < 0:
        return ""
    if scheme == "letter-column":
        return f"{letters(col)}{row + 1}"
    return f"{letters(row)}{col + 1}"


def parse_hex_name(text: str, scheme: str, offset: str = "odd", pointy: bool = False) -> tuple[int, int] | None:
    """The axial (q, r) a hex name stands for, or None when it is no name under the scheme."""
    m = NAME.match(text.strip())
    if m is None or scheme == "axial" or int(m[2]) < 1:
        return None
    a, n = letter_index(m[1]), int(m[2]) - 1
    col, row = (a, n) if scheme == "letter-column" else (n, a)
    return from_offset(col, row, offset, pointy)
