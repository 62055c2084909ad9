"""`pnpgen simulate`: seeded games between agents, summarised as a table, JSON or a report folder."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from ..errors import PnpgenError
from ..files.atomic import check_target, write_atomically
from ..load.loader import load_game
from ..sim.compare import comparison, comparison_lines
from ..sim.playout import parse_agent_options
from ..sim.report import report_files, summary_lines
from ..sim.runner import engine_report, result_of, simulate, unfinished_game_logs


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
@click.option("--agents", default="greedy", show_default=True,
              help="Comma-separated agents (random, greedy, mcts, ...); mixed agents swap seats from game to game.")
@click.option("--agent-option", "agent_options", multiple=True, metavar="AGENT.OPTION=VALUE",
              help="An agent's setting, e.g. mcts.iterations=200 (repeatable).")
@click.option("--players", type=int, default=None, help="Player count (default: the game's smallest).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole result as JSON.")
@click.option("--report", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also write SVG charts, result.json and index.html into this folder.")
@click.option("--max-rounds", type=click.IntRange(1, 100_000), default=None,
              help="Stop a game still running after this many rounds and count it unfinished (default: the "
                   "content's sim: max_rounds, else 60); a budget, not a rule.")
@click.option("--compare", "previous", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=None,
              help="A previous result (--json output or a report's result.json): say what moved beyond noise.")
@click.option("--unfinished-logs", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write the unfinished games listed as playtest logs (unfinished-SEED.yaml) into this folder, "
                   "for `pnpgen replay`.")
def simulate_cmd(game: str | None, games: int, seed: int, jobs: int, agents: str, agent_options: tuple[str, ...],
                 players: int | None, as_json: bool, report: Path | None, max_rounds: int | None,
                 previous: Path | None, unfinished_logs: Path | None) -> None:
    """Play GAME (default: narrow-seas) between agents and report what happened."""
    content = load_game(game)
    names = tuple(a.strip() for a in agents.split(","))
    if not all(names):
        raise PnpgenError(f"--agents: expected agent names separated by commas, got '{agents}'")
    options = parse_agent_options(agent_options)
    if players is not None and players < 1:
        raise PnpgenError(f"--players: expected a player count of at least 1, got {players}")
    for folder in (report, unfinished_logs):
        if folder is not None:
            check_target(folder)  # refused before the games are played, not after
    before = read_result(previous) if previous is not None else None
    tty = sys.stderr.isatty()
    started = time.perf_counter()
    agg = simulate(content, names, games=games, seed=seed, jobs=jobs, players=players, max_rounds=max_rounds,
                   progress=progress if tty else None, options=options)
    if tty:
        took = time.perf_counter() - started
        sys.stderr.write(f"simulated {games} games in {took:.2f} s with {jobs} job{'s' * (jobs > 1)}: "
                         f"{games / took:.0f} games/s, {agg.finished / took:.0f} finished/s\n")
    result = result_of(content, agg, names, seed, players, max_rounds, options=options)
    lines, charts = engine_report(content, result, players)
    compared = comparison_lines(before, result) if before is not None else []
    if report is not None:
        files = report_files(content, result, lines, charts, compared)
        write_atomically(report, files)
    logs = {}
    if unfinished_logs is not None and (agg.unfinished_seeds or unfinished_logs.is_dir()):
        logs = unfinished_game_logs(content, names, agg.unfinished_seeds, seed, players, max_rounds,
                                    options=options)
        write_atomically(unfinished_logs, logs)  # the logs of an earlier batch go
    if as_json:
        out = {**result, "comparison": comparison(before, result)} if before is not None else result
        click.echo(json.dumps(out, indent=2, sort_keys=True))
    else:
        for line in [*summary_lines(result, lines), *compared]:
            click.echo(line)
        if report is not None:
            click.echo(f"wrote {report / 'index.html'}")
        if unfinished_logs is not None:
            click.echo(f"wrote {len(logs)} unfinished game logs to {unfinished_logs}" if logs else
                       "no unfinished games: no logs written")


def read_result(path: Path) -> dict:
    """A previous result from its JSON file; one line naming the file when it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise PnpgenError(f"--compare: {path}: not a simulation result ({e})") from None
    need = ("games", "finished", "finish_rate", "wins_by_seat", "victory", "rounds", "decisions")
    if not isinstance(data, dict) or any(k not in data for k in need):
        raise PnpgenError(f"--compare: {path}: not a simulation result of this pnpgen (simulate --json writes one)")
    return data


commands = [simulate_cmd]
