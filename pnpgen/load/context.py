"""What every part of loading a pack shares: its folder, where errors go, where each record was read from, and the
names linked so far."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import Loc, Problems
from ..model import Provisional
from ..source.fields import Reading, Source
from ..source.yamlsrc import loc_of


class Context:
    """The shared state of one load: the pack's folder, where errors go, the source of each record read, the sections
    that did not load, the values marked provisional, and the game's names linked so far."""

    def __init__(self, root: Path, problems: Problems):
        self.root = root.resolve()
        self.problems = problems
        self.reading = Reading(problems, sources={})
        self.broken: set[str] = set()  # sections that did not load: references to them are not checked
        self.marked: list[Provisional] = []  # every value marked provisional, in content order
        self.players_now: tuple[int, ...] = ()  # the player count of the variant being linked (empty: the game)
        self.palette: dict[str, str] = {}
        self.suits: dict[str, Any] = {}
        self.icons: dict[str, Any] = {}
        self.terrains: dict[str, Any] = {}
        self.actions: dict[str, Any] = {}
        self.bad_colours: set[str] = set()  # palette names already reported as bad
        self.palette_locs: dict[str, Loc | None] = {}  # where each palette colour is defined

    def reads_files_with(self, open_file: Callable[[str, Loc | None], Any]) -> None:
        """Name what reads a data file a field names (a deck's cards in a CSV, XLSX or YAML file)."""
        self.reading = replace(self.reading, open=open_file)

    def error(self, loc: Loc | None, message: str) -> None:
        """Record an error at a place."""
        self.problems.error(loc, message)

    def at(self, obj: Any, key: str | None = None) -> Loc | None:
        """Where a record's field was written (the record itself when absent)."""
        src = self.source(obj).mapping
        return loc_of(src, key) if key is not None and key in src else getattr(obj, "loc", None)

    def source(self, obj: Any) -> Source:
        """The mapping a record was read from and its name in messages."""
        return self.reading.sources.get(id(obj)) or Source({}, type(obj).__name__.lower())

    def err(self, obj: Any, key: str | None, message: str) -> None:
        """An error about a record (at one of its fields), named as the reader named it."""
        self.problems.error(self.at(obj, key), f"{self.source(obj).what}: {message}")

    def keep(self, old: Any, new: Any) -> Any:
        """A record replaced by a linked copy keeps its source."""
        if self.reading.sources is not None and id(old) in self.reading.sources:
            self.reading.sources[id(new)] = replace(self.reading.sources[id(old)], record=new)
        return new

    def unique(self, items: tuple, what: str, seen: dict | None = None, within: str = "") -> None:
        """Report ids that repeat, naming each item by its number ("token #5: duplicate id 'x'")."""
        seen = {} if seen is None else seen
        for i, x in enumerate(items, start=1):
            if not x.id:
                continue
            if x.id in seen:
                self.problems.error(self.at(x, "id"), f"{within}{what} #{i}: duplicate id '{x.id}' (first defined at "
                             f"{seen[x.id]})")
            else:
                seen[x.id] = self.at(x, "id")

    def mark(self, obj: Any, what: str) -> None:
        """Record an item's `provisional: "why"` (if it has one) for the cover and `check`."""
        if obj.provisional:
            self.marked.append(Provisional(what, obj.provisional, self.at(obj, "provisional"), self.players_now))
