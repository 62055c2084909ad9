"""Simulation speed: games/s and decisions/s for random and greedy agents, --jobs 1 and 2; quick-sim time; memory.
Random agents also without the engine's fast loop (fast_random.py), so its worth is measured in the same run.

Run: python benchmarks/bench_sim.py [--games N] [--game narrow-seas] [--repeat R]

Each row is the best of R runs: on a shared machine a single run can be a quarter slower than the next. The
last line is a control: how much faster two processes do a fixed pure-Python loop than one, on this machine
at this moment. When it is well under 2x, the other core is busy elsewhere and --jobs 2 cannot do better.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import resource
import subprocess
import sys
import time

from pnpgen.engine.api import engine_for
from pnpgen.files.paths import bundled_packs
from pnpgen.load.loader import load_game
from pnpgen.sim.runner import simulate


def run(game, agents, games, jobs, repeat, players=None, generic=False):
    best = None
    for _ in range(repeat):
        with generic_loop(game) if generic else contextlib.nullcontext():
            t = time.perf_counter()
            agg = simulate(game, agents, games=games, seed=1, jobs=jobs, players=players)
            dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    decisions = sum(v * c for v, c in agg.decisions.items())
    return best, agg, decisions


@contextlib.contextmanager
def generic_loop(game):
    """The engine without its fast random loop (worker processes are forked, so they see it too)."""
    engine = type(engine_for(game))
    had = engine.__dict__.get("playout")
    engine.playout = lambda self, *args, **kwargs: None
    try:
        yield
    finally:
        if had is None:
            del engine.playout
        else:
            engine.playout = had


def peak_rss_mb(games: int, game: str) -> float:
    """Peak memory of a fresh process simulating `games` random games (to show it stays flat)."""
    code = (f"from pnpgen.load.loader import load_game; from pnpgen.sim.runner import simulate; import resource;"
            f"simulate(load_game({game!r}), ('random','random'), games={games}, seed=1);"
            f"print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return int(out.strip()) / 1024


def _spin(n: int) -> int:
    x = 0
    for i in range(n):
        x += i * i
    return x


def machine_speedup(repeat: int, n: int = 2_000_000) -> float:
    """Best ratio over `repeat` tries: two loops run one after the other, against the same two in two processes."""
    best = 0.0
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ctx.Pool(2) as pool:
        for _ in range(repeat):
            t = time.perf_counter()
            _spin(n), _spin(n)
            one = time.perf_counter() - t
            t = time.perf_counter()
            pool.map(_spin, [n, n])
            best = max(best, one / (time.perf_counter() - t))
    return best


def other_engines(a, baseline: float) -> None:
    """Greedy games/s (one process) of every other bundled pack with an engine, at its smallest and largest player
    count, and as a ratio to this run's greedy rate for --game (the machine's load cancels out)."""
    for pack in bundled_packs():
        other = load_game(pack)
        if pack == a.game or engine_for(other) is None:
            continue
        for players in sorted({min(other.players), max(other.players)}):
            games = max(20, a.games // 3)
            dt, agg, dec = run(other, ("greedy",), games, 1, a.repeat, players)
            print(f"{pack}, {players} players, greedy, --jobs 1: {agg.games / dt:.0f} games/s, "
                  f"{dec / dt:.0f} decisions/s, {agg.unfinished} unfinished; {agg.games / dt / baseline:.2f}x "
                  f"{a.game}'s greedy games/s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--game", default="narrow-seas")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--repeat", type=int, default=3, help="runs per row; the fastest is shown")
    a = ap.parse_args()
    game = load_game(a.game)
    who = f", {a.players} players" if a.players else ""
    print(f"{a.game}{who}: {a.games} games per row, best of {a.repeat} runs, 2 cores")
    print(f"{'agents':<26}{'jobs':>5}{'seconds':>9}{'games/s':>9}{'finished/s':>11}{'decisions/s':>13}"
          f"{'unfinished':>11}{'rounds':>8}")
    rates, finished = {}, {}
    for agents, generic in ((("random", "random"), False), (("random", "random"), True), (("greedy", "greedy"), False)):
        for jobs in (1, 2):
            dt, agg, dec = run(game, agents, a.games, jobs, a.repeat, a.players, generic)
            rates[(agents, generic, jobs)] = agg.games / dt
            finished[(agents, generic, jobs)] = agg.finished / dt
            mean_rounds = sum(v * c for v, c in agg.rounds.items()) / agg.games
            name = ",".join(agents) + (" (generic)" if generic else "")
            print(f"{name:<26}{jobs:>5}{dt:>9.2f}{agg.games / dt:>9.0f}{agg.finished / dt:>11.0f}"
                  f"{dec / dt:>13.0f}{agg.unfinished:>11}{mean_rounds:>8.1f}")
    for agents in (("random", "random"), ("greedy", "greedy")):
        print(f"speed-up --jobs 2 / --jobs 1 ({','.join(agents)}): "
              f"{rates[(agents, False, 2)] / rates[(agents, False, 1)]:.2f}x")
    random = ("random", "random")
    print(f"fast random loop / generic loop, --jobs 2: {rates[(random, False, 2)] / rates[(random, True, 2)]:.2f}x "
          f"({finished[(random, False, 2)]:.0f} against {finished[(random, True, 2)]:.0f} finished games/s)")
    t = time.perf_counter()
    simulate(game, ("greedy", "greedy"), games=200, seed=1, jobs=1)
    print(f"quick simulation in build (200 greedy games, one process): {time.perf_counter() - t:.2f} s")
    other_engines(a, rates[(("greedy", "greedy"), False, 1)])
    for n in (200, 2000):
        print(f"peak memory, {n} random games in one process: {peak_rss_mb(n, a.game):.1f} MB")
    print(f"this process peak: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f} MB")
    print(f"control: two processes / one on a plain Python loop, this machine now: {machine_speedup(a.repeat):.2f}x")


if __name__ == "__main__":
    main()
