"""Consistency checks: generic ones for any game, plus a module per rules engine."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from ..errors import ContentError, ContentErrors, Problems
from ..model import Game
from . import generic


@dataclass
class Report:
    """What `check` found: a summary line, errors and warnings."""

    game: Game | None
    summary: str
    errors: list[ContentError] = field(default_factory=list)
    warnings: list[ContentError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No errors."""
        return not self.errors

    def lines(self) -> list[str]:
        """The summary, then one line per error and warning."""
        return [self.summary] + [str(e) for e in self.errors] + [str(w) for w in self.warnings]


def game_module(game: Game, package: str):
    """The module `pnpgen.<package>.<engine>` for a game's engine, or None."""
    if not game.engine:
        return None
    name = f"pnpgen.{package}.{game.engine.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise


def check_game(game: Game, problems: Problems | None = None, layout: bool = False) -> Report:
    """Run the generic checks and the game's own (with `layout`, also lay out every component, which reads
    every template); never raises for content problems."""
    problems = problems or Problems()
    try:
        generic.check(game, problems)
        mod = game_module(game, "checks")
        if mod is not None:
            mod.check(game, problems)
        if layout:
            _layout(game, problems)
    except ContentErrors:
        pass  # the limit was reached; what was found is reported
    status = "OK" if not problems.errors else f"{len(problems.errors)} error(s)"
    if problems.warnings and not problems.errors:
        status += f" ({len(problems.warnings)} warning(s))"
    return Report(game, f"{generic.summary(game)} — {status}", list(problems.errors), list(problems.warnings))


def _layout(game: Game, problems: Problems) -> None:
    """Lay the kit out for its problems only: templates that do not read, text that does not fit."""
    from ..components import layout_kit
    from ..draw.templates import Templates
    from ..render.paper import SHEET_SPEC

    Templates(game, problems).get("sheet", "sheet", SHEET_SPEC)
    layout_kit(game, problems=problems)
