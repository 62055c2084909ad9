"""Which files under some folders changed: told by the operating system through `watchfiles` when it is installed
(the `pnpgen[watch]` extra), else found by looking at every file's size and time a few times a second.

Editors' scratch files (hidden files, `~` backups, swap files) are not changes; neither is anything under a
folder left out (the build's own output).
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Iterable
from pathlib import Path

POLL_SECONDS = 0.1
SCRATCH_SUFFIXES = ("~", ".swp", ".swx", ".swo", ".tmp", ".part", ".crdownload", ".bak")
SCRATCH_NAMES = ("4913", "__pycache__")  # 4913: the file vim writes to test a folder


def scratch(name: str) -> bool:
    """Whether a file or folder name is an editor's or a tool's scratch, not content."""
    return (name.startswith((".", "#")) or name.endswith(SCRATCH_SUFFIXES) or name in SCRATCH_NAMES)


class FileWatcher:
    """Watches folders in a thread of its own; `wait` hands over the files changed since it was last called,
    once they have been quiet for a moment (a save that takes several writes is one change)."""

    def __init__(self, folders: Iterable[Path], leave_out: Iterable[Path] = (), poll: bool = False):
        self.folders = [Path(os.path.abspath(f)) for f in folders]
        self.leave_out = [Path(os.path.abspath(f)) for f in leave_out]
        self.queue: queue.Queue[set[Path]] = queue.Queue()
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        self.backend = "polling" if poll else _backend()

    @property
    def how(self) -> str:
        """How changes are noticed, in a few words."""
        if self.backend == "watchfiles":
            return "told by the system (watchfiles)"
        return f"looking every {POLL_SECONDS:g} s"

    def relevant(self, path: Path) -> bool:
        """Whether a changed path is content: inside a watched folder, not scratch, not left out."""
        path = Path(os.path.abspath(path))
        for base in self.folders:
            if path == base or base in path.parents:
                parts = path.relative_to(base).parts
                return not any(scratch(p) for p in parts) and not any(
                    path == skip or skip in path.parents for skip in self.leave_out)
        return False

    def start(self) -> FileWatcher:
        """Start watching (from now on, changes are collected)."""
        target = self._notified if self.backend == "watchfiles" else self._polled
        ready = threading.Event()
        self.thread = threading.Thread(target=target, args=(ready,), name="pnpgen-watch", daemon=True)
        self.thread.start()
        ready.wait(5)
        return self

    def close(self) -> None:
        """Stop watching."""
        self.stop.set()
        if self.thread is not None:
            self.thread.join(5)

    def __enter__(self) -> FileWatcher:
        return self.start()

    def __exit__(self, *_exc) -> None:
        self.close()

    def wait(self, timeout: float) -> set[Path]:
        """The files changed since the last call, waiting up to `timeout` seconds for one (empty: none)."""
        try:
            changed = set(self.queue.get(timeout=timeout))
        except queue.Empty:
            return set()
        while True:
            try:
                changed |= self.queue.get_nowait()
            except queue.Empty:
                return changed

    def pending(self) -> bool:
        """Whether changes are waiting to be collected."""
        return not self.queue.empty()

    # -- backends ---------------------------------------------------------------------------------------------

    def _notified(self, ready: threading.Event) -> None:
        import watchfiles

        def keep(_change, path: str) -> bool:
            return self.relevant(Path(path))
        # watchfiles reports a batch once no new event came for `step` ms (a save of several writes is one batch)
        batches = watchfiles.watch(*self.folders, watch_filter=keep, stop_event=self.stop, step=50,
                                   rust_timeout=200, yield_on_timeout=True, raise_interrupt=False)
        for batch in batches:
            ready.set()  # the first (empty) batch says the watch has begun
            added = {path for change, path in batch if change == watchfiles.Change.added}
            # a file made and gone within one batch is a tool's scratch (sed -i, an editor's temporary copy)
            changed = {Path(path) for _change, path in batch if path not in added or os.path.lexists(path)}
            if changed:
                self.queue.put(changed)

    def _polled(self, ready: threading.Event) -> None:
        seen = self._scan()
        ready.set()
        changed: set[Path] = set()
        while not self.stop.wait(POLL_SECONDS):
            now = self._scan()
            moved = {p for p in seen.keys() | now.keys() if seen.get(p) != now.get(p)}
            seen = now
            if moved:
                changed |= moved
            elif changed:  # quiet for one look after a change: the save is over
                self.queue.put(changed)
                changed = set()

    def _scan(self) -> dict[Path, tuple[int, int, int]]:
        files: dict[Path, tuple[int, int, int]] = {}
        for base in self.folders:
            for here, dirs, names in os.walk(base):
                dirs[:] = [d for d in dirs if self.relevant(Path(here, d))]
                for name in names:
                    p = Path(here, name)
                    if scratch(name):
                        continue
                    try:
                        st = p.stat()
                    except OSError:
                        continue
                    files[p] = (st.st_mtime_ns, st.st_size, st.st_ino)
        return files


def _backend() -> str:
    try:
        import watchfiles  # noqa: F401
    except ImportError:
        return "polling"
    return "watchfiles"
