"""Narrow Seas rules engine: the two-player game and the four-player team game, positions, actions, logs.

pnpgen reaches it only through `ENGINE` (registered as `narrow-seas` in pyproject.toml's `pnpgen.engines`
entry points); the other names are for this engine's own tests.
"""

from .actions import describe_action, from_json, to_json
from .engine import ENGINE, NarrowSeasEngine
from .game import NarrowSeas
from .judge import check, why_illegal
from .log import status, write_log
from .phases import ELIMINATION, MERCY, SINK
from .position import load_position, parse_position, write_position
from .state import NarrowSeasState


def make_game(content, board=None, players=None) -> NarrowSeas:
    """The engine's rules for a loaded content pack (on another board, if given)."""
    return NarrowSeas(content, board, players)


__all__ = ["ELIMINATION", "ENGINE", "MERCY", "SINK", "NarrowSeas", "NarrowSeasEngine", "NarrowSeasState",
           "check", "describe_action", "from_json", "load_position", "make_game", "parse_position", "status",
           "to_json", "why_illegal", "write_log", "write_position"]
