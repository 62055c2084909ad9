"""A pack's rulebook: its Markdown file (or folder of them) read into numbered sections and blocks, the blocks pnpgen
fills in checked against the pack, every reference to the data resolved at the place it is written, and every
number the text states beside a name of the data held against that data.

Numbers: a `#` or `##` heading that begins with a number ('## 7.2 Cannon') is that section; one without is numbered
after the one before it ('# Setup' after '# 2.0 Components' is 3.0, after '# 2 Components' is 3). `###` headings
have no number.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import Loc, Problems
from ..files.paths import PathRefused, pack_path
from ..model import Game
from ..model.components import Section
from ..model.rulebook import FIGURES, Figure, Heading, ListBlock, Paragraph, Rulebook, TableBlock
from ..source.declare import did_you_mean
from ..source.yamlsrc import display_path
from .markdown import RawFigure, RawPicture, read_markdown
from .textrefs import REFERENCE, Leaf, Resolver, Unresolved, Where, _numbers_of, data_view, shown

EXPLICIT = re.compile(r"^(\d+(?:\.\d+)*)\.?[ \t]+(\S.*)$")
ALIASES = {"card": "cards", "token": "tokens", "clarification": "clarifications", "readings": "clarifications"}
KEYS = {"components": ("caption",), "cards": ("caption",), "tokens": ("caption",), "clarifications": (),
        "position": ("file", "at", "show", "caption"), "picture": ("caption",)}
SHOWS = ("board", "all")
MAX_FILE_BYTES = 1_000_000


def read_rulebook(root: Path, ref: str, loc: Loc | None, problems: Problems) -> Rulebook | None:
    """The rulebook a pack names (a Markdown file, or a folder whose .md files are read in name order), its
    headings numbered and its blocks read; None after an error that leaves nothing to read."""
    try:
        target = pack_path(root, ref)
    except PathRefused as e:
        problems.error(loc, f"rulebook: {e}")
        return None
    if target.is_dir():
        files = sorted(p for p in target.iterdir() if p.suffix.lower() == ".md" and p.is_file()
                       and not p.name.startswith("."))
        if not files:
            problems.error(loc, f"rulebook: the folder '{ref}' holds no Markdown file (.md)")
            return None
    elif target.is_file():
        files = [target]
    else:
        problems.error(loc, f"rulebook: no such file or folder '{ref}' in {display_path(root)}")
        return None
    blocks: list = []
    for path in files:
        name = display_path(path)
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                problems.error(Loc(name, 1, 1), f"rulebook: the file is over {MAX_FILE_BYTES // 1000} kB")
                continue
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            problems.error(loc, f"rulebook: cannot read '{name}' ({e.strerror or e})")
            continue
        except UnicodeDecodeError as e:
            line = path.read_bytes()[:e.start].count(b"\n") + 1
            problems.error(Loc(name, line, 1), "rulebook: the file is not UTF-8 text")
            continue
        folder = path.parent.resolve().relative_to(Path(root).resolve())
        for block in read_markdown(text, name, problems):
            if isinstance(block, RawFigure):
                block = _figure(block, root, folder, problems)
            elif isinstance(block, RawPicture):
                block = _picture(block, root, folder, problems)
            if block is not None:
                blocks.append(block)
    return Rulebook(tuple(_numbered(blocks, problems)), tuple(display_path(p) for p in files), loc)


def _numbered(blocks: list, problems: Problems) -> list:
    """The blocks with each `#` and `##` heading numbered (see the module's docstring); a number used twice is an
    error at its second heading."""
    chapter, section, zero = 0, 0, False
    seen: dict[str, Loc | None] = {}
    out = []
    for b in blocks:
        if not isinstance(b, Heading):
            out.append(b)
            continue
        m = EXPLICIT.match(b.title)
        title = m.group(2) if m else b.title
        if b.level == 3:
            out.append(replace(b, title=b.title))
            continue
        if m:
            parts = [int(x) for x in m.group(1).split(".")]
            number = m.group(1)
            if b.level == 1:
                chapter, section, zero = parts[0], parts[1] if len(parts) > 1 else 0, len(parts) > 1
            else:
                chapter, section = parts[0], parts[1] if len(parts) > 1 else section + 1
        elif b.level == 1:
            chapter, section = chapter + 1, 0
            number = f"{chapter}.0" if zero else str(chapter)
        else:
            section += 1
            number = f"{chapter}.{section}"
        key = _key(number)
        if key in seen:
            problems.error(b.loc, f"rulebook: section {number} is numbered twice (first at {seen[key]})")
        seen[key] = b.loc
        out.append(replace(b, number=number, title=title))
    return out


def _key(number: str) -> tuple[int, ...]:
    parts = [int(x) for x in number.split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def _figure(raw: RawFigure, root: Path, folder: Path, problems: Problems) -> Figure | None:
    """A fenced block read: `key: value` lines and, for cards and tokens, ids (commas or spaces between them);
    for a position, its file."""
    kind = ALIASES.get(raw.kind, raw.kind)
    if kind not in KEYS or kind == "picture":
        known = [k for k in FIGURES]
        problems.error(raw.loc, f"rulebook: unknown block '{raw.kind}' (expected one of: {', '.join(known)})"
                       + (did_you_mean(raw.kind, known) if raw.kind else ""))
        return None
    keys = KEYS[kind]
    values: dict[str, tuple[str, Loc]] = {}
    ids: list[tuple[str, Loc]] = []
    last = ""  # the key of the line before: a line that is not 'key: value' carries on a caption
    for text, at in raw.lines:
        m = re.match(r"^([A-Za-z_][\w-]*):[ \t]*(.*)$", text)
        if last == "caption" and not (m and m.group(1) in keys):
            value, value_at = values["caption"]
            values["caption"] = ((value + " " + text).strip(), value_at)
            continue
        if m and (m.group(1) in keys or kind not in ("cards", "tokens")):
            key, value = m.group(1), m.group(2).strip()
            if key not in keys:
                problems.error(at, f"rulebook: a {kind} block has no '{key}'"
                               + (f" (it takes: {', '.join(keys)})" if keys else " (it takes nothing)")
                               + did_you_mean(key, keys))
                continue
            values[key] = (value, Loc(at.file, at.line, at.col + text.index(value) if value else at.col))
            last = key
            continue
        last = ""
        if kind in ("cards", "tokens"):
            for w in re.finditer(r"[^,\s]+", text):
                ids.append((w.group(0), Loc(at.file, at.line, at.col + w.start())))
        elif kind == "position" and "file" not in values:
            values["file"] = (text, at)
        else:
            problems.error(at, f"rulebook: a {kind} block takes " + (f"'key: value' lines ({', '.join(keys)})"
                                                                     if keys else "nothing inside it"))
    if kind in ("cards", "tokens") and not ids:
        problems.error(raw.loc, f"rulebook: a {kind} block lists the ids of the {kind} to show, one or more")
        return None
    caption = values.get("caption", ("", None))[0]
    figure = Figure(kind, tuple(i for i, _ in ids), caption=caption, loc=raw.loc,
                    ref_loc=ids[0][1] if ids else None, id_locs=tuple(at for _, at in ids))
    if kind != "position":
        return figure
    if "file" not in values:
        problems.error(raw.loc, "rulebook: a position block names its position file (a path, or 'file: PATH')")
        return None
    ref, ref_loc = values["file"]
    path = _pack_file(root, folder, ref, ref_loc, "position", problems)
    at = None
    if "at" in values:
        word, at_loc = values["at"]
        if not word.isdigit():
            problems.error(at_loc, f"rulebook: 'at' must be a whole number of actions (0 or more), got '{word}'")
            return None
        at = int(word)
    show = values.get("show", ("board", None))
    if show[0] not in SHOWS:
        problems.error(show[1], f"rulebook: 'show' must be one of: {', '.join(SHOWS)}, got '{show[0]}'"
                       + did_you_mean(show[0], SHOWS))
        return None
    if path is None:
        return None
    return replace(figure, path=path, ref=ref, at=at, show=show[0], ref_loc=ref_loc)


def _picture(raw: RawPicture, root: Path, folder: Path, problems: Problems) -> Figure | None:
    path = _pack_file(root, folder, raw.ref, raw.ref_loc, "picture", problems)
    if path is None:
        return None
    if path.suffix.lower() not in (".png", ".jpg", ".jpeg", ".svg"):
        problems.error(raw.ref_loc, f"rulebook: picture '{raw.ref}' must be a PNG, JPEG or SVG file")
        return None
    return Figure("picture", path=path, ref=raw.ref, caption=raw.caption, loc=raw.loc, ref_loc=raw.ref_loc)


def _pack_file(root: Path, folder: Path, ref: str, loc: Loc | None, what: str, problems: Problems) -> Path | None:
    """A file the rulebook names, relative to the Markdown file's folder, inside the pack."""
    try:
        target = pack_path(root, os.path.normpath((folder / ref).as_posix()))
    except PathRefused as e:
        problems.error(loc, f"rulebook: {what} {e}")
        return None
    if not target.is_file():
        problems.error(loc, f"rulebook: {what} file '{ref}': no such file in {display_path(root)}")
        return None
    return target


# -- against the data ---------------------------------------------------------------------------------------------

def resolve_rulebook(game: Game, problems: Problems, where: Where, quiet: bool = False) -> Game:
    """The game with its rulebook's references resolved (an error at a reference that names nothing; one to a rules
    parameter the content lacks is left to the checks, as in other text), and each number its text states beside a
    name of the data held against that data (the cards and tokens its blocks show are the checks' to hold to the pack).
    `quiet`: the content held errors before (a name it lacks may be one that did not load)."""
    book = game.rulebook
    resolver = Resolver(data_view(game, where), problems, where, quiet=quiet)
    _variants(resolver.view, game)
    out = []
    for b in book.blocks:
        if isinstance(b, Heading):
            out.append(replace(b, title=resolver.text(b.title, b.loc, "rulebook")))
        elif isinstance(b, Paragraph):
            _stated(resolver, b.text, b.loc, problems, quiet)
            out.append(replace(b, text=resolver.text(b.text, b.loc, "rulebook")))
        elif isinstance(b, ListBlock):
            items = []
            for (depth, text), at in zip(b.items, b.item_locs):
                _stated(resolver, text, at, problems, quiet)
                items.append((depth, resolver.text(text, at, "rulebook")))
            out.append(replace(b, items=tuple(items)))
        elif isinstance(b, TableBlock):
            rows = tuple(tuple(resolver.text(cell, at or b.loc, "rulebook") for cell, at in zip(row, locs))
                         for row, locs in zip(b.rows, b.cell_locs))
            resolver.contradictions(Section(table=b.rows, loc=b.loc, row_locs=b.row_locs, cell_locs=b.cell_locs),
                                    "rulebook")
            out.append(replace(b, rows=rows))
        elif isinstance(b, Figure):
            out.append(replace(b, caption=resolver.text(b.caption, b.loc, "rulebook")) if b.caption else b)
        else:
            out.append(b)
    return replace(game, rulebook=replace(book, blocks=tuple(out)),
                   pending_rules=tuple(game.pending_rules) + tuple(resolver.pending))


def _variants(view: dict[str, Any], game: Game) -> None:
    """`variants.ID.rules.NAME` (and the variant's name and players) for a rulebook that speaks of them."""
    from ..model.rules import overlay_rules
    from .textrefs import _rules

    view["variants"] = {v.id: {"name": Leaf(v.name, v.loc), "players": Leaf(v.players, v.loc),
                               "rules": _rules(overlay_rules(game.rules, v.rules))} for v in game.variants}


# -- numbers stated beside a name of the data -----------------------------------------------------------------------

WORD_NUMBER = r"(?<![\w.{])(\d+(?:\.\d+)?)(?![\w}]|\.\d)"
SENTENCE = re.compile(r"[^.!?;\n]+(?:[.!?;]|$)")
MASK = re.compile(REFERENCE.pattern)


def _stated(resolver: Resolver, text: str, loc: Loc | None, problems: Problems, quiet: bool) -> None:
    """Hold the numbers a text states beside a name of the data against that data: a rules parameter's name
    followed by a number ('the hand size is 5'), or a record named in the sentence with one of its number fields
    next to a number ('a Broadside deals 3 damage'). A number printed from a reference is never compared."""
    if quiet or loc is None or not any(ch.isdigit() for ch in MASK.sub("", text)):
        return
    masked = MASK.sub(lambda m: "#" * len(m.group(0)), text)
    for s in SENTENCE.finditer(masked):
        sentence = s.group(0)
        lower = sentence.lower()
        for name, leaf in _rules_numbers(resolver.view):
            phrase = name.replace("_", " ")
            for m in re.finditer(rf"\b{re.escape(phrase)}\b(?:[ \t]+(?:is|of|are|equals|=))?[ \t:]*"
                                 + WORD_NUMBER, lower):
                _compare(resolver, text, loc, s.start() + m.start(1), m.group(1), leaf, f"rules.{name}", problems)
        record = _one_record(resolver, lower)
        if record is None:
            continue
        path, fields = record
        for key, leaf in fields.items():
            words = re.escape(key.replace("_", " ").lower())
            for m in re.finditer(rf"{WORD_NUMBER}[ \t]+{words}\b|\b{words}(?:[ \t]+(?:is|of))?[ \t:]*{WORD_NUMBER}",
                                 lower):
                group = 1 if m.group(1) is not None else 2
                _compare(resolver, text, loc, s.start() + m.start(group), m.group(group), leaf, f"{path}.{key}",
                         problems)


def _rules_numbers(view: dict[str, Any]) -> list[tuple[str, Leaf]]:
    return [(k, v) for k, v in view.get("rules", {}).items()
            if isinstance(v, Leaf) and isinstance(v.value, (int, float)) and not isinstance(v.value, bool)]


def _one_record(resolver: Resolver, sentence: str) -> tuple[str, dict[str, Leaf]] | None:
    """The one action or card a sentence names (by its name, as a whole word), with its number fields; None when
    it names none, or more than one."""
    for space in ("actions", "cards"):  # (an action first: the cards that carry it share its name and numbers)
        found: dict[str, list[tuple[str, Mapping]]] = {}
        for rid, record in resolver.view.get(space, {}).items():
            name = getattr(record.get("name"), "value", None)
            if isinstance(name, str) and len(name) > 2 and re.search(rf"\b{re.escape(name.lower())}s?\b", sentence):
                found.setdefault(name.lower(), []).append((f"{space}.{rid}", record))
        if found:
            break
    if len(found) != 1 or len(next(iter(found.values()))) != 1:  # (none, several, or a name several records share)
        return None
    path, record = next(iter(found.values()))[0]
    return path, {k: v for k, v in record.items() if isinstance(v, Leaf) and _numbers_of(v.value) is not None
                  and k not in ("count", "order")}


def _compare(resolver: Resolver, text: str, loc: Loc, at: int, stated: str, leaf: Leaf, path: str,
             problems: Problems) -> None:
    expected = _numbers_of(leaf.value) or []
    if float(stated) in expected:
        return
    try:
        value = shown(leaf, path)
    except Unresolved:
        return
    where = _position(text, at, loc, resolver)
    problems.error(where, f"rulebook: the text states {stated} beside '{path.split('.')[-1].replace('_', ' ')}', "
                   f"but {path} is {value}" + (f" (set at {leaf.loc})" if leaf.loc else "")
                   + f"; write {{{path}}} to print it from the data")


def _position(text: str, at: int, loc: Loc, resolver: Resolver) -> Loc:
    """Where the number at `at` of a text (joined from its lines) stands in its file: the same occurrence of its
    digits after the place the text starts."""
    digits = re.match(r"\d+(?:\.\d+)?", text[at:]).group(0)
    alone = re.compile(rf"(?<![\w.]){re.escape(digits)}(?![\w]|\.\d)")
    before = sum(1 for m in alone.finditer(text) if m.start() < at)
    try:
        source = Path(loc.file).read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return loc
    lines = source.split("\n")
    start = sum(len(x) + 1 for x in lines[:loc.line - 1]) + loc.col - 1
    for k, m in enumerate(alone.finditer(source, start)):
        if k == before:
            line = source.count("\n", 0, m.start()) + 1
            return Loc(loc.file, line, m.start() - (source.rfind("\n", 0, m.start()) + 1) + 1)
    return loc
