"""The PDF writer (reportlab): draws Drawing pages primitive by primitive; no layout happens here."""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.pdfgeom import bezierArc

from ..draw import fonts
from ..draw.bounds import ink_box
from ..draw.colour import rgb
from ..draw.primitives import Circle, Drawing, Group, Image, Path, Raster, Rect, Style, Text
from ..draw.units import MM_PER_PT

MM = 1.0 / MM_PER_PT  # points per mm
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


def _image_reader(raster: Raster) -> ImageReader:
    """What reportlab embeds for a raster: a JPEG's own bytes, else its pixels as RGB, RGBA or grey."""
    if raster.format == "jpeg":
        return ImageReader(io.BytesIO(raster.data))
    from PIL import Image as PILImage

    im = PILImage.open(io.BytesIO(raster.data))
    if im.mode in ("P", "PA", "LA", "La", "RGBa") or "transparency" in im.info:
        im = im.convert("RGBA")
    elif im.mode not in ("RGB", "RGBA", "L"):
        im = im.convert("RGB")  # 16-bit and other modes
    return ImageReader(im)


@lru_cache(maxsize=512)
def _rgb(colour: str) -> tuple[float, float, float]:
    return rgb(colour)


@dataclass(frozen=True)
class PageBoxes:
    """A page's TrimBox and BleedBox, as (x, y, width, height) in mm from the page's top left."""

    trim: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]


def write_pdf(pages: list[Drawing], title: str = "", author: str = "", subject: str = "",
              duplex: str | None = None, fontset: fonts.FontSet | None = None,
              boxes: list[PageBoxes | None] | None = None) -> bytes:
    """The PDF bytes of the pages: fonts embedded (subset), byte-identical for the same pages; duplex sets a
    viewer hint; text is set in `fontset` (the font set in use if None); `boxes` gives pages a TrimBox and
    BleedBox (print shops read them)."""
    with fonts.using(fontset or fonts.active()):
        return _write_pdf(pages, title, author, subject, duplex, boxes)


def _pdf_box(page: Drawing, box: tuple[float, float, float, float]) -> list[float]:
    """A box in mm from the top left as PDF points from the bottom left: [x0, y0, x1, y1]."""
    x, y, w, h = box
    return [round(v * MM, 3) for v in (x, page.height - y - h, x + w, page.height - y)]


def _write_pdf(pages: list[Drawing], title: str, author: str, subject: str, duplex: str | None,
               boxes: list[PageBoxes | None] | None = None) -> bytes:
    buf = io.BytesIO()
    first = pages[0] if pages else Drawing(210, 297, Group())
    c = Canvas(buf, pagesize=(first.width * MM, first.height * MM), invariant=1, pageCompression=1,
               initialFontName=fonts.pdf_name("regular"))
    c.setTitle(title)
    c.setAuthor(author)
    c.setSubject(subject)
    c.setCreator("pnpgen")
    c.setProducer("pnpgen (reportlab)")
    c.setViewerPreference("PrintScaling", "None")
    if duplex:
        c.setViewerPreference("Duplex", duplex)
    painter = _PdfPainter(c, shared_groups(pages))
    for n, page in enumerate(pages):
        c.setPageSize((page.width * MM, page.height * MM))
        if boxes is not None:
            box = boxes[n]
            c.setTrimBox(_pdf_box(page, box.trim) if box else None)
            c.setBleedBox(_pdf_box(page, box.bleed) if box else None)
        c.saveState()
        c.transform(MM, 0, 0, -MM, 0, page.height * MM)  # mm, origin top left, y down
        painter.known = {}  # a page starts in PDF's default graphics state
        painter.draw(page.root)
        c.restoreState()
        c.showPage()
    c.save()
    return tagged_subsets(buf.getvalue())


SUBSET_NAME = re.compile(rb"/(BaseFont|FontName) /([A-Z]{6})\+([^\s/<>\[\]()]+)")


