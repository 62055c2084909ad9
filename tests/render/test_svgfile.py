"""SVG files read into our primitives: what each element and attribute becomes, and what is refused where."""

from __future__ import annotations

import pytest

from pnpgen.draw.dump import dump_lines
from pnpgen.draw.pictures import place_picture, read_picture
from pnpgen.draw.primitives import Image, walk
from pnpgen.draw.svgfile import SvgError, as_icon, read_svg
from pnpgen.draw.svgpath import parse_path


def lines(svg: str) -> list[str]:
    """The dump of an SVG file's primitives, without the outer group."""
    return [s.strip() for s in dump_lines(read_svg(svg.encode(), "x.svg").group)][1:]


def refused(svg: str) -> tuple[int, int, str]:
    with pytest.raises(SvgError) as e:
        read_svg(svg.encode(), "x.svg")
    return e.value.line, e.value.col, e.value.message


def test_shapes_become_primitives():
    got = lines('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
                '<rect x="1" y="2" width="30" height="20" rx="3" fill="#00f"/>'
                '<circle cx="50" cy="50" r="10" fill="red" stroke="black" stroke-width="2"/>'
                '<line x1="0" y1="0" x2="10" y2="10" stroke="green" stroke-linecap="round"/>'
                '<polygon points="0,0 10,0 5,8" fill="rgb(255,128,0)" fill-rule="evenodd"/>'
                '<ellipse cx="10" cy="10" rx="4" ry="2"/></svg>')
    assert got[0] == "rect 1,2 30x20 r=3 fill=#0000ff"
    assert got[1] == "circle 50,50 r=10 fill=#ff0000 stroke=#000000/2"
    assert got[2] == "path M0,0 L10,10 stroke=#008000/1 cap=round"  # a line is never filled
    assert got[3] == "path M0,0 L10,0 L5,8 Z even-odd fill=#ff8000"
    assert got[4].startswith("path M14,10 C") and got[4].endswith("Z fill=#000000")  # black by default
    assert len(got) == 5


def test_styles_come_from_attributes_css_and_style_in_that_order():
    got = lines('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>.a{fill:blue} rect{fill:red}'
                '</style><g fill="green"><rect class="a" width="1" height="1" fill="yellow"/>'
                '<rect width="1" height="1"/><circle r="1"/><rect class="a" width="1" height="1" '
                'style="fill:#123456"/></g></svg>')
    assert [g.split()[-1] for g in got[1:]] == ["fill=#0000ff", "fill=#ff0000", "fill=#008000", "fill=#123456"]


def test_transforms_use_and_opacity():
    got = lines('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                'viewBox="0 0 10 10"><defs><rect id="r" width="2" height="2"/></defs>'
                '<g transform="translate(5,5) scale(2)" opacity="0.5"><use xlink:href="#r" x="1" fill="#f00"/></g>'
                '<rect width="3" height="3" fill="#000" fill-opacity="0.5" stroke="#fff"/></svg>')
    assert got[:3] == ["group matrix=2,0,0,2,5,5", "group matrix=1,0,0,1,1,0", "rect 0,0 2x2 fill=#ff0000 opacity=0.5"]
    # a fill and a stroke of different opacities are drawn apart
    assert got[3:] == ["rect 0,0 3x3 fill=#000000 opacity=0.5", "rect 0,0 3x3 stroke=#ffffff/1"]


def test_a_one_shape_clip_path_clips_its_group():
    got = lines('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><clipPath id="c">'
                '<circle cx="5" cy="5" r="4"/></clipPath><g clip-path="url(#c)"><rect width="10" height="10"/></g>'
                '</svg>')
    assert got == ["group clip=[circle 5,5 r=4 none]", "rect 0,0 10x10 fill=#000000"]


def test_arc_flags_may_run_into_the_next_number():
    assert parse_path("M0 0a1 1 0 014 4") == parse_path("M0 0a1 1 0 0 1 4 4")
    assert parse_path("M0 0a1 1 0 11.5 2") == parse_path("M0 0a1 1 0 1 1 .5 2")


