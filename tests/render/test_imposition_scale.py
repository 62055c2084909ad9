"""Imposition grows with the pieces, not their square: a full sheet is not offered every piece after it."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from pnpgen.build.pipeline import sheet_template
from pnpgen.draw.piece import Kit, Piece
from pnpgen.draw.primitives import Group, Rect, Style
from pnpgen.load.loader import load_game
from pnpgen.render import imposition
from pnpgen.render.paper import PAPERS


@pytest.fixture(scope="module")
def sheet_t():
    return sheet_template(load_game("narrow-seas"))


def card(name: str, count: int, size=(63.0, 88.0), bleed=3.0, part_of="Deck") -> Piece:
    """A plain card piece."""
    face = Group((Rect(0, 0, *size, Style(fill="#cccccc")),))
    return Piece(name, name, "decks", size, face, back=face, bleed=bleed, count=count, kind="card", part_of=part_of)


def lays(monkeypatch) -> list[int]:
    """A counter of the block layouts imposition tries."""
    calls = [0]
    real = imposition._lay

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(imposition, "_lay", counted)
    return calls


@pytest.mark.parametrize("fold", [False, True])
def test_layouts_tried_grow_with_the_sheets_not_their_square(sheet_t, monkeypatch, fold):
    calls = lays(monkeypatch)
    counts = {}
    for n in (72, 720):
        calls[0] = 0
        sheets = imposition.impose(Kit("t", "T", "1", (card("c", n),)), PAPERS["a4"], sheet_t, fold=fold)
        per_sheet = 9 if not fold else len(sheets[0].placed)
        assert len(sheets) == math.ceil(n / per_sheet)
        assert all(len(s.placed) == per_sheet for s in sheets[:-1])
        counts[n] = (calls[0], len(sheets))
    (small, small_sheets), (big, big_sheets) = counts[72], counts[720]
    assert big_sheets == 10 * small_sheets
    # a few layouts a sheet (fill it, find it full, find no room for a block below), however many came before
    assert big <= 4 * big_sheets, counts
    assert big <= 11 * small, counts


def test_a_half_empty_sheet_still_takes_later_pieces_that_fit(sheet_t):
    """Two decks of one size with tokens between them: the second deck and the last tokens fill the room the first
    deck left, before a new sheet takes what is left of them."""
    token = Piece("t", "t", "tokens", (20.0, 20.0), Group(), Group(), count=3, cut="outline", kind="token")
    pieces = [card("a", 10, part_of="A"), token, card("b", 5, part_of="B"), replace(token, id="u", name="u", count=2)]
    sheets = imposition.impose(Kit("t", "T", "1", tuple(pieces)), PAPERS["a4"], sheet_t)
    assert [[p.piece.name for p in s.placed] for s in sheets] == [
        ["a"] * 9, ["a", "t", "t", "t", "b", "b", "b", "b"], ["b", "u", "u"]]


def test_pieces_printed_on_one_side_never_share_a_duplex_sheet(sheet_t):
    """Tokens with nothing on their backs go on sheets printed on one side, beside each other, not into a card
    sheet's room, whose back page would print nothing behind them."""
    token = Piece("t", "t", "tokens", (20.0, 20.0), Group(), count=3, cut="outline", kind="token")
    pieces = [card("a", 10, part_of="A"), token, card("b", 5, part_of="B"), replace(token, id="u", name="u", count=2)]
    sheets = imposition.impose(Kit("t", "T", "1", tuple(pieces)), PAPERS["a4"], sheet_t)
    assert [[p.piece.name for p in s.placed] for s in sheets] == [
        ["a"] * 9, ["a"] + ["b"] * 5, ["t", "t", "t", "u", "u"]]
    together = imposition.impose(Kit("t", "T", "1", tuple(pieces)), PAPERS["a4"], sheet_t, sides=False)
    assert [[p.piece.name for p in s.placed] for s in together][1:] == [  # faces only (duplex none): as one
        ["a", "t", "t", "t", "b", "b", "b", "b"], ["b", "u", "u"]]


@pytest.mark.slow
def test_a_deck_of_20000_cards_is_imposed_in_a_few_layouts_a_sheet(sheet_t, monkeypatch):
    calls = lays(monkeypatch)
    sheets = imposition.impose(Kit("t", "T", "1", (card("c", 20_000),)), PAPERS["a4"], sheet_t)
    assert len(sheets) == math.ceil(20_000 / 9)
    assert calls[0] <= 4 * len(sheets)
