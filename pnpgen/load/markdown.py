"""The Markdown a rulebook is written in: a small, documented subset read line by line, each block knowing the line
and column it starts at (docs/rulebook.md lists what is read).

- `#`, `##` headings are numbered sections; `###` a heading without a number.
- Paragraphs; a line ending in a backslash breaks the line there.
- Lists: `-`, `*` or `+` bullets, `1.` numbers; an item indented under another is one level down.
- Tables: `| a | b |` rows, the second row `|---|---|`.
- `> ` quotes: a note set apart in a box. `---` alone: a thin line.
- Fenced blocks (```` ```kind ````) whose kind is one of the blocks pnpgen fills in; `![caption](file)` alone on
  a line: a picture of the pack.
- `<!-- comments -->` are left out; `[text](address)` prints its text, and `code` its words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import Loc, Problems
from ..model.rulebook import Block, Heading, ListBlock, Paragraph, Rule, TableBlock

HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
FENCE = re.compile(r"^(`{3,}|~{3,})[ \t]*([^`]*?)[ \t]*$")
ITEM = re.compile(r"^( *)([-*+]|\d{1,3}[.)])[ \t]+(.*)$")
TABLE_RULE = re.compile(r"^\|?[ \t]*:?-{2,}:?[ \t]*(\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$")
THEMATIC = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
PICTURE = re.compile(r"^!\[([^\]]*)\]\(([^)\s]+)\)$")
LINK = re.compile(r"(?<!!)\[([^\]]+)\]\([^)\s]*\)")


@dataclass
class RawFigure:
    """A fenced block as written: its kind and each line of its body with where it is."""

    kind: str
    loc: Loc
    lines: list[tuple[str, Loc]] = field(default_factory=list)


@dataclass
class RawPicture:
    """`![caption](file)` on a line of its own."""

    caption: str
    ref: str
    loc: Loc
    ref_loc: Loc


def _start(text: str) -> int:
    """The column (from 1) of a line's first character that is not a space."""
    return len(text) - len(text.lstrip(" \t")) + 1


class _Reader:
    def __init__(self, text: str, file: str, problems: Problems):
        self.file, self.problems = file, problems
        self.lines = _without_comments(text.split("\n"))
        self.k = 0
        self.blocks: list[Block | RawFigure | RawPicture] = []

    def loc(self, k: int, col: int = 1) -> Loc:
        return Loc(self.file, k + 1, col)

    def read(self) -> list[Block | RawFigure | RawPicture]:
        while self.k < len(self.lines):
            line = self.lines[self.k]
            stripped = line.strip()
            if not stripped:
                self.k += 1
            elif HEADING.match(stripped) and _start(line) <= 4:
                self.heading(line)
            elif FENCE.match(stripped):
                self.fence(line)
            elif THEMATIC.match(line):
                self.blocks.append(Rule(self.loc(self.k, _start(line))))
                self.k += 1
            elif stripped.startswith(">"):
                self.quote()
            elif stripped.startswith("|") and self.k + 1 < len(self.lines) and \
                    TABLE_RULE.match(self.lines[self.k + 1].strip()):
                self.table()
            elif ITEM.match(line):
                self.list()
            elif PICTURE.match(stripped):
                m = PICTURE.match(stripped)
                col = _start(line)
                self.blocks.append(RawPicture(m.group(1).strip(), m.group(2), self.loc(self.k, col),
                                              self.loc(self.k, col + line.strip().index("](") + 2)))
                self.k += 1
            else:
                self.paragraph()
        return self.blocks

    def heading(self, line: str) -> None:
        m = HEADING.match(line.strip())
        level = len(m.group(1))
        col = _start(line) + m.start(2)
        if level > 3:
            self.problems.error(self.loc(self.k, _start(line)), f"rulebook: a heading has at most three '#' (a "
                                f"section, a subsection, a heading without a number), got {level}")
            level = 3
        self.blocks.append(Heading(level, "", m.group(2), self.loc(self.k, col)))
        self.k += 1

    def fence(self, line: str) -> None:
        m = FENCE.match(line.strip())
        marker, info = m.group(1), m.group(2)
        start = self.k
        figure = RawFigure(info.split()[0] if info else "", self.loc(start, _start(line) + len(marker)))
        self.k += 1
        while self.k < len(self.lines):
            body = self.lines[self.k]
            if body.strip().startswith(marker[0] * len(marker)) and not body.strip().strip(marker[0]):
                self.k += 1
                self.blocks.append(figure)
                return
            if body.strip():
                figure.lines.append((body.strip(), self.loc(self.k, _start(body))))
            self.k += 1
        self.problems.error(self.loc(start, _start(line)), f"rulebook: the block opened here with {marker} is never "
                            f"closed (end it with a line of {marker})")
        self.blocks.append(figure)

    def quote(self) -> None:
        parts: list[str] = []
        first = None
        while self.k < len(self.lines) and self.lines[self.k].strip().startswith(">"):
            line = self.lines[self.k]
            body = line.strip()[1:]
            body = body[1:] if body.startswith(" ") else body
            if first is None and body.strip():
                first = self.loc(self.k, _start(line) + 1 + (1 if line.strip()[1:].startswith(" ") else 0))
            parts.append(body.strip())
            self.k += 1
        text = _joined(parts)
        if text:
            self.blocks.append(Paragraph(text, first, note=True))

    def table(self) -> None:
        rows, row_locs, cell_locs = [], [], []
        header = True
        while self.k < len(self.lines) and self.lines[self.k].strip().startswith("|"):
            line = self.lines[self.k]
            if not header and TABLE_RULE.match(line.strip()):
                self.k += 1
                continue
            cells, locs = _cells(line, self.k + 1, self.file)
            rows.append(tuple(cells))
            row_locs.append(self.loc(self.k, _start(line)))
            cell_locs.append(tuple(locs))
            self.k += 2 if header else 1  # (the rule under the header)
            header = False
        width = len(rows[0])
        for n, row in enumerate(rows[1:], start=1):
            if len(row) != width:
                self.problems.error(row_locs[n], f"rulebook: this table row has {len(row)} cells, the header "
                                    f"{width}")
        rows = [tuple((list(r) + [""] * width)[:width]) for r in rows]
        self.blocks.append(TableBlock(tuple(rows), row_locs[0], tuple(row_locs), tuple(cell_locs)))

    def list(self) -> None:
        items: list[tuple[int, str]] = []
        locs: list[Loc] = []
        ordered = bool(ITEM.match(self.lines[self.k]).group(2)[0].isdigit())
        base = len(ITEM.match(self.lines[self.k]).group(1))
        parts: list[str] = []
        depth = 0

        def close() -> None:
            if parts:
                items.append((depth, _joined(parts)))
                parts.clear()
        while self.k < len(self.lines):
            line = self.lines[self.k]
            m = ITEM.match(line)
            stripped = line.strip()
            if m and not THEMATIC.match(line):
                indent = len(m.group(1))
                if indent <= base + 1 and m.group(2)[0].isdigit() != ordered and items + ([1] if parts else []):
                    break  # a list of the other kind begins
                close()
                depth = 0 if indent <= base + 1 else 1
                parts.append(m.group(3).strip())
                locs.append(self.loc(self.k, m.start(3) + 1))
                self.k += 1
                continue
            if not stripped:
                following = next((x for x in self.lines[self.k + 1:] if x.strip()), "")
                if ITEM.match(following) and not THEMATIC.match(following):
                    self.k += 1
                    continue
                if following.startswith("  ") and not HEADING.match(following.strip()):
                    parts.append("")  # a paragraph of the item after a blank line
                    self.k += 1
                    continue
                break
            if HEADING.match(stripped) or FENCE.match(stripped) or stripped.startswith((">", "|")) or \
                    THEMATIC.match(line):
                break
            parts.append(stripped)
            self.k += 1
        close()
        self.blocks.append(ListBlock(tuple(items), ordered, locs[0], tuple(locs)))

    def paragraph(self) -> None:
        parts: list[str] = []
        first = self.loc(self.k, _start(self.lines[self.k]))
        while self.k < len(self.lines):
            line = self.lines[self.k]
            stripped = line.strip()
            if not stripped or HEADING.match(stripped) or FENCE.match(stripped) or stripped.startswith(">") or \
                    THEMATIC.match(line) or (parts and ITEM.match(line)) or \
                    (stripped.startswith("|") and self.k + 1 < len(self.lines) and
                     TABLE_RULE.match(self.lines[self.k + 1].strip())):
                break
            parts.append(stripped)
            self.k += 1
        self.blocks.append(Paragraph(_joined(parts), first))


