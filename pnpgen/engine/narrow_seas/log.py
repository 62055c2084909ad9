"""Playtest logs: a position followed by `actions:`, replayed with every action checked."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...errors import IllegalAction, Loc, Problems
from ...fields import as_list
from ...yamlsrc import loc_of
from .actions import describe_action, from_json, to_json
from .judge import why_illegal
from .position import Position, dump, load_position, to_dict
from .state import NarrowSeasState


class IllegalMove(IllegalAction):
    """An illegal action in a log: its 1-based number, where it is written, the reason and the rule."""

    def __init__(self, index: int, loc: Loc | None, text: str, bad: IllegalAction):
        where = f"{loc}: " if loc else ""
        super().__init__(f"{where}action {index} ({text}) is illegal: {bad.reason}", bad.rule)
        self.index = index
        self.loc = loc
        self.text = text
        self.why = bad


@dataclass
class Log:
    """A log as read: the starting position and its actions (tuple, acting player or None, location)."""

    position: Position
    actions: list[tuple[tuple, int | None, Loc | None]]


@dataclass
class Replay:
    """The outcome of a clean replay: the final state and how many actions were played."""

    state: NarrowSeasState
    played: int


def load_log(path: Path | str) -> Log:
    """Read a playtest log; raise ContentErrors for a bad position or a malformed action."""
    pos = load_position(path, extra_keys=("actions",))
    problems = Problems()
    raw = pos.doc.get("actions") if isinstance(pos.doc, dict) else None
    items = as_list(raw, "actions", problems, loc_of(pos.doc, "actions")) if raw is not None else []
    out = []
    g = pos.state.g
    for k, obj in enumerate(items):
        loc = loc_of(items, k)
        got = from_json(g, obj, problems, f"action {k + 1}", loc)
        if got is not None:
            out.append((got[0], got[1], loc))
    problems.raise_if_any()
    return Log(pos, out)


def replay(log: Log) -> Replay:
    """Play every action of a log from its position; raise IllegalMove at the first illegal one."""
    s = log.position.state.clone()
    g = s.g
    for k, (a, player, loc) in enumerate(log.actions, start=1):
        text = describe_action(g, a)
        if player is not None and not s.is_terminal() and player != s.current_player():
            raise IllegalMove(k, loc, text, IllegalAction(
                f"it is player {s.current_player()}'s turn, not player {player}'s", _turn_rule(s)))
        bad = why_illegal(s, a)
        if bad is not None:
            raise IllegalMove(k, loc, text, bad)
        s.apply(a)
    return Replay(s, len(log.actions))


def _turn_rule(s: NarrowSeasState) -> str:
    from .judge import PHASE_RULE

    return PHASE_RULE[s.phase]


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
        if not s.winners:
            return f"game stopped at the round cap (round {s.round}), no winner"
        who = " and ".join(f"player {p}" for p in s.winners)
        if s.g.team_game:
            who = f"the {s.g.team[s.winners[0]]} team ({who})"
        how = {"sink": "sinking the enemy ships", "mercy": "mercy",
               "elimination": "sinking both ships of an enemy player"}.get(s.victory, s.victory)
        return f"game over in round {s.round}: {who} won by {how}"
    what = "casualties" if s.pending else s.phase
    return f"round {s.round}, {what} phase, player {s.current_player()} to move"
