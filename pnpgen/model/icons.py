"""Icons a game declares: named vector symbols used in card text, player aids and components."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Loc
from ..source.declare import CAPITALISED, COLOUR, PATH, declared, record
from .images import SVG_FILE, ImageRef

SYMBOLS = ("diamond", "circle", "triangle", "square", "star", "cross", "hexagon", "anchor", "spade")


@record("icon")
@dataclass(frozen=True)
class Icon:
    """A named icon: a built-in symbol, SVG path data in a 100 x 100 box, or an SVG file, in a colour."""

    id: str = declared("the icon's id, written {id} in text", from_key=True)
    name: str = declared("what the icon stands for, in words", default=CAPITALISED)
    symbol: str | None = declared("a built-in symbol to draw (give a symbol, a path or a file)", default=None,
                                  choices=SYMBOLS)
    path: str | None = declared("SVG path data in a 100 x 100 box (give a symbol, a path or a file)", kind=PATH,
                                default=None)
    colour: str = declared("the colour it is drawn in", kind=COLOUR, default="#222222")
    loc: Loc | None = field(default=None, compare=False, repr=False)
    file: ImageRef | None = declared("an SVG file in the pack drawn in one colour, such as a game-icons.net icon "
                                     "(give a symbol, a path or a file)", kind=SVG_FILE, default=None)
