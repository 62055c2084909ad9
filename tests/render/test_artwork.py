"""Pictures on components: a pack with PNG and SVG images builds and shows them (pixels of the PDF and of the SVG
files), bad image files give located errors, coarse pictures a 200 dpi warning, SVG icon files draw as icons."""

from __future__ import annotations

import base64
import shutil
import subprocess
from pathlib import Path

import pytest
from kit.packs import display, edit, where
from PIL import Image as PILImage
from test_visual import PX, Picture, _find, close, render

from pnpgen.authoring.scaffold import new_pack
from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.checks import check_game
from pnpgen.components import layout_kit
from pnpgen.draw.dump import dump_lines
from pnpgen.draw.primitives import Image, walk
from pnpgen.errors import ContentErrors
from pnpgen.load.loader import load_game

BLUE, RED = "#1e5aa0", "#c83228"
GREEN, YELLOW = "#2e8b57", "#f0c020"
# A hand-made SVG: a green field, a yellow disc, a navy stroke, a shape reused through <use>.
EMBLEM = f"""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 50">
  <style>.field {{ fill: {GREEN}; }}</style>
  <defs><circle id="disc" r="15"/></defs>
  <rect class="field" width="100" height="50"/>
  <g transform="translate(50 25)"><use xlink:href="#disc" fill="{YELLOW}" stroke="#1b3a5c" stroke-width="1"/></g>
</svg>
"""
# An icon as game-icons.net draws them: a black square behind a white shape.
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"/>'
        '<path fill="#fff" d="M256 32l224 448H32z"/></svg>')


def kit_errors(root: Path) -> list[str]:
    """Every error line `check` gives a pack: load errors, else those of its checks and its laid-out kit."""
    try:
        game = load_game(str(root))
    except ContentErrors as e:
        return [str(x) for x in e.errors]
    return [str(x) for x in check_game(game, layout=True).errors]


