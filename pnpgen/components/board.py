"""Boards: suited hexes (or squares) with colour and a symbol each, a title and a compass of directions."""

from __future__ import annotations

import math
from dataclasses import replace

from ..draw import fonts
from ..draw.colour import contrast, shade, tint
from ..draw.icons import arrow
from ..draw.piece import ColourKey, Lattice, Piece
from ..draw.primitives import Circle, Group, Item, PathBuilder, Rect, Style, Text, line, place, polygon
from ..draw.templates import P, Tmpl, text_spec, text_style
from ..draw.text import text_box
from ..draw.units import SMALLEST
from ..maths.hexgrid import centre_of, corners, hex_corners, neighbours, side_ends, side_names
from ..maths.hexnames import hex_name, letters
from ..model import Board, Cell
from ..model.board import Zone
from .context import Ctx, art_spec
from .elements import register
from .features import off_board_drawn, sides_drawn
from .imprint import PROVISIONAL_SPEC, SAFE, imprint, marked
from .spaces import Space, draw_space, space_elements, space_subject
from .valuegrid import VALUE_SPEC, value_text, values_at, zone_fill, zone_keys, zone_sample, zones_at

SQRT3 = math.sqrt(3)
SPEC = {
    "background": P("colour", "#ffffff", doc="the page's colour around the spaces"),
    "ink": P("colour", "#222222", doc="the text's colour"),
    "grid": P("colour", "#2a3b4c", doc="the grid lines' colour"),
    "grid_width": P("length", "0.35mm", min=0, max=5, doc="the grid lines' width"),
    "edge_width": P("length", "1.0mm", min=0, max=10,
                    doc="the width of an edge drawn between spaces (a wall, a river)"),
    "fill": P("number", 0.7, min=0, max=1,
              doc="how strongly a space is tinted with its terrain's colour (0 white, 1 the colour)"),
    "symbol": P("number", 0.36, min=0, max=1, doc="a terrain symbol's size as a share of the space"),
    "pips": P("number", 0.15, min=0, max=0.4, doc="a space's pips' size as a share of the space (0 for none)"),
    "pip_at": P("number", 0.76, min=0.3, max=0.95,
                doc="how far out from a hex's centre its pips sit, as a share of its radius"),
    "min_hex": P("length", "22mm", min=5, max=100,
                 doc="a board may print smaller to fit a page, down to hexes this wide"),
    "coordinates": P("bool", True, doc="print each space's coordinates"),
    "coordinate_text": text_spec("6pt", align="center"),
    "title": text_spec("14pt", bold=True, align="center", valign="middle", min_size="8pt", display=True),
    "title_height": P("length", "10mm", min=0, max=60, doc="the title's height above the board"),
    "padding": P("length", "3mm", min=0, max=30, doc="the room around the spaces"),
    "compass": P("length", "28mm", min=0, max=100, doc="the wind compass's size (0 for none)"),
    "directions": text_spec("7pt", bold=True, align="center"),
    "location": P("size", ("62mm", "46mm"), doc="a location's size on a board of locations, [width, height]"),
    "location_title": text_spec("9pt", bold=True),
    "location_text": text_spec("7pt", min_size="6pt"),
    "slot": P("length", "11mm", min=3, max=60, doc="a location's slot's size (square)"),
    "slot_size": P("size", None, doc="[width, height] of a location's slots, if not square"),
    "edge_band": P("length", "6mm", min=0, max=30,
                   doc="the band of row and column labels at a square grid's edges (0 for none)"),
    "value_text": P("str", "**Value {value}**", doc="a location's value line on a board of locations"),
    "cost_text": P("str", "Cost {cost}", doc="a location's cost line on a board of locations"),
    "edge_labels": text_spec("7pt", bold=True, align="center"),
    "wrap_note": P("str", "The edges wrap: a piece that leaves one edge comes back on the opposite edge, in the "
                   "same column or row (the same number or letter).",
                   doc="what a board whose edges wrap says under its title (\"\" for nothing)"),
    "wrap_text": text_spec("7pt", italic=True, align="center"),
    "legend": P("bool", True, doc="print a legend of the terrains used"),
    "legend_text": text_spec("7pt", min_size="6pt"),
    "art": art_spec(None, "cover"),  # a board's picture: under its spaces, over the whole board unless a box is given
    "space_art": P("choice", "cover", ("contain", "cover", "stretch"), doc="how a picture fills one hex or square"),
    "hex": P("elements", doc="what each hex prints, in order (placed elements: see the element kinds above)"),
    "square": P("elements", doc="what each square prints over its colour and terrain (a location's name, slots ...)"),
    "board": P("elements", doc="what a hex board prints once, over its hexes (the compass)"),
    "provisional": PROVISIONAL_SPEC,  # corner: a PROVISIONAL tag by the version; watermark: the word across the face
    "square_value": VALUE_SPEC,  # a square grid's values, in the middle of their squares
}


