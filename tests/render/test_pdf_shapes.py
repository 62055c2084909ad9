"""The PDF writer's shapes and clips: written as reportlab's own canvas and path object write them, byte for byte."""

from __future__ import annotations

import pytest
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

from pnpgen.draw.primitives import Circle, Drawing, Group, Path, Rect, Style, Text
from pnpgen.render import pdf
from pnpgen.render.pdf import _rgb, write_pdf

HEX = (("M", 10.0, 5.0), ("L", 20.25, 5.0), ("L", 25.5, 14.1), ("L", 20.25, 23.2), ("L", 10.0, 23.2), ("Z",))
DROP = (("M", 50.0, 10.0), ("C", 60.0, 10.0, 65.5, 20.0, 50.0, 40.0), ("C", 34.5, 20.0, 40.0, 10.0, 50.0, 10.0),
        ("Z",), ("M", 48.0, 20.0), ("L", 52.0, 20.0), ("L", 50.0, 24.0), ("Z",))
SHAPES = (
    Rect(5, 5, 40, 60, Style(fill="#FAF6EE")),
    Rect(5, 5, 40, 60, Style(stroke="#222222", width=0.6), r=2.5),
    Rect(8, 8, 34, 54, Style(fill="#1B3A5C", stroke="#ffffff", width=0.2, join="round"), r=1.2),
    Circle(25, 30, 8, Style(fill="#E0B000")),
    Circle(25, 30, 8, Style(stroke="#A32A24", width=1.5, cap="round")),
    Circle(25, 30, 4, Style(fill="#A32A24", stroke="#222222", width=0.25, cap="square", join="bevel")),
    *(Circle(195.7189 - k * 13.3, 40.317 + k * 7.77, 4.56685 + k * 0.913, Style(fill="#222222")) for k in range(9)),
    Path(HEX, Style(fill="#4A90D9", stroke="#222222", width=0.3)),
    Path(DROP, Style(fill="#A32A24"), even_odd=True),
    Path(DROP, Style(fill="#A32A24", stroke="#000000", width=0.1)),
    Path(HEX, Style(stroke="#222222", width=0.4, dash=(1.0, 0.5))),
    Rect(60, 5, 10, 10, Style(fill="#000000", opacity=0.4)),
    Rect(60, 20, 10, 10, Style()),  # (paints nothing: not written at all)
    Path((), Style(fill="#000000")),
)
CLIPS = (Rect(0, 0, 30, 30, Style()), Rect(2, 2, 30, 30, Style(), r=3), Circle(20, 20, 15, Style()),
         Path(HEX, Style()), *(Circle(195.7189 - k * 13.3, 40.317 + k * 7.77, 4.56685 + k * 0.913, Style())
                               for k in range(9)))


class _ReportlabShapes(pdf._PdfPainter):
    """The painter with its groups, shapes, colours, strokes and clips written through reportlab's canvas and path
    object."""

    def group(self, item: Group) -> None:
        own = bool(item.transform) or item.clip is not None
        if own:
            self.save()
            if item.transform:
                self.c.transform(*item.transform)
            if item.clip is not None:
                self.clip(item.clip)
        for child in item.items:
            self.draw(child)
        if own:
            self.restore()

    def style(self, st: Style) -> tuple[bool, bool]:
        c, known = self.c, self.known
        if st.fill and known.get("fill") != st.fill:
            c.setFillColorRGB(*_rgb(st.fill))
            known["fill"] = st.fill
        do_stroke = bool(st.stroke) and st.width > 0
        if do_stroke:
            if known.get("stroke") != st.stroke:
                c.setStrokeColorRGB(*_rgb(st.stroke))
                known["stroke"] = st.stroke
            if known.get("width") != st.width:
                c.setLineWidth(st.width)
                known["width"] = st.width
            if known.get("cap") != st.cap:
                c.setLineCap(pdf._CAPS[st.cap])
                known["cap"] = st.cap
            if known.get("join") != st.join:
                c.setLineJoin(pdf._JOINS[st.join])
                known["join"] = st.join
            if st.dash:
                c.setDash(list(st.dash), 0)
        if st.opacity != 1.0:
            c.setFillAlpha(st.opacity)
            c.setStrokeAlpha(st.opacity)
        return bool(st.fill), do_stroke

    def shape(self, item, stroke: int, fill: int) -> None:
        c = self.c
        if isinstance(item, Rect) and not item.r:
            c.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
        elif isinstance(item, Rect):
            c.roundRect(item.x, item.y, item.w, item.h, item.r, stroke=stroke, fill=fill)
        elif isinstance(item, Circle):
            c.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
        else:
            c.drawPath(self._path(item), stroke=stroke, fill=fill,
                       fillMode=FILL_EVEN_ODD if item.even_odd else FILL_NON_ZERO)

    def clip(self, shape) -> None:
        self.c.clipPath(self._path(shape), stroke=0, fill=0)

    def _path(self, shape):
        p = self.c.beginPath()
        if isinstance(shape, Rect) and shape.r:
            p.roundRect(shape.x, shape.y, shape.w, shape.h, shape.r)
        elif isinstance(shape, Rect):
            p.rect(shape.x, shape.y, shape.w, shape.h)
        elif isinstance(shape, Circle):
            p.circle(shape.cx, shape.cy, shape.r)
        else:
            for op in shape.ops:
                {"M": p.moveTo, "L": p.lineTo, "C": p.curveTo, "Z": lambda: p.close()}[op[0]](*op[1:])
        return p


def _pages() -> list[Drawing]:
    clipped = tuple(Group(SHAPES[:8], transform=(0.5, 0, 0, 0.5, 80 + 35 * k, 10.25 * k), clip=clip)
                    for k, clip in enumerate(CLIPS))
    turned = Group(SHAPES, transform=(0, 1, -1, 0, 200, 100))
    label = Text(10, 120, "a label between shapes", 3.0, "#222222")
    return [Drawing(210, 297, Group((*SHAPES, *clipped, label, turned))),
            Drawing(210, 297, Group((turned, *SHAPES[3:6], *reversed(SHAPES))))]


def test_shapes_strokes_and_clips_are_written_as_reportlab_writes_them(monkeypatch):
    pages = _pages()
    ours = write_pdf(pages)
    monkeypatch.setattr(pdf, "_PdfPainter", _ReportlabShapes)
    theirs = write_pdf(pages)
    assert ours == theirs
    assert len(ours) > 2000  # (the shapes are there: compressed, the two pages' drawing takes this much at least)


def test_a_path_that_does_not_start_with_a_move_is_refused_as_reportlab_refuses_it():
    with pytest.raises(ValueError, match="a path must start with a move"):
        write_pdf([Drawing(210, 297, Group((Path((("L", 1.0, 2.0), ("L", 3.0, 4.0)), Style(fill="#000000")),)))])
