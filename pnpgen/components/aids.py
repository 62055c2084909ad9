"""Player aids: a title band, then sections of text (with {icon} markers) and tables, shrunk to fit if need be."""

from __future__ import annotations

from ..draw import fonts
from ..draw.colour import tint
from ..draw.piece import Piece
from ..draw.primitives import Group, Item, Rect, Style, line
from ..draw.templates import P, Tmpl, text_spec, text_style
from ..draw.text import text_box
from ..model import PlayerAid, Section
from .context import Ctx
from .imprint import PROVISIONAL_SPEC, SAFE, imprint, marked

SPEC = {
    "size": P("size", ("95mm", "126mm"), doc="an aid of size 'card', [width, height]: four fit on A4 and on Letter"),
    "half_page": P("size", ("190mm", "128mm"), doc="an aid of size 'half-page'"),
    "page": P("size", ("190mm", "255mm"), doc="an aid of size 'page'"),
    "bleed": P("length", "3mm", min=0, max=20, doc="how far the background prints past the trim"),
    "margin": P("length", "5mm", min=0, max=30, doc="the margin inside the trim"),
    "background": P("colour", "#fbf7ee", doc="the paper colour"),
    "ink": P("colour", "#222222", doc="the text colour"),
    "accent": P("colour", "#1b3a5c", doc="the title band's and rules' colour"),
    "title_height": P("length", "12mm", min=4, max=60, doc="the title band's height"),
    "title": text_spec("13pt", bold=True, valign="middle", min_size="8pt", display=True),
    "heading": text_spec("8.5pt", bold=True),
    "body": text_spec("7.5pt"),
    "table": text_spec("7pt"),
    "section_gap": P("length", "2.6mm", min=0, max=30, doc="the space between sections"),
    "cell_pad": P("length", "1mm", min=0, max=10, doc="the room inside a table's cell"),
    "min_scale": P("number", 0.86, min=0.3, max=1, doc="the text may shrink to this share of its sizes to fit the aid"),
    "max_scale": P("number", 1.3, min=1, max=3, doc="and grow to this share to fill it"),
    "text_first": P("bool", False, doc="a section with text and a table: the text above the table"),
    "write_row": P("length", "7mm", min=2, max=30, doc="the height of a blank row to write in (a score pad)"),
    "image_height": P("length", "35mm", min=5, max=250,
                      doc="a section's picture: as wide as the text, at most this tall"),
    "provisional": PROVISIONAL_SPEC,  # corner: a PROVISIONAL tag by the version; watermark: the word across the face
}


def aid_piece(ctx: Ctx, aid: PlayerAid) -> Piece:
    """The piece of one player aid."""
    t = ctx.template(aid.template, "player-aid", "player-aid", SPEC, aid.loc)
    for s in aid.sections:
        ctx.markers_ok(s.text, s.loc, f"player aid '{aid.id}'")
        for row in s.table:
            for cell in row:
                ctx.markers_ok(cell, s.loc, f"player aid '{aid.id}'")
    size = aid_size(t, aid)
    return marked(Piece(f"aid-{aid.id}", aid.title, "Player aids", size, player_aid(ctx, aid, t), None,
                        t["bleed"], 1, "marks", kind="player-aid", source=aid.loc, part_of=aid.title),
                  aid.provisional, t["provisional"])


def aid_size(t: Tmpl, aid: PlayerAid) -> tuple[float, float]:
    """The trim size of an aid: the template's size for its declared size (card, half-page, page)."""
    return {"half-page": t["half_page"], "page": t["page"]}.get(aid.size, t["size"])


def player_aid(ctx: Ctx, aid: PlayerAid, t: Tmpl) -> Group:
    """The face of a player aid."""
    th = ctx.theme
    w, h = aid_size(t, aid)
    b, m = t["bleed"], t["margin"]
    ink = t["ink"]
    paper = "#ffffff" if th.ink_saver else t["background"]
    out: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=paper))]
    th_h = t["title_height"]
    out.append(Rect(-b, -b, w + 2 * b, th_h + b, Style(fill=th.solid(t["accent"]))))
    if th.ink_saver:
        out.append(Rect(-b, th_h - 0.4, w + 2 * b, 0.8, Style(fill=th.line(t["accent"]))))
    head_ink = th.text_on(t["accent"], ink)
    inset = min(SAFE, th_h / 4)  # the title keeps 3 mm inside the trim, centred in its band
    out.append(text_box(aid.title, (m, inset, w - 2 * m, th_h - 2 * inset), text_style(t["title"], head_ink)).group)
    out.append(imprint(ctx, w - m, th_h - 1.2, head_ink, provisional=aid.provisional, mark=t["provisional"]))
    top = th_h + m * 0.8
    avail = h - top - m
    # the largest text size from min_scale to max_scale that fits, in steps of 2.5%
    low, high = t["min_scale"], t["max_scale"]
    steps = [round(high - 0.025 * k, 3) for k in range(int((high - low) / 0.025 + 1e-9) + 1)]
    lo, hi = 0, len(steps) - 1
    while lo < hi:  # steps shrink as k grows; find the first that fits
        mid = (lo + hi) // 2
        if _sections(ctx, aid, t, (m, top, w - 2 * m), steps[mid])[1] <= avail:
            hi = mid
        else:
            lo = mid + 1
    scale = steps[lo]
    body, used = _sections(ctx, aid, t, (m, top, w - 2 * m), scale, f"player aid '{aid.id}'")
    if used > avail + 1e-6:
        ctx.problems.error(aid.loc, f"player aid '{aid.id}': its text needs {used:.0f} mm but template '{t.name}' "
                           f"leaves {avail:.0f} mm even at {round(t['min_scale'] * 100)}% size (shorten it or use "
                           "a larger template)")
    out.append(body)
    return Group(tuple(out), label=f"aid {aid.id}")