def board_piece(ctx: Ctx, board: Board) -> Piece:
    """The piece of a board; it may print smaller (down to the template's minimum hex) to fit one page."""
    t = ctx.template(None, "board", "board", SPEC, board.loc)
    grid = getattr(board, "grid", "hex")
    lattice, places = None, ()
    if grid == "square":
        face, size = square_board(ctx, board, t)
        cell = getattr(board, "cell_size_mm", 20.0)
        min_scale = min(1.0, t["min_hex"] / cell) if cell else 1.0
        lattice = Lattice("square", cell, square_origin(board, t))
    elif grid == "none":
        face, size, places = locations_board(ctx, board, t)
        min_scale = 0.8
    else:
        face, size = hex_board(ctx, board, t)
        min_scale = min(1.0, t["min_hex"] / board.hex_size_mm)
        lattice = Lattice("hex-pointy" if board.pointy else "hex", board.hex_size_mm / SQRT3, hex_origin(board, t))
    if board.image is not None:  # under everything but the paper
        art = ctx.art(board.image, f"board '{board.id}'", t["art"]["box"] or (0.0, 0.0, *size), t["art"]["fit"])
        if art is not None:
            face = replace(face, items=(face.items[0], art, *face.items[1:]))
    inset = max(t["padding"], SAFE)  # the version at the top right, above the title
    face = Group((face, imprint(ctx, size[0] - inset, inset + fonts.CAP_HEIGHT * SMALLEST, t["ink"],
                                provisional=board.provisional, mark=t["provisional"])), label=face.label)
    return marked(Piece(f"board-{board.id}", board.name, "Boards", size, face, None, 0.0, 1, "outline",
                        min_scale=min_scale, lattice=lattice, kind="board", part_of=board.name, source=board.loc,
                        keys=board_keys(ctx, board) + zone_keys(ctx, board), places=places), board.provisional,
                  t["provisional"])


def _bundled(ctx: Ctx) -> Tmpl:
    """pnpgen's own board template (its hex and square elements serve a template naming none)."""
    return ctx.templates.get("board", "board", SPEC, bundled=True)


def board_keys(ctx: Ctx, board: Board) -> tuple[ColourKey, ...]:
    """The suits a board's spaces show, to be told apart by colour (lightness) at a glance as well: their symbols
    sit at the centre of a space, where a piece covers them, and their pips toward the corners are small."""
    used = {getattr(cell, "suit", None) for cell in (*board.hexes, *board.squares)}
    return tuple(ColourKey(f"suits on board '{board.id}'", f"suit '{s.id}'", s.colour, s.colour_loc or s.loc)
                 for s in ctx.game.suits if s.id in used)


def _suit_fill(ctx: Ctx, t: Tmpl, suit: str | None, paper: str) -> str:
    if not suit or suit not in ctx.icons.suits:
        return paper
    c = ctx.icons.suits[suit].colour
    return tint(c, 0.12) if ctx.theme.ink_saver else tint(c, t["fill"])


def hex_origin(board: Board, t: Tmpl) -> tuple[float, float]:
    """Where hex (0, 0)'s centre sits on the board's piece (mm from its top left)."""
    s = board.hex_size_mm / SQRT3
    pts = [centre_of(qr, s, board.pointy) for qr in _drawn_cells(board)] or [(0.0, 0.0)]
    across, down = (board.hex_size_mm / 2, s) if board.pointy else (s, board.hex_size_mm / 2)
    return (-min(p[0] for p in pts) + across + t["padding"],
            -min(p[1] for p in pts) + down + t["padding"] + t["title_height"])


def _beyond(board: Board, area) -> tuple[int, int]:
    """The cell an off-board area is drawn in: beyond its side of its hex."""
    return neighbours(area.at)[side_names(board.pointy).index(area.side)]


