"""Two-sided tokens left alone on a thin duplex sheet print face and back side by side on a one-sided sheet, to
fold: the back lands behind the face as a long-edge duplex sheet would put it."""

from __future__ import annotations

import pytest

from pnpgen.build.pipeline import sheet_template
from pnpgen.draw.bounds import ink_box
from pnpgen.draw.piece import Kit, Piece
from pnpgen.draw.primitives import Group, Rect, Style
from pnpgen.load.loader import load_game
from pnpgen.render import imposition
from pnpgen.render.folds import GAP, folded
from pnpgen.render.paper import PAPERS


@pytest.fixture(scope="module")
def sheet_t():
    return sheet_template(load_game("narrow-seas"))


def card(count: int) -> Piece:
    face = Group((Rect(0, 0, 63, 88, Style(fill="#cccccc")),))
    return Piece("c", "Card", "decks", (63.0, 88.0), face, back=face, bleed=3.0, count=count, kind="card",
                 part_of="Deck")


def chit(count: int, back: bool = True) -> Piece:
    face = Group((Rect(0, 0, 24, 20, Style(fill="#e8742a")),), label="face")
    behind = Group((Rect(0, 0, 10, 20, Style(fill="#9e2a12")),), label="back") if back else None
    return Piece("fire", "Fire chit", "tokens", (24.0, 20.0), face, behind, count=count, cut="outline",
                 kind="token")


def test_a_folded_token_has_its_back_beside_it_mirrored_about_the_fold_line():
    piece = folded(chit(1))
    assert piece.folded and piece.back is None and piece.size == (48 + 2 * GAP, 20.0)
    face, line, back = piece.face.items
    assert face.label == "face" and line.style.dash and line.ops == (("M", 24 + GAP, 0.0), ("L", 24 + GAP, 20.0))
    x0, _, x1, _ = ink_box(back)
    fold = 24 + GAP
    # the back's left edge (its x = 0, behind the face's right edge on a duplex sheet) folds onto x = 24
    assert 2 * fold - x0 == pytest.approx(24.0) and 2 * fold - x1 == pytest.approx(14.0)


def test_chits_alone_on_a_thin_duplex_sheet_fold_onto_a_one_sided_sheet(sheet_t):
    pieces = (card(9), chit(4))  # one full card sheet; the chits would take a duplex sheet of their own
    sheets = imposition.impose(Kit("t", "T", "1", pieces), PAPERS["a4"], sheet_t)
    assert [[q.piece.name for q in s.placed] for s in sheets] == [["Card"] * 9, ["Fire chit"] * 4]
    assert sheets[0].has_backs and not sheets[1].has_backs  # 3 pages instead of 4
    assert all(q.piece.folded and q.piece.width == 48 + 2 * GAP for q in sheets[1].placed)


def test_chits_that_share_a_card_sheet_or_fill_their_own_stay_two_sided(sheet_t):
    shared = imposition.impose(Kit("t", "T", "1", (card(5), chit(4))), PAPERS["a4"], sheet_t)
    assert len(shared) == 1 and shared[0].has_backs and not any(q.piece.folded for q in shared[0].placed)
    many = imposition.impose(Kit("t", "T", "1", (card(9), chit(120))), PAPERS["a4"], sheet_t)
    assert not any(q.piece.folded for s in many for q in s.placed)
    assert all(s.has_backs for s in many)
    flat = imposition.impose(Kit("t", "T", "1", (card(9), chit(4))), PAPERS["a4"], sheet_t, sides=False)
    assert not any(q.piece.folded for s in flat for q in s.placed)  # faces only: nothing to fold
