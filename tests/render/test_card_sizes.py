"""Named card sizes for decks: the trim and bleed the pieces take, the layout scaled into them, as many a sheet as
the paper holds, and located errors for a size that is not one."""

from __future__ import annotations

import pytest
from kit.packs import edit, errors_of, where

from pnpgen.build.pipeline import sheet_template
from pnpgen.components import CardFormat, layout_kit
from pnpgen.load.loader import load_game
from pnpgen.model.cards import CARD_SIZES
from pnpgen.render.imposition import impose
from pnpgen.render.paper import paper


def sized(pack, size: str):
    edit(pack / "cards.yaml", "- id: action\n", f"- id: action\n  size: {size}\n")
    return load_game(str(pack))


def cards_per_sheet(game, kit, name: str) -> int:
    sheets = impose(kit, paper(name), sheet_template(game))
    return max(sum(q.piece.back_id == "back-action" for q in s.placed) for s in sheets)


@pytest.mark.slow
# Letter holds 15 mini cards a sheet: the footer band runs along its foot (up the side only beside turned pieces)
@pytest.mark.parametrize("name, a4, letter", [("poker", 9, 8), ("tarot", 4, 4), ("mini", 16, 15), ("square", 8, 9)])
def test_named_sizes(pack, name, a4, letter):
    game = sized(pack, name)
    kit = layout_kit(game)
    action = [p for p in kit.pieces if p.back_id == "back-action" or p.id == "back-action"]
    assert len(action) == 23 and {p.size for p in action} == {CARD_SIZES[name]}
    assert {p.bleed for p in action} == {3.0}
    assert (cards_per_sheet(game, kit, "a4"), cards_per_sheet(game, kit, "letter")) == (a4, letter)
    face = action[0].face
    if name == "poker":
        assert face.transform is None  # the template's own size: drawn as it always was
    else:
        w, h = CARD_SIZES[name]
        factor = min(w / 63, h / 88)
        assert face.transform[0] == pytest.approx(factor) and face.transform[3] == pytest.approx(factor)
        inner = face.items[0]
        background = inner.items[0]  # the paper colour covers the trim and bleed of the wider or taller frame
        assert background.w * factor == pytest.approx(w + 6) and background.h * factor == pytest.approx(h + 6)


@pytest.mark.slow
def test_custom_size_and_other_decks_unchanged(pack):
    game = sized(pack, "[70, 50]")
    kit = layout_kit(game)
    assert kit.by_id("card-yellow-reach").size == (70.0, 50.0)
    assert kit.by_id("card-deck-b-yellow-reach").size == (63.0, 88.0)  # the four-player deck keeps its template's


@pytest.mark.slow
def test_a_print_shops_format(pack):
    game = load_game(str(pack))
    shop = CardFormat(bleed=3.175, sizes=((CARD_SIZES["poker"], CARD_SIZES["poker-us"]),))
    card = layout_kit(game, cards=shop).by_id("card-yellow-reach")
    assert card.size == CARD_SIZES["poker-us"] and card.bleed == 3.175
    assert card.face.transform[0] == pytest.approx(63.5 / 63)


@pytest.mark.slow
def test_a_size_that_is_not_one(pack):
    edit(pack / "cards.yaml", "- id: action\n", "- id: action\n  size: jumbo\n")
    assert errors_of(pack) == [f"{where(pack / 'cards.yaml', 'jumbo')}: error: deck 'action': field 'size': unknown "
                               "value 'jumbo' (expected one of: poker, poker-us, bridge, tarot, mini, square)"]
    edit(pack / "cards.yaml", "size: jumbo", "size: [70, 5]")
    assert errors_of(pack) == [f"{where(pack / 'cards.yaml', '[70, 5]')}: error: deck 'action': field 'size' must be "
                               "[width, height] in mm, each from 20 to 300, got a list"]
