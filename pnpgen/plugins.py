"""Plug-ins found by name through entry-point groups of the installed packages (engines, game checks)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .errors import PnpgenError


@cache
def _group(group: str) -> dict[str, Any]:
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=group)}


def names(group: str) -> list[str]:
    """The names registered in an entry-point group, sorted."""
    return sorted(_group(group))


def load(group: str, name: str, kind: type) -> Any | None:
    """The object registered under `name` in `group` (None when there is none); PnpgenError when it is not a
    `kind`."""
    ep = _group(group).get(name)
    if ep is None:
        return None
    found = ep.load()
    if not isinstance(found, kind):
        raise PnpgenError(f"{group} '{name}' ({ep.value}) is not a {kind.__module__}.{kind.__qualname__}")
    return found
