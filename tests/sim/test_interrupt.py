"""Ctrl-C during a batch played by worker processes ends it at once: exit status 130, one line, no worker left;
a worker that dies stops the batch with one line instead of leaving the parent waiting for it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds worker processes in /proc")]

BATCHES = {
    "simulate": ["simulate", "--jobs", "2", "--games", "1000000"],
    "sweep": ["sweep", "--executor", "local", "--jobs", "2", "--games", "1000000", "--set", "rules.hand_size=5,6"],
}


def children(pid: int) -> list[int]:
    """The live (not zombie) child processes of `pid`."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _ctrl_c_as_in_a_terminal() -> None:
    """SIGINT at its default in the batch: a shell starts a background job (pytest run with &, a nightly run)
    with SIGINT ignored, and the batch would inherit that and never see Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def started_batch(command: str, folder: Path) -> tuple[subprocess.Popen, list[int]]:
    """The command in a session of its own (as a terminal runs it), once its two workers are playing."""
    batch = subprocess.Popen([sys.executable, "-m", "pnpgen", *BATCHES[command]], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True, cwd=folder,
                             preexec_fn=_ctrl_c_as_in_a_terminal)
    deadline = time.monotonic() + 120
    while len(workers := children(batch.pid)) < 2:
        assert batch.poll() is None, batch.communicate()
        assert time.monotonic() < deadline, "the workers never started"
        time.sleep(0.05)
    time.sleep(0.5)  # they are playing games now
    return batch, workers


def ended(batch: subprocess.Popen, after: str) -> tuple[str, str]:
    """The batch's output once it has ended, within 10 s (else it is killed and the test fails)."""
    try:
        return batch.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(batch.pid, signal.SIGKILL)
        pytest.fail(f"still running 10 s {after}: {batch.communicate()}")


@pytest.mark.parametrize("command", sorted(BATCHES))
@pytest.mark.parametrize("to", ["terminal", "parent"])
def test_ctrl_c_ends_the_batch_and_its_workers_with_status_130(tmp_path, command, to):
    batch, workers = started_batch(command, tmp_path)
    if to == "terminal":  # Ctrl-C: every process of the foreground group gets SIGINT
        os.killpg(batch.pid, signal.SIGINT)
    else:
        batch.send_signal(signal.SIGINT)
    out, err = ended(batch, "after SIGINT")
    assert batch.returncode == 130
    assert err == "interrupted\n"
    assert out == ""
    assert len(workers) == 2 and not any(alive(w) for w in workers)


def test_a_worker_that_dies_stops_the_batch_with_one_line(tmp_path):
    batch, workers = started_batch("simulate", tmp_path)
    os.kill(workers[0], signal.SIGKILL)  # as the system's out-of-memory killer would
    out, err = ended(batch, "after a worker died")
    assert batch.returncode == 1 and out == ""
    assert err == ("error: a worker process ended in the middle of its work (killed by signal 9); the batch was "
                   "stopped\n")
    assert not any(alive(w) for w in workers)
