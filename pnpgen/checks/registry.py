"""A game's own checks, found by the name its pack's `engine:` gives, through the `pnpgen.checks` entry points.

They sit above the engines (a game's checks may use its engine), so they have a registry of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ..errors import PnpgenError, Problems
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


@lru_cache(maxsize=1)
def _entry_points() -> dict[str, Any]:
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=ENTRY_POINTS)}


def registered_checks() -> list[str]:
    """Names of the games with checks of their own installed."""
    return sorted(_entry_points())


@cache
def checks_named(name: str) -> GameChecks | None:
    """The checks registered under `name`, or None."""
    ep = _entry_points().get(name)
    if ep is None:
        return None
    found = ep.load()
    if not isinstance(found, GameChecks):
        raise PnpgenError(f"checks '{name}' ({ep.value}) are not a pnpgen.checks.registry.GameChecks")
    return found


def checks_for(game: Game) -> GameChecks | None:
    """The checks of the game a pack names (`engine:` in game.yaml), or None."""
    return checks_named(game.engine) if game.engine else None
