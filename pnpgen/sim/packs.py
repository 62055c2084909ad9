"""A content pack as data: its files, sent along with the work to worker processes that may not share this
machine's folders (a Dask cluster), and unpacked there once into the temporary folder, named by their digest."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import PnpgenError

MAX_BYTES = 64 * 1024 * 1024  # a pack that is larger holds more than content (build output, say)
UNPACKED = "pnpgen-packs"  # the folder in the temporary folder that holds unpacked packs


@dataclass(frozen=True)
class Pack:
    """Every file of a pack folder (hidden files and folders left out), by path relative to the folder."""

    name: str  # the folder's name: a game without an `id:` takes it
    files: tuple[tuple[str, bytes], ...] = field(repr=False)
    digest: str = ""  # sha256 of the names and contents

    @property
    def size(self) -> int:
        """The bytes of every file."""
        return sum(len(data) for _, data in self.files)


def pack_of(root: Path) -> Pack:
    """A pack folder read into memory (the folder as it is now: later edits do not reach the workers)."""
    root = Path(root)
    files = []
    total = 0
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if any(part.startswith(".") for part in rel.parts) or not path.is_file():
            continue
        data = path.read_bytes()
        total += len(data)
        if total > MAX_BYTES:
            raise PnpgenError(f"{root}: the pack folder holds more than {MAX_BYTES // 2**20} MB; keep only content "
                              "in it (build output belongs elsewhere)")
        files.append((rel.as_posix(), data))
    digest = hashlib.sha256()
    for rel, data in files:
        digest.update(rel.encode("utf-8") + b"\0" + len(data).to_bytes(8, "big") + data)
    return Pack(root.resolve().name, tuple(files), digest.hexdigest())


_LOCK = threading.Lock()


def unpacked(pack: Pack) -> Path:
    """The pack's folder on this machine: unpacked into the temporary folder the first time any process here
    asks (then reused, whatever the process), `<tmp>/pnpgen-packs/<digest>/<name>`."""
    home = Path(tempfile.gettempdir()) / UNPACKED / pack.digest
    target = home / pack.name
    if target.is_dir():
        return target
    with _LOCK:
        if target.is_dir():
            return target
        home.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{pack.digest[:12]}-", dir=home.parent))
        try:
            for rel, data in pack.files:
                path = work / pack.name / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
            (work / pack.name).mkdir(exist_ok=True)
            try:
                os.rename(work, home)  # whole or not at all: another process may have won the race
            except OSError:
                if not target.is_dir():
                    raise
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return target
