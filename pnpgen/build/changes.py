"""What changed since the previous build: every component's identity (digests of what it draws) and every content
line, kept in the output folder as snapshot.json, compared with the next build's; changes.txt says what changed.

A component's identity rests on its drawing primitives (the dump golden files use: every coordinate to 0.01 mm,
every colour and text) with its size, bleed and cut, and the font files its text is set in; never on file times.
A picture (PNG or JPEG) a piece draws counts by the SHA-256 of its file's bytes; an SVG file's, by the primitives
it is read into.
"""

from __future__ import annotations

import hashlib
import json
import os
import textwrap
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..draw.dump import digest
from ..draw.piece import Kit, Piece
from ..draw.primitives import Group, Text
from ..errors import Loc
from ..files.paths import TEMPLATES_DIR
from ..render.cover import page_ranges

SNAPSHOT = "snapshot.json"
CHANGES = "changes.txt"
FORMAT = 2  # snapshot.json's layout and digests; a snapshot of another format is not compared with
BUNDLED = "(pnpgen) templates/"  # how a bundled template's file is named in a snapshot


def changed_pdf_name(game_id: str, paper: str, low_ink: bool = False) -> str:
    """The file holding only the changed components, for one paper (and ink)."""
    return f"{game_id}-changed-{paper}{'-low-ink' if low_ink else ''}.pdf"


def snapshot_name(baseline: str) -> str:
    """The file holding the snapshot of one kind of build ('' for a plain home build: snapshot.json)."""
    return f"snapshot-{baseline}.json" if baseline else SNAPSHOT


def is_snapshot(rel: str) -> bool:
    """Whether an output file is a snapshot (of any kind of build)."""
    return rel == SNAPSHOT or (rel.startswith("snapshot-") and rel.endswith(".json") and "/" not in rel)


def is_changes_file(rel: str, game_id: str) -> bool:
    """Whether an output file records changes (changes.txt, a snapshot, a changed-components PDF)."""
    return rel == CHANGES or is_snapshot(rel) or (rel.startswith(f"{game_id}-changed-") and rel.endswith(".pdf"))


@dataclass(frozen=True)
class Component:
    """One component as a build drew it: its identity and the content it comes from."""

    id: str
    name: str
    kind: str
    count: int
    source: str  # 'cards.yaml:9': the file (in the pack, or a bundled template) and line it comes from; '' unknown
    face: str  # digest of its size, bleed, cut and face drawing
    back: str  # digest of its back drawing ('' when it has none)


@dataclass(frozen=True)
class PageMark:
    """One page of a full-kit PDF: its label and the digest of its drawing."""

    label: str
    digest: str


@dataclass(frozen=True)
class Snapshot:
    """What one build drew: its components in print order, the lines of its content files, its PDF pages, and a
    digest of each file of its other formats (PNGs, card PDFs, Tabletop Simulator ...)."""

    game: str
    components: tuple[Component, ...]
    files: dict[str, tuple[str, ...]]  # file name -> a digest per line (one digest for a file that is not text)
    pages: dict[str, tuple[PageMark, ...]] = field(default_factory=dict)  # '<game>-a4.pdf' -> its pages
    outputs: dict[str, str] = field(default_factory=dict)  # 'png/card-x.png' -> digest of its bytes


@dataclass(frozen=True)
class Changed:
    """A component whose drawing differs from the previous build's: what differs and where the content changed."""

    now: Component
    before: Component
    what: str  # 'face', 'back', 'face and back', 'count 1 -> 2' ...
    where: tuple[str, ...]  # content lines that changed within its own source ('cards.yaml:9'), if any
    elsewhere: bool  # its own source did not change: the lines in Changes.lines did


