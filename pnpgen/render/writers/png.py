"""PNG: one image per component face and back, trimmed and with its bleed, at exact pixel sizes (see raster)."""

from __future__ import annotations

from ...draw.piece import Kit
from ..raster import piece_drawing, png_bytes, rasterise, require_rasteriser, shot
from .base import OutFile, Pages, WriteOptions, Writer, sides


def png_files(kit: Kit, options: WriteOptions, folder: str = "png") -> list[OutFile]:
    """`<folder>/<piece>.png` (trimmed) and `<piece>-bleed.png` (trim and bleed, for pieces that have one), for
    every face and back; outline-cut pieces are clear outside what they draw."""
    jobs = []
    for s in sides(kit, options.png_kinds):
        p = s.piece
        for bleed in options.png_bleed:
            if bleed and p.bleed <= 0:
                continue
            name = f"{folder}/{s.stem}{'-bleed' if bleed else ''}.png"
            drawing = piece_drawing(s.drawing, p.width, p.height, p.bleed if bleed else 0.0)
            jobs.append((name, shot(drawing, options.dpi, p.cut == "outline", f"{p.name} ({s.side})")))
    out = []
    for n, ((name, _), image) in enumerate(zip(jobs, rasterise([j for _, j in jobs], options.dpi)), start=1):
        out.append(OutFile(name, png_bytes(image, options.dpi)))
        options.tick("render png", n, len(jobs))
    return out


def write(kit: Kit, _pages: Pages, options: WriteOptions) -> list[OutFile]:
    """Every PNG of the kit."""
    return png_files(kit, options)


WRITER = Writer("png", write, owns=("png/",), check=lambda: require_rasteriser("--format png"), extra="png")
