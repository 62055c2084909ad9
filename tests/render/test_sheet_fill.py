"""No thin sheets: every sheet of a bundled kit is at least 40 % full (its pieces' trims over the room the sheet
leaves for pieces) unless nothing printed the same way could share it: its pieces fit on no other sheet of their
player group printed the same way (one side or both). Every copy of every piece is placed once."""

from __future__ import annotations

from collections import Counter

import pytest

from pnpgen.build.pipeline import BuildOptions, build, default_steps, sheet_template
from pnpgen.render.fill import THIN, page_fills
from pnpgen.render.imposition import OUTLINE_ROOM, content_area, fit_grid, impose
from pnpgen.render.paper import paper

GAMES = ("narrow-seas", "enemy-in-sight", "seas-of-havoc")


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    steps = [s for s in default_steps() if s.name in ("load", "check", "layout")]
    out = {}
    for game in GAMES:
        state = build(BuildOptions(game=game, papers=("a4",), formats=("pdf",), sim_games=0,
                                   out=tmp_path_factory.mktemp(game)), steps)
        out[game] = state.kit, sheet_template(state.game, None)
    return out


def fill(sheet, t) -> float:
    area = content_area(sheet.paper, sheet.band, t)
    return sum(p.w * p.h for p in sheet.placed) / ((area.x1 - area.x0) * (area.y1 - area.y0))


def room_for(piece, sheet, t) -> bool:
    """Whether a piece (with its bleed and crop marks) fits below or beside everything on a sheet."""
    area = content_area(sheet.paper, sheet.band, t)
    edge = t["marks"]["gap"] + t["marks"]["length"] if piece.cut == "marks" else OUTLINE_ROOM
    need_w, need_h = piece.width + 2 * piece.bleed + edge, piece.height + 2 * piece.bleed + edge
    bottom = max(p.y + p.h + t["marks"]["gap"] + t["marks"]["length"] for p in sheet.placed)
    right = max(p.x + p.w + t["marks"]["gap"] + t["marks"]["length"] for p in sheet.placed)
    below = (area.x1 - area.x0, area.y1 - bottom - t["spacing"])
    beside = (area.x1 - right - t["spacing"], area.y1 - area.y0)
    return any(min(need_w, need_h) <= min(w, h) and max(need_w, need_h) <= max(w, h) for w, h in (below, beside))


def shares(piece, sheet) -> bool:
    """Whether a piece may join a sheet: the same group and printing, and no player count that did not need it."""
    counts = set() if any(not q.piece.players for q in sheet.placed) else {
        c for q in sheet.placed for c in q.piece.players}
    owners = {q.piece.owner for q in sheet.placed if q.piece.kind == "card"}
    return not ((counts and not (piece.players and set(piece.players) <= counts))
                or (piece.kind == "card" and owners and owners != {piece.owner})
                or any(q.piece.kind == "board" for q in sheet.placed))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["a4", "letter"])
def test_no_sheet_is_thin_unless_nothing_printed_the_same_way_could_share_it(kits, game, name):
    kit, t = kits[game]
    sheets = impose(kit, paper(name), t)
    placed = Counter(q.piece.id for s in sheets for q in s.placed if q.window is None)
    tiled = {q.piece.id for s in sheets for q in s.placed if q.window is not None}
    assert placed == Counter({p.id: p.count for p in kit.pieces if p.count > 0 and p.id not in tiled})
    thin = []
    for s in sheets:
        if any(q.window is not None for q in s.placed) or fill(s, t) >= THIN:
            continue
        others = [o for o in sheets if o is not s and o.group == s.group and o.has_backs == s.has_backs]
        movable = [(q.piece.id, o.label) for q in s.placed for o in others
                   if shares(q.piece, o) and room_for(q.piece, o, t)]
        assert movable == [], f"{s.label} is {fill(s, t):.0%} full, but these could share another sheet"
        thin.append((s.group, s.has_backs))
    assert len(thin) == len(set(thin))  # one remainder at most for each group and printing
    assert len(sheets) >= 10


def test_the_measure_reads_the_pages_of_a_build(built):
    state, _folder = built
    t = sheet_template(state.game, None)
    fills = page_fills(state.pages["a4"], t)
    assert len(fills) == len(state.pages["a4"]) - 2  # every page but the cover and its page of printing steps
    assert all(0 < f.share <= 1 for f in fills)
    cards = [f.share for f in fills if f.label.startswith("Cards")]
    assert len(cards) >= 4 and max(cards) > 0.85  # nine poker cards fill an A4 sheet to 89 %


def test_a_sheet_of_one_small_piece_is_thin(kits):
    kit, t = kits["narrow-seas"]
    token = next(p for p in kit.pieces if p.kind == "token")
    (sheet,) = impose(type(kit)(kit.game_id, kit.title, kit.version, (token,)), paper("a4"), t)
    assert fill(sheet, t) < 0.05


@pytest.mark.parametrize("game", GAMES)
def test_every_footer_reads_the_same_way_up_as_the_pieces(kits, game):
    kit, t = kits[game]
    for name in ("a4", "letter"):
        for s in impose(kit, paper(name), t):
            if s.band == "right":  # a footer up the side: the pieces are turned with it
                assert any(q.rotation for q in s.placed if q.piece.cut == "marks"), (name, s.label)



@pytest.mark.parametrize("game", GAMES)
def test_a_footer_runs_up_the_side_only_when_the_turned_pieces_could_not_all_stand_upright(kits, game):
    kit, t = kits[game]
    turned = 0
    for name in ("a4", "letter"):
        for s in impose(kit, paper(name), t):
            if s.band != "right":
                continue
            turned += 1
            first = next(q.piece for q in s.placed if q.piece.cut == "marks")
            held = sum(1 for q in s.placed if q.piece.cut == "marks" and q.piece.size == first.size)
            upright = fit_grid(first, content_area(s.paper, "bottom", t), t)
            assert upright is None or held > upright.capacity, (name, s.label, held, upright.capacity)
    assert turned > 0  # every bundled kit turns its cards on Letter