@dataclass(frozen=True)
class Changes:
    """The comparison of a build with the previous one in its output folder (first: there was none to compare)."""

    first: bool
    changed: tuple[Changed, ...] = ()
    added: tuple[Component, ...] = ()
    removed: tuple[Component, ...] = ()
    unchanged: tuple[Component, ...] = ()
    lines: dict[str, tuple[int, ...]] = field(default_factory=dict)  # content file -> its changed lines (now)
    pages: dict[str, tuple[tuple[int, str], ...]] = field(default_factory=dict)  # PDF -> (page, label) that differ
    page_counts: dict[str, tuple[int, int]] = field(default_factory=dict)  # PDF -> (pages before, pages now)
    outputs: tuple[tuple[str, str], ...] = ()  # other formats' files that differ: (path, 'changed'|'new'|'gone')

    @property
    def any(self) -> bool:
        """Whether anything was added, removed or changed."""
        return bool(self.changed or self.added or self.removed)

    def to_print(self) -> set[str]:
        """Ids of the components a reprint needs: the changed and the added."""
        return {c.now.id for c in self.changed} | {c.id for c in self.added}

    def headline(self) -> str:
        """One line: how many components changed, were added or removed (ids of a few)."""
        if self.first:
            return "nothing to compare with: this folder holds no earlier build, or one an earlier pnpgen made"
        if not self.any:
            return "no component changed"
        parts = []
        for word, ids in (("changed", [c.now.id for c in self.changed]), ("added", [c.id for c in self.added]),
                          ("removed", [c.id for c in self.removed])):
            if ids:
                shown = ", ".join(ids[:3]) + (f", +{len(ids) - 3} more" if len(ids) > 3 else "")
                parts.append(f"{len(ids)} {word} ({shown})")
        return ", ".join(parts)


# -- identity ---------------------------------------------------------------------------------------------------

def _has_text(item) -> bool:
    if isinstance(item, Group):
        return any(_has_text(child) for child in item.items)
    return isinstance(item, Text)


def drawing_digest(head: str, root, fonts: str, memo: dict[int, bytes]) -> str:
    """The digest of a drawing's primitives (after a head line), with the font files when it sets any text."""
    h = hashlib.blake2b(head.encode("utf-8"), digest_size=12)
    h.update(digest(root, memo))
    if _has_text(root):
        h.update(("fonts " + fonts).encode("utf-8"))
    return h.hexdigest()


def component(piece: Piece, source: str, fonts: str, memo: dict[int, bytes]) -> Component:
    """A piece's identity."""
    head = f"{piece.width:.2f}x{piece.height:.2f} bleed {piece.bleed:.2f} cut {piece.cut} min {piece.min_scale:.3f}"
    back = drawing_digest("back", piece.back, fonts, memo) if piece.back is not None else ""
    return Component(piece.id, piece.name, piece.kind, piece.count, source,
                     drawing_digest(head, piece.face, fonts, memo), back)


def file_name(path: Path, root: Path) -> str | None:
    """How a snapshot names a content file: relative to the pack, or as a bundled template; None for others."""
    for base, prefix in ((root, ""), (TEMPLATES_DIR.resolve(), BUNDLED)):
        try:
            return prefix + path.relative_to(base).as_posix()
        except ValueError:
            continue
    return None


def source_of(loc: Loc | None, root: Path, names: dict[str, str | None] | None = None) -> str:
    """'cards.yaml:9' for a location in the pack (or a bundled template), '' when it has none; `names` keeps the
    name of each file already looked up (a deck's thousand cards come from one file)."""
    if loc is None or not loc.line:
        return ""
    names = {} if names is None else names
    if loc.file not in names:
        names[loc.file] = file_name(Path(os.path.abspath(loc.file)).resolve(), root)
    name = names[loc.file]
    return f"{name}:{loc.line}" if name else ""


def line_digests(data: bytes) -> tuple[str, ...]:
    """A digest per line of a text file; one digest, marked '*', for a file that is not UTF-8 text."""
    if b"\0" not in data:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            return tuple(hashlib.blake2b(line.encode("utf-8"), digest_size=5).hexdigest()
                         for line in text.splitlines())
    return ("*" + hashlib.blake2b(data, digest_size=12).hexdigest(),)


def content_files(root: Path, skip: Path | None = None) -> dict[str, tuple[str, ...]]:
    """The line digests of every file in a pack folder and of every bundled template (hidden files aside, and
    the output folder when it lies inside the pack)."""
    out: dict[str, tuple[str, ...]] = {}
    for base, prefix in ((root, ""), (TEMPLATES_DIR.resolve(), BUNDLED)):
        for here, dirs, names in os.walk(base):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__"
                             and (skip is None or Path(here, d).resolve() != skip))
            for name in sorted(names):
                p = Path(here, name)
                if name.startswith(".") or not p.is_file():
                    continue
                try:
                    data = p.read_bytes()
                except OSError:
                    continue
                out[prefix + p.relative_to(base).as_posix()] = line_digests(data)
    return out