def test_the_view_box_or_the_size_sets_the_drawing_box():
    assert read_svg(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-5 0 20 10"/>', "x").box == (-5, 0, 20, 10)
    assert read_svg(b'<svg xmlns="http://www.w3.org/2000/svg" width="1in" height="48px"/>', "x").box == (0, 0, 96, 48)


@pytest.mark.parametrize(("svg", "where", "words"), [
    ('<svg viewBox="0 0 9 9">\n  <text>Hi</text></svg>', (2, 3), "SVG element 'text' is not supported"),
    ('<svg viewBox="0 0 9 9"><image href="a.png"/></svg>', (1, 24), "SVG element 'image' is not supported"),
    ('<svg viewBox="0 0 9 9"><svg/></svg>', (1, 24), "nested 'svg' elements are not supported"),
    ('<svg viewBox="0 0 9 9"><rect fill="url(#g)" width="1" height="1"/></svg>', (1, 24),
     "fill 'url(#g)': gradients and patterns are not supported"),
    ('<svg viewBox="0 0 9 9"><g filter="url(#f)"/></svg>', (1, 24), "'filter' is not supported"),
    ('<svg viewBox="0 0 9 9"><path d="M 1 1 L 2"/></svg>', (1, 24), "path data: command 'L' needs 2 numbers"),
    ('<svg viewBox="0 0 9 9"><rect fill="nocolour" width="1" height="1"/></svg>', (1, 24),
     "fill 'nocolour' is not a colour"),
    ('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg/>', (1, 27), "entity declarations are not supported"),
    ('<svg viewBox="0 0 9 9"><rect', (1, 24), "is not well-formed XML"),
    # lines end at line feeds only, as editors count them (found by tests/fuzz: expat also ends one at a lone CR)
    ('<!-- a\rnote -->\n<svg viewBox="0 0 9 9">\n  <g>\n  </g>', (4, 7), "is not well-formed XML (no element found)"),
    ('<svg viewBox="0 0 9 9">\r\n<g>\r\n <rect x="1" x="2"/></g></svg>', (3, 14), "is not well-formed XML"),
    ('<svg viewBox="0 0 9 9"><!-- é\rù -->\n <rect width="1" height="1" filter="url(#f)"/></svg>', (2, 2),
     "'filter' is not supported"),
    ('<svg viewBox="0 0 9 9">\n<desc>ééé</desc><<</svg>', (2, 18), "is not well-formed XML"),
    # found by tests/fuzz: an encoding Python does not know (or not a text one) ended in a LookupError traceback
    ('<?xml version="1.0"\n  encoding="UTxx-8"?><svg/>', (2, 3), "declares the encoding 'UTxx-8', which cannot be"),
    ('<?xml version="1.0" encoding="rot13"?><svg/>', (1, 21), "declares the encoding 'rot13'"),
    ('<?xml version="1.0" encoding="utf-7"?><svg/>', (1, 21), "declares the encoding 'utf-7'"),
    ('<?xml version="1.0" encoding="idna"?><svg/>', (1, 21), "declares the encoding 'idna'"),
    ('<svg/>', (1, 1), "has no viewBox, nor a width and height in absolute units"),
    # found by tests/fuzz: a viewBox with other characters among its numbers ended in a ValueError traceback
    ('<!-- -->\n <svg viewBox="0 0 100\u00a5 100"/>', (2, 2), "viewBox '0 0 100\u00a5 100' must be four numbers"),
    ('<svg viewBox="0 0 9 nine"/>', (1, 1), "viewBox '0 0 9 nine' must be four numbers"),
    ('<svg viewBox="0 0 1e999 9"/>', (1, 1), "viewBox '0 0 1e999 9' must be four numbers"),
    ('<svg width="1e999mm" height="9mm"/>', (1, 1), "has no viewBox, nor a width and height in absolute units"),
    ('<svg viewBox="0 0 1e-300 1e-300"/>', (1, 1), "viewBox '0 0 1e-300 1e-300' must be four numbers"),
    # found by reading it: a transform with numbers it cannot take was left out, and the shape drawn without it
    ('<svg viewBox="0 0 9 9"><g transform="scale(x)"><rect width="1" height="1"/></g></svg>', (1, 24),
     "transform 'scale(x)' cannot be read"),
    ('<svg viewBox="0 0 9 9"><g transform="translate(1, 2, 3)"><rect width="1" height="1"/></g></svg>', (1, 24),
     "transform 'translate(1, 2, 3)' cannot be read"),
    # numbers past what floats carry through a drawing: a traceback in the PDF writer before
    ('<svg viewBox="0 0 9 9"><circle cx="1e999" r="1"/></svg>', (1, 24),
     "'cx' of a circle: '1e999' is not a length within ±1e9"),
    ('<svg viewBox="0 0 9 9"><rect width="1" height="1" stroke="red" stroke-width="1e308"/></svg>', (1, 24),
     "stroke-width '1e308' is not a length within ±1e9"),
    ('<svg viewBox="0 0 9 9"><g transform="scale(1e999)"><rect width="1" height="1"/></g></svg>', (1, 24),
     "transform 'scale(1e999)' cannot be read"),
    ('<svg viewBox="0 0 9 9"><path d="M0 0 A 1e308 1e308 0 0 1 5 5"/></svg>', (1, 24),
     "path data: command 'A': a number is beyond ±1e9"),
    ('<svg viewBox="0 0 9 9"><path d="M0 0' + ' m9e8 0' * 3 + ' l1 1"/></svg>', (1, 24),
     "path data: it reaches beyond ±1e9"),
    ('<svg viewBox="0 0 9 9"><polygon points="0,0 1e999,5 3,3"/></svg>', (1, 24),
     "points of a polygon must be numbers within ±1e9"),
    ('<svg viewBox="0 0 9 9">' + '<g transform="scale(1e9)">' * 2 + '<rect width="1" height="1"/>' + '</g>' * 2
     + '</svg>', (1, 1), "its shapes reach beyond ±1e9 through their transforms"),
    ('<html/>', (1, 1), "is not an SVG file"),
])
def test_what_cannot_be_drawn_is_refused_where_it_is(svg, where, words):
    line, col, message = refused(svg)
    assert (line, col) == where and message.startswith(words), (line, col, message)


def test_unused_definitions_and_other_namespaces_are_left_alone():
    got = lines('<svg xmlns="http://www.w3.org/2000/svg" xmlns:i="urn:x" viewBox="0 0 9 9"><defs>'
                '<linearGradient id="g"/><text>unused</text></defs><i:layer><i:thing/></i:layer><title>t</title>'
                '<rect width="1" height="1" i:label="x"/></svg>')
    assert got == ["rect 0,0 1x1 fill=#000000"]


def test_an_icon_file_loses_its_background_square():
    icon = as_icon(read_svg(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"'
                            b'/><path fill="#fff" d="M10 10h5v5z"/></svg>', "i.svg"))
    assert [s.strip() for s in dump_lines(icon.group)][1:] == ["path M10,10 L15,10 L15,15 Z fill=#ffffff"]


def test_pictures_fit_their_box():
    png = read_picture(_png(200, 100), "p.png")
    contain = place_picture(png, (0, 0, 40, 40))
    (image, _m), = [(p, m) for p, m in walk(contain) if isinstance(p, Image)]
    assert (image.x, image.y, image.w, image.h) == (0, 10, 40, 20)
    cover = place_picture(png, (0, 0, 40, 40), "cover")
    (image, _m), = [(p, m) for p, m in walk(cover) if isinstance(p, Image)]
    assert (image.x, image.y, image.w, image.h) == (-20, 0, 80, 40) and cover.clip is not None
    stretch = place_picture(png, (0, 0, 40, 40), "stretch")
    (image, _m), = [(p, m) for p, m in walk(stretch) if isinstance(p, Image)]
    assert (image.w, image.h) == (40, 40)


def _png(w: int, h: int) -> bytes:
    import io

    from PIL import Image as PILImage

    out = io.BytesIO()
    PILImage.new("RGB", (w, h), "#336699").save(out, "PNG")
    return out.getvalue()


def test_places_count_on_from_the_last_one_asked():
    # The first way to count (from the file's start at every element) made a 2 MB picture take 30 s to read
    # (benchmarks/bench_svg_read.py); counting on must give the same places, asked in order or not.
    from pnpgen.draw.svgfile import _Places

    data = "ab\né\rx\n  ééz\n".encode()
    places = _Places(data)
    wanted = {0: (1, 1), 1: (1, 2), 3: (2, 1), 5: (2, 2), 6: (2, 3), 8: (3, 1), 14: (3, 5), 15: (3, 6)}
    asked = [places.at(i, 0, 0) for i in wanted]  # in order
    assert asked == list(wanted.values())
    assert [places.at(i, 0, 0) for i in (14, 3, 15, 0)] == [wanted[14], wanted[3], wanted[15], wanted[0]]
    assert _Places("x".encode("utf-16")).at(2, 7, 4) == (7, 5), "another encoding: expat's own place"


def test_an_arc_of_radii_far_below_its_chord_is_a_line():
    # Radii of 1e-200 squared underflow to 0: the arc's scaling divided by zero.
    assert lines('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><path d="M0 0 A 1e-200 1e-200 0 0 1 '
                 '5 5"/></svg>') == lines('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">'
                                          '<path d="M0 0 C 0 0 5 5 5 5"/></svg>')


# -- work bounded by what is drawn, not by the file's bytes (issue 38) ------------------------------------------
def use_bomb(levels: int, fan: int = 10) -> str:
    """A small file whose `use` elements draw fan ** levels squares: each level's group uses the one below `fan`
    times."""
    groups = "".join(f'<g id="a{k}">' + f'<use href="#a{k - 1}"/>' * fan + "</g>" for k in range(1, levels + 1))
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><rect id="a0" width="1" height="1"/>'
            f'{groups}</defs>\n  <use href="#a{levels}"/></svg>')


