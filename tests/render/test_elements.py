"""Templates of placed elements: each kind drawn where its box, anchor, corner, rotation, condition and repeats put
it, bound to the card's data; mistakes in a template are located errors with a did-you-mean."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.packs import err, where

from pnpgen.checks import check_game
from pnpgen.components import layout_kit
from pnpgen.draw.geometry import apply
from pnpgen.draw.primitives import Group, Rect, Text, walk
from pnpgen.draw.primitives import Path as PathItem
from pnpgen.errors import ContentErrors
from pnpgen.load.loader import load_game

GAME = """\
id: el
title: El
players: 2
icons:
  coin: {path: "M10 10 L90 10 L90 90 L10 90 Z"}
suits:
  sun: {name: Sun, colour: "#d4a017", symbol: star}
  sea: {name: Sea, colour: "#1b3a5c", symbol: coin}
decks:
  - id: d
    template: t
    fields:
      rank: {kind: int, index: true, show: false, labels: {1: A, 10: Crown}}
      cost: {kind: icon-counts}
      kind: {kind: text}
    cards:
      - {id: one, name: Harbour, suit: sun, fields: {rank: 1, cost: {coin: 2}, kind: ship}}
      - {id: two, name: Reef, suits: [sun, sea], fields: {rank: 3}}
      - {id: ten, name: Crown, suit: sea, fields: {rank: 10, kind: ship}}
"""


@pytest.fixture(autouse=True)
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test runs in its own folder (errors name files relative to it)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pack(tmp_path: Path, elements: str, more: str = "") -> Path:
    """A pack whose deck's template 't' draws `elements` (YAML lines under 'elements:', indented two spaces)."""
    root = tmp_path / "el"
    (root / "templates").mkdir(parents=True, exist_ok=True)
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "templates" / "t.yaml").write_text(
        f"kind: action-card\nsize: [60mm, 80mm]\nbleed: 3mm\nbackground: '#ffffff'\nink: '#111111'\n{more}"
        f"elements:\n{elements}", encoding="utf-8")
    return root


def faces(root: Path, ink_saver: bool = False) -> dict[str, Group]:
    """Each card's face by card id."""
    kit = layout_kit(load_game(str(root)), ink_saver)
    return {p.id.removeprefix("card-"): p.face for p in kit.pieces if p.kind == "card"}


def drawn(face: Group, kind: type) -> list[tuple]:
    """(primitive, its box on the card) of each primitive of a kind, in drawing order."""
    out = []
    for item, m in walk(face):
        if isinstance(item, kind):
            if isinstance(item, Rect):
                corners = [apply(m, item.x, item.y), apply(m, item.x + item.w, item.y + item.h)]
            elif isinstance(item, Text):
                corners = [apply(m, item.x, item.y)] * 2
            else:
                pts = [apply(m, op[-2], op[-1]) for op in item.ops if len(op) >= 3]
                corners = [(min(x for x, _ in pts), min(y for _, y in pts)), (max(x for x, _ in pts),
                                                                              max(y for _, y in pts))]
            (x0, y0), (x1, y1) = corners
            out.append((item, tuple(round(v, 2) for v in (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)))))
    return out


def texts(face: Group) -> list[str]:
    return [item.text for item, _ in drawn(face, Text)]


def test_a_rect_is_placed_by_its_box_from_each_corner_and_anchor(tmp_path):
    root = pack(tmp_path, """\
  a: {kind: rect, box: [2mm, 3mm, 10mm, 5mm], fill: "#ff0000"}
  b: {kind: rect, from: bottom-right, box: [2mm, 3mm, 10mm, 5mm], fill: "#00ff00", radius: 1mm}
  c: {kind: rect, anchor: bleed, box: [0, 0, 100%, 10%], fill: "#0000ff"}
  d: {kind: rect, anchor: safe, fill: "#333333"}
  e: {kind: rect, anchor: a, place: below, box: [1mm, 2mm, 4mm, 4mm], fill: "#444444"}
  f: {kind: rect, from: center, box: [5mm, 0, 50%, 25%], fill: "#555555"}
""")
    boxes = {item.style.fill: box for item, box in drawn(faces(root)["one"], Rect)}
    assert boxes["#ff0000"] == (2, 3, 10, 5)
    assert boxes["#00ff00"] == (48, 72, 10, 5)  # 2 mm from the right, 3 from the foot of a 60 x 80 card
    assert boxes["#0000ff"] == (-3, -3, 66, 8.6)  # the bleed's box, a tenth of its height
    assert boxes["#333333"] == (3, 3, 54, 74)  # the safe area: 3 mm inside the trim
    assert boxes["#444444"] == (3, 10, 4, 4)  # below 'a', 2 mm down, 1 mm in from its left
    assert boxes["#555555"] == (20, 30, 30, 20)  # centred, then 5 mm right
    (rounded,) = [item for item, _ in drawn(faces(root)["one"], Rect) if item.style.fill == "#00ff00"]
    assert rounded.r == 1


