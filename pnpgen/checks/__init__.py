"""Consistency checks: generic ones for any game, plus each game's own (found through checks/registry.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import ContentError, ContentErrors, Problems
from ..model import Game
from . import generic, rulebook
from .registry import checks_for


@dataclass
class Report:
    """What `check` found: a summary line, errors and warnings."""

    game: Game | None
    summary: str
    errors: list[ContentError] = field(default_factory=list)
    warnings: list[ContentError] = field(default_factory=list)
    notes: list[ContentError] = field(default_factory=list)  # shown by `check --verbose`

    @property
    def ok(self) -> bool:
        """No errors."""
        return not self.errors

    def lines(self) -> list[str]:
        """The summary, then one line per error and warning."""
        return [self.summary] + [str(e) for e in self.errors] + [str(w) for w in self.warnings]


def check_game(game: Game, problems: Problems | None = None, layout: bool = False,
               printer_margin: float | None = None) -> Report:
    """Run the generic checks and the game's own (with `layout`, also lay out and impose every component, which
    reads every template, and run the print preflight); never raises for content problems."""
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
            _layout(game, problems, printer_margin)
    except ContentErrors:
        pass  # the limit was reached; what was found is reported
    status = "OK" if not problems.errors else f"{len(problems.errors)} error(s)"
    if problems.warnings and not problems.errors:
        status += f" ({len(problems.warnings)} warning(s))"
    return Report(game, f"{summary(game)} — {status}", list(problems.errors), list(problems.warnings),
                  list(problems.notes))


def summary(game: Game) -> str:
    """One line: what the game holds."""
    return generic.summary(game, checks_for(game))


def _layout(game: Game, problems: Problems, printer_margin: float | None) -> None:
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
    kit = layout_kit(game, problems=problems)
    with fonts.using(fonts.for_game(game)):
        pages = {}
        for name, paper in PAPERS.items():
            try:
                pages[name] = build_pages(impose(kit, paper, sheet), sheet, kit.title, kit.version)
            except ContentError as e:  # a piece that fits no sheet of this paper: the other papers are still laid out
                problems.error(e.loc, e.message)
        preflight(kit, problems, game.loc, pages, sheet, sheet.printer_margin)
