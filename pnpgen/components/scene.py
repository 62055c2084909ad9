"""A picture of a position: the kit's own board with the engine's markers on their cells, rows of the kit's cards,
and the rest in words, as one drawing (written as SVG by the caller)."""

from __future__ import annotations

import math
from collections.abc import Callable

from ..draw import fonts
from ..draw.colour import readable_on
from ..draw.piece import Piece
from ..draw.primitives import Circle, Drawing, Group, Item, Rect, Style, Text, place, polygon
from ..draw.text import TextStyle, text_box
from ..draw.units import pt
from ..engine.api import Card, Marker, Scene
from ..errors import PnpgenError
from ..maths.hexgrid import centre_of
from ..model import Game
from .board import board_piece
from .cards import deck_pieces
from .context import Ctx

MARGIN = 8.0  # mm around everything
WIDTH = 190.0  # mm: the least width of a picture (an A4 page's less its margins)
CARD_SCALE = 0.42  # cards in rows print at this share of their size
INK = "#222222"
NEUTRAL = "#9e9e9e"  # a marker of no player and no token


class Pictures:
    """Pictures of positions of one game: its board and card faces laid out once, for every frame."""

    def __init__(self, game: Game, ctx: Ctx | None = None):
        self.game = game
        self.ctx = ctx or Ctx.make(game)
        self.boards: dict[int, Piece] = {}
        self.faces = _faces(self.ctx, game)

    def _board(self, board) -> Piece:
        key = id(board)
        if key not in self.boards:
            self.boards[key] = board_piece(self.ctx, board)
        return self.boards[key]

    def board(self, scene: Scene) -> Piece | None:
        """The board a scene is drawn on, laid out once."""
        return self._board(scene.board) if scene.board is not None else None

    def board_only(self, scene: Scene) -> tuple[Group, float, float] | None:
        """The board with its markers alone, inside its trim: (drawing, width, height); None without a board."""
        board = self.board(scene)
        if board is None:
            return None
        trim = Rect(0, 0, board.width, board.height, Style())
        marked = Group((board.face, *(_marker(self.ctx, board, m) for m in scene.markers)), clip=trim)
        return marked, board.width, board.height

    def drawing(self, scene: Scene, title: str, caption: tuple[str, ...] = ()) -> Drawing:
        """The picture of a position's scene: a title (if any) and caption lines, the board with its markers, the
        rows of cards (each with its words under it) and the notes."""
        return self.laid(scene, title, caption)[0]

    def laid(self, scene: Scene, title: str, caption: tuple[str, ...] = ()) -> tuple[Drawing, Regions]:
        """The picture (as `drawing`), and where each thing an action may involve is on it: a region for each
        marker, cell of the board, location of the other boards, face-up card and row, by its spot key
        (api.Spot.key)."""
        board = self.board(scene)
        more = [(b.id, self._board(b)) for b in scene.more_boards]
        width = max(WIDTH, board.width if board else 0.0, *(piece.width for _, piece in more))
        items: list[Item] = []
        regions: Regions = {}
        y = MARGIN
        if title:
            items.append(Text(MARGIN, y + fonts.CAP_HEIGHT * 5.0, title, 5.0, INK, "bold"))
            y += 8.0
        small = TextStyle(size=pt(9), colour=INK)
        for line in caption:
            laid = text_box(line, (MARGIN, y, width, 1e5), small)
            items.append(laid.group)
            y += laid.height + 1.0
        y += 2.0
        if board is not None:
            items.append(place(Group((board.face, *(_marker(self.ctx, board, m) for m in scene.markers))), MARGIN, y))
            regions.update(_cell_regions(board, scene.board, MARGIN, y))
            regions.update(_marker_regions(board, scene.markers, MARGIN, y))
            y += board.height + 4.0
        for board_id, piece in more:
            items.append(place(piece.face, MARGIN, y))
            for location, (lx, ly, lw, lh) in piece.places:
                regions[f"place:{board_id}:{location}"] = {"shape": "rect", "x": MARGIN + lx, "y": y + ly, "w": lw,
                                                           "h": lh}
            y += piece.height + 4.0
        for row in scene.rows:
            drawn, h, cards = _row(row.label, row.cards, self.faces, width, y)
            items += drawn
            regions[f"row:{row.label}"] = {"shape": "rect", "x": MARGIN, "y": y, "w": width, "h": h}
            for card, box in zip(row.cards, cards):
                if card.card:
                    regions.setdefault(f"card:{row.label}:{card.card}", box)
            y += h + 3.0
        for line in scene.notes:
            laid = text_box(line, (MARGIN, y, width, 1e5), small)
            items.append(laid.group)
            y += laid.height + 0.8
        w, h = width + 2 * MARGIN, y + MARGIN
        return Drawing(w, h, Group((Rect(0, 0, w, h, Style(fill="#ffffff")), *items)), title), regions

    def svg(self, scene: Scene, title: str, caption: tuple[str, ...] = ()) -> bytes:
        """The picture as an SVG document."""
        return self.svg_and_regions(scene, title, caption)[0]

    def svg_and_regions(self, scene: Scene, title: str, caption: tuple[str, ...] = ()) -> tuple[bytes, Regions]:
        """The picture as an SVG document (in mm), and its regions (see `laid`)."""
        from ..render.svg import write_svg

        with fonts.using(fonts.for_game(self.game)):
            drawing, regions = self.laid(scene, title, caption)
            return write_svg(drawing), regions


