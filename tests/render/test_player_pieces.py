"""A player's own pieces (`owner:`): needed only when that many play, printed after what every game needs, and a
player's deck on sheets of its own."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnpgen.build.pipeline import sheet_template
from pnpgen.components import layout_kit
from pnpgen.draw.piece import Kit, Piece
from pnpgen.draw.primitives import Group
from pnpgen.load.loader import load_game
from pnpgen.render.imposition import impose
from pnpgen.render.pages import page_map, page_plan
from pnpgen.render.paper import paper


@pytest.fixture(scope="module")
def havoc():
    game = load_game("seas-of-havoc")
    return game, layout_kit(game), sheet_template(game)


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_each_starting_deck_prints_on_sheets_holding_no_other_cards(havoc, name):
    game, kit, t = havoc
    sheets = impose(kit, paper(name), t)
    seen = 0
    for owner in (1, 2, 3, 4):
        mine = [s for s in sheets if any(q.piece.owner == owner and q.piece.kind == "card" for q in s.placed)]
        assert len(mine) == 1, f"player {owner}'s deck is on {len(mine)} sheets"
        cards = [q.piece for q in mine[0].placed if q.piece.kind == "card"]
        assert len(cards) == 8 and {c.owner for c in cards} == {owner}
        assert {c.part_of for c in cards} == {f"Player {owner} deck"}
        seen += 1
    assert seen == 4


def test_a_smaller_game_prints_no_page_holding_only_a_larger_games_pieces(havoc):
    game, kit, t = havoc
    sheets = impose(kit, paper("a4"), t)
    plan = page_plan(sheets, "long-edge")
    _page_of, per_count = page_map(kit, plan, 1)
    assert per_count[4] == list(range(1, len(plan) + 2))
    pages = {n: s for n, (role, s) in enumerate(plan, start=2)}
    owners = {n: {q.piece.owner for q in s.placed} for n, s in pages.items()}
    skipped = [n for n in pages if n not in per_count[2]]
    assert skipped, "the 2-player game prints every page"
    for n in skipped:  # a page the 2-player game leaves out holds player 3's or 4's pieces only
        assert owners[n] <= {3, 4}, (n, owners[n])
    for n in per_count[2][1:]:  # and every page it prints holds something it uses
        assert any(not q.piece.players or 2 in q.piece.players for q in pages[n].placed)
    assert set(per_count[2]) < set(per_count[3]) < set(per_count[4])
    # the pages every game needs come first: a 2-player game's pages run from the cover on, past the 3's
    boards = [n for n, s in pages.items() if any(q.piece.id == "area-P4" for q in s.placed)]
    assert boards and all(n not in per_count[2] and n not in per_count[3] for n in boards
                          if all(q.piece.owner == 4 for q in pages[n].placed))


def test_two_players_lay_out_no_piece_of_player_three_or_four(havoc):
    game, _kit, _t = havoc
    kit = layout_kit(game, players=2)
    owners = {p.owner for p in kit.pieces}
    assert owners == {None, 1, 2}
    assert {p.part_of for p in kit.pieces if p.kind == "card" and p.owner} == {"Player 1 deck", "Player 2 deck"}


def _piece(id_: str, players: tuple[int, ...], owner: int | None = None, kind: str = "token") -> Piece:
    return Piece(id_, id_, "Tokens", (40.0, 40.0), Group(()), cut="outline", kind=kind, players=players,
                 owner=owner, part_of=id_)


def test_a_larger_games_piece_fills_room_every_game_prints_but_not_the_other_way(havoc):
    _game, _kit, t = havoc
    every = (2, 3, 4)
    pieces = (_piece("common", every), _piece("third", (3, 4), owner=3))
    (sheet,) = impose(Kit("g", "G", "1", pieces), paper("a4"), t)  # player 3's token joins the common sheet
    assert [q.piece.id for q in sheet.placed] == ["common", "third"]
    more = replace(_piece("more", every), count=40)  # fills a sheet and some of the next
    sheets = impose(Kit("g", "G", "1", (_piece("fourth", (4,), owner=4), more)), paper("a4"), t)
    assert len(sheets) == 2
    assert {q.piece.id for q in sheets[0].placed} == {"more"}  # listed first, player 4's token still waits
    assert [q.piece.id for q in sheets[1].placed][-1] == "fourth"  # for room on a sheet every game prints
    lone = impose(Kit("g", "G", "1", (_piece("fourth", (4,), owner=4), _piece("common", every))), paper("a4"), t)
    assert [q.piece.id for q in lone[0].placed] == ["common", "fourth"]
