"""Icons a game declares: named vector symbols used in card text, player aids and components."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Loc


@dataclass(frozen=True)
class Icon:
    """A named icon: a built-in symbol or SVG path data in a 100 x 100 box, in a colour."""

    id: str
    name: str
    symbol: str | None = None  # one of the suit symbols (diamond, circle, ...)
    path: str | None = None  # SVG path data (M, L, C, Q, A, Z ...) in a 100 x 100 box
    colour: str = "#222222"
    loc: Loc | None = field(default=None, compare=False, repr=False)
