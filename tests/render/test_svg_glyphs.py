"""SVG text drawn as the font's glyph outlines: it renders the same on a machine without the font."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from pnpgen.draw import fonts
from pnpgen.draw.glyphs import outlines
from pnpgen.draw.primitives import Drawing, Group, Rect, Style, Text
from pnpgen.render.svg import write_svg

NS = "{http://www.w3.org/2000/svg}"
RSVG = pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) is not installed")


def _no_fonts(tmp_path: Path) -> dict:
    """An environment whose fontconfig knows one empty folder: no DejaVu, no font at all."""
    (tmp_path / "empty").mkdir()
    conf = tmp_path / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?>\n<fontconfig><dir>{tmp_path / "empty"}</dir>'
                    f'<cachedir>{tmp_path / "cache"}</cachedir></fontconfig>\n', encoding="utf-8")
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


def _render(svg: Path, out: Path, env: dict | None = None) -> Image.Image:
    subprocess.run(["rsvg-convert", "-f", "png", "-d", "150", "-p", "150", "-b", "white", "-o", str(out), str(svg)],
                   check=True, env=env, capture_output=True)
    return Image.open(out).convert("L")


@RSVG
def test_a_card_svg_renders_the_same_with_dejavu_removed_from_the_font_path(built, tmp_path):
    _, folder = built
    svg = folder / "svg" / "card-blue-reach.svg"
    normal = _render(svg, tmp_path / "normal.png")
    bare = _render(svg, tmp_path / "bare.png", _no_fonts(tmp_path))
    assert normal.size == bare.size
    assert ImageChops.difference(normal, bare).getbbox() is None  # every pixel the same


@RSVG
def test_without_the_font_a_text_element_would_not_render_the_same(tmp_path):
    """The check above can fail: the same words as an SVG <text> element change without the font."""
    text = tmp_path / "text.svg"
    text.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="10mm" viewBox="0 0 40 10">'
                    '<text x="1" y="7" font-size="5" font-family="DejaVu Sans">Reach 12</text></svg>',
                    encoding="utf-8")
    normal = _render(text, tmp_path / "normal.png")
    bare = _render(text, tmp_path / "bare.png", _no_fonts(tmp_path))
    assert ImageChops.difference(normal, bare).getbbox() is not None


@RSVG
def test_outlined_text_renders_as_the_font_would_draw_it(tmp_path):
    """Glyph outlines at the layout's advance widths land where the installed font's text does (anchors, bold,
    oblique, accented letters that are composite glyphs): at most a few anti-aliased pixels differ."""
    items = (Rect(0, 0, 80, 24, Style(fill="#ffffff")),
             Text(2, 10, "Hallo Wjg 123 Ñé%", 7, "#000000", "regular", "start"),
             Text(78, 20, "bold at the end", 4, "#000000", "bold", "end"),
             Text(40, 4, "oblique, centred", 3, "#000000", "italic", "middle"))
    drawn = tmp_path / "outlines.svg"
    drawn.write_bytes(write_svg(Drawing(80, 24, Group(items), "t")))
    assert b"<text" not in drawn.read_bytes()
    families = {"regular": "normal", "bold": "bold", "italic": "normal"}
    elements = "".join(
        f'<text x="{t.x}" y="{t.y}" font-size="{t.size}" font-family="DejaVu Sans" font-weight="{families[t.font]}"'
        f' font-style="{"oblique" if t.font == "italic" else "normal"}" text-anchor="{t.anchor}">{t.text}</text>'
        for t in items[1:])
    text = tmp_path / "text.svg"
    text.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="80mm" height="24mm" viewBox="0 0 80 24">'
                    f'<rect width="80" height="24" fill="#ffffff"/>{elements}</svg>', encoding="utf-8")
    ours, theirs = _render(drawn, tmp_path / "a.png"), _render(text, tmp_path / "b.png")
    difference = ImageChops.difference(ours, theirs)
    inked = sum(ours.histogram()[:128])
    assert inked > 500  # the words are there
    assert sum(difference.histogram()[97:]) == 0


def test_each_glyph_is_defined_once_and_used_at_its_advance():
    drawing = Drawing(40, 10, Group((Text(1, 7, "aa b", 5, "#112233", "regular", "start"),)), "t")
    root = ET.fromstring(write_svg(drawing))
    defs = [p.get("id") for p in root.find(f"{NS}defs")]
    assert len(defs) == 2 and len(set(defs)) == 2  # 'a' once, 'b' once, nothing for the space
    group = next(g for g in root.iter(f"{NS}g") if g.get("aria-label"))
    assert group.get("aria-label") == "aa b" and group.get("fill") == "#112233"
    uses = list(group)
    assert [u.get("{http://www.w3.org/1999/xlink}href") for u in uses] == [f"#{defs[0]}", f"#{defs[0]}",
                                                                          f"#{defs[1]}"]
    units = outlines(fonts.face("regular").pdf_name).units
    advance = fonts.width("a", 5) * units / 5
    assert [float(u.get("x") or 0) for u in uses] == pytest.approx([0, advance, 2 * advance + fonts.width(" ", 5)
                                                                     * units / 5], abs=0.01)


@pytest.mark.parametrize("char", list("AgQ%é") + ["Ñ"])
def test_a_glyph_outline_fills_the_box_its_font_gives_it(char):
    """The decoded points reach exactly the glyph's bounding box as its glyf header states it (for composite
    glyphs: the parts placed by their offsets)."""
    glyphs = outlines(fonts.face("regular").pdf_name)
    gid = glyphs.glyph(char)
    start = glyphs.offsets[gid]
    x_min, y_min, x_max, y_max = struct.unpack(">hhhh", glyphs.glyf[start + 2:start + 10])
    points = [p for contour in glyphs.contours(gid, 0) for p in contour]
    on_box = (min(p[0] for p in points), min(p[1] for p in points), max(p[0] for p in points),
              max(p[1] for p in points))
    assert on_box == (x_min, y_min, x_max, y_max)
    assert glyphs.path(gid).startswith("M") and glyphs.path(gid).endswith("Z")
