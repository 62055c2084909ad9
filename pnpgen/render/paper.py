"""Paper sizes and the sheet template (printer margin, crop marks, footer band, tiling overlap)."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from ..draw.templates import P, text_spec
from ..errors import PnpgenError


@dataclass(frozen=True)
class Paper:
    """A paper size in mm, portrait."""

    name: str
    width: float
    height: float


PAPERS = {"a4": Paper("a4", 210.0, 297.0), "letter": Paper("letter", 215.9, 279.4)}

SHEET_SPEC = {
    "margin": P("length", "5mm", min=0, max=40),  # pieces with their bleed, and the footer band, keep inside it
    "mark_margin": P("length", "5mm", min=0, max=40),  # crop-mark tips keep inside it
    "printer_margin": P("length", "5mm", min=0, max=40),  # no ink nearer the paper edge (home printers): checked
    "marks": {"gap": P("length", "1mm", min=0, max=10), "length": P("length", "5mm", min=1, max=20),
              "min_length": P("length", "2.5mm", min=0.5, max=20), "width": P("length", "0.2mm", min=0.05, max=2),
              "colour": P("colour", "#000000"), "halo": P("length", "0.6mm", min=0, max=3)},
    "gutter_min": P("length", "1.5mm", min=0, max=20),
    "spacing": P("length", "3mm", min=0, max=30),
    "band": P("length", "6mm", min=3, max=30),
    "band_gap": P("length", "1.5mm", min=0, max=20),
    "footer": text_spec("6.5pt", colour="#333333"),
    "note_size": P("length", "6pt", min=1, max=20),
    "note": P("str", "Print at 100%: the bars must measure 50 mm and 2 in."),
    "fold_gap": P("length", "4mm", min=0, max=40),
    "tile_overlap": P("length", "14mm", min=4, max=60),
    "target": P("length", "6mm", min=2, max=30),
}


def with_printer_margin(sheet, mm: float | None):
    """The sheet template with its printer margin set to `mm` (None: as the template says)."""
    if mm is None:
        return sheet
    out = copy.copy(sheet)
    out["printer_margin"] = mm
    out.locs = {k: v for k, v in sheet.locs.items() if k != "printer_margin"}
    return out


def paper(name: str) -> Paper:
    """A paper by name (a4, letter)."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise PnpgenError(f"unknown paper '{name}' (expected one of: {', '.join(PAPERS)})") from None
