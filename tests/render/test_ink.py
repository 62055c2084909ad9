"""A low-ink kit: in --ink-saver, card backs are outlines on white, under 5 % ink on every back page (measured on
pdftoppm's grey pages); the full-colour kit's backs, for comparison, are solid."""

from __future__ import annotations

import pytest
from kit.pages import grey_pages

from pnpgen.build import BuildOptions, build

pytestmark = pytest.mark.slow


def coverage(pixels: bytes) -> float:
    """Ink on a grey page, in per cent of its area (white 0, black 100)."""
    return 100 * sum(255 - v for v in pixels) / (255 * len(pixels))


@pytest.mark.parametrize("game", ["narrow-seas", "enemy-in-sight", "seas-of-havoc"])
def test_the_ink_saver_kit_prints_its_backs_under_five_per_cent(game, tmp_path):
    covered = {}
    for ink_saver in (False, True):
        out = tmp_path / ("saver" if ink_saver else "colour")
        state = build(BuildOptions(game=game, out=out, papers=("a4",), formats=("pdf",), ink_saver=ink_saver,
                                   sim_games=0))
        pages = grey_pages(out / game / f"{game}-a4.pdf", 40, tmp_path / f"png-{ink_saver}")
        roles = [p.role for p in state.pages["a4"]]
        assert len(pages) == len(roles)
        covered[ink_saver] = [coverage(px) for (_w, _h, px), role in zip(pages, roles) if role == "back"]
    assert len(covered[True]) == len(covered[False]) >= 3  # the same back pages, looked at in both kits
    assert max(covered[True]) < 5.0, covered[True]
    colour = sorted(covered[False])
    assert colour[len(colour) // 2] > 20.0  # most of the colour kit's back pages: solid colour to the bleed