def _drawn_cells(board: Board) -> list[tuple[int, int]]:
    """Every cell a hex board draws: its hexes and its off-board areas."""
    return [h.qr for h in board.hexes] + [_beyond(board, a) for a in board.off_board]


def hex_centre(board: Board, t: Tmpl, qr: tuple[int, int]) -> tuple[float, float]:
    """The centre of a hex on the board's piece, in mm."""
    ox, oy = hex_origin(board, t)
    px, py = centre_of(qr, board.hex_size_mm / SQRT3, board.pointy)
    return (ox + px, oy + py)


def coordinate_of(board: Board, qr: tuple[int, int]) -> str:
    """A hex's printed name: q,r or as the board's hex_names writes it (E2)."""
    return hex_name(qr, board.hex_names, board.offset, board.pointy)


def hex_board(ctx: Ctx, board: Board, t: Tmpl) -> tuple[Group, tuple[float, float]]:
    """A hex board, flat-top or pointy-top; hex_size_mm is the printed hex's width from flat side to flat side.
    Each hex is drawn by the template's `hex` elements; features along sides go over the grid."""
    f = board.hex_size_mm
    s = f / SQRT3
    pointy = board.pointy
    cells = {h.qr: h for h in board.hexes}
    cs = {qr: centre_of(qr, s, pointy) for qr in cells}
    drawn = [centre_of(qr, s, pointy) for qr in _drawn_cells(board)]
    xs = [p[0] for p in drawn] or [0.0]
    ys = [p[1] for p in drawn] or [0.0]
    pad = t["padding"]
    th_ = t["title_height"]
    ox, oy = hex_origin(board, t)
    across, down = (f, 2 * s) if pointy else (2 * s, f)
    w = max(xs) - min(xs) + across + 2 * pad
    h = max(ys) - min(ys) + down + 2 * pad + th_
    ink = t["ink"]
    paper = t["background"]
    out: list[Item] = [Rect(0, 0, w, h, Style(fill=paper))]
    if th_:
        out.append(text_box(board.name, (pad, pad * 0.5, w - 2 * pad, th_), text_style(t["title"], ink)).group)
    arts = {a.at: a.image for a in board.art}
    locations = {loc.at: loc for loc in board.locations if loc.at is not None}
    terrains = {tr.id: tr for tr in getattr(ctx.game, "terrains", ())}
    elements = space_elements(ctx, t, "hex", _bundled(ctx))
    space = None if board.image is not None else paper  # a plain hex shows the board's picture
    for qr in sorted(cells):
        hx = cells[qr]
        centre = (cs[qr][0] + ox, cs[qr][1] + oy)
        fill = _suit_fill(ctx, t, hx.suit, space)
        if not hx.suit and hx.terrain and hx.terrain[0] in terrains and terrains[hx.terrain[0]].colour:
            base = ctx.colour(terrains[hx.terrain[0]].colour, "")  # half as strong as a suit's: text reads on it
            fill = (tint(base, 0.12) if ctx.theme.ink_saver else tint(base, t["fill"] / 2)) if base else fill
        lo = locations.get(qr)
        coordinate = coordinate_of(board, qr)
        subject = space_subject(ctx, board, f"board '{board.id}' hex {coordinate}", lo, hx.suit, hx.terrain,
                                coordinate)
        where = Space(centre, s, "pointy" if pointy else "flat", fill, arts.get(qr), board, hx,
                      tuple(f for f in board.features if f.at == qr and f.joins))
        out += draw_space(ctx, t, elements, where, subject, lo)
    # the board's outer edge, drawn heavier: every hex side with no neighbour on the board
    if t["edge_width"] > 0:
        edge = Style(stroke=t["grid"], width=t["edge_width"], cap="round")
        for qr in sorted(cells):
            centre = (cs[qr][0] + ox, cs[qr][1] + oy)
            for i, n in enumerate(neighbours(qr)):
                if n not in cells:
                    a, b = side_ends(centre, s, i, pointy) if pointy else _side(corners(centre, s), i)
                    out.append(line(a[0], a[1], b[0], b[1], edge))
    out += sides_drawn(ctx, board.features, {qr: (x + ox, y + oy) for qr, (x, y) in cs.items()}, s, pointy)
    for area in board.off_board:
        px, py = centre_of(_beyond(board, area), s, pointy)
        out += off_board_drawn(ctx, t, area, (px + ox, py + oy), s, pointy,
                               side_names(pointy).index(area.side))
    out += start_marks(ctx, board, {qr: (x + ox, y + oy) for qr, (x, y) in cs.items()}, f, ink, hexes=True)
    once = space_elements(ctx, t, "board", _bundled(ctx))
    spot = None
    if t["compass"] > 0 and any(e.kind == "compass" and e["box"] is None for e in once):
        spot = _free_corner(w, h, [(p[0] + ox, p[1] + oy) for p in drawn], s, t["compass"], pad, th_)
        if spot is None:
            h += t["compass"] + pad
            out[0] = Rect(0, 0, w, h, Style(fill=paper))
            spot = (w - pad - t["compass"] / 2, h - pad - t["compass"] / 2)
    if once:
        subject = space_subject(ctx, board, f"board '{board.id}'", None, None, (), "")
        out += draw_space(ctx, t, once, Space((w / 2, h / 2), 0.0, "board", None, board=board), subject, None,
                          (w, h), {"compass": spot})
    return Group(tuple(out), label=f"board {board.id}"), (w, h)


