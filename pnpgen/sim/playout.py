"""One seeded game between agents: the generic playout loop and the engine/agent lookup."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..checks import game_module
from ..engine.core import TERMINAL
from ..engine.rng import AgentRng
from ..errors import PnpgenError
from ..fields import did_you_mean
from ..model import Game
from .metrics import GameResult

Agent = Callable[[Any, AgentRng], Any]
AGENT_SEED = 0x5EED5EED  # the agents' random source is seeded with the game seed xor this


def random_agent(state, rng: AgentRng):
    """Uniform over the legal actions (engines sample big action spaces without listing them)."""
    return state.random_action(rng)


class Engine:
    """A game's rules engine as the simulator sees it: the engine Game, its module and agents."""

    def __init__(self, content: Game, players: int | None = None):
        mod = game_module(content, "engine")
        if mod is None or not hasattr(mod, "make_game"):
            raise PnpgenError(f"{content.id}: this game has no rules engine to simulate")
        self.module = mod
        self.game = mod.make_game(content, players=players)
        self.num_players: int = self.game.num_players
        self.agents: dict[str, Agent] = {"random": random_agent, **getattr(mod, "AGENTS", {})}

    def agent(self, name: str) -> Agent:
        """An agent by name; a clear error for an unknown one."""
        if name not in self.agents:
            raise PnpgenError(f"unknown agent '{name}' (expected one of: {', '.join(self.agents)})"
                              + did_you_mean(name, self.agents))
        return self.agents[name]

    def prepare(self, seats: tuple[str, ...]) -> None:
        """Make once, before worker processes are forked, the tables the fast random playout looks up."""
        prepare = getattr(self.module, "prepare_random_playout", None)
        if prepare is not None and all(self.agent(a) is random_agent for a in seats):
            prepare(self.game)

    def teams(self) -> tuple[int, ...]:
        """Team of each seat when the game has teams (partners share one), else ()."""
        team = getattr(self.game, "team", None)
        if not team or len(set(team.values())) == len(team):
            return ()
        return tuple(team[p] for p in range(1, self.num_players + 1))


def engine_for(content: Game, players: int | None = None) -> Engine:
    """The simulator's view of a game's engine."""
    return Engine(content, players)


def play_game(engine: Engine, seats: tuple[str, ...], seed: int, content: Game | None = None,
              fast: bool = True) -> GameResult:
    """Play one game from setup to its end (or the content's round cap) and return its numbers.

    With every seat random, an engine's `random_playout` (when it has one, and `fast`) plays the very
    same game as the generic loop, only quicker.
    """
    state = engine.game.new_initial_state(seed)
    rng = AgentRng(seed ^ AGENT_SEED)
    agents = [engine.agent(a) for a in seats]
    record = getattr(engine.module, "record", None)
    stats: dict = {"card_plays": Counter(), "dead_hands": 0, "hand_turns": 0, "hex_visits": Counter()}
    playout = getattr(engine.module, "random_playout", None) if fast else None
    if playout is not None and all(a is random_agent for a in agents):
        decisions = playout(state, rng, stats)
    else:
        decisions = _play(state, agents, rng, record, stats)
    winners = getattr(state, "winners", ())
    return GameResult(
        seed=seed, agents=tuple(seats), winners=tuple(p - 1 for p in winners),
        victory=getattr(state, "victory", None) if winners else None,
        rounds=getattr(state, "round", 0), decisions=decisions, card_plays=stats["card_plays"],
        dead_hands=stats["dead_hands"], hand_turns=stats["hand_turns"],
        reshuffles=getattr(state, "reshuffles", 0), hex_visits=stats["hex_visits"], teams=engine.teams(),
    )


def game_log(engine: Engine, seats: tuple[str, ...], seed: int, game_ref: str) -> tuple[str, Any]:
    """One game replayed move by move: (a playtest log in the engine's format, which `replay` reads; the state
    it ends in)."""
    write_log = getattr(engine.module, "write_log", None)
    if write_log is None:
        raise PnpgenError("this game's engine cannot write playtest logs")
    state = engine.game.new_initial_state(seed)
    start, rng = state.clone(), AgentRng(seed ^ AGENT_SEED)
    agents = [engine.agent(a) for a in seats]
    actions = []
    while (player := state.current_player()) != TERMINAL:
        action = agents[player - 1](state, rng)
        actions.append(action)
        state.apply(action)
    return write_log(start, actions, game_ref=game_ref,
                     header=f"# game seed {seed}, seats {', '.join(seats)}: {len(actions)} decisions\n"), state


def _play(state, agents: list[Agent], rng: AgentRng, record, stats: dict) -> int:
    """The generic loop: ask the agent to move, let the stats hook see the action, apply it; the decisions made."""
    decisions = 0
    current, apply = state.current_player, state.apply
    while (player := current()) != TERMINAL:
        action = agents[player - 1](state, rng)
        if record is not None:
            record(state, action, stats)
        apply(action)
        decisions += 1
    return decisions