def two_colours(path: Path, size: tuple[int, int]) -> None:
    """A PNG: the left half blue, the right half red."""
    im = PILImage.new("RGB", size, RED)
    im.paste(BLUE, (0, 0, size[0] // 2, size[1]))
    im.save(path)


@pytest.fixture
def art_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new pack whose cards, back, board, token and aid show a PNG and an SVG from its art/ folder."""
    monkeypatch.chdir(tmp_path)
    pack = new_pack("art", into=tmp_path)
    (pack / "art").mkdir()
    two_colours(pack / "art" / "photo.png", (600, 316))  # 277 dpi across a card's 55 mm art box
    (pack / "art" / "emblem.svg").write_text(EMBLEM, encoding="utf-8")
    (pack / "art" / "spike.svg").write_text(ICON, encoding="utf-8")
    edit(pack / "cards.yaml", "{suit: sun, action: move}", "{suit: sun, action: move, image: art/photo.png}")
    edit(pack / "cards.yaml", "{suit: sea, action: move}", "{suit: sea, action: move, image: art/emblem.svg}")
    edit(pack / "cards.yaml", "text: \"Art\"}", "text: \"Art\", image: art/emblem.svg}")
    edit(pack / "board.yaml", "hex_size_mm: 24\n", "hex_size_mm: 24\n  art: [{at: [0, 0], image: art/emblem.svg}]\n")
    return pack


@pytest.mark.slow
def test_a_pack_with_a_png_and_an_svg_builds_and_shows_them_in_the_pdf(art_pack, tmp_path):
    state = build(BuildOptions(game=str(art_pack), out=tmp_path / "out", papers=("a4",), sim_games=0))
    pdf = tmp_path / "out" / "art" / "art-a4.pdf"
    n, (x, y, w, h) = _find(state, "a4", "card-sun-move")
    pic = render(pdf, n, tmp_path / "png")
    # the PNG fills the card's art box (the diagram box, 4, 21, 55 x 29 mm): blue on the left, red on the right
    assert close(pic.at(x + 4 + 55 * 0.25, y + 35.5), BLUE), pic.at(x + 4 + 55 * 0.25, y + 35.5)
    assert close(pic.at(x + 4 + 55 * 0.75, y + 35.5), RED)
    n, (x, y, w, h) = _find(state, "a4", "card-sea-move")
    pic = render(pdf, n, tmp_path / "svg-card")
    assert close(pic.at(x + 4 + 27.5, y + 35.5), YELLOW)  # the SVG's disc at the box's centre, drawn as vectors
    assert close(pic.at(x + 4 + 3, y + 35.5), GREEN)
    n, (x, y, w, h) = _find(state, "a4", "back-main", "back")
    pic = render(pdf, n, tmp_path / "back")
    assert close(pic.at(x + w / 2, y + h / 2), YELLOW)  # the back's emblem, in place of its compass
    assert close(pic.at(x + 2, y + 2), "#1b3a5c")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) is not installed")
def test_the_svg_files_show_the_pictures_too(art_pack, tmp_path):
    build(BuildOptions(game=str(art_pack), out=tmp_path / "out", papers=("a4",), formats=("svg",), sim_games=0))
    folder = tmp_path / "out" / "art" / "svg"
    assert base64.b64decode(_data_uri(folder / "card-sun-move.svg")) == (art_pack / "art" / "photo.png").read_bytes()
    pictures = {}
    for name in ("card-sun-move", "card-sea-move"):
        subprocess.run(["rsvg-convert", "-f", "png", "-d", "50", "-p", "50", "-o", str(tmp_path / f"{name}.png"),
                        str(folder / f"{name}.svg")], check=True, capture_output=True)
        pictures[name] = png_picture(tmp_path / f"{name}.png")
    assert abs(pictures["card-sun-move"].w - 63 * PX) <= 1
    assert close(pictures["card-sun-move"].at(4 + 55 * 0.25, 35.5), BLUE)
    assert close(pictures["card-sun-move"].at(4 + 55 * 0.75, 35.5), RED)
    assert close(pictures["card-sea-move"].at(4 + 27.5, 35.5), YELLOW)
    assert close(pictures["card-sea-move"].at(4 + 3, 35.5), GREEN)
    svg = (folder / "card-sea-move.svg").read_text(encoding="utf-8")
    assert "<image" not in svg and 'fill="#f0c020"' in svg  # the SVG file's shapes, not a picture of them


def png_picture(path: Path) -> Picture:
    """A PNG file as a picture to sample in mm (made at test_visual's 50 dpi)."""
    im = PILImage.open(path).convert("RGB")
    picture = Picture.__new__(Picture)
    picture.w, picture.h, picture.pixels = im.width, im.height, im.tobytes()
    return picture


@pytest.mark.slow
def test_the_png_files_show_the_pictures_too(art_pack, tmp_path):
    # PNGs (and so Tabletop Simulator sheets and print-shop profiles) are our PDF of each piece rendered by PDFium
    build(BuildOptions(game=str(art_pack), out=tmp_path / "out", papers=("a4",), formats=("png",), dpi=50,
                       sim_games=0))
    folder = tmp_path / "out" / "art" / "png"
    photo = png_picture(folder / "card-sun-move.png")
    assert abs(photo.w - 63 * PX) <= 1
    assert close(photo.at(4 + 55 * 0.25, 35.5), BLUE), photo.at(4 + 55 * 0.25, 35.5)
    assert close(photo.at(4 + 55 * 0.75, 35.5), RED)
    assert close(png_picture(folder / "card-sea-move.png").at(4 + 27.5, 35.5), YELLOW)
    back = png_picture(folder / "back-main.png")
    assert close(back.at(31.5, 44), YELLOW) and close(back.at(2, 2), "#1b3a5c")


@pytest.mark.slow
def test_a_deck_of_another_size_scales_its_pictures(art_pack, tmp_path):
    edit(art_pack / "cards.yaml", "- id: main\n", "- id: main\n  size: tarot\n")  # 69.85 x 120.65 mm
    build(BuildOptions(game=str(art_pack), out=tmp_path / "out", papers=("a4",), formats=("png",), dpi=50,
                       sim_games=0))
    folder = tmp_path / "out" / "art" / "png"
    factor = min(69.85 / 63, 120.65 / 88)  # the template's 63 x 88 mm layout, drawn larger
    photo = png_picture(folder / "card-sun-move.png")
    assert abs(photo.w - 69.85 * PX) <= 1 and abs(photo.h - 120.65 * PX) <= 1
    assert close(photo.at((4 + 55 * 0.25) * factor, 35.5 * factor), BLUE)
    assert close(photo.at((4 + 55 * 0.75) * factor, 35.5 * factor), RED)
    back = png_picture(folder / "back-main.png")
    assert close(back.at(69.85 / 2, 120.65 / 2), YELLOW)  # the emblem stays in the middle of the taller back
    # the preflight measures a picture as printed: 600 px over 55 mm, scaled by 1.9, is under 200 dpi
    edit(art_pack / "cards.yaml", "size: tarot", "size: [120, 168]")
    coarse = [str(w) for w in check_game(load_game(str(art_pack)), layout=True).warnings if "dpi" in str(w)]
    assert len(coarse) == 1 and "(600 x 316 pixels) prints at 145 dpi over 104.8 x 55.2 mm" in coarse[0], coarse


def _data_uri(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index("base64,") + len("base64,")
    return text[start:text.index('"', start)]


@pytest.mark.slow
def test_pictures_are_placed_as_the_layout_says(art_pack):
    game = load_game(str(art_pack))
    kit = layout_kit(game)
    card = kit.by_id("card-sun-move")
    images = [(p, m) for p, m in walk(card.face) if isinstance(p, Image)]
    assert len(images) == 1
    image, m = images[0]
    assert image.raster.pixels == (600, 316) and image.raster.name == "art/photo.png"
    assert (image.x, image.w) == pytest.approx((4.0, 55.0)) and image.h == pytest.approx(55 * 316 / 600)
    assert image.y + image.h / 2 == pytest.approx(21 + 29 / 2)  # centred in the box
    board = "\n".join(dump_lines(kit.by_id("board-main").face))
    assert "group 'image art/emblem.svg' clip=[path" in board  # clipped to its hex
    # the same pictures, laid out twice, give the same drawing; bytes are read once per file
    assert layout_kit(load_game(str(art_pack))).by_id("card-sun-move").face == card.face


@pytest.mark.slow
def test_tokens_and_aid_sections_show_pictures(art_pack):
    edit(art_pack / "tokens.yaml", 'label: "1"}', 'label: "1", image: art/photo.png}')
    edit(art_pack / "aids.yaml", "    - title: Cards\n", "    - title: Cards\n      image: art/emblem.svg\n")
    kit = layout_kit(load_game(str(art_pack)))
    token = "\n".join(dump_lines(kit.by_id("token-pawn-1").face))
    assert "group 'image art/photo.png' clip=[circle 8,8 r=8 none]" in token
    aid = kit.by_id("aid-aid").face
    placed = [g for g, _ in _groups(aid) if g.label == "image art/emblem.svg"]
    assert len(placed) == 1


def _groups(item, m=None):
    from pnpgen.draw.primitives import Group

    if isinstance(item, Group):
        yield item, m
        for child in item.items:
            yield from _groups(child, m)


# -- errors ------------------------------------------------------------------------------------------------------
def test_a_missing_image_is_a_located_error(art_pack):
    cards = art_pack / "cards.yaml"
    edit(cards, "image: art/photo.png", "image: art/nothere.png")
    assert kit_errors(art_pack) == [f"{where(cards, 'art/nothere.png')}: error: card 'sun-move': image "
                                   f"'art/nothere.png': no such file in {display(art_pack)}"]


@pytest.mark.slow
def test_an_image_outside_the_pack_is_refused(art_pack, tmp_path):
    cards = art_pack / "cards.yaml"
    two_colours(tmp_path / "outside.png", (10, 10))
    edit(cards, "image: art/photo.png", "image: ../outside.png")
    assert kit_errors(art_pack) == [f"{where(cards, '../outside.png')}: error: card 'sun-move': file reference "
                                   "'../outside.png' leaves the content folder"]
    edit(cards, "image: ../outside.png", f"image: {tmp_path / 'outside.png'}")
    assert kit_errors(art_pack)[0].endswith("must be a path relative to the pack folder")
    (art_pack / "art" / "link.png").symlink_to(tmp_path / "outside.png")
    edit(cards, f"image: {tmp_path / 'outside.png'}", "image: art/link.png")
    assert kit_errors(art_pack)[0].endswith("file reference 'art/link.png' leaves the content folder")


@pytest.mark.slow
def test_corrupt_unreadable_and_wrong_images_are_located_errors(art_pack):
    cards = art_pack / "cards.yaml"
    photo = art_pack / "art" / "photo.png"
    data = photo.read_bytes()
    photo.write_bytes(data[: len(data) // 2])  # cut short
    at = where(cards, "art/photo.png")
    assert kit_errors(art_pack) == [f"{at}: error: card 'sun-move': image 'art/photo.png' is not a readable PNG "
                                   "file (Truncated File Read)"]
    photo.write_bytes(b"GIF89a" + b"\0" * 40)
    assert kit_errors(art_pack) == [f"{at}: error: card 'sun-move': image 'art/photo.png' is not a PNG, JPEG or "
                                   "SVG file"]
    edit(cards, "image: art/photo.png", "image: art/photo.gif")
    assert kit_errors(art_pack)[0].endswith("field 'image' must name a PNG, JPEG or SVG file in the pack (ending "
                                           ".png, .jpg, .jpeg or .svg), got 'art/photo.gif'")


@pytest.mark.slow
def test_an_svg_that_cannot_be_drawn_is_located_in_its_file(art_pack):
    emblem = art_pack / "art" / "emblem.svg"
    emblem.write_text(EMBLEM.replace("<defs>", '<text x="2" y="9">Hi</text><defs>'), encoding="utf-8")
    line = next(n for n, text in enumerate(EMBLEM.splitlines(), start=1) if "<defs>" in text)
    assert kit_errors(art_pack) == [f"{display(emblem)}:{line}:3: error: SVG element 'text' is not supported "
                                   "(pnpgen draws paths and basic shapes in plain colours: convert text to paths "
                                   "and gradients to flat colours)"]
    emblem.write_text(EMBLEM.replace("</svg>", ""), encoding="utf-8")
    assert kit_errors(art_pack) == [f"{display(emblem)}:8:1: error: is not well-formed XML (no element found)"]


@pytest.mark.slow
def test_too_large_images_are_refused(art_pack, monkeypatch):
    import pnpgen.draw.raster as raster

    monkeypatch.setattr(raster, "MAX_PIXELS", 100_000)
    assert kit_errors(art_pack) == [f"{where(art_pack / 'cards.yaml', 'art/photo.png')}: error: card 'sun-move': "
                                   "image 'art/photo.png' is too large (600 x 316 pixels; the limit is 100,000 "
                                   "pixels)"]


# -- the 200 dpi warning -----------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_coarse_picture_warns_under_200_dpi(art_pack):
    two_colours(art_pack / "art" / "photo.png", (300, 158))  # 139 dpi across 55 mm
    report = check_game(load_game(str(art_pack)), layout=True)
    assert not report.errors
    coarse = [str(w) for w in report.warnings if "dpi" in str(w)]
    assert coarse == [f"{where(art_pack / 'cards.yaml', 'art/photo.png')}: warning: image 'art/photo.png' (300 x "
                      "158 pixels) prints at 139 dpi over 55.0 x 29.0 mm, under 200 dpi: it will look soft or blocky "
                      "(use a file of at least 434 x 229 pixels, or an SVG) (card 'Move (sun)')"]
    two_colours(art_pack / "art" / "photo.png", (600, 316))
    assert not [w for w in check_game(load_game(str(art_pack)), layout=True).warnings if "dpi" in str(w)]


# -- SVG icon files ----------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_an_svg_icon_file_draws_in_the_icons_colour(art_pack):
    game_yaml = art_pack / "game.yaml"
    edit(game_yaml, "actions: actions.yaml", "icons:\n  spike: {file: art/spike.svg, colour: teal}\n"
                                             "actions: actions.yaml")
    edit(art_pack / "aids.yaml", "then draw back up to 4.", "then draw back up to 4 {spike}.")
    game = load_game(str(art_pack))
    assert check_game(game, layout=True).errors == []
    aid = "\n".join(dump_lines(layout_kit(game).by_id("aid-aid").face))
    assert "group 'icon spike'" in aid
    shape = aid[aid.index("group 'icon spike'"):].splitlines()[1:4]
    assert shape[1].strip().lower() == "path m256,32 l480,480 l32,480 z fill=#1a8a8a"  # teal, the square left out
    assert not any("M0,0 L512,0" in s for s in shape)
    assert len(shape) == 3 and "path" not in shape[2]


@pytest.mark.slow
def test_an_icon_file_in_many_colours_is_refused(art_pack):
    (art_pack / "art" / "spike.svg").write_text(ICON.replace('<path fill="#fff"', '<circle r="9" fill="red"/>'
                                                             '<path fill="#fff"'), encoding="utf-8")
    game_yaml = art_pack / "game.yaml"
    edit(game_yaml, "actions: actions.yaml", "icons:\n  spike: {file: art/spike.svg}\nactions: actions.yaml")
    assert kit_errors(art_pack) == [f"{where(game_yaml, 'art/spike.svg')}: error: icon 'spike': image "
                                   "'art/spike.svg' is drawn in 2 colours (#ff0000, #ffffff); an icon is drawn in one "
                                   "(for a picture in colour, use an image field)"]
