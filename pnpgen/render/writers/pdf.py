"""PDF print sheets: each paper's imposed pages as `<game>-<paper>.pdf`, or `<game>-<paper>-low-ink.pdf` for the
low-ink kit (fonts embedded, a duplex hint)."""

from __future__ import annotations

from ...draw.piece import Kit
from ..pdf import write_pdf
from .base import OutFile, Pages, WriteOptions, Writer


def kit_pdf_name(game_id: str, paper: str, low_ink: bool = False) -> str:
    """The full kit's PDF for one paper: `<game>-<paper>.pdf`, `<game>-<paper>-low-ink.pdf` for the low-ink kit."""
    return f"{game_id}-{paper}{'-low-ink' if low_ink else ''}.pdf"


def write(kit: Kit, pages: Pages, options: WriteOptions) -> list[OutFile]:
    """One PDF per paper, from the pages the build imposed."""
    out = []
    for n, name in enumerate(options.papers):
        paper_pages = pages[name]
        hint = "DuplexFlipLongEdge" if options.duplex == "long-edge" and any(
            p.role == "back" for p in paper_pages) else None
        path = kit_pdf_name(kit.game_id, name, options.low_ink)
        options.tick(f"render {path}", n, len(options.papers))
        data = write_pdf([p.drawing for p in paper_pages], title=f"{kit.title} {kit.version}", author="pnpgen",
                         subject=f"print-and-play kit, {name}", duplex=hint)
        note = f"{len(paper_pages)} pages, {name}, {'low ink' if options.low_ink else 'full colour'}, " \
            f"duplex {options.duplex}" + \
            (f", {kit.players} players" if kit.players else "")
        out.append(OutFile(path, data, note))
    return out


WRITER = Writer("pdf", write, needs_pages=True)