def test_shapes_lines_and_polygons_fill_their_boxes(tmp_path):
    root = pack(tmp_path, """\
  o: {kind: ellipse, box: [10mm, 10mm, 20mm, 10mm], fill: "#ff0000"}
  p: {kind: polygon, box: [0, 40mm, 30mm, 30mm], points: [[0, 0], [100%, 0], [50%, 100%]], fill: "#00ff00"}
  h: {kind: polygon, box: [30mm, 40mm, 20mm, 20mm], sides: 6, fill: "#0000ff"}
  l: {kind: line, box: [5mm, 75mm, 50mm, 0], stroke: "#444444", width: 0.5mm}
""")
    paths = {item.style.fill or item.style.stroke: (item, box) for item, box in drawn(faces(root)["one"], PathItem)}
    assert paths["#ff0000"][1] == (10, 10, 20, 10)
    assert paths["#00ff00"][1] == (0, 40, 30, 30) and len(paths["#00ff00"][0].ops) == 4  # three corners, closed
    hexagon = paths["#0000ff"][0]
    assert len([op for op in hexagon.ops if op[0] in "ML"]) == 6 and paths["#0000ff"][1][1] == 40  # a corner on top
    assert paths["#444444"][1] == (5, 75, 50, 0) and paths["#444444"][0].style.width == 0.5


def test_text_binds_to_the_cards_data_and_a_misspelt_name_is_a_located_error(tmp_path):
    root = pack(tmp_path, """\
  name: {kind: text, box: [3mm, 3mm, 54mm, 8mm], text: "{name} ({suit.name})", size: 10pt}
  rank: {kind: text, box: [3mm, 12mm, 54mm, 8mm], text: "{index} / {rank} / {label.rank}", size: 9pt}
  kind: {kind: text, box: [3mm, 22mm, 50mm, 8mm], text: "{kind}", case: upper, size: 9pt}
""")
    got = faces(root)
    assert texts(got["one"]) == ["Harbour (Sun)", "A / A / Rank", "SHIP"]
    assert texts(got["ten"]) == ["Crown (Sea)", "Crown / Crown / Rank", "SHIP"]
    assert texts(got["two"]) == ["Reef (Sun)", "3 / 3 / Rank"]  # no kind: an empty text draws nothing
    (root / "templates" / "t.yaml").write_text((root / "templates" / "t.yaml").read_text().replace("{kind}", "{knd}"))
    with pytest.raises(ContentErrors) as e:
        faces(root)
    assert [str(x) for x in e.value.errors] == [err(where(root / "templates" / "t.yaml", '"{knd}"'),
                                                    "template 't' element 'kind': {knd} names nothing card 'one' "
                                                    "has (did you mean 'kind'?)")]


def test_conditions_decide_which_elements_a_card_draws(tmp_path):
    root = pack(tmp_path, """\
  ace: {kind: text, box: [3mm, 3mm, 30mm, 8mm], text: ace, when: "rank == 1"}
  low: {kind: text, box: [3mm, 13mm, 30mm, 8mm], text: low, when: "rank > 1 and rank < 10"}
  ship: {kind: text, box: [3mm, 23mm, 30mm, 8mm], text: ship, when: kind}
  landless: {kind: text, box: [3mm, 33mm, 30mm, 8mm], text: no kind, when: not kind}
  many: {kind: text, box: [3mm, 43mm, 30mm, 8mm], text: two suits, when: "suits > 1"}
""")
    got = faces(root)
    assert texts(got["one"]) == ["ace", "ship"]
    assert texts(got["two"]) == ["low", "no kind", "two suits"]
    assert texts(got["ten"]) == ["ship"]


