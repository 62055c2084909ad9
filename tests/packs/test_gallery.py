"""The gallery: every layout `pnpgen new --layout` offers makes a pack that checks with --strict in both inks and
builds; its cards print what the layout says (looked at in rendered pages, colour and grey)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnpgen.authoring.scaffold import layouts
from pnpgen.cli import main
from pnpgen.components import layout_kit
from pnpgen.load.loader import load_game

LAYOUTS = sorted(layouts())


def test_the_gallery_offers_at_least_six_layouts_each_with_a_line():
    got = CliRunner().invoke(main, ["new", "--list-layouts"])
    assert got.exit_code == 0
    lines = got.output.splitlines()
    assert len(lines) == len(LAYOUTS) >= 7  # the classic starter and six more
    assert all(": " in line and len(line.split(": ", 1)[1]) > 20 for line in lines)
    assert {"playing-card", "full-art", "two-suit", "rules-card", "tarot", "counters"} <= set(LAYOUTS)


def test_an_unknown_layout_says_the_known_ones(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    got = CliRunner().invoke(main, ["new", "x", "--layout", "playng-card"])
    assert got.exit_code == 1 and "(did you mean 'playing-card'?)" in got.output
    assert list(tmp_path.iterdir()) == []
    got = CliRunner().invoke(main, ["new", "x", "--layout", "tarot", "--from", "narrow-seas"])
    assert got.exit_code == 1 and "give one of them" in got.output


@pytest.mark.slow
@pytest.mark.parametrize("layout", LAYOUTS)
def test_each_layout_checks_strict_in_both_inks_and_builds(layout, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    made = CliRunner().invoke(main, ["new", "game", "--layout", layout, "--title", "My Game"])
    assert made.exit_code == 0, made.output
    checked = CliRunner().invoke(main, ["check", "game", "--strict"])
    assert checked.exit_code == 0 and checked.stderr == "", checked.output
    built = CliRunner().invoke(main, ["build", "game", "--skip-sim", "--format", "pdf", "--paper", "a4",
                                      "--out", "out"])
    assert built.exit_code == 0 and built.stderr == "", built.output
    for name in ("game-a4.pdf", "game-a4-low-ink.pdf"):
        pages = _pages(tmp_path / "out" / "game" / name, tmp_path, 2, gray=name.endswith("low-ink.pdf"))
        assert _inked(pages[0]) > 0.005, f"{name}: page 2 (the first sheet of faces) is blank"
    if layout != "classic":
        assert (tmp_path / "game" / "templates").is_dir(), "the layout's template is the pack's own, to edit"


def _pages(pdf: Path, tmp: Path, page: int, gray: bool = False, dpi: int = 40) -> list[Image.Image]:
    out = tmp / f"p{page}{'g' if gray else ''}"
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page)] + (["-gray"] if gray
                                                                                             else []) +
                   [str(pdf), str(out)], check=True)
    return [Image.open(p).convert("RGB") for p in sorted(tmp.glob(f"{out.name}-*.png"))]


def _inked(image: Image.Image) -> float:
    grey = image.convert("L")
    return sum(1 for v in grey.getdata() if v < 200) / (grey.width * grey.height)


@pytest.mark.slow
def test_a_playing_card_prints_its_index_top_left_and_turned_bottom_right(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    CliRunner().invoke(main, ["new", "deck", "--layout", "playing-card"])
    kit = layout_kit(load_game("deck"))
    assert len([p for p in kit.pieces if p.kind == "card"]) == 52
    built = CliRunner().invoke(main, ["build", "deck", "--skip-sim", "--format", "pdf", "--paper", "a4",
                                      "--out", "out"])
    assert built.exit_code == 0, built.output
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "out" / "deck" / "deck-a4.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert text.count("Q") >= 8  # the four queens: each a Q in its corner, a turned one and a large one
    (page,) = _pages(tmp_path / "out" / "deck" / "deck-a4.pdf", tmp_path, 2, dpi=100)
    reds = _red_corners(page)
    assert reds == (False, False), "the spades on the first sheet print black"
    found = False
    for n in range(2, 14):
        (page,) = _pages(tmp_path / "out" / "deck" / "deck-a4.pdf", tmp_path, n, dpi=100)
        if _red_corners(page) == (True, True):
            found = True
            break
    assert found, "a sheet of hearts or diamonds prints red in each card's top-left and bottom-right corners"


def _red_corners(page: Image.Image) -> tuple[bool, bool]:
    """Whether the first card of a sheet has red ink in its top-left corner and its bottom-right corner."""
    px = page.load()
    dots = 100 / 25.4
    # the first card's trim on A4 faces sheets: find its frame from the page's top-left region's first ink
    w, h = page.size
    left = next(x for x in range(w) if any(_ink(px[x, y]) for y in range(int(30 * dots), int(60 * dots))))
    top = next(y for y in range(h) if any(_ink(px[x, y]) for x in range(left, left + int(40 * dots))))

    def red(x0, y0, x1, y1) -> bool:
        return any(_is_red(px[x, y]) for x in range(int(x0), int(x1)) for y in range(int(y0), int(y1)))
    tl = red(left + 2 * dots, top + 2 * dots, left + 14 * dots, top + 24 * dots)
    br = red(left + 47 * dots, top + 62 * dots, left + 59 * dots, top + 84 * dots)
    return tl, br


def _ink(rgb) -> bool:
    return sum(rgb) < 600


def _is_red(rgb) -> bool:
    r, g, b = rgb
    return r > 150 and g < 90 and b < 90
