"""Print-ready on a home printer: no ink in the printer margin, footers clear of the pieces, boards that show
their suits in black and white with a ship on every hex, tiles cut between hexes, the cover's component list,
aids for every player, Deck B marked, and a kit for one player count."""

from __future__ import annotations

import math
import re
import shutil
import subprocess

import pytest
from kit.pages import grey_pages, inked_margins

from pnpgen.build.pipeline import BuildOptions, build, sheet_template
from pnpgen.components.board import SPEC as BOARD_SPEC
from pnpgen.components.board import hex_centre
from pnpgen.draw import fonts
from pnpgen.draw.geometry import IDENTITY, apply, multiply
from pnpgen.draw.primitives import Circle, Drawing, Group, Rect, Text
from pnpgen.draw.primitives import Path as PathItem
from pnpgen.draw.templates import Templates
from pnpgen.errors import Problems
from pnpgen.render.cover import components
from pnpgen.render.imposition import board_sheets
from pnpgen.render.paper import PAPERS
from pnpgen.render.pdf import write_pdf
from pnpgen.render.tiles import seam_across, seam_down

needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None or shutil.which("pdftotext") is None,
                                   reason="pdftoppm and pdftotext (poppler-utils) are not installed")
VARIANT = "Four-player team game"


# -- the printer margin, the footer, the print note --------------------------------------------------------------

@needs_poppler
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_page_has_ink_within_five_millimetres_of_the_paper_edge(built, tmp_path, paper):
    state, folder = built
    bad, looked = inked_margins(folder / f"{state.game.id}-{paper}.pdf", tmp_path)
    assert looked == len(state.pages[paper]) > 20
    assert bad == []


def test_the_margin_follows_the_sheet_template(built):
    state, _ = built
    t = sheet_template(state.game)
    assert t["margin"] == 5.0  # the printer margin: no ink this close to the edge
    assert set(state.pages) == {"a4", "letter"}
    checked = 0
    for paper, pages in state.pages.items():
        size = PAPERS[paper]
        for page in pages:
            for x1, y1, x2, y2 in page.marks:
                assert min(x1, x2) >= t["margin"] - 1e-6 and max(x1, x2) <= size.width - t["margin"] + 1e-6
                assert min(y1, y2) >= t["margin"] - 1e-6 and max(y1, y2) <= size.height - t["margin"] + 1e-6
                checked += 1
    assert checked > 100


def _footer_box(item, m=IDENTITY):
    """The box (x, y, w, h) the footer band's drawing covers on its page, or None."""
    if not isinstance(item, Group):
        return None
    if item.label == "footer":
        pts = [p for _, x0, x1, top, bottom in _texts(item, m) for p in ((x0, top), (x1, bottom))]
        pts += [p for r in _rects(item, m) for p in r]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    inner = multiply(m, item.transform) if item.transform else m
    for child in item.items:
        box = _footer_box(child, inner)
        if box:
            return box
    return None


