"""Atomic output: files are written beside the target folder and swapped in whole, so a failure leaves the old one."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .errors import PnpgenError


@dataclass(frozen=True)
class Written:
    """One output: its path (relative to the output folder) and a note (pages, size)."""

    path: str
    size: int
    note: str = ""


def write_atomically(target: Path, files: dict[str, bytes], keep: Callable[[str], bool] = lambda _r: False
                     ) -> list[Written]:
    """Write files under a temporary folder beside `target`, carry over kept old files, then swap folders."""
    parent = target.parent
    if target.exists() and not target.is_dir():
        raise PnpgenError(f"{target} exists and is not a folder; move it or choose another --out")
    parent.mkdir(parents=True, exist_ok=True)
    tmp = parent / f".{target.name}.tmp-{os.getpid()}"
    old = parent / f".{target.name}.old-{os.getpid()}"
    for leftover in (tmp, old):
        if leftover.exists():
            shutil.rmtree(leftover)
    try:
        tmp.mkdir()
        for rel in sorted(files):
            p = tmp / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(files[rel])
        if target.is_dir():
            for p in sorted(target.rglob("*")):
                rel = p.relative_to(target).as_posix()
                if p.is_file() and keep(rel):
                    dest = tmp / rel
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(p, dest)
        if target.exists():
            os.replace(target, old)
        try:
            os.replace(tmp, target)
        except OSError:
            if old.exists() and not target.exists():
                os.replace(old, target)
            raise
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    shutil.rmtree(old, ignore_errors=True)
    return [Written(rel, len(files[rel])) for rel in sorted(files)]