def test_an_element_repeats_for_each_suit_each_entry_and_a_number(tmp_path):
    root = pack(tmp_path, """\
  bands: {kind: rect, box: [0, 0, 60mm, 10mm], each: suits, arrange: row, gap: 0, fill: suit}
  chips: {kind: text, box: [0, 20mm, 60mm, 10mm], each: cost, text: "{count}x{icon}", size: 9pt}
  dots: {kind: ellipse, box: [0, 40mm, 60mm, 10mm], each: rank, arrange: row, gap: 1mm, cells: square,
         fill: "#222222"}
  pips: {kind: icon, box: [10mm, 52mm, 40mm, 25mm], each: rank, arrange: pips, icon: coin, colour: "#010101"}
""")
    got = faces(root)
    bands = [(item.style.fill, box) for item, box in drawn(got["two"], Rect)]
    assert bands == [("#d4a017", (0, 0, 30, 10)), ("#1b3a5c", (30, 0, 30, 10))]  # the band split by its two suits
    assert [box for _, box in drawn(got["one"], Rect)] == [(0, 0, 60, 10)]
    assert texts(got["one"]) == ["2x"]  # (the icon marker draws as the icon, not as text)
    dots = [box for item, box in drawn(got["two"], PathItem) if item.style.fill == "#222222"]
    assert dots == [(0, 40, 10, 10), (11, 40, 10, 10), (22, 40, 10, 10)]  # three squares, packed from the left
    pips = [box for item, box in drawn(got["two"], PathItem) if item.style.fill == "#010101"]
    assert len(pips) == 3 and len({round(b[0], 1) for b in pips}) == 1  # a three: one column, top, middle, foot
    assert pips[0][1] < pips[1][1] < pips[2][1]


def test_an_element_turned_about_the_card_stands_at_the_opposite_corner(tmp_path):
    root = pack(tmp_path, """\
  rank: {kind: text, box: [3mm, 3mm, 10mm, 8mm], text: "{index}", size: 12pt, align: center}
  mark: {kind: rect, box: [3mm, 12mm, 6mm, 6mm], fill: suit}
  rank-turned: {copy: rank, rotate: 180, about: card}
  mark-turned: {copy: mark, rotate: 180, about: card}
  tilt: {kind: rect, box: [20mm, 30mm, 20mm, 10mm], fill: "#abcdef", rotate: 90}
""")
    face = faces(root)["one"]
    marks = [box for item, box in drawn(face, Rect) if item.style.fill == "#d4a017"]
    assert marks == [(3, 12, 6, 6), (51, 62, 6, 6)]  # 60 - 3 - 6, 80 - 12 - 6
    (a, at), (b, bt) = [(item, box) for item, box in drawn(face, Text)]
    assert a.text == b.text == "A" and (bt[0], bt[1]) == (round(60 - at[0], 2), round(80 - at[1], 2))
    assert [box for item, box in drawn(face, Rect) if item.style.fill == "#abcdef"] == [(25, 25, 10, 20)]


def test_icons_suit_symbols_and_a_packs_own_icon_as_a_suits_symbol(tmp_path):
    root = pack(tmp_path, """\
  suit: {kind: icon, box: [3mm, 3mm, 10mm, 10mm]}
  coin: {kind: icon, box: [20mm, 3mm, 10mm, 10mm], icon: coin, colour: "#ff0000", scale: 0.5}
""")
    got = faces(root)
    sea = [(item.style.fill, box) for item, box in drawn(got["ten"], PathItem)]
    assert sea[0] == ("#1b3a5c", (4, 4, 8, 8))  # the pack's own square path, in the suit's colour
    assert sea[1] == ("#ff0000", (23, 6, 4, 4))  # half the box, centred
    assert [label for label in _labels(got["ten"])][:1] == ["symbol coin"]


def _labels(group: Group) -> list[str]:
    out = []
    for item in group.items:
        if isinstance(item, Group):
            if item.label:
                out.append(item.label)
            out += _labels(item)
    return out


