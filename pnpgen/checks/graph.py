"""Connected parts of a set of cells, for any grid's neighbour function."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def connected_parts(cells: Iterable, neighbours_of: Callable, order: Callable | None = None) -> list[set]:
    """The connected parts of `cells`, largest first (ties keep the order the starts are tried in)."""
    parts: list[set] = []
    left = set(cells)
    for start in sorted(left, key=order):
        if start not in left:
            continue
        part, todo = {start}, [start]
        while todo:
            for n in neighbours_of(todo.pop()):
                if n in left and n not in part:
                    part.add(n)
                    todo.append(n)
        left -= part
        parts.append(part)
    return sorted(parts, key=len, reverse=True)
