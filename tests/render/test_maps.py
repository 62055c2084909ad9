"""Hex and square maps: every location a board declares is printed (PDF text and SVG) or refused at its line; hexes
laid out by the board template's elements (terrain, slots, text bound to the location); rivers along sides and track
across hexes where the geometry puts them; hexes named E2; pointy-top boards."""

from __future__ import annotations

import math
import re
import subprocess
from pathlib import Path

import pytest
from kit.packs import err, errors_of, where

from pnpgen.components import layout_kit
from pnpgen.draw.geometry import apply
from pnpgen.draw.primitives import Circle, Drawing, Group, Text, walk
from pnpgen.draw.primitives import Path as PathItem
from pnpgen.load.loader import load_game
from pnpgen.maths.hexgrid import centre_of, side_middle
from pnpgen.maths.hexnames import hex_name, parse_hex_name
from pnpgen.render.pdf import write_pdf
from pnpgen.render.svg import write_svg

GAME = """\
id: mp
title: Maps
players: 2
icons:
  anchor-mark: {path: "M10 10 L90 10 L90 90 L10 90 Z"}
suits:
  plain: {name: Plain, colour: "#c8d8a0", symbol: circle}
  sea: {name: Sea, colour: "#4a90d9", symbol: diamond}
terrain:
  hills: {colour: "#8a6d3b", icon: anchor-mark, text: "Costs 40 to build."}
  forest: {colour: "#2f7d32", text: "Costs 20 to build."}
boards: boards.yaml
"""

# The location every board declares: each field that prints, with a value found nowhere else on the board.
LOCATION = ("{id: ashford, name: Ashford Cross, text: Harbour of Wexley, value: 37, cost: 64, slots: 2, "
            "icon: anchor-mark, colour: '#aa2222', slot_size: [6, 6]")

BOARDS = {
    "hex": f"""\
- id: map
  hexes: [[0, 0, plain], [1, 0], [0, 1, sea, hills, forest], [1, 1, forest]]
  locations:
    - {LOCATION}, at: [1, 0]}}
""",
    "pointy": f"""\
- id: map
  orientation: pointy
  hexes: [[0, 0, plain], [1, 0], [0, 1, sea]]
  locations:
    - {LOCATION}, at: [1, 0]}}
""",
    "named": f"""\
- id: map
  hex_names: letter-column
  hexes: [[A1, plain], [B1], [B2, sea], [C1]]
  locations:
    - {LOCATION}, at: B1}}
""",
    "square": f"""\
- id: map
  grid: square
  width: 3
  height: 2
  cell_size_mm: 30
  cells: [[0, 0, plain], [2, 1, hills]]
  locations:
    - {LOCATION}, at: [1, 0]}}
""",
    "none": f"""\
- id: map
  grid: none
  locations:
    - {LOCATION}, at: [0, 0]}}
""",
}
PRINTED = ("Ashford Cross", "Harbour of Wexley", "37", "64")


@pytest.fixture(autouse=True)
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test runs in its own folder (errors name files relative to it)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pack(tmp_path: Path, boards: str, template: str = "") -> Path:
    """A pack with these boards (and a board template of its own extending pnpgen's, if given)."""
    root = tmp_path / "mp"
    root.mkdir(exist_ok=True)
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "boards.yaml").write_text(boards, encoding="utf-8")
    if template:
        (root / "templates").mkdir(exist_ok=True)
        (root / "templates" / "board.yaml").write_text("kind: board\nextends: board\n" + template,
                                                       encoding="utf-8")
    return root


def board_face(root: Path) -> Group:
    """The board's face as laid out."""
    assert errors_of(root) == []
    kit = layout_kit(load_game(str(root)), False)
    return next(p.face for p in kit.pieces if p.kind == "board")


def board_piece(root: Path):
    kit = layout_kit(load_game(str(root)), False)
    return next(p for p in kit.pieces if p.kind == "board")


def texts(face: Group) -> list[tuple[str, float, float, float]]:
    """(text, x, y, size) of every line of text drawn, on the board."""
    out = []
    for item, m in walk(face):
        if isinstance(item, Text):
            x, y = apply(m, item.x, item.y)
            out.append((item.text, round(x, 2), round(y, 2), item.size))
    return out