def test_colours_bound_to_data_and_the_low_ink_kit(tmp_path):
    root = pack(tmp_path, """\
  band: {kind: rect, box: [0, 0, 60mm, 10mm], fill: suit}
  light: {kind: rect, box: [0, 10mm, 60mm, 10mm], fill: suit.light, saver: keep}
  words: {kind: text, box: [2mm, 1mm, 50mm, 8mm], text: "{name}", colour: "on:suit"}
  kept: {kind: rect, box: [0, 30mm, 10mm, 10mm], fill: "#123456", saver: keep}
  gone: {kind: rect, box: [0, 45mm, 10mm, 10mm], fill: "#123456", saver: hide}
  outlined: {kind: rect, box: [0, 60mm, 10mm, 10mm], fill: "#123456", saver: outline}
""")
    full, low = faces(root)["ten"], faces(root, ink_saver=True)["ten"]
    fills = [item.style.fill for item, _ in drawn(full, Rect)]
    assert fills[:2] == ["#1b3a5c", "#c6ced6"] and fills[2:] == ["#123456"] * 3
    assert [item.colour for item, _ in drawn(full, Text)] == ["#ffffff"]  # white on the dark suit
    low_rects = drawn(low, Rect)
    assert low_rects[0][0].style.fill not in ("#1b3a5c", None)  # a light tint of the suit, to save ink
    assert [item.colour for item, _ in drawn(low, Text)] != ["#ffffff"]  # dark on the tint
    assert [box for _, box in low_rects].count((0, 45, 10, 10)) == 0  # hidden in the low-ink kit
    outlined = [item for item, box in low_rects if box == (0, 60, 10, 10)][0]
    assert outlined.style.fill == "#ffffff" and outlined.style.stroke is not None


def test_a_template_extends_another_element_by_element(tmp_path):
    root = pack(tmp_path, "  keep: {kind: rect, box: [0, 0, 5mm, 5mm], fill: '#111111'}\n")
    (root / "templates" / "base.yaml").write_text(
        "kind: action-card\nsize: [60mm, 80mm]\nelements:\n"
        "  paper: {kind: rect, anchor: bleed, fill: '#ffffff', saver: keep}\n"
        "  index: {kind: text, box: [3mm, 3mm, 10mm, 8mm], text: '{index}'}\n"
        "  footer: {kind: rect, from: bottom-left, box: [0, 0, 100%, 6mm], fill: suit}\n", encoding="utf-8")
    (root / "templates" / "t.yaml").write_text(
        "kind: action-card\nextends: base\nelements:\n"
        "  footer: null\n"
        "  index: {box: [40mm, 3mm, 10mm, 8mm]}\n"
        "  pip: {kind: ellipse, box: [25mm, 35mm, 10mm, 10mm], fill: suit}\n", encoding="utf-8")
    face = faces(root)["one"]
    assert [box for _, box in drawn(face, Rect)] == [(-3, -3, 66, 86)]  # the footer dropped
    ((index, box),) = drawn(face, Text)
    assert index.text == "A" and box[0] == 40  # moved, its other parameters kept
    assert [box for item, box in drawn(face, PathItem) if item.style.fill == "#d4a017"] == [(25, 35, 10, 10)]


@pytest.mark.parametrize(("line", "needle", "message"), [
    ("  a: {kind: rect, fil: '#ff0000'}", "fil:", "template 't' element 'a': unknown parameter 'fil' for a rect "
                                                  "(did you mean 'fill'?)"),
    ("  a: {kind: rectangle}", "rectangle", "template 't' element 'a': unknown kind 'rectangle' (expected one of: "),
    ("  a: {kind: rect, box: [1, 2, 3]}", "[1, 2, 3]", "template 't' element 'a': 'box' must be [x, y, width, "
                                                       "height]: lengths, or percentages of the anchor ('50%'), got "),
    ("  a: {kind: rect, anchor: nowhere}", "nowhere", "template 't' element 'a': 'anchor' must be trim, bleed, safe "
                                                      "or an element drawn before it, got 'nowhere'"),
    ("  a: {kind: rect, fill: sunn}", "sunn", "template 't' element 'a': 'fill' unknown colour 'sunn'"),
    ("  a: {kind: text, when: 'rank ='}", "'rank ='", "template 't' element 'a': 'when' cannot read the condition"),
    ("  a: {kind: rect, from: top-centre}", "top-centre", "template 't' element 'a': 'from' unknown value "
                                                           "'top-centre' (expected one of: top-left, top, "),
])
def test_a_mistake_in_an_element_is_one_located_error(tmp_path, line, needle, message):
    root = pack(tmp_path, line + "\n")
    with pytest.raises(ContentErrors) as e:
        faces(root)
    (got,) = [str(x) for x in e.value.errors]
    assert got.startswith(err(where(root / "templates" / "t.yaml", needle), message)), got


