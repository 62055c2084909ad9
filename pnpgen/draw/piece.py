"""What layout produces: pieces (a component's face and back, drawn once) and the kit of them all."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Loc
from .primitives import Group


@dataclass(frozen=True)
class ColourKey:
    """A colour that tells a piece (or a suit's place) apart from the others of its set, as it is laid out.

    `mark` is a symbol or letter printed with the colour that stays visible in play ('' when there is none,
    or when it sits where play covers it, such as under a ship marker at a hex's centre): a colour with a
    distinct mark need not be told apart by colour alone.
    """

    among: str  # the set it is told apart in: "suits on board 'main'", "tokens of kind 'crew'"
    member: str  # "suit 'red'", "token 'crew-A'"
    colour: str
    source: Loc | None  # where the colour is defined
    mark: str = ""


@dataclass(frozen=True)
class Lattice:
    """The cells a board is drawn in, so that a board printed in tiles is cut between cells, never through one."""

    kind: str  # hex (flat-top) | hex-pointy | square
    size: float  # a hex's corner radius, or a square's side, in the piece's mm
    origin: tuple[float, float]  # the centre of hex (0, 0), or the top left corner of square (0, 0)


@dataclass(frozen=True)
class Piece:
    """One printable component: trim size, bleed, face (and back) drawings with the origin at the trim's top left.

    cut 'marks': a rectangle cut along crop marks; cut 'outline': cut along the outline drawn on the face.
    Pieces of one group share sheets (a board prints on sheets of its own); groups never share a sheet.
    """

    id: str
    name: str
    section: str
    size: tuple[float, float]
    face: Group
    back: Group | None = None
    bleed: float = 0.0
    count: int = 1
    cut: str = "marks"
    back_id: str | None = None  # the piece whose drawing this back is (a deck's card back), for the contact sheet
    min_scale: float = 1.0  # a board may print smaller, down to this factor, to fit one page
    lattice: Lattice | None = None  # a board's cells: tiles are cut along their edges
    kind: str = ""  # card | card-back | area-card | player-aid | board | token
    source: Loc | None = field(default=None, compare=False)  # the content it draws
    keys: tuple[ColourKey, ...] = field(default=(), compare=False)  # colours players must tell apart on it
    part_of: str = ""  # the component it is one of, as the cover lists it (a card's deck; else its own name)
    group: str = ""  # the player group it prints with: '' for the game's own, else a variant's name
    players: tuple[int, ...] = ()  # the player counts that use it (empty: every count)
    copy_of: str | None = None  # the piece it is more copies of (for more players); it writes no SVG of its own
    owner: int | None = None  # the player it belongs to: a deck with an owner shares no sheet with other decks
    folded: bool = False  # a two-sided token printed face and back side by side, to fold, glue and cut (folds.py)
    # a board's named locations: (location id, (x, y, width, height) of its box in mm from the trim's top left)
    places: tuple[tuple[str, tuple[float, float, float, float]], ...] = field(default=(), compare=False)

    @property
    def width(self) -> float:
        """Trim width."""
        return self.size[0]

    @property
    def height(self) -> float:
        """Trim height."""
        return self.size[1]


@dataclass(frozen=True)
class RulesFile:
    """The rulebook as printed beside a kit, on one paper: its file and pages, the booklet's file and sheets."""

    paper: str
    name: str
    pages: int
    booklet: str
    sheets: int


@dataclass(frozen=True)
class CoverFacts:
    """What the cover says besides what the pieces show: who made the game, on what terms, who plays it,
    what players bring and which values are provisional. Player counts: empty means every count."""

    credits: tuple[str, ...] = ()
    licence: str = ""
    players: tuple[int, ...] = ()  # the player counts this kit serves
    groups: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (a piece group's name, '' for the game's own; its counts)
    also_needed: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (what to bring, the counts that need it)
    provisional: tuple[tuple[str, str], ...] = ()  # (what, why)
    ink_saver: bool = False  # laid out as the low-ink kit (backs as outlines, bands as tints)
    rules: tuple[RulesFile, ...] = ()  # the rulebook's files beside the kit, by paper (none: no rulebook)
    playing_time: str = ""  # how long a game takes ('30 minutes'; '' when the pack does not say)


@dataclass(frozen=True)
class Kit:
    """Every piece of a game, laid out, in print order; plus what sheets need to say about the game."""

    game_id: str
    title: str
    version: str
    pieces: tuple[Piece, ...]
    sections: tuple[str, ...] = field(default=())
    players: int | None = None  # laid out for this many players only (None: every player count)
    cover: CoverFacts | None = None  # what the cover sheet says about the game

    def by_id(self, pid: str) -> Piece:
        """A piece by id."""
        return next(p for p in self.pieces if p.id == pid)
