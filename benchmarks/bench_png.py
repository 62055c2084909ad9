"""Benchmark: whole-process `pnpgen build --format png` (every face and back, trimmed and with bleed) against the
PDF build of the same kit, alternating in the same run so a busy machine slows both alike.

Run: python benchmarks/bench_png.py [GAME] [--dpi N] [--repeat N]

Both builds skip the simulation (--skip-sim). Prints the best and median seconds of each, the ratio of the medians,
how many PNGs were written and their total size. Needs the png extra (pip install 'pnpgen[png]').
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def run_once(game: str, out: Path, args: list[str]) -> float:
    """Seconds for one `python -m pnpgen build GAME --skip-sim ARGS` into `out`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(HERE)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pnpgen", "build", game, "--skip-sim", "--out", str(out), *args],
                   cwd=HERE, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="narrow-seas")
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    jobs = {"png": ["--format", "png", "--dpi", str(args.dpi)], "pdf": ["--format", "pdf"]}
    times: dict[str, list[float]] = {name: [] for name in jobs}
    with tempfile.TemporaryDirectory() as tmp:
        for name, extra in jobs.items():
            run_once(args.game, Path(tmp) / name, extra)  # warm the bytecode cache
        for _ in range(args.repeat):
            for name, extra in jobs.items():
                times[name].append(run_once(args.game, Path(tmp) / name, extra))
        pngs = sorted((Path(tmp) / "png").rglob("*.png"))
        size = sum(p.stat().st_size for p in pngs)
    for name, got in times.items():
        print(f"{name}: best {min(got):.2f} s  median {statistics.median(got):.2f} s")
    ratio = statistics.median(times["png"]) / statistics.median(times["pdf"])
    print(f"{args.game} PNG export at {args.dpi} dpi: {len(pngs)} files, {size / 1e6:.1f} MB; "
          f"png / pdf (A4 and Letter) = {ratio:.2f}")


if __name__ == "__main__":
    main()
