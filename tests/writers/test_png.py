"""PNG export: exact pixel sizes for every kind of component, sRGB, clear outside outline-cut pieces, the same
bytes every time, and a one-line error when the optional rasteriser is missing."""

from __future__ import annotations

import io
import json
import math

import pytest
from click.testing import CliRunner
from kit.pieces import one_of_each_kind
from PIL import Image

from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.cli import main
from pnpgen.errors import PnpgenError
from pnpgen.files.atomic import MARKER
from pnpgen.load.loader import load_game
from pnpgen.render.raster import pixels
from pnpgen.render.writers.base import WriteOptions
from pnpgen.render.writers.png import png_files


def images(files):
    return {f.path: Image.open(io.BytesIO(f.data)) for f in files}


def expected(mm: float, dpi: int) -> int:
    return math.floor(mm / 25.4 * dpi + 0.5)


def test_rounding_rule():
    assert (pixels(63, 300), pixels(88, 300)) == (744, 1039)
    assert (pixels(69, 300), pixels(94, 300)) == (815, 1110)
    assert pixels(63, 150) == 372 and pixels(88, 150) == 520  # 519.69 rounds up
    assert pixels(25.4, 300) == 300


@pytest.mark.slow
@pytest.mark.parametrize("dpi", [150, 300])
def test_every_kind_at_exact_pixel_sizes(ns_kit, dpi):
    kit = one_of_each_kind(ns_kit)
    assert {p.kind for p in kit.pieces} == {"card", "card-back", "area-card", "player-aid", "board", "token"}
    got = images(png_files(kit, WriteOptions(dpi=dpi)))
    checked = 0
    for p in kit.pieces:
        trimmed = got[f"png/{p.id}.png"]
        assert trimmed.size == (expected(p.width, dpi), expected(p.height, dpi)), p.id
        if p.bleed:
            bled = got[f"png/{p.id}-bleed.png"]
            assert bled.size == (expected(p.width + 2 * p.bleed, dpi), expected(p.height + 2 * p.bleed, dpi))
        else:
            assert f"png/{p.id}-bleed.png" not in got
        if p.back is not None and p.back_id is None:
            assert got[f"png/{p.id}-back.png"].size == trimmed.size
        checked += 1
    assert checked == 6
    card = next(p for p in kit.pieces if p.kind == "card")
    if dpi == 300:
        assert got[f"png/{card.id}.png"].size == (744, 1039)
        assert got[f"png/{card.id}-bleed.png"].size == (815, 1110)
    assert f"png/{card.id}-back.png" not in got  # a deck's back is written once, as its own piece


@pytest.mark.slow
def test_colour_mode_and_what_is_printed(ns_kit):
    kit = one_of_each_kind(ns_kit)
    got = images(png_files(kit, WriteOptions(dpi=100)))
    card = next(p for p in kit.pieces if p.kind == "card")
    image = got[f"png/{card.id}.png"]
    assert image.mode == "RGB" and image.info.get("srgb") == 0
    assert round(image.info["dpi"][0]) == 100
    # the suit band's colour at the top of the card, the card's paper colour in the middle of its text
    colour = next(s.colour for s in load_game("narrow-seas").suits if s.id == card.id.split("-")[1])
    wanted = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    band = image.getpixel((image.width // 2, 5))
    assert max(abs(a - b) for a, b in zip(band, wanted)) <= 2
    token = got[f"png/{next(p.id for p in kit.pieces if p.kind == 'token')}.png"]
    assert token.mode == "RGBA"
    assert token.getpixel((0, 0))[3] == 0  # clear outside the outline
    assert token.getpixel((token.width // 2, token.height // 2))[3] == 255


@pytest.mark.slow
def test_the_same_bytes_every_time(ns_kit):
    kit = one_of_each_kind(ns_kit)
    first = png_files(kit, WriteOptions(dpi=72))
    second = png_files(kit, WriteOptions(dpi=72))
    assert [f.path for f in first] == [f.path for f in second]
    assert [f.data for f in first] == [f.data for f in second]
    assert len(first) > 6


def test_dpi_is_bounded(tmp_path):
    for dpi in (20, 2000):
        with pytest.raises(PnpgenError, match="--dpi: expected 50 to 600"):
            build(BuildOptions(out=tmp_path, formats=("png",), dpi=dpi, sim_games=0))


def test_missing_extra_is_one_line(tmp_path, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pypdfium2" else real(name, *a))
    r = CliRunner().invoke(main, ["build", "--skip-sim", "--format", "png", "--out", str(tmp_path)])
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [
        "error: --format png needs the optional extra png (pypdfium2 not installed): pip install 'pnpgen[png]'"]
    assert not (tmp_path / "narrow-seas").exists()


@pytest.mark.slow
def test_build_writes_png_folder(tmp_path):
    r = CliRunner().invoke(main, ["build", "--skip-sim", "--format", "png", "--dpi", "50", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    folder = tmp_path / "narrow-seas" / "png"
    names = sorted(p.name for p in folder.iterdir())
    assert "card-yellow-reach.png" in names and "card-yellow-reach-bleed.png" in names
    assert f"wrote {folder}/ ({len(names)} PNG files)" in r.output
    assert not (tmp_path / "narrow-seas" / "narrow-seas-a4.pdf").exists()
    # a later PDF build keeps the PNGs; a PNG build drops PNGs it no longer makes
    (folder / "stale.png").write_bytes(b"x")  # as if an earlier build had written it:
    marker = folder.parent / MARKER
    marker.write_text(json.dumps({"files": [*json.loads(marker.read_text())["files"], "png/stale.png"]}))
    r = CliRunner().invoke(main, ["build", "--skip-sim", "--format", "pdf", "--paper", "a4", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (folder / "stale.png").exists() and (folder / "card-yellow-reach.png").exists()
    r = CliRunner().invoke(main, ["build", "--skip-sim", "--format", "png", "--dpi", "50", "--out", str(tmp_path)])
    assert not (folder / "stale.png").exists()
    assert (tmp_path / "narrow-seas" / "narrow-seas-a4.pdf").exists()


def test_unknown_format_lists_the_registry(tmp_path):
    r = CliRunner().invoke(main, ["build", "--skip-sim", "--format", "pdf,jpeg", "--out", str(tmp_path)])
    assert r.exit_code == 1
    assert "unknown format 'jpeg'" in r.output and "pdf, svg, png, tts, card-pdf, nine-card, or all" in r.output
