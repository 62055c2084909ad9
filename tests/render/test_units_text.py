"""Units, text boxes (wrapping, alignment, shrinking, inline icons on the baseline) and SVG path data."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpgen.draw import fonts
from pnpgen.draw.geometry import apply
from pnpgen.draw.primitives import Group, Rect, Style, Text, walk
from pnpgen.draw.svgpath import parse_path
from pnpgen.draw.text import TextStyle, markers, text_box
from pnpgen.draw.units import parse_length, pt


@pytest.mark.parametrize("value, mm", [(12, 12.0), ("3mm", 3.0), ("0.5in", 12.7), ("72pt", 25.4), ("1cm", 10.0),
                                       (" 2.5 mm ", 2.5), (".5in", 12.7)])
def test_lengths_read_units(value, mm):
    assert parse_length(value) == pytest.approx(mm)


@pytest.mark.parametrize("value", ["3 furlongs", "mm", "", True, None, [3]])
def test_bad_lengths_are_refused(value):
    with pytest.raises(ValueError):
        parse_length(value)


def _texts(group):
    return [(p, m) for p, m in walk(group) if isinstance(p, Text)]


def _right_edge(text: Text, m) -> float:
    w = fonts.width(text.text, text.size, text.font)
    x = {"start": text.x, "middle": text.x - w / 2, "end": text.x - w}[text.anchor]
    return apply(m, x + w, text.y)[0]


@pytest.mark.slow
@given(st.lists(st.sampled_from(["sail", "Reach", "hexes", "wind", "a", "Sick", "Bay", "{blue}", "**Fire**"]),
                min_size=1, max_size=40), st.floats(20, 80))
def test_wrapped_lines_stay_inside_the_box(words, width):
    laid = text_box(" ".join(words), (5, 5, width, 200), TextStyle(size=pt(8)), lambda *a: None)
    for t, m in _texts(laid.group):
        assert apply(m, t.x, t.y)[0] >= 5 - 1e-6
        assert _right_edge(t, m) <= 5 + width + 1e-6


def test_long_text_wraps_and_reports_its_height():
    laid = text_box("word " * 60, (0, 0, 40, 500), TextStyle(size=pt(8)))
    assert laid.lines > 5
    assert laid.height == pytest.approx(fonts.ASCENT * pt(8) + (laid.lines - 1) * 1.22 * pt(8)
                                        + fonts.DESCENT * pt(8))


def test_text_shrinks_to_fit_down_to_its_minimum():
    style = TextStyle(size=pt(12), min_size=pt(6))
    laid = text_box("one two three four five six seven eight nine ten", (0, 0, 30, 12), style)
    assert laid.fits and laid.size < pt(12)
    tight = text_box("one two three four five six seven eight nine ten " * 5, (0, 0, 30, 12), style)
    assert not tight.fits and tight.size == pytest.approx(pt(6))


def test_centred_text_is_centred_in_its_box():
    laid = text_box("Reach", (10, 0, 40, 10), TextStyle(size=pt(10), align="center"))
    (t, m), = _texts(laid.group)
    assert t.anchor == "middle" and t.x == pytest.approx(30)


def test_inline_icon_sits_on_the_baseline_and_text_flows_around_it():
    boxes = []

    def icon(name, x, top, size, colour):
        boxes.append((name, x, top, size))
        return Group((Rect(x, top, size, size, Style(fill=colour)),))

    laid = text_box("Needs a {blue} hex", (0, 0, 80, 20), TextStyle(size=pt(8)), icon)
    (name, x, top, size), = boxes
    texts = [t for t, _ in _texts(laid.group)]
    baseline = texts[0].y
    assert name == "blue"
    assert top + size == pytest.approx(baseline)  # the icon's bottom is the text's baseline
    assert _right_edge(texts[0], (1, 0, 0, 1, 0, 0)) <= x + 1e-6  # it follows "Needs a"
    assert texts[1].x >= x + size - 1e-6  # and "hex" follows it
    assert markers("a {blue} and {sail}.") == ["blue", "sail"]


def test_bold_spans_use_the_bold_face():
    laid = text_box("plain **strong** plain", (0, 0, 80, 10), TextStyle(size=pt(8)))
    faces = {t.text.strip(): t.font for t, _ in _texts(laid.group)}
    assert faces["strong"] == "bold" and faces["plain"] == "regular"


def test_text_is_set_as_written_and_the_default_face_covers_latin_1_and_extended_a():
    laid = text_box("Łódź → 60° ± 2", (0, 0, 80, 10), TextStyle(size=pt(8)))
    assert "".join(t.text for t, _ in _texts(laid.group)) == "Łódź → 60° ± 2"  # nothing replaced by '?'
    wanted = [chr(c) for c in range(0xA0, 0x180)]  # Latin-1 Supplement and Latin Extended-A
    for style in fonts.STYLES:
        assert fonts.face(style).lacks("".join(wanted)) == []
    assert fonts.face().lacks("a\u4e00b\u4e00") == ["\u4e00"]  # a CJK ideograph: not in DejaVu Sans


def test_svg_path_data_becomes_moves_lines_and_cubics():
    ops = parse_path("M10 10 h 20 v 20 H 10 Z m 5 5 q 10 -10 20 0 a 5 5 0 0 1 10 0 z")
    kinds = [op[0] for op in ops]
    assert kinds[:5] == ["M", "L", "L", "L", "Z"]
    assert ops[5] == ("M", 15.0, 15.0)
    assert set(kinds[6:]) <= {"C", "Z"}
    end = [op for op in ops if op[0] == "C"][-1]
    assert end[-2:] == pytest.approx((45.0, 15.0))
    with pytest.raises(ValueError):
        parse_path("M 10 10 L 20")
    with pytest.raises(ValueError):
        parse_path("10 10 L 20 20")
    with pytest.raises(ValueError, match="command 'Z' takes no numbers"):  # (was an IndexError: a traceback)
        parse_path("M 0 0 L 10 0 Z 5 5")


def test_smooth_curves_reflect_only_their_own_kind_of_control_point():
    cubic = parse_path("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0")
    assert cubic[2][1:3] == pytest.approx((10.0, -10.0))  # the last control point (10, 10) mirrored through (10, 0)
    after_quadratic = parse_path("M 0 0 Q 5 10 10 0 S 20 -10 20 0")
    assert after_quadratic[2][1:3] == pytest.approx((10.0, 0.0))  # a quadratic's control point is not reflected
    quadratic = parse_path("m 0 0 q 5 10 10 0 t 10 0")
    assert quadratic[2][-2:] == pytest.approx((20.0, 0.0))
    assert quadratic[2][1:3] == pytest.approx((10 + 2 / 3 * 5, -2 / 3 * 10))  # the control (15, -10), made cubic


def test_arcs_are_on_the_circle():
    ops = parse_path("M 0 50 A 50 50 0 0 1 100 50")
    assert len(ops) >= 2
    for op in ops[1:]:
        x, y = op[-2], op[-1]
        assert math.hypot(x - 50, y - 50) == pytest.approx(50, abs=1e-6)