def printed_text(face: Group, size, tmp_path: Path) -> tuple[str, str]:
    """The board as pdftotext reads its PDF page, and its SVG's text."""
    page = Drawing(size[0], size[1], face)
    pdf = tmp_path / "board.pdf"
    pdf.write_bytes(write_pdf([page]))
    words = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(words.split()), write_svg(page).decode("utf-8")


@pytest.mark.parametrize("kind", sorted(BOARDS))
def test_a_location_on_every_kind_of_board_prints_its_name_text_value_and_cost(kind, tmp_path):
    piece = board_piece(pack(tmp_path, BOARDS[kind]))
    pdf_text, svg = printed_text(piece.face, piece.size, tmp_path)
    svg_text = " ".join(re.findall(r'aria-label="([^"]*)"', svg))  # (the SVG's text is glyph outlines)
    for words in PRINTED:
        assert words in pdf_text, (kind, words)
        assert words in svg_text, (kind, words)


@pytest.mark.parametrize("kind", ["hex", "pointy", "named", "square"])
def test_a_location_on_a_grid_prints_its_slots_as_circles_of_its_slot_size_in_its_colour_and_its_icon(
        kind, tmp_path):
    face = board_face(pack(tmp_path, BOARDS[kind]))
    slots = [item for item, _ in walk(face) if isinstance(item, Circle) and item.style.stroke == "#aa2222"]
    assert len(slots) == 2
    assert all(math.isclose(c.r, 3.0) for c in slots)  # slot_size [6, 6]: circles 6 mm across
    assert abs(slots[0].cy - slots[1].cy) < 1e-6 and abs(slots[1].cx - slots[0].cx) > 6.0  # side by side
    without = board_face(pack(tmp_path, BOARDS[kind].replace("icon: anchor-mark, ", "")))
    assert len(list(walk(face))) > len(list(walk(without)))  # the icon drew something


def test_a_location_with_no_place_on_a_grid_is_refused_at_the_location(tmp_path):
    root = pack(tmp_path, BOARDS["hex"].replace(", at: [1, 0]}", "}"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "{id: ashford"),
                                   "board 'map' location 'ashford': a location on a hex grid needs 'at', the hex it "
                                   "is printed on")]
    root = pack(tmp_path, BOARDS["square"].replace(", at: [1, 0]}", "}"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "{id: ashford"),
                                   "board 'map' location 'ashford': a location on a square grid needs 'at', the "
                                   "square it is printed on")]


def test_two_locations_on_one_space_and_a_picture_on_a_grid_are_refused_at_the_line(tmp_path):
    root = pack(tmp_path, BOARDS["hex"] + "    - {id: wexley, at: [1, 0]}\n")
    assert errors_of(root) == [err(where(root / "boards.yaml", "wexley, at: [1, 0]", 12),
                                   "board 'map' location 'wexley': [1, 0] already holds location 'ashford' (one "
                                   "location a space: give it more slots)")]
    root = pack(tmp_path, BOARDS["hex"].replace("slots: 2,", "slots: 2, image: a.png,"))
    assert any("a location's picture prints in its box on a board of locations only" in e for e in errors_of(root))


def test_a_location_off_the_grid_is_refused(tmp_path):
    root = pack(tmp_path, BOARDS["hex"].replace("at: [1, 0]", "at: [5, 5]"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "{id: ashford"),
                                   "board 'map' location 'ashford': [5, 5] is not a hex of the board")]
    root = pack(tmp_path, BOARDS["square"].replace("at: [1, 0]", "at: [3, 0]"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "[3, 0]"),
                                   "board 'map' location 'ashford': [3, 0] is not a square of the board")]


def test_a_hex_without_a_suit_checks_and_prints_plain(tmp_path):
    face = board_face(pack(tmp_path, "- id: map\n  hexes: [[0, 0, plain], [1, 0]]\n"))
    shown = [t for t, *_ in texts(face)]
    assert "0,0" in shown and "1,0" in shown


def test_a_hex_with_two_terrain_features_draws_both_and_one_with_none_draws_none(tmp_path):
    one = board_face(pack(tmp_path, "- id: map\n  hexes: [[0, 0, sea, hills, forest]]\n"))
    bare = board_face(pack(tmp_path, "- id: map\n  hexes: [[0, 0, sea]]\n"))
    hills = board_face(pack(tmp_path, "- id: map\n  hexes: [[0, 0, sea, hills]]\n"))

    def discs(face):
        return [(round(c.cx, 2), round(c.cy, 2)) for c, _ in walk(face) if isinstance(c, Circle)]
    assert discs(bare) == []
    assert len(discs(hills)) == 1
    both = discs(one)
    assert len(both) == 2 and both[0][1] == both[1][1] and both[0][0] < both[1][0]  # side by side
    assert "F" in [t for t, *_ in texts(one)]  # forest has no icon: its initial


