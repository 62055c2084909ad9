"""A game's own checks, found by the name its pack's `engine:` gives, through the `pnpgen.checks` entry points.

They sit above the engines (a game's checks may use its engine), so they have a registry of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .. import plugins
from ..errors import Problems
from ..model import Game

ENTRY_POINTS = "pnpgen.checks"


def _no_counts(game: Game) -> dict[str, int]:
    return {}


def _no_phrases(game: Game) -> list[str]:
    return []


@dataclass(frozen=True)
class GameChecks:
    """What a game adds to `check`: its checks, the components it counts (names a pack's `counts:` may use) and
    the phrases of the summary line that describe its own components (its area cards)."""

    check: Callable[[Game, Problems], None]
    counts: Callable[[Game], dict[str, int]] = _no_counts
    summary: Callable[[Game], list[str]] = _no_phrases


def registered_checks() -> list[str]:
    """Names of the games with checks of their own installed."""
    return plugins.names(ENTRY_POINTS)


@cache
def checks_named(name: str) -> GameChecks | None:
    """The checks registered under `name`, or None."""
    return plugins.load(ENTRY_POINTS, name, GameChecks)


def checks_for(game: Game) -> GameChecks | None:
    """The checks of the game a pack names (`engine:` in game.yaml), or None."""
    return checks_named(game.engine) if game.engine else None
