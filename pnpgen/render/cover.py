"""The two pages that open every PDF. The cover, for players: the title, who plays and for how long, which version
of the kit this is (full colour or low ink), a picture of the components, what the kit holds (with counts and
pages), credits and licence. Then the printing instructions, in a home printer's words: how to print, which pages
each player count needs, the rulebook's files, how to cut and put the pieces together, what is provisional."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ..draw import fonts
from ..draw.colour import tint
from ..draw.piece import CoverFacts, Kit, Piece
from ..draw.primitives import Group, Item, Rect, Style, line, place
from ..draw.text import TextStyle, text_box
from ..draw.units import pt
from .imposition import Area, content_area, fit_grid
from .sheet import Sheet

INK = "#222222"
ACCENT = "#1b3a5c"
GREY = "#666666"
KINDS = {"card": "cards", "board": "board", "area-card": "card", "player-aid": "player aid", "token": "token"}


@dataclass
class _Flow:
    """Blocks set down a column, onto a new page when one is full; type sizes times `k`."""

    area: Area
    k: float = 1.0
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
        self.y += laid.height + after * self.k

    def heading(self, text: str) -> None:
        self.y += 2.0 * self.k
        self.text(text, _style(HEADING, self.k), after=1.0, keep=8.0 * self.k)
        self.pages[-1].append(line(self.area.x0, self.y - 0.6, self.area.x1, self.y - 0.6,
                                   Style(stroke=tint(ACCENT, 0.5), width=0.25)))
        self.y += 0.8 * self.k

    def picture(self, drawing: Group) -> None:
        """A drawing as wide as the column (its clip says how tall)."""
        h = drawing.clip.h if isinstance(drawing.clip, Rect) else 0.0
        self.room(h)
        self.pages[-1].append(Group((drawing,), (1, 0, 0, 1, self.area.x0, self.y)))
        self.y += h + 3.0 * self.k

    def bullets(self, items: Iterable[str], style: TextStyle | None = None) -> None:
        style = style or _style(BODY, self.k)
        for item in items:
            laid = text_box(item, (0, 0, self.width - 4.0, 1e6), style)
            self.room(laid.height)
            self.pages[-1].append(Group((text_box("•", (0, 0, 4, 5), style).group,),
                                        (1, 0, 0, 1, self.area.x0 + 0.8, self.y)))
            self.pages[-1].append(Group((laid.group,), (1, 0, 0, 1, self.area.x0 + 4.0, self.y)))
            self.y += laid.height + 1.0 * self.k

    def table(self, rows: list[list[str]], shares: list[float], header: bool = True) -> None:
        """Rows of cells, the first one the header; columns share the width as given."""
        total = sum(shares)
        widths = [self.width * s / total for s in shares]
        pad = 1.0 * self.k
        for n, row in enumerate(rows):
            span = len(row) == 1 and len(widths) > 1  # a row of one cell across the table: a group's name
            style = _style(TABLE_HEAD if (header and n == 0) or span else TABLE, self.k)
            cells = [self.width] if span else widths
            laid = [text_box(cell, (0, 0, w - 2 * pad, 1e6), style) for cell, w in zip(row, cells)]
            h = max(x.height for x in laid) + 2 * pad
            self.room(h + (6.0 if n == 0 or span else 0.0))
            if (header and n == 0) or span:
                self.pages[-1].append(Rect(self.area.x0, self.y, self.width, h,
                                           Style(fill=tint(ACCENT, 0.15 if n == 0 else 0.07))))
            x = self.area.x0
            for lay, w in zip(laid, cells):
                self.pages[-1].append(Group((lay.group,), (1, 0, 0, 1, x + pad, self.y + pad)))
                x += w
            self.y += h
            self.pages[-1].append(line(self.area.x0, self.y, self.area.x1, self.y,
                                       Style(stroke=tint(ACCENT, 0.4), width=0.2)))
        self.y += 1.5 * self.k

    def listing(self, entries: list) -> None:
        """The kit's contents in two columns: a count, a name, its pages (a string alone: a group's line, across
        its column in bold)."""
        gap = 6.0 * self.k
        col = (self.width - gap) / 2
        style, bold, pages = _style(TABLE, self.k), _style(TABLE_HEAD, self.k), _style(TABLE, self.k, colour=GREY)
        count_w, pages_w = 7.0 * self.k, 17.0 * self.k
        laid = []
        for e in entries:
            if isinstance(e, str):
                laid.append((None, text_box(e, (0, 0, col, 1e6), bold), None))
            else:
                laid.append((text_box(e[0], (0, 0, count_w - 1.0, 1e6), replace(style, align="right")),
                             text_box(e[1], (0, 0, col - count_w - pages_w - 1.0, 1e6), style),
                             text_box(e[2], (0, 0, pages_w, 1e6), replace(pages, align="right"))))
        heights = [max(x.height for x in row if x is not None) + 0.9 * self.k for row in laid]
        half, split = sum(heights) / 2, len(laid)
        run = 0.0
        for n, h in enumerate(heights):
            if run + h / 2 > half:
                split = n
                break
            run += h
        if split < len(laid) and laid[split][0] is not None and split > 0 and laid[split - 1][0] is None:
            split -= 1  # (a group's line stays with its first component)
        columns = [(laid[:split], heights[:split]), (laid[split:], heights[split:])]
        tallest = max(sum(h) for _rows, h in columns)
        self.room(tallest)
        for c, (rows, hs) in enumerate(columns):
            x, y = self.area.x0 + c * (col + gap), self.y
            for (count, name, where), h in zip(rows, hs):
                if count is None:
                    self.pages[-1].append(Group((name.group,), (1, 0, 0, 1, x, y + 0.4 * self.k)))
                else:
                    self.pages[-1].append(Group((count.group,), (1, 0, 0, 1, x, y)))
                    self.pages[-1].append(Group((name.group,), (1, 0, 0, 1, x + count_w, y)))
                    self.pages[-1].append(Group((where.group,), (1, 0, 0, 1, x + col - pages_w, y)))
                y += h
        self.y += tallest + 1.5 * self.k


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
    lines = [f"Cards ({name}) print {len(cards)} to a sheet, {len(xs)} across and {len(ys)} down"
             + (", lying on their sides" if turned else "") + f". The colour runs {b:g} mm past the outer edges of "
             "the cards, so that a cut a little off shows no white edge."]
    if inner < b - 1e-6:
        across, down = len(xs) * (w + 2 * b), len(ys) * (h + 2 * b)
        lines.append(f"Between cards it runs {inner:.1f} mm: the full {b:g} mm all round would need {across:.0f} × "
                     f"{down:.0f} mm, and the sheet has {aw:.0f} × {ah:.0f} mm inside its blank edge and the footer.")
    if turned:  # the most upright cards either placing of the footer allows
        grids = [fit_grid(piece, content_area(sheet.paper, side, t), t, turn=False) for side in ("bottom", "right")]
        upright = max((g for g in grids if g), key=lambda g: g.capacity, default=None)
        lines.append(f"Standing upright only {upright.capacity} would fit ({upright.cols} × {upright.rows}), so they "
                     "lie on their sides." if upright else "Standing upright none would fit, so they lie on their "
                     "sides.")
    return lines


def cover_bodies(kit: Kit, sheets: list[Sheet], page_of: dict[str, list[int]], players_pages: dict[int, list[int]],
                 total: int, paper, t, duplex: str, band: float, double: list[int] | None = None) -> list[Group]:
    """The cover's pages (without footers): the cover itself, for players (title, a picture of the components, who
    plays and for how long, which version of the kit this is, what the kit holds), then the printing instructions
    on a page of their own. Each is set in the largest type that fits it on one page. `double`: for a long-edge
    kit whose single-sided sheets print apart, the pages to print double-sided."""
    area = Area(t["margin"] + 4.0, t["margin"] + 4.0, paper.width - t["margin"] - 4.0,
                paper.height - t["margin"] - band - 3.0, (0, 0, 0, 0))
    front = _fitted(lambda k: _front(kit, page_of, area, k, paper.name), "cover")
    printing = _fitted(lambda k: _printing(kit, sheets, players_pages, total, paper, t, duplex, double, area, k),
                       "printing")
    return front + printing


FIT_SCALES = (1.0, 0.94, 0.88, 0.83, 0.78, 0.74)  # type sizes tried, largest first, until a page's text fits it


def _fitted(make, label: str) -> list[Group]:
    """The pages a part of the cover takes at the largest scale that fits it on one page (more pages only when
    even the smallest does not)."""
    for k in FIT_SCALES:
        f = make(k)
        if len(f.pages) == 1:
            break
    return [Group(tuple(items), label=label if n == 0 else f"{label} (continued)") for n, items in enumerate(f.pages)]


def _style(base: TextStyle, k: float, **over) -> TextStyle:
    return replace(base, size=base.size * k, **over)


def _front(kit: Kit, page_of: dict[str, list[int]], area: Area, k: float, paper: str = "a4") -> _Flow:
    """The cover for players."""
    facts = kit.cover
    f = _Flow(area, k)
    f.text(kit.title, _style(TITLE, 1.0 if k > 0.8 else 0.9, display=True), after=1.2)
    counts = facts.players if facts else ()
    who = f"A print-and-play game for {_players(counts)}" + \
        (f"  ·  {facts.playing_time}" if facts and facts.playing_time else "")
    f.text(who, _style(SUBTITLE, k * 1.15, bold=True), after=1.0)
    f.text(f"{ink_line(facts)}  ·  version {kit.version}", _style(SMALL, k), after=3.0)
    f.picture(collage(kit, f.width, 62.0 * k))
    if facts:
        for c in facts.credits:
            f.text(c, _style(BODY, k), after=0.6)
    f.heading("What is in the kit")
    f.listing(kit_contents(kit, page_of))
    if facts and facts.rules:
        r = next((r for r in facts.rules if r.paper == paper), facts.rules[0])
        f.text(f"The rules come in files of their own: {r.name} ({r.pages} pages) and, to fold into a booklet, "
               f"{r.booklet} ({r.sheets} sheet{'s' * (r.sheets != 1)}).", _style(BODY, k), after=1.0)
    if facts and facts.also_needed:
        f.heading("You will also need")
        f.bullets(what + (f"  ({_players(c)} only)" if c != facts.players else "") for what, c in facts.also_needed)
    if facts and facts.licence:
        f.y += 1.0
        f.text(facts.licence, _style(SMALL, k), after=1.0)
    return f


def _printing(kit: Kit, sheets: list[Sheet], players_pages: dict[int, list[int]], total: int, paper, t, duplex: str,
              double: list[int] | None, area: Area, k: float) -> _Flow:
    """How to print, cut and put together the kit, in a home printer's words."""
    facts = kit.cover
    f = _Flow(area, k)
    f.text("How to print this kit", _style(TITLE, 0.62 * k, display=True), after=2.0)
    how = {"long-edge": _two_sided(double, total),
           "fold": "Print single-sided. A sheet with faces above a dashed line and backs below it is folded along "
                   "the line and glued before cutting.",
           "none": "Print single-sided: cards print without backs."}[duplex]
    name = "A4" if paper.name == "a4" else "US Letter"
    f.bullets([f"This file is for {name} paper. In the print window choose \"Actual size\" (or 100 %), never "
               "\"Fit to page\": the bars at the foot of every page must then measure 50 mm and 2 in.", how,
               f"Nothing is printed within {t['margin']:g} mm of the paper's edge, where home printers leave paper "
               "bare."]
              + card_sheet_note(kit, sheets, t))
    counts = facts.players if facts else ()
    if counts:
        f.heading("Pages to print")
        rows = [["Players", "Pages"]]
        for n in counts:
            got = players_pages.get(n, [])
            rows.append([f"{n} players", page_ranges(got) + ("  (all)" if len(got) == total else "")])
        f.table(rows, [1, 4])
    if facts and facts.rules:
        f.heading("The rules")
        mine = next((r for r in facts.rules if r.paper == paper.name), facts.rules[0])
        f.bullets([f"{mine.name}: {mine.pages} pages to print single- or double-sided, like any document.",
                   f"{mine.booklet}: the same rules as a booklet. Print it double-sided, flipping on the short edge "
                   f"({mine.sheets} sheet{'s' * (mine.sheets != 1)}); keep the sheets in order, fold the stack in "
                   "half and staple it along the fold."])
    f.heading("Cutting and putting together")
    f.bullets(assembly(kit, sheets, duplex))
    if facts and facts.provisional:
        f.heading("Provisional values")
        f.text("Not final yet: the designer may still change these. Printed pieces that hold one carry PROVISIONAL "
               "across them and say \"provisional\" beside the version.", _style(SMALL, k))
        f.table([["What", "Why"]] + [[what, why] for what, why in facts.provisional], [2, 5])
    return f


