"""Golden files for layout: every bundled component's drawing primitives, diffed against a stored dump."""

from __future__ import annotations

import pytest
from dumps import kit_dump

from pnpgen.draw.dump import dump_lines
from pnpgen.draw.primitives import Rect, Style
from pnpgen.files.paths import bundled_packs

PACKS = bundled_packs()


def test_every_bundled_pack_has_a_golden_file():
    assert PACKS == ["enemy-in-sight", "narrow-seas", "seas-of-havoc"]


@pytest.mark.slow
@pytest.mark.parametrize("pack", PACKS)
def test_components_draw_as_stored(pack, golden):
    golden.check(f"render/{pack}.txt", kit_dump(pack))


def test_a_primitive_moved_by_a_tenth_of_a_millimetre_shows_in_the_dump():
    at = Rect(10.0, 20.0, 5.0, 5.0, Style(fill="#000000"))
    moved = Rect(10.1, 20.0, 5.0, 5.0, Style(fill="#000000"))
    assert list(dump_lines(at)) != list(dump_lines(moved))
    assert list(dump_lines(Rect(10.001, 20.0, 5.0, 5.0, Style(fill="#000000")))) == list(dump_lines(at))