def _joined(parts: list[str]) -> str:
    """Lines joined into one text: a space between lines, a line break after one ending in a backslash, and a
    paragraph break for an empty part."""
    out = ""
    for part in parts:
        if not part:
            out = out.rstrip() + "\n"
            continue
        if out and not out.endswith("\n"):
            out += " "
        if part.endswith("\\"):
            out += part[:-1].rstrip() + "\n"
        else:
            out += part
    return LINK.sub(r"\1", out.strip()).replace("`", "")


def _cells(line: str, number: int, file: str) -> tuple[list[str], list[Loc]]:
    """A table row's cells (between unescaped bars) and where each cell's text starts."""
    cells, locs = [], []
    start = line.index("|") + 1
    k = start
    buf = ""
    while k <= len(line):
        ch = line[k] if k < len(line) else "|"
        if ch == "\\" and k + 1 < len(line) and line[k + 1] == "|":
            buf += "|"
            k += 2
            continue
        if ch == "|":
            lead = len(buf) - len(buf.lstrip())
            if k < len(line) or buf.strip():
                cells.append(LINK.sub(r"\1", buf.strip()))
                locs.append(Loc(file, number, start + lead + 1))
            buf, start = "", k + 1
            k += 1
            continue
        buf += ch
        k += 1
    return cells, locs


def _without_comments(lines: list[str]) -> list[str]:
    """The lines with <!-- comments --> blanked out (their line numbers kept)."""
    out, inside = [], False
    for line in lines:
        kept = ""
        rest = line
        while rest:
            if inside:
                end = rest.find("-->")
                if end < 0:
                    rest = ""
                    break
                rest, inside = rest[end + 3:], False
            else:
                start = rest.find("<!--")
                if start < 0:
                    kept += rest
                    break
                kept += rest[:start]
                rest, inside = rest[start + 4:], True
        out.append(kept if kept.strip() or not line.strip() else (" " * len(kept) if kept else ""))
    return out


def read_markdown(text: str, file: str, problems: Problems) -> list[Block | RawFigure | RawPicture]:
    """The blocks of a Markdown text, each with its location in `file`; problems with the syntax go to
    `problems`."""
    return _Reader(text.replace("\r\n", "\n").replace("\r", "\n"), file, problems).read()