Regions = dict[str, dict]  # a spot's key: its shape ('circle' x y r, 'hex' x y r (flat-top), 'rect' x y w h) in mm


def _cell_regions(piece: Piece, board, x0: float, y0: float) -> Regions:
    """A region for each cell of a board drawn at (x0, y0)."""
    lat = piece.lattice
    if lat is None:
        return {}
    out: Regions = {}
    cells = [h.qr for h in board.hexes] if lat.kind.startswith("hex") else \
        [(x, y) for y in range(board.height) for x in range(board.width)]
    for cell in cells:
        cx, cy = cell_centre(piece, cell)
        if lat.kind == "hex":
            out[f"cell:{cell[0]},{cell[1]}"] = {"shape": "hex", "x": x0 + cx, "y": y0 + cy, "r": lat.size}
        elif lat.kind == "hex-pointy":  # (its inscribed circle)
            out[f"cell:{cell[0]},{cell[1]}"] = {"shape": "circle", "x": x0 + cx, "y": y0 + cy,
                                                "r": lat.size * 0.866}
        else:
            half = lat.size / 2
            out[f"cell:{cell[0]},{cell[1]}"] = {"shape": "rect", "x": x0 + cx - half, "y": y0 + cy - half,
                                                "w": lat.size, "h": lat.size}
    return out


def _marker_regions(piece: Piece, markers, x0: float, y0: float) -> Regions:
    """A region for each marker on a board drawn at (x0, y0): its disc."""
    lat = piece.lattice
    if lat is None:
        return {}
    r = lat.size * (0.55 if lat.kind.startswith("hex") else 0.32)
    out: Regions = {}
    for m in markers:
        cx, cy = cell_centre(piece, m.cell)
        out.setdefault(f"marker:{m.label}", {"shape": "circle", "x": x0 + cx, "y": y0 + cy, "r": r})
    return out


def picture(engine, state, title: str, caption: tuple[str, ...] = (), pictures: Pictures | None = None,
            viewer: int | None = None) -> bytes:
    """A position drawn as SVG through its engine's scene (as `viewer` sees it, if given), with where play stands
    under the title; a PnpgenError when the engine draws no pictures."""
    scene = engine.scene(state, viewer)
    if scene is None:
        raise PnpgenError(f"the {engine.name} engine draws no pictures of a position (its scene() gives none)")
    pictures = pictures or Pictures(state.rules.content)
    return pictures.svg(scene, title, (engine.status(state), *caption))


def frames(engine, start, actions: list, title: str) -> tuple[list[str], dict[str, bytes]]:
    """A log narrated with a picture per step: (the narration's lines, the files of a folder holding
    frame-000.svg (the start), one frame after each action, and index.html listing the lines, each linked to
    its frame, beside the frame shown)."""
    from ..engine.narrate import step

    pictures = Pictures(start.state.rules.content)
    state = start.state.clone()
    files = {"frame-000.svg": picture(engine, state, f"{title}: the start", (), pictures)}
    lines = []
    before = None
    for number, action in enumerate(actions, start=1):
        line, before = step(engine, state, action, start, before)
        lines.append(f"{number}. {line}")
        files[f"frame-{number:03d}.svg"] = picture(engine, state, f"{title}, after action {number}", (line,),
                                                   pictures)
    lines.append(engine.status(state))
    files["index.html"] = _index(title, lines).encode("utf-8")
    return lines, files


def _index(title: str, lines: list[str]) -> str:
    """A page of the narration: each line links to the picture after it, shown beside the list."""
    from html import escape

    items = ['<li><a href="frame-000.svg" target="frame">the start</a></li>']
    items += [f'<li><a href="frame-{n:03d}.svg" target="frame">{escape(line)}</a></li>'
              for n, line in enumerate(lines[:-1], start=1)]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>body{{display:flex;margin:0;font:14px sans-serif}}"
            "ul{width:40%;height:100vh;overflow:auto;margin:0;padding:1em;box-sizing:border-box;list-style:none}"
            "li{margin:.3em 0}iframe{flex:1;height:100vh;border:0;border-left:1px solid #ccc}</style></head>"
            f"<body><ul>{''.join(items)}<li>{escape(lines[-1])}</li></ul>"
            "<iframe name=\"frame\" src=\"frame-000.svg\" title=\"the position\"></iframe></body></html>\n")


