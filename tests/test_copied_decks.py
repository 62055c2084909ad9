"""A deck that repeats another's cards (cards_from) lays them out by the same template unless it names its own."""

from __future__ import annotations

from kit.packs import copy_pack, edit

from pnpgen.components import layout_kit
from pnpgen.draw.dump import dump_lines
from pnpgen.load.loader import load_game


def test_the_starting_decks_are_laid_out_alike_each_with_its_mark_on_the_face():
    game = load_game("seas-of-havoc")
    decks = {d.id: d for d in game.decks}
    assert {decks[f"start-{n}"].card_template for n in (1, 2, 3, 4)} == {"market-face"}
    assert [decks[f"start-{n}"].mark for n in (1, 2, 3, 4)] == ["P1", "P2", "P3", "P4"]
    kit = layout_kit(game)
    first, fourth = kit.by_id("card-ahead"), kit.by_id("card-start-4-ahead")
    assert first.size == fourth.size
    shape = [line.split(" ")[0] for line in dump_lines(first.face)]
    assert shape == [line.split(" ")[0] for line in dump_lines(fourth.face)]  # the same drawing, item for item
    assert any("'P4'" in line for line in dump_lines(fourth.face))
    back = list(dump_lines(fourth.back))[1:]  # (after the group's line, which names the deck)
    assert not any("'P4'" in line for line in back)  # the mark on the face only: the back is the Market's too
    assert back == list(dump_lines(kit.by_id("back-market").face))[1:] and "Captain" in "".join(back)


def test_a_copy_that_names_a_template_keeps_its_own(tmp_path):
    pack = copy_pack(tmp_path / "seas-of-havoc", "seas-of-havoc")
    edit(pack / "cards.yaml", "cards_from: start-1, count: 8, mark: P4,", "cards_from: start-1, count: 8, mark: P4, "
         "template: damage-face,")
    decks = {d.id: d for d in load_game(str(pack)).decks}
    assert decks["start-4"].card_template == "damage-face" and decks["start-3"].card_template == "market-face"
