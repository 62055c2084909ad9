"""One seeded game between agents: the generic playout loop over the engine contract."""

from __future__ import annotations

from typing import Any

from ..engine.api import TERMINAL, Agent, AgentFactory, Engine, GameMetrics, Rules, State, engine_for
from ..engine.mcts import NAME as MCTS
from ..engine.mcts import mcts_factory
from ..engine.rng import AgentRng
from ..errors import PnpgenError
from ..model import Game
from ..source.fields import did_you_mean
from .metrics import GameResult

AGENT_SEED = 0x5EED5EED  # the agents' random source is seeded with the game seed xor this
RANDOM = "random"


def random_agent(state: State, rng: AgentRng) -> Any:
    """Uniform over the legal actions (engines sample big action spaces without listing them)."""
    return state.random_action(rng)


def _random(rules: Rules, player: int, options: dict[str, str]) -> Agent:
    return random_agent


GENERIC_AGENTS: dict[str, AgentFactory] = {RANDOM: _random, MCTS: mcts_factory}
AgentOptions = tuple[tuple[str, str, str], ...]  # (agent, option, value), as `--agent-option AGENT.OPTION=VALUE`


def parse_agent_options(texts: tuple[str, ...] | list[str]) -> AgentOptions:
    """`AGENT.OPTION=VALUE` texts as (agent, option, value) triples; PnpgenError on one of another shape."""
    out = []
    for text in texts:
        name, eq, value = text.partition("=")
        agent, dot, option = name.strip().partition(".")
        if not (eq and dot and agent and option.strip()):
            raise PnpgenError(f"--agent-option: expected AGENT.OPTION=VALUE (e.g. mcts.iterations=200), got '{text}'")
        out.append((agent, option.strip(), value.strip()))
    return tuple(out)


class Table:
    """A game as the simulator plays it: its engine, its rules at a player count and the agents on offer."""

    def __init__(self, content: Game, players: int | None = None, max_rounds: int | None = None, *,
                 options: AgentOptions = ()):
        engine = engine_for(content)
        if engine is None:
            why = f" (none is registered as '{content.engine}')" if content.engine else ""
            raise PnpgenError(f"{content.id}: this game has no rules engine to simulate{why}")
        self.engine: Engine = engine
        self.rules: Rules = engine.make_rules(content, players)
        self.num_players: int = self.rules.num_players
        # the budget: a game still running after this many rounds stops unfinished (not a rule of the game)
        self.max_rounds: int = max_rounds if max_rounds is not None else content.sim.max_rounds
        own = engine.agents()
        clash = sorted(set(own) & set(GENERIC_AGENTS))
        if clash:
            raise PnpgenError(f"engine '{engine.name}' offers agent '{clash[0]}', a name the simulator keeps")
        self.factories: dict[str, AgentFactory] = {**GENERIC_AGENTS, **own}
        teams = tuple(self.rules.team_of(p) for p in range(1, self.num_players + 1))
        self.teams: tuple = teams if len(set(teams)) < len(teams) else ()  # partners share a team
        self.options: dict[str, dict[str, str]] = {}
        for agent, option, value in options:
            self.check_agents((agent,))
            self.options.setdefault(agent, {})[option] = value

    def check_agents(self, names: tuple[str, ...]) -> None:
        """A clear error for an unknown agent name."""
        for name in names:
            if name not in self.factories:
                raise PnpgenError(f"unknown agent '{name}' (expected one of: {', '.join(self.factories)})"
                                  + did_you_mean(name, self.factories))

    def agents(self, seats: tuple[str, ...]) -> list[Agent]:
        """A fresh agent for each seat, by name."""
        self.check_agents(seats)
        return [self.factories[name](self.rules, player, self.options.get(name, {}))
                for player, name in enumerate(seats, start=1)]


def play_game(table: Table, seats: tuple[str, ...], seed: int, fast: bool = True) -> GameResult:
    """Play one game from setup to its end, or until the table's round budget is spent, and return its numbers.

    With every seat random, the engine's own loop (`Engine.playout`, when it has one, and `fast`) plays the very
    same game as the generic loop, only quicker.
    """
    state = table.rules.new_initial_state(seed)
    roles = {role: p - 1 for role, p in state.roles().items()}
    rng = AgentRng(seed ^ AGENT_SEED)
    metrics = table.engine.metrics(table.rules)
    decisions = None
    if fast and all(name == RANDOM for name in seats):
        decisions = table.engine.playout(state, rng, metrics, table.max_rounds)
    if decisions is None:
        decisions = _play(state, table.agents(seats), rng, metrics, table.max_rounds)
    finished = state.is_terminal()
    roles = roles or {role: p - 1 for role, p in state.roles().items()}  # roles settled during setup
    return GameResult(
        seed=seed, agents=tuple(seats), winners=tuple(p - 1 for p in state.winners) if finished else (),
        victory=state.victory if finished else None, finished=finished,
        rounds=min(state.round, table.max_rounds), decisions=decisions, roles=roles, teams=table.teams,
        figures=metrics.finish(state))


def game_log(table: Table, seats: tuple[str, ...], seed: int, game_ref: str) -> tuple[str, State]:
    """One game replayed move by move: (a playtest log in the engine's format, which `replay` reads; the state
    it ends in)."""
    state = table.rules.new_initial_state(seed)
    start, rng = state.clone(), AgentRng(seed ^ AGENT_SEED)
    agents = table.agents(seats)
    actions = []
    while (player := state.current_player()) != TERMINAL and state.round <= table.max_rounds:
        action = agents[player - 1](state, rng)
        actions.append(action)
        state.apply(action)
    header = f"# game seed {seed}, seats {', '.join(seats)}: {len(actions)} decisions\n"
    if not state.is_terminal():
        header += (f"# unfinished: the simulation stopped it after round {table.max_rounds} (its budget, not a rule); "
                   "the game goes on from here\n")
    return table.engine.write_log(start, actions, game_ref=game_ref, header=header), state


def _play(state: State, agents: list[Agent], rng: AgentRng, metrics: GameMetrics, max_rounds: int) -> int:
    """The generic loop: ask the agent to move, let the metrics see the action, apply it, until the game ends or
    its round passes the budget; the decisions made."""
    decisions = 0
    current, apply, record = state.current_player, state.apply, metrics.record
    while (player := current()) != TERMINAL and state.round <= max_rounds:
        action = agents[player - 1](state, rng)
        record(state, action)
        apply(action)
        decisions += 1
    return decisions
