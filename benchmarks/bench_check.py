"""Benchmark: whole-process `pnpgen check` time, this checkout against another one (a baseline) in the same run.

Run: python benchmarks/bench_check.py --baseline PATH [--repeat N] [GAME ...]

PATH is another checkout of pnpgen (say, main's); both run with this interpreter and its libraries, with the
bytecode cache on, alternating, so a busy machine slows both alike. Prints the best and median seconds of each
and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def run_once(tree: Path, games: list[str]) -> float:
    """Seconds for one `python -m pnpgen check GAMES` with the pnpgen of `tree`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pnpgen", "check", *games], cwd=tree, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["narrow-seas", "enemy-in-sight", "seas-of-havoc"])
    parser.add_argument("--baseline", type=Path, required=True, help="another pnpgen checkout to compare with")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    trees = {"this": HERE, "baseline": args.baseline.resolve()}
    for tree in trees.values():
        run_once(tree, args.games)  # warm the bytecode cache
    times: dict[str, list[float]] = {name: [] for name in trees}
    for _ in range(args.repeat):
        for name, tree in trees.items():
            times[name].append(run_once(tree, args.games))
    for name, got in times.items():
        print(f"{name:9s} best {min(got):.3f} s  median {statistics.median(got):.3f} s  ({trees[name]})")
    ratio = statistics.median(times["this"]) / statistics.median(times["baseline"])
    print(f"check {' '.join(args.games)}: this / baseline = {ratio:.2f}")


if __name__ == "__main__":
    main()