@register("compass", "the six direction names of the board's hexes on a small hexagon with arrows (default: in a "
          "corner of the board clear of its hexes, as large as the template's compass)", {}, supplied="boards")
def draw_compass(element, box, scope) -> list[Item]:
    t = scope.template
    space = scope.extra["space"]
    if space.board is None or space.board.grid != "hex":
        return []
    pointy = space.board.pointy
    size = text_style(t["directions"], t["ink"]).size
    if element["box"] is None:
        spot = scope.extra.get("compass")
        return [compass(spot, t["compass"], t["ink"], size, pointy)] if spot is not None else []
    x, y, w, h = box
    return [compass((x + w / 2, y + h / 2), min(w, h), t["ink"], size, pointy)] if min(w, h) > 4 * size else []


def start_marks(ctx: Ctx, board: Board, centres: dict[tuple[int, int], tuple[float, float]], f: float,
                ink: str, hexes: bool = False) -> list[Item]:
    """A dashed ring on each prescribed start space, named by the token of that id's label (else the id)."""
    labels = {tk.id: tk.label for tk in getattr(ctx.game, "tokens", ()) if tk.label}
    out: list[Item] = []
    right = max((x for x, _y in centres.values()), default=0.0)
    for sid, at in getattr(board, "starts", ()):
        if at in centres:
            cx, cy = centres[at]
            out.append(Circle(cx, cy, f * 0.36, Style(stroke=ink, width=0.4, dash=(1.2, 0.9))))
            # its name above the ring, clear of the dashes, inside the space: to the right, or to the left on a
            # space of the board's right-hand edge (where the board's frame runs)
            size = f * 0.2
            if hexes:  # between the ring and the hex's top edge, clear of the pips at its E, SW and NW corners
                size = f * 0.13
                out.append(Text(cx, cy - f * 0.375, labels.get(sid, str(sid)), size, ink, "bold", "middle"))
                continue
            side = -1.0 if cx >= right - 1e-6 else 1.0
            out.append(Text(cx + side * f * 0.41, cy - f * 0.33 + fonts.CAP_HEIGHT * size / 2,
                            labels.get(sid, str(sid)), size, ink, "bold", "middle"))
    return out


def _side(pts, direction: int):
    """The two corners of a flat-top hex on the side facing a direction (N, NE, SE, S, SW, NW)."""
    # corners() starts at the east corner and turns clockwise (y down): 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE
    pairs = {0: (4, 5), 1: (5, 0), 2: (0, 1), 3: (1, 2), 4: (2, 3), 5: (3, 4)}
    a, b = pairs[direction]
    return pts[a], pts[b]


def _free_corner(w, h, centres, s, size, pad, top):
    """Centre of a corner of the board's box where a compass of `size` clears every hex, or None."""
    half = size / 2 + 2.0
    spots = [(pad + half, top + pad + half), (w - pad - half, top + pad + half),
             (pad + half, h - pad - half), (w - pad - half, h - pad - half)]
    for sx, sy in spots:
        if all(math.hypot(cx - sx, cy - sy) > s + half for cx, cy in centres):
            return (sx, sy)
    return None


