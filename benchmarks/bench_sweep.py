"""Sweep speed: games/s of a whole `pnpgen sweep` process on the local executor with 1 and 2 workers, and on a Dask
LocalCluster of 2 worker processes (started here, on 127.0.0.1, before the runs; its start-up is shown apart).

Run: python benchmarks/bench_sweep.py [--games N] [--agents greedy] [--repeat R]   (needs pnpgen[dask])

Each row is the best of R runs of a 2 x 2 grid (mercy_margin 3,5 x hand_size 5,6), N games a variant; the
ratios are to the local executor with one worker, measured in the same run. Every run must print the same JSON
(the totals do not depend on the executor). The last line is a control: how much faster two processes do a fixed
pure-Python loop than one, on this machine at this moment; when it is well under 2x, the other core is busy.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from bench_sim import machine_speedup

GRID = ["--set", "rules.mercy_margin=3,5", "--set", "rules.hand_size=5,6"]


def sweep_process(args: list[str], repeat: int) -> tuple[float, dict]:
    """The best wall time of `pnpgen sweep ARGS --json` as a fresh process (bytecode cache on), and its JSON."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    best, out = None, None
    for _ in range(repeat):
        t = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pnpgen", "sweep", *GRID, *args, "--json"], env=env,
                              capture_output=True, text=True)
        took = time.perf_counter() - t
        if done.returncode != 0:
            raise SystemExit(f"pnpgen sweep {' '.join(args)} failed:\n{done.stderr}")
        best = took if best is None else min(best, took)
        out = json.loads(done.stdout)
    return best, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="games per variant")
    ap.add_argument("--agents", default="greedy")
    ap.add_argument("--repeat", type=int, default=3, help="runs per row; the fastest is shown")
    a = ap.parse_args()
    try:
        from distributed import LocalCluster
    except ImportError:
        raise SystemExit("bench_sweep needs the dask extra: pip install -e '.[dask]'") from None
    common = ["--games", str(a.games), "--agents", a.agents]
    total = 4 * a.games
    print(f"narrow-seas sweep, 2 x 2 variants x {a.games} {a.agents} games = {total} games a run, best of "
          f"{a.repeat} whole processes")
    rows = {}
    results = []
    for jobs in (1, 2):
        dt, out = sweep_process([*common, "--executor", "local", "--jobs", str(jobs)], a.repeat)
        rows[f"local, {jobs} worker{'s' * (jobs > 1)}"] = dt
        results.append(out)
    t = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as cluster:
        started = time.perf_counter() - t
        dt, out = sweep_process([*common, "--executor", "dask", "--scheduler", cluster.scheduler_address], a.repeat)
        rows["dask LocalCluster, 2 workers"] = dt
        results.append(out)
    base = rows["local, 1 worker"]
    print(f"{'executor':<32}{'seconds':>9}{'games/s':>9}{'ratio':>8}")
    for name, dt in rows.items():
        print(f"{name:<32}{dt:>9.2f}{total / dt:>9.0f}{base / dt:>7.2f}x")
    print(f"LocalCluster start-up (not in its row): {started:.2f} s")
    print(f"same totals on every executor: {'yes' if all(r == results[0] for r in results) else 'NO'}")
    print(f"control: two processes / one on a plain Python loop, this machine now: {machine_speedup(a.repeat):.2f}x")


if __name__ == "__main__":
    main()
