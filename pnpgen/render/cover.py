"""The cover that opens every PDF: title, version, credits and licence, how to print, which pages each player
count needs, every component with its count and pages, how to assemble, what else to bring, what is provisional."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..draw import fonts
from ..draw.colour import tint
from ..draw.piece import CoverFacts, Kit, Piece
from ..draw.primitives import Group, Item, Rect, Style, line
from ..draw.text import TextStyle, text_box
from ..draw.units import pt
from .imposition import Area, content_area, fit_grid
from .sheet import Sheet

INK = "#222222"
ACCENT = "#1b3a5c"
KINDS = {"card": "cards", "board": "board", "area-card": "card", "player-aid": "player aid", "token": "token"}


@dataclass
class _Flow:
    """Blocks set down a column, onto a new page when one is full."""

    area: Area
    pages: list[list[Item]] = field(default_factory=lambda: [[]])
    y: float = 0.0

    def __post_init__(self):
        self.y = self.area.y0

    @property
    def width(self) -> float:
        return self.area.x1 - self.area.x0

    def room(self, h: float) -> None:
        """Start a new page unless `h` more fits on this one."""
        if self.y + h > self.area.y1 + 1e-6 and self.y > self.area.y0:
            self.pages.append([])
            self.y = self.area.y0

    def text(self, text: str, style: TextStyle, x: float = 0.0, after: float = 1.2, keep: float = 0.0) -> None:
        """A paragraph, wrapped to the column (from x); `keep` more mm must fit below it on the same page."""
        laid = text_box(text, (0, 0, self.width - x, 1e6), style)
        self.room(laid.height + keep)
        self.pages[-1].append(Group((laid.group,), (1, 0, 0, 1, self.area.x0 + x, self.y)))
        self.y += laid.height + after

    def heading(self, text: str) -> None:
        self.y += 2.0
        self.text(text, HEADING, after=1.0, keep=8.0)
        self.pages[-1].append(line(self.area.x0, self.y - 0.6, self.area.x1, self.y - 0.6,
                                   Style(stroke=tint(ACCENT, 0.5), width=0.25)))
        self.y += 0.8

    def bullets(self, items: Iterable[str], style: TextStyle | None = None) -> None:
        style = style or BODY
        for item in items:
            laid = text_box(item, (0, 0, self.width - 4.0, 1e6), style)
            self.room(laid.height)
            self.pages[-1].append(Group((text_box("•", (0, 0, 4, 5), style).group,),
                                        (1, 0, 0, 1, self.area.x0 + 0.8, self.y)))
            self.pages[-1].append(Group((laid.group,), (1, 0, 0, 1, self.area.x0 + 4.0, self.y)))
            self.y += laid.height + 1.0

    def table(self, rows: list[list[str]], shares: list[float], header: bool = True) -> None:
        """Rows of cells, the first one the header; columns share the width as given."""
        total = sum(shares)
        widths = [self.width * s / total for s in shares]
        pad = 1.0
        for k, row in enumerate(rows):
            span = len(row) == 1 and len(widths) > 1  # a row of one cell across the table: a group's name
            style = TABLE_HEAD if (header and k == 0) or span else TABLE
            cells = [self.width] if span else widths
            laid = [text_box(cell, (0, 0, w - 2 * pad, 1e6), style) for cell, w in zip(row, cells)]
            h = max(x.height for x in laid) + 2 * pad
            self.room(h + (6.0 if k == 0 or span else 0.0))
            if (header and k == 0) or span:
                self.pages[-1].append(Rect(self.area.x0, self.y, self.width, h,
                                           Style(fill=tint(ACCENT, 0.15 if k == 0 else 0.07))))
            x = self.area.x0
            for lay, w in zip(laid, cells):
                self.pages[-1].append(Group((lay.group,), (1, 0, 0, 1, x + pad, self.y + pad)))
                x += w
            self.y += h
            self.pages[-1].append(line(self.area.x0, self.y, self.area.x1, self.y,
                                       Style(stroke=tint(ACCENT, 0.4), width=0.2)))
        self.y += 1.5


TITLE = TextStyle(size=pt(24), colour=ACCENT, bold=True)
SUBTITLE = TextStyle(size=pt(10), colour=INK)
HEADING = TextStyle(size=pt(10.5), colour=ACCENT, bold=True)
BODY = TextStyle(size=pt(8), colour=INK)
SMALL = TextStyle(size=pt(7.5), colour=INK, italic=True)
TABLE = TextStyle(size=pt(7.5), colour=INK)
TABLE_HEAD = TextStyle(size=pt(7.5), colour=INK, bold=True)


EVERY_OTHER_LEAST = 6  # pages a run of every other page holds before it is written as 'first, second, … last'


def page_ranges(pages: Iterable[int]) -> str:
    """[1, 2, 3, 5] -> '1–3, 5'; a long run of every other page (a big deck's faces, its backs between them)
    -> '4, 6, … 1114', so the list stays short however many sheets a deck takes."""
    out: list[str] = []
    left = sorted(set(pages))
    k = 0
    while k < len(left):
        end = k
        while end + 1 < len(left) and left[end + 1] == left[end] + 1:
            end += 1
        if end > k:
            out.append(f"{left[k]}–{left[end]}")
            k = end + 1
            continue
        while end + 1 < len(left) and left[end + 1] == left[end] + 2 and \
                (end + 2 >= len(left) or left[end + 2] != left[end + 1] + 1):
            end += 1  # (a page that starts a run of its own is left to it)
        if end - k + 1 >= EVERY_OTHER_LEAST:
            out.append(f"{left[k]}, {left[k + 1]}, … {left[end]}")
        else:
            out += [str(n) for n in left[k:end + 1]]
        k = end + 1
    return ", ".join(out)


@dataclass(frozen=True)
class Component:
    """A line of the cover's component list: the pieces of one component in one player group."""

    name: str
    kind: str
    count: int
    group: str
    pieces: tuple[Piece, ...]


def components(kit: Kit) -> list[Component]:
    """Every printed component with its count: a deck counts its cards; an aid its copies, for every player."""
    found: dict[tuple[str, str, str], list[Piece]] = {}
    for p in kit.pieces:
        if p.count <= 0 or p.kind not in KINDS:
            continue
        found.setdefault((p.group, p.kind, p.part_of or p.name), []).append(p)
    out = []
    for (group, kind, name), pieces in found.items():
        two_sided = kind == "token" and any(p.back is not None for p in pieces)
        what = KINDS[kind] + (", two-sided" if two_sided else "")
        out.append(Component(name, what, sum(p.count for p in pieces), group, tuple(pieces)))
    return out


def _players(counts: tuple[int, ...]) -> str:
    if not counts:
        return "any number of players"
    return (", ".join(map(str, counts[:-1])) + " or " if len(counts) > 1 else "") + f"{counts[-1]} players"


def card_sheet_note(kit: Kit, sheets: list[Sheet], t) -> list[str]:
    """What a card sheet holds and why, measured from the fullest sheet of cards: how many, their gutters and
    bleed, and what full bleed would have needed inside the printer margin."""
    best = None
    for s in sheets:
        cards = [p for p in s.placed if p.piece.kind == "card"]
        if cards and (best is None or len(cards) > len(best[1])):
            best = (s, cards)
    if best is None:
        return []
    sheet, cards = best
    piece = cards[0].piece
    xs = sorted({round(p.x, 2) for p in cards})
    ys = sorted({round(p.y, 2) for p in cards})
    turned = cards[0].rotation % 180 != 0
    w, h = cards[0].w, cards[0].h
    gx = min((b - a - w for a, b in zip(xs, xs[1:])), default=0.0)
    gy = min((b - a - h for a, b in zip(ys, ys[1:])), default=0.0)
    inner = min([piece.bleed] + [g / 2 for g in (gx, gy) if g > 0])
    b = piece.bleed
    area = content_area(sheet.paper, sheet.band, t)
    aw, ah = area.x1 - area.x0, area.y1 - area.y0
    name = f"{piece.width:g} × {piece.height:g} mm"
    lines = [f"Cards ({name}): {len(cards)} to a sheet ({len(xs)} across, {len(ys)} down"
             + (", turned a quarter" if turned else "") + f"), {gx:.1f} mm apart across and {gy:.1f} mm down; "
             f"each keeps {b:g} mm of bleed on its outer edges and {inner:.1f} mm between cards."]
    if inner < b - 1e-6:
        across, down = len(xs) * (w + 2 * b), len(ys) * (h + 2 * b)
        lines.append(f"Full bleed all round would need {across:.0f} × {down:.0f} mm; the sheet has {aw:.0f} × "
                     f"{ah:.0f} mm inside the {t.margin:g} mm printer margin and the footer, so cards share less "
                     "bleed between them.")
    if turned:  # the most upright cards either placing of the footer allows
        grids = [fit_grid(piece, content_area(sheet.paper, side, t), t, turn=False) for side in ("bottom", "right")]
        upright = max((g for g in grids if g), key=lambda g: g.capacity, default=None)
        lines.append(f"Upright, only {upright.capacity} fit ({upright.cols} × {upright.rows}) with a gutter between "
                     "cards inside the margin, so they print turned." if upright else
                     "Upright, none fit inside the margin, so they print turned.")
    return lines


def cover_bodies(kit: Kit, sheets: list[Sheet], page_of: dict[str, list[int]], players_pages: dict[int, list[int]],
                 total: int, paper, t, duplex: str, band: float, double: list[int] | None = None) -> list[Group]:
    """The cover's pages (without footers): one or more, as the text needs. `double`: for a long-edge kit whose
    single-sided sheets print apart, the pages to print double-sided."""
    facts = kit.cover
    area = Area(t.margin + 4.0, t.margin + 4.0, paper.width - t.margin - 4.0,
                paper.height - t.margin - band - 3.0, (0, 0, 0, 0))
    f = _Flow(area)
    f.text(kit.title, TITLE, after=1.5)
    who = _players(facts.players if facts else ())
    name = "A4" if paper.name == "a4" else "US Letter"
    f.text(f"Print-and-play kit  ·  version {kit.version}  ·  {name}  ·  {who}  ·  {ink_mode(facts)}", SUBTITLE,
           after=2.0)
    if facts:
        for c in facts.credits:
            f.text(c, BODY, after=0.6)
        if facts.licence:
            f.y += 0.8
            f.text(facts.licence, SMALL, after=1.0)

    f.heading("Printing")
    how = {"long-edge": _two_sided(double, total),
           "fold": "Print single-sided. A sheet with faces above a dashed line and backs below it is folded along "
                   "the line and glued before cutting.",
           "none": "Print single-sided: cards print without backs."}[duplex]
    f.bullets(["Print at 100 % (\"actual size\"), never \"fit to page\": the bars at the foot of every page must "
               "measure 50 mm and 2 in.", how,
               f"Nothing is printed within {t.margin:g} mm of the paper's edge, where home printers leave paper bare."]
              + card_sheet_note(kit, sheets, t))

    counts = facts.players if facts else ()
    if counts:
        f.heading("Pages to print")
        rows = [["Players", "Pages"]]
        for n in counts:
            got = players_pages.get(n, [])
            rows.append([f"{n} players", page_ranges(got) + ("  (all)" if len(got) == total else "")])
        f.table(rows, [1, 4])

    if facts and facts.also_needed:
        f.heading("You will also need")
        f.bullets(what + (f"  ({_players(c)} only)" if c != facts.players else "") for what, c in facts.also_needed)

    f.heading("Assembly")
    f.bullets(assembly(kit, sheets, duplex))

    f.heading("Components")
    groups = dict(facts.groups) if facts else {"": ()}
    rows: list[list[str]] = [["Component", "What", "Count", "Pages"]]
    for group, used in groups.items():
        mine = [c for c in components(kit) if c.group == group]
        if not mine:
            continue
        if len(groups) > 1:  # a row naming the group and who plays with it
            rows.append([(group or kit.title) + f": {_players(used)}" + ("" if group else " (every game)")])
        for comp in mine:
            pages = sorted({n for p in comp.pieces for n in page_of.get(p.id, [])})
            rows.append([comp.name, comp.kind, str(comp.count), page_ranges(pages)])
    f.table(rows, [5, 2.2, 1, 2])

    if facts and facts.provisional:
        f.heading("Provisional values")
        f.text("Not final yet: the designer may still change these. Printed pieces that hold one carry PROVISIONAL "
               "across them and say \"provisional\" beside the version.", SMALL)
        f.table([["What", "Why"]] + [[what, why] for what, why in facts.provisional], [2, 5])
    return [Group(tuple(items), label="cover") for items in f.pages]


def _two_sided(double: list[int] | None, total: int) -> str:
    """How to print a long-edge kit: the whole file double-sided, or its double-sided pages apart from the rest."""
    if double is None:
        return ("Print the whole file double-sided, flipping on the long edge: each sheet's backs are on the page "
                "after it (a blank back keeps the next sheet on the front).")
    if not double:
        return "Print single-sided: nothing in this kit has a back."
    single = [n for n in range(1, total + 1) if n not in set(double)]
    return (f"Print pages {page_ranges(double)} double-sided, flipping on the long edge: each sheet's backs are on "
            f"the page after it. Print pages {page_ranges(single)} single-sided: nothing is printed on their backs "
            "(--blank-backs makes a file to print double-sided whole, with blank backs).")


def ink_mode(facts: CoverFacts | None) -> str:
    """Which kit the cover opens: full colour, or the low-ink kit for a home printer."""
    return "low ink" if facts is not None and facts.ink_saver else "full colour"


def assembly(kit: Kit, sheets: list[Sheet], duplex: str) -> list[str]:
    """The assembly steps the kit needs, from the pieces it holds."""
    kinds = {p.kind for p in kit.pieces if p.count > 0}
    steps = []
    if kinds & {"card", "area-card", "player-aid"}:
        steps.append("Cards and other rectangles: cut along the lines joining the crop marks on opposite sides. "
                     "Marks stop 1 mm short of the card; lay a ruler on them to extend the cut.")
    if "token" in kinds:
        steps.append("Tokens: cut along their outlines.")
    folded = sorted({q.piece.name for s in sheets for q in s.placed if q.piece.folded})
    if any(q.piece.back is not None and q.piece.kind == "token" for s in sheets for q in s.placed) or \
            (not sheets and any(p.back is not None and p.kind == "token" for p in kit.pieces if p.count > 0)):
        steps.append({"long-edge": "Two-sided tokens: their backs print on the back of the same sheet; cut "
                                   "them out once the sheet is printed on both sides.",
                      "fold": "Two-sided tokens: fold their sheet along the dashed line, glue the halves "
                              "together, then cut the tokens out.",
                      "none": "Two-sided tokens: this kit was built without backs (--duplex none); rebuild with "
                              "--duplex long-edge or fold to print them."}[duplex])
    if folded:
        steps.append(f"{', '.join(folded)}: face and back print side by side on a single-sided sheet; fold "
                     "along the dashed line between them, glue, then cut along the outline.")
    for name, tiles, scale in _boards(sheets):
        size = f" at {scale:.0%} of full size" if scale < 0.995 else ""
        if tiles > 1:
            steps.append(f"{name} prints on {tiles} tiles{size}: trim each tile marked \"cut here\" along its "
                         "dashed line (it follows the edges of the spaces, never through one) and lay it over "
                         "the tile it names, so the spaces run on and its targets sit on the targets beneath "
                         "(hold the pair up to a window to check); tape from behind.")
        elif size:
            steps.append(f"{name} prints{size} to fit one page.")
    return steps


def _boards(sheets: list[Sheet]) -> list[tuple[str, int, float]]:
    """(name, tiles, scale) of every board on the sheets."""
    found: dict[str, list] = {}
    for s in sheets:
        for p in s.placed:
            if p.piece.kind == "board":
                found.setdefault(p.piece.name, [0, p.scale])[0] += 1
    return [(name, n, scale) for name, (n, scale) in found.items()]


def text_width(text: str, style: TextStyle) -> float:
    """How wide a line of text prints."""
    return fonts.width(text, style.size, style.face())
