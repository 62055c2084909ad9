"""No sheet of a bundled kit leaves room at its foot that a piece printed on a later sheet (of its player group)
would have filled: a half-empty sheet takes the next pieces that fit, across kinds, under a whole board too, unless
the piece is for player counts the sheet is not (or is a player's deck, which keeps to sheets of its own, or prints
the other way: with a back on a sheet printed on one side, or the other way round)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpgen.build.pipeline import BuildOptions, build, default_steps, sheet_template
from pnpgen.render.imposition import OUTLINE_ROOM, content_area, impose
from pnpgen.render.paper import paper


def laid_out(game: str, tmp_path: Path):
    steps = [s for s in default_steps() if s.name in ("load", "check", "layout")]
    state = build(BuildOptions(game=game, papers=("a4",), formats=("pdf",), out=tmp_path, sim_games=0), steps)
    return state.kit, sheet_template(state.game, None)


def fillable(sheets, t) -> list[tuple[int, str, str]]:
    """(sheet number, its label, a later piece that fits at its foot) for each sheet that wastes room."""
    found = []
    for n, s in enumerate(sheets, start=1):
        if any(q.window is not None for q in s.placed):
            continue  # a board's tile keeps its sheet to itself
        area = content_area(s.paper, s.band, t)
        bottom = max((p.clip[1] + p.clip[3] if p.clip else p.y + p.h)  # the crop marks below a piece take room too
                     + (max(0.0, t["marks"]["gap"] + t["marks"]["length"] - p.piece.bleed)
                        if p.piece.cut == "marks" else 0.0)
                     for p in s.placed)
        counts = set() if any(not q.piece.players for q in s.placed) else {c for q in s.placed for c in q.piece.players}
        owners = {q.piece.owner for q in s.placed if q.piece.kind == "card"}
        for piece in (q.piece for later in sheets[n:] if later.group == s.group for q in later.placed):
            if piece.kind == "board":
                continue  # a board starts a sheet of its own
            if (piece.back is not None) != s.has_backs:
                continue  # printed the other way: one side or both
            if counts and not (piece.players and set(piece.players) <= counts):
                continue  # a count that did not need this sheet would come to
            if piece.kind == "card" and (owners - {piece.owner} or (piece.owner is not None and not owners)):
                continue  # a player's deck keeps to sheets of its own
            edge = t["marks"]["gap"] + t["marks"]["length"] if piece.cut == "marks" else OUTLINE_ROOM
            room = area.y1 - bottom - t["spacing"] - edge
            w, h, across = piece.width + 2 * piece.bleed, piece.height + 2 * piece.bleed, area.x1 - area.x0
            if (h <= room and w <= across) or (piece.cut == "marks" and w <= room and h <= across):
                found.append((n, s.label, piece.id))
                break
    return found


@pytest.mark.parametrize("game", ["narrow-seas", "enemy-in-sight", "seas-of-havoc"])
@pytest.mark.parametrize("name", ["a4", "letter"])
def test_no_sheet_leaves_room_a_later_piece_would_fill(game, name, tmp_path):
    kit, t = laid_out(game, tmp_path)
    sheets = impose(kit, paper(name), t)
    assert len(sheets) >= 10
    assert fillable(sheets, t) == []


def test_pieces_after_a_whole_board_print_below_it_and_a_board_alone_is_centred(tmp_path):
    kit, t = laid_out("seas-of-havoc", tmp_path)
    sheets = impose(kit, paper("a4"), t)
    shared = [s for s in sheets if s.placed[0].piece.kind == "board" and len(s.placed) > 1]
    assert len(shared) >= 1  # the island takes tokens below it (the single-sided tokens that fill its foot)
    for s in shared:
        board = s.placed[0]
        area = content_area(s.paper, s.band, t)
        assert board.y == pytest.approx(area.y0)
        assert all(p.y >= board.y + board.h + t["spacing"] - 1e-6 for p in s.placed[1:])
        assert s.label.startswith(board.piece.name) and "Tokens" in s.label
    alone = impose(type(kit)(kit.game_id, kit.title, kit.version, (shared[0].placed[0].piece,)), paper("a4"), t)
    (only,) = alone
    area = content_area(only.paper, only.band, t)
    top, foot = only.placed[0].y - area.y0, area.y1 - (only.placed[0].y + only.placed[0].h)
    assert len(only.placed) == 1 and top == pytest.approx(foot) and top > 10
