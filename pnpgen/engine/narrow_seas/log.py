"""Playtest logs written (a position followed by `actions:`; the generic opener reads them) and a game's status."""

from __future__ import annotations

from .actions import to_json
from .position import dump, to_dict
from .state import NarrowSeasState


def write_log(start: NarrowSeasState, actions: list[tuple], game_ref: str | None = None,
              board_ref=None, header: str = "", with_players: bool = True) -> str:
    """The YAML text of a log: the starting position, then its actions as JSON objects (with who played each)."""
    s = start.clone()
    objs = []
    for a in actions:
        obj = to_json(s.g, a)
        if with_players:
            obj = {"type": obj.pop("type"), "player": s.current_player(), **obj}
        objs.append(obj)
        s.apply(a)
    return header + dump(to_dict(start, game_ref=game_ref, board_ref=board_ref), objs)


def status(s: NarrowSeasState) -> str:
    """Where a game stands, in a few words."""
    if s.is_terminal():
        who = " and ".join(f"player {p}" for p in s.winners)
        if s.g.team_game:
            who = f"the {s.g.team[s.winners[0]]} team ({who})"
        how = {"sink": "sinking the enemy ships", "mercy": "mercy",
               "elimination": "sinking both ships of an enemy player"}.get(s.victory, s.victory)
        return f"game over in round {s.round}: {who} won by {how}"
    what = "casualties" if s.pending else s.phase
    return f"round {s.round}, {what} phase, player {s.current_player()} to move"
