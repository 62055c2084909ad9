"""The 9-card contest sheet: the kit's nine cards on one page of each paper, then their backs, with crop marks;
the bleed between them gives way (cards butt where the page has no room for gutters)."""

from __future__ import annotations

from dataclasses import replace

from ...draw.piece import Kit
from ...errors import PnpgenError
from ..imposition import card_sheets
from ..pages import build_pages
from ..paper import paper
from ..pdf import write_pdf
from .base import OutFile, Pages, WriteOptions, Writer, decks

BLEEDS = (3.0, 2.0, 1.0, 0.0)  # mm tried in turn, from the cards' own, until nine fit one sheet


def nine_card_pdfs(kit: Kit, options: WriteOptions, gid: str) -> list[OutFile]:
    """`<game>-9card-<paper>.pdf`: one sheet of nine cards (and a sheet of their backs) for each paper."""
    cards = [p for _, deck in decks(kit) for p in deck]
    total = sum(p.count for p in cards)
    if total != 9:
        raise PnpgenError(f"the 9-card sheet takes exactly 9 cards; this kit has {total}")
    out = []
    for name in options.papers:
        sheets = None
        for bleed in [b for b in (cards[0].bleed, *BLEEDS) if b <= cards[0].bleed]:
            tried = card_sheets([replace(p, bleed=bleed) for p in cards], paper(name), options.sheet, "9 cards")
            if len(tried) == 1:
                sheets = tried
                break
        if sheets is None:
            raise PnpgenError(f"nine {cards[0].width:g} x {cards[0].height:g} mm cards do not fit one {name} sheet "
                              f"within a {options.sheet.printer_margin:g} mm printer margin; try --paper a4 or a "
                              "smaller --printer-margin")
        pages = build_pages(sheets, options.sheet, options.title, "", options.duplex, options.back_offset)
        hint = "DuplexFlipLongEdge" if options.duplex == "long-edge" and len(pages) > 1 else None
        data = write_pdf([p.drawing for p in pages], title=f"{options.title}: 9 cards", author="pnpgen",
                         subject=f"9-card contest sheet, {name}", duplex=hint)
        used = sheets[0].placed[0].piece.bleed
        out.append(OutFile(f"{gid}-9card-{name}.pdf", data,
                           f"{len(pages)} pages, {name}, 9 cards with {used:g} mm bleed"))
    return out


def write(kit: Kit, _pages: Pages, options: WriteOptions) -> list[OutFile]:
    """The nine-card sheet on each paper."""
    return nine_card_pdfs(kit, options, kit.game_id)


WRITER = Writer("nine-card", "the 9-card contest sheet: nine cards on one page, then their backs", write,
                owns=())
