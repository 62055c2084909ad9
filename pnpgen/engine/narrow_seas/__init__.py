"""Narrow Seas rules engine: the two-player game and the four-player team game, positions, actions, logs."""

from .actions import describe_action, from_json, to_json
from .agents import AGENTS, record
from .fast_random import random_playout
from .fast_random import tables as prepare_random_playout
from .game import NarrowSeas
from .judge import check, why_illegal
from .log import IllegalMove, load_log, replay, write_log
from .phases import CAP, ELIMINATION, MERCY, SINK
from .position import load_position, parse_position, write_position
from .state import NarrowSeasState


def make_game(content, board=None, players=None) -> NarrowSeas:
    """The engine's Game for a loaded content pack (the simulator's entry point)."""
    return NarrowSeas(content, board, players)


__all__ = ["AGENTS", "CAP", "ELIMINATION", "MERCY", "SINK", "IllegalMove", "NarrowSeas", "NarrowSeasState", "check",
           "describe_action", "from_json", "load_log", "load_position", "make_game", "parse_position",
           "prepare_random_playout", "random_playout", "record", "replay", "to_json", "why_illegal", "write_log",
           "write_position"]