def _sections(ctx: Ctx, aid: PlayerAid, t: Tmpl, col, scale: float, report: str = "") -> tuple[Group, float]:
    x, y0, w = col
    y = y0
    out: list[Item] = []
    for i, s in enumerate(aid.sections):
        if i:
            y += t["section_gap"] * scale
        if s.title:
            laid = text_box(s.title, (x, y, w, 1e6), text_style(t["heading"], t["accent"], scale), ctx.icons.inline)
            out.append(laid.group)
            y += laid.height + 0.8 * scale
        parts = [p for p in (("text", "table") if t["text_first"] else ("table", "text")) if getattr(s, p)]
        for k, part in enumerate(parts):
            if part == "table":
                tab, th_ = table(ctx, s, t, (x, y, w), scale, report)
                out.append(tab)
                y += th_ + 1.2 * scale
            else:
                laid = text_box(s.text, (x, y, w, 1e6), text_style(t["body"], t["ink"], scale), ctx.icons.inline)
                out.append(laid.group)
                y += laid.height + (1.5 * scale if k < len(parts) - 1 else 0.0)
        picture = ctx.picture(s.image, f"player aid '{aid.id}'") if s.image is not None else None
        if picture is not None:
            pw, ph = picture.size
            y += 1.5 * scale if parts or s.title else 0.0
            height = min(w * ph / pw, t["image_height"] * scale)
            out.append(ctx.art(s.image, f"player aid '{aid.id}'", (x, y, w, height)))
            y += height
    return Group(tuple(out)), y - y0


def table(ctx: Ctx, s: Section, t: Tmpl, col, scale: float, report: str = "") -> tuple[Group, float]:
    """A table: the first row is the header; columns share the width by how much they hold, each at least as wide
    as its widest word. With `report` (what holds the table), a table whose words cannot fit is an error at its
    first row (its text would overprint the next column)."""
    x, y, w = col
    rows = [list(r) for r in s.table]
    ncols = max(len(r) for r in rows)
    rows = [r + [""] * (ncols - len(r)) for r in rows]
    pad = t["cell_pad"] * scale
    body = text_style(t["table"], t["ink"], scale)
    head = text_style(t["table"], t["ink"], scale, bold=True)
    natural = [max(fonts.width(r[c], body.size, "bold") for r in rows) + 2 * pad + 0.5 for c in range(ncols)]
    least = [max(_widest_word(r[c], head if k == 0 else body, ctx) for k, r in enumerate(rows)) + 2 * pad + 0.1
             for c in range(ncols)]
    widths = _column_widths(natural, least, w)
    too_wide = sum(least) > w + 1e-6  # (said once, at the table: not again at each cell that overprints)
    if report and too_wide:
        ctx.problems.error(s.row_locs[0] if s.row_locs else s.loc,
                           f"{report}: its table of {ncols} columns needs {sum(least):.0f} mm for its longest words "
                           f"but the aid leaves {w:.0f} mm (fewer or shorter columns, or a larger aid)")
    out: list[Item] = []
    cy = y
    accent = t["accent"]
    grid = Style(stroke=tint(accent, 0.5), width=0.25)
    blank = getattr(s, "blank_rows", 0) or 0
    for k, row in enumerate(rows + [[""] * ncols] * blank):
        style = head if k == 0 else body
        cells = []
        cx = x
        for c, cell in enumerate(row):
            laid = text_box(cell, (cx + pad, 0, widths[c] - 2 * pad, 1e6), style, ctx.icons.inline)
            laid.group.fit.reported = too_wide
            cells.append((cx, laid))
            cx += widths[c]
        rh = max(max(laid.height for _, laid in cells), body.size * 1.1) + 2 * pad
        if k >= len(rows):
            rh = max(rh, t["write_row"])
        if k == 0:
            out.append(Rect(x, cy, w, rh, Style(fill=tint(accent, 0.18))))
        for _x, laid in cells:
            out.append(Group((laid.group,), (1, 0, 0, 1, 0, cy + pad)))
        cy += rh
        out.append(line(x, cy, x + w, cy, grid))
    out.insert(0, line(x, y, x + w, y, grid))
    if blank:  # a table to write in: ruled into columns too, and boxed
        cx = x
        for cw in widths[:-1]:
            cx += cw
            out.append(line(cx, y, cx, cy, grid))
        out.append(Rect(x, y, w, cy - y, Style(stroke=tint(accent, 0.7), width=0.35)))
    return Group(tuple(out)), cy - y


def _widest_word(cell: str, style, ctx: Ctx) -> float:
    """The width of the widest word of a cell (a column narrower than it overprints its neighbour)."""
    return max((text_box(word, (0, 0, 1e6, 1e6), style, ctx.icons.inline).width for word in cell.split()), default=0.0)


def _column_widths(natural: list[float], least: list[float], width: float) -> list[float]:
    """Column widths filling `width`: each column's natural width plus an even share of what is left, or, when
    the natural widths do not fit, its least width plus a share of the rest in proportion to what it would add."""
    total = sum(natural)
    if total <= width:
        return [n + (width - total) / len(natural) for n in natural]
    spare = width - sum(least)
    if spare <= 0:
        return [n * width / total for n in natural]  # cannot fit (reported): keep the old proportions
    wants = [max(n - m, 0.0) for n, m in zip(natural, least)]
    return [m + spare * want / sum(wants) for m, want in zip(least, wants)]
