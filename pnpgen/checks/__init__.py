"""Consistency checks: generic ones for any game, plus each game's own (found through checks/registry.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import ContentError, ContentErrors, Problems
from ..model import Game
from . import generic, rulebook
from .registry import checks_for


@dataclass
class Report:
    """What `check` found: what the game holds, errors, warnings and notes."""

    game: Game | None
    holds: str  # what the game holds, in words
    errors: list[ContentError] = field(default_factory=list)
    warnings: list[ContentError] = field(default_factory=list)
    notes: list[ContentError] = field(default_factory=list)  # shown by `check --verbose`

    @property
    def ok(self) -> bool:
        """No errors."""
        return not self.errors

    @property
    def summary(self) -> str:
        """One line: what the game holds, then OK or the count of errors (and of warnings), as found so far."""
        status = "OK" if not self.errors else f"{len(self.errors)} error(s)"
        if self.warnings and not self.errors:
            status += f" ({len(self.warnings)} warning(s))"
        return f"{self.holds} — {status}"

    def lines(self) -> list[str]:
        """The summary, then one line per error and warning."""
        return [self.summary] + [str(e) for e in self.errors] + [str(w) for w in self.warnings]


INK_MODES = (False, True)  # the kits a home build lays out: full colour, low ink (ink_saver)
LOW_INK = " (in the low-ink kit)"  # what a finding of the low-ink kit alone says after its message


def check_game(game: Game, problems: Problems | None = None, layout: bool = False,
               printer_margin: float | None = None, ink_modes: tuple[bool, ...] = INK_MODES) -> Report:
    """Run the generic checks and the game's own (with `layout`, also lay out and impose every component in each
    of `ink_modes`, which reads every template, and run the print preflight that a build of those kits runs);
    never raises for content problems."""
    problems = problems or Problems()
    own = checks_for(game)
    try:
        if game.fonts:
            from ..draw.fonts import font_problems  # reportlab loads only for a pack with its own fonts
            for loc, message in font_problems(game):
                problems.error(loc, message)
        generic.check(game, problems, own)
        if own is not None:
            own.check(game, problems)
        rulebook.check(game, problems)
        if layout:
            for k, ink_saver in enumerate(ink_modes):
                _layout(game, problems if k == 0 else _Merged(problems), printer_margin, ink_saver)
    except ContentErrors:
        pass  # the limit was reached; what was found is reported
    return Report(game, summary(game), list(problems.errors), list(problems.warnings), list(problems.notes))


def summary(game: Game) -> str:
    """One line: what the game holds."""
    return generic.summary(game, checks_for(game))


class _Merged(Problems):
    """Problems of a second kit, recorded into the first's: what the first found is not said again, and what only
    this one finds says which kit it is in."""

    def __init__(self, into: Problems):
        super().__init__(into.limit)
        self.into = into

    def error(self, loc, message: str) -> None:
        if not self.into.has(loc, message):
            self.into.error(loc, message + LOW_INK)

    def warn(self, loc, message: str) -> None:
        if not self.into.has(loc, message, "warning"):
            self.into.warn(loc, message + LOW_INK)

    def note(self, loc, message: str) -> None:
        if not self.into.has(loc, message, "note"):
            self.into.note(loc, message + LOW_INK)


def _layout(game: Game, problems: Problems, printer_margin: float | None, ink_saver: bool = False) -> None:
    """Lay the kit out and impose it on every paper, for its problems only: templates that do not read, text
    that does not fit, and what the print preflight finds."""
    from ..components import layout_kit
    from ..draw import fonts
    from ..draw.templates import Templates
    from ..render.imposition import impose
    from ..render.pages import build_pages
    from ..render.paper import PAPERS, SHEET_SPEC, with_printer_margin
    from .print import preflight

    sheet = with_printer_margin(Templates(game, problems).get("sheet", "sheet", SHEET_SPEC), printer_margin)
    kit = layout_kit(game, ink_saver, problems=problems)
    with fonts.using(fonts.for_game(game)):
        pages = {}
        for name, paper in PAPERS.items():
            try:
                pages[name] = build_pages(impose(kit, paper, sheet), sheet, kit.title, kit.version)
            except ContentError as e:  # a piece that fits no sheet of this paper: the other papers are still laid out
                problems.error(e.loc, e.message)
        preflight(kit, problems, game.loc, pages, sheet, sheet["printer_margin"])
