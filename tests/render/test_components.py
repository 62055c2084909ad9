"""Components are drawn from the model: suits, fields, icons; unknown icons are located errors."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from kit.packs import edit, where

from pnpgen.components import layout_kit
from pnpgen.components.cards import card_face
from pnpgen.components.context import Ctx
from pnpgen.draw.primitives import Text, walk
from pnpgen.errors import ContentErrors
from pnpgen.load.loader import load_game


def _texts(group) -> list[str]:
    return [p.text for p, _ in walk(group) if isinstance(p, Text)]


@pytest.mark.slow
def test_every_component_becomes_a_piece(kit):
    game = load_game("narrow-seas")
    ids = {p.id for p in kit.pieces}
    assert {f"card-{c.id}" for c in game.cards} <= ids
    assert {f"area-{a.id}" for a in game.area_cards} <= ids
    assert {f"token-{t.id}" for t in game.tokens} <= ids
    assert {f"aid-{a.id}" for a in game.player_aids} <= ids
    assert f"board-{game.board.id}" in ids and "back-action" in ids
    assert kit.by_id("card-blue-reach").size == (63.0, 88.0) and kit.by_id("card-blue-reach").bleed == 3.0
    # the four-player variant's tokens join the kit, after the game's own
    tokens = (*game.tokens, *(t for v in game.variants for t in v.tokens))
    assert sum(p.count for p in kit.pieces if p.kind == "token") == sum(t.count for t in tokens)


def test_a_card_shows_its_name_suit_and_numbers(kit):
    texts = _texts(kit.by_id("card-red-broadside").face)
    assert "Broadside" in texts and "RED" in texts and texts.count("2") >= 2
    wind = _texts(kit.by_id("token-wind").face)
    assert {"Run", "Reach", "Tack", "WIND"} <= set(wind)


def test_cards_without_an_action_print_their_fields():
    game = load_game("narrow-seas")
    deck = game.decks[0]
    card = replace(game.card("wind"), action=None, name="Victory", fields=(("hull", 10), ("rigging", 8)))
    texts = _texts(card_face(Ctx.make(game), deck, card))
    assert {"Victory", "HULL", "10", "RIGGING", "8"} <= set(texts)


@pytest.mark.slow
def test_an_unknown_icon_is_a_located_error(pack):
    edit(pack / "ships.yaml", "{id: lookout, label: Plan to Lookout, icon: lookout}",
         "{id: lookout, label: Plan to Lookout, icon: spyglass}")
    with pytest.raises(ContentErrors) as e:
        layout_kit(load_game(str(pack)))
    (err,) = [str(x) for x in e.value.errors]  # four ship cards share these areas: reported once
    assert err.startswith(where(pack / "ships.yaml", "{id: lookout") + ": error: area 'lookout' of 'A': unknown "
                          "icon 'spyglass' (expected one of: ")
    assert "lookout, " in err


@pytest.mark.slow
def test_an_unknown_icon_marker_in_an_aid_is_a_located_error(pack):
    edit(pack / "aids.yaml", "{yellow} {blue} {red}", "{yellow} {blu} {red}")
    with pytest.raises(ContentErrors) as e:
        layout_kit(load_game(str(pack)))
    (err,) = [str(x) for x in e.value.errors]
    assert err.startswith(where(pack / "aids.yaml", "{blu}") + ": error: player aid 'aid-round': "
                          "unknown icon 'blu'")  # at the marker, not at the section
    assert err.endswith("(did you mean 'blue'?)")


@pytest.mark.parametrize("game", ["seas-of-havoc"])
def test_a_start_spaces_number_prints_clear_of_its_dashed_ring_and_inside_its_space(game):
    from pnpgen.components.board import start_marks
    from pnpgen.components.context import Ctx
    from pnpgen.draw import fonts
    from pnpgen.draw.primitives import Circle, Text
    from pnpgen.load.loader import load_game
    g = load_game(game)
    board = next(b for b in g.boards if getattr(b, "starts", ()))
    cell = 20.0
    centres = {at: (100.0 + 20.0 * k, 100.0) for k, (_sid, at) in enumerate(board.starts)}  # the last at the edge
    items = start_marks(Ctx.make(g), board, centres, cell, "#000000")
    rings = [i for i in items if isinstance(i, Circle)]
    words = [i for i in items if isinstance(i, Text)]
    assert len(rings) == len(words) == len(board.starts) >= 4
    for k, (ring, text) in enumerate(zip(rings, words)):
        w = fonts.width(text.text, text.size, "bold")
        left, right, bottom, top = text.x - w / 2, text.x + w / 2, text.y, text.y - fonts.CAP_HEIGHT * text.size
        near_x, near_y = min(max(ring.cx, left), right), min(max(ring.cy, top), bottom)
        assert math.hypot(near_x - ring.cx, near_y - ring.cy) >= ring.r + ring.style.width, text.text
        assert ring.cx - cell / 2 <= left and right <= ring.cx + cell / 2 and top >= ring.cy - cell / 2
        on_edge = k == len(rings) - 1  # the right-hand edge: its number goes left, away from the board's frame
        assert (text.x < ring.cx) == on_edge
