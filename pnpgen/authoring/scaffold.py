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
from ..source.fields import did_you_mean
from ..source.yamlsrc import display_path
from .schema import add_editor_line, engine_of, pack_files, write_schemas
from .starter_pack import FILES

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
SKIP = shutil.ignore_patterns(".*", "__pycache__", "*.pyc", "output")
SCHEMA_FOLDER = "schema"


def title_of(name: str) -> str:
    """A display title made from a pack name: 'my-game' -> 'My Game'."""
    return " ".join(w.capitalize() for w in re.split(r"[-_]+", name) if w)


GALLERY = Path(__file__).resolve().parent / "gallery"
CLASSIC = "classic"  # the starter pack of starter_pack.py
ART = "art-shared"  # pictures the gallery's layouts share, copied into a pack that names them


def layouts() -> dict[str, str]:
    """Each layout `new --layout` offers, with what it is for (the gallery's index, in its order)."""
    out = {}
    for line in (GALLERY / "layouts.yaml").read_text(encoding="utf-8").splitlines():
        name, colon, about = line.partition(":")
        if colon and name and not name.startswith("#") and not name.startswith(" "):
            out[name.strip()] = about.strip()
    return out


def new_pack(name: str, into: Path | str | None = None, source: str | None = None, title: str | None = None,
             layout: str | None = None) -> Path:
    """Write a new pack folder `name` inside `into` (default: the working folder); never overwrite. Its title is
    `title`, else the copied pack's, else one made from the name; a fresh pack starts from a gallery `layout`
    (default: the classic starter)."""
    if source is not None and layout is not None:
        raise PnpgenError("--from copies a pack with its own layouts; --layout starts a fresh one: give one of them")
    if layout is not None and layout not in layouts():
        raise PnpgenError(f"unknown layout '{layout}' (expected one of: {', '.join(layouts())}; `pnpgen new "
                          "--list-layouts` says what each is for)" + did_you_mean(layout, list(layouts())))
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
            write_fresh(work / "pack", name, title or title_of(name), layout or CLASSIC)
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


def write_fresh(folder: Path, name: str, title: str, layout: str = CLASSIC) -> None:
    """A starter pack: the classic one (a few suits, a small deck, a small board, a player aid), or a gallery
    layout's folder, with the pack's id and title filled in."""
    quoted = json.dumps(title, ensure_ascii=False)[1:-1]  # the starter's titles stand in double quotes

    def filled(text: str) -> str:
        return text.replace("__ID__", name).replace("__TITLE__", quoted)
    if layout == CLASSIC:
        folder.mkdir()
        for fname, text in FILES.items():
            (folder / fname).write_text(filled(text), encoding="utf-8")
        return
    shutil.copytree(GALLERY / layout, folder, ignore=SKIP)
    texts = []
    for path in sorted(folder.rglob("*")):
        if path.suffix in (".yaml", ".csv", ".md") and path.is_file():
            texts.append(filled(path.read_text(encoding="utf-8")))
            path.write_text(texts[-1], encoding="utf-8")
    for picture in sorted((GALLERY / ART).iterdir()):  # the gallery's pictures the layout's cards name
        if any(f"art/{picture.name}" in text for text in texts):
            (folder / "art").mkdir(exist_ok=True)
            shutil.copyfile(picture, folder / "art" / picture.name)


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