def tagged_subsets(data: bytes) -> bytes:
    """A PDF whose font subsets are tagged from its own bytes: reportlab tags every document's first subset of a
    face AAAAAA (the second AAAAAB ...), so two kits a print shop merges would carry different subsets under one
    name. The new tag (six capitals, as the PDF format asks) is drawn from a digest of the file and the old name:
    the same pages give the same bytes, other pages other tags. Each name keeps its length (no offset moves)."""
    digest = hashlib.blake2b(data, digest_size=16).digest()
    tags: dict[bytes, bytes] = {}

    def retag(m: re.Match) -> bytes:
        name = m.group(2) + b"+" + m.group(3)
        if name not in tags:
            h = hashlib.blake2b(digest + name, digest_size=6).digest()
            tags[name] = bytes(65 + b % 26 for b in h)
        return b"/" + m.group(1) + b" /" + tags[name] + b"+" + m.group(3)
    return SUBSET_NAME.sub(retag, data)


FORM_LEAST = 8  # primitives a group drawn more than once holds at least, to be written once as a form


def shared_groups(pages: list[Drawing]) -> set[int]:
    """The groups (by identity) that the pages draw more than once and that hold FORM_LEAST primitives or more: a
    deck's card back, the copies of a card or token. Each is written once, as a form the pages use. A group with
    anything translucent in it is drawn each time: reportlab's forms leave out the transparency they use."""
    seen: dict[int, int] = {}
    size: dict[int, int] = {}
    translucent: set[int] = set()

    def visit(group: Group) -> tuple[int, bool]:
        key = id(group)
        if key in seen:
            seen[key] += 1
            return size[key], key in translucent
        seen[key] = 1
        total, clear = 0, True
        for child in group.items:
            if isinstance(child, Group):
                n, see_through = visit(child)
            else:
                style = getattr(child, "style", None)
                n, see_through = 1, getattr(child, "opacity", 1.0) != 1.0 or (style is not None and
                                                                             style.opacity != 1.0)
            total += n
            clear = clear and not see_through
        size[key] = total
        if not clear:
            translucent.add(key)
        return total, not clear

    for page in pages:
        visit(page.root)
    return {key for key, n in seen.items() if n > 1 and size[key] >= FORM_LEAST and key not in translucent}


