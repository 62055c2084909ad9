"""`pnpgen simulate`: seeded games between agents, summarised as a table, JSON or a report folder."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from ..atomic import check_target, write_atomically
from ..errors import PnpgenError
from ..loader import load_game
from ..sim.playout import parse_agent_options
from ..sim.report import report_files, summary_lines
from ..sim.runner import engine_report, result_of, simulate, stalled_game_logs


def progress(done: int, total: int) -> None:
    """A progress line on stderr, rewritten in place and wiped at the end."""
    sys.stderr.write(f"\rsimulated {done}/{total}")
    sys.stderr.flush()
    if done == total:
        sys.stderr.write("\r" + " " * 30 + "\r")


@click.command("simulate")
@click.argument("game", required=False)
@click.option("--games", default=200, show_default=True, type=click.IntRange(1, 10_000_000), help="How many games.")
@click.option("--seed", default=1, show_default=True, type=int, help="Seed of the batch (game i gets its own).")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 256), help="Worker processes.")
@click.option("--agents", default="random,random", show_default=True,
              help="Comma-separated agents (random, greedy, mcts); mixed agents swap seats from game to game.")
@click.option("--agent-option", "agent_options", multiple=True, metavar="AGENT.OPTION=VALUE",
              help="An agent's setting, e.g. mcts.iterations=200 (repeatable).")
@click.option("--players", type=int, default=None, help="Player count (default: the game's smallest).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole result as JSON.")
@click.option("--report", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also write SVG charts, result.json and index.html into this folder.")
@click.option("--stalled-logs", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write the stalled games listed as playtest logs (stalled-SEED.yaml) into this folder, for "
                   "`pnpgen replay`.")
def simulate_cmd(game: str | None, games: int, seed: int, jobs: int, agents: str, agent_options: tuple[str, ...],
                 players: int | None, as_json: bool, report: Path | None, stalled_logs: Path | None) -> None:
    """Play GAME (default: narrow-seas) between agents and report what happened."""
    content = load_game(game)
    names = tuple(a.strip() for a in agents.split(","))
    if not all(names):
        raise PnpgenError(f"--agents: expected agent names separated by commas, got '{agents}'")
    options = parse_agent_options(agent_options)
    if players is not None and players < 1:
        raise PnpgenError(f"--players: expected a player count of at least 1, got {players}")
    for folder in (report, stalled_logs):
        if folder is not None:
            check_target(folder)  # refused before the games are played, not after
    tty = sys.stderr.isatty()
    started = time.perf_counter()
    agg = simulate(content, names, games=games, seed=seed, jobs=jobs, players=players,
                   progress=progress if tty else None, options=options)
    if tty:
        took = time.perf_counter() - started
        sys.stderr.write(f"simulated {games} games in {took:.2f} s with {jobs} job{'s' * (jobs > 1)}: "
                         f"{games / took:.0f} games/s, {agg.finished / took:.0f} finished/s\n")
    result = result_of(content, agg, names, seed, options=options)
    lines, charts = engine_report(content, result, players)
    if report is not None:
        files = report_files(content, result, lines, charts)
        write_atomically(report, files)
    logs = {}
    if stalled_logs is not None and (agg.stalled_seeds or stalled_logs.is_dir()):
        logs = stalled_game_logs(content, names, agg.stalled_seeds, seed, players, options=options)
        write_atomically(stalled_logs, logs)  # the logs of an earlier batch go
    if as_json:
        click.echo(json.dumps(result, indent=2, sort_keys=True))
    else:
        for line in summary_lines(result, lines):
            click.echo(line)
        if report is not None:
            click.echo(f"wrote {report / 'index.html'}")
        if stalled_logs is not None:
            click.echo(f"wrote {len(logs)} stalled game logs to {stalled_logs}" if logs else
                       "no stalled games: no logs written")


commands = [simulate_cmd]
