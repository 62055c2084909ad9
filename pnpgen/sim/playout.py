"""One seeded game between agents: the generic playout loop and the engine/agent lookup."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..checks import game_module
from ..engine.core import TERMINAL
from ..engine.rng import Rng
from ..errors import PnpgenError
from ..fields import did_you_mean
from ..model import Game
from .metrics import GameResult

Agent = Callable[[Any, Rng], Any]


def random_agent(state, rng: Rng):
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

    def teams(self) -> tuple[int, ...]:
        """Team of each seat when the game has teams (partners share one), else ()."""
        team = getattr(self.game, "team", None)
        if not team or len(set(team.values())) == len(team):
            return ()
        return tuple(team[p] for p in range(1, self.num_players + 1))


def engine_for(content: Game, players: int | None = None) -> Engine:
    """The simulator's view of a game's engine."""
    return Engine(content, players)


def play_game(engine: Engine, seats: tuple[str, ...], seed: int, content: Game | None = None) -> GameResult:
    """Play one game from setup to its end (or the content's round cap) and return its numbers."""
    state = engine.game.new_initial_state(seed)
    rng = Rng(seed ^ 0x5EED5EED)
    agents = [engine.agent(a) for a in seats]
    record = getattr(engine.module, "record", None)
    stats: dict = {"card_plays": Counter(), "dead_hands": 0, "hand_turns": 0, "hex_visits": Counter()}
    decisions = 0
    current, apply = state.current_player, state.apply
    while (player := current()) != TERMINAL:
        action = agents[player - 1](state, rng)
        if record is not None:
            record(state, action, stats)
        apply(action)
        decisions += 1
    winners = getattr(state, "winners", ())
    return GameResult(
        seed=seed, agents=tuple(seats), winners=tuple(p - 1 for p in winners),
        victory=getattr(state, "victory", None) if winners else None,
        rounds=getattr(state, "round", 0), decisions=decisions, card_plays=stats["card_plays"],
        dead_hands=stats["dead_hands"], hand_turns=stats["hand_turns"],
        reshuffles=getattr(state, "reshuffles", 0), hex_visits=stats["hex_visits"], teams=engine.teams(),
    )
