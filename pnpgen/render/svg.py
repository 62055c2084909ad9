"""The SVG writer (ElementTree, through svgxml): a Drawing drawn primitive by primitive, in mm; no layout here."""

from __future__ import annotations

import base64

from ..draw import fonts
from ..draw.glyphs import outlines
from ..draw.primitives import Circle, Drawing, Group, Image, Rect, Style, Text
from . import svgxml


def num(v: float) -> str:
    """A number as SVG text: at most three decimals, no trailing zeros."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def num6(v: float) -> str:
    """A small factor as SVG text: six decimals at most."""
    return f"{v:.6f}".rstrip("0").rstrip(".")


def path_data(ops) -> str:
    """SVG path data of path operations."""
    parts = []
    for op in ops:
        parts.append(op[0] + (" " + " ".join(num(v) for v in op[1:]) if len(op) > 1 else ""))
    return " ".join(parts)


def write_svg(drawing: Drawing, fontset: fonts.FontSet | None = None) -> bytes:
    """The SVG document of a drawing, sized in mm; the same drawing gives the same bytes; text names the
    families of `fontset` (the font set in use if None)."""
    with fonts.using(fontset or fonts.active()):
        return _write_svg(drawing)


def _write_svg(drawing: Drawing) -> bytes:
    w, h = drawing.width, drawing.height
    dwg = svgxml.Drawing(size=(f"{num(w)}mm", f"{num(h)}mm"), viewBox=f"0 0 {num(w)} {num(h)}")
    if drawing.title:
        dwg.set_title(drawing.title)
    painter = _SvgPainter(dwg)
    painter.draw(drawing.root, dwg)
    return ('<?xml version="1.0" encoding="utf-8" ?>\n' + dwg.tostring() + "\n").encode("utf-8")


class _SvgPainter:
    def __init__(self, dwg: svgxml.Drawing):
        self.dwg = dwg
        self.clips = 0
        self.glyphs: set[str] = set()

    def attrs(self, st: Style) -> dict:
        a = {"fill": st.fill or "none"}
        if st.stroke and st.width > 0:
            a["stroke"] = st.stroke
            a["stroke_width"] = num(st.width)
            if st.cap != "butt":
                a["stroke_linecap"] = st.cap
            if st.join != "miter":
                a["stroke_linejoin"] = st.join
            if st.dash:
                a["stroke_dasharray"] = " ".join(num(d) for d in st.dash)
        if st.opacity != 1.0:
            a["opacity"] = num(st.opacity)
        return a

    def image(self, item: Image):
        """A PNG or JPEG stretched over its box, its file's bytes inline as a data URI (the same file gives the
        same text)."""
        uri = f"data:image/{item.raster.format};base64," + base64.b64encode(item.raster.data).decode("ascii")
        return self.dwg.image(href=uri, insert=(num(item.x), num(item.y)), size=(num(item.w), num(item.h)),
                              preserveAspectRatio="none")

    def text(self, item: Text):
        """A line of text as its font's glyph outlines (a <use> of each glyph's path, defined once a file), placed
        as the layout measured it: the same on a machine without the font. aria-label keeps the words."""
        face = fonts.face(item.font)
        glyphs = outlines(face.pdf_name)
        scale = item.size / glyphs.units
        width = fonts.width(item.text, item.size, item.font)
        x = item.x - (width if item.anchor == "end" else width / 2 if item.anchor == "middle" else 0.0)
        g = self.dwg.g(transform=f"matrix({num6(scale)} 0 0 {num6(-scale)} {num(x)} {num(item.y)})",
                       fill=item.colour)
        g["aria-label"] = item.text
        if item.opacity != 1.0:
            g["opacity"] = num(item.opacity)
        at = 0.0
        for char in item.text:
            gid = glyphs.glyph(char)
            data = glyphs.path(gid)
            if data:
                key = f"{face.pdf_name[4:12]}-{gid}"
                if key not in self.glyphs:
                    self.glyphs.add(key)
                    self.dwg.defs.add(self.dwg.path(d=data, id=f"g{key}"))
                use = svgxml.Element("use", x=num(at / scale) if at else None)
                use["xlink:href"] = f"#g{key}"
                g.add(use)
            at += fonts.width(char, item.size, item.font)
        return g

    def shape(self, item):
        d = self.dwg
        if isinstance(item, Rect):
            extra = {"rx": num(item.r), "ry": num(item.r)} if item.r else {}
            return d.rect(insert=(num(item.x), num(item.y)), size=(num(item.w), num(item.h)), **extra)
        if isinstance(item, Circle):
            return d.circle(center=(num(item.cx), num(item.cy)), r=num(item.r))
        el = d.path(d=path_data(item.ops))
        if item.even_odd:
            el["fill-rule"] = "evenodd"
        return el

    def draw(self, item, parent) -> None:
        d = self.dwg
        if isinstance(item, Group):
            g = d.g()
            if item.anchor:
                g["id"] = item.anchor
            if item.transform:
                g["transform"] = "matrix(" + " ".join(num(v) for v in item.transform) + ")"
            if item.clip is not None:
                self.clips += 1
                cid = f"clip{self.clips}"
                cp = d.defs.add(d.clip_path(id=cid))
                cp.add(self.shape(item.clip))
                # the clip applies in the group's own (transformed) coordinates
                inner = d.g(clip_path=f"url(#{cid})")
                g.add(inner)
                target = inner
            else:
                target = g
            for child in item.items:
                self.draw(child, target)
            parent.add(g)
            return
        if isinstance(item, Text):
            parent.add(self.text(item))
            return
        if isinstance(item, Image):
            parent.add(self.image(item))
            return
        st = item.style
        if not st.fill and not (st.stroke and st.width > 0):
            return
        el = self.shape(item)
        for k, v in self.attrs(st).items():
            el[k.replace("_", "-")] = v
        parent.add(el)
