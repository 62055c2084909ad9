"""Fuzz the single-file outputs (`export-cards --out`, `rules draw --out`) with odd things at the path: nothing, a
regular file, a named pipe with a reader, a device, a folder, a socket, links to each, a missing folder, '-'.
Exit 0, or one line and exit 1; a regular file or nothing may be (re)written, anything else keeps its kind (a pipe
or device is written through, never replaced); no temporary file is left."""

from __future__ import annotations

import os
import socket
import stat
import threading
from pathlib import Path

import pytest
from fuzz_promise import run_in_process, scratch
from hypothesis import strategies as st

from pnpgen.files.paths import CONTENT_DIR

pytestmark = pytest.mark.slow

KINDS = ("nothing", "file", "pipe", "device", "folder", "socket", "link-file", "link-folder", "link-pipe",
         "dangling-link", "missing-folder", "dash", "read-only-file")
COMMANDS = (("export-cards", "narrow-seas", "deck-b"), ("rules", "draw", "position.yaml"))


def _make(root: Path, kind: str) -> tuple[str, Path | None, threading.Thread | None, list]:
    """The --out value for a kind of target, the node made for it, and a reader for a pipe."""
    path = root / "target"
    reader, read = None, []
    if kind == "dash":
        return "-", None, None, read
    if kind == "missing-folder":
        return str(root / "no" / "target"), None, None, read
    if kind in ("file", "link-file", "read-only-file"):
        path.write_text("old")
    if kind in ("pipe", "link-pipe"):
        os.mkfifo(path)
        reader = threading.Thread(target=lambda: read.append(path.read_bytes()), daemon=True)
        reader.start()
    if kind == "device":
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except PermissionError:
            os.mkfifo(path)  # (not root: a pipe stands in)
            reader = threading.Thread(target=lambda: read.append(path.read_bytes()), daemon=True)
            reader.start()
    if kind in ("folder", "link-folder"):
        path.mkdir()
    if kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        read.append(server)  # (kept open for the case)
    if kind == "read-only-file":
        path.chmod(0o444)
    if kind.startswith("link") or kind == "dangling-link":
        link = root / "link"
        link.symlink_to(path.name)
        return str(link), path, reader, read
    return str(path), path, reader, read


def run_outputs_case(fuzz, example) -> None:
    kind, command = example
    with scratch() as case:
        (case.root / "position.yaml").write_bytes(
            (CONTENT_DIR / "narrow-seas" / "examples" / "position-01.yaml").read_bytes())
        out, node, reader, _read = _make(case.root, kind)
        before = os.lstat(node).st_mode if node is not None and os.path.lexists(node) else None
        outcome = run_in_process([*command, "--out", out])
        if reader is not None:
            reader.join(10)
        broken = []
        lines = [line for line in outcome.stderr.splitlines() if line.strip()] if outcome.exit_code else []
        if outcome.exit_code not in (0, 1) or outcome.crash:
            broken.append(f"exit {outcome.exit_code}: {(outcome.crash or outcome.stderr)[-400:]}")
        if outcome.exit_code == 1 and len(lines) != 1:
            broken.append(f"{len(lines)} lines of error: {lines[:3]}")
        if before is not None and not stat.S_ISREG(before):
            after = os.lstat(node).st_mode if os.path.lexists(node) else None
            if after is None or stat.S_IFMT(after) != stat.S_IFMT(before):
                broken.append(f"the {kind} at the path was replaced")
        left = [p.name for p in case.root.iterdir() if ".tmp-" in p.name]
        if left:
            broken.append(f"temporary files left: {left}")
        if kind == "dash" and outcome.exit_code == 0 and not outcome.stdout:
            broken.append("nothing on standard output")
        fuzz.judge("outputs", f"{' '.join(command)} --out <{kind}>", broken, None)


def test_odd_output_paths_are_written_through_or_refused_never_replaced(fuzz):
    cases = st.tuples(st.sampled_from(KINDS), st.sampled_from(COMMANDS))
    found = fuzz.explore("outputs", cases, lambda example: run_outputs_case(fuzz, example))
    assert not found, "\n".join(map(str, found))
