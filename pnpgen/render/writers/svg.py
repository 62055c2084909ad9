"""SVG: one file per component face and back (`svg/`), and `index.html`, a contact sheet showing them all."""

from __future__ import annotations

from ...draw.piece import Kit
from ...draw.primitives import Drawing
from .base import OutFile, Pages, WriteOptions, Writer


def write(kit: Kit, _pages: Pages, options: WriteOptions) -> list[OutFile]:
    """Every SVG of the kit, then the contact sheet."""
    from ..contact import contact_sheet, svg_files  # (the SVG writer loads only for builds that write SVGs)
    from ..svg import write_svg

    by_id = {p.id: p for p in kit.pieces}
    files = svg_files(kit)
    out = []
    for n, (fname, pid, side, (w, h)) in enumerate(files, start=1):
        p = by_id[pid]
        out.append(OutFile(f"svg/{fname}", write_svg(Drawing(w, h, p.face if side == "face" else p.back,
                                                             f"{kit.title}: {p.name}"))))
        options.tick("render svg", n, len(files))
    if files:
        out.append(OutFile("index.html", contact_sheet(kit).encode("utf-8"), f"contact sheet of {len(files)} SVGs"))
    return out


WRITER = Writer("svg", write, owns=("svg/", "index.html"))
