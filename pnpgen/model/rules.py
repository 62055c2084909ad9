"""Rules parameters from content, and a variant's laid over the game's."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Loc


@dataclass(frozen=True)
class Rules:
    """Rules parameters from content, with where each was set."""

    values: tuple[tuple[str, Any], ...] = ()
    locs: tuple[tuple[str, Loc], ...] = field(default=(), compare=False, repr=False)
    where: Loc | None = field(default=None, compare=False, repr=False)  # the rules mapping itself
    names: tuple[tuple[str, Loc], ...] = field(default=(), compare=False, repr=False)  # where each name is written

    def __getitem__(self, name: str) -> Any:
        return dict(self.values)[name]

    def get(self, name: str, default: Any = None) -> Any:
        """A parameter, or default when the content does not set it."""
        return dict(self.values).get(name, default)

    def __contains__(self, name: str) -> bool:
        return name in dict(self.values)

    def loc(self, name: str) -> Loc | None:
        """Where a parameter was set."""
        return dict(self.locs).get(name)

    def name_loc(self, name: str) -> Loc | None:
        """Where a parameter's name is written (else where it was set)."""
        return dict(self.names).get(name) or self.loc(name)


def overlay_rules(base: Rules, over: Rules) -> Rules:
    """The game's rules with a variant's values set over them (new names added after the game's)."""
    mine = dict(over.values)
    values = [(k, mine.pop(k) if k in mine else v) for k, v in base.values] + list(mine.items())
    locs, names = dict(base.locs), dict(base.names)
    locs.update(dict(over.locs))
    names.update(dict(over.names))
    return Rules(tuple(values), tuple(locs.items()), over.where or base.where, tuple(names.items()))
