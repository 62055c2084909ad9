"""Tabletop Simulator: a saved object (every deck, board, card and token of the kit) and the images it loads.

Each deck is a `DeckCustom` whose faces come from sheets of at most 10 x 7 cards (the last slot holds the card
back, the image TTS shows for a hidden card) no more than 4096 pixels a side, and one back image; every physical
card is a `Card` named after its card. Boards, area cards and player aids are `Custom_Tile`s (their backs on the
other side); tokens are `Custom_Token`s cut out along their outline, or `Custom_Tile`s when they have a back.
Images are found at `file:///` paths in the output folder, or under `--tts-url-prefix` once hosted. Objects lie
on the table in rows (tts_table.py): decks, then boards, area cards and aids, then tokens, each token's copies in
a stack. Every image states the resolution its pixels hold at the piece's printed size (a deck sheet shrunk to
4096 pixels says so).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path

from ...draw.piece import Kit, Piece
from ...draw.primitives import Circle, Group, Item
from ..raster import Shot, piece_drawing, pixels, png_bytes, rasterise, require_rasteriser, shot
from .base import OutFile, Pages, WriteOptions, Writer, decks
from .tts_table import TABLE, Spot, arrange, footprint

FOLDER = "tts"
MAX_SIDE = 4096  # pixels: the largest texture TTS loads
MAX_COLS, MAX_ROWS = 10, 7
TILE_MM = 33.5  # about the longer side, in mm as printed, of a tile or token at scale 1 (cards at scale 1: poker)
CARD_MM = 63.5  # a card's width at scale 1
TILE_TYPES = {"box": 0, "hex": 1, "circle": 2, "rounded": 3}
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}


@dataclass(frozen=True)
class Grid:
    """A face sheet: its cards' piece ids (in slot order), columns, rows and each card's pixels."""

    key: int  # the CustomDeck key: a card's id is key * 100 + its slot
    cards: tuple[Piece, ...]
    cols: int
    rows: int
    card_w: int
    card_h: int


def sheet_grid(count: int) -> tuple[int, int]:
    """Columns and rows for `count` card faces plus the hidden card's slot (at least 2 x 2, at most 10 x 7)."""
    slots = count + 1
    cols = min(MAX_COLS, max(2, slots))
    rows = max(2, math.ceil(slots / cols))
    return cols, rows


def card_pixels(piece: Piece, dpi: int, cols: int, rows: int) -> tuple[int, int]:
    """A card's pixels on a sheet: its size at `dpi`, made smaller (keeping its shape) to keep the sheet within
    4096 pixels a side."""
    w, h = pixels(piece.width, dpi), pixels(piece.height, dpi)
    f = min(1.0, MAX_SIDE / (cols * w), MAX_SIDE / (rows * h))
    return max(1, math.floor(w * f)), max(1, math.floor(h * f))


def guid(text: str) -> str:
    """A stable six-hex-digit GUID for an object."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:6]


def transform(scale: float = 1.0, face_down: bool = False) -> dict:
    """A TTS transform, turned face down if asked, scaled evenly across the table; tts_table.arrange places it."""
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": round(scale, 4), "scaleY": 1.0, "scaleZ": round(scale, 4)}


def base_object(name: str, nickname: str, ident: str, tf: dict, colour: dict = GREY) -> dict:
    """The fields every TTS object carries."""
    return {"GUID": guid(ident), "Name": name, "Transform": tf, "Nickname": nickname, "Description": "",
            "GMNotes": "", "ColorDiffuse": colour, "Locked": False, "Grid": True, "Snap": True,
            "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
            "Hands": name in ("Card", "DeckCustom"), "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def outline_kind(item: Item) -> str:
    """The tile shape that holds a token's outline: a circle if its first shape is one, else a box."""
    while isinstance(item, Group) and item.items:
        item = item.items[0]
    return "circle" if isinstance(item, Circle) else "box"


@dataclass(frozen=True)
class Picture:
    """An image file to make: one shot, or a sheet of `cols` columns of cell shots (None: a blank cell)."""

    name: str
    shot: Shot | None = None
    cells: tuple[Shot | None, ...] = ()
    cols: int = 0
    dpi: float = 0.0  # the resolution its pixels hold at the piece's printed size (0: the build's --dpi)