def compass(centre, size: float, ink: str, text_size: float, pointy: bool = False) -> Group:
    """A small hexagon with the six direction names on its sides and arrows toward them."""
    cx, cy = centre
    r = size / 2 - text_size * 1.6
    turn = -30 if pointy else 0
    out: list[Item] = [polygon(hex_corners((cx, cy), r, pointy), Style(fill="#ffffff", stroke=ink, width=0.35))]
    for i, name in enumerate(side_names(pointy)):
        ang = math.radians(-90 + 60 * i + turn)
        out.append(arrow(cx, cy, -90 + 60 * i + turn, r * 0.78, tint(ink, 0.5), shaft=0.3, head=1.3))
        d = r * SQRT3 / 2 + text_size * 0.9
        tx, ty = cx + d * math.cos(ang), cy + d * math.sin(ang) + text_size * 0.36
        out.append(Text(tx, ty, name, text_size, ink, "bold", "middle"))
    return Group(tuple(out))


def square_board(ctx: Ctx, board: Board, t: Tmpl) -> tuple[Group, tuple[float, float]]:
    """A square-grid board: squares coloured by suit or terrain with the suit's symbol or the terrain's icon, a
    heading terrain's arrow and a turning terrain's curved arrow, edge labels (with a note when the board wraps)
    and a legend of its terrain."""
    c = getattr(board, "cell_size_mm", 20.0)
    cols, rows = getattr(board, "width", 0), getattr(board, "height", 0)
    pad, th_ = t["padding"], t["title_height"]
    ink, paper = t["ink"], t["background"]
    edge = t["edge_band"]
    note = _wrap_note(board, t)
    gx, gy = square_origin(board, t)
    terrains = {tr.id: tr for tr in getattr(ctx.game, "terrains", ())}
    used = [terrains[k] for k in sorted({q.terrain for q in board.squares if q.terrain in terrains},
                                        key=list(terrains).index)]
    zoned = [z for z in board.zones if z.cells]
    legend, legend_h = _legend(ctx, t, used, cols * c + 2 * edge, zoned) if t["legend"] and (used or zoned) else \
        (None, 0.0)
    w = cols * c + 2 * edge + 2 * pad
    h = gy + rows * c + edge + (legend_h + 3.0 if legend else 0.0) + pad
    out: list[Item] = [Rect(0, 0, w, h, Style(fill=paper))]
    if th_:
        out.append(text_box(board.name, (pad, pad * 0.5, w - 2 * pad, th_), text_style(t["title"], ink)).group)
    if note:
        out.append(place(note.group, gx, pad + th_))
    arts = {a.at: a.image for a in board.art}
    space = None if board.image is not None else paper  # a plain square shows the board's picture
    values, zones = values_at(board), zones_at(board)
    for cell in getattr(board, "squares", ()):
        out.append(_square(ctx, t, cell, terrains.get(cell.terrain) if cell.terrain else None,
                           gx + cell.x * c, gy + cell.y * c, c, space, arts.get(cell.xy), f"board '{board.id}'",
                           zones.get(cell.xy), values.get(cell.xy)))
    elements = space_elements(ctx, t, "square", _bundled(ctx))
    locations = {loc.at: loc for loc in board.locations if loc.at is not None}
    for cell in getattr(board, "squares", ()) if elements else ():
        lo = locations.get(cell.xy)
        coordinate = f"{_row_name(cell.y)}{cell.x + 1}"
        subject = space_subject(ctx, board, f"board '{board.id}' square {coordinate}", lo, cell.suit,
                                (cell.terrain,) if cell.terrain else (), coordinate)
        where = Space((gx + (cell.x + 0.5) * c, gy + (cell.y + 0.5) * c), c / 2, "square", None, None, board, cell)
        out += draw_space(ctx, t, elements, where, subject, lo)
    if edge > 0:
        ts = text_style(t["edge_labels"], tint(ink, 0.7))
        lift = fonts.CAP_HEIGHT * ts.size / 2
        for i in range(cols):
            x = gx + (i + 0.5) * c
            for y in (gy - edge / 2, gy + rows * c + edge / 2):
                out.append(Text(x, y + lift, str(i + 1), ts.size, ts.colour, "bold", "middle"))
        for j in range(rows):
            y = gy + (j + 0.5) * c
            for x in (gx - edge / 2, gx + cols * c + edge / 2):
                out.append(Text(x, y + lift, _row_name(j), ts.size, ts.colour, "bold", "middle"))
    out += start_marks(ctx, board, {q.xy: (gx + (q.x + 0.5) * c, gy + (q.y + 0.5) * c) for q in board.squares}, c,
                       ink)
    # a wrapping edge is open
    frame = Style(stroke=t["grid"], width=t["edge_width"], dash=(4.0, 2.0) if board.wrap else ())
    out.append(Rect(gx, gy, cols * c, rows * c, frame))
    if legend:
        out.append(place(legend, pad, gy + rows * c + edge + 3.0))
    return Group(tuple(out), label=f"board {board.id}"), (w, h)


