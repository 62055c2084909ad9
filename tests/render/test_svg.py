"""SVGs: one per component, well-formed, sized in mm; the contact sheet shows them all."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from pnpgen.draw.colour import readable_on

NS = "{http://www.w3.org/2000/svg}"


def test_one_well_formed_svg_per_component(built):
    state, folder = built
    files = sorted((folder / "svg").glob("*.svg"))
    kit = state.kit
    expected = {f"{p.id}.svg" for p in kit.pieces if not p.copy_of}  # more copies of an aid share its SVG
    assert {f.name for f in files} == expected | {f"{p.id}-back.svg" for p in kit.pieces
                                                  if p.back is not None and p.back_id is None}
    game = state.game
    parts = [game, *game.variants]  # the four-player variant's components join the kit
    assert len(expected) == sum(sum(len(d.cards) + 1 for d in g.decks) + len(g.boards) + len(g.area_cards)
                                + len(g.player_aids) + len(g.tokens) for g in parts) \
        + sum(len(v.restated) for v in game.variants)  # (a component a variant reads otherwise: its own SVG)
    assert len(files) > 30
    for f in files:
        root = ET.parse(f).getroot()
        assert root.tag == f"{NS}svg"
        w, h = (float(root.get(k).removesuffix("mm")) for k in ("width", "height"))
        assert root.get("viewBox") == f"0 0 {root.get('width')[:-2]} {root.get('height')[:-2]}"
        assert w > 5 and h > 5


def test_card_svgs_are_poker_size_and_use_vector_symbols(built):
    state, folder = built
    root = ET.parse(folder / "svg" / "card-blue-reach.svg").getroot()
    assert (root.get("width"), root.get("height")) == ("63mm", "88mm")
    texts = [g.get("aria-label") for g in root.iter(f"{NS}g") if g.get("aria-label")]
    assert "Reach" in texts  # the words, drawn as glyph outlines, name themselves
    assert not any(True for _ in root.iter(f"{NS}text"))
    assert not any(ch in "".join(texts) for ch in "●▲♦")  # suit symbols are shapes, not glyphs
    ink = readable_on(state.game.suit("blue").colour)  # the blue suit's circle, in the band's text colour
    assert any(c.get("fill") == ink for c in root.iter(f"{NS}circle"))


def test_contact_sheet_shows_every_svg(built):
    _, folder = built
    html = (folder / "index.html").read_text(encoding="utf-8")
    shown = set(re.findall(r'src="svg/([^"]+)"', html))
    assert shown == {f.name for f in (folder / "svg").glob("*.svg")}
    assert html.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("name", ["board-duel.svg", "token-wind.svg", "area-A.svg", "aid-aid-actions.svg"])
def test_component_svgs_hold_drawing(built, name):
    _, folder = built
    root = ET.parse(folder / "svg" / name).getroot()
    assert sum(1 for _ in root.iter(f"{NS}path")) + sum(1 for _ in root.iter(f"{NS}rect")) > 3
