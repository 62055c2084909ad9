"""Benchmark: `pnpgen check` of packs made large on purpose (one long text aliased many times, thousands of
aliases, one long string, eight variant files near the size limit, a file of tiny mappings, many values after a
lone carriage return), each timed as a whole
process against the bundled pack's check in the same run.

Run: python benchmarks/bench_big_input.py [--timeout SECONDS]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pnpgen.files.paths import CONTENT_DIR


def long_alias(root: Path) -> None:
    """One 100 kB string as an action's name, aliased as the name and text of the other actions (13 times)."""
    path = root / "actions.yaml"
    text = path.read_text(encoding="utf-8").replace("  name: Reach", '  name: &big "' + "word " * 20_000 + '"', 1)
    for name in ("Tack", "Run", "Carronades", "Broadside", "Long Nines", "Return to Duty"):
        text = text.replace(f"  name: {name}\n", "  name: *big\n  text: *big\n", 1)
    path.write_text(text, encoding="utf-8")


def many_aliases(root: Path) -> None:
    """2,000 aliases of a 20 kB string."""
    big = "word " * 4_000
    uses = "".join("  - *big\n" for _ in range(2_000))
    (root / "counts.yaml").write_text(f"big: &big \"{big}\"\nuses:\n{uses}", encoding="utf-8")
    game = root / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("variants:\n", "variants:\n  many: counts.yaml\n"),
                    encoding="utf-8")


def one_long_string(root: Path) -> None:
    """A single 900 kB string as an action's name."""
    path = root / "actions.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  name: Carronades", '  name: "' + "word " * 180_000 + '"', 1), encoding="utf-8")


def eight_variants(root: Path) -> None:
    """Eight variant files of about 990 kB each."""
    game = root / "game.yaml"
    body = "".join(f"# {'x' * 95}\n" for _ in range(10_000))
    lines = []
    for k in range(8):
        (root / f"v{k}.yaml").write_text(f"name: V{k}\nplayers: 2\n" + body[:980_000], encoding="utf-8")
        lines.append(f"  v{k}: v{k}.yaml\n")
    game.write_text(game.read_text(encoding="utf-8").replace("variants:\n", "variants:\n" + "".join(lines)),
                    encoding="utf-8")


def tiny_mappings(root: Path) -> None:
    """A 1 MB file holding 100,000 tiny mappings, as a variant."""
    lines = "".join(f"    - {{a: {k % 10}}}\n" for k in range(100_000))
    (root / "tiny.yaml").write_text("name: Tiny\nplayers: 2\nrules:\n  x:\n" + lines[:990_000].rsplit("\n", 1)[0]
                                    + "\n", encoding="utf-8")
    game = root / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("variants:\n", "variants:\n  tiny: tiny.yaml\n"),
                    encoding="utf-8")


def values_after_a_lone_cr(root: Path) -> None:
    """A variant of 60,000 rules values whose first comment ends in a carriage return alone: every value's place
    is counted at line feeds, as editors count lines."""
    lines = "".join(f"  p{k}: {k}\n" for k in range(60_000))
    (root / "many.yaml").write_text("# a note\r# more\nname: Many\nplayers: 2\nrules:\n" + lines, encoding="utf-8")
    game = root / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("variants:\n", "variants:\n  many: many.yaml\n"),
                    encoding="utf-8")


CASES = {"bundled pack (baseline)": None, "100 kB string aliased 13 times": long_alias,
         "2,000 aliases of a 20 kB string": many_aliases, "one 900 kB string": one_long_string,
         "eight variant files near 1 MB": eight_variants, "1 MB of tiny mappings": tiny_mappings,
         "60,000 values after a lone CR": values_after_a_lone_cr}


def timed_check(root: Path, timeout: float) -> tuple[float | None, str]:
    """Seconds a whole `pnpgen check` process takes (None past the timeout), and its last line of output."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "pnpgen", "check", str(root)], capture_output=True, text=True,
                              timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, ""
    lines = (done.stderr or done.stdout).strip().splitlines()
    return time.perf_counter() - start, (lines[-1] if lines else "")[:150]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--only", default="", help="run the baseline and the cases whose label holds this text")
    args = parser.parse_args()
    base = None
    with tempfile.TemporaryDirectory() as tmp:
        for k, (label, make) in enumerate(CASES.items()):
            if make is not None and args.only not in label:
                continue
            root = Path(tmp) / f"case{k}"
            shutil.copytree(CONTENT_DIR / "narrow-seas", root)
            if make is not None:
                make(root)
            seconds, last = timed_check(root, args.timeout)
            if base is None:
                base = seconds
            shown = f"over {args.timeout:.0f} s" if seconds is None else \
                f"{seconds:6.2f} s ({seconds / base:5.1f}x baseline)"
            print(f"{label:34} {shown}  {last}")


if __name__ == "__main__":
    main()
