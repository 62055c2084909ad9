"""The 9-card contest sheet: the kit's nine cards on one page of each paper, then their backs, with crop marks;
the bleed between them gives way (cards butt where the page has no room for gutters). Where the page has no room
for crop marks above and below (poker cards on Letter within a 5 mm printer margin), the cards butt in a 3 x 3
block with what bleed the margin leaves, marks at the sides and thin cut lines along every trim."""

from __future__ import annotations

from dataclasses import replace

from ...draw.piece import Kit
from ...draw.primitives import Group, Style, line
from ...errors import PnpgenError
from ..imposition import Area, fill_sheets, grid_marks, limit_marks
from ..pages import build_pages
from ..paper import paper
from ..pdf import write_pdf
from ..sheet import Placed, Sheet
from .base import OutFile, Pages, WriteOptions, Writer, decks

BLEEDS = (3.0, 2.0, 1.0)  # mm tried in turn, from the cards' own, until nine fit one sheet with gutters and marks


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
            tried = fill_sheets([replace(p, bleed=bleed) for p in cards], paper(name), options.sheet, "9 cards")
            if len(tried) == 1:
                sheets = tried
                break
        if sheets is None:
            sheets = [butted_sheet(cards, name, options.sheet)]
        pages = build_pages(sheets, options.sheet, options.title, "", options.duplex, options.back_offset)
        hint = "DuplexFlipLongEdge" if options.duplex == "long-edge" and len(pages) > 1 else None
        data = write_pdf([p.drawing for p in pages], title=f"{options.title}: 9 cards", author="pnpgen",
                         subject=f"9-card contest sheet, {name}", duplex=hint)
        used = sheets[0].placed[0].piece.bleed
        how = "butted, with cut lines" if sheets[0].extras else "with crop marks"
        out.append(OutFile(f"{gid}-9card-{name}.pdf", data,
                           f"{len(pages)} pages, {name}, 9 cards with {used:g} mm bleed, {how}"))
    return out


def butted_sheet(cards, name: str, t) -> Sheet:
    """Nine cards butted in a 3 x 3 block, centred in the room the footer band leaves (at the bottom or the
    right, whichever leaves more); the outer bleed is what the printer margin leaves (at most the cards' own);
    crop marks where they fit, cut lines along every trim."""
    pieces = [p for p in cards for _ in range(p.count)]
    w, h = pieces[0].width, pieces[0].height
    page = paper(name)
    pm = t["printer_margin"]
    band = t["band"] + t["band_gap"]
    places = {"right": ((page.width - 3 * w - band) / 2, (page.height - 3 * h) / 2),
              "bottom": ((page.width - 3 * w) / 2, (page.height - 3 * h - band) / 2)}
    side = max(places, key=lambda k: min(places[k]))
    x0, y0 = places[side]
    room = min(x0, y0) - pm
    if room < 0:
        raise PnpgenError(f"nine {w:g} x {h:g} mm cards do not fit one {name} sheet within a {pm:g} mm printer "
                          "margin; try --paper a4 or a smaller --printer-margin")
    b = min(pieces[0].bleed, room)
    placed = []
    for k, p in enumerate(pieces):
        r, c = divmod(k, 3)
        x, y = x0 + c * w, y0 + r * h
        left, right = (b if c == 0 else 0.0), (b if c == 2 else 0.0)
        top, bottom = (b if r == 0 else 0.0), (b if r == 2 else 0.0)
        placed.append(Placed(replace(p, bleed=b), x, y, 0, (x - left, y - top, w + left + right, h + top + bottom)))
    x1 = page.width - pm - (band if side == "right" else 0.0)
    y1 = page.height - pm - (band if side == "bottom" else 0.0)
    area = Area(pm, pm, x1, y1, (pm, pm, x1, y1))
    hair = Style(stroke="#808080", width=0.1)
    cuts = [line(x0 + i * w, y0, x0 + i * w, y0 + 3 * h, hair) for i in range(4)] + \
        [line(x0, y0 + i * h, x0 + 3 * w, y0 + i * h, hair) for i in range(4)]
    return Sheet(page, side, "9 cards", placed, limit_marks(grid_marks(placed, t), area),
                 [Group(tuple(cuts), label="cut lines")])


def write(kit: Kit, _pages: Pages, options: WriteOptions) -> list[OutFile]:
    """The nine-card sheet on each paper."""
    return nine_card_pdfs(kit, options, kit.game_id)


WRITER = Writer("nine-card", write)
