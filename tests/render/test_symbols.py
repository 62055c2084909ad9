"""Suit symbols: vector outlines in a 100 x 100 box; the spade is one closed outline, mirror-symmetric."""

from __future__ import annotations

import pytest

from pnpgen.draw.icons import SYMBOLS, _symbol_items
from pnpgen.draw.primitives import Path, Style
from pnpgen.load.loader import SYMBOLS as CONTENT_SYMBOLS


def points(path: Path) -> list[tuple[float, float]]:
    return [(op[i], op[i + 1]) for op in path.ops for i in range(1, len(op) - 1, 2)]


@pytest.mark.parametrize("name", SYMBOLS)
def test_every_symbol_stays_in_its_box(name):
    items = _symbol_items(name, Style(fill="#000000"))
    assert items
    for item in items:
        if isinstance(item, Path):
            assert all(-1 <= x <= 101 and -1 <= y <= 101 for x, y in points(item)), name


def test_content_may_name_every_symbol_drawn():
    assert CONTENT_SYMBOLS == SYMBOLS


def test_the_spade_is_one_closed_symmetric_outline():
    (spade,) = _symbol_items("spade", Style(fill="#000000"))
    assert spade.ops[0][0] == "M" and spade.ops[-1] == ("Z",)
    pts = points(spade)
    assert min(y for _, y in pts) == pytest.approx(3) and max(y for _, y in pts) == pytest.approx(96)
    xs = sorted(round(x, 3) for x, _ in pts)
    assert xs == sorted(round(100 - x, 3) for x in xs)  # as wide left of the stem as right of it
