"""Private copies of the bundled packs, one-thing edits to them, and the error lines pnpgen reports for them."""

from __future__ import annotations

import shutil
from pathlib import Path

from pnpgen.checks import check_game
from pnpgen.errors import ContentErrors
from pnpgen.files.paths import CONTENT_DIR
from pnpgen.load.loader import load_game


def copy_pack(dest: Path, name: str = "narrow-seas") -> Path:
    """Copy the bundled pack `name` to dest; return dest."""
    shutil.copytree(CONTENT_DIR / name, dest)
    return dest


def edit(path: Path, old: str, new: str, count: int = 1) -> str:
    """Replace `old` (which must occur `count` times) in a file with `new`; return the new text."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == count, f"{path.name}: expected {count} of {old!r}, found {text.count(old)}"
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text


def write(path: Path, text: str) -> Path:
    """Write a file (making its folder); return its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


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


def err(loc: str, message: str) -> str:
    """One error line as pnpgen prints it."""
    return f"{loc}: error: {message}"
