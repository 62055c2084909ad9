"""Lengths: millimetres everywhere; unit strings ("3mm", "0.5in", "8pt") are read here and only here."""

from __future__ import annotations

import re

MM_PER_IN = 25.4
MM_PER_PT = MM_PER_IN / 72.0
UNITS = {"mm": 1.0, "cm": 10.0, "in": MM_PER_IN, "pt": MM_PER_PT}
SMALLEST = 6 * MM_PER_PT  # the smallest type pnpgen prints: 6 pt, readable on a home printer
_LENGTH_RE = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt)?\s*$")


def parse_length(value: object) -> float:
    """A length in mm from a number (mm) or a string with a unit (mm, cm, in, pt); ValueError if neither."""
    if isinstance(value, bool):
        raise ValueError("a length, not true/false")
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        m = _LENGTH_RE.match(value)
        if m:
            return float(m.group(1)) * UNITS[m.group(2) or "mm"]
    raise ValueError("a length such as 12, '3mm', '0.5in' or '8pt'")


def pt(value: float) -> float:
    """Points to millimetres."""
    return value * MM_PER_PT
