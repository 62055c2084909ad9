"""Tabletop Simulator export: the saved object parses, each deck's sheet grid and image sizes agree with its
NumWidth/NumHeight, card ids and names match the cards, and images are found where the JSON says."""

from __future__ import annotations

import io
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from kit.pieces import plain_deck
from PIL import Image

from pnpgen.draw.piece import Kit
from pnpgen.render.writers.base import WriteOptions
from pnpgen.render.writers.tts import MAX_SIDE, sheet_grid
from pnpgen.render.writers.tts import write as write_tts


def export(kit: Kit, tmp_path: Path, **options) -> tuple[dict, dict[str, Image.Image]]:
    files = write_tts(kit, {}, WriteOptions(target=tmp_path, **options))
    saved = json.loads(next(f.data for f in files if f.path.endswith(".json")))
    pictures = {Path(f.path).name: Image.open(io.BytesIO(f.data)) for f in files if f.path.endswith(".png")}
    assert all(f.path.startswith("tts/") for f in files)
    return saved, pictures


def local(url: str, tmp_path: Path) -> str:
    path = Path(unquote(urlparse(url).path))
    assert url.startswith("file:///") and path.parent == tmp_path.resolve() / "tts"
    return path.name


def test_sheet_grid():
    assert sheet_grid(1) == (2, 2)
    assert sheet_grid(3) == (4, 2)
    assert sheet_grid(22) == (10, 3)
    assert sheet_grid(69) == (10, 7)  # the 70th slot is the hidden card's


