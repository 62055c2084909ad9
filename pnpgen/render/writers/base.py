"""The writer contract: a writer gets the laid-out kit, the imposed pages and the options, and returns files."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...draw.piece import Kit, Piece
from ..pages import Page

Progress = Callable[[str, int, int], None]  # (what, done, total)


@dataclass(frozen=True)
class WriteOptions:
    """What writers read besides the kit and its pages (each reads the fields it needs)."""

    title: str = ""  # the kit's title and version, as PDFs name themselves
    papers: tuple[str, ...] = ("a4", "letter")
    duplex: str = "long-edge"
    back_offset: tuple[float, float] = (0.0, 0.0)
    sheet: Any = None  # the sheet template (margins, marks, footer), for formats that impose pages
    dpi: int = 300  # raster formats
    png_bleed: tuple[bool, ...] = (False, True)  # PNG: images without bleed, with bleed (pieces that have it)
    png_kinds: tuple[str, ...] = ()  # PNG: only pieces of these kinds (empty: every piece)
    tts_url_prefix: str | None = None  # TTS: where the images are hosted (None: file:/// paths in `target`)
    target: Path | None = None  # the folder the files go to
    low_ink: bool = False  # the kit is the low-ink one: print sheets say so in their names
    progress: Progress | None = None

    def tick(self, what: str, done: int, total: int) -> None:
        """Report progress, if anyone listens."""
        if self.progress:
            self.progress(what, done, total)


@dataclass(frozen=True)
class OutFile:
    """One file a writer made: its path relative to the output folder, its bytes, a note for the summary."""

    path: str
    data: bytes
    note: str = ""


Pages = dict[str, list[Page]]  # paper name -> its imposed pages


@dataclass(frozen=True)
class Writer:
    """An output format: its name for `build --format` and the function writing its files.

    needs_pages: the build imposes the kit on each paper first (PDF sheets). owns: the paths its files take
    (a folder 'png/' or a file); a build of this format drops what an older build of it left there.
    extra: the optional dependency it needs, checked before anything runs (see `check`).
    """

    name: str
    write: Callable[[Kit, Pages, WriteOptions], list[OutFile]]
    needs_pages: bool = False
    owns: tuple[str, ...] = ()
    check: Callable[[], None] | None = None
    extra: str = ""

    def owned(self, rel: str) -> bool:
        """Whether an output path is one this format writes."""
        return any(rel.startswith(p) if p.endswith("/") else rel == p for p in self.owns)


@dataclass(frozen=True)
class Side:
    """A piece's face or back as an image: the file's stem, the piece and which side."""

    stem: str
    piece: Piece
    side: str  # face | back

    @property
    def drawing(self):
        """The side's drawing (origin at the trim's top left)."""
        return self.piece.face if self.side == "face" else self.piece.back


def sides(kit: Kit, kinds: tuple[str, ...] = ()) -> list[Side]:
    """Every piece's face, and its back when no other piece holds it (a deck's back is a piece of its own)."""
    out = []
    for p in kit.pieces:
        if kinds and p.kind not in kinds:
            continue
        out.append(Side(p.id, p, "face"))
        if p.back is not None and p.back_id is None:
            out.append(Side(f"{p.id}-back", p, "back"))
    return out


def decks(kit: Kit) -> list[tuple[Piece, list[Piece]]]:
    """Each deck as (its back piece, its card pieces), in kit order."""
    by_back: dict[str, list[Piece]] = {}
    for p in kit.pieces:
        if p.back_id and p.count > 0:
            by_back.setdefault(p.back_id, []).append(p)
    backs = {p.id: p for p in kit.pieces if p.id in by_back}
    return [(backs[b], cards) for b, cards in by_back.items() if b in backs]