def _wrap_note(board: Board, t: Tmpl):
    """The laid-out note that a wrapping board's edges wrap, or None."""
    if not (getattr(board, "wrap", False) and t["wrap_note"]):
        return None
    return text_box(t["wrap_note"], (0, 0, board.width * board.cell_size_mm, 1e6), text_style(t["wrap_text"], t["ink"]))


def square_origin(board: Board, t: Tmpl) -> tuple[float, float]:
    """Where the top left corner of square (0, 0) of a square-grid board sits on its piece (mm)."""
    note = _wrap_note(board, t)
    return (t["padding"] + t["edge_band"],
            t["padding"] + t["title_height"] + (note.height + 1.5 if note else 0.0) + t["edge_band"])


def _row_name(j: int) -> str:
    """Rows are lettered A, B, ... Z, AA, AB ..."""
    return letters(j)


def _terrain_colours(ctx: Ctx, t: Tmpl, tr, paper: str) -> tuple[str, str]:
    """(fill, icon colour) of a terrain's square: a tint of its colour and a dark shade of it for the icon."""
    base = ctx.colour(tr.colour, "") if tr.colour else ""
    if not base:
        return paper, t["ink"]
    fill = tint(base, 0.12 if ctx.theme.ink_saver else t["fill"])
    mark = shade(base, 0.45)
    return fill, mark if contrast(mark, fill) >= 3.0 else t["ink"]


def _square(ctx: Ctx, t: Tmpl, cell, tr, x: float, y: float, c: float, paper: str | None, art=None,
            what: str = "", zone=None, value: str | None = None) -> Group:
    """One square of a square-grid board; its picture (the board's art for it, else its terrain's) fills it, its
    zone's colour fills it, its value prints in it."""
    fill = _suit_fill(ctx, t, cell.suit, paper)
    mark = t["ink"]
    if tr is not None:
        fill, mark = _terrain_colours(ctx, t, tr, paper)
    if zone is not None:
        fill = zone_fill(ctx, t, zone)
    grid = Style(stroke=t["grid"], width=t["grid_width"])
    out: list[Item] = [Rect(x, y, c, c, replace(grid, fill=fill))]
    picture = None
    if art is not None:
        picture = ctx.art(art, f"{what} art {[cell.x, cell.y]}", (x, y, c, c), t["space_art"],
                          Rect(x, y, c, c, Style()))
    elif tr is not None and tr.image is not None:
        picture = ctx.art(tr.image, f"terrain '{tr.id}'", (x, y, c, c), t["space_art"], Rect(x, y, c, c, Style()))
    if picture is not None:
        out += [picture, Rect(x, y, c, c, grid)]
    size = c * t["symbol"]
    if cell.suit and cell.suit in ctx.icons.suits:
        out.append(ctx.icons.suit_symbol(cell.suit, x + (c - size) / 2, y + (c - size) / 2, size))
    heading = cell.direction in ("N", "E", "S", "W")
    turn = cell.direction in ("cw", "ccw")
    if tr is not None and tr.icon and ctx.icons.known(tr.icon) and not heading and tr.image is None:
        # (a heading's arrow is its mark; a picture takes the icon's place)
        s = size * (1.0 if turn else 1.35)
        out.append(ctx.icons.draw(tr.icon, x + (c - s) / 2, y + (c - s) / 2, s, mark, mono=True))
    if heading:
        ang = {"N": -90, "E": 0, "S": 90, "W": 180}[cell.direction]
        a = math.radians(ang)
        L = c * 0.62
        out.append(arrow(x + c / 2 - math.cos(a) * L / 2, y + c / 2 - math.sin(a) * L / 2, ang, L, mark,
                         shaft=c * 0.05, head=c * 0.2))
    if turn:
        out.append(turn_arrow(x + c / 2, y + c / 2, c * 0.36, cell.direction == "cw", mark, c * 0.045, c * 0.16))
    if value:
        held = (cell.suit in ctx.icons.suits) or (tr is not None and bool(tr.icon or tr.image or cell.direction))
        out.append(value_text(t, value, x, y, c, fill, corner=held or picture is not None, source=cell.loc))
    return Group(tuple(out))