# 1.4 kB drawing 10 million squares (reading it took minutes); 100,000 squares, with the groups and uses that draw
# them 111,111 elements, just past the limit
@pytest.mark.parametrize("levels", [7, 5])
def test_use_elements_that_expand_past_the_limit_are_refused_at_the_outermost_use(levels):
    svg = use_bomb(levels)
    assert len(svg.encode()) < 1500
    assert refused(svg) == (2, 3, "its 'use' elements expand to more than 100,000 elements (the limit for an SVG "
                                  "file once 'use' is expanded)")


def test_use_elements_within_the_limit_draw_every_copy():
    vector = read_svg(use_bomb(4).encode(), "x.svg")  # 10,000 squares
    assert vector.shapes == 10_000


def test_a_small_path_used_many_times_is_counted_by_its_segments():
    # 10 uses of 21 uses of a path of 10,000 segments: the tenth outer use passes 2,000,000 (it is named)
    path = "M0 0" + " l1 0" * 9_999
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><path id="p" d="' + path + '" '
           'stroke="red"/><g id="g">' + '<use href="#p"/>' * 21 + '</g></defs>\n<g>' + '<use href="#g"/>' * 10
           + "</g></svg>")
    assert refused(svg) == (2, 4 + 9 * 16, "draws more than 2,000,000 path segments once its 'use' elements are "
                                           "expanded (the limit for an SVG file)")