def test_an_unknown_or_second_suit_on_a_hex_is_refused_at_the_name(tmp_path):
    root = pack(tmp_path, "- id: map\n  hexes: [[0, 0, sea, hils]]\n")
    assert errors_of(root) == [err(where(root / "boards.yaml", "hils"), "board 'map': hex [0, 0]: unknown suit or "
                                   "terrain 'hils' (expected one of: plain, sea, hills, forest) (did you mean "
                                   "'hills'?)")]
    root = pack(tmp_path, "- id: map\n  hexes: [[0, 0, sea, plain]]\n")
    assert errors_of(root) == [err(where(root / "boards.yaml", "plain]"), "board 'map': hex [0, 0]: a second suit "
                                   "'plain' (a hex has one suit; its other names are terrain)")]


RIVER = """\
- id: map
  hex_size_mm: 30
  hexes: [[0, 0, plain], [1, 0], [0, 1], [1, -1]]
  features:
    - {kind: river, at: [0, 0], sides: [S, SE]}
    - {kind: track, at: [1, 0], joins: [[NW, S], [N, centre]]}
"""


def test_a_river_runs_along_the_two_sides_it_names_and_track_joins_sides_where_the_geometry_says(tmp_path):
    root = pack(tmp_path, RIVER, "hex: {pips: null, symbol: null, coordinate: null}\ncompass: 0\n")
    face = board_face(root)
    piece = board_piece(root)
    s = 30 / math.sqrt(3)
    ox, oy = piece.lattice.origin
    strokes = [(item, m) for item, m in walk(face) if isinstance(item, PathItem) and item.style.stroke]
    river = [[apply(m, op[-2], op[-1]) for op in item.ops if len(op) >= 3] for item, m in strokes
             if item.style.stroke == "#2f6fb5"]
    assert len(river) == 2
    c = (ox, oy)
    for pts, angle in zip(river, (90, 30)):  # S, then SE: from corner to corner of that side
        mid = ((pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2)
        want = (c[0] + s * math.sqrt(3) / 2 * math.cos(math.radians(angle)),
                c[1] + s * math.sqrt(3) / 2 * math.sin(math.radians(angle)))
        assert math.dist(mid, want) < 0.01
        assert math.isclose(math.dist(pts[0], pts[-1]), s, rel_tol=1e-6)
    track = [[apply(m, op[-2], op[-1]) for op in item.ops if len(op) >= 3] for item, m in strokes
             if item.style.stroke == "#1a1a1a"]
    assert len(track) == 2
    centre = (ox + centre_of((1, 0), s)[0], oy + centre_of((1, 0), s)[1])
    curve, spoke = track
    assert math.dist(curve[0], side_middle(centre, s, 5)) < 0.01  # from the NW side ...
    assert math.dist(curve[-1], side_middle(centre, s, 3)) < 0.01  # ... curving to the S side
    assert len(curve) == 2  # (one cubic: its start, then its end with the controls)
    assert math.dist(spoke[0], side_middle(centre, s, 0)) < 0.01 and math.dist(spoke[-1], centre) < 0.01


def test_a_feature_on_a_side_the_hex_has_not_or_off_the_board_is_refused(tmp_path):
    root = pack(tmp_path, RIVER.replace("sides: [S, SE]", "sides: [S, E]"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "sides: [S, E]", 7),
                                   "board 'map' feature #1: unknown side 'E' (this board's hexes are flat-top: sides "
                                   "N, NE, SE, S, SW, NW; a join may also end at centre) (did you mean 'SE'?)")]
    root = pack(tmp_path, RIVER.replace("{kind: river, at: [0, 0], sides: [S, SE]}",
                                        "{kind: river, at: [0, 0], joins: [[S, N]]}"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "joins: [[S, N]]", 7),
                                   "board 'map' feature #1: a river runs along hex sides: give 'sides', not 'joins'")]
    root = pack(tmp_path, RIVER.replace("at: [1, 0], joins", "at: [4, 0], joins"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "[4, 0]"),
                                   "board 'map' feature #2: [4, 0] is not a hex of the board")]


