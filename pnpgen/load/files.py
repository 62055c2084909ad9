"""A pack's files: reading them within the pack and its size budget, the sections each names, and the fonts, images
and templates its fields name."""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from ..errors import ContentError, Loc
from ..files.paths import TEMPLATES_DIR, PathRefused, pack_path, template_path
from ..model import Board
from ..model.game import FontFile
from ..model.images import ImageRef
from ..source.declare import INVALID, declarations
from ..source.fields import did_you_mean, read_section, read_values
from ..source.sheets import is_sheet, read_sheet
from ..source.yamlsrc import display_path, load_yaml, loc_of
from .context import Context

# Sections are read in this order (a file's errors come before those of files read after it).
READ_ORDER = ("colours", "suits", "rules", "icons", "terrain", "actions", "decks", "boards", "area_cards", "tokens",
              "player_aids", "counts", "variants")
MAX_PACK_BYTES = 3_000_000  # the files a pack names, together


class Files:
    """The files of one load, in the order read, and the bytes they hold together."""

    def __init__(self, context: Context):
        self.context = context
        self.files: list[str] = []  # in the order read
        self.pack_bytes = 0  # bytes of the files read so far (game.yaml is bounded by itself)
        context.reads_files_with(self.data_file)

    def in_file_order(self, errors: list[ContentError], start: int) -> None:
        """Sort the errors this load recorded by file (in the order read), line and column."""
        stopped = errors and errors[-1].message.startswith("too many errors")
        end = len(errors) - 1 if stopped else len(errors)  # 'too many errors' stays last
        rank = {f: i for i, f in enumerate(self.files)}
        errors[start:end] = sorted(errors[start:end], key=lambda e: (rank.get(e.loc.file, len(rank)), e.loc.line,
                                                                     e.loc.col))

    def read_file(self, path: Path) -> Any:
        """A YAML file's (or a spreadsheet's) located data (ContentError if it cannot be read)."""
        name = display_path(path)
        if name not in self.files:
            self.files.append(name)
        return read_sheet(path, name) if is_sheet(path) else load_yaml(path, self.context.problems)

    def data_file(self, ref: str, loc: Loc | None) -> Any:
        """The located data of a file a field names (a deck's cards: CSV, XLSX or YAML); None after an error."""
        if not ref.lower().endswith((".csv", ".xlsx", ".yaml", ".yml")):
            self.context.error(loc, f"file reference '{ref}' must name a CSV, XLSX or YAML file (ending .csv, .xlsx, "
                         ".yaml or .yml)")
            return None
        return self.include(ref, loc)

    def include(self, ref: str, loc: Loc | None, section: str = "") -> Any:
        """The data of a file named by a section (relative to the pack); None after an error."""
        self.context.broken.add(section)  # until the file has loaded
        try:
            target = pack_path(self.context.root, ref)
        except PathRefused as e:
            self.context.error(loc, str(e))
            return None
        if not target.is_file():
            self.context.error(loc, f"file reference '{ref}': no such file in {display_path(self.context.root)}")
            return None
        self.pack_bytes += target.stat().st_size
        if self.pack_bytes > MAX_PACK_BYTES:  # (each file is bounded by itself: this bounds them together)
            self.context.error(loc, f"file reference '{ref}' brings the files the pack reads to "
                         f"{-(-self.pack_bytes // 1000)} kB; the limit for a whole pack is {MAX_PACK_BYTES // 1000} kB")
            return None
        try:
            doc = self.read_file(target)
        except ContentError as e:
            self.context.error(e.loc, e.message)
            return None
        if doc is None:  # one error at the file, none at each thing that would have used it
            self.context.error(Loc(display_path(target), 1, 1), f"the file is empty (named at {loc})")
            return None
        self.context.broken.discard(section)
        return doc

    def read_part(self, cls: type, doc: Any, what: str, loc: Loc, key: str | None = None,
                  label: str = "") -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        """A game's or variant's own fields, each of its sections (inline or from the file it names) as read,
        and each section's located data."""
        sections = [d for d in declarations(cls) if d.spec.section]
        values, _ = read_values(cls, doc, what, self.context.reading, loc, key, skip={d.attr for d in sections})
        m = doc if isinstance(doc, dict) else {}
        by_key = {d.key: d for d in sections}
        got: dict[str, Any] = {}
        raws: dict[str, Any] = {}
        for name in READ_ORDER:
            d = by_key.get(name)
            if d is None:
                continue
            raw = raws[name] = m.get(name)
            if isinstance(raw, str):
                raw = raws[name] = self.include(raw, loc_of(m, name), label + name)
            if raw is None or name == "variants":
                got[name] = raw
                continue
            value = read_section(d.kind, raw, name, self.context.reading, loc_of(m, name))
            if value is INVALID:
                self.context.broken.add(label + name)
                value = d.kind.empty
            got[name] = (value,) if isinstance(value, Board) else value
        return values, got, raws

    def fonts(self, fonts: Any) -> tuple[FontFile, ...]:
        """The pack's own font files, inside the pack (`check` reads them: draw/fonts.py)."""
        if fonts is None or fonts == ():
            return ()
        out = []
        for style, ref in ((k, getattr(fonts, k, None)) for k in self.context.source(fonts).mapping):
            if ref is None:
                continue
            try:
                target = pack_path(self.context.root, ref)
            except PathRefused as e:
                self.context.err(fonts, style, str(e))
                continue
            if not target.is_file():
                self.context.err(fonts, style, f"'{style}': no such file '{ref}' in {display_path(self.context.root)}")
            else:
                out.append(FontFile(style, target, self.context.at(fonts, style)))
        return tuple(out)

    def image(self, obj: Any, key: str, ref: Any) -> ImageRef | None:
        """The image file a field names, inside the pack; None after an error (a path that is absolute or leaves
        the pack, symbolic links followed; no such file)."""
        if ref is None or isinstance(ref, ImageRef):
            return ref
        if PurePosixPath(ref).is_absolute() or PureWindowsPath(ref).is_absolute() or PureWindowsPath(ref).drive:
            self.context.err(obj, key, f"image '{ref}' must be a path relative to the pack folder")
            return None
        try:
            target = pack_path(self.context.root, ref)
        except PathRefused as e:
            self.context.err(obj, key, str(e))
            return None
        if not target.is_file():
            self.context.err(obj, key, f"image '{ref}': no such file in {display_path(self.context.root)}")
            return None
        return ImageRef(ref, target, self.context.at(obj, key))

    def template(self, obj: Any, key: str, name: str | None) -> str | None:
        """A template name that a file in the pack's templates/ or pnpgen's names, else None after an error."""
        if name is None:
            return None
        try:
            if template_path(self.context.root, name) is not None:
                return name
        except PathRefused as e:
            self.context.err(obj, key, f"template '{name}': {e}")
            return None
        known = sorted({p.stem for d in (self.context.root / "templates", TEMPLATES_DIR) if d.is_dir()
                        for p in d.glob("*.yaml")})
        self.context.err(obj, key, f"unknown template '{name}' (expected one of: {', '.join(known)})"
                 + did_you_mean(name, known))
        return None