def turn_arrow(cx: float, cy: float, r: float, clockwise: bool, colour: str, width: float, head: float) -> Group:
    """A three-quarter circle about (cx, cy), open at the top, with an arrowhead showing the way it turns (at its
    upper left end turning clockwise, at its upper right end anticlockwise)."""
    start, sweep = (-45.0, 270.0) if clockwise else (225.0, -270.0)
    pb = PathBuilder()
    pb.arc(cx, cy, r, start, sweep)
    end = math.radians(start + sweep)
    ex, ey = cx + r * math.cos(end), cy + r * math.sin(end)
    tangent = end + (math.pi / 2 if clockwise else -math.pi / 2)
    tx, ty = math.cos(tangent), math.sin(tangent)
    nx, ny = -ty, tx
    tip = (ex + tx * head * 0.6, ey + ty * head * 0.6)
    base = (ex - tx * head * 0.4, ey - ty * head * 0.4)
    return Group((pb.build(Style(stroke=colour, width=width, cap="round")),
                  polygon([tip, (base[0] + nx * head * 0.5, base[1] + ny * head * 0.5),
                           (base[0] - nx * head * 0.5, base[1] - ny * head * 0.5)], Style(fill=colour))))


def _legend(ctx: Ctx, t: Tmpl, terrains, width: float, zones=()) -> tuple[Group, float]:
    """A key to a board's terrain and zones, two to a row: a sample square, the name and what it does."""
    out: list[Item] = []
    per_row = 2
    cw = (width - 4.0 * (per_row - 1)) / per_row
    s = 9.0
    y = 0.0
    row_h = 0.0
    ts = text_style(t["legend_text"], t["ink"])
    for k, tr in enumerate((*terrains, *zones)):
        col = k % per_row
        if col == 0 and k:
            y += row_h + 2.0
            row_h = 0.0
        x = col * (cw + 4.0)
        if isinstance(tr, Zone):
            out.append(zone_sample(ctx, t, tr, x, y, s))
        else:
            direction = {"heading": "E", "turn": "cw"}.get(tr.direction)
            out.append(_square(ctx, t, Cell(0, 0, None, tr.id, direction), tr, x, y, s, t["background"]))
        text = f"**{tr.name}.** {tr.text}".strip()
        laid = text_box(text, (x + s + 2.0, y, cw - s - 2.0, 1e6), ts, ctx.icons.inline)
        out.append(laid.group)
        row_h = max(row_h, s, laid.height)
    return Group(tuple(out), label="legend"), y + row_h


def _labelled(pattern: str, value: str) -> str:
    """A location's value or cost as the template labels it ('' for none)."""
    return pattern.replace("{value}", value).replace("{cost}", value) if value else ""


