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
class Piece:
    """One printable component: trim size, bleed, face (and back) drawings with the origin at the trim's top left.

    cut 'marks': a rectangle cut along crop marks; cut 'outline': cut along the outline drawn on the face.
    flow: pieces of the same flow share sheets; a flow marked `own_pages` starts on a fresh page.
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
    flow: str = "misc"
    own_pages: bool = False
    back_id: str | None = None  # the piece whose drawing this back is (a deck's card back), for the contact sheet
    min_scale: float = 1.0  # a board may print smaller, down to this factor, to fit one page
    kind: str = ""  # card | card-back | area-card | player-aid | board | token
    source: Loc | None = field(default=None, compare=False)  # the content it draws
    keys: tuple[ColourKey, ...] = field(default=(), compare=False)  # colours players must tell apart on it

    @property
    def width(self) -> float:
        """Trim width."""
        return self.size[0]

    @property
    def height(self) -> float:
        """Trim height."""
        return self.size[1]


@dataclass(frozen=True)
class Kit:
    """Every piece of a game, laid out, in print order; plus what sheets need to say about the game."""

    game_id: str
    title: str
    version: str
    pieces: tuple[Piece, ...]
    sections: tuple[str, ...] = field(default=())

    def by_id(self, pid: str) -> Piece:
        """A piece by id."""
        return next(p for p in self.pieces if p.id == pid)
