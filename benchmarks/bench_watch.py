"""Benchmark: `pnpgen build --watch`, from a save to the rewritten SVGs and contact sheet (and on to the PDFs),
the whole loop as a designer sees it: the watcher noticing the save, check, layout, SVGs, the folder swapped in.

It runs the watch as its own process on a copy of a pack, edits one card's name several times (waiting for each
pass to finish), and times each save until the watch prints that the SVGs are written, then that the PDFs are.
The baseline is a whole `pnpgen build --skip-sim` process of the same pack measured in the same run (the machine
is shared and noisy, so the ratio says more than the seconds). Bytecode caching is on, as for a user.

Run: python benchmarks/bench_watch.py [GAME] [--saves N] [--poll]
"""

from __future__ import annotations

import argparse
import os
import queue
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from pnpgen.files.paths import resolve_game

CARD = "    - {suit: yellow, action: reach}\n"


def environment() -> dict[str, str]:
    """The environment of the measured processes: bytecode cache on, output unbuffered."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONUNBUFFERED"] = "1"
    return env


def full_builds(pack: Path, out: Path, repeat: int) -> list[float]:
    """Seconds for whole `pnpgen build --skip-sim` processes."""
    times = []
    for _ in range(repeat):
        shutil.rmtree(out, ignore_errors=True)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pnpgen", "build", str(pack), "--out", str(out), "--skip-sim"],
                       check=True, capture_output=True, env=environment())
        times.append(time.perf_counter() - t0)
    return times


class Watch:
    """`pnpgen build --watch` as a process, its stdout lines in a queue."""

    def __init__(self, pack: Path, out: Path, poll: bool):
        args = [sys.executable, "-m", "pnpgen", "build", str(pack), "--out", str(out), "--watch"]
        self.proc = subprocess.Popen(args + (["--poll"] if poll else []), stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, env=environment())
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line) for line in self.proc.stdout], daemon=True).start()

    def until(self, *words: str) -> float:
        """Wait for a line holding every word; the time it was read."""
        while True:
            line = self.lines.get(timeout=120)
            if all(w in line for w in words):
                return time.perf_counter()
            if "error" in line and "waiting for the next save" in line:
                raise SystemExit(f"the watch failed: {line.strip()}")

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(60)


def saves(pack: Path, out: Path, count: int, poll: bool) -> tuple[list[float], list[float], str]:
    """(save -> SVGs written, save -> PDFs written) for each of `count` saves, and how the watch noticed them."""
    watch = Watch(pack, out, poll)
    how = ""
    try:
        how = watch.lines.get(timeout=120).split("(", 1)[1].rsplit(")", 1)[0]
        watch.until("PDF(s) written")
        to_svg, to_pdf = [], []
        cards = pack / "cards.yaml"
        text = cards.read_text(encoding="utf-8")
        for n in range(count):
            cards.write_text(text.replace(CARD, CARD.replace("}", f", name: Reach {n}}}")), encoding="utf-8")
            saved = time.perf_counter()
            to_svg.append(watch.until("saved:", "SVGs and contact sheet written") - saved)
            to_pdf.append(watch.until("PDF(s) written") - saved)
        cards.write_text(text, encoding="utf-8")
    finally:
        status = watch.stop()
    if status != 0:
        raise SystemExit(f"the watch ended with status {status} on Ctrl-C")
    return to_svg, to_pdf, how


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default=None)
    parser.add_argument("--saves", type=int, default=7)
    parser.add_argument("--poll", action="store_true", help="measure the polling watcher too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "pack"
        shutil.copytree(resolve_game(args.game), pack)
        if CARD not in (pack / "cards.yaml").read_text(encoding="utf-8"):
            raise SystemExit(f"{args.game}: no card line {CARD.strip()!r} to edit in cards.yaml")
        full = statistics.median(full_builds(pack, Path(tmp) / "full", 3))
        print(f"full build (whole process, pnpgen build --skip-sim): {full:.2f} s, median of 3")
        for poll in ([False, True] if args.poll else [False]):
            to_svg, to_pdf, how = saves(pack, Path(tmp) / "watch", args.saves, poll)
            svg, pdf = statistics.median(to_svg), statistics.median(to_pdf)
            print(f"watch ({how}), median of {len(to_svg)} saves:")
            print(f"  save -> SVGs and contact sheet rewritten: {svg:.2f} s  ({svg / full:.2f} x the full build; "
                  f"min {min(to_svg):.2f}, max {max(to_svg):.2f})")
            print(f"  save -> PDFs and changes rewritten:       {pdf:.2f} s  ({pdf / full:.2f} x the full build; "
                  f"min {min(to_pdf):.2f}, max {max(to_pdf):.2f})")


if __name__ == "__main__":
    main()