def file_digest(data: bytes) -> str:
    """The digest of an output file's bytes."""
    return hashlib.blake2b(data, digest_size=12).hexdigest()


def page_marks(pages, memo: dict[int, bytes]) -> tuple[PageMark, ...]:
    """Each page's label and drawing digest."""
    return tuple(PageMark(p.label, digest(p.drawing.root, memo).hex()[:24]) for p in pages)


def take_snapshot(kit: Kit, root: Path, fonts: str, pdf_pages: dict[str, list], skip: Path | None = None,
                  outputs: dict[str, str] | None = None) -> Snapshot:
    """What a build drew: every piece's identity, the content's lines, each full-kit PDF's pages (and the digests
    of its other formats' files, as given)."""
    root = Path(root).resolve()
    memo: dict[int, bytes] = {}  # pages place the pieces' own drawings: each is read once
    names: dict[str, str | None] = {}
    components = tuple(component(p, source_of(p.source, root, names), fonts, memo) for p in kit.pieces)
    pages = {name: page_marks(pages, memo) for name, pages in pdf_pages.items()}
    return Snapshot(kit.game_id, components, content_files(root, skip), pages, dict(outputs or {}))


# -- reading and writing ----------------------------------------------------------------------------------------

def snapshot_bytes(s: Snapshot) -> bytes:
    """snapshot.json: sorted, one component or file a line, the same bytes for the same build."""
    lines = ["{", f' "format": {FORMAT},', f' "game": {json.dumps(s.game)},', ' "components": [']
    rows = [json.dumps([c.id, c.name, c.kind, c.count, c.source, c.face, c.back], ensure_ascii=False)
            for c in s.components]
    lines += [f"  {r}," for r in rows[:-1]] + ([f"  {rows[-1]}"] if rows else [])
    lines.append(" ],")
    lines.append(' "files": {')
    items = [f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(' '.join(v))}" for k, v in sorted(s.files.items())]
    lines += [i + "," for i in items[:-1]] + items[-1:]
    lines.append(" },")
    lines.append(' "pages": {')
    items = [f"  {json.dumps(k)}: {json.dumps([[m.label, m.digest] for m in v], ensure_ascii=False)}"
             for k, v in sorted(s.pages.items())]
    lines += [i + "," for i in items[:-1]] + items[-1:]
    lines.append(" },")
    lines.append(' "outputs": {')
    items = [f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(v)}" for k, v in sorted(s.outputs.items())]
    lines += [i + "," for i in items[:-1]] + items[-1:]
    lines += [" }", "}", ""]
    return "\n".join(lines).encode("utf-8")


