"""A pack's rulebook laid out for print: numbered sections flowed down two columns on A4 and Letter (one on the
booklet's half-sheet pages), a title and contents list on the first page, figures the engine draws, page numbers in
the footer; in the kit's fonts and its player aid's colours. The booklet's pages are imposed by render/booklet.py."""

from __future__ import annotations

from dataclasses import dataclass

from ...draw import fonts
from ...draw.colour import tint
from ...draw.piece import Kit
from ...draw.primitives import Drawing, Group, Item, Rect, Style, line, place
from ...draw.templates import P, Tmpl, text_spec
from ...draw.text import text_box
from ...errors import Problems
from ...model import Game
from ...model.rulebook import Figure, Heading, ListBlock, Paragraph, Rule, TableBlock
from ...render.paper import paper
from ..aids import SPEC as AID_SPEC
from ..context import Ctx
from .flow import Frame, Placed, Unit, flow, page_items
from .units import Styles, Units

SPEC = {
    "accent": P("colour", None, doc="headings' and rules' colour (default: the game's first suit's)"),
    "ink": P("colour", None, doc="the text colour (default: near black)"),
    "margin": P("length", "14mm", min=5, max=40, doc="the page margin"),
    "booklet_margin": P("length", "11mm", min=5, max=40, doc="the page margin of the folded booklet"),
    "columns": P("int", 2, min=1, max=3, doc="text columns a page"),
    "column_gap": P("length", "7mm", min=2, max=30, doc="the space between columns"),
    "title": text_spec("26pt", bold=True, display=True), "heading1": text_spec("14pt", bold=True, display=True),
    "heading2": text_spec("11pt", bold=True), "heading3": text_spec("9.5pt", bold=True),
    "body": text_spec("9.5pt", leading=1.3), "table": text_spec("8.5pt"), "caption": text_spec("8pt", italic=True),
    "footer": text_spec("7.5pt"),
    "booklet_scale": P("number", 0.92, min=0.5, max=1.5, doc="the booklet's type sizes as a share of the page's"),
    "cell_pad": P("length", "1.2mm", min=0, max=10, doc="the room inside a table's cell"),
    "write_row": P("length", "7mm", min=2, max=30, doc="the height of a blank row to write in"),
    "card_width": P("length", "30mm", min=10, max=120, doc="a card shown in the text: at most this wide"),
    "figure_height": P("length", "105mm", min=30, max=250, doc="a figure: at most this tall"),
}
FOOTER_GAP = 4.0  # mm between the flow's last line and the footer's rule


@dataclass(frozen=True)
class RulesPage:
    """A page of the rulebook: its drawing, its label ('Rules: 7.2 Cannon') and the sections that start on it."""

    drawing: Drawing
    label: str
    sections: tuple[str, ...]
    role: str = "rules"
    trims: tuple = ()
    marks: tuple = ()
    band: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


def booklet_page_size(paper_name: str) -> tuple[float, float]:
    """A booklet page: half the sheet it is imposed on (A5 on A4, half-Letter on Letter)."""
    p = paper(paper_name)
    return p.height / 2, p.width


def rulebook_pages(game: Game, kit: Kit | None, paper_name: str, booklet: bool = False,
                   problems: Problems | None = None, ink_saver: bool = False) -> list[RulesPage]:
    """The rulebook's pages on a paper (A4 or Letter), or the booklet's pages for that paper (unpadded, in reading
    order); [] for a game without a rulebook. Problems (a template that does not read, a figure that cannot be
    drawn, a unit taller than a page) go to `problems`."""
    if game.rulebook is None:
        return []
    problems = problems if problems is not None else Problems()
    ctx = Ctx.make(game, ink_saver, problems)
    with fonts.using(fonts.for_game(game)):
        return _Layout(ctx, game, kit, paper_name, booklet).pages()


