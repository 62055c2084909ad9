"""The Enemy in Sight engine as pnpgen sees it: the contract of engine/api.py, implemented by this package."""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAction, Loc, Problems
from ...model import Game
from .. import api
from . import invariants, judge, params, position, readings, report, scene
from .actions import describe_action, from_json, to_json
from .agents import AGENTS
from .metrics import Metrics
from .names import BREAKERS, CAPTURE, CHOOSE, EXTRA, GRAPE, MAIN, MOVES, OVER, RED_STEP, STALEMATE
from .rules import EnemyInSight
from .sections import SECTIONS
from .state import EisState


class EnemyInSightEngine(api.Engine):
    """Enemy in Sight for 2 to 5 players: rules, positions, logs, agents and metrics."""

    name = "enemy-in-sight"
    rules_parameters = params.Params
    narration_quiet = (*api.Engine.narration_quiet, "step", "choosing.*", "breakers.*")
    sections = SECTIONS

    def make_rules(self, content: Game, players: int | None = None) -> EnemyInSight:
        """The rules for a loaded pack at a player count (None: the smallest)."""
        return position.rules_for(content, players or min(content.players))

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
        """None if the action is legal, else the reason and the rulebook section it breaks (by number and title)."""
        return judge.why_illegal(state, action)

    def scene(self, state: EisState, viewer: int | None = None) -> api.Scene:
        """Each player's line, port and prizes as ship cards, each hand, the rest in words."""
        return scene.scene(state, viewer)

    def action_spots(self, state: EisState, action: tuple) -> tuple[api.Spot, ...]:
        """The card in hand, the ship card or the row an action involves."""
        return scene.spots(state, action)

    def status(self, state: EisState) -> str:
        """Where the game stands, in a few words."""
        return status(state)

    def turn_rule(self, state: EisState) -> str:
        """The rule that says who decides now."""
        return judge.turn_rule(state)

    def readings(self, content: Game) -> tuple[api.Reading, ...]:
        """Hand capacity, Line Breakers, Fire Ship (rules options), Red cards, boarding, Fire, the game's end."""
        return readings.readings(content)

    def invariants(self, state: EisState) -> list[str]:
        """Cards and ships each somewhere once, Lines in value order, VP adding up, no wreck left afloat."""
        return invariants.problems(state)

    def read_position(self, source: api.Source, problems: Problems,
                      extra_keys: tuple[str, ...] = ()) -> api.Position:
        """An Enemy in Sight position (docs/positions.md)."""
        return position.read_position(source, problems, extra_keys)

    def write_position(self, pos: api.Position) -> str:
        """A position as YAML text that read_position reads back to the same state."""
        return position.write_position(pos)

    def write_log(self, start: EisState, actions: list, game_ref: str, header: str = "") -> str:
        """A playtest log's YAML text: the start position, then each action with the player who took it."""
        return write_log(start, actions, game_ref, header)

    def agents(self) -> dict[str, api.AgentFactory]:
        """The greedy captain (random is the simulator's)."""
        return dict(AGENTS)

    def search_defaults(self) -> dict[str, str]:
        """The search compares its actions on the same deals (`paired`) and leaves the greedy captain's choice only
        for a lead of 0.02 of the evaluation (2 VP of a 100 VP target): chance (rolls, Red cards, draws) swings a
        few decisions' evaluation more than most choices do, so an unpaired search, or one free to take any lead,
        chose worse than the captain (benchmarks/bench_agents.py; figures in docs/guides/simulate.md)."""
        return {"paired": "1", "margin": "0.02"}

    def metrics(self, rules: EnemyInSight) -> Metrics:
        """A fresh per-game figures recorder."""
        return Metrics(rules)

    def report_lines(self, rules: EnemyInSight, result: dict) -> list[str]:
        """The figures a designer reads first: VP spread, ships lost by cause, Prizes, the Line penalty, cards."""
        return report.report_lines(result)

    def report_charts(self, rules: EnemyInSight, result: dict) -> list[api.Chart]:
        """Cards played, discarded and passed on; ships lost by cause."""
        return report.report_charts(rules, result)


def status(s: EisState) -> str:
    """Where a game stands: 'round 2, player 1's turn, player 1 to play or discard'."""
    if s.step == OVER:
        who = " and ".join(f"player {p}" for p in s.winners)
        score = ", ".join(f"{v}" for v in s.scores)
        how = "no VP left to win; the highest score wins" if s.victory == STALEMATE else \
            f"reaching {s.rules.params.victory_points} VP"
        return f"game over in round {s.round}: {who} won ({how}; scores {score})"
    if s.step == CHOOSE:
        what = f"choosing how to play {s.pending.card}"
    else:
        what = {EXTRA: "may add a Rake or Boarding Party", GRAPE: "choosing Grape Shot",
                CAPTURE: "deciding on a captured ship", MOVES: "moving ships with Refuse Battle",
                BREAKERS: "choosing Line Breakers", RED_STEP: "to take up a Red card",
                MAIN: "to play or discard"}[s.step]
    return f"round {s.round}, player {s.turn}'s turn, player {s.to_move} {what}"


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
__all__ = ["ENGINE", "EnemyInSightEngine", "status", "write_log"]
