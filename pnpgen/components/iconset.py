"""The icons a game can name: its suits (as their symbols), icons it declares, and the built-in ones."""

from __future__ import annotations

from functools import lru_cache

from ..draw import icons as builtin
from ..draw.colour import is_colour, luminance, shade
from ..draw.geometry import compose, scale, translate
from ..draw.primitives import Group, Item, Path, Style
from ..draw.svgfile import fitted, recoloured
from ..draw.svgpath import parse_path
from ..model import Game


@lru_cache(maxsize=256)
def _parsed(d: str) -> tuple:
    return parse_path(d)


# Built-in icons drawn from path data (100 x 100 box): the two ways play can go round a table.
PATH_ICONS = {
    "turn-cw": "M 10.6 56.9 A 40 40 0 1 1 70.0 84.6 L 74.5 92.4 L 49.4 89.0 L 59.0 65.6 L 63.5 73.4 "
               "A 27 27 0 1 0 23.4 54.7 Z",
    "turn-ccw": "M 89.4 56.9 A 40 40 0 1 0 30.0 84.6 L 25.5 92.4 L 50.6 89.0 L 41.0 65.6 L 36.5 73.4 "
                "A 27 27 0 1 1 76.6 54.7 Z",
}


class IconSet:
    """Draws named icons for one game; suits draw in their colour, other icons in the colour asked for."""

    def __init__(self, game: Game):
        self.game = game
        self.suits = {s.id: s for s in game.suits}
        self.declared = {i.id: i for i in getattr(game, "icons", ())}
        self.files: dict = {}  # icon id -> its SVG file's one-colour vectors (svgfile.Vector), None if unreadable

    def names(self) -> list[str]:
        """Every name this set can draw."""
        return sorted(set(self.suits) | set(self.declared) | set(builtin.icon_names()) | set(PATH_ICONS))

    def known(self, name: str | None) -> bool:
        """Whether a name can be drawn."""
        return name is not None and (name in self.suits or name in self.declared or name in builtin.icon_names()
                                     or name in PATH_ICONS)

    def suit_symbol(self, suit_id: str, x: float, y: float, size: float, outline: str | None = None,
                    colour: str | None = None) -> Group:
        """A suit's symbol in its colour (light colours get a darker rim so they read on white)."""
        s = self.suits[suit_id]
        c = colour or s.colour
        if s.symbol in self.declared and s.symbol not in self.suits:  # the pack's own icon, in the suit's colour
            drawn = self.draw(s.symbol, x, y, size, c, mono=True)
            return Group((drawn,), label=f"symbol {s.symbol}") if drawn is not None else Group(label="symbol")
        rim = outline or (shade(c, 0.4) if luminance(c) > 0.3 else None)
        return builtin.symbol(s.symbol, x, y, size, c, rim, max(0.12, size * 0.05) if rim else 0.0)

    def draw(self, name: str, x: float, y: float, size: float, colour: str, mono: bool = False) -> Item | None:
        """The icon `name` filling the square [x, x+size] x [y, y+size], or None for an unknown name; `mono`
        draws it in `colour` even if it has its own (on a coloured band)."""
        if name in self.suits:
            return self.suit_symbol(name, x, y, size, colour if mono else None, colour if mono else None)
        if name in self.declared:
            ic = self.declared[name]
            own = self.game.colour(ic.colour) if ic.colour and not mono else None
            c = own if own and is_colour(own) and own.lower() != "#222222" else colour
            if ic.symbol:
                return builtin.symbol(ic.symbol, x, y, size, c)
            if ic.path:
                return Group((Path(_parsed(ic.path), Style(fill=c)),), compose(translate(x, y), scale(size / 100)),
                             label=f"icon {name}")
            if ic.file is not None:
                vector = self.files.get(name)
                if vector is None:  # (its file was reported as unreadable)
                    return Group(label=f"icon {name}")
                return Group((recoloured(vector.group, c),), compose(
                    fitted((x, y, size, size), vector.box[2:], "contain"), translate(-vector.box[0], -vector.box[1])),
                    label=f"icon {name}")
        if name in builtin.icon_names():
            return builtin.icon(name, x, y, size, colour)
        if name in PATH_ICONS:
            return Group((Path(_parsed(PATH_ICONS[name]), Style(fill=colour)),),
                         compose(translate(x, y), scale(size / 100)), label=f"icon {name}")
        return None

    def inline(self, name: str, x: float, top: float, size: float, colour: str) -> Item | None:
        """An icon for a text box: the IconDrawer signature."""
        return self.draw(name, x, top, size, colour)