class _Layout:
    def __init__(self, ctx: Ctx, game: Game, kit: Kit | None, paper_name: str, booklet: bool):
        self.ctx, self.game, self.kit, self.booklet = ctx, game, kit, booklet
        t = ctx.templates.get("rulebook", "rulebook", SPEC, game.loc)
        aid = ctx.templates.get("player-aid", "player-aid", AID_SPEC, game.loc)
        accent, ink = t["accent"] or aid["accent"], t["ink"] or aid["ink"]
        if ctx.theme.ink_saver:
            accent = ctx.theme.line(accent)
        self.t = t
        self.styles = Styles(t, ink, accent, t["booklet_scale"] if booklet else 1.0)
        if booklet:
            self.size = booklet_page_size(paper_name)
            self.margin, columns = t["booklet_margin"], 1
        else:
            p = paper(paper_name)
            self.size = (p.width, p.height)
            self.margin, columns = t["margin"], t["columns"]
        w, h = self.size
        footer = self.styles.text("footer").size * 1.6
        self.frame = Frame(self.margin, self.margin, w - 2 * self.margin, h - self.margin - footer - FOOTER_GAP,
                           columns, t["column_gap"])
        self.pictures: dict = {}  # the game played (a variant's too) -> its Pictures

    # -- figures the engine draws -----------------------------------------------------------------------------
    def figure(self, f: Figure, width: float):
        if f.kind == "picture":
            from ...model.images import ImageRef

            ref = ImageRef(f.ref, f.path, f.ref_loc)
            picture = self.ctx.picture(ref, "rulebook")
            if picture is None:
                return None
            pw, ph = picture.size
            w = min(width, self.t["figure_height"] * pw / ph)
            h = w * ph / pw
            return self.ctx.art(ref, "rulebook", (0, 0, w, h)), w, h
        from ...engine.api import engine_for
        from ...engine.positions import figure_state
        from ..scene import Pictures

        engine = engine_for(self.game)
        if engine is None:
            return None
        state = figure_state(engine, self.game, f.path, f.at, f.ref, f.loc, Problems())  # (check warns of it)
        scene = engine.scene(state) if state is not None else None
        if scene is None:
            return None
        played = state.rules.content  # (the variant a position is played in: its board and tokens)
        key = (played.id, played.played_as)
        if key not in self.pictures:
            self.pictures[key] = Pictures(played, self.ctx if played is self.game else
                                          Ctx.make(played, self.ctx.theme.ink_saver, self.ctx.problems))
        pictures = self.pictures[key]
        got = pictures.board_only(scene) if f.show == "board" else None
        if got is None:
            d = pictures.drawing(scene, "")
            got = (d.root, d.width, d.height)
        drawing, w, h = got
        most = self.t["figure_height"] * self.styles.scale if f.show == "board" else self.frame.bottom - self.frame.top
        factor = min(width / w, most / h, 1.0)
        return place(drawing, 0, 0, factor=factor), w * factor, h * factor

    # -- the pages ----------------------------------------------------------------------------------------------
    def units(self) -> list[Unit]:
        frame = self.frame
        make = Units(self.ctx, self.game, self.kit, self.styles, frame.column_width, frame.width, frame.columns,
                     self.figure)
        out: list[Unit] = []
        for b in self.game.rulebook.blocks:
            if isinstance(b, Heading):
                out.append(make.heading(b))
            elif isinstance(b, Paragraph):
                out.append(make.paragraph(b))
            elif isinstance(b, ListBlock):
                out += make.list_items(b)
            elif isinstance(b, TableBlock):
                out.append(make.table(b))
            elif isinstance(b, Rule):
                out.append(make.rule(b))
            elif isinstance(b, Figure):
                out += make.figure(b)
        return out

    def pages(self) -> list[RulesPage]:
        units = self.units()
        title, title_h = self.title_block()
        entries = [h for h in self.game.rulebook.headings if h.number and h.level <= 2]
        contents_h = self.contents_height(entries)
        first_top = self.frame.top + title_h + contents_h
        if self.booklet:  # the booklet's first page is its cover: the text starts on the second
            first_top = self.frame.bottom + 1.0
        flowed = flow(units, self.frame, first_top)
        for unit in flowed.too_tall:
            self.ctx.problems.error(unit.source, f"rulebook: {unit.name or 'a block'} is taller than a "
                                    f"{'page' if self.frame.columns == 1 else 'column'} of "
                                    f"{'the booklet' if self.booklet else 'the rules'}: it runs into the footer "
                                    "(shorten it, or split it)")
        page_of = {id(p.unit.heading): n for n, placed in enumerate(flowed.pages, start=1) for p in placed
                   if p.unit.heading is not None}
        numbers = {h.number: page_of.get(id(h), 0) for h in entries}
        contents = self.contents(entries, numbers, self.frame.top + title_h)
        return self.finished(flowed.pages, [title, contents])

    def title_block(self) -> tuple[Group, float]:
        s, game = self.styles, self.game
        frame = self.frame
        items: list[Item] = []
        title = text_box(game.title, (0, 0, frame.width, 1e5), s.text("title", s.accent))
        items.append(title.group)
        y = title.height + 1.5 * s.scale
        facts = [f"Rules · version {game.version}"]
        counts = tuple(sorted(set(game.players)))
        facts.append((" or ".join([", ".join(map(str, counts[:-1])), str(counts[-1])]) if len(counts) > 1
                      else str(counts[0])) + " players")
        if game.playing_time:
            facts.append(game.playing_time)
        sub = text_box("  ·  ".join(facts), (0, y, frame.width, 1e5), s.text("heading3", s.ink, bold=False))
        items.append(sub.group)
        y += sub.height + 2.0 * s.scale
        items.append(Rect(0, y, frame.width, 0.8, Style(fill=s.accent)))
        y += 0.8 + 4.0 * s.scale
        return Group((place(Group(tuple(items)), frame.x, frame.top),), label="rulebook title"), y

    def contents_height(self, entries: list[Heading]) -> float:
        if not entries:
            return 0.0
        rows = -(-len(entries) // self.contents_columns())
        return self.styles.text("heading2").size * 1.6 + rows * self.contents_pitch() + 5.0 * self.styles.scale

    def contents_columns(self) -> int:
        return 1 if self.booklet else 2

    def contents_pitch(self) -> float:
        return self.styles.body.size * 1.45

    def contents(self, entries: list[Heading], numbers: dict[str, int], top: float) -> Group:
        if not entries:
            return Group()
        s, frame = self.styles, self.frame
        items: list[Item] = []
        head = text_box("Contents", (0, 0, frame.width, 1e5), s.text("heading2", s.accent))
        items.append(head.group)
        y0 = s.text("heading2").size * 1.6
        columns = self.contents_columns()
        gap = frame.gap
        cw = (frame.width - (columns - 1) * gap) / columns
        rows = -(-len(entries) // columns)
        pitch = self.contents_pitch()
        body = s.body
        for k, h in enumerate(entries):
            col, row = divmod(k, rows)
            x, y = col * (cw + gap), y0 + row * pitch
            indent = 0.0 if h.level == 1 else 5.0 * s.scale
            style = s.text("body", bold=h.level == 1)
            number = str(numbers.get(h.number, "")) if numbers.get(h.number) else ""
            room = cw - indent - fonts.width("000", body.size, "regular") - 2.0
            label = _clipped(f"{h.number}  {h.title}", room, style)
            items.append(text_box(label, (x + indent, y, room, pitch), style).group)
            items.append(text_box(number, (x + cw - 12.0, y, 12.0, pitch), s.text("body", align="right")).group)
            text_w = fonts.width(label, style.size, style.face())
            dots_from, dots_to = x + indent + min(text_w, room) + 1.5, x + cw - 1.0 - fonts.width(
                number, body.size, "regular") - 1.5
            if dots_to > dots_from + 2:
                base = y + body.size * 0.95
                items.append(line(dots_from, base, dots_to, base, Style(stroke=tint(s.ink, 0.55), width=0.25,
                                                                        dash=(0.3, 1.2), cap="round")))
        return Group((place(Group(tuple(items)), frame.x, top),), label="contents")

    def finished(self, flowed: list[list[Placed]], first: list[Item]) -> list[RulesPage]:
        """Each page's drawing: its units, the title and contents on the first, a footer with page n of N."""
        w, h = self.size
        total = len(flowed)
        out = []
        current = ""
        for n, placed in enumerate(flowed, start=1):
            starts = tuple(p.unit.heading.label for p in placed if p.unit.heading is not None)
            label = f"Rules: {starts[0]}" if starts else (f"Rules: {current} (continued)" if current else "Rules")
            if starts:
                current = starts[-1]
            items: list[Item] = [Rect(0, 0, w, h, Style(fill="#ffffff"))]
            if n == 1:
                items += first
            items += page_items(placed)
            items.append(self.footer(n, total))
            out.append(RulesPage(Drawing(w, h, Group(tuple(items)), f"{self.game.title}: {label}"),
                                 label if n > 1 else "Rules: title, contents" + (f", {starts[0]}" if starts
                                                                                  else ""), starts))
        return out

    def footer(self, n: int, total: int) -> Group:
        s = self.styles
        w, h = self.size
        m = self.margin
        style = s.text("footer")
        y = h - m - style.size * 1.6
        rule = line(m, y, w - m, y, Style(stroke=tint(s.accent, 0.45), width=0.25))
        words = f"{self.game.title} {self.game.version}  ·  Rules  ·  page {n} of {total}"
        if self.booklet:  # the page number on the outer corner: right on odd pages, left on even
            align = "right" if n % 2 else "left"
            laid = text_box(words, (m, y + 1.0, w - 2 * m, 1e5), s.text("footer", align=align))
        else:
            laid = text_box(words, (m, y + 1.0, w - 2 * m, 1e5), s.text("footer", align="center"))
        return Group((rule, laid.group), label="footer")


def _clipped(text: str, width: float, style) -> str:
    """A text cut short with '…' to fit a width on one line."""
    if fonts.width(text, style.size, style.face()) <= width:
        return text
    while text and fonts.width(text + "…", style.size, style.face()) > width:
        text = text[:-1]
    return text.rstrip() + "…"


__all__ = ["RulesPage", "Tmpl", "booklet_page_size", "rulebook_pages"]
