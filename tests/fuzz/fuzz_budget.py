"""How long the fuzz suite runs and what it found: by default a fixed, derandomised number of cases per target
(the same cases in every CI run); in the long mode a time budget split over the targets, fresh random cases in
batches until each target's share is spent. Counts cases per target and keeps a copy of each finding's files."""

from __future__ import annotations

import shutil
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

# Each target: the cases of the default run, and its share of a long run's time.
TARGETS: dict[str, tuple[int, float]] = {
    "pack/narrow-seas": (2, 0.13),
    "pack/enemy-in-sight": (2, 0.13),
    "pack/seas-of-havoc": (2, 0.13),
    "templates": (3, 0.13),
    "positions": (6, 0.07),
    "logs": (5, 0.07),
    "actions": (8, 0.06),
    "options": (6, 0.11),
    "processes": (2, 0.11),
    "serve": (6, 0.03),
    "export": (6, 0.03),
    "outputs": (26, 0.02),
}
BATCH = 10  # cases per hypothesis run in the long mode (each run starts from a fresh random seed)


@dataclass
class Finding:
    """A broken promise: the target, what the case did, what broke, and where its files were kept."""

    target: str
    note: str
    broken: list[str]
    kept: Path | None

    def __str__(self) -> str:
        kept = f"\n    files kept in {self.kept}" if self.kept else ""
        more = f"\n    ... {len(self.broken) - 8} more" if len(self.broken) > 8 else ""
        return f"[{self.target}] {self.note}\n    " + "\n    ".join(self.broken[:8]) + more + kept


class Fuzz:
    """Runs the targets within the budget; counts cases and findings."""

    def __init__(self, seconds: float | None, keep: Path):
        self.seconds = seconds  # None: the default run
        self.keep = keep
        self.cases: Counter[str] = Counter()
        self.seconds_in: Counter[str] = Counter()  # time spent in each target's cases
        self.findings: list[Finding] = []
        self.deadline = 0.0

    @property
    def long(self) -> bool:
        """The long (time-budgeted) mode."""
        return self.seconds is not None

    def explore(self, target: str, strategy: st.SearchStrategy, case: Callable) -> list[Finding]:
        """Run `case` on examples drawn from `strategy` (the default run's count, or the target's share of the
        time budget); return the findings of this target."""
        cases, share = TARGETS[target]
        found_before = len(self.findings)

        def one(example) -> None:
            if self.long and time.monotonic() > self.deadline:
                return
            self.cases[target] += 1
            start = time.monotonic()
            try:
                case(example)
            except Exception as e:  # the harness failed: the long run notes it and goes on, the default run stops
                if not self.long:
                    raise
                self.judge(target, f"the fuzz harness failed on {example!r}"[:2000], [f"{type(e).__name__}: {e}"],
                           None)
            self.seconds_in[target] += time.monotonic() - start

        common = dict(deadline=None, database=None, phases=[Phase.explicit, Phase.generate],
                      suppress_health_check=list(HealthCheck))
        if not self.long:
            settings(max_examples=cases, derandomize=True, **common)(given(strategy)(one))()
        else:
            self.deadline = time.monotonic() + self.seconds * share
            while time.monotonic() < self.deadline:
                settings(max_examples=BATCH, **common)(given(strategy)(one))()
        assert self.cases[target] > 0, f"no case of {target} ran"
        return self.findings[found_before:]

    def judge(self, target: str, note: str, broken: list[str], folder: Path | None) -> None:
        """Record a finding when a case broke the promise, keeping a copy of its folder."""
        if not broken:
            return
        kept = None
        if folder is not None and folder.is_dir():
            kept = self.keep / f"{target.replace('/', '-')}-{len(self.findings) + 1}"
            shutil.rmtree(kept, ignore_errors=True)
            shutil.copytree(folder, kept, symlinks=True, ignore_dangling_symlinks=True,
                            copy_function=_copy_regular)
        finding = Finding(target, note, broken, kept)
        self.findings.append(finding)
        if kept is not None:
            (kept / "FINDING.txt").write_text(str(finding) + "\n", encoding="utf-8", errors="backslashreplace")

    def summary(self) -> list[str]:
        """The counts: cases per target and findings, one line each."""
        mode = f"long run of {self.seconds:.0f} s" if self.long else "default run"
        lines = [f"fuzz ({mode}): {sum(self.cases.values())} cases, {len(self.findings)} finding(s)"]
        for target in TARGETS:
            if self.cases[target]:
                found = sum(f.target == target for f in self.findings)
                mean = self.seconds_in[target] / self.cases[target]
                lines.append(f"  {target}: {self.cases[target]} cases, {found} finding(s) ({mean:.2f} s a case)")
        return lines


def _copy_regular(src: str, dst: str) -> None:
    """Copy a file, and nothing that would block (a FIFO is noted by name only)."""
    import os
    import stat

    if stat.S_ISREG(os.lstat(src).st_mode):
        shutil.copy2(src, dst)
    else:
        Path(dst + ".not-a-regular-file").touch()
