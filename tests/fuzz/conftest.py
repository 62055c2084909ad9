"""The fuzz suite's budget (a short fixed run, or --fuzz-long / --fuzz-seconds N / PNPGEN_FUZZ_SECONDS=N) and its
closing counts: cases run per target and the findings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fuzz_budget import Fuzz

FUZZ = pytest.StashKey[Fuzz]()


def _seconds(config: pytest.Config) -> float | None:
    """The long run's budget, or None for the default run."""
    seconds = config.getoption("--fuzz-seconds") or os.environ.get("PNPGEN_FUZZ_SECONDS")
    if seconds:
        return float(seconds)
    return 3600.0 if config.getoption("--fuzz-long") else None


@pytest.fixture(scope="session")
def fuzz(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Fuzz:
    """The session's fuzz runner, shared by every target so that the summary counts them all."""
    config = request.config
    if FUZZ not in config.stash:
        keep = os.environ.get("PNPGEN_FUZZ_KEEP")
        config.stash[FUZZ] = Fuzz(_seconds(config), keep and Path(keep) or tmp_path_factory.mktemp("fuzz-findings"))
    return config.stash[FUZZ]


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    """Print the counts (and every finding) after the run."""
    if FUZZ not in config.stash:
        return
    fuzz = config.stash[FUZZ]
    terminalreporter.section("fuzz")
    for line in fuzz.summary():
        terminalreporter.write_line(line)
    for finding in fuzz.findings:
        terminalreporter.write_line(str(finding))
