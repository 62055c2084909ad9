"""Where bundled content and templates live, and how a game name is resolved."""

from __future__ import annotations

from pathlib import Path

from ..errors import PnpgenError


class PathRefused(ValueError):
    """A file reference that leads outside its folder or cannot be looked up (the message says which)."""


def _bundled(folder: str) -> Path:
    """A folder of bundled data: inside the installed package (a wheel maps the checkout's top-level `content/`
    and `templates/` there), else beside the package in a checkout (an editable install)."""
    package = Path(__file__).resolve().parent.parent  # (pnpgen reads its fonts from files too: never zipped)
    inside = package / folder
    if inside.is_dir():
        return inside
    return package.parent / folder


CONTENT_DIR = _bundled("content")
TEMPLATES_DIR = _bundled("templates")
DEFAULT_GAME = "narrow-seas"


def bundled_packs() -> list[str]:
    """Names of the content packs shipped with pnpgen."""
    if not CONTENT_DIR.is_dir():
        return []
    return sorted(p.name for p in CONTENT_DIR.iterdir() if (p / "game.yaml").is_file())


def resolve_game(name: str | None) -> Path:
    """A bundled pack's name or a path to a folder (or game.yaml) -> the pack folder."""
    name = name or DEFAULT_GAME
    p = Path(name)
    if p.name == "game.yaml" and p.is_file():
        return p.parent
    bundled = "/" not in name and (CONTENT_DIR / name / "game.yaml").is_file()
    if p.is_dir():
        if (p / "game.yaml").is_file():
            return p
        if not bundled:  # (a folder here named like a bundled pack, such as its output, does not hide it)
            raise PnpgenError(f"{name}: no game.yaml in this folder")
    if bundled:
        return CONTENT_DIR / name
    packs = ", ".join(bundled_packs()) or "none"
    raise PnpgenError(f"{name}: not a bundled game (bundled: {packs}) nor a folder holding a game.yaml")


def bundled_name(root: Path | str) -> str | None:
    """A pack folder's name when it is one of the bundled packs, else None."""
    try:
        folder = Path(root).resolve()
    except OSError:
        return None
    return folder.name if folder.parent == CONTENT_DIR.resolve() else None


def game_ref(root: Path | str) -> str:
    """How a file written anywhere names a pack: a bundled pack by its name, another by its absolute folder."""
    return bundled_name(root) or str(Path(root).resolve())


def pack_path(root: Path, ref: str, within: str = "") -> Path:
    """The file `ref` names relative to the folder `root` (and inside its subfolder `within`), resolved with
    symbolic links followed; PathRefused when it is absolute or leads outside, or cannot be looked up."""
    shown = ref if len(ref) <= 80 else ref[:60] + "..."
    try:
        top = Path(root).resolve()
        target = (top / ref).resolve()
        target.exists()  # a name too long to look up raises here, not in a later is_file()
    except (OSError, RuntimeError, ValueError):  # a name too long, a loop of symbolic links, a NUL character
        raise PathRefused(f"file reference '{shown}' cannot be looked up (too long, or a loop of links?)") from None
    if not target.is_relative_to(top / within):
        raise PathRefused(f"file reference '{shown}' leaves the {within + ' ' if within else 'content '}folder")
    return target


def template_path(pack: Path, name: str) -> Path | None:
    """The file of template `name`: in the pack's templates/ folder, else in pnpgen's; None when neither has it.
    PathRefused for a name that leads out of its templates folder (the same rules as any file a pack names)."""
    for root, within in ((Path(pack), "templates"), (TEMPLATES_DIR, "")):
        ref = f"{within}/{name}.yaml" if within else f"{name}.yaml"
        try:
            present = (root / ref).is_file()
        except OSError:
            present = True  # (pack_path says why it cannot be looked up)
        if present:
            return pack_path(root, ref, within)
    return None
