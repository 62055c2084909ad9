"""Helpers for the content-pack tests: private copies of bundled packs, one-thing edits, error lines."""

from __future__ import annotations

import shutil
from pathlib import Path

from content_kit import where  # noqa: F401  (one definition for every test folder)

from pnpgen.checks import check_game
from pnpgen.errors import ContentErrors
from pnpgen.loader import load_game
from pnpgen.paths import CONTENT_DIR


def copy_of(name: str, parent: Path) -> Path:
    """Copy the bundled pack `name` into parent/name; return the copy's folder."""
    return Path(shutil.copytree(CONTENT_DIR / name, parent / name))


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace `old` (which must occur `count` times) in a file with `new`."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == count, f"{path.name}: expected {count} of {old!r}, found {text.count(old)}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def write(path: Path, text: str) -> Path:
    """Write a file (making its folder); return its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def errors_of(root: Path) -> list[str]:
    """Every error line for a pack folder: the load errors, else the check errors."""
    try:
        game = load_game(str(root))
    except ContentErrors as e:
        return [str(x) for x in e.errors]
    return [str(x) for x in check_game(game).errors]


def err(loc: str, message: str) -> str:
    """One error line as pnpgen prints it."""
    return f"{loc}: error: {message}"