def test_elements_nested_past_the_limit_are_refused_where_the_limit_is_passed():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n' + "<g>" * 1000 + '<rect/>' + "</g>" * 1000
    assert refused(svg + "</svg>") == (2, 1 + 3 * 99, "elements nest more than 100 deep (the limit for an SVG file)")
    deepest = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' + '<g transform="scale(1)">' * 98
               + '<rect width="1" height="1"/>' + "</g>" * 98 + "</svg>")
    assert lines(deepest)[-1] == "rect 0,0 1x1 fill=#000000"  # 100 deep with the svg and the rect: drawn


def test_use_elements_that_nest_past_the_limit_are_refused_at_the_outermost_use():
    inner = "<g>" * 60 + '<rect width="1" height="1"/>' + "</g>" * 60
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><g id="in">' + inner + '</g></defs>'
           + "<g>" * 50 + '\n<use href="#in"/>' + "</g>" * 50 + "</svg>")
    assert refused(svg) == (2, 1, "its 'use' elements nest elements more than 100 deep (the limit for an SVG file)")


def test_opacities_of_nested_groups_multiply():
    got = lines('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><rect id="r" width="1" '
                'height="1" opacity="0.5"/></defs><g opacity="0.5"><g opacity="0.5"><use href="#r"/>'
                '<rect width="1" height="1" fill="red" stroke="blue" fill-opacity="0.5"/></g></g></svg>')
    assert got == ["group", "rect 0,0 1x1 fill=#000000 opacity=0.12", "rect 0,0 1x1 fill=#ff0000 opacity=0.12",
                   "rect 0,0 1x1 stroke=#0000ff/1 opacity=0.25"]  # (shown to two places)


