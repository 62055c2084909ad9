"""Zones on card faces (Enemy in Sight's ships: where Hull and Rigging damage is laid) and stat boxes sized for the
widest value a field may take, so a deck's numbers print at one size and never touch their boxes."""

from __future__ import annotations

import pytest
from kit.packs import copy_pack, edit, err, errors_of, where

from pnpgen.checks import check_game
from pnpgen.components import layout_kit
from pnpgen.draw import fonts
from pnpgen.draw.primitives import Group, Rect, Text, walk
from pnpgen.load.loader import load_game


def laid_out_errors(root) -> list[str]:
    """Every error line `pnpgen check` prints for a pack: its content's and its laid-out kit's."""
    return [str(e) for e in check_game(load_game(str(root)), layout=True).errors]


def groups(item, label: str) -> list[Group]:
    """Every group under an item with this label (none are transformed on a card face)."""
    found = [item] if isinstance(item, Group) and item.label == label else []
    for child in item.items if isinstance(item, Group) else ():
        found += groups(child, label)
    return found


@pytest.fixture(scope="module")
def kit():
    return layout_kit(load_game("enemy-in-sight"))


def test_every_ship_card_has_its_hull_and_rigging_zones_side_by_side_below_its_factors(kit):
    ships = [p for p in kit.pieces if p.kind == "card" and p.part_of == "Ship"]
    assert len(ships) == 40
    for p in ships:
        (hull,), (rigging,) = groups(p.face, "zone hull"), groups(p.face, "zone rigging")
        boxes = []
        for zone, title in ((hull, "HULL DAMAGE"), (rigging, "RIGGING DAMAGE")):
            rect = zone.items[0]
            assert isinstance(rect, Rect) and rect.style.dash
            words = [t.text for t, _m in walk(zone) if isinstance(t, Text)]
            assert words[0] == title and any("Rigging" in w or "Hull" in w for w in words[1:])
            boxes.append(rect)
        factors = [i for i, _m in walk(p.face)  # (the PROVISIONAL tag is a white rounded box too, 2.7 mm tall)
                   if isinstance(i, Rect) and i.style.fill == "#ffffff" and i.r and i.h > 5]
        assert len(factors) == 4  # rating, hull, rigging, value
        w, h = p.size
        left, right = boxes
        assert left.y == right.y and left.h == right.h >= 16
        assert left.y > max(f.y + f.h for f in factors)  # below the factors
        assert left.y + left.h < h - 6.0  # above the footer band
        assert 3.9 < left.x and left.x + left.w < right.x and right.x + right.w < w - 3.9


def test_action_cards_have_no_zones(kit):
    actions = [p for p in kit.pieces if p.kind == "card" and p.part_of == "Action"]
    assert actions and all(not groups(p.face, "zone hull") for p in actions)


def test_a_deck_prints_a_field_at_one_size_sized_for_its_widest_value(tmp_path):
    root = copy_pack(tmp_path / "eis", "enemy-in-sight")
    edit(root / "cards.yaml", "rigging: 8, value: 104}", "rigging: 8, value: 200}")  # Victory: the widest allowed
    kit = layout_kit(load_game(str(root)))
    sizes, clear = set(), []
    for p in (q for q in kit.pieces if q.kind == "card" and q.part_of == "Ship"):
        stats = [g for g in _stat_groups(p.face) if g[1] == "VALUE"]
        assert len(stats) == 1
        box, _label, number = stats[0]
        sizes.add(round(number.size, 3))
        clear.append(box.w - fonts.width(number.text, number.size, "bold"))
    assert len(sizes) == 1 and len(clear) == 40
    assert min(clear) >= 2.4 - 1e-6  # even '200' keeps 1.2 mm each side


def _stat_groups(face):
    """(box, label, number) of each stat box on a face."""
    out = []

    def visit(g):
        items = g.items if isinstance(g, Group) else ()
        if len(items) >= 2 and isinstance(items[0], Rect) and isinstance(items[1], Text) and items[0].r == 1.5 \
                and items[0].style.fill == "#ffffff":
            numbers = [i for i in items[2:] if isinstance(i, Text)]
            if numbers:
                out.append((items[0], items[1].text, numbers[-1]))
        for child in items:
            visit(child)
    visit(face)
    return out


def test_zones_naming_a_field_the_deck_lacks_are_a_located_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = copy_pack(tmp_path / "eis", "enemy-in-sight")
    edit(root / "templates" / "ship-face.yaml", "fields: [hull, rigging]", "fields: [hull, riging]")
    assert err(where(root / "templates" / "ship-face.yaml", "[hull, riging]"),
               "template 'ship-face' zones: deck 'ships' has no field 'riging' (its fields: rating, hull, rigging, "
               "value)") in laid_out_errors(root)


def test_zones_left_too_little_room_are_an_error_at_the_card(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = copy_pack(tmp_path / "eis", "enemy-in-sight")
    edit(root / "templates" / "ship-face.yaml", "  title:", "  min_height: 60mm\n  title:")
    found = [e for e in laid_out_errors(root) if "zones (Hull, Rigging) have" in e]
    assert len(found) == 40 and "less than the template's min_height 60 mm" in found[0]
    assert found[0].startswith(where(root / "cards.yaml", "- {id: victory,", 2))


# -- corner indices ---------------------------------------------------------------------------------------------

def test_a_deck_with_an_index_field_prints_it_in_the_top_left_corner_over_its_suit(kit):
    actions = [p for p in kit.pieces if p.kind == "card" and p.part_of == "Action"]
    indexed = {p.id: groups(p.face, "index rating") for p in actions}
    broadsides = [p for p in actions if p.id.startswith("card-broadsides-")]
    assert len(broadsides) == 6 and all(len(indexed[p.id]) == 1 for p in broadsides)
    assert all(indexed[p.id] == [] for p in actions if p not in broadsides)  # no rating, no index
    widths = set()
    for p in broadsides:
        (chip,) = indexed[p.id]
        rect, number = chip.items[0], chip.items[1]
        assert isinstance(rect, Rect) and rect.style.fill == "#ffffff"
        assert rect.x == pytest.approx(4.0) and rect.y > 0 and rect.y + rect.h < 18.0  # in the band's corner
        assert isinstance(number, Text) and number.text == p.id.rsplit("-", 1)[1]
        assert rect.y < number.y - fonts.CAP_HEIGHT * number.size and number.y < rect.y + rect.h
        assert len(chip.items) == 3  # and the suit's symbol under the number
        widths.add(round(rect.w, 6))
    assert len(widths) == 1  # sized alike, for the widest index the field allows


@pytest.mark.parametrize("field, message", [
    ("flag: {label: Flag, kind: suit}", "an index field is a number, a short text, a choice or an icon (kind "
                                        "'int', 'text', 'choice' or 'icon'), not 'suit'"),
    ("damage: {label: Damage, kind: int, min: 1, max: 20}",
     "a deck has one index field at most: 'damage' and 'rating' are both marked 'index: true'"),
])
def test_an_index_field_is_one_short_value_a_deck(tmp_path, monkeypatch, field, message):
    monkeypatch.chdir(tmp_path)
    root = copy_pack(tmp_path / "eis", "enemy-in-sight")
    marked = field[:-1] + ", index: true}"
    edit(root / "cards.yaml", field, marked)
    assert err(where(root / "cards.yaml", marked, len(field) + 8), f"deck 'actions' field '{field.split(':')[0]}': "
               f"{message}") in errors_of(root)
