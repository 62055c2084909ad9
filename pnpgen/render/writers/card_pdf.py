"""Card PDFs for print-on-demand shops: one PDF per deck, each card alone on a page of its trim and bleed with
TrimBox and BleedBox set, every physical card's face followed by its back."""

from __future__ import annotations

from ...draw.piece import Kit
from ..pdf import PageBoxes, write_pdf
from ..raster import piece_drawing
from .base import OutFile, Pages, WriteOptions, Writer, decks

FOLDER = "cards"


def card_pdfs(kit: Kit, options: WriteOptions) -> list[OutFile]:
    """`cards/<deck>.pdf` for every deck of the kit."""
    out = []
    for back, cards in decks(kit):
        pages, boxes = [], []
        for p in cards:
            box = PageBoxes(trim=(p.bleed, p.bleed, p.width, p.height),
                            bleed=(0.0, 0.0, p.width + 2 * p.bleed, p.height + 2 * p.bleed))
            face = piece_drawing(p.face, p.width, p.height, p.bleed)
            turned = piece_drawing(back.face, back.width, back.height, back.bleed)
            for _ in range(p.count):
                pages += [face, turned]
                boxes += [box, box]
        name = back.part_of or back.name
        data = write_pdf(pages, title=f"{options.title}: {name}", author="pnpgen", subject="card deck, one card a page",
                         boxes=boxes)
        first = cards[0]
        out.append(OutFile(f"{FOLDER}/{back.id.removeprefix('back-')}.pdf", data,
                           f"{len(pages) // 2} cards, {first.width:g} x {first.height:g} mm with {first.bleed:g} mm "
                           "bleed, face then back"))
    return out


def write(kit: Kit, _pages: Pages, options: WriteOptions) -> list[OutFile]:
    """One PDF per deck."""
    return card_pdfs(kit, options)


WRITER = Writer("card-pdf", write, owns=(f"{FOLDER}/",))