def test_style_sheet_rules_are_found_by_name_class_and_id():
    rules = "".join(f".c{k}{{fill:#{k:06x}}}" for k in range(20_000))  # (each element looks only at its own)
    got = lines('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>/* rules */' + rules
                + "rect{fill:red} #me{fill:blue} /* left open" + '</style><rect class="c7 c19999 c7" width="1" '
                'height="1"/><rect id="me" class="c3" width="1" height="1"/><rect width="1" height="1"/></svg>')
    assert got == ["rect 0,0 1x1 fill=#004e1f", "rect 0,0 1x1 fill=#0000ff", "rect 0,0 1x1 fill=#ff0000"]


@pytest.mark.parametrize(("style", "message"), [
    ("a{fill:red} @media print { a{fill:blue} }", "this style sheet holds rules pnpgen cannot read"),
    ("a{fill:red}} b{fill:blue}", "this style sheet holds rules pnpgen cannot read"),
    ("{fill:red}", "this style sheet holds rules pnpgen cannot read"),
    ("a{fill:red", "this style sheet holds rules pnpgen cannot read"),
    ("a b{fill:red}", "CSS selector 'a b' is not supported"),
    ("a" * 100_000, "this style sheet holds rules pnpgen cannot read"),  # (searched from every character: minutes)
])
def test_style_sheets_pnpgen_cannot_read_are_refused(style, message):
    assert refused(f'<svg viewBox="0 0 9 9"><style>{style}</style></svg>')[2].startswith(message)


@pytest.mark.parametrize(("attribute", "message"), [  # a long run of digits ending in a letter took minutes
    ('width="' + "1" * 100_000 + 'x"', "'width' of a rect: '111"), ('stroke-dasharray="' + "1" * 100_000 + 'x"',
                                                                     "stroke-dasharray '111"),
])
def test_lengths_that_are_no_numbers_are_refused(attribute, message):
    svg = f'<svg viewBox="0 0 9 9"><rect height="1" width="1" stroke="red" {attribute}/></svg>'
    got = refused(svg.replace('width="1" ', "", 1) if attribute.startswith("width") else svg)[2]
    assert got.startswith(message) and "1" * 57 + "..." in got and len(got) < 200  # (the value quoted cut short)


def test_a_transform_cut_short_is_refused():
    assert refused('<svg viewBox="0 0 9 9"><g transform="' + "matrix(1 " * 20_000 + '"/></svg>')[2].startswith(
        "transform 'matrix(1 matrix(1")
