"""Batches of seeded games, in one process or in worker processes, streamed into an Aggregate."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..engine.api import Chart
from ..errors import PnpgenError
from ..files.paths import game_ref
from ..model import Game
from .metrics import Aggregate, GameResult
from .playout import AgentOptions, Table, game_log, play_game
from .workers import in_order

CHUNK = 10  # games per task: small enough that the workers finish together


@dataclass(frozen=True)
class Batch:
    """A batch of games: a pure function of (content, agents, seeds)."""

    content: str  # the pack folder
    agents: tuple[str, ...]
    games: int
    seed: int = 1
    players: int | None = None
    max_rounds: int | None = None  # the round budget (None: the content's `sim: max_rounds`)
    options: AgentOptions = ()  # the agents' settings: (agent, option, value)

    def seats(self, index: int, seats: int) -> tuple[str, ...]:
        """Agents by seat for game `index`: mixed agents swap seats from game to game."""
        return seats_of(self.agents, index, seats)

    def game_seed(self, index: int) -> int:
        """The seed of game `index` (independent of how the batch is split)."""
        return game_seed(self.seed, index)

    def index_of(self, game_seed: int) -> int:
        """Which game of the batch has this seed."""
        return (game_seed - self.seed * 1_000_003) & 0xFFFFFFFF


def seats_of(agents: tuple[str, ...], index: int, seats: int) -> tuple[str, ...]:
    """Agents by seat for game `index` of a batch: mixed agents swap seats from game to game."""
    return tuple(agents[(s + index) % len(agents)] for s in range(seats))


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of game `index` of a batch (independent of how the batch is split)."""
    return (batch_seed * 1_000_003 + index) & 0xFFFFFFFF


_WORKER: dict = {}


def _load(content: str, players: int | None, max_rounds: int | None = None, *, options: AgentOptions = ()):
    key = (content, players, max_rounds, options)
    if key not in _WORKER:
        from ..load.loader import load_game

        game = load_game(content)
        _WORKER.clear()
        _WORKER[key] = (game, Table(game, players, max_rounds, options=options))
    return _WORKER[key]


def _run_chunk(args: tuple[Batch, int, int]) -> Aggregate:
    batch, start, stop = args
    _, table = _load(batch.content, batch.players, batch.max_rounds, options=batch.options)
    agg = Aggregate(seats=table.num_players)
    for i in range(start, stop):
        agg.add(play_game(table, batch.seats(i, table.num_players), batch.game_seed(i)))
    return agg


def chunks(batch: Batch) -> Iterator[tuple[Batch, int, int]]:
    """The batch cut into fixed chunks of games, in order."""
    for start in range(0, batch.games, CHUNK):
        yield (batch, start, min(batch.games, start + CHUNK))


def simulate(game: Game, agents: tuple[str, ...] = ("greedy",), games: int = 200, seed: int = 1,
             jobs: int = 1, players: int | None = None, max_rounds: int | None = None,
             progress: Callable[[int, int], None] | None = None, *, options: AgentOptions = (),
             enough: Callable[[Aggregate], bool] | None = None) -> Aggregate:
    """Play `games` seeded games, each stopped unfinished after `max_rounds` rounds (None: the content's budget),
    and return their aggregate; identical whatever `jobs` is. `options` set agents' options: (agent, option,
    value). With `enough`, play stops after the first chunk of games that satisfies it (the games played are the
    first of the batch, as many as chunks hold)."""
    if games < 1:
        raise PnpgenError("--games must be at least 1")
    if jobs < 1:
        raise PnpgenError("--jobs must be at least 1")
    if max_rounds is not None and max_rounds < 1:
        raise PnpgenError(f"--max-rounds: expected at least 1 round, got {max_rounds}")
    batch = Batch(str(game.root), tuple(agents), games, seed, players, max_rounds, options=tuple(options))
    _, table = _load(batch.content, players, max_rounds, options=batch.options)  # fail early, here
    if len(agents) > table.num_players:
        raise PnpgenError(f"--agents: {len(agents)} agents for a {table.num_players}-player game; give at most "
                          f"{table.num_players} (fewer take turns in the seats)")
    table.check_agents(tuple(agents))
    total = Aggregate(seats=table.num_players)
    done = 0
    for part in in_order(_run_chunk, list(chunks(batch)), jobs):
        total.merge(part)
        done += part.games
        if progress:
            progress(done, games)
        if enough is not None and done < games and enough(total):
            break
    return total


def unfinished_game_logs(game: Game, agents: tuple[str, ...], seeds: list[int], batch_seed: int = 1,
                         players: int | None = None, max_rounds: int | None = None, *,
                         options: AgentOptions = ()) -> dict[str, bytes]:
    """Playtest logs of some games of a batch, by file name (`unfinished-<seed>.yaml`), seats as the batch had
    them, each up to where the round budget stopped it."""
    batch = Batch(str(game.root), tuple(agents), max(1, len(seeds)), batch_seed, players, max_rounds,
                  options=tuple(options))
    _, table = _load(batch.content, players, max_rounds, options=batch.options)
    ref = game_ref(game.root)
    logs = {}
    for s in seeds:
        text, end = game_log(table, batch.seats(batch.index_of(s), table.num_players), s, ref)
        if end.is_terminal():  # the move-by-move replay must be the game the batch played
            raise PnpgenError(f"game seed {s} was unfinished in the batch but ends when replayed move by move; "
                              "please report this")
        logs[f"unfinished-{s}.yaml"] = text.encode("utf-8")
    return logs


def result_of(game: Game, aggregate: Aggregate, agents: tuple[str, ...], seed: int, players: int | None = None,
              max_rounds: int | None = None, *, options: AgentOptions = ()) -> dict:
    """A batch's whole result as plain JSON-ready data, naming the game and its content version, the player count,
    the agents (and their options), the seed and the round budget."""
    _, table = _load(str(game.root), players, max_rounds, options=tuple(options))
    named = {"agent_options": {f"{a}.{o}": v for a, o, v in options}} if options else {}
    return {"game": game.id, "version": game.version, "players": table.num_players, "agents": list(agents),
            **named, "seed": seed, "max_rounds": table.max_rounds, **aggregate.to_dict()}


def engine_report(game: Game, result: dict, players: int | None = None) -> tuple[list[str], list[Chart]]:
    """The engine's own table lines and charts for a batch's result."""
    _, table = _load(str(game.root), players)
    return table.engine.report_lines(table.rules, result), table.engine.report_charts(table.rules, result)


__all__ = ["Batch", "GameResult", "engine_report", "result_of", "simulate", "unfinished_game_logs"]