def kit_contents(kit: Kit, page_of: dict[str, list[int]]) -> list[tuple[str, str, str] | str]:
    """What the kit holds, as the cover lists it: (count, component and what it is, pages), and before the
    components of a player count of their own, a line naming it."""
    facts = kit.cover
    groups = dict(facts.groups) if facts else {"": ()}
    out: list[tuple[str, str, str] | str] = []
    listed = components(kit)
    for group, used in groups.items():
        mine = [c for c in listed if c.group == group]
        if not mine:
            continue
        if len(groups) > 1:
            out.append(f"{group or kit.title}: {_players(used)}" + ("" if group else " (every game)"))
        for comp in mine:
            pages = sorted({n for p in comp.pieces for n in page_of.get(p.id, [])})
            out.append((str(comp.count), f"{comp.name} ({comp.kind})", page_ranges(pages)))
    return out


def collage(kit: Kit, width: float, height: float) -> Group:
    """A picture of the components as printed, `width` by `height` mm: the board on the left, a fan of card faces
    and a few tokens beside it, each piece cut to its trim and the whole cut to the box."""
    items: list[Item] = []
    shown = [p for p in kit.pieces if p.count > 0 and not p.copy_of]
    board = next((p for p in shown if p.kind == "board"), None)
    x = 0.0
    if board is not None:
        factor = min(height / board.height, width * 0.42 / board.width)
        items.append(_drawn(board, x, (height - board.height * factor) / 2, factor))
        x += board.width * factor + 6.0
    cards: list[Piece] = []
    for p in shown:  # a face from each deck of the game's own, then more faces of other names
        if p.kind == "card" and not p.group and len(cards) < 4 and all(c.part_of != p.part_of for c in cards):
            cards.append(p)
    for p in shown:
        if p.kind == "card" and len(cards) < 4 and all(c.name.split()[0] != p.name.split()[0] for c in cards):
            cards.append(p)
    cards += [p for p in shown if p.kind in ("area-card", "player-aid")][:5 - len(cards)]
    kinds: dict[str, Piece] = {}
    for p in shown:  # a token of each kind (the last word of its name: marker, crew, token ...)
        if p.kind == "token":
            kinds.setdefault(p.name.split()[-1], p)
    tokens = list(kinds.values())[:3]
    room = width - x
    if cards:
        card_h = height * 0.86
        factor = min(card_h / max(c.height for c in cards), room / (max(c.width for c in cards) * 2.4))
        wide = max(c.width for c in cards) * factor
        step = min((room - wide - 4.0) / max(len(cards) - 1, 1), wide * 0.8)
        for n, c in enumerate(cards):
            angle = (n - (len(cards) - 1) / 2) * 4.0
            items.append(_drawn(c, x + n * step + 3.0, 2.0 + max(angle, 0.0) * 0.1 + abs(angle) * 0.25, factor,
                                angle))
    if tokens:
        size = min(height * 0.24, 14.0)
        tx = width - size * len(tokens) * 1.15
        for n, tk in enumerate(tokens):
            factor = size / max(tk.width, tk.height)
            items.append(_drawn(tk, tx + n * size * 1.15, height - tk.height * factor - 0.6, factor, outline=False))
    return Group(tuple(items), clip=Rect(0, 0, width, height, Style()), label="picture of the components")