def test_lettered_hex_names_are_read_in_content_and_printed(tmp_path):
    root = pack(tmp_path, BOARDS["named"])
    game = load_game(str(root))
    board = game.boards[0]
    assert [h.qr for h in board.hexes] == [(0, 0), (1, 0), (1, 1), (2, -1)]  # A1 B1 B2 C1, odd columns lower
    assert board.locations[0].at == (1, 0)
    shown = [t for t, *_ in texts(board_face(root))]
    assert {"A1", "B1", "B2", "C1"} <= set(shown) and "0,0" not in shown
    root = pack(tmp_path, BOARDS["named"].replace("  hex_names: letter-column\n", ""))
    assert errors_of(root)[0] == err(where(root / "boards.yaml", "[A1"), "board 'map': hex 'A1' names no space: "
                                     "write [q, r], or give the board hex_names: letter-column or letter-row to "
                                     "name hexes like A1")


@pytest.mark.parametrize("pointy", [False, True])
@pytest.mark.parametrize("offset", ["odd", "even"])
@pytest.mark.parametrize("scheme", ["letter-column", "letter-row"])
def test_hex_names_read_back_as_the_hex_they_name(scheme, offset, pointy):
    seen = set()
    for q in range(0, 8):
        for r in range(-4, 8):
            name = hex_name((q, r), scheme, offset, pointy)
            if name:
                seen.add(name)
                assert parse_hex_name(name, scheme, offset, pointy) == (q, r)
    assert len(seen) > 40
    assert hex_name((4, -1), "letter-column", "odd", False) == "E2"
    assert hex_name((0, 1), "letter-row", "odd", True) == "B1"


def test_a_pointy_top_board_puts_its_hexes_corner_up_in_rows(tmp_path):
    root = pack(tmp_path, BOARDS["pointy"], "compass: 0\n")
    piece = board_piece(root)
    assert piece.lattice.kind == "hex-pointy"
    face = piece.face
    outlines = [[apply(m, op[-2], op[-1]) for op in item.ops if len(op) >= 3] for item, m in walk(face)
                if isinstance(item, PathItem) and item.style.fill and len(item.ops) == 7]
    assert len(outlines) == 3
    top = min(outlines[0], key=lambda p: p[1])
    others = sorted(outlines[0], key=lambda p: p[1])
    assert abs(top[0] - sum(p[0] for p in outlines[0]) / 6) < 0.01  # a corner straight up
    assert others[1][1] > top[1] + 1  # (only one corner at the top)
    coords = {t: (x, y) for t, x, y, _ in texts(face) if re.fullmatch(r"-?\d+,-?\d+", t)}
    assert math.isclose(coords["0,0"][1], coords["1,0"][1])  # [0, 0] and [1, 0] side by side in a row
    assert coords["0,1"][1] > coords["0,0"][1] + 10


def test_a_pack_drops_the_bundled_symbol_pips_and_coordinates(tmp_path):
    boards = "- id: map\n  hexes: [[0, 0, plain], [1, 0, sea]]\n"
    full = board_face(pack(tmp_path, boards))
    bare = board_face(pack(tmp_path, boards, "hex: {symbol: null, pips: null, coordinate: null}\n"
                                             "board: {compass: null}\n"))
    assert "0,0" in [t for t, *_ in texts(full)] and "0,0" not in [t for t, *_ in texts(bare)]
    assert "N" in [t for t, *_ in texts(full)] and "N" not in [t for t, *_ in texts(bare)]  # the compass
    assert len(list(walk(bare))) < len(list(walk(full))) - 8  # eight symbols fewer, at least


def test_a_hex_template_binds_text_to_the_hexs_data(tmp_path):
    template = ("hex:\n  revenue: {kind: text, text: 'R{value}/{coordinate}/{terrain}', box: [0, 0, 100%, 20%], "
                "size: 7pt}\n")
    boards = BOARDS["hex"]
    shown = [t for t, *_ in texts(board_face(pack(tmp_path, boards, template)))]
    assert "R37/1,0/" in shown and "R/0,1/Hills, Forest" in shown
    bad = pack(tmp_path, boards, "hex:\n  revenue: {kind: text, text: '{valeu}'}\n")
    assert any("{valeu} names nothing" in e and "did you mean 'value'" in e for e in errors_of(bad) or
               _built_errors(bad))