def _rects(item, m):
    if isinstance(item, Group):
        m = multiply(m, item.transform) if item.transform else m
        for child in item.items:
            yield from _rects(child, m)
    elif isinstance(item, Rect):
        yield [apply(m, item.x, item.y), apply(m, item.x + item.w, item.y + item.h)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_footer_band_never_lies_over_a_piece_or_its_bleed(built, paper):
    state, _ = built
    checked = 0
    for page in state.pages[paper]:
        bx, by, bw, bh = _footer_box(page.drawing.root)  # where the scale bars, note and footer print
        assert bw > 0 and bh > 0
        px, py, pw, ph = page.band
        assert px - 1e-6 <= bx and bx + bw <= px + pw + 0.5 and py - 1e-6 <= by and by + bh <= py + ph + 1e-6
        for pid, _side, x, y, w, h in page.trims:
            b = state.kit.by_id(pid).bleed if any(p.id == pid for p in state.kit.pieces) else 3.0
            apart = x + w + b <= bx + 1e-6 or bx + bw <= x - b + 1e-6 or y + h + b <= by + 1e-6 or \
                by + bh <= y - b + 1e-6
            assert apart, (page.label, pid)
            checked += 1
    backs = [p for p in state.pages[paper] if p.role == "back"]
    assert checked > 100 and backs
    if paper == "letter":  # a card sheet's band is on the right; behind it, on the left of the back page
        assert any(p.band[0] < 10 for p in backs)


@needs_poppler
def test_every_page_carries_the_print_note(built):
    state, folder = built
    for paper in ("a4", "letter"):
        text = subprocess.run(["pdftotext", str(folder / f"{state.game.id}-{paper}.pdf"), "-"], check=True,
                              capture_output=True, text=True).stdout
        pages = text.split("\f")[:len(state.pages[paper])]
        assert len(pages) == len(state.pages[paper])
        for n, page in enumerate(pages, start=1):
            assert "Print at 100%: the bars must measure 50 mm and 2 in." in page, (paper, n)


def _texts(item, m=IDENTITY):
    """Every Text of a drawing with where its box lies: (text, x0, x1, top, bottom) in the drawing's mm."""
    if isinstance(item, Group):
        m = multiply(m, item.transform) if item.transform else m
        for child in item.items:
            yield from _texts(child, m)
    elif isinstance(item, Text):
        w = fonts.width(item.text, item.size, item.font)
        x0 = item.x - {"start": 0.0, "middle": w / 2, "end": w}[item.anchor]
        pts = [apply(m, x, y) for x in (x0, x0 + w)
               for y in (item.y - fonts.CAP_HEIGHT * item.size, item.y + fonts.DESCENT * item.size * 0.5)]
        yield item.text, min(p[0] for p in pts), max(p[0] for p in pts), min(p[1] for p in pts), \
            max(p[1] for p in pts)


def test_card_text_keeps_three_millimetres_inside_the_trim_and_prints_the_version(kit):
    cards = [p for p in kit.pieces if p.kind == "card"]
    assert len(cards) >= 22
    for p in cards:
        texts = list(_texts(p.face))
        for text, x0, x1, top, bottom in texts:
            assert x0 >= 3 - 0.05 and x1 <= p.width - 3 + 0.05, (p.id, text)
            assert top >= 3 - 0.05 and bottom <= p.height - 3 + 0.05, (p.id, text)
        assert any(t[0].startswith(f"v{kit.version}") for t in texts), p.id
    others = [p for p in kit.pieces if p.kind in ("board", "area-card", "player-aid")]
    assert len(others) >= 3
    for p in others:
        assert any(t[0].startswith(f"v{kit.version}") for t in _texts(p.face)), p.id


# -- black and white ----------------------------------------------------------------------------------------------

@pytest.mark.slow
@needs_poppler
@pytest.mark.parametrize("board_id", ["duel", "fleet-action"])
def test_board_suits_tell_apart_in_grey_with_a_ship_marker_on_every_hex(built, tmp_path, board_id):
    state, _ = built
    game = state.game.with_variant("four-player") if board_id == "fleet-action" else state.game
    board = next(b for b in game.boards if b.id == board_id)
    piece = state.kit.by_id(f"board-{board_id}")
    marker = max(t.size_mm[0] for t in game.tokens if t.kind == "ship")  # a ship marker, on every hex's centre
    assert marker >= 10
    pdf = tmp_path / "board.pdf"
    pdf.write_bytes(write_pdf([Drawing(piece.width, piece.height, piece.face)]))
    dpi = 60
    ((w, h, px),) = grey_pages(pdf, dpi, tmp_path / "png")
    t = Templates(game, Problems()).get("board", "board", BOARD_SPEC)
    s = board.hex_size_mm / math.sqrt(3)
    means: dict[str, list[float]] = {}
    for hx in board.hexes:
        cx, cy = hex_centre(board, t, hx.qr)
        seen = []
        for y in range(int((cy - s) * dpi / 25.4), int((cy + s) * dpi / 25.4) + 1):
            for x in range(int((cx - s) * dpi / 25.4), int((cx + s) * dpi / 25.4) + 1):
                mx, my = x * 25.4 / dpi, y * 25.4 / dpi
                d = math.hypot(mx - cx, my - cy)
                inside = abs(my - cy) <= s * math.sqrt(3) / 2 - 1.0 and d <= s - 1.0  # clear of the hex's edges
                if inside and d > marker / 2:  # what the marker leaves in sight
                    seen.append(px[y * w + x])
        assert len(seen) > 100
        means.setdefault(hx.suit, []).append(sum(seen) / len(seen))
        fill = sorted(seen)[len(seen) // 2]
        for corner in (0, 2, 4):  # a suit pip toward three corners: its dark rim shows beside the marker
            ang = math.radians(60 * corner)
            qx, qy = cx + s * t["pip_at"] * math.cos(ang), cy + s * t["pip_at"] * math.sin(ang)
            assert math.hypot(qx - cx, qy - cy) > marker / 2 + 1.0
            near = [px[y * w + x] for y in range(int((qy - 2) * dpi / 25.4), int((qy + 2) * dpi / 25.4) + 1)
                    for x in range(int((qx - 2) * dpi / 25.4), int((qx + 2) * dpi / 25.4) + 1)]
            assert min(near) < fill - 60, (hx.qr, corner)
    assert set(means) == {s.id for s in game.suits}
    ranges = sorted((min(v), max(v)) for v in means.values())
    for (_, hi1), (lo2, _) in zip(ranges, ranges[1:]):
        assert lo2 - hi1 >= 15, ranges  # every hex of a suit is lighter than every hex of the next: no overlap


# -- tiles --------------------------------------------------------------------------------------------------------

def _on_hex_edges(pts, lattice) -> None:
    """Every vertex of a cut is a hex corner and every segment a hex side: never through a hex."""
    s = lattice.size
    ox, oy = lattice.origin
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        q = round((mx - ox) / (1.5 * s))
        nearest = min(math.hypot(mx - (ox + 1.5 * s * qq), my - (oy + math.sqrt(3) * s * (rr + qq / 2)))
                      for qq in (q - 1, q, q + 1)
                      for rr in range(round((my - oy) / (math.sqrt(3) * s) - qq / 2) - 1,
                                      round((my - oy) / (math.sqrt(3) * s) - qq / 2) + 2))
        assert nearest >= s * math.sqrt(3) / 2 - 1e-6  # a side's middle is an apothem from the nearest centre


def _to_segment(p, a, b) -> float:
    """Distance from a point to a segment."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    k = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(px - ax - k * dx, py - ay - k * dy)


def test_tiles_are_cut_along_hex_edges_with_their_targets_clear_of_the_cut(built):
    state, _ = built
    t = sheet_template(state.game)
    piece = state.kit.by_id("board-fleet-action")
    lattice = piece.lattice
    assert lattice is not None and lattice.kind == "hex"
    for x in (40.0, 97.3, 121.0, 150.5):
        down = seam_down(lattice, x, 0.0, piece.height)
        assert down[0][1] == pytest.approx(0.0) and down[-1][1] == pytest.approx(piece.height)
        _on_hex_edges(down[1:-1], lattice)
        assert abs(sum(p[0] for p in down) / len(down) - x) < 1.5 * lattice.size
    for y in (60.0, 131.5):
        across = seam_across(lattice, y, 0.0, piece.width)
        _on_hex_edges(across[1:-1], lattice)
    for paper in ("a4", "letter"):
        sheets = board_sheets(piece, PAPERS[paper], t, "Board")
        assert len(sheets) >= 2
        for sheet in sheets[1:]:  # each tile after the first has a cut, and targets a full target's width from it
            cuts = [i for e in sheet.extras if isinstance(e, Group) for i in e.items
                    if isinstance(i, PathItem) and i.style.dash]
            targets = [c for e in sheet.extras if isinstance(e, Group) and e.label == "target"
                       for c in e.items if isinstance(c, Circle)]
            assert cuts and targets
            pts = [(op[1], op[2]) for c in cuts for op in c.ops if op[0] in ("M", "L")]
            (placed,) = sheet.placed
            _on_hex_edges([((x - placed.x) / placed.scale, (y - placed.y) / placed.scale) for x, y in pts[1:-1]],
                          lattice)
            assert len(pts) > 10  # a zigzag, not a straight line through the hexes
            for c in targets:
                gap = min(_to_segment((c.cx, c.cy), a, b) for a, b in zip(pts, pts[1:]))
                assert gap >= t["target"] / 2 + 1.0


# -- the cover, aids per player, deck marks, one player count --------------------------------------------------

def expected_components(game) -> dict[str, int]:
    """Every component the game and its variants print, and how many: a deck's cards, an aid one per player at the
    most players (or its count), a token its count; read from the content, not from the layout."""
    most = max(game.players)
    out: dict[str, int] = {}
    for part, players in [(game, most), *((v, v.players) for v in game.variants)]:
        for d in part.decks:
            out[d.name] = d.size
        for b in part.boards:
            out[b.name] = 1
        for c in part.area_cards:
            out[c.name] = 1
        for a in part.player_aids:
            out[a.title] = a.copies(players)
        for tk in part.tokens:
            out[tk.name] = tk.count
    for v in game.variants:  # an aid that reads otherwise in a variant: the game's set (fewer players) and its own
        for a in v.restated:
            if hasattr(a, "per_player"):
                out[a.title] = a.copies(max((n for n in game.players if n != v.players), default=0)) + \
                    a.copies(v.players)
    return out


@needs_poppler
def test_the_cover_lists_every_component_with_its_count_and_pages(built):
    state, folder = built
    text = subprocess.run(["pdftotext", "-layout", "-f", "1", "-l", "2", str(folder / "narrow-seas-a4.pdf"), "-"],
                          check=True, capture_output=True, text=True).stdout
    cover = text.split("\f")[0]
    want = expected_components(state.game)
    assert len(want) >= 30
    listed = {c.name: c for c in components(state.kit)}
    for name, count in want.items():  # two columns of 'count  name (what)  pages': a component may be in both
        found = re.findall(rf"(?:^|\s{{2,}})(\d+) {re.escape(name)} \([^)]*\)\s+[\d–, …]+", cover, re.M)
        assert found, name
        assert sum(int(n) for n in found) == count, (name, found)  # (aids for more players add up)
        assert name in listed
    for heading in ("What is in the kit", "You will also need", "Game design by Felix Livni.",
                    "© 2025 Felix Livni. All rights reserved.", "A print-and-play game for 2 or 4 players"):
        assert heading in cover
    printing = text.split("\f")[1]
    for heading in ("How to print this kit", "Pages to print", "Cutting and putting together", "Provisional values",
                    "The rules"):
        assert heading in printing
    # the 2-player round aid (the four-player game reads it otherwise) prints on a page the 4-player game skips
    assert re.search(r"2 players\s+1–12\n", printing) and re.search(r"4 players\s+1–11, 13–\d+\n", printing)


def test_one_player_aid_per_player_where_the_content_asks(kit):
    aids = {}
    for p in kit.pieces:
        if p.kind == "player-aid":
            aids[p.part_of] = aids.get(p.part_of, 0) + p.count
    # the round aid reads otherwise in the four-player game (its mercy margin): 2 copies for two players, 4 for four
    assert aids == {"A Round of Narrow Seas": 6, "Actions at a Glance": 4, "Four Players, Two Teams": 4}
    extra = [p for p in kit.pieces if p.copy_of]
    assert extra and all(p.players == (4,) and p.group == VARIANT for p in extra)  # printed with the 4-player pages


def test_deck_b_carries_its_mark_on_every_face_and_back(kit):
    def marked(item) -> bool:
        if isinstance(item, Group):
            return item.label == "deck mark B" or any(marked(c) for c in item.items)
        return False
    deck_b = [p for p in kit.pieces if p.kind == "card" and p.part_of == "Deck B"]
    assert len(deck_b) == 22
    assert all(marked(p.face) and marked(p.back) for p in deck_b)
    assert not any(marked(p.face) or marked(p.back) for p in kit.pieces if p.kind == "card" and p not in deck_b)


@pytest.mark.slow
@needs_poppler
def test_a_two_player_kit_leaves_out_every_four_player_component(built, tmp_path):
    state, _ = built
    two = build(BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf",), sim_games=0, players=2))
    four = {p.id for p in state.kit.pieces if p.group == VARIANT}
    assert {"area-C", "area-D", "area-Y", "area-Z", "board-fleet-action", "back-deck-b",
            "token-first-player-teams", "aid-aid-four-player"} <= four
    ids = {p.id for p in two.kit.pieces}
    assert ids and not ids & four and not any(p.players != (2,) for p in two.kit.pieces)
    printed = {t[0] for page in two.pages["a4"] for t in page.trims}
    assert not printed & four and "board-duel" in printed
    assert {p.part_of: p.count for p in two.kit.pieces if p.kind == "player-aid"} == {
        "A Round of Narrow Seas": 2, "Actions at a Glance": 2}
    text = subprocess.run(["pdftotext", str(tmp_path / "narrow-seas" / "narrow-seas-a4.pdf"), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "Deck B" not in text and "Fleet Action" not in text and "Calypso" not in text
    assert len(two.pages["a4"]) < len(state.pages["a4"]) // 2 + 4
