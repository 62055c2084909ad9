"""A rulebook's blocks laid out as units of the flow, at a column's width: headings, paragraphs (split between
columns at a line), list items, tables, notes, and the blocks pnpgen fills in (the components list, cards and tokens
as printed, positions drawn by the engine, the engine's readings, pictures)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ...draw.colour import tint
from ...draw.piece import Kit, Piece
from ...draw.primitives import Group, Item, Rect, Style, line, place
from ...draw.templates import Tmpl, text_style
from ...draw.text import TextStyle, line_ends, measure, text_box
from ...errors import Problems
from ...model import Game
from ...model.components import Section
from ...model.rulebook import Figure, Heading, ListBlock, Paragraph, Rule, TableBlock
from ..aids import table as aid_table
from ..context import Ctx
from .flow import Unit

MIN_LINES = 2  # lines of a paragraph that a column's end or start may hold alone
INDENT = 4.6  # mm: a list item's text, after its bullet


@dataclass
class Styles:
    """The rulebook's text styles and colours for one layout (A4 and Letter, or the booklet's smaller type)."""

    t: Tmpl
    ink: str
    accent: str
    scale: float

    def text(self, part: str, colour: str | None = None, **over) -> TextStyle:
        """A text region's style at this layout's scale."""
        return text_style(self.t[part], colour or self.ink, self.scale, **over)

    @property
    def body(self) -> TextStyle:
        """The body text's style."""
        return self.text("body")