def _built_errors(root: Path) -> list[str]:
    from pnpgen.errors import ContentErrors
    try:
        layout_kit(load_game(str(root)), False)
    except ContentErrors as e:
        return [str(x) for x in e.errors]
    return []


def test_a_field_of_a_hex_board_on_another_grid_is_refused(tmp_path):
    root = pack(tmp_path, BOARDS["square"].replace("cell_size_mm: 30\n", "cell_size_mm: 30\n  hex_names: "
                                                                         "letter-row\n"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "letter-row"), "board 'map': field 'hex_names' "
                                   "belongs to a hex grid (this board has grid: square)")]


# How each field a board or a location declares reaches the print (or is refused), and the test that shows it.
LOCATION_FIELDS = {
    "id": "names the location in messages", "name": "printed: test_a_location_on_every_kind_of_board...",
    "text": "printed: same", "value": "printed: same", "cost": "printed: same",
    "slots": "circles: test_a_location_on_a_grid_prints_its_slots...", "slot_size": "their size: same",
    "colour": "their outline: same", "icon": "drawn: same", "at": "its space: same; refused without: "
    "test_a_location_with_no_place_on_a_grid...", "image": "refused on a grid: test_two_locations_on_one_space...",
}
BOARD_FIELDS = {
    "id", "name", "hexes", "hex_size_mm", "orientation", "starts", "grid", "width", "height", "cell_size_mm", "wrap",
    "cells", "locations", "provisional", "image", "art", "hex_names", "offset", "features", "off_board",
    "tiles",
    "values", "zones",  # a square grid's numbers and zones: printed or refused, tests/render/test_value_grid.py
}


def test_every_field_of_a_board_and_a_location_is_accounted_for():
    from pnpgen.model import Board, Location
    from pnpgen.source.declare import declarations
    assert {d.key for d in declarations(Location)} == set(LOCATION_FIELDS)
    assert {d.key for d in declarations(Board)} == BOARD_FIELDS


def test_hex_names_place_starts_and_art_and_a_name_off_the_board_is_refused(tmp_path):
    boards = ("- id: map\n  hex_names: letter-column\n  hexes: [[A1, plain], [B1], [B2, sea]]\n"
              "  starts: {ship: B2}\n")
    game = load_game(str(pack(tmp_path, boards)))
    assert dict(game.boards[0].starts) == {"ship": (1, 1)}
    root = pack(tmp_path, boards.replace("ship: B2", "ship: D9"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "D9"),
                                   "board 'map': start of 'ship' [3, 7] is not a hex of the board")]
    root = pack(tmp_path, boards.replace("ship: B2", "ship: B0"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "B0"), "board 'map': start of 'ship' 'B0' names no "
                                   "space: hexes here are named as hex_names: letter-column names them (a letter "
                                   "and a number, E2)")]


def test_a_square_board_draws_its_location_over_the_square_it_is_at(tmp_path):
    root = pack(tmp_path, BOARDS["square"])
    piece = board_piece(root)
    ox, oy = piece.lattice.origin
    at = {t: (x, y) for t, x, y, _ in texts(piece.face)}
    x, y = at["Ashford"] if "Ashford" in at else at["Ashford Cross"]
    assert ox + 30 < x < ox + 60 and oy < y < oy + 30  # square [1, 0], 30 mm a side


OFF_BOARD = """\
- id: map
  hex_size_mm: 30
  hexes: [[0, 0, plain], [1, 0]]
  off_board:
    - {at: [0, 0], side: NW, name: Westport Reach, values: [20, 30, 40], colour: '#225588'}
"""


def test_an_off_board_area_prints_beyond_the_side_with_its_values_and_an_arrow_to_that_side(tmp_path):
    root = pack(tmp_path, OFF_BOARD, "compass: 0\n")
    piece = board_piece(root)
    pdf_text, svg = printed_text(piece.face, piece.size, tmp_path)
    for words in ("Westport Reach", "20", "30", "40"):
        assert words in pdf_text and words in " ".join(re.findall(r'aria-label="([^"]*)"', svg))
    s = 30 / math.sqrt(3)
    ox, oy = piece.lattice.origin
    assert ox > 30 and oy > 20  # room on the board's piece for the area up and left of hex [0, 0]
    heads = [[apply(m, op[1], op[2]) for op in item.ops if len(op) == 3] for item, m in walk(piece.face)
             if isinstance(item, PathItem) and item.style.fill == "#225588" and len(item.ops) == 4]
    assert len(heads) == 1
    tip = heads[0][0]
    assert math.dist(tip, side_middle((ox, oy), s, 5)) < 0.01  # the arrow's point at hex [0, 0]'s NW side


