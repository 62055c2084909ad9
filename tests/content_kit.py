"""Helpers for tests that break one thing in a copy of the Narrow Seas pack (the `pack` fixture is in conftest)."""

from __future__ import annotations

import shutil
from pathlib import Path

from pnpgen.checks import check_game
from pnpgen.errors import ContentErrors
from pnpgen.loader import load_game
from pnpgen.paths import CONTENT_DIR


def copy_pack(dest: Path) -> Path:
    """Copy the bundled Narrow Seas pack to dest; return dest."""
    shutil.copytree(CONTENT_DIR / "narrow-seas", dest)
    return dest


def edit(path: Path, old: str, new: str) -> str:
    """Replace the one occurrence of `old` in a file with `new`; return the new text."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name}: expected exactly one {old!r}"
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text


def where(path: Path, needle: str, offset: int = 0) -> str:
    """'file:line:col' of the one occurrence of `needle` (plus offset characters), as errors name it."""
    text = path.read_text(encoding="utf-8")
    assert text.count(needle) == 1, f"{path.name}: expected exactly one {needle!r}"
    i = text.index(needle) + offset
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    return f"{display(path)}:{line}:{col}"


def display(path: Path) -> str:
    """A path as error messages show it: relative to the working folder."""
    return str(path.resolve().relative_to(Path.cwd().resolve()))


def errors_of(root: Path | str) -> list[str]:
    """Every error line for a game folder: load errors, else check errors."""
    try:
        game = load_game(str(root))
    except ContentErrors as e:
        return [str(x) for x in e.errors]
    return [str(x) for x in check_game(game).errors]