@pytest.mark.slow
def test_narrow_seas_saved_object(ns_kit, tmp_path):
    saved, pictures = export(ns_kit, tmp_path, dpi=100)
    objects = saved["ObjectStates"]
    decks = [o for o in objects if o["Name"] == "DeckCustom"]
    assert [d["Nickname"] for d in decks] == ["Action deck", "Deck B"]
    checked = 0
    for deck in decks:
        entry_key, entry = next(iter(deck["CustomDeck"].items()))
        sheet = pictures[local(entry["FaceURL"], tmp_path)]
        back = pictures[local(entry["BackURL"], tmp_path)]
        cols, rows = entry["NumWidth"], entry["NumHeight"]
        assert sheet.size == (cols * back.width, rows * back.height)
        assert max(sheet.size) <= MAX_SIDE and entry["BackIsHidden"] is True
        # the last slot holds the back (TTS's hidden card); every card id points into the grid before it
        corner = (sheet.width - back.width + 3, sheet.height - back.height + 3)
        assert sheet.getpixel(corner) == back.getpixel((3, 3)) != (255, 255, 255)
        ids = deck["DeckIDs"]
        assert all(i // 100 == int(entry_key) and i % 100 < cols * rows - 1 for i in ids)
        assert [c["CardID"] for c in deck["ContainedObjects"]] == ids
        checked += 1
    assert checked == 2
    action = decks[0]
    cards = [p for p in ns_kit.pieces if p.back_id == "back-action"]
    assert len(action["DeckIDs"]) == sum(p.count for p in cards) == 22
    assert [c["Nickname"] for c in action["ContainedObjects"]] == [p.name for p in cards for _ in range(p.count)]
    # the sheet's first slot is the first card's face: the yellow band at its top
    sheet = pictures["action-faces.png"]
    r, g, b = sheet.getpixel((sheet.width // 20, 3))
    assert (r, g, b) != (255, 255, 255) and r > 200 and b < 40
    names = {o["Name"] for o in objects}
    assert names == {"DeckCustom", "Custom_Tile", "Custom_Token"}
    tokens = [o for o in objects if o["Name"] == "Custom_Token"]
    crew = [o for o in tokens if o["Nickname"] == "Aurora crew"]
    assert len(crew) == 4
    assert all(pictures[local(o["CustomImage"]["ImageURL"], tmp_path)].mode == "RGBA" for o in tokens)
    boards = [o for o in objects if o["Name"] == "Custom_Tile" and o["Nickname"] == "The Narrows"]
    assert len(boards) == 1 and boards[0]["CustomImage"]["CustomTile"]["Type"] == 0
    two_sided = [o for o in objects if o["Nickname"] == "First Player token"]
    assert [o["Name"] for o in two_sided] == ["Custom_Tile"]
    image = two_sided[0]["CustomImage"]
    assert image["ImageSecondaryURL"].endswith("/token-first-player-teams-back.png")
    assert image["ImageURL"].endswith("/token-first-player-teams.png")
    assert len({o["GUID"] for o in objects}) == len(objects)


@pytest.mark.slow
def test_large_deck_takes_two_sheets(tmp_path):
    kit = Kit("g", "G", "1", tuple(plain_deck(75, count=2)))
    saved, pictures = export(kit, tmp_path, dpi=60)
    (deck,) = saved["ObjectStates"]
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    first, second = deck["CustomDeck"]["1"], deck["CustomDeck"]["2"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert (second["NumWidth"], second["NumHeight"]) == (7, 2)  # 6 cards and the hidden slot
    assert len(deck["DeckIDs"]) == 150
    assert deck["DeckIDs"][:4] == [100, 100, 101, 101] and deck["DeckIDs"][-1] == 205
    big = pictures["d-faces-1.png"]
    cell = pictures["d-back.png"].size
    assert big.size == (10 * cell[0], 7 * cell[1])


def test_url_prefix_and_a_lone_card(tmp_path):
    kit = Kit("g", "G", "1", tuple(plain_deck(1)))
    saved, _ = export(kit, tmp_path, dpi=60, tts_url_prefix="https://example.org/kit/")
    (card,) = saved["ObjectStates"]
    assert card["Name"] == "Card" and card["CardID"] == 100
    assert card["CustomDeck"]["1"]["FaceURL"] == "https://example.org/kit/d-faces.png"
    assert card["CustomDeck"]["1"]["BackURL"] == "https://example.org/kit/d-back.png"


@pytest.mark.slow
def test_sheets_stay_within_4096_pixels(tmp_path):
    kit = Kit("g", "G", "1", tuple(plain_deck(69)))
    _, pictures = export(kit, tmp_path, dpi=300)
    sheet = pictures["d-faces.png"]
    assert max(sheet.size) <= 4096
    assert sheet.size == (4090, 7 * pictures["d-back.png"].height)


def _spots(kit: Kit, objects: list[dict]) -> list[tuple[float, float, float, float, list[dict]]]:
    """Each spot on the table: its centre, the piece's footprint in units (from the kit) and what lies there."""
    from pnpgen.render.writers.tts import guid
    from pnpgen.render.writers.tts_table import footprint

    sizes = {}
    for p in kit.pieces:
        for ident in (p.id, f"{p.id}#0"):
            sizes[guid(ident)] = footprint(p.width, p.height)
    firsts = {p.back_id: p for p in kit.pieces if p.kind == "card"}
    for back_id, p in firsts.items():
        sizes[guid(back_id)] = footprint(p.width, p.height)
    by_place: dict[tuple[float, float], list[dict]] = {}
    for o in objects:
        by_place.setdefault((o["Transform"]["posX"], o["Transform"]["posZ"]), []).append(o)
    out = []
    for (x, z), there in by_place.items():
        width, depth = sizes[there[0]["GUID"]]
        out.append((x, z, width, depth, there))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game", ["narrow-seas", "enemy-in-sight", "seas-of-havoc"])
def test_objects_lie_in_a_grid_within_the_table(game, tmp_path):
    """Every object of a bundled kit lies on the Rectangle table's flat top (x within +-28 units, z within +-19),
    no two places overlap, and a token's copies stand in one stack; decks come first, then tiles, then tokens."""
    from pnpgen.components import layout_kit
    from pnpgen.load.loader import load_game

    kit = layout_kit(load_game(game))
    saved, _ = export(kit, tmp_path, dpi=40)
    assert saved["Table"] == "Table_RPG"
    objects = saved["ObjectStates"]
    spots = _spots(kit, objects)
    assert sum(len(s[4]) for s in spots) == len(objects) > 20
    for x, z, width, depth, there in spots:
        assert abs(x) + width / 2 <= 28 and abs(z) + depth / 2 <= 19, (there[0]["Nickname"], x, z)
        assert len({o["Nickname"] for o in there}) == 1  # a stack holds copies of one piece
        heights = [o["Transform"]["posY"] for o in there]
        assert heights == sorted(set(heights)) and heights[0] == 1.0  # piled up from the table
    for a in range(len(spots)):
        for b in range(a + 1, len(spots)):
            (xa, za, wa, da, _), (xb, zb, wb, db, _) = spots[a], spots[b]
            assert abs(xa - xb) >= (wa + wb) / 2 or abs(za - zb) >= (da + db) / 2  # side by side, not on top
    tokens = [s for s in spots if s[4][0]["Name"] == "Custom_Token"]
    assert any(len(s[4]) > 1 for s in tokens)  # copies stack
    kinds = ["deck" if s[4][0]["Name"] in ("DeckCustom", "Card") else "token"
             if s[4][0]["Nickname"] in {p.name for p in kit.pieces if p.kind == "token"} else "tile"
             for s in sorted(spots, key=lambda s: (-s[1], s[0]))]  # far row first, left to right
    assert kinds == sorted(kinds, key=["deck", "tile", "token"].index)


def test_a_deck_sheet_states_the_resolution_its_pixels_hold(tmp_path):
    """A sheet shrunk to keep within 4096 pixels says the dpi it holds at the card's printed size, not --dpi."""
    kit = Kit("g", "G", "1", tuple(plain_deck(30)))
    _, pictures = export(kit, tmp_path, dpi=300)
    sheet, back = pictures["d-faces.png"], pictures["d-back.png"]
    card = next(p for p in kit.pieces if p.kind == "card")
    held = back.width / (card.width / 25.4)
    assert held < 200  # ten poker cards across at 300 dpi would need 7,440 pixels
    for image in (sheet, back):
        assert image.info["dpi"][0] == pytest.approx(held, abs=0.05)
