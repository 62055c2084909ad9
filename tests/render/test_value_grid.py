"""Grids of numbers: a square board's squares carry values (a stock market's prices) and zones (coloured groups of
squares keyed in the legend); the values print in their squares, the zones in their colours, and what lies off
the grid is a located error, never dropped."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.packs import err, errors_of, where
from PIL import Image

from pnpgen.cli import main
from pnpgen.components import layout_kit
from pnpgen.draw.colour import tint
from pnpgen.draw.geometry import apply
from pnpgen.draw.primitives import Rect, Text, walk
from pnpgen.load.loader import load_game

GAME = """\
id: sm
title: Market
players: 3
boards:
  - id: market
    name: Share prices
    grid: square
    width: 4
    height: 3
    cell_size_mm: 20
    values:
      - [60, 67, 71, 76]
      - [53, 60, 66, START]
      - [46, 55, null, ""]
    zones:
      yellow: {colour: "#f2d45c", text: May hold more shares., cells: [[0, 2], [1, 2]]}
      brown: {colour: "#4a2f17", name: Sell, cells: [[0, 1]]}
"""
YELLOW, BROWN = "#f2d45c", "#4a2f17"


@pytest.fixture(autouse=True)
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pack(root: Path, game: str = GAME) -> Path:
    (root / "sm").mkdir(exist_ok=True)
    (root / "sm" / "game.yaml").write_text(game, encoding="utf-8")
    return root / "sm"


def board_face(root: Path, ink_saver: bool = False):
    return next(p for p in layout_kit(load_game(str(root)), ink_saver).pieces if p.kind == "board").face


def squares(face) -> dict[tuple[int, int], str]:
    """The fill of each grid square by its (column, row), from the drawing."""
    out = {}
    rects = [(item, apply(m, item.x, item.y)) for item, m in walk(face) if isinstance(item, Rect)
             and abs(item.w - 20) < 1e-6 and abs(item.h - 20) < 1e-6 and item.style.fill]
    x0, y0 = min(p[0] for _, p in rects), min(p[1] for _, p in rects)
    for item, (x, y) in rects:
        out[(round((x - x0) / 20), round((y - y0) / 20))] = item.style.fill
    return out


def test_values_print_in_their_squares_and_zones_fill_theirs(here):
    face = board_face(pack(here))
    fills = squares(face)
    assert len(fills) == 12
    assert fills[(0, 2)] == fills[(1, 2)] == tint(YELLOW, 0.7) and fills[(0, 1)] == tint(BROWN, 0.7)
    assert fills[(2, 2)] == fills[(3, 0)] == "#ffffff"  # no zone: the board's paper
    texts = {item.text: apply(m, item.x, item.y) for item, m in walk(face) if isinstance(item, Text)}
    assert {"60", "67", "71", "76", "53", "66", "START", "46", "55"} <= set(texts)
    (x53, y53), (x46, y46), (x67, y67), (x76, y76) = texts["53"], texts["46"], texts["67"], texts["76"]
    assert x46 == pytest.approx(x53) and y46 - y53 == pytest.approx(20)  # one square down
    assert x76 - x67 == pytest.approx(40) and y76 == pytest.approx(y67)  # two squares across
    words = [item.text for item, _ in walk(face) if isinstance(item, Text)]
    assert "Sell." in " ".join(words) or "Sell" in words  # the legend names the zones
    assert any("May hold more" in w for w in words)
    white = [item for item, _ in walk(face) if isinstance(item, Text) and item.text == "53"]
    assert white[0].colour == "#ffffff"  # a value reads on its dark zone


def test_zones_in_a_low_ink_kit_stay_apart(here):
    fills = squares(board_face(pack(here), ink_saver=True))
    assert fills[(0, 2)] == tint(YELLOW, 0.5) and fills[(0, 1)] == tint(BROWN, 0.5)


@pytest.mark.parametrize("change, into, at, message", [
    ("      - [46, 55, null, \"\"]\n", "      - [46, 55, null, \"\"]\n      - [1, 2]\n", "[1, 2]\n",
     "'values' has 4 rows, the board 3 (y from 0 to 2)"),
    ("[60, 67, 71, 76]", "[60, 67, 71, 76, 82]", "82", "'values' row 0 has 5 squares, the board is 4 wide "
     "(x from 0 to 3)"),
    ("[[0, 1]]", "[[0, 1], [4, 0]]", "[4, 0]", "square [4, 0] is off the board (x from 0 to 3, y from 0 to 2)"),
    ("[[0, 1]]", "[[0, 1], [1, 2]]", "[0, 1], [1, 2]", "square [1, 2] is in zone 'yellow' too"),
])
def test_what_lies_off_the_grid_is_a_located_error(here, change, into, at, message):
    root = pack(here, GAME.replace(change, into))
    found = errors_of(root)
    assert len(found) == 1 and message in found[0], found
    offset = 8 if at.startswith("[0, 1]") else 0
    assert found[0].startswith(where(root / "game.yaml", at, offset) + ": error: board 'market'"), found


def test_values_and_zones_belong_to_a_square_grid(here):
    game = """\
id: hx
title: Hexes
players: 2
suits:
  a: {name: A, colour: "#336699", symbol: circle}
boards:
  - id: map
    hexes: [[0, 0, a]]
    values: [[1]]
"""
    root = pack(here, game)
    assert errors_of(root) == [err(where(root / "game.yaml", "[[1]]"), "board 'map': field 'values' belongs to a "
                                   "square grid (this board has grid: hex)")]


def test_a_value_that_is_no_number_or_text(here):
    root = pack(here, GAME.replace("[60, 67, 71, 76]", "[60, [67], 71, 76]"))
    assert errors_of(root) == [err(where(root / "game.yaml", "[67]"), "board 'market': field 'values': square "
                                   "[1, 0] must be a number, a text or null, got a list")]


@pytest.mark.slow
def test_a_value_grid_in_the_printed_pages(here):
    root = pack(here)
    built = CliRunner().invoke(main, ["build", str(root), "--skip-sim", "--format", "pdf", "--paper", "a4",
                                      "--out", "out"])
    assert built.exit_code == 0, built.output
    pdf = here / "out" / "sm" / "sm-a4.pdf"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in text.splitlines()]
    assert ["A", "60", "67", "71", "76", "A"] in rows and ["C", "46", "55", "C"] in rows
    subprocess.run(["pdftoppm", "-png", "-r", "50", str(pdf), str(here / "page")], check=True)
    seen = set()
    for png in sorted(here.glob("page-*.png")):
        seen |= set(Image.open(png).convert("RGB").getdata())
    assert any(_near(c, tint(YELLOW, 0.7)) for c in seen) and any(_near(c, tint(BROWN, 0.7)) for c in seen)


def _near(rgb: tuple, colour: str) -> bool:
    want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= 3 for a, b in zip(rgb, want))
