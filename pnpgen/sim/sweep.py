"""Rule sweeps: the grid of variants that `--set` values make, each played with the same seeds, as totals per
variant. The games are cut into fixed chunks and played by one pure function (`play_chunk`), which an executor
maps over this machine's cores or a cluster; the result is the same whichever executor and however many workers."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from ..checks import check_game
from ..engine.api import engine_for
from ..errors import ContentErrors, PnpgenError
from ..load.loader import load_game
from ..maths.stats import wilson
from ..model import Game
from .executors import Executor, LocalExecutor
from .metrics import Aggregate
from .overrides import Override, Setting, as_written, check_settings, grid, label, with_overrides
from .packs import Pack, pack_of, unpacked
from .playout import AgentOptions, Table, play_game
from .runner import game_seed, seats_of

CHUNK = 20  # games per task, fixed whatever the executor and its workers (so the totals are too)
ERRORS_SHOWN = 3  # a variant's check errors listed in the table (--json has them all)


@dataclass(frozen=True)
class Chunk:
    """Games `start` to `stop` (of a batch of seeded games) of one variant: what a worker plays."""

    overrides: tuple[Override, ...]
    agents: tuple[str, ...]
    seed: int
    players: int | None
    start: int
    stop: int
    max_rounds: int | None = None  # the round budget (None: the content's `sim: max_rounds`)
    options: AgentOptions = ()  # the agents' settings: (agent, option, value)


_TABLES = threading.local()  # per worker thread: a Dask worker runs tasks in threads, and tables keep caches
TABLES_KEPT = 4


def _table(pack: Pack, chunk: Chunk) -> Table:
    """The chunk's variant's table in this worker, loaded from the pack the first time it is asked for."""
    kept = getattr(_TABLES, "kept", None)
    if kept is None:
        kept = _TABLES.kept = {}
    key = (pack.digest, chunk.overrides, chunk.players, chunk.max_rounds, chunk.options)
    table = kept.pop(key, None)
    if table is None:
        variant = with_overrides(load_game(str(unpacked(pack))), chunk.overrides)
        table = Table(variant, chunk.players, chunk.max_rounds, options=chunk.options)
        while len(kept) >= TABLES_KEPT:
            kept.pop(next(iter(kept)))
    kept[key] = table  # (the most recent last)
    return table


def play_chunk(pack: Pack, chunk: Chunk) -> Aggregate:
    """The totals of one chunk of a variant's games: a pure function of the pack's files, the values set, the
    agents and the seeds (it reads nothing from the worker's folders but the pack it unpacks)."""
    table = _table(pack, chunk)
    agg = Aggregate(seats=table.num_players)
    for i in range(chunk.start, chunk.stop):
        agg.add(play_game(table, seats_of(chunk.agents, i, table.num_players), game_seed(chunk.seed, i)))
    return agg


@dataclass
class VariantResult:
    """One variant of a sweep: the values it sets, and its totals or the check errors that kept it from play."""

    overrides: tuple[Override, ...]
    as_written: bool  # every value set is the content's own
    errors: list[str] = field(default_factory=list)
    aggregate: Aggregate | None = None

    @property
    def label(self) -> str:
        """'hand_size=5 mercy_margin=3'."""
        return label(self.overrides)


def sweep(game: Game, settings: list[Setting], agents: tuple[str, ...] = ("greedy",), games: int = 200,
          seed: int = 1, players: int | None = None, executor: Executor | None = None,
          progress: Callable[[int, int], None] | None = None, *, max_rounds: int | None = None,
          options: AgentOptions = ()) -> list[VariantResult]:
    """Play every variant of the grid with the same seeds, each game stopped unfinished after `max_rounds` rounds
    (None: the variant's own budget); a variant whose values break the content (a check error, or rules the
    engine cannot set up) is reported with its errors and not played."""
    if games < 1:
        raise PnpgenError("--games must be at least 1")
    if max_rounds is not None and max_rounds < 1:
        raise PnpgenError(f"--max-rounds: expected at least 1 round, got {max_rounds}")
    if engine_for(game) is None:
        raise PnpgenError(f"{game.id}: this game has no rules engine to play a sweep with")
    check_settings(game, settings)
    variants = [_prepared(game, overrides, agents, players, options) for overrides in grid(settings)]
    playable = [v for v in variants if not v.errors]
    starts = range(0, games, CHUNK)
    work = [Chunk(v.overrides, agents, seed, players, start, min(games, start + CHUNK), max_rounds, tuple(options))
            for v in playable for start in starts]
    if not work:
        return variants
    done = 0
    for i, part in enumerate((executor or LocalExecutor()).run(play_chunk, pack_of(game.root), work)):
        variant = playable[i // len(starts)]  # the work is variant by variant, and comes back in order
        if variant.aggregate is None:
            variant.aggregate = Aggregate(seats=part.seats)
        variant.aggregate.merge(part)
        done += part.games
        if progress:
            progress(done, len(playable) * games)
    return variants


def _prepared(game: Game, overrides: tuple[Override, ...], agents: tuple[str, ...], players: int | None,
              options: AgentOptions) -> VariantResult:
    """A variant checked in this process before any game is played: its check errors, if any."""
    out = VariantResult(overrides, as_written(game, overrides, players))
    variant = with_overrides(game, overrides)
    report = check_game(variant)
    if report.errors:
        out.errors = [str(e) for e in report.errors]
        return out
    try:
        table = Table(variant, players)
    except ContentErrors as e:
        out.errors = [str(x) for x in e.errors]
        return out
    except PnpgenError as e:
        out.errors = [f"error: {e}"]
        return out
    if len(agents) > table.num_players:
        raise PnpgenError(f"--agents: {len(agents)} agents for a {table.num_players}-player game; give at most "
                          f"{table.num_players} (fewer take turns in the seats)")
    table.check_agents(agents + tuple(agent for agent, _, _ in options))
    Table(variant, players, options=options).agents(agents)  # (an agent's unknown option: before any game)
    return out


def result_of(game: Game, settings: list[Setting], variants: list[VariantResult], agents: tuple[str, ...],
              games: int, seed: int, players: int | None, *, max_rounds: int | None = None,
              options: AgentOptions = ()) -> dict:
    """A sweep as plain JSON-ready data: what was played (the round budget and agents' settings too), then each
    variant's values and its totals (or errors)."""
    out = []
    for v in variants:
        item = {"variant": v.label, "set": dict(v.overrides), "as_written": v.as_written, "errors": v.errors}
        if v.aggregate is not None:
            agg = v.aggregate
            item.update(finish_rate=wilson(agg.finished, agg.games).as_dict(), role_edge=agg.first_player_edge(),
                        result=agg.to_dict())
        out.append(item)
    played = next((v.aggregate.seats for v in variants if v.aggregate is not None),
                  players if players is not None else min(game.players))
    named = {"agent_options": {f"{a}.{o}": v for a, o, v in options}} if options else {}
    return {"game": game.id, "version": game.version, "players": played, "agents": list(agents), **named,
            "seed": seed, "max_rounds": max_rounds if max_rounds is not None else game.sim.max_rounds,
            "games": games, "parameters": {s.key: list(s.values) for s in settings}, "variants": out}


def table_lines(result: dict) -> list[str]:
    """The sweep as a table, one variant a row: finish rate, game length, victory types, role edge."""
    rows = [("variant", "finished", "rounds mean (p10-p90)", "victory", f"edge of {_role(result)} [95%]")]
    notes = []
    for v in result["variants"]:
        name = v["variant"] + (" *" if v["as_written"] else "")
        if v["errors"]:
            rows.append((name, "check error", "-", "-", "-"))
            notes += [f"{v['variant']}: {e}" for e in v["errors"][:ERRORS_SHOWN]]
            if len(v["errors"]) > ERRORS_SHOWN:
                notes.append(f"{v['variant']}: … {len(v['errors']) - ERRORS_SHOWN} more (see --json)")
            continue
        r, fin, e = v["result"], v["finish_rate"], v["role_edge"]
        rounds = r["rounds"]
        rows.append((name, f"{fin['pct']:.0f}% of {fin['of']}",
                     f"{rounds['mean']:.1f} ({rounds['p10']:g}-{rounds['p90']:g})",
                     " ".join(f"{k} {x['pct']:.0f}%" for k, x in r["victory"].items()) or "-",
                     f"{e['edge']:+.1f} [{e['low'] - e['even']:+.1f}, {e['high'] - e['even']:+.1f}]"
                     + (" CLEAR" if e["clear"] else "")))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    agents = " vs ".join(result["agents"]) if len(result["agents"]) > 1 else result["agents"][0]
    head = (f"{result['game']} {result['version']} · {result['players']} players · {agents} · seed {result['seed']} · "
            f"{len(result['variants'])} variant{'s' * (len(result['variants']) > 1)} × {result['games']} games")
    lines = [head] + ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]
    if any(v["as_written"] for v in result["variants"]):
        lines.append("* the content's own values")
    lines.append("edge: the role's win rate minus an even game's, in points; CLEAR: its interval leaves out even")
    return lines + notes


def _role(result: dict) -> str:
    """The role the edge column is of (the same in every variant of a game)."""
    for v in result["variants"]:
        if v.get("role_edge"):
            return f"'{v['role_edge']['role']}'"
    return "the first player"
