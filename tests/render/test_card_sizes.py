"""Named card sizes for decks: the trim and bleed the pieces take, the layout scaled into them, as many a sheet as
the paper holds, and located errors for a size that is not one."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.packs import edit, errors_of, where

from pnpgen.build.pipeline import sheet_template
from pnpgen.cli import main
from pnpgen.components import CardFormat, layout_kit
from pnpgen.draw.primitives import Group, Text, walk
from pnpgen.draw.units import MM_PER_PT
from pnpgen.load.loader import load_game
from pnpgen.model.cards import CARD_SIZES
from pnpgen.render.imposition import impose
from pnpgen.render.paper import paper


def sized(pack, size: str):
    edit(pack / "cards.yaml", "- id: action\n", f"- id: action\n  size: {size}\n")
    return load_game(str(pack))


def cards_per_sheet(game, kit, name: str, back: str = "back-action") -> int:
    sheets = impose(kit, paper(name), sheet_template(game))
    return max(sum(q.piece.back_id == back for q in s.placed) for s in sheets)


@pytest.mark.slow
@pytest.mark.parametrize("name, a4, letter", [("poker", 9, 8), ("tarot", 4, 4)])
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
    game = sized(pack, "[80, 100]")
    kit = layout_kit(game)
    assert kit.by_id("card-yellow-reach").size == (80.0, 100.0)
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


def starter(tmp_path, size: str) -> Path:
    """The starter pack (short rules texts, the classic card) with its deck at a named size and 22 cards."""
    made = CliRunner().invoke(main, ["new", "g"])
    assert made.exit_code == 0, made.output
    edit(tmp_path / "g" / "cards.yaml", "  count: 12\n", f"  count: 22\n  size: {size}\n")
    edit(tmp_path / "g" / "cards.yaml", "count: 3, text:", "count: 13, text:")
    edit(tmp_path / "g" / "game.yaml", "  cards: 12\n", "  cards: 22\n")
    return tmp_path / "g"


def printed_sizes(face: Group) -> list[tuple[str, float]]:
    """(words, printed size in pt) of every text a face prints."""
    return [(item.text, item.size * abs(m[0]) / MM_PER_PT) for item, m in walk(face) if isinstance(item, Text)]


# (Letter holds 15 mini cards a sheet: the footer band runs along its foot, up the side only beside turned pieces)
@pytest.mark.parametrize("name, a4, letter", [("mini", 16, 15), ("square", 8, 9), ("bridge", 9, 8)])
def test_small_cards_lay_the_classic_card_out_again_with_no_text_under_6_pt(tmp_path, monkeypatch, name, a4,
                                                                           letter):
    monkeypatch.chdir(tmp_path)
    pack = starter(tmp_path, name)
    game = load_game(str(pack))
    kit = layout_kit(game)
    cards = [p for p in kit.pieces if p.back_id == "back-main"]
    assert len(cards) == 10 and {p.size for p in cards} == {CARD_SIZES[name]} and {p.bleed for p in cards} == {3.0}
    assert (cards_per_sheet(game, kit, "a4", "back-main"), cards_per_sheet(game, kit, "letter", "back-main")) == \
        (a4, letter)
    w, h = CARD_SIZES[name]
    for card in cards:
        assert card.face.transform is None  # drawn at its own size, not the poker layout scaled down
        background = card.face.items[0]
        assert (background.w, background.h) == pytest.approx((w + 6, h + 6))  # the paper to the bleed
        sizes = printed_sizes(card.face)
        assert len(sizes) >= 5 and min(size for _, size in sizes) >= 6 - 1e-6, sizes
    move = kit.by_id("card-sun-move")
    words = " ".join(text for text, _ in printed_sizes(move.face))
    assert "Move" in words and "neighbouring" in words and "SUN" in words  # name, rules text, footer: all there
    effect = [size for text, size in printed_sizes(move.face) if text.startswith("Move one")]
    assert effect and effect[0] >= 6.9  # the template's 7 pt, as on a poker card (scaled, it was 4.9 pt)
    checked = CliRunner().invoke(main, ["check", str(pack), "--strict"])
    assert checked.exit_code == 0 and "warning" not in checked.output, checked.output


def test_a_face_of_the_packs_own_elements_still_scales_as_drawn(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pack = starter(tmp_path, "mini")
    (pack / "templates").mkdir()
    (pack / "templates" / "own.yaml").write_text("kind: action-card\nextends: action-card\nelements:\n"
                                                 "  band: null\n  body: null\n  filler: null\n  footer: null\n"
                                                 "  name: {kind: text, box: [5mm, 5mm, 50mm, 10mm], text: '{name}',"
                                                 " size: 12pt}\n", encoding="utf-8")
    edit(pack / "cards.yaml", "  size: mini\n", "  size: mini\n  template: own\n")
    card = layout_kit(load_game(str(pack))).by_id("card-sun-move")
    assert card.face.transform[0] == pytest.approx(min(44.45 / 63, 63.5 / 88))
    assert printed_sizes(card.face) == [("Move", pytest.approx(12 * 44.45 / 63))]
