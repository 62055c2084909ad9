"""Starting a new content pack: a fresh minimal one, or a copy of an existing pack under a new name."""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from ..errors import UNPRINTABLE, PnpgenError, escaped
from ..files.paths import resolve_game
from ..source.yamlsrc import display_path
from .schema import add_editor_line, engine_of, pack_files, write_schemas
from .starter_pack import FILES

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
SKIP = shutil.ignore_patterns(".*", "__pycache__", "*.pyc", "output")
SCHEMA_FOLDER = "schema"


def title_of(name: str) -> str:
    """A display title made from a pack name: 'my-game' -> 'My Game'."""
    return " ".join(w.capitalize() for w in re.split(r"[-_]+", name) if w)


def new_pack(name: str, into: Path | str | None = None, source: str | None = None, title: str | None = None) -> Path:
    """Write a new pack folder `name` inside `into` (default: the working folder); never overwrite. Its title is
    `title`, else the copied pack's, else one made from the name."""
    if not NAME_RE.match(name or ""):
        raise PnpgenError(f"'{name}': a pack name may hold only letters, digits, '-' and '_' "
                          "(use --into to choose the folder it goes in)")
    if title is not None and (not title.strip() or UNPRINTABLE.search(title) or len(title) > 200):
        raise PnpgenError(f"--title: expected one line of printable text (at most 200 characters), got "
                          f"{escaped(repr(title))}")
    parent = Path(into) if into is not None else Path.cwd()
    target = parent / name
    if target.exists() or target.is_symlink():
        raise PnpgenError(f"{display_path(target)}: already exists; pnpgen new never overwrites a folder")
    origin = resolve_game(source) if source else None
    parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{name}.", dir=parent))
    try:
        if origin is not None:
            shutil.copytree(origin, work / "pack", ignore=SKIP)
            rename_pack(work / "pack" / "game.yaml", name, title)
            repoint_examples(work / "pack")
        else:
            write_fresh(work / "pack", name, title or title_of(name))
        add_schemas(work / "pack")
        os.rename(work / "pack", target)  # fails rather than replace a folder that appeared meanwhile
    except OSError as e:
        raise PnpgenError(f"{display_path(target)}: cannot create the pack: {e.strerror or e}") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def add_schemas(pack: Path) -> None:
    """Put the JSON Schema files in the pack's schema/ folder and point each YAML file at its own, for editors."""
    folder = pack / SCHEMA_FOLDER
    write_schemas(engine_of(pack), folder)
    for path, schema in pack_files(pack).items():
        add_editor_line(path, Path(os.path.relpath(folder / schema, path.parent)).as_posix())


def write_fresh(folder: Path, name: str, title: str) -> None:
    """The minimal starter pack: a few suits, a small deck, a small board, a player aid."""
    folder.mkdir()
    quoted = json.dumps(title, ensure_ascii=False)[1:-1]  # the starter's titles stand in double quotes
    for fname, text in FILES.items():
        (folder / fname).write_text(text.replace("__ID__", name).replace("__TITLE__", quoted), encoding="utf-8")


def repoint_examples(pack: Path) -> None:
    """Copied positions and logs in examples/ name the new pack (`game: ..`), not the one copied."""
    line = re.compile(r"^game:.*$", re.MULTILINE)
    for f in sorted((pack / "examples").glob("*.yaml")):
        text = f.read_text(encoding="utf-8")
        f.write_text(line.sub("game: ..", text, count=1), encoding="utf-8")


def rename_pack(game_yaml: Path, name: str, title: str | None = None) -> None:
    """Give a copied pack its new id (and the title, when one is given), keeping every other line (and comment) as
    it was: a copy keeps the game's title."""
    text = game_yaml.read_text(encoding="utf-8")
    for key, value in (("id", name), ("title", json.dumps(title, ensure_ascii=False) if title else None)):
        if value is None:
            continue
        line = re.compile(rf"^{key}:.*$", re.MULTILINE)
        if line.search(text):
            text = line.sub(f"{key}: {value}", text, count=1)
        else:
            text = f"{key}: {value}\n" + text
    game_yaml.write_text(text, encoding="utf-8")
