"""Suits: the colours and symbols cards, hexes and tokens belong to."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Loc
from ..source.declare import CAPITALISED, COLOUR, declared, record
from .icons import SYMBOLS


@record("suit")
@dataclass(frozen=True)
class Suit:
    """A suit: display name, colour and vector symbol."""

    id: str = declared("the suit's id, as cards, hexes and tokens name it", from_key=True)
    name: str = declared("the name printed for it", default=CAPITALISED)
    colour: str = declared("its colour", kind=COLOUR)
    symbol: str = declared("the symbol drawn for it: a built-in one (" + ", ".join(SYMBOLS) + ") or an icon the "
                           "pack declares under 'icons:' (SVG path data or an SVG file)")
    loc: Loc | None = field(default=None, compare=False, repr=False)
    colour_loc: Loc | None = field(default=None, compare=False, repr=False)  # where its colour is defined