class _PdfPainter:
    def __init__(self, c: Canvas, shared: set[int] | None = None):
        self.c = c
        self.images: dict[str, ImageReader] = {}  # by the file's digest: each image is decoded once a document
        self.shared = shared or set()
        self.forms: dict[int, str] = {}  # a shared group's form, once written
        self.names: dict[str, str] = {}  # the PDF font name of each style, as the font set in use gives it
        self.shown: dict[tuple[str, float, str], str] = {}  # what a line of text shows, by font, size and text
        # The colours and strokes the graphics state holds now, as set: each is written only when it changes.
        self.known: dict[str, object] = {}
        self.saved: list[dict[str, object]] = []

    def save(self) -> None:
        self.c.saveState()
        self.saved.append(dict(self.known))

    def restore(self) -> None:
        self.c.restoreState()
        self.known = self.saved.pop()

    def form(self, group: Group) -> None:
        """A shared group: written as a form the first time, then used where it is drawn."""
        name = self.forms.get(id(group))
        if name is None:
            name = self.forms[id(group)] = f"pnpgen{len(self.forms)}"
            box = ink_box(group) or (0.0, 0.0, 0.0, 0.0)
            room = 10.0  # (a form shows nothing outside its box: strokes and text may reach past the ink box)
            self.c.beginForm(name, box[0] - room, box[1] - room, box[2] + room, box[3] + room)
            self.saved.append(self.known)
            self.known = {}  # a form starts in the state of wherever it is used: nothing is known
            self.group(group)
            self.known = self.saved.pop()
            self.c.endForm()
        self.c.doForm(name)

    def group(self, item: Group) -> None:
        """A group's items, moved and clipped as it says."""
        # Each primitive sets the colours and strokes it uses (and keeps dashes and opacity to itself), so only a
        # group that moves or clips what it holds needs a graphics state of its own. It writes PDF's q, cm and Q
        # itself, as reportlab's saveState, transform and restoreState would after a q: nothing in it changes
        # what reportlab keeps of the state (what does, opacity and dashes, saves the state through reportlab).
        own = bool(item.transform) or item.clip is not None
        if own:
            code = self.c._code
            code.append("q")
            self.saved.append(dict(self.known))
            if item.transform:
                code.append(f"{fp_str(*item.transform)} cm")
            if item.clip is not None:
                self.clip(item.clip)
        for child in item.items:
            self.draw(child)
        if own:
            code.append("Q")
            self.known = self.saved.pop()

    def style(self, st: Style) -> tuple[bool, bool]:
        """Set what a shape's style needs that the graphics state does not hold yet; (fills, strokes)."""
        c, known, code = self.c, self.known, self.c._code
        if st.fill and known.get("fill") != st.fill:
            code.append(_colour_op(st.fill, "rg"))
            known["fill"] = st.fill
        do_stroke = bool(st.stroke) and st.width > 0
        if do_stroke:
            if known.get("stroke") != st.stroke:
                code.append(_colour_op(st.stroke, "RG"))
                known["stroke"] = st.stroke
            if known.get("width") != st.width:
                code.append(f"{fp_str(st.width)} w")
                known["width"] = st.width
            if known.get("cap") != st.cap:
                code.append(f"{_CAPS[st.cap]} J")
                known["cap"] = st.cap
            if known.get("join") != st.join:
                code.append(f"{_JOINS[st.join]} j")
                known["join"] = st.join
            if st.dash:  # (in a graphics state of its own: outside one, lines are always solid)
                c.setDash(list(st.dash), 0)
        if st.opacity != 1.0:
            c.setFillAlpha(st.opacity)
            c.setStrokeAlpha(st.opacity)
        return bool(st.fill), do_stroke

    def draw(self, item) -> None:
        if isinstance(item, Group):
            if id(item) in self.shared:
                self.form(item)
            else:
                self.group(item)
            return
        if isinstance(item, Text):
            self.text(item)
            return
        if isinstance(item, Image):
            self.image(item)
            return
        st = item.style
        if not st.fill and not (st.stroke and st.width > 0):
            return
        needs_state = st.opacity != 1.0 or bool(st.dash)
        if needs_state:
            self.save()
        f, s = self.style(st)
        self.shape(item, int(s), int(f))
        if needs_state:
            self.restore()

    def shape(self, item: Rect | Circle | Path, stroke: int, fill: int) -> None:
        """A shape's outline, stroked and filled, written as reportlab's rect, roundRect, circle and drawPath write
        it (tests/render/test_pdf_shapes.py holds the two alike)."""
        code = self.c._code
        if isinstance(item, Rect) and not item.r:
            code.append(f"n {fp_str(item.x, item.y, item.w, item.h)} re {PATH_OPS[stroke, fill, self.c._fillMode]}")
        elif isinstance(item, Rect):
            self.c.roundRect(item.x, item.y, item.w, item.h, item.r, stroke=stroke, fill=fill)
        elif isinstance(item, Circle):
            code += _circle(item.cx, item.cy, item.r)
            code.append(PATH_OPS[stroke, fill, self.c._fillMode])
        else:
            code.append(_path_code(item.ops))
            code.append(PATH_OPS[stroke, fill, FILL_EVEN_ODD if item.even_odd else FILL_NON_ZERO])

    def clip(self, shape: Rect | Circle | Path) -> None:
        """Clip to a shape's outline, as reportlab's clipPath writes it."""
        even_odd = self.c._fillMode == FILL_EVEN_ODD
        self.c._code.append(f"{_outline_code(shape)}{' W* ' if even_odd else ' W '}n")

    def text(self, item: Text) -> None:
        """A line of text, upright in the page's y-down space, its anchor at (x, y)."""
        name = self.names.get(item.font)
        if name is None:
            name = self.names[item.font] = fonts.pdf_name(item.font)
        x = item.x
        if item.anchor != "start":
            width = stringWidth(item.text, name, item.size)
            x -= width if item.anchor == "end" else width / 2
        if item.opacity != 1.0:
            self.save()
            self.c.setFillAlpha(item.opacity)
        self.text_object(item, name, x)
        if item.opacity != 1.0:
            self.restore()

    def text_object(self, item: Text, name: str, x: float) -> None:
        """The text object reportlab's beginText, setTextTransform, setFont, setFillColorRGB, textOut and drawText
        write for a line in an embedded TrueType font, written at once: the same bytes, without building an object
        for each line (tests/render/test_pdf_text.py holds the two alike)."""
        key = (name, item.size, item.text)
        shown = self.shown.get(key)
        if shown is None:  # (a line's glyphs keep the subset codes they are given first, for the whole document)
            shown = self.shown[key] = self._shown(name, item.size, item.text)
        colour = ""
        if self.known.get("fill") != item.colour:
            self.known["fill"] = item.colour
            colour = _colour_op(item.colour, "rg") + " "
        # (fp_str writes each number alike, alone or among others: the text matrix is reportlab's, byte for byte)
        self.c._code.append(f"BT 1 0 0 1 0 0 Tm 1 0 0 -1 {fp_str(x, item.y)} Tm {colour}{shown} ET")

    def _shown(self, name: str, size: float, text: str) -> str:
        """A line's font selections and shown strings, as a text object's textOut writes them."""
        c = self.c
        font, doc = getFont(name), c._doc
        sized = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
        shown, subset_now = [], -1
        for subset, chunk in font.splitString(text, doc):
            if subset != subset_now:
                shown.append(f"{font.getSubsetInternalName(subset, doc)} {sized}")
                subset_now = subset
            shown.append(f"({c._escape(chunk)}) Tj")
        return " ".join(shown)

    def image(self, item: Image) -> None:
        """A PNG or JPEG stretched over its box; reportlab stores each image once in the file, however often it is
        drawn (JPEG data as it is, PNG pixels compressed without loss, transparency as a soft mask)."""
        reader = self.images.get(item.raster.digest)
        if reader is None:
            reader = self.images[item.raster.digest] = _image_reader(item.raster)
        c = self.c
        self.save()
        c.transform(item.w, 0, 0, -item.h, item.x, item.y + item.h)  # the unit square, right way up
        c.drawImage(reader, 0, 0, 1, 1, mask="auto")
        self.restore()