def test_an_off_board_area_where_the_board_has_a_hex_or_on_no_side_is_refused(tmp_path):
    root = pack(tmp_path, OFF_BOARD.replace("side: NW", "side: SE"))
    assert errors_of(root) == [err(where(root / "boards.yaml", "SE"), "board 'map' off-board area #1: side SE of "
                                   "[0, 0] has a hex of the board beyond it ([1, 0]): an off-board area goes beyond "
                                   "the edge")]
    root = pack(tmp_path, OFF_BOARD.replace("side: NW", "side: W"))
    assert errors_of(root)[0].startswith(err(where(root / "boards.yaml", "W,"), "board 'map' off-board area #1: "
                                                                                "unknown side 'W'"))


TILES = """\
- id: map
  hex_size_mm: 30
  hexes: [[0, 0, plain], [1, 0]]
  features:
    - {kind: track, at: [1, 0], joins: [[NW, S], [N, centre]]}
  tiles:
    - {id: "57", count: 3, colour: '#f2d94e', joins: [[NW, S], [N, centre]], slots: 1, value: 20, name: Kell}
"""


def _track(face: Group, centre) -> list[list[tuple[float, float]]]:
    """The track's strokes on a face, as points relative to a hex's centre."""
    return [[(round(x - centre[0], 3), round(y - centre[1], 3)) for x, y in
             [apply(m, op[-2], op[-1]) for op in item.ops if len(op) >= 3]]
            for item, m in walk(face) if isinstance(item, PathItem) and item.style.stroke == "#1a1a1a"]


def test_a_tile_prints_its_track_like_the_same_hex_on_the_map_with_its_number_value_and_slots(tmp_path):
    root = pack(tmp_path, TILES, "compass: 0\n")
    kit = layout_kit(load_game(str(root)), False)
    board = next(p for p in kit.pieces if p.kind == "board")
    tile = next(p for p in kit.pieces if p.id == "tile-map-57")
    s = 30 / math.sqrt(3)
    assert tile.count == 3 and tile.cut == "outline" and tile.kind == "token"
    assert math.isclose(tile.size[0], 2 * s) and tile.size[1] == 30  # the board's hex
    ox, oy = board.lattice.origin
    on_map = _track(board.face, (ox + centre_of((1, 0), s)[0], oy + centre_of((1, 0), s)[1]))
    on_tile = _track(tile.face, (s, 15))
    assert len(on_tile) == 2 and on_tile == on_map
    shown = [t for t, *_ in texts(tile.face)]
    assert {"57", "20", "Kell"} <= set(shown)
    slots = [c for c, _ in walk(tile.face) if isinstance(c, Circle) and math.isclose(c.cx, s, abs_tol=0.01)]
    assert len(slots) == 1
    fills = {item.style.fill for item, _ in walk(tile.face) if isinstance(item, PathItem) and len(item.ops) == 7}
    assert any(f and f != "#ffffff" and f.lower() != "#f2d94e" for f in fills)  # a tint of its colour


def test_a_tile_joining_a_side_the_hex_has_not_is_refused(tmp_path):
    root = pack(tmp_path, TILES.replace("joins: [[NW, S], [N, centre]], slots", "joins: [[W, S]], slots"))
    assert errors_of(root)[0].startswith(err(where(root / "boards.yaml", "joins: [[W, S]]", 7),
                                             "board 'map' tile '57': unknown side 'W'"))


def test_the_compass_is_an_element_a_box_places(tmp_path):
    boards = "- id: map\n  hexes: [[0, 0, plain], [1, 0, sea]]\n"
    face = board_face(pack(tmp_path, boards, "board:\n  compass: {box: [5mm, 5mm, 20mm, 20mm], from: top-left}\n"))
    north = [(x, y) for t, x, y, _ in texts(face) if t == "N"]
    assert len(north) == 1 and 5 < north[0][0] < 25 and 5 < north[0][1] < 25  # above the middle of its box
    root = pack(tmp_path, boards, "board:\n  compass: {box: [5mm, 5mm, 20mm, 20mm], colour: red}\n")
    assert any("unknown parameter 'colour' for a compass" in e for e in _built_errors(root))
