"""The rulebook of a pack, as read from its Markdown: numbered headings, text, lists, tables, notes and the blocks
pnpgen fills in (the components list, cards and tokens as printed, positions the engine draws, the engine's
readings). Text holds `**bold**`, `*italic*` and `{icon}` markers; references to the data are resolved on loading."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Loc

FIGURES = ("components", "cards", "tokens", "position", "clarifications")  # the fenced blocks pnpgen fills in


@dataclass(frozen=True)
class Heading:
    """A section's heading: its level (1 to 3), its number ('7.2') and its title."""

    level: int
    number: str
    title: str
    loc: Loc | None = field(default=None, compare=False)

    @property
    def label(self) -> str:
        """Number and title, as the contents list and page labels print it."""
        return f"{self.number} {self.title}"


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of text; `note`: set apart in a box (a Markdown quote: an example, a designer's note)."""

    text: str
    loc: Loc | None = field(default=None, compare=False)
    note: bool = False


@dataclass(frozen=True)
class ListBlock:
    """A bulleted or numbered list: each item's depth (0, or 1 for an item under another) and text."""

    items: tuple[tuple[int, str], ...]
    ordered: bool = False
    loc: Loc | None = field(default=None, compare=False)
    item_locs: tuple[Loc | None, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class TableBlock:
    """A table: the first row is the header."""

    rows: tuple[tuple[str, ...], ...]
    loc: Loc | None = field(default=None, compare=False)
    row_locs: tuple[Loc | None, ...] = field(default=(), compare=False)
    cell_locs: tuple[tuple[Loc | None, ...], ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Rule:
    """A thin line across the text (Markdown's `---`)."""

    loc: Loc | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Figure:
    """A block pnpgen fills in (kind: one of FIGURES): the cards or tokens it shows by id, the position file it
    draws (after `at` actions of a log; `show`: the board alone or everything the engine's picture holds) and a
    caption printed under it."""

    kind: str
    ids: tuple[str, ...] = ()
    path: Path | None = None
    ref: str = ""  # the position file as written
    at: int | None = None
    show: str = "board"
    caption: str = ""
    loc: Loc | None = field(default=None, compare=False)
    ref_loc: Loc | None = field(default=None, compare=False)
    id_locs: tuple[Loc | None, ...] = field(default=(), compare=False)  # where each id is written


Block = Heading | Paragraph | ListBlock | TableBlock | Rule | Figure


@dataclass(frozen=True)
class Rulebook:
    """A pack's rulebook: its blocks in order, from one Markdown file or a folder of them (read in name order)."""

    blocks: tuple[Block, ...]
    files: tuple[str, ...] = ()
    loc: Loc | None = field(default=None, compare=False)

    @property
    def headings(self) -> tuple[Heading, ...]:
        """Every section heading, in order."""
        return tuple(b for b in self.blocks if isinstance(b, Heading))

    def figures(self, kind: str | None = None) -> tuple[Figure, ...]:
        """The blocks pnpgen fills in (of one kind, if given)."""
        return tuple(b for b in self.blocks if isinstance(b, Figure) and (kind is None or b.kind == kind))
