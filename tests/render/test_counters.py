"""Counters laid out like cards: a token's template places elements bound to its data (its fields, its back
fields on its back), values in its corners; the classic token face is an element a template keeps or drops."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.packs import err, errors_of, where
from test_elements import drawn

from pnpgen.cli import main
from pnpgen.components import layout_kit
from pnpgen.draw.primitives import Group, Text
from pnpgen.draw.primitives import Path as PathItem
from pnpgen.errors import ContentErrors
from pnpgen.load.loader import load_game

GAME = """\
id: ct
title: Counters
players: 2
icons:
  foot: {path: "M10 20 L90 20 L90 80 L10 80 Z"}
suits:
  red: {name: Red, colour: "#c0392b", symbol: square}
tokens:
  - {id: foot, name: 1st Foot, kind: unit, colour: "#c0392b", size: 20, template: counter,
     fields: {unit: foot, attack: 4, defence: 5, move: 3, cost: 2}, back_fields: {attack: 2}}
  - {id: guns, name: Guns, kind: unit, colour: "#c0392b", size: 20, template: counter,
     fields: {unit: foot, attack: 7, defence: 1, move: 2}}
  - {id: coin, name: Coin, kind: chit, colour: "#e0c060", size: 16, label: Coin}
"""

COUNTER = """\
kind: token
extends: token
elements:
  face: null
  name: {kind: text, box: [1mm, 1mm, 12mm, 4mm], text: "{name}", size: 6pt, bold: true, colour: "on:{colour}"}
  cost: {kind: ellipse, from: top-right, box: [1mm, 1mm, 4mm, 4mm], stroke: "on:{colour}", when: cost}
  cost-value: {kind: text, anchor: cost, text: "{cost}", size: 7pt, align: center, valign: middle, when: cost}
  symbol: {kind: icon, from: center, box: [0, 0, 8mm, 6mm], icon: "{unit}", colour: "on:{colour}"}
  attack: {kind: text, from: bottom-left, box: [1mm, 1mm, 5mm, 5mm], text: "{attack}", size: 10pt,
           valign: bottom}
  defence: {kind: text, from: bottom, box: [0, 1mm, 5mm, 5mm], text: "{defence}", size: 10pt, align: center,
            valign: bottom}
  move: {kind: text, from: bottom-right, box: [1mm, 1mm, 5mm, 5mm], text: "{move}", size: 10pt, align: right,
         valign: bottom}
back_elements:
  attack: {kind: text, from: bottom-left, box: [1mm, 1mm, 5mm, 5mm], text: "{attack}", size: 10pt,
           valign: bottom}
  side: {kind: text, box: [1mm, 1mm, 12mm, 4mm], text: "{side}", size: 6pt}
"""


@pytest.fixture(autouse=True)
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pack(tmp_path: Path, game: str = GAME, counter: str = COUNTER) -> Path:
    root = tmp_path / "ct"
    (root / "templates").mkdir(parents=True, exist_ok=True)
    (root / "game.yaml").write_text(game, encoding="utf-8")
    (root / "templates" / "counter.yaml").write_text(counter, encoding="utf-8")
    return root


def pieces(root: Path, ink_saver: bool = False) -> dict:
    kit = layout_kit(load_game(str(root)), ink_saver)
    return {p.id.removeprefix("token-"): p for p in kit.pieces if p.kind == "token"}


def placed_texts(face: Group) -> dict[str, tuple]:
    """Each text's words -> (x, baseline y, anchor) on the token."""
    return {item.text: (box[0], box[1], item.anchor) for item, box in drawn(face, Text)}


def test_a_counter_prints_its_values_in_its_corners():
    got = pieces(pack(Path.cwd()))
    texts = placed_texts(got["foot"].face)
    assert set(texts) == {"1st Foot", "2", "4", "5", "3"}
    # attack at the bottom left, move at the bottom right, defence between them, all on one baseline near the foot
    (ax, ay, _), (dx, dy, _), (mx, my, manchor) = texts["4"], texts["5"], texts["3"]
    assert ax == pytest.approx(1, abs=0.3) and mx == pytest.approx(19, abs=0.3) and manchor == "end"
    assert dx == pytest.approx(10, abs=0.3) and ay == dy == my and 17 < ay < 19.5
    cx, cy, _ = texts["2"]  # the cost, centred in its disc at the top right
    assert cx == pytest.approx(17, abs=0.3) and cy < 5
    name_x, name_y, _ = texts["1st Foot"]
    assert name_x == pytest.approx(1, abs=0.3) and name_y < 5
    discs = [box for item, box in drawn(got["foot"].face, PathItem) if item.style.stroke == "#ffffff"]
    assert (15.0, 1.0, 4.0, 4.0) in discs  # white (it reads on red) and where its box says
    # a counter without a cost draws no disc and no cost
    assert set(placed_texts(got["guns"].face)) == {"Guns", "7", "1", "2"}
    assert not [box for item, box in drawn(got["guns"].face, PathItem) if box == (15.0, 1.0, 4.0, 4.0)]


