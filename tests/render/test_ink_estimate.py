"""The ink estimate the build reports: exact on simple pages, within a few points of poppler's grey render on every
page of every bundled kit, and printed by `pnpgen build` by sheet kind against the home budget."""

from __future__ import annotations

import pytest
from kit.pages import grey_pages

from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.draw.primitives import Circle, Drawing, Group, Path, Rect, Style
from pnpgen.render.ink import HOME_BUDGET, coverage, ink_by_kind, ink_lines


def page(*items) -> Drawing:
    return Drawing(100.0, 100.0, Group(list(items)))


def test_a_black_half_page_is_fifty_per_cent_and_white_is_none():
    assert coverage(page()) == 0.0
    assert coverage(page(Rect(0, 0, 100, 50, Style(fill="#000000")))) == pytest.approx(50.0)
    assert coverage(page(Rect(0, 0, 100, 100, Style(fill="#808080")))) == pytest.approx(100 * (255 - 128) / 255, abs=1)


def test_later_shapes_cover_earlier_ones_and_see_through_fills_mix():
    black_under_white = page(Rect(0, 0, 100, 100, Style(fill="#000000")), Rect(0, 0, 50, 100, Style(fill="#ffffff")))
    assert coverage(black_under_white) == pytest.approx(50.0)
    half_black = page(Rect(0, 0, 100, 100, Style(fill="#000000", opacity=0.5)))
    assert coverage(half_black) == pytest.approx(50.0, abs=0.5)


def test_a_circle_inks_its_area_and_a_clip_cuts_it():
    disc = Circle(50, 50, 40, Style(fill="#000000"))
    assert coverage(page(disc)) == pytest.approx(100 * 3.14159 * 40 ** 2 / 100 ** 2, abs=1.0)
    clipped = Group([disc], clip=Rect(0, 0, 50, 100, Style()))
    assert coverage(page(clipped)) == pytest.approx(coverage(page(disc)) / 2, abs=1.0)


def test_a_stroke_inks_its_length_times_its_width():
    frame = Rect(10, 10, 80, 80, Style(stroke="#000000", width=1.0))
    assert coverage(page(frame)) == pytest.approx(100 * 320 * 1.0 / 100 ** 2, abs=0.01)


def test_each_piece_of_a_stroked_path_counts_against_what_lies_under_it():
    # a sheet's crop marks are one path: a white halo over the dark bleed saves ink, over white paper it saves none
    dark = Rect(0, 0, 50, 100, Style(fill="#000000"))
    halo = Style(stroke="#ffffff", width=2.0)
    one = Path((("M", 10, 20), ("L", 40, 20), ("M", 60, 20), ("L", 90, 20)), halo)
    apart = [Path((("M", 10, 20), ("L", 40, 20)), halo), Path((("M", 60, 20), ("L", 90, 20)), halo)]
    assert coverage(page(dark, one)) == coverage(page(dark, *apart)) == pytest.approx(50 - 100 * 30 * 2 / 100 ** 2)


def test_the_build_reports_each_sheet_kind_and_the_backs_over_the_home_budget(tmp_path):
    state = build(BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf",), sim_games=0))
    lines = state.extra["ink"]
    assert lines[0].startswith("ink on a4, full-colour kit")
    for kind in ("cover", "card faces", "card backs", "boards", "player aids"):
        assert f"{kind} " in lines[0]
    assert lines[1].strip().startswith(f"over the {HOME_BUDGET:g} %") and "card backs" in lines[1]
    assert "the low-ink kit (-low-ink.pdf)" in lines[1]
    roles = [p.role for p in state.pages["a4"]]
    over = [int(n) for n in lines[1].split("(pages ")[1].split(")")[0].split(", ")]
    assert over and all(roles[n - 1] == "back" for n in over)


def test_the_low_ink_kit_keeps_every_sheet_under_the_home_budget(tmp_path):
    state = build(BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf",), sim_games=0, ink_saver=True))
    assert len(state.extra["ink"]) == 1 and "low-ink kit" in state.extra["ink"][0]
    kinds = {p.id: p.kind for p in state.kit.pieces}
    measured = [c for k in ink_by_kind(state.pages["a4"], kinds) for _n, c in k.measured]
    assert len(measured) >= 8 and max(measured) < HOME_BUDGET
    assert ink_lines("a4", ink_by_kind(state.pages["a4"], kinds), True) == state.extra["ink"]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["narrow-seas", "enemy-in-sight", "seas-of-havoc"])
@pytest.mark.parametrize("ink_saver", [False, True])
def test_the_estimate_is_within_a_few_points_of_poppler_on_every_page(game, ink_saver, tmp_path):
    state = build(BuildOptions(game=game, out=tmp_path, papers=("a4",), formats=("pdf",), sim_games=0,
                               ink_saver=ink_saver))
    rendered = grey_pages(tmp_path / game / f"{game}-a4{'-low-ink' if ink_saver else ''}.pdf", 40, tmp_path / "png")
    assert len(rendered) == len(state.pages["a4"]) >= 20
    for n, ((_w, _h, pixels), p) in enumerate(zip(rendered, state.pages["a4"]), start=1):
        measured = 100 * sum(255 - v for v in pixels) / (255 * len(pixels))
        assert abs(coverage(p.drawing) - measured) < 3.5, (n, p.role, coverage(p.drawing), measured)
