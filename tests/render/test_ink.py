"""A low-ink kit: in --ink-saver, card backs are outlines on white, under 5 % ink on every back page (measured on
pdftoppm's grey pages); the full-colour kit's backs, for comparison, are solid."""

from __future__ import annotations

import pytest
from kit.pages import grey_pages

from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.render.writers.pdf import kit_pdf_name

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
        pages = grey_pages(out / game / kit_pdf_name(game, "a4", ink_saver), 40, tmp_path / f"png-{ink_saver}")
        roles = [p.role for p in state.pages["a4"]]
        assert len(pages) == len(roles)
        covered[ink_saver] = [coverage(px) for (_w, _h, px), role in zip(pages, roles) if role == "back"]
    assert len(covered[True]) == len(covered[False]) >= 3  # the same back pages, looked at in both kits
    assert max(covered[True]) < 5.0, covered[True]
    colour = sorted(covered[False])
    assert colour[len(colour) // 2] > 20.0  # most of the colour kit's back pages: solid colour to the bleed


def _inks(item, images: bool = False):
    """Every colour an item prints as a line or as words (not the art pictures in it)."""
    from pnpgen.draw.primitives import Circle, Group, Path, Rect, Text
    if isinstance(item, Group):
        if item.label.startswith(("art ", "image ")):
            return
        for sub in item.items:
            yield from _inks(sub)
    elif isinstance(item, Text):
        yield item.colour
    elif isinstance(item, (Rect, Circle, Path)) and item.style.stroke and item.style.stroke != "none":
        yield item.style.stroke


@pytest.mark.parametrize("game", ["narrow-seas", "enemy-in-sight", "seas-of-havoc"])
def test_the_ink_saver_kit_draws_its_backs_in_colours_that_read_on_white(game):
    from pnpgen.components import layout_kit
    from pnpgen.draw.colour import contrast
    from pnpgen.load.loader import load_game
    kit = layout_kit(load_game(game), ink_saver=True)
    backs = [p for p in kit.pieces if p.kind == "card-back"]
    assert backs
    seen = 0
    for p in backs:
        for colour in _inks(p.face):
            assert contrast(colour, "#ffffff") >= 4.5, f"{p.id}: {colour} reads {contrast(colour, '#ffffff'):.1f}:1"
            seen += 1
    assert seen > 3 * len(backs)


def _untransformed(items):
    """The items, and those of the groups among them drawn where they stand (no transform), depth first."""
    for item in items:
        yield item
        if getattr(item, "items", None) is not None and not item.transform:
            yield from _untransformed(item.items)


@pytest.mark.parametrize("game", ["enemy-in-sight", "seas-of-havoc"])
def test_the_ink_saver_footer_words_and_mark_keep_clear_of_the_rule_on_the_bands_top(game):
    from pnpgen.components import layout_kit
    from pnpgen.draw import fonts
    from pnpgen.draw.primitives import Circle, Rect, Text
    from pnpgen.load.loader import load_game
    kit = layout_kit(load_game(game), ink_saver=True)
    checked = 0
    for p in (q for q in kit.pieces if q.kind == "card"):
        items = list(p.face.items) if not p.face.transform else []
        rules = [i for i in items if isinstance(i, Rect) and abs(i.h - 0.8) < 1e-9 and i.y > p.height / 2]
        if not rules:
            continue
        below = rules[-1].y + rules[-1].h
        for i in _untransformed(items):
            if isinstance(i, Text) and i.y > below:
                assert i.y - fonts.CAP_HEIGHT * i.size >= below + 0.3, (p.id, i.text)
                checked += 1
            if isinstance(i, type(p.face)) and i.label.startswith("deck mark"):
                ring = i.items[0]
                top = ring.cy - ring.r if isinstance(ring, Circle) else ring.y
                assert top >= below + 0.2, p.id
                checked += 1
            if isinstance(i, type(p.face)) and i.label.startswith("symbol") and i.transform[5] > below - 1:
                shape = i.items[0]
                ys = [op[k] for op in shape.ops for k in range(2, len(op), 2)] if hasattr(shape, "ops") else \
                    [shape.cy - shape.r] if isinstance(shape, Circle) else [shape.y]
                top = i.transform[5] + i.transform[3] * min(ys)  # a suit's symbol drawn as the deck's mark
                assert top >= below + 0.1, (p.id, top, below)  # clear of the rule, as printers see it
                checked += 1
    assert checked > 20