def _drawn(p: Piece, x: float, y: float, factor: float, degrees: float = 0.0, outline: bool = True) -> Group:
    """A piece's face inside its trim, scaled and turned, with a thin edge where it is cut along crop marks."""
    trim = Rect(0, 0, p.width, p.height, Style())
    parts: list[Item] = [Group((p.face,), clip=trim)]
    if outline and p.cut == "marks":
        parts.append(Rect(0, 0, p.width, p.height, Style(stroke="#777777", width=0.3 / factor)))
    return place(Group(tuple(parts)), x, y, degrees, factor)


def _two_sided(double: list[int] | None, total: int) -> str:
    """How to print a long-edge kit: the whole file double-sided, or its double-sided pages apart from the rest."""
    if double is None:
        return ("Print the whole file double-sided, flipping on the long edge: each sheet's backs are on the page "
                "after it (a blank back keeps the next sheet on the front).")
    if not double:
        return "Print single-sided: nothing in this kit has a back."
    single = [n for n in range(1, total + 1) if n not in set(double)]
    return (f"Print pages {page_ranges(double)} double-sided, flipping on the long edge: each sheet's backs are on "
            f"the page after it. Print pages {page_ranges(single)} single-sided: nothing is printed on their backs.")


def ink_line(facts: CoverFacts | None) -> str:
    """Which version of the kit the cover opens, in a player's words: full colour, or the low-ink version."""
    if facts is not None and facts.ink_saver:
        return "This copy: low ink (pale backs and outlines, for a printer short of ink)"
    return "This copy: full colour"


def ink_mode(facts: CoverFacts | None) -> str:
    """Which kit the cover opens, in a word or two: full colour, or low ink."""
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
                      "none": "Two-sided tokens: this file prints their fronts only (it has no backs)."}[duplex])
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
