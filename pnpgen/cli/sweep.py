"""`pnpgen sweep`: a grid of rule variants played with the same seeds, compared in one table."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from ..errors import PnpgenError
from ..files.atomic import check_target, write_atomically
from ..load.loader import load_game
from ..model.game import count_words
from ..sim.executors import EXECUTORS, executor_named
from ..sim.overrides import parse_setting
from ..sim.playout import parse_agent_options
from ..sim.sweep import result_of, sweep, table_lines
from ..sim.sweep_report import report_files
from .simulate import progress


@click.command("sweep")
@click.argument("game", required=False)
@click.option("--set", "sets", multiple=True, metavar="KEY=V1,V2",
              help="Values to try for a rules parameter or a card's count, e.g. rules.mercy_margin=3,4,5, "
                   "rules.hand_size=4..7 or cards.wind.count=0,1; repeat for more (every combination is played).")
@click.option("--games", default=200, show_default=True, type=click.IntRange(1, 10_000_000),
              help="Games per variant.")
@click.option("--seed", default=1, show_default=True, type=int, help="Seed of each variant's batch (the same seeds "
              "for every variant).")
@click.option("--agents", default="greedy", show_default=True,
              help="Comma-separated agents (random, greedy, mcts, ...); mixed agents swap seats from game to game.")
@click.option("--agent-option", "agent_options", multiple=True, metavar="AGENT.OPTION=VALUE",
              help="An agent's setting, e.g. mcts.iterations=200 (repeatable).")
@click.option("--max-rounds", type=click.IntRange(1, 100_000), default=None,
              help="Stop a game still running after this many rounds and count it unfinished (default: the "
                   "content's sim: max_rounds, else 60); a budget, not a rule.")
@click.option("--players", type=int, default=None, help="Player count (default: the game's smallest).")
@click.option("--executor", default="local", show_default=True, type=click.Choice(EXECUTORS),
              help="Where the games are played: this machine's cores, or a Dask cluster (--scheduler).")
@click.option("--jobs", type=click.IntRange(1, 256), default=None,
              help="Worker processes of the local executor (default: every core).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="The Dask scheduler's address (tcp://host:8786) for --executor dask.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole sweep as JSON.")
@click.option("--report", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also write charts, sweep.json and index.html into this folder.")
def sweep_cmd(game: str | None, sets: tuple[str, ...], games: int, seed: int, agents: str,
              agent_options: tuple[str, ...], max_rounds: int | None, players: int | None, executor: str,
              jobs: int | None, scheduler: str | None, as_json: bool, report: Path | None) -> None:
    """Play GAME (default: narrow-seas) in every variant the --set values make; exit 1 if a variant breaks the
    content (the others are still played)."""
    settings = [parse_setting(s) for s in sets]
    names = tuple(a.strip() for a in agents.split(","))
    if not all(names):
        raise PnpgenError(f"--agents: expected agent names separated by commas, got '{agents}'")
    options = parse_agent_options(agent_options)
    if players is not None and players < 1:
        raise PnpgenError(f"--players: expected a player count of at least 1, got {players}")
    if report is not None:
        check_target(report)  # refused before the games are played, not after
    run_on = executor_named(executor, jobs, scheduler)
    content = load_game(game)
    if players is not None and players not in content.players:  # (every variant would fail the same way)
        raise PnpgenError(f"--players {players}: {content.title} is played by "
                          f"{count_words(tuple(sorted(set(content.players))))} players")
    tty = sys.stderr.isatty()
    started = time.perf_counter()
    variants = sweep(content, settings, names, games=games, seed=seed, players=players, executor=run_on,
                     progress=progress if tty else None, max_rounds=max_rounds, options=options)
    played = sum(v.aggregate.games for v in variants if v.aggregate is not None)
    if tty and played:
        took = time.perf_counter() - started
        sys.stderr.write(f"played {played} games in {took:.2f} s on the {executor} executor: "
                         f"{played / took:.0f} games/s\n")
    result = result_of(content, settings, variants, names, games, seed, players, max_rounds=max_rounds,
                       options=options)
    if report is not None:
        files = report_files(result)
        write_atomically(report, files)
    if as_json:
        click.echo(json.dumps(result, indent=2, sort_keys=True))
    else:
        for line in table_lines(result):
            click.echo(line)
        if report is not None:
            click.echo(f"wrote {report / 'index.html'}")
    if any(v.errors for v in variants):
        raise SystemExit(1)


commands = [sweep_cmd]