class _Build:
    """The images and objects of one kit."""

    def __init__(self, kit: Kit, options: WriteOptions):
        self.kit = kit
        self.options = options
        self.pictures: list[Picture] = []
        self.objects: list[dict] = []
        self.spots: dict[str, list[Spot]] = {"decks": [], "tiles": [], "tokens": []}
        self.next_key = 1

    def url(self, name: str) -> str:
        """Where TTS finds an image: under the URL prefix, else its file:/// path in the output folder."""
        if self.options.tts_url_prefix:
            return self.options.tts_url_prefix.rstrip("/") + "/" + name
        target = Path(self.options.target or ".").resolve()
        return (target / FOLDER / name).as_uri()

    def image(self, name: str, item: Item, piece: Piece, transparent: bool = False) -> str:
        """A piece's side as one image (trimmed); returns its URL."""
        drawing = piece_drawing(item, piece.width, piece.height)
        self.pictures.append(Picture(name, shot(drawing, self.options.dpi, transparent, piece.name)))
        return self.url(name)

    def place(self, group: str, piece: Piece, objects: list[dict]) -> None:
        """Objects that lie at one spot of the table (a deck; a piece's copies stacked), in a group's rows."""
        self.spots[group].append(Spot(*footprint(piece.width, piece.height), objects))
        self.objects.extend(objects)

    def grids(self, cards: list[Piece]) -> list[Grid]:
        """A deck's face sheets: 69 cards at most on each (the 70th slot is the hidden card's)."""
        out = []
        per_sheet = MAX_COLS * MAX_ROWS - 1
        for start in range(0, len(cards), per_sheet):
            chunk = cards[start:start + per_sheet]
            cols, rows = sheet_grid(len(chunk))
            cw, ch = card_pixels(cards[0], self.options.dpi, cols, rows)
            out.append(Grid(self.next_key, tuple(chunk), cols, rows, cw, ch))
            self.next_key += 1
        return out

    def deck(self, back: Piece, cards: list[Piece]) -> None:
        """A DeckCustom (or a lone Card) with its face sheets and back image."""
        deck_id = back.id.removeprefix("back-")
        first = cards[0]
        grids = self.grids(cards)
        back_drawing = piece_drawing(back.face, back.width, back.height)
        back_name = f"{deck_id}-back.png"
        dpi = grids[0].card_w / (first.width / 25.4)  # what the card's pixels hold, after fitting 4096 pixels
        self.pictures.append(Picture(back_name, Shot(back_drawing, grids[0].card_w, grids[0].card_h), dpi=dpi))
        custom: dict[str, dict] = {}
        contained, ids = [], []
        scale = first.width / CARD_MM
        for n, g in enumerate(grids, start=1):
            sheet_name = f"{deck_id}-faces-{n}.png" if len(grids) > 1 else f"{deck_id}-faces.png"
            cells: list[Shot | None] = [Shot(piece_drawing(p.face, p.width, p.height), g.card_w, g.card_h)
                                        for p in g.cards]
            cells += [None] * (g.cols * g.rows - 1 - len(g.cards)) + [Shot(back_drawing, g.card_w, g.card_h)]
            self.pictures.append(Picture(sheet_name, cells=tuple(cells), cols=g.cols,
                                         dpi=g.card_w / (first.width / 25.4)))
            entry = {"FaceURL": self.url(sheet_name), "BackURL": self.url(back_name), "NumWidth": g.cols,
                     "NumHeight": g.rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
            custom[str(g.key)] = entry
            for slot, p in enumerate(g.cards):
                card_id = g.key * 100 + slot
                for copy in range(p.count):
                    ids.append(card_id)
                    card = base_object("Card", p.name, f"{p.id}#{copy}", transform(scale, True))
                    card.update({"CardID": card_id, "SidewaysCard": p.width > p.height,
                                 "CustomDeck": {str(g.key): entry}})
                    contained.append(card)
        if len(contained) == 1:
            self.place("decks", first, contained)
            return
        deck = base_object("DeckCustom", back.part_of or back.name, back.id, transform(scale, True))
        deck.update({"SidewaysCard": first.width > first.height, "DeckIDs": ids, "CustomDeck": custom,
                     "ContainedObjects": contained})
        self.place("decks", first, [deck])

    def tile(self, p: Piece) -> None:
        """A board, area card, aid or two-sided token as a Custom_Tile (a token in its outline's shape)."""
        front = self.image(f"{p.id}.png", p.face, p)
        back = self.image(f"{p.id}-back.png", p.back, p) if p.back is not None else front
        kind = outline_kind(p.face) if p.kind == "token" else "box"
        copies = []
        for copy in range(max(1, p.count)):
            obj = base_object("Custom_Tile", p.name, f"{p.id}#{copy}",
                              transform(max(p.width, p.height) / TILE_MM), WHITE)
            obj["CustomImage"] = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0,
                                  "CustomTile": {"Type": TILE_TYPES[kind], "Thickness": 0.1,
                                                 "Stackable": p.kind == "token", "Stretch": True}}
            copies.append(obj)
        self.place("tokens" if p.kind == "token" else "tiles", p, copies)

    def token(self, p: Piece) -> None:
        """A one-sided token as Custom_Tokens cut out along the clear part of its image."""
        url = self.image(f"{p.id}.png", p.face, p, transparent=True)
        copies = []
        for copy in range(max(1, p.count)):
            obj = base_object("Custom_Token", p.name, f"{p.id}#{copy}",
                              transform(max(p.width, p.height) / TILE_MM), WHITE)
            obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                                  "CustomToken": {"Thickness": 0.1, "MergeDistancePixels": 15.0, "StandUp": False,
                                                  "Stackable": True}}
            copies.append(obj)
        self.place("tokens", p, copies)

    def files(self) -> list[OutFile]:
        """Every image, then the saved object."""
        for back, cards in decks(self.kit):
            self.deck(back, cards)
        for p in self.kit.pieces:
            if p.kind in ("card", "card-back") or p.count <= 0:
                continue
            if p.kind == "token" and p.back is None:
                self.token(p)
            else:
                self.tile(p)
        arrange([self.spots["decks"], self.spots["tiles"], self.spots["tokens"]])
        shots = [s for pic in self.pictures for s in ((pic.shot,) if pic.shot else pic.cells) if s is not None]
        images = rasterise(shots, self.options.dpi)
        out: list[OutFile] = []
        for n, pic in enumerate(self.pictures, start=1):
            image = next(images) if pic.shot else _sheet(pic, images)
            out.append(OutFile(f"{FOLDER}/{pic.name}", png_bytes(image, pic.dpi or self.options.dpi)))
            self.options.tick("render tts", n, len(self.pictures))
        save = {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
                "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": TABLE, "Sky": "",
                "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
                "ObjectStates": self.objects}
        text = json.dumps(save, indent=2, ensure_ascii=False) + "\n"
        out.append(OutFile(f"{FOLDER}/{self.kit.game_id}.json", text.encode("utf-8"),
                           f"Tabletop Simulator saved object, {len(self.objects)} objects"))
        return out


def _sheet(pic: Picture, images):
    """A face sheet: its cells' images pasted row by row on white (a blank cell stays white)."""
    from PIL import Image

    first = next(c for c in pic.cells if c is not None)
    rows = len(pic.cells) // pic.cols
    sheet = Image.new("RGB", (pic.cols * first.width, rows * first.height), (255, 255, 255))
    for slot, cell in enumerate(pic.cells):
        if cell is not None:
            r, c = divmod(slot, pic.cols)
            sheet.paste(next(images), (c * first.width, r * first.height))
    return sheet


def write(kit: Kit, _pages: Pages, options: WriteOptions) -> list[OutFile]:
    """The saved object and its images."""
    return _Build(kit, options).files()


WRITER = Writer("tts", write, owns=(f"{FOLDER}/",), check=lambda: require_rasteriser("--format tts"),
                extra="png")
