"""Icon references: when a game declares its icons, every icon it names must be one of them."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import Loc, Problems
from ..model import Game
from ..source.fields import did_you_mean
from ..source.places import TextPlaces

MARK = re.compile(r"\{([A-Za-z0-9][A-Za-z0-9_-]*)\}")


def references(game: Game) -> Iterator[tuple[str, Loc | None, str]]:
    """(icon name, where, what names it) for every icon field and {name} marker in the game's text; a marker is
    placed where it stands in its file."""
    places = TextPlaces()

    def marks(text: str, loc: Loc | None, what: str):
        for m in MARK.finditer(text or ""):
            yield m.group(1), places.find(loc, m.group(0)), what

    for a in game.actions:
        if a.icon:
            yield a.icon, a.loc, f"action '{a.id}'"
        yield from marks(a.text, a.loc, f"action '{a.id}'")
    for c in game.cards:
        yield from marks(c.text, c.loc, f"card '{c.id}'")
        for _, v in c.fields:
            if isinstance(v, str):
                yield from marks(v, c.loc, f"card '{c.id}'")
    for t in game.tokens:
        for icon in (t.icon, t.back_icon):
            if icon:
                yield icon, t.loc, f"token '{t.id}'"
    for ac in game.area_cards:
        yield from marks(ac.text, ac.loc, f"area card '{ac.id}'")
        for ar in ac.areas:
            if ar.icon:
                yield ar.icon, ar.loc, f"area card '{ac.id}'"
    for aid in game.player_aids:
        for s in aid.sections:
            what = f"player aid '{aid.id}'"
            yield from marks(s.title, s.loc, what)
            yield from marks(s.text, s.loc, what)
            for row in s.table:
                for cell in row:
                    yield from marks(cell, s.loc, what)
    for b in game.boards:
        for lo in b.locations:
            if lo.icon:
                yield lo.icon, lo.loc, f"location '{lo.id}'"
            yield from marks(lo.text, lo.loc, f"location '{lo.id}'")
    for t in game.terrains:
        if t.icon:
            yield t.icon, t.loc, f"terrain '{t.id}'"
        yield from marks(t.text, t.loc, f"terrain '{t.id}'")


def check(game: Game, p: Problems) -> None:
    """Every icon named is declared (or is a suit or terrain, which print their own symbols)."""
    if not game.icons:
        return  # the pack relies on the renderer's own icons
    known = [i.id for i in game.icons] + list(game.suit_ids) + [t.id for t in game.terrains]
    for name, loc, what in references(game):
        if name not in known:
            p.error(loc, f"{what}: unknown icon '{name}' (declared: {', '.join(i.id for i in game.icons)})"
                    + (did_you_mean(name, known) or f"; declare '{name}' under 'icons:' in game.yaml (a symbol, SVG "
                       "path data or an SVG file)"))