def read_snapshot(folder: Path, baseline: str = "") -> Snapshot | None:
    """The snapshot a previous build of a kind (see snapshot_name) left in an output folder; None when there is
    none (or it does not read)."""
    try:
        data = json.loads((Path(folder) / snapshot_name(baseline)).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            return None
        components = tuple(Component(str(i), str(n), str(k), int(c), str(s), str(f), str(b))
                           for i, n, k, c, s, f, b in data["components"])
        files = {str(k): tuple(str(v).split()) for k, v in data["files"].items()}
        pages = {str(k): tuple(PageMark(str(label), str(d)) for label, d in v) for k, v in data["pages"].items()}
        outputs = {str(k): str(v) for k, v in data["outputs"].items()}
        return Snapshot(str(data["game"]), components, files, pages, outputs)
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


# -- comparing --------------------------------------------------------------------------------------------------

def changed_lines(before: tuple[str, ...], now: tuple[str, ...]) -> tuple[int, ...]:
    """Lines (numbered from 1, in the new file) that differ from the old file: replaced or inserted, or the line
    after a deletion."""
    if before == now:
        return ()
    if len(now) == 1 and now[0].startswith("*") or len(before) == 1 and before[0].startswith("*"):
        return (0,)  # not text: the file as a whole
    import difflib  # (only a build that has an earlier one to compare with needs it)

    out: set[int] = set()
    for tag, _i1, _i2, j1, j2 in difflib.SequenceMatcher(None, before, now, autojunk=False).get_opcodes():
        if tag in ("replace", "insert"):
            out.update(range(j1 + 1, j2 + 1))
        elif tag == "delete":
            out.add(min(j1 + 1, max(len(now), 1)))
    return tuple(sorted(out))


def _split(source: str) -> tuple[str, int]:
    name, _, line = source.rpartition(":")
    return (name, int(line)) if name and line.isdigit() else ("", 0)


def _spans(components: tuple[Component, ...]) -> dict[tuple[str, int], int]:
    """(file, first line) of each component's source -> the line its source ends before (0: the file's end)."""
    starts: dict[str, set[int]] = {}
    for c in components:
        name, line = _split(c.source)
        if name:
            starts.setdefault(name, set()).add(line)
    out = {}
    for name, lines in starts.items():
        ordered = sorted(lines)
        for a, b in zip(ordered, ordered[1:] + [0]):
            out[(name, a)] = b
    return out


def _what(now: Component, before: Component) -> str:
    parts = []
    if now.face != before.face:
        parts.append("face")
    if now.back != before.back:
        parts.append("back" if now.back and before.back else "back added" if now.back else "back removed")
    drawn = " and ".join(parts)
    if now.count != before.count:
        drawn = (drawn + ", " if drawn else "") + f"count {before.count} -> {now.count}"
    if now.name != before.name and not drawn:
        drawn = "name"
    return drawn


def compare(before: Snapshot | None, now: Snapshot) -> Changes:
    """Every component of `now` as added, changed or unchanged against `before`, and what `before` had that
    `now` lacks; changed components are tied to the content lines that changed within their source."""
    if before is None:
        return Changes(True, added=now.components)
    old = {c.id: c for c in before.components}
    ids = {c.id for c in now.components}
    lines = {name: changed for name, digests in now.files.items()
             if (changed := changed_lines(before.files.get(name, ()), digests))}
    lines.update({name: (-1,) for name in before.files if name not in now.files})
    spans = _spans(now.components)
    changed, added, unchanged = [], [], []
    for c in now.components:
        b = old.get(c.id)
        if b is None:
            added.append(c)
            continue
        what = _what(c, b)
        if not what:
            unchanged.append(c)
            continue
        name, first = _split(c.source)
        end = spans.get((name, first), 0)
        own = tuple(f"{name}:{n}" if n else name for n in lines.get(name, ())
                    if n == 0 or first <= n and (end == 0 or n < end))
        changed.append(Changed(c, b, what, own, not own))
    removed = tuple(c for c in before.components if c.id not in ids)
    pages, counts = {}, {}
    for pdf, marks in now.pages.items():
        if pdf not in before.pages:
            continue
        old_marks = before.pages[pdf]
        differ = tuple((n, m.label) for n, m in enumerate(marks, start=1)
                       if n > len(old_marks) or old_marks[n - 1].digest != m.digest)
        if differ:
            pages[pdf] = differ
        if len(old_marks) != len(marks):
            counts[pdf] = (len(old_marks), len(marks))
    return Changes(False, tuple(changed), tuple(added), removed, tuple(unchanged), lines, pages, counts,
                   _outputs(before.outputs, now.outputs))


def _outputs(before: dict[str, str], now: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """Other formats' files that differ, are new or are gone; a folder with no file recorded before (a format
    built here for the first time) as one entry."""
    known = {path.rpartition("/")[0] for path in before}
    fresh: dict[str, int] = {}
    out = []
    for path, d in now.items():
        folder = path.rpartition("/")[0]
        if folder and folder not in known:
            fresh[folder] = fresh.get(folder, 0) + 1
        elif before.get(path) != d:
            out.append((path, "changed" if path in before else "new"))
    out += [(f"{folder}/", f"{n} file{'s' if n > 1 else ''}, none recorded before") for folder, n in fresh.items()]
    out += [(path, "gone") for path in before if path not in now]
    return tuple(sorted(out))


def changed_kit(kit: Kit, changes: Changes) -> Kit | None:
    """The kit cut down to the components a reprint needs, in the same order, titled as such (None: nothing to
    print)."""
    keep = changes.to_print()
    pieces = tuple(p for p in kit.pieces if p.id in keep)
    if changes.first or not any(p.count > 0 for p in pieces):
        return None
    return replace(kit, pieces=pieces, title=f"{kit.title} (changed components)")


# -- changes.txt ------------------------------------------------------------------------------------------------

def _file_lines(lines: dict[str, tuple[int, ...]]) -> list[str]:
    out = []
    for name, numbers in sorted(lines.items()):
        if numbers == (0,):
            out.append(f"{name} (not text: the whole file)")
        elif numbers == (-1,):
            out.append(f"{name} (removed)")
        else:
            out.append(f"{name}: line{'s' if len(numbers) > 1 else ''} {page_ranges(numbers)}")
    return out


def _wrapped(words: list[str], indent: str = "  ") -> list[str]:
    return textwrap.wrap(", ".join(words), 116, initial_indent=indent, subsequent_indent=indent,
                         break_on_hyphens=False) if words else []


def changes_text(title: str, version: str, changes: Changes, reprints: dict[str, str], baseline: str) -> str:
    """changes.txt: components changed, added, removed and unchanged; the content lines behind them; the pages of
    the full kit and the other formats' files that differ; and the files to reprint."""
    out = [f"{title} {version}: components compared with {baseline}",
           "(by what each component draws, not by file dates)", ""]
    if changes.first:
        out += ["There was no earlier build here to compare with: print the whole kit.",
                f"components ({len(changes.added)}):"] + _wrapped([c.id for c in changes.added]) + [""]
        return "\n".join(out)

    def row(c: Component, note: str) -> str:
        return f"  {c.id}  ({c.kind or 'component'} '{c.name}'){note}"

    out.append(f"changed ({len(changes.changed)}):")
    for ch in changes.changed:
        if ch.where:
            note = f"  {ch.what}; changed at {', '.join(ch.where)}"
        elif ch.now.source:
            note = f"  {ch.what}; {ch.now.source} itself unchanged (see the content changes)"
        else:
            note = f"  {ch.what}"
        out.append(row(ch.now, note))
    out.append(f"added ({len(changes.added)}):")
    out += [row(c, f"  from {c.source}" if c.source else "") for c in changes.added]
    out.append(f"removed ({len(changes.removed)}):")
    out += [row(c, f"  was at {c.source}" if c.source else "") for c in changes.removed]
    out.append(f"unchanged ({len(changes.unchanged)}):")
    out += _wrapped([c.id for c in changes.unchanged])
    out += ["", "content changes:"]
    listed = [f"  {line}" for line in _file_lines(changes.lines)]
    if not listed:
        listed = ["  none" + (" (the difference comes from pnpgen itself or from the build's options)"
                              if changes.any else "")]
    out += listed
    differ = sorted(set(changes.pages) | set(changes.page_counts))
    for heading, pdfs in (("pages of the full kit that differ:", [p for p in differ if "-rules-" not in p]),
                          ("rulebook pages that differ (reprint these; a booklet by its sheets):",
                           [p for p in differ if "-rules-" in p])):
        if not pdfs:
            continue
        out += ["", heading]
        for pdf in pdfs:
            shown = "; ".join(f"{n} ({label})" for n, label in changes.pages.get(pdf, ()))
            out.append(f"  {pdf}: {shown or 'none'}")
            if pdf in changes.page_counts:
                was, now = changes.page_counts[pdf]
                out.append(f"    (it had {was} pages, now {now}: the page numbers in every footer changed)")
    if changes.outputs:
        out += ["", f"files of the other formats that differ ({len(changes.outputs)}):"]
        out += [f"  {path}" + (f" ({what})" if what != "changed" else "") for path, what in changes.outputs]
    out.append("")
    rules = [p for p in changes.pages if "-rules-" in p]
    if reprints:
        out.append("to reprint only what changed:")
        out += [f"  {name}  ({note})" for name, note in sorted(reprints.items())]
    elif rules and not changes.any:
        out.append("no component changed: reprint only the rulebook pages listed above.")
    elif changes.any:
        out.append("nothing to reprint: the changed components print on no sheet (or no PDF was built)")
    else:
        out.append("nothing to reprint.")
    out.append("")
    return "\n".join(out)
