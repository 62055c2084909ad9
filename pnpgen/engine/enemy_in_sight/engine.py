"""The Enemy in Sight engine as pnpgen sees it: the contract of `engine/api.py`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import IllegalAction, Loc, Problems
from ...fields import as_list
from ...model import CardType, Game
from ...yamlsrc import loc_of
from .. import api
from . import judge, position
from .actions import describe_action, from_json, to_json
from .agents import AGENTS
from .metrics import Metrics
from .rules import EnemyInSight
from .state import CAPTURE, CHOOSE, EXTRA, GRAPE, MOVES, OVER, STALEMATE, EisState


class EnemyInSightEngine:
    """Enemy in Sight for 2 to 5 players: rules, positions, logs, agents and metrics."""

    name = "enemy-in-sight"
    rules_sections = judge.RULES_SECTIONS

    # content
    def make_rules(self, content: Game, players: int | None = None) -> EnemyInSight:
        """The rules for a loaded pack at a player count (None: the smallest)."""
        return position.rules_for(content, players or min(content.players))

    def check(self, content: Game, problems: Problems) -> None:
        """The Ship deck, Action deck, chits and score pad, and what play needs of them."""
        from ...checks import enemy_in_sight as checks  # the checks read the engine's facts, not the other way

        checks.check(content, problems)

    def summary(self, content: Game) -> list[str]:
        """Nothing beyond the generic counts (decks by suit, aids, tokens)."""
        return []

    def card_text(self, content: Game, card: CardType) -> tuple[str, str] | None:
        """The cards print their own text."""
        return None

    # actions
    def action_to_json(self, rules: EnemyInSight, action: tuple) -> dict:
        """An action as its JSON object."""
        return to_json(rules, action)

    def action_from_json(self, rules: EnemyInSight, obj: Any, problems: Problems, what: str,
                         loc: Loc | None) -> tuple[tuple, int | None] | None:
        """(action, the player it names) from a JSON object; None after recording located errors."""
        return from_json(rules, obj, problems, what, loc)

    def describe_action(self, rules: EnemyInSight, action: tuple) -> str:
        """An action as a short sentence."""
        return describe_action(rules, action)

    def why_illegal(self, state: EisState, action: tuple) -> IllegalAction | None:
        """None if the action is legal, else the reason and the rulebook section it breaks."""
        return judge.why_illegal(state, action)

    def status(self, state: EisState) -> str:
        """Where the game stands, in a few words."""
        return status(state)

    def turn_rule(self, state: EisState) -> str:
        """The rule that says who decides now."""
        return judge.turn_rule(state)

    # positions and logs
    def load_position(self, path: Path, content: Game, extra_keys: tuple[str, ...] = ()) -> api.Position:
        """Read a position file of this game."""
        return position.load_position(path, content, extra_keys)

    def write_position(self, pos: api.Position) -> str:
        """A position as YAML text that load_position reads back to the same state."""
        return position.write_position(pos)

    def load_log(self, path: Path, content: Game) -> api.Log:
        """Read a playtest log: a position and its `actions:`."""
        return load_log(path, content)

    def write_log(self, start: EisState, actions: list, game_ref: str, header: str = "") -> str:
        """A playtest log's YAML text: the start position, then each action with the player who took it."""
        return write_log(start, actions, game_ref, header)

    # simulation
    def agents(self) -> dict[str, api.AgentFactory]:
        """The greedy captain (random is the simulator's)."""
        return dict(AGENTS)

    def metrics(self, rules: EnemyInSight) -> Metrics:
        """A fresh per-game figures recorder."""
        return Metrics(rules)

    def report_charts(self, content: Game, result: dict, rules: EnemyInSight) -> list[api.Chart]:
        """No charts of its own (the figures are in the result)."""
        return []


def status(s: EisState) -> str:
    """Where a game stands: 'round 2, player 1's turn, player 1 to play or discard'."""
    if s.step == OVER:
        who = " and ".join(f"player {p}" for p in s.won)
        score = ", ".join(f"{v}" for v in s.scores)
        how = "no VP left to win; the highest score wins" if s.how == STALEMATE else \
            f"reaching {s.rules.params.victory_points} VP"
        return f"game over in round {s.round}: {who} won ({how}; scores {score})"
    what = {CHOOSE: f"choosing how to play {s.pending.card}" if s.pending else "choosing",
            EXTRA: "may add a Rake or Boarding Party", GRAPE: "choosing Grape Shot",
            CAPTURE: "deciding on a captured ship", MOVES: "moving ships with Refuse Battle",
            "breakers": "choosing Line Breakers", "red": "to take up a Red card",
            "main": "to play or discard"}[s.step]
    return f"round {s.round}, player {s.turn}'s turn, player {s.to_move} {what}"


def load_log(path: Path | str, content: Game) -> api.Log:
    """Read a playtest log; ContentErrors for a bad position or a malformed action."""
    pos = position.load_position(path, content, extra_keys=("actions",))
    problems = Problems()
    raw = pos.doc.get("actions") if isinstance(pos.doc, dict) else None
    items = as_list(raw, "actions", problems, loc_of(pos.doc, "actions")) if raw is not None else []
    out = []
    for k, obj in enumerate(items):
        loc = loc_of(items, k)
        got = from_json(pos.state.rules, obj, problems, f"action {k + 1}", loc)
        if got is not None:
            out.append(api.LoggedAction(got[0], got[1], loc))
    problems.raise_if_any()
    return api.Log(pos, out)


def write_log(start: EisState, played: list, game_ref: str | None = None, header: str = "") -> str:
    """The YAML text of a log: the starting position, then its actions (with who played each)."""
    s = start.clone()
    objs = []
    for a in played:
        obj = to_json(s.rules, a)
        objs.append({"type": obj.pop("type"), "player": s.current_player(), **obj})
        s.apply(a)
    return header + position.dump(position.to_dict(start, game_ref=game_ref), objs)


ENGINE = EnemyInSightEngine()
__all__ = ["ENGINE", "EnemyInSightEngine", "load_log", "status", "write_log"]
