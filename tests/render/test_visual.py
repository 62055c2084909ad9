"""What a person sees: pages turned into pictures with pdftoppm, colours sampled where suits and cards must be."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.components.board import SPEC as BOARD_SPEC
from pnpgen.components.board import hex_centre
from pnpgen.draw.colour import rgb, tint
from pnpgen.draw.templates import Templates
from pnpgen.errors import Problems
from pnpgen.render.paper import SHEET_SPEC

DPI = 50
PX = DPI / 25.4

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")


class Picture:
    """A page rendered by pdftoppm as a binary PPM."""

    def __init__(self, path: Path):
        data = path.read_bytes()
        parts = data.split(maxsplit=4)
        assert parts[0] == b"P6" and parts[3] == b"255"
        self.w, self.h = int(parts[1]), int(parts[2])
        self.pixels = parts[4]
        assert len(self.pixels) == self.w * self.h * 3

    def at(self, x_mm: float, y_mm: float) -> tuple[int, int, int]:
        """The colour averaged over 3 x 3 pixels around a point given in mm."""
        cx, cy = round(x_mm * PX), round(y_mm * PX)
        acc = [0, 0, 0]
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                i = ((cy + dy) * self.w + (cx + dx)) * 3
                for k in range(3):
                    acc[k] += self.pixels[i + k]
        return tuple(round(v / 9) for v in acc)


def render(pdf: Path, page: int, tmp: Path) -> Picture:
    """One page of a PDF (1-based) as a picture."""
    tmp.mkdir(parents=True, exist_ok=True)
    prefix = tmp / f"p{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), str(pdf), str(prefix)],
                   check=True, capture_output=True)
    out, = tmp.glob(f"p{page}-*.ppm")
    return Picture(out)


def close(got, colour: str, tol: int = 14) -> bool:
    want = [round(c * 255) for c in rgb(colour)]
    return all(abs(a - b) <= tol for a, b in zip(got, want))


def _find(state, paper: str, pid: str, side: str = "face"):
    for n, page in enumerate(state.pages[paper], start=1):
        for t in page.trims:
            if t[0] == pid and t[1] == side:
                return n, t[2:]
    raise AssertionError(pid)


def on_page(trim, u: float, v: float) -> tuple[float, float]:
    """A point of an upright card (u across, v down from its top left) on the page; a card wider than tall on the
    page was turned a quarter clockwise (its top to the right)."""
    x, y, w, h = trim
    return (x + w - v, y + u) if w > h else (x + u, y + v)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_suit_colours_its_cards_band_and_bleed(built, tmp_path, paper):
    state, folder = built
    pdf = folder / f"{state.game.id}-{paper}.pdf"
    assert len(state.game.suits) >= 3
    for suit in state.game.suits:
        card = next(c for c in state.game.cards if c.suit == suit.id)
        n, trim = _find(state, paper, f"card-{card.id}")
        cw, ch = sorted(trim[2:])
        pic = render(pdf, n, tmp_path / f"{suit.id}")
        band = pic.at(*on_page(trim, cw * 0.62, 2.0))
        assert close(band, suit.colour), (suit.id, band)
        assert close(pic.at(*on_page(trim, cw * 0.62, ch - 1.5)), suit.colour)  # the footer band
        assert not close(pic.at(*on_page(trim, 2.0, 50.0)), suit.colour)  # the body is light
        if card is state.game.cards[0]:
            assert close(pic.at(*on_page(trim, cw * 0.62, -1.5)), suit.colour)  # the bleed, outside the trim


def test_card_backs_print_behind_the_faces(built, tmp_path):
    state, folder = built
    deck = state.game.decks[0]
    n, (x, y, w, h) = _find(state, "a4", f"back-{deck.id}", "back")
    pic = render(folder / f"{state.game.id}-a4.pdf", n, tmp_path)
    assert close(pic.at(x + 2.0, y + 2.0), deck.back_colour)
    assert close(pic.at(x + w - 2.0, y + h - 2.0), deck.back_colour)


def test_board_hexes_show_their_suit_colour(built, tmp_path):
    state, folder = built
    board = state.game.board
    t = Templates(state.game, Problems()).get("board", "board", BOARD_SPEC)
    n, (x, y, w, h) = _find(state, "a4", f"board-{board.id}")
    piece = state.kit.by_id(f"board-{board.id}")
    k = w / piece.width
    pic = render(folder / f"{state.game.id}-a4.pdf", n, tmp_path)
    fills = {s.id: tint(s.colour, t["fill"]) for s in state.game.suits}
    assert len(board.hexes) > 30
    for hx in board.hexes:
        cx, cy = hex_centre(board, t, hx.qr)
        got = pic.at(x + (cx - board.hex_size_mm * 0.32) * k, y + cy * k)
        best = min(fills, key=lambda s: sum((a - b * 255) ** 2 for a, b in zip(got, rgb(fills[s]))))
        assert best == hx.suit, (hx.qr, got)


def test_pages_carry_a_true_to_size_scale_bar(built, tmp_path):
    state, folder = built
    t = Templates(state.game, Problems()).get("sheet", "sheet", SHEET_SPEC)
    board_page = next(n for n, p in enumerate(state.pages["a4"], start=1)
                      if p.trims and p.trims[0][0].startswith("board"))
    page = state.pages["a4"][board_page - 1]
    assert page.drawing.height == 297
    pic = render(folder / f"{state.game.id}-a4.pdf", board_page, tmp_path)
    row = round((297 - t["margin"] - t["band"] + (t["band"] - 3.2) / 2 + 0.55) * PX)  # through the 50 mm bar
    limit = (t["margin"] + 51.5) * PX  # the bar's label starts after this
    dark = [x for x in range(pic.w) if x < limit and sum(pic.pixels[(row * pic.w + x) * 3:][:3]) < 200]
    assert min(dark) / PX == pytest.approx(t["margin"], abs=1.0)
    assert (max(dark) - min(dark) + 1) / PX == pytest.approx(50, abs=1.5)


@pytest.mark.slow
def test_ink_saver_keeps_bands_light(pack, tmp_path):
    state = build(BuildOptions(game=str(pack), out=tmp_path / "out", papers=("a4",), formats=("pdf",),
                               ink_saver=True, sim_games=0))
    card = next(c for c in state.game.cards if c.suit == "blue")
    n, (x, y, w, h) = _find(state, "a4", f"card-{card.id}")
    pic = render(state.target / "narrow-seas-a4-low-ink.pdf", n, tmp_path)
    r, g, b = pic.at(x + w * 0.62, y + 2.0)
    assert min(r, g, b) > 190  # a light tint, not full-bleed blue
    assert b >= r  # still bluish