def cell_centre(board: Piece, cell: tuple[int, int]) -> tuple[float, float]:
    """Where a cell's centre is on a board's piece (mm from its top left)."""
    lat = board.lattice
    if lat is None:
        raise ValueError(f"board '{board.id}' has no cells to put a marker on")
    if lat.kind in ("hex", "hex-pointy"):
        px, py = centre_of(cell, lat.size, lat.kind == "hex-pointy")
        return lat.origin[0] + px, lat.origin[1] + py
    return lat.origin[0] + (cell[0] + 0.5) * lat.size, lat.origin[1] + (cell[1] + 0.5) * lat.size


def _marker(ctx: Ctx, board: Piece, m: Marker) -> Group:
    """A marker on its cell: a disc in its token's (else its player's) colour with its label, a notch toward
    the way it faces."""
    cx, cy = cell_centre(board, m.cell)
    lat = board.lattice
    r = lat.size * (0.55 if lat.kind.startswith("hex") else 0.32)
    colour = _colour(ctx, m)
    ink = readable_on(colour, INK)
    out: list[Item] = [Circle(cx, cy, r, Style(fill=colour, stroke=INK, width=0.5))]
    if m.facing is not None:
        a = math.radians(m.facing)
        dx, dy = math.sin(a), -math.cos(a)
        tip, base, half = r + 2.2, r - 0.3, 1.6
        out.append(polygon([(cx + dx * tip, cy + dy * tip), (cx + dx * base - dy * half, cy + dy * base + dx * half),
                            (cx + dx * base + dy * half, cy + dy * base - dx * half)], Style(fill=INK)))
    size = r * (1.1 if len(m.label) == 1 else 0.8)
    out.append(Text(cx, cy + fonts.CAP_HEIGHT * size / 2, m.label, size, ink, "bold", "middle"))
    return Group(tuple(out), label=f"marker {m.label}", anchor=f"marker-{m.label}")


def _colour(ctx: Ctx, m: Marker) -> str:
    token = next((t for t in ctx.game.tokens if t.id == m.token), None) if m.token else None
    if token is not None:
        return ctx.colour(token.colour, NEUTRAL)
    if m.player is not None and f"player-{m.player}" in dict(ctx.game.colours):
        return ctx.colour(f"player-{m.player}", NEUTRAL)
    return NEUTRAL


def _faces(ctx: Ctx, game: Game) -> Faces:
    """A card's face drawing (a face-down card's: its deck's back), each deck laid out once, on first use."""
    laid: dict[str, list[Piece]] = {}

    def face(card: Card) -> Piece | None:
        decks = [d for d in game.decks if d.id == card.deck] if card.deck else \
            [d for d in game.decks if any(c.id == card.card for c in d.cards)]
        if not decks:
            return None
        deck = decks[0]
        if deck.id not in laid:
            laid[deck.id] = deck_pieces(ctx, deck)
        ids = [c.id for c in deck.cards]
        if not card.card:
            return laid[deck.id][-1]  # the back, after a piece per card type
        return laid[deck.id][ids.index(card.card)] if card.card in ids else None

    return face


Faces = Callable[[Card], "Piece | None"]  # a card's drawing (its deck laid out on first use)


def _row(label: str, cards: tuple[Card, ...], faces: Faces, width: float,
         y: float) -> tuple[list[Item], float, list[dict]]:
    """A row's name, then its cards side by side (wrapping), each small with its words under it; (the drawing,
    its height, each card's box as a region)."""
    out: list[Item] = [Text(MARGIN, y + fonts.CAP_HEIGHT * pt(10), label + ("" if cards else ": none"), pt(10), INK,
                            "bold")]
    top = y + 5.0
    x, line_h = MARGIN, 0.0
    words = TextStyle(size=pt(7), colour=INK, align="center")
    boxes: list[dict] = []
    for card in cards:
        piece = faces(card)
        w, h = (piece.width, piece.height) if piece else (63.0, 88.0)
        w, h = w * CARD_SCALE, h * CARD_SCALE
        if x + w > MARGIN + width + 1e-6 and x > MARGIN:
            x, top, line_h = MARGIN, top + line_h + 2.0, 0.0
        if piece is not None:  # its face inside its trim (the bleed stays off the picture)
            trim = Rect(0, 0, piece.width, piece.height, Style())
            out.append(place(Group((piece.face,), clip=trim), x, top, factor=CARD_SCALE))
            out.append(Rect(x, top, w, h, Style(stroke="#777777", width=0.2)))
        else:
            out.append(Rect(x, top, w, h, Style(fill="#f2f2f2", stroke="#777777", width=0.3)))
            out.append(text_box(card.card, (x + 1, top + 1, w - 2, h - 2), words).group)
        boxes.append({"shape": "rect", "x": x, "y": top, "w": w, "h": h})
        used = h
        if card.words:
            laid = text_box(card.words, (x, top + h + 0.8, w, 1e5), words)
            out.append(laid.group)
            used += laid.height + 0.8
        line_h = max(line_h, used)
        x += w + 2.0
    return out, (top - y) + (line_h if cards else 0.0), boxes
