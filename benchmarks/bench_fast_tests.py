"""Benchmark: the inner test loop, `pytest -m "not slow"`, as a whole process, this checkout against a baseline.

Run: python benchmarks/bench_fast_tests.py [--baseline PATH] [--repeat N]

Both run with this interpreter and its libraries, with the bytecode cache on, alternating, so a busy machine slows
both alike. Prints the best and median wall seconds of each, the CPU seconds, the tests run and the ratio of the
medians (without --baseline, this checkout alone). The loop's target is under 20 s on the development machine.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def run_once(tree: Path) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, tests passed) of one fast loop with the pnpgen and tests of `tree`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-m", "not slow"],
                          cwd=tree, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    passed = re.search(r"(\d+) passed", done.stdout)
    if done.returncode != 0 or passed is None:
        sys.exit(f"{tree}: the fast loop failed (exit {done.returncode}):\n{done.stdout[-2000:]}")
    return wall, cpu, int(passed.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, default=None, help="another pnpgen checkout to compare with")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    trees = {"this": HERE} | ({"baseline": args.baseline.resolve()} if args.baseline else {})
    for tree in trees.values():
        run_once(tree)  # warm the bytecode cache
    runs: dict[str, list[tuple[float, float, int]]] = {name: [] for name in trees}
    for _ in range(args.repeat):
        for name, tree in trees.items():
            runs[name].append(run_once(tree))
    for name, got in runs.items():
        walls = [w for w, _, _ in got]
        cpus = [c for _, c, _ in got]
        print(f"{name:9s} {got[0][2]} tests  wall best {min(walls):.1f} s  median {statistics.median(walls):.1f} s  "
              f"CPU median {statistics.median(cpus):.1f} s  ({trees[name]})")
    if args.baseline:
        ratio = statistics.median(w for w, _, _ in runs["this"]) / statistics.median(w for w, _, _ in runs["baseline"])
        print(f"fast loop: this / baseline = {ratio:.2f}")


if __name__ == "__main__":
    main()