@lru_cache(maxsize=1024)
def _colour_op(colour: str, op: str) -> str:
    """Setting a fill (rg) or stroke (RG) colour."""
    return f"{fp_str(_rgb(colour))} {op}"


@lru_cache(maxsize=1024)
def _circle(cx: float, cy: float, r: float) -> tuple[str, ...]:
    """A drawn circle's path as reportlab's canvas writes it: a move, then four curves (a symbol's circle repeats)."""
    x1, y1, x2, y2 = cx - r, cy - r, cx + r, cy + r  # (canvas.circle, then its ellipse, to the last bit)
    return _arc_code(x1, y1, x1 + (x2 - x1), y1 + (y2 - y1))


@lru_cache(maxsize=256)
def _circle_outline(cx: float, cy: float, r: float) -> tuple[str, ...]:
    """A circle's path as reportlab's path object writes it (a clip's)."""
    x1, y1 = cx - r, cy - r
    return _arc_code(x1, y1, x1 + 2 * r, y1 + 2 * r)


def _arc_code(x1: float, y1: float, x2: float, y2: float) -> tuple[str, ...]:
    curves = bezierArc(x1, y1, x2, y2, 0, 360)
    return ("n", f"{fp_str(*curves[0][:2])} m", *(f"{fp_str(*curve[2:])} c" for curve in curves))


def _path_code(ops) -> str:
    """A path's operations on one line, as reportlab's path object writes them (which takes only a path that
    starts with a move)."""
    if ops and ops[0][0] != "M":
        raise ValueError(f"a path must start with a move (M), not {ops[0][0]}")
    parts = []
    for op in ops:
        k = op[0]
        if k == "M":
            parts.append(f"{fp_str(op[1], op[2])} m")
        elif k == "L":
            parts.append(f"{fp_str(op[1], op[2])} l")
        elif k == "C":
            parts.append(f"{fp_str(*op[1:])} c")
        else:
            parts.append("h")
    return " ".join(["n", *parts]) if parts else ""


def _outline_code(shape: Rect | Circle | Path) -> str:
    """A shape's outline as reportlab's path object writes it, unpainted."""
    if isinstance(shape, Rect) and not shape.r:
        return f"n {fp_str(shape.x, shape.y, shape.w, shape.h)} re"
    if isinstance(shape, Rect):
        p = PDFPathObject()
        p.roundRect(shape.x, shape.y, shape.w, shape.h, shape.r)
        return p.getCode()
    if isinstance(shape, Circle):
        return " ".join(_circle_outline(shape.cx, shape.cy, shape.r))
    return _path_code(shape.ops)