class Units:
    """Lays out blocks as units for one game, kit and column width."""

    def __init__(self, ctx: Ctx, game: Game, kit: Kit | None, styles: Styles, width: float, wide_width: float,
                 columns: int, figures: Callable[[Figure, float], tuple[Item, float, float] | None]):
        self.ctx, self.game, self.kit, self.s = ctx, game, kit, styles
        self.width, self.wide_width, self.columns = width, wide_width, columns
        self.figures = figures  # (position or picture figure, width) -> (drawing, width, height) or None
        self.problems: Problems = ctx.problems
        self.pieces = {p.id: p for p in kit.pieces} if kit is not None else {}

    # -- text ---------------------------------------------------------------------------------------------------
    def laid(self, text: str, style: TextStyle, width: float, source=None):
        """A text set in a column of `width` (as tall as it needs)."""
        return text_box(text, (0, 0, width, 1e5), style, self.ctx.icons.inline, source)

    def heading(self, h: Heading) -> Unit:
        s = self.s
        scale = s.scale
        if h.level == 1:
            style = s.text("heading1", s.accent)
            words = f"{h.number}  {h.title}" if h.number else h.title
            laid = self.laid(words, style, self.wide_width, h.loc)
            rule_y = laid.height + 1.2 * scale
            rule = line(0, rule_y, self.wide_width, rule_y, Style(stroke=s.accent, width=0.45))
            return Unit(Group((laid.group, rule), source=h.loc), rule_y + 2.2 * scale, wide=True, keep=True,
                        gap=5.5 * scale, heading=h, source=h.loc, name=f"heading '{h.label}'")
        part = "heading2" if h.level == 2 else "heading3"
        style = s.text(part, s.accent if h.level == 2 else s.ink)
        words = f"{h.number}  {h.title}" if h.number else h.title
        laid = self.laid(words, style, self.width, h.loc)
        return Unit(Group((laid.group,), source=h.loc), laid.height + 1.0 * scale, keep=True,
                    gap=(3.4 if h.level == 2 else 2.2) * scale, heading=h if h.number else None, source=h.loc,
                    name=f"heading '{h.title}'")

    def paragraph(self, p: Paragraph) -> Unit:
        if p.note:
            return self.note(p)
        return self.text_unit(p.text, self.s.body, self.width, 0.0, "", p.loc, 1.9 * self.s.scale)

    def text_unit(self, text: str, style: TextStyle, width: float, indent: float, marker: str, source, gap: float,
                  first: bool = True) -> Unit:
        """A text (after a bullet or number, when given) that splits at a line to fit a column's end."""
        laid = self.laid(text, style, width - indent, source)
        items: list[Item] = [place(laid.group, indent, 0)]
        if marker and first:
            items.append(self.laid(marker, style, indent, source).group)

        splitter = Splitter(text, width - indent, style)
        made: dict[float, tuple[Unit, Unit] | None] = {}

        def split(height: float) -> tuple[Unit, Unit] | None:
            head, tail = splitter.split(height)
            if not head or not tail:
                return None
            if head in made:  # (the flow asks again and again while it balances columns)
                return made[head]
            made[head] = (self.text_unit(head, style, width, indent, marker, source, gap, first),
                          self.text_unit(tail, style, width, indent, marker, source, 0.0, False))
            return made[head]
        return Unit(Group(tuple(items), source=source), laid.height, gap=gap, split=split, source=source,
                    name="a paragraph")

    def note(self, p: Paragraph) -> Unit:
        s = self.s
        pad = 2.2 * s.scale
        laid = self.laid(p.text, s.body, self.width - 2 * pad - 1.2, p.loc)
        h = laid.height + 2 * pad
        fill = tint(s.accent, 0.06 if self.ctx.theme.ink_saver else 0.11)
        items = (Rect(0, 0, self.width, h, Style(fill=fill)), Rect(0, 0, 1.2, h, Style(fill=s.accent)),
                 place(laid.group, 1.2 + pad, pad))
        return Unit(Group(items, source=p.loc), h, gap=2.4 * s.scale, source=p.loc, name="a note")

    def list_items(self, b: ListBlock) -> list[Unit]:
        out = []
        number = 0
        style = self.s.body
        for k, ((depth, text), at) in enumerate(zip(b.items, b.item_locs or (b.loc,) * len(b.items))):
            if depth == 0:
                number += 1
            marker = f"{number}." if b.ordered and depth == 0 else ("–" if depth else "•")
            indent = INDENT * self.s.scale
            offset = indent * depth
            unit = self.text_unit(text, style, self.width - offset, indent, marker, at,
                                  (1.9 if k == 0 else 0.9) * self.s.scale)
            out.append(_shifted(unit, offset) if offset else unit)
        return out

    def table(self, b: TableBlock, width: float | None = None) -> Unit:
        section = Section(table=b.rows, loc=b.loc, row_locs=b.row_locs, cell_locs=b.cell_locs)
        return self.rows_unit(section, width or self.width, b.loc)

    def rows_unit(self, section: Section, width: float, source, gap: float | None = None) -> Unit:
        """A table, split between rows to fit a column's end (its header row repeated above the rest)."""
        group, h = aid_table(self.ctx, section, self.table_template(), (0, 0, width), self.s.scale,
                             "rulebook" if gap is None else "")
        gap = 2.6 * self.s.scale if gap is None else gap
        rows = section.table

        def split(height: float) -> tuple[Unit, Unit] | None:
            if len(rows) < 6:  # (a short table is kept whole)
                return None
            low, high = 1, len(rows) - 2
            while low < high:  # the most rows whose table fits
                mid = (low + high + 1) // 2
                if aid_table(self.ctx, _rows(section, rows[:mid + 1]), self.table_template(), (0, 0, width),
                             self.s.scale)[1] <= height + 1e-6:
                    low = mid
                else:
                    high = mid - 1
            while low >= 2 and not any(rows[low][1:]):  # (a row naming a group stays with the rows under it)
                low -= 1
            if aid_table(self.ctx, _rows(section, rows[:low + 1]), self.table_template(), (0, 0, width),
                         self.s.scale)[1] > height + 1e-6 or low < 2:
                return None
            return (self.rows_unit(_rows(section, rows[:low + 1]), width, source, gap),
                    self.rows_unit(_rows(section, rows[:1] + rows[low + 1:]), width, source, 0.0))
        return Unit(Group((group,), source=source), h, gap=gap, split=split, source=source, name="a table")

    def table_template(self) -> Tmpl:
        """The template values the player aids' tables read, from the rulebook's."""
        t = self.s.t
        made = Tmpl(cell_pad=t["cell_pad"], table=t["table"], ink=self.s.ink, accent=self.s.accent,
                    write_row=t["write_row"])
        made.role = t.role
        return made

    def rule(self, b: Rule) -> Unit:
        return Unit(Group((line(0, 0.2, self.width, 0.2, Style(stroke=tint(self.s.accent, 0.5), width=0.3)),)),
                    0.4, gap=2.4 * self.s.scale, source=b.loc, name="a rule")

    # -- the blocks pnpgen fills in ---------------------------------------------------------------------------------
    def figure(self, f: Figure) -> list[Unit]:
        if f.kind == "components":
            return [self.components(f)]
        if f.kind in ("cards", "tokens"):
            return [self.pieces_row(f)]
        if f.kind == "clarifications":
            return self.clarifications(f)
        wide = self.columns > 1 and f.kind == "position"
        width = self.wide_width if wide else self.width
        got = self.figures(f, width)
        if got is None:
            return []
        drawing, w, h = got
        items: list[Item] = [Group((place(drawing, (width - w) / 2, 0),), label="picture")]
        height = h
        if f.caption:
            laid = self.laid(f.caption, self.s.text("caption", align="center"), width, f.loc)
            items.append(place(laid.group, 0, h + 1.4))
            height += laid.height + 1.4
        after = 3.0 * self.s.scale if wide else 0.0  # (room between a picture across the page and the text below)
        return [Unit(Group(tuple(items), source=f.loc), height + after, wide=wide, gap=3.0 * self.s.scale,
                     source=f.loc, name=f"the picture of {f.ref}", floats=True)]

    def components(self, f: Figure) -> Unit:
        from ...render.cover import components

        rows = [("Component", "What", "Count")]
        if self.kit is not None:
            listed = components(self.kit)
            groups = dict(self.kit.cover.groups) if self.kit.cover else {"": ()}
            for group, counts in groups.items():
                mine = [c for c in listed if c.group == group]
                if group and mine:
                    rows.append((f"**{group}** ({' or '.join(map(str, counts))} players only)", "", ""))
                rows += [(c.name, c.kind, str(c.count)) for c in mine]
        unit = self.rows_unit(Section(table=tuple(rows), loc=f.loc, row_locs=(f.loc,) * len(rows)), self.width, f.loc)
        return self.captioned(unit, f)

    def captioned(self, unit: Unit, f: Figure) -> Unit:
        if not f.caption:
            return unit
        laid = self.laid(f.caption, self.s.text("caption"), self.width, f.loc)
        return replace(unit, group=Group((unit.group, place(laid.group, 0, unit.height + 1.2))),
                       height=unit.height + 1.2 + laid.height)

    def pieces_row(self, f: Figure) -> Unit:
        """The cards or tokens a block names, drawn as printed (their faces inside their trim), side by side."""
        pieces = [p for p in (self.piece(f.kind, pid) for pid in f.ids) if p is not None]
        gap = 2.0
        cap = self.s.t["card_width"] * self.s.scale
        tallest = max((p.height / p.width for p in pieces), default=1.4)
        per_row = max(1, min(len(pieces), int((self.width + gap) // (min(cap, self.width) * 0.62 + gap))))
        size = min(cap, (self.width - (per_row - 1) * gap) / per_row) if pieces else cap
        items: list[Item] = []
        x = y = row_h = 0.0
        for k, p in enumerate(pieces):
            factor = size / max(p.width, p.height / tallest)
            w, h = p.width * factor, p.height * factor
            if k and k % per_row == 0:
                x, y, row_h = 0.0, y + row_h + gap, 0.0
            clip = Rect(0, 0, p.width, p.height, Style())
            items.append(place(Group((p.face,), clip=clip), x, y, factor=factor))
            if p.kind != "token":
                items.append(Rect(x, y, w, h, Style(stroke="#888888", width=0.2)))
            x += w + gap
            row_h = max(row_h, h)
        width_used = max((x - gap), 0.0) if y == 0 else self.width
        shift = (self.width - width_used) / 2 if y == 0 else 0.0
        group = Group((Group(tuple(items), (1, 0, 0, 1, shift, 0), label="picture"),), source=f.loc)
        unit = Unit(group, y + row_h, gap=3.0 * self.s.scale, source=f.loc, name=f"the {f.kind} block", floats=True)
        return self.captioned(unit, f)

    def piece(self, kind: str, pid: str) -> Piece | None:
        """A card's or token's piece: the kit's, else laid out here (a kit printed for fewer players)."""
        found = self.pieces.get(f"{kind[:-1]}-{pid}")
        if found is not None:
            return found
        from ..cards import deck_pieces
        from ..tokens import token_piece

        game = self.game
        if kind == "cards":
            for deck in game.decks + tuple(d for v in game.variants for d in v.decks):
                ids = [c.id for c in deck.cards]
                if pid in ids:
                    return deck_pieces(self.ctx, deck)[ids.index(pid)]
        else:
            for token in game.tokens + tuple(t for v in game.variants for t in v.tokens):
                if token.id == pid:
                    return token_piece(self.ctx, token)
        return None

    def clarifications(self, f: Figure) -> list[Unit]:
        from ...engine.api import engine_for

        engine = engine_for(self.game)
        if engine is None:
            return []
        try:
            readings = engine.readings(self.game)
        except Exception:  # noqa: BLE001  (rules that do not read are the checks' to report)
            return []
        out = []
        small = self.s.text("caption", italic=False)
        for k, r in enumerate(readings):
            head = self.laid(f"**{r.section}  {r.question}**", self.s.body, self.width, f.loc)
            body = self.laid(r.reading, self.s.body, self.width - INDENT, f.loc)
            items: list[Item] = [head.group, place(body.group, INDENT, head.height + 0.6)]
            h = head.height + 0.6 + body.height
            others = "; ".join(a.rstrip(".") for a in r.alternatives)
            if others:
                laid = self.laid(f"Other readings: {others}." + (f" (Rules option {r.option}.)" if r.option
                                                                  else ""), small, self.width - INDENT, f.loc)
                items.append(place(laid.group, INDENT, h + 0.6))
                h += 0.6 + laid.height
            out.append(Unit(Group(tuple(items), source=f.loc), h, gap=(1.9 if k == 0 else 2.6) * self.s.scale,
                            source=f.loc, name="a reading"))
        return out


def _rows(section: Section, rows) -> Section:
    """A table section holding only some of its rows."""
    return Section(table=tuple(rows), loc=section.loc, row_locs=(section.loc,) * len(rows))


def _shifted(unit: Unit, dx: float) -> Unit:
    """A unit drawn `dx` to the right (a nested list item), its parts too when split."""
    split = unit.split

    def shifted_split(height: float):
        parts = split(height) if split else None
        return None if parts is None else (_shifted(parts[0], dx), _shifted(parts[1], dx))
    return replace(unit, group=Group((unit.group,), (1, 0, 0, 1, dx, 0), source=unit.source),
                   split=shifted_split if split else None)


class Splitter:
    """Where a text may be cut between columns, worked out once: the words each line ends after, and the height of
    its first lines (measured once each), so that a flow trying many column heights sets the text only once."""

    def __init__(self, text: str, width: float, style: TextStyle):
        self.text, self.width, self.style = text, width, style
        self.words = text.split()
        ends = line_ends(text, width, style)
        self.ends = ends if ends and ends[-1] == len(self.words) and text == " ".join(self.words) else None
        self.heights: dict[int, float] = {}

    def height(self, lines: int) -> float:
        """The height of the text's first `lines` lines."""
        if lines not in self.heights:
            self.heights[lines] = measure(" ".join(self.words[:self.ends[lines - 1]]), self.width, self.style)[0]
        return self.heights[lines]

    def split(self, height: float) -> tuple[str, str]:
        """(head, tail) as split_text gives them."""
        if self.ends is None:
            return split_text(self.text, self.width, self.style, height)
        total = len(self.ends)
        if self.height(total) <= height + 1e-6:
            return self.text, ""
        low, high = 0, total - 1
        while low < high:  # the most lines that fit
            mid = (low + high + 1) // 2
            if self.height(mid) <= height + 1e-6:
                low = mid
            else:
                high = mid - 1
        lines = min(low, total - MIN_LINES)  # (a tail of fewer than two lines takes lines from the head)
        if lines < MIN_LINES:
            return "", self.text
        head, tail = " ".join(self.words[:self.ends[lines - 1]]), " ".join(self.words[self.ends[lines - 1]:])
        if head.count("**") % 2:
            head, tail = head + "**", "**" + tail
        return head, tail


def split_text(text: str, width: float, style: TextStyle, height: float) -> tuple[str, str]:
    """A text cut at a word so that its head, set in `width`, is at most `height` tall: (head, tail); ('', text)
    when fewer than MIN_LINES lines fit, (text, '') when it all fits. Bold spans open across the cut are closed
    and reopened; a tail of fewer than MIN_LINES lines takes lines from the head."""
    words = text.split(" ")
    total, lines, _ok = measure(text, width, style)
    if total <= height + 1e-6:
        return text, ""
    low, high = 0, len(words)
    while low < high:  # the most words whose setting fits
        mid = (low + high + 1) // 2
        if measure(" ".join(words[:mid]), width, style)[0] <= height + 1e-6:
            low = mid
        else:
            high = mid - 1
    n = low
    while n > 0:
        head = " ".join(words[:n])
        head_lines = measure(head, width, style)[1]
        if head_lines < MIN_LINES:
            return "", text
        tail_lines = measure(" ".join(words[n:]), width, style)[1]
        if tail_lines >= MIN_LINES or lines <= MIN_LINES:
            break
        n -= 1  # (pull words back until the tail holds two lines)
    if n <= 0:
        return "", text
    head, tail = " ".join(words[:n]), " ".join(words[n:])
    if head.count("**") % 2:
        head, tail = head + "**", "**" + tail
    return head, tail