def locations_board(ctx: Ctx, board: Board, t: Tmpl) -> tuple[Group, tuple[float, float], tuple]:
    """A board of named locations (no grid): a box per location with its name, icon, text and slots; a row of
    boxes is as tall as its fullest box needs. Also where each location's box is: (id, (x, y, w, h))."""
    locs = list(getattr(board, "locations", ()))
    cols = getattr(board, "width", 0) or max(1, math.ceil(math.sqrt(len(locs))))
    spots, k = {}, 0
    for loc in locs:
        if loc.at is not None:
            spots[loc.id] = tuple(loc.at)
        else:
            while (k % cols, k // cols) in spots.values():
                k += 1
            spots[loc.id] = (k % cols, k // cols)
    rows = max((r for _, r in spots.values()), default=0) + 1
    cols = max(cols, max((c for c, _ in spots.values()), default=0) + 1)
    lw, lh = t["location"]
    gap, pad, th_ = 4.0, t["padding"], t["title_height"]
    template_slot = t["slot_size"] if t["slot_size"] else (t["slot"], t["slot"])
    isz = 8.0
    heights = [lh] * rows
    widths = [lw] * cols
    for loc in locs:  # a location with slots larger than its box (cards) widens its column
        sw = (loc.slot_size or template_slot)[0]
        if loc.slot_size and loc.slots and sw > lw - 5:
            across = math.ceil(math.sqrt(loc.slots))
            widths[spots[loc.id][0]] = max(widths[spots[loc.id][0]], across * (sw + 1.5) - 1.5 + 5)
    laid: dict[str, tuple] = {}
    for loc in locs:
        c, r = spots[loc.id]
        sw, sh = loc.slot_size or template_slot
        inner = widths[c] - 5
        per_row = max(1, int((inner + 1.5) // (sw + 1.5)))
        icon = isz if loc.icon and ctx.icons.known(loc.icon) else 0.0
        title = text_box(loc.name, (0, 0, inner - icon, 8), text_style(t["location_title"], t["ink"]))
        words = "\n".join(x for x in (loc.text, _labelled(t["value_text"], loc.value),
                                       _labelled(t["cost_text"], loc.cost)) if x)
        body = text_box(words, (0, 0, inner, 1e6), text_style(t["location_text"], t["ink"]), ctx.icons.inline) \
            if words else None
        srows = math.ceil(loc.slots / per_row) if loc.slots else 0
        slots_h = srows * (sh + 1.5) - 1.5 if srows else 0.0
        need = 2.5 + max(title.height, icon) + 1.0 + (body.height + 2.0 if body else 0.0) + slots_h + 2.5
        heights[r] = max(heights[r], need)
        laid[loc.id] = (title, body, icon, srows, per_row, (sw, sh))
    tops = [pad + th_ + sum(heights[:r]) + gap * r for r in range(rows)]
    lefts = [pad + sum(widths[:c]) + gap * c for c in range(cols)]
    w = sum(widths) + (cols - 1) * gap + 2 * pad
    h = tops[-1] + heights[-1] + pad
    ink, paper = t["ink"], t["background"]
    out: list[Item] = [Rect(0, 0, w, h, Style(fill=paper))]
    places = tuple((loc.id, (lefts[spots[loc.id][0]], tops[spots[loc.id][1]], widths[spots[loc.id][0]],
                             heights[spots[loc.id][1]])) for loc in locs)
    if th_:
        out.append(text_box(board.name, (pad, pad * 0.5, w - 2 * pad, th_), text_style(t["title"], ink)).group)
    for loc in locs:
        c, r = spots[loc.id]
        x, y = lefts[c], tops[r]
        bh, lw = heights[r], widths[c]
        title, body, icon, srows, per_row, (sw, sh) = laid[loc.id]
        colour = ctx.colour(loc.colour, t["grid"])
        out.append(Rect(x, y, lw, bh, Style(fill=tint(colour, 0.08 if ctx.theme.ink_saver else 0.15),
                                            stroke=colour, width=0.5), 2.5))
        if loc.image is not None:
            art = ctx.art(loc.image, f"board '{board.id}' location '{loc.id}'", (x, y, lw, bh), t["art"]["fit"],
                          Rect(x, y, lw, bh, Style(), 2.5))
            if art is not None:
                out.append(art)
        if icon:
            out.append(ctx.icons.draw(loc.icon, x + lw - 2.5 - icon, y + 2.5, icon, ink))
        out.append(place(title.group, x + 2.5, y + 2.5))
        if body:
            out.append(place(body.group, x + 2.5, y + 2.5 + max(title.height, icon) + 1.0))
        left = loc.slots
        for j in range(srows):
            n = min(per_row, left)
            left -= n
            sy = y + bh - 2.5 - (srows - j) * (sh + 1.5) + 1.5
            for i in range(n):
                sx = x + lw / 2 - (n * (sw + 1.5) - 1.5) / 2 + i * (sw + 1.5)
                out.append(Rect(sx, sy, sw, sh, Style(fill="#ffffff", stroke=tint(ink, 0.5), width=0.3,
                                                      dash=(1.2, 0.8)), 1.5))
    return Group(tuple(out), label=f"board {board.id}"), (w, h), places
