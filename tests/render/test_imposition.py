"""Sheets: crop marks outside the trim, backs mirrored for duplex, boards whole or tiled, pieces on the paper."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from pnpgen.build.pipeline import sheet_template
from pnpgen.components.board import board_piece
from pnpgen.components.context import Ctx
from pnpgen.load.loader import load_game
from pnpgen.maths.hexgrid import hexagon
from pnpgen.model import Hex
from pnpgen.render.imposition import board_sheets, impose
from pnpgen.render.pages import build_pages
from pnpgen.render.paper import PAPERS


@pytest.fixture(scope="module")
def sheet_t():
    return sheet_template(load_game("narrow-seas"))


def _crosses(seg, rect) -> bool:
    """Whether a horizontal or vertical segment touches the inside of a rectangle."""
    x1, y1, x2, y2 = seg
    x, y, w, h = rect
    lo_x, hi_x = sorted((x1, x2))
    lo_y, hi_y = sorted((y1, y2))
    return lo_x < x + w - 1e-6 and hi_x > x + 1e-6 and lo_y < y + h - 1e-6 and hi_y > y + 1e-6


def _distance(seg, rect) -> float:
    """Gap between a segment and a rectangle (0 if they touch)."""
    x1, y1, x2, y2 = seg
    x, y, w, h = rect
    dx = max(x - max(x1, x2), min(x1, x2) - (x + w), 0.0)
    dy = max(y - max(y1, y2), min(y1, y2) - (y + h), 0.0)
    return math.hypot(dx, dy)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_are_outside_every_trim_and_stop_short_of_it(built, sheet_t, paper):
    state, _ = built
    checked = 0
    for page in state.pages[paper]:
        trims = [t[2:] for t in page.trims if t[1] == "face"]
        for seg in page.marks:
            assert seg[0] == seg[2] or seg[1] == seg[3]  # straight, along a cut line
            for rect in trims:
                assert not _crosses(seg, rect)
                assert _distance(seg, rect) >= sheet_t["marks"]["gap"] - 1e-6
            checked += 1
    assert checked > 50
    assert sheet_t["marks"]["width"] == pytest.approx(0.2)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_cut_line_of_a_card_sheet_has_marks_at_both_ends(built, paper):
    state, _ = built
    page = next(p for p in state.pages[paper] if p.role == "face")  # the first sheet of cards, after the cover
    trims = [t[2:] for t in page.trims]
    xs = {round(v, 3) for x, y, w, h in trims for v in (x, x + w)}
    ys = {round(v, 3) for x, y, w, h in trims for v in (y, y + h)}
    vertical = [s for s in page.marks if s[0] == s[2]]
    horizontal = [s for s in page.marks if s[1] == s[3]]
    assert len(xs) >= 4 and len(ys) >= 4  # the edges of three columns and three rows of cards
    for x in xs:
        assert len([s for s in vertical if round(s[0], 3) == x]) == 2
    for y in ys:
        assert len([s for s in horizontal if round(s[1], 3) == y]) == 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pieces_and_their_bleed_stay_on_the_printable_part_of_the_page(built, sheet_t, paper):
    state, _ = built
    size = PAPERS[paper]
    m = sheet_t["margin"]
    checked = 0
    for page in state.pages[paper]:
        for pid, _side, x, y, w, h in page.trims:
            checked += 1
            bleed = state.kit.by_id(pid).bleed if pid in {p.id for p in state.kit.pieces} else 3.0
            assert x - bleed >= m - 1e-6 and y - bleed >= m - 1e-6, (page.label, pid)
            assert x + w + bleed <= size.width - m + 1e-6 and y + h + bleed <= size.height - m + 1e-6
        for x1, y1, x2, y2 in page.marks:
            for v in (x1, x2):
                assert m - 1e-6 <= v <= size.width - m + 1e-6
            for v in (y1, y2):
                assert m - 1e-6 <= v <= size.height - m + 1e-6
    assert checked > 50


def _pairs(pages):
    for face, back in zip(pages[::2], pages[1::2]):
        if back.role == "back":
            yield face, back


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_edge_backs_land_behind_their_faces(built, paper):
    state, _ = built
    width = PAPERS[paper].width
    pairs = list(_pairs(state.pages[paper]))
    assert pairs
    for face, back in pairs:
        faces = [t for t in face.trims if state.kit.by_id(t[0]).back is not None]
        backs = [t for t in back.trims]
        assert len(faces) == len(backs)
        for f, b in zip(faces, backs):
            _, _, x, y, w, h = f
            piece = state.kit.by_id(f[0])
            assert b[1] == "back" and b[0] == (piece.back_id or piece.id)  # a card's deck back, or its own
            assert b[2:] == pytest.approx((width - x - w, y, w, h))


def test_back_offset_moves_the_backs_only(built, sheet_t):
    state, _ = built
    sheets = impose(state.kit, PAPERS["a4"], sheet_t)
    plain = build_pages(sheets, sheet_t, "T", "1")
    moved = build_pages(sheets, sheet_t, "T", "1", back_offset=(0.7, -1.2))
    assert len(plain) == len(moved) > 2 and any(t[1] == "back" for p in plain for t in p.trims)
    for a, b in zip(plain, moved):
        for ta, tb in zip(a.trims, b.trims):
            dx, dy = (0.7, -1.2) if ta[1] == "back" else (0.0, 0.0)
            assert tb[2:] == pytest.approx((ta[2] + dx, ta[3] + dy, ta[4], ta[5]))


def test_fold_backs_are_mirrored_across_the_fold_line(built, sheet_t):
    state, _ = built
    sheets = impose(state.kit, PAPERS["a4"], sheet_t, fold=True)
    pages = build_pages(sheets, sheet_t, "T", "1", duplex="fold")
    folds = [p for p in pages if p.role == "fold"]
    assert folds
    fy = PAPERS["a4"].height / 2
    for page in folds:
        faces = [t for t in page.trims if t[1] == "face"]
        backs = [t for t in page.trims if t[1] == "back"]
        assert len(faces) == len(backs) >= 1
        for f, b in zip(faces, backs):
            _, _, x, y, w, h = f
            assert y + h < fy  # faces above the fold
            assert b[2:] == pytest.approx((x, 2 * fy - y - h, w, h))


def test_ship_cards_hold_four_ten_millimetre_cubes_per_area(built):
    state, _ = built
    from pnpgen.components.areacards import SPEC, slot_grid
    from pnpgen.draw.templates import Templates
    from pnpgen.errors import Problems
    t = Templates(state.game, Problems()).get("ship-card", "area-card", SPEC)
    assert t["cube"] >= 10
    ships = [card for card in state.game.area_cards if card.kind == "ship"]
    assert len(ships) == 4
    for card in ships:
        assert [a.label for a in card.areas][:4] == ["Plan to Sail", "Plan to Return to Duty", "Plan to Lookout",
                                                     "Plan to Fire"]
        for a in card.areas:
            cols, rows = slot_grid(a.capacity, t["slots_per_row"])
            assert cols * rows >= a.capacity >= 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_prints_on_one_page_with_usable_hexes(built, paper):
    state, _ = built
    board = state.game.board
    pages = [p for p in state.pages[paper] if any(t[0] == f"board-{board.id}" for t in p.trims)]
    assert len(pages) == 1
    (_, _, x, y, w, h), = [t for t in pages[0].trims if t[0] == f"board-{board.id}"]  # tokens may share its page
    piece = state.kit.by_id(f"board-{board.id}")
    printed_hex = board.hex_size_mm * w / piece.width
    assert printed_hex >= 22 - 1e-6


@pytest.mark.slow
def test_a_board_too_big_for_a_page_is_tiled_with_overlap(sheet_t):
    game = load_game("narrow-seas")
    big = replace(game.board, hexes=tuple(Hex(q, r, "blue") for q, r in hexagon(7)), hex_size_mm=30.0)
    piece = board_piece(Ctx.make(game), big)
    sheets = board_sheets(piece, PAPERS["a4"], sheet_t, "Big")
    assert len(sheets) >= 4
    windows = []
    k = sheets[0].placed[0].scale
    assert piece.min_scale <= k <= 1.0  # every tile at one scale, smaller only where that saves tiles
    for s in sheets:
        (p,), = [s.placed]
        assert p.scale == k
        wx, wy, ww, wh = p.window
        windows.append((wx - p.x, wy - p.y, ww, wh))  # the part of the printed board this tile shows
        assert s.extras  # cut lines, targets and the tile's name
    xs = sorted({w[0] for w in windows})
    ys = sorted({w[1] for w in windows})
    ww, wh = windows[0][2], windows[0][3]
    assert xs[0] == pytest.approx(0) and ys[0] == pytest.approx(0)
    assert xs[-1] + ww == pytest.approx(piece.width * k) and ys[-1] + wh == pytest.approx(piece.height * k)
    for a, b in zip(xs, xs[1:]):
        assert a + ww - b >= sheet_t["tile_overlap"] - 1e-6
    for a, b in zip(ys, ys[1:]):
        assert a + wh - b >= sheet_t["tile_overlap"] - 1e-6
    pages = build_pages(sheets, sheet_t, "T", "1")
    assert [p.label for p in pages][0].endswith(f"tile A1 of {len(sheets)}")


@pytest.mark.slow
def test_a_board_a_little_too_big_prints_smaller_on_one_page(sheet_t):
    game = load_game("narrow-seas")
    piece = board_piece(Ctx.make(game), replace(game.board, hex_size_mm=26.0))
    sheets = board_sheets(piece, PAPERS["a4"], sheet_t, "Board")
    assert len(sheets) == 1
    assert 26.0 * sheets[0].placed[0].scale >= 22.0
