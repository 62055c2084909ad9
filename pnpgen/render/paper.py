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
    "margin": P("length", "5mm", min=0, max=40, doc="pieces with their bleed, and the footer band, keep inside it"),
    "mark_margin": P("length", "5mm", min=0, max=40, doc="crop-mark tips keep inside it"),
    "printer_margin": P("length", "5mm", min=0, max=40, doc="no ink nearer the paper edge (home printers): checked"),
    "marks": {"gap": P("length", "1mm", min=0, max=10, doc="crop marks start this far from the trim"),
              "length": P("length", "5mm", min=1, max=20, doc="a crop mark's length"),
              "min_length": P("length", "2.5mm", min=0.5, max=20, doc="a crop mark squeezed between pieces is at "
                              "least this long"),
              "width": P("length", "0.2mm", min=0.05, max=2, doc="a crop mark's line width"),
              "colour": P("colour", "#000000", doc="the crop marks' colour"),
              "halo": P("length", "0.6mm", min=0, max=3, doc="the white edge about a crop mark, so it shows over a "
                        "dark bleed")},
    "gutter_min": P("length", "1.5mm", min=0, max=20, doc="the least space between pieces with bleed"),
    "spacing": P("length", "3mm", min=0, max=30, doc="the space between pieces without bleed"),
    "band": P("length", "6mm", min=3, max=30, doc="the footer band's height"),
    "band_gap": P("length", "1.5mm", min=0, max=20, doc="the space between the pieces and the footer band"),
    "footer": text_spec("6.5pt", colour="#333333"),
    "note_size": P("length", "6pt", min=1, max=20, doc="the print note's type size"),
    "note": P("str", "Print at 100%: the bars must measure 50 mm and 2 in.", doc="the print note in the footer band"),
    "fold_gap": P("length", "4mm", min=0, max=40, doc="the space either side of a fold line (--duplex fold)"),
    "tile_overlap": P("length", "14mm", min=4, max=60, doc="how much the tiles of a board too big for the page "
                      "overlap"),
    "target": P("length", "6mm", min=2, max=30, doc="an alignment target's size on a tiled board"),
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
