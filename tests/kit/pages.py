"""Pages as pictures for the print tests: pdftoppm's grey renders, and the ink a page puts near the paper's edge."""

from __future__ import annotations

import subprocess
from pathlib import Path


def grey_pages(pdf: Path, dpi: int, tmp: Path, first: int | None = None, last: int | None = None):
    """Every page (or pages first..last) as (width, height, bytes) of 8-bit grey pixels."""
    tmp.mkdir(parents=True, exist_ok=True)
    args = ["pdftoppm", "-gray", "-r", str(dpi)] + (["-f", str(first), "-l", str(last)] if first else [])
    subprocess.run(args + [str(pdf), str(tmp / "p")], check=True, capture_output=True)
    out = []
    for f in sorted(tmp.glob("p*.pgm")):
        magic, w, h, depth, pixels = f.read_bytes().split(maxsplit=4)
        assert magic == b"P5" and depth == b"255"
        out.append((int(w), int(h), pixels))
    return out


def inked_margins(pdf: Path, tmp: Path, margin: float = 5.0, dpi: int = 30) -> tuple[list[int], int]:
    """(the pages that print within `margin` mm of the paper's edge, how many pages were looked at); a pixel wholly
    inside the margin counts as ink when it is darker than near-white."""
    band = int(margin * dpi / 25.4) - 1  # whole pixels inside the margin, less one for smoothing
    pages = grey_pages(pdf, dpi, tmp)
    bad = []
    for n, (w, h, px) in enumerate(pages, start=1):
        rows = [px[y * w:(y + 1) * w] for y in range(h)]
        edge = rows[:band] + rows[h - band:] + [r[:band] + r[w - band:] for r in rows[band:h - band]]
        if min(min(r) for r in edge) < 245:
            bad.append(n)
    return bad, len(pages)