def test_its_back_prints_its_back_fields_over_its_fields():
    got = pieces(pack(Path.cwd()))
    assert set(placed_texts(got["foot"].back)) == {"2", "back"}  # the reduced attack; {side} says which side
    assert got["guns"].back is None  # no back colour, label or back fields: one-sided


def test_a_token_without_a_template_of_its_own_prints_as_before():
    got = pieces(pack(Path.cwd()))
    assert [item.text for item, _ in drawn(got["coin"].face, Text)] == ["Coin"]


def test_the_classic_face_is_an_element_a_template_keeps_beside_its_own():
    counter = """\
kind: token
extends: token
elements:
  cost: {kind: text, from: top-right, box: [1mm, 1mm, 5mm, 4mm], text: "{cost}", size: 7pt, align: right}
"""
    game = GAME.replace("label: Coin}", "label: Coin, template: counter, fields: {cost: 3}}")
    got = pieces(pack(Path.cwd(), game, counter))
    texts = placed_texts(got["coin"].face)
    assert set(texts) == {"Coin", "3"}  # the classic label, and the cost in the top-right corner beside it
    assert texts["3"][0] == pytest.approx(15, abs=0.3) and texts["3"][1] < texts["Coin"][1]


def test_a_misspelt_field_is_an_error_at_the_template(here):
    root = pack(here, counter=COUNTER.replace('"{move}"', '"{mvoe}"'))
    with pytest.raises(ContentErrors) as e:
        pieces(root)
    assert [str(x) for x in e.value.errors] == [err(where(root / "templates" / "counter.yaml", '"{mvoe}"'),
                                                    "template 'counter' element 'move': {mvoe} names nothing "
                                                    "token 'foot' has (did you mean 'move'?)")]


def test_a_field_must_be_text_or_a_number(here):
    root = pack(here, GAME.replace("cost: 2}", "cost: [2]}"))
    assert errors_of(root) == [err(where(root / "game.yaml", "[2]"), "token 'foot' field 'cost': expected a string or "
                                   "a number, got a list")]


def test_counters_are_told_apart_by_what_they_print(here):
    checked = CliRunner().invoke(main, ["check", str(pack(here)), "--strict"])
    assert checked.exit_code == 0, checked.output  # the same colour and no icon: their names and values part them
    game = GAME.replace("id: guns, name: Guns", "id: guns, name: 1st Foot").replace(
        "attack: 7, defence: 1, move: 2}", "attack: 4, defence: 5, move: 3, cost: 2}")
    checked = CliRunner().invoke(main, ["check", str(pack(here, game))])
    assert checked.exit_code == 1
    assert "token 'foot' and token 'guns'" in checked.output and "the same mark (1st Foot 2 4 5 3)" in checked.output


@pytest.mark.slow
def test_a_counters_corner_values_are_in_the_printed_page(here):
    root = pack(here)
    built = CliRunner().invoke(main, ["build", str(root), "--skip-sim", "--format", "pdf", "--paper", "a4",
                                      "--out", "out"])
    assert built.exit_code == 0, built.output
    words = subprocess.run(["pdftotext", "-bbox", str(here / "out" / "ct" / "ct-a4.pdf"), "-"],
                           capture_output=True, text=True, check=True).stdout
    found: dict[str, list] = {}
    for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]+)</word>', words):
        found.setdefault(m[3], []).append((float(m[1]), float(m[2])))
    mm = 72 / 25.4

    def laid_out(name: tuple) -> bool:  # attack under the name at the left, move on its line at the right
        four = [p for p in found.get("4", []) if abs(p[0] - name[0]) < 1 and 10 * mm < p[1] - name[1] < 16 * mm]
        return any(abs(p[1] - four[0][1]) < 1 and 14 * mm < p[0] - four[0][0] < 18 * mm
                   for p in found.get("3", [])) if four else False
    assert len(found["1st"]) >= 2  # the counter, and the cover's cutting line naming it
    assert [name for name in found["1st"] if laid_out(name)], found


def test_a_kind_another_layout_supplies_is_an_error_at_the_element(here):
    root = pack(here, counter=COUNTER.replace("  face: null\n", "  face: null\n  body: {kind: card-body}\n"))
    with pytest.raises(ContentErrors) as e:
        pieces(root)
    assert [str(x) for x in e.value.errors] == [err(where(root / "templates" / "counter.yaml", "{kind: card-body}"),
                                                    "template 'counter' element 'body': a card-body element is "
                                                    "drawn only on cards (this template draws token 'foot')")]
    game = GAME + "decks:\n  - id: d\n    template: c\n    cards: [{id: one}]\n"
    root = pack(here, game)
    (root / "templates" / "c.yaml").write_text("kind: action-card\nextends: action-card\nelements:\n"
                                               "  chit: {kind: token-face}\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as e:
        layout_kit(load_game(str(root)))
    assert [str(x) for x in e.value.errors] == [err(where(root / "templates" / "c.yaml", "{kind: token-face}"),
                                                    "template 'c' element 'chit': a token-face element is drawn "
                                                    "only on tokens (this template draws card 'one')")]