def test_a_card_of_two_suits_counts_in_each_and_is_told_by_its_suits_in_check(tmp_path):
    root = pack(tmp_path, "  suit: {kind: icon, box: [5mm, 5mm, 10mm, 20mm], each: suits, arrange: column}\n")
    report = check_game(load_game(str(root)), layout=True)
    assert report.summary == "el: 3 cards (2 sun, 2 sea) — OK", report.lines()
    kit = layout_kit(load_game(str(root)))
    (two,) = [p for p in kit.pieces if p.id == "card-two"]
    assert [(k.member, k.mark) for k in two.keys] == [("suit 'sun'", "symbol star"), ("suit 'sea'", "symbol coin")]


def test_suit_colours_with_no_legible_symbol_must_differ_in_grey(tmp_path):
    # a band coloured by suit and nothing else to tell the suits: two colours of equal lightness are a warning
    root = pack(tmp_path, "  band: {kind: rect, box: [0, 0, 60mm, 10mm], fill: suit}\n"
                          "  tiny: {kind: icon, box: [1mm, 1mm, 2mm, 2mm]}\n")
    game = root / "game.yaml"
    game.write_text(game.read_text().replace('"#1b3a5c", symbol: coin', '"#2e8b57", symbol: coin')
                    .replace('"#d4a017", symbol: star', '"#c04a3a", symbol: star'))
    found = [str(w) for w in check_game(load_game(str(root)), layout=True).warnings]
    assert any("suits on the cards: suit 'sun'" in w and "differ by colour alone" in w for w in found), found
    (root / "templates" / "t.yaml").write_text((root / "templates" / "t.yaml").read_text().replace(
        "box: [1mm, 1mm, 2mm, 2mm]", "box: [1mm, 1mm, 6mm, 6mm]"))  # a symbol large enough to read
    found = [str(w) for w in check_game(load_game(str(root)), layout=True).warnings]
    assert not any("differ by colour alone" in w for w in found), found


def test_a_group_places_turns_and_hides_its_elements_together(tmp_path):
    root = pack(tmp_path, """\
  corner:
    kind: group
    box: [5mm, 5mm, 20mm, 20mm]
    rotate: 90
    when: "rank == 1"
    elements:
      dot: {kind: rect, anchor: group, box: [0, 0, 5mm, 5mm], fill: "#ff0000"}
""")
    got = faces(root)
    assert [box for item, box in drawn(got["one"], Rect) if item.style.fill == "#ff0000"] == [(20, 5, 5, 5)]
    assert not [1 for item, _ in drawn(got["two"], Rect) if item.style.fill == "#ff0000"]


def test_the_classic_card_is_elements_a_pack_can_drop_one_by_one(tmp_path, monkeypatch):
    from kit.packs import copy_pack, edit

    monkeypatch.chdir(tmp_path)
    root = copy_pack(tmp_path / "ns", "narrow-seas")
    (root / "templates").mkdir(exist_ok=True)
    (root / "templates" / "quiet.yaml").write_text(
        "kind: action-card\nextends: action-card\nelements:\n  footer: null\n"
        "  pip: {kind: ellipse, from: bottom-right, box: [4mm, 4mm, 5mm, 5mm], fill: suit}\n", encoding="utf-8")
    before = faces(root)["yellow-reach"]
    edit(root / "cards.yaml", "  count: 22\n  template: sea-card", "  count: 22\n  template: quiet")
    after = faces(root)["yellow-reach"]
    assert "YELLOW" in texts(before) and "YELLOW" not in texts(after)  # the footer's suit name is gone
    assert [box for item, box in drawn(after, PathItem) if item.style.fill == "#F0C020"][-1] == (54, 79, 5, 5)
    footer = ["YELLOW", "v2026.01", "Reach"]  # its suit name, version and the name the pack's own template turns
    kept = texts(before)
    for word in footer:
        del kept[len(kept) - 1 - kept[::-1].index(word)]
    assert texts(after) == kept  # all else as it was

