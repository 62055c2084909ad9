"""What every component layout needs: the game, templates, icons, colours and a place for errors."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..draw.templates import Templates, Tmpl
from ..draw.text import markers
from ..errors import Loc, Problems
from ..fields import did_you_mean
from ..model import Game
from .iconset import IconSet
from .theme import Theme


@dataclass(frozen=True)
class CardFormat:
    """How a build prints cards: its own bleed (None: the template's) and sizes put in place of others (a print
    shop's inch sizes for the metric ones), as ((width, height), (width, height)) pairs in mm."""

    bleed: float | None = None
    sizes: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()

    def size_for(self, size: tuple[float, float]) -> tuple[float, float]:
        """The size a card of `size` prints at."""
        return next((to for frm, to in self.sizes if abs(frm[0] - size[0]) < 0.01 and abs(frm[1] - size[1]) < 0.01),
                    size)


@dataclass
class Ctx:
    """Layout context for one game and one set of build options."""

    game: Game
    theme: Theme
    templates: Templates
    icons: IconSet
    problems: Problems
    reported: set = field(default_factory=set)  # (location, icon) already reported: shared YAML is checked once
    cards: CardFormat = CardFormat()

    @classmethod
    def make(cls, game: Game, ink_saver: bool = False, problems: Problems | None = None,
             cards: CardFormat | None = None) -> Ctx:
        """A context for a game."""
        problems = problems or Problems()
        return cls(game, Theme(ink_saver), Templates(game, problems), IconSet(game), problems,
                   cards=cards or CardFormat())

    def template(self, name: str | None, default: str, kind: str, spec: dict, loc: Loc | None) -> Tmpl:
        """The named template (or the default one) for a layout kind."""
        return self.templates.get(name or default, kind, spec, loc)

    def icon_ok(self, name: str | None, loc: Loc | None, what: str) -> bool:
        """Whether an icon name can be drawn; records a located error if not."""
        if name is None:
            return False
        if self.icons.known(name):
            return True
        if (loc, name) in self.reported:
            return False
        self.reported.add((loc, name))
        names = self.icons.names()
        self.problems.error(loc, f"{what}: unknown icon '{name}' (expected one of: {', '.join(names)})"
                            + did_you_mean(name, names))
        return False

    def markers_ok(self, text: str, loc: Loc | None, what: str) -> None:
        """Record an error for every {marker} in a text that names no icon."""
        for name in markers(text):
            self.icon_ok(name, loc, what)

    def colour(self, name: str | None, fallback: str) -> str:
        """A colour name of the game resolved to #rrggbb, or the fallback."""
        c = self.game.colour(name) if name else None
        return c if c and c.startswith("#") and len(c) == 7 else fallback
