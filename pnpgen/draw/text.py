"""Text boxes: wrapping, alignment, **bold** spans and {icon} markers sitting on the baseline."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import Loc
from . import fonts
from .primitives import Group, Item, Text, TextFit
from .units import pt

# (name, x, top, size, colour) -> drawing of an inline icon filling the square [x, x+size] x [top, top+size]
IconDrawer = Callable[[str, float, float, float, str], Item | None]
MARKER_RE = re.compile(r"\{([A-Za-z0-9_-]+)\}")
CLEAR_MM = 1.5  # how far text keeps from a strip of its piece it is not part of (a card's footer band)


@dataclass(frozen=True)
class TextStyle:
    """How a text box sets its text; sizes in mm."""

    size: float = pt(8)
    colour: str = "#222222"
    bold: bool = False
    italic: bool = False
    align: str = "left"  # left | center | right
    valign: str = "top"  # top | middle | bottom
    leading: float = 1.22  # line pitch, in ems
    paragraph_gap: float = 0.35  # extra space between paragraphs, in ems
    min_size: float | None = None  # shrink toward this size until the text fits
    icon_scale: float = 1.15  # inline icon height, in cap heights
    display: bool = False  # set in the display (title) face
    source: Loc | None = None  # the template value that sets this style's size
    role: str = ""  # what text it sets, for messages: "template 'action-card' effect.text"

    def face(self, bold: bool = False) -> str:
        """The font style for a run: display for titles, else bold when the style or the span is."""
        if self.display:
            return "display"
        b = self.bold or bold
        if b and self.italic:
            return "bold-italic"
        return "bold" if b else "italic" if self.italic else "regular"


@dataclass(frozen=True)
class Laid:
    """A laid-out text box: its drawing, the height it takes, its final font size and whether it fits."""

    group: Group
    height: float
    size: float
    lines: int
    width: float
    fits: bool


def markers(text: str) -> list[str]:
    """The {icon} marker names in a text, in order."""
    return MARKER_RE.findall(text)


def _words(paragraph: str) -> list[list[tuple[str, str, bool]]]:
    """Words as lists of pieces ('text', s, bold) / ('icon', name, bold); bold toggles with '**'."""
    if "**" not in paragraph and "{" not in paragraph:  # plain words (most text): each one piece
        return [[("text", word, False)] for word in paragraph.split()]
    words: list[list[tuple[str, str, bool]]] = []
    cur: list[tuple[str, str, bool]] = []
    buf = ""
    bold = False
    i = 0

    def flush_text():
        nonlocal buf
        if buf:
            cur.append(("text", buf, bold))
            buf = ""

    while i < len(paragraph):
        ch = paragraph[i]
        if paragraph.startswith("**", i):
            flush_text()
            bold = not bold
            i += 2
            continue
        m = MARKER_RE.match(paragraph, i) if ch == "{" else None
        if m:
            flush_text()
            cur.append(("icon", m.group(1), bold))
            i = m.end()
            continue
        if ch.isspace():
            flush_text()
            if cur:
                words.append(cur)
                cur = []
            i += 1
            continue
        buf += ch
        i += 1
    flush_text()
    if cur:
        words.append(cur)
    return words


class _Setter:
    def __init__(self, style: TextStyle, size: float, icons: IconDrawer | None, source: Loc | None = None):
        self.style, self.size, self.icons = style, size, icons
        self.source = source
        self.icon_h = fonts.face("regular").cap_height * size * style.icon_scale
        self.icon_pad = 0.1 * size  # (an icon drawn edge to edge would touch the numeral before it)
        self.spaces: dict[bool, float] = {}
        self.widths: dict[int, float] = {}  # each word's width, by the word (wrapping and setting ask again)

    def space(self, bold: bool) -> float:
        """A space's width in the face it is drawn in."""
        width = self.spaces.get(bold)
        if width is None:
            width = self.spaces[bold] = fonts.width(" ", self.size, self.style.face(bold))
        return width

    def space_after(self, word) -> float:
        """The space after a word: drawn in the face of the word's last piece (regular after an icon)."""
        kind, _s, bold = word[-1]
        return self.space(bold and kind == "text")

    def piece_width(self, piece: tuple[str, str, bool]) -> float:
        kind, s, bold = piece
        if kind == "icon":
            return self.icon_h + 2 * self.icon_pad
        return fonts.width(s, self.size, self.style.face(bold))

    def word_width(self, word) -> float:
        width = self.widths.get(id(word))
        if width is None:
            width = self.widths[id(word)] = sum(self.piece_width(p) for p in word)
        return width

    def wrap(self, words, width: float) -> tuple[list[list], bool]:
        lines: list[list] = []
        line: list = []
        w = 0.0
        ok = True
        for word in words:
            ww = self.word_width(word)
            if line and w + self.space_after(line[-1]) + ww > width + 1e-6:
                lines.append(line)
                line, w = [], 0.0
            if not line:
                line, w = [word], ww
                ok = ok and ww <= width + 1e-6
            else:
                w += self.space_after(line[-1]) + ww
                line.append(word)
        if line:
            lines.append(line)
        return lines, ok

    def line_width(self, line) -> float:
        return sum(self.word_width(w) for w in line) + sum(self.space_after(w) for w in line[:-1])

    def emit(self, line, x: float, baseline: float, box_x: float, box_w: float, out: list) -> None:
        st = self.style
        lw = self.line_width(line)
        pieces = []
        for k, word in enumerate(line):
            if k:
                prev = line[k - 1][-1]
                pieces.append(("text", " ", prev[2] and prev[0] == "text"))
            pieces.extend(word)
        if len(pieces) and all(p[0] == "text" and p[2] == pieces[0][2] for p in pieces) and st.align != "left":
            s = "".join(p[1] for p in pieces)
            face = st.face(pieces[0][2])
            if st.align == "center":
                out.append(self.text(box_x + box_w / 2, baseline, s, face, "middle"))
            else:
                out.append(self.text(box_x + box_w, baseline, s, face, "end"))
            return
        x0 = x + {"left": 0.0, "center": (box_w - lw) / 2, "right": box_w - lw}[st.align]
        run, run_face, run_x = "", None, x0
        cx = x0
        for kind, s, bold in pieces:
            if kind == "icon":
                self.flush(run, run_x, run_face, baseline, out)
                run, run_face = "", None
                item = self.icons(s, cx + self.icon_pad, baseline - self.icon_h, self.icon_h, st.colour) \
                    if self.icons else None
                if item is not None:
                    out.append(item)
                cx += self.icon_h + 2 * self.icon_pad
                run_x = cx
                continue
            face = st.face(bold)
            if run and face != run_face and s != " ":
                self.flush(run, run_x, run_face, baseline, out)
                run, run_x = "", cx
            if not run:
                run_x, run_face = cx, face
            run += s
            cx += self.piece_width(("text", s, bold)) if s != " " else self.space(bold)
        self.flush(run, run_x, run_face, baseline, out)

    def flush(self, run: str, x: float, face: str | None, baseline: float, out: list) -> None:
        """Emit a run of text; leading spaces become an offset (SVG viewers drop them)."""
        text = run.strip(" ")
        if not text:
            return
        face = face or "regular"
        lead = len(run) - len(run.lstrip(" "))
        x += lead * fonts.width(" ", self.size, face)
        out.append(self.text(x, baseline, text, face))

    def text(self, x: float, baseline: float, text: str, face: str, anchor: str = "start") -> Text:
        """A line of text, carrying where its words and its style come from."""
        st = self.style
        return Text(x, baseline, text, self.size, st.colour, face, anchor, self.source, st.source, st.role)


def measure(text: str, width: float, style: TextStyle, size: float | None = None) -> tuple[float, int, bool]:
    """(height, lines, fits in width) of a text set at a size in a column of a width."""
    laid = _set(text, (0.0, 0.0, width, 1e9), style, size or style.size, None)
    return laid.height, laid.lines, laid.fits


def line_ends(text: str, width: float, style: TextStyle) -> list[int] | None:
    """Where a one-paragraph text's lines end when set in a column of `width` at its style's size: the number of its
    words (as text.split() counts them) that lines 1, 2, ... hold together; None for a text of several paragraphs."""
    if "\n" in text:
        return None
    setter = _Setter(style, style.size, None)
    lines, _ok = setter.wrap(_words(text), width)
    ends, n = [], 0
    for line in lines:
        n += len(line)
        ends.append(n)
    return ends


def _set(text: str, box, style: TextStyle, size: float, icons: IconDrawer | None, source: Loc | None = None) -> Laid:
    x, y, w, h = box
    setter = _Setter(style, size, icons, source)
    paragraphs = text.split("\n")
    all_lines: list[tuple[list, float]] = []  # (line, extra gap before)
    fits = True
    for i, para in enumerate(paragraphs):
        lines, ok = setter.wrap(_words(para), w)
        fits &= ok
        for j, ln in enumerate(lines):
            all_lines.append((ln, style.paragraph_gap * size if i and j == 0 else 0.0))
    pitch = style.leading * size
    baselines = []
    regular = fonts.face("regular")
    b = regular.ascent * size
    for k, (_ln, gap) in enumerate(all_lines):
        if k:
            b += pitch + gap
        baselines.append(b)
    height = (baselines[-1] + regular.descent * size) if all_lines else 0.0
    dy = {"top": 0.0, "middle": (h - height) / 2, "bottom": h - height}[style.valign] if h < 1e8 else 0.0
    out: list = []
    widest = 0.0
    for (ln, _gap), base in zip(all_lines, baselines):
        widest = max(widest, setter.line_width(ln))
        setter.emit(ln, x, y + dy + base, x, w, out)
    too_wide = "" if fits else next((piece for line, _gap in all_lines for word in line
                                     if setter.word_width(word) > w + 1e-6 for piece in [_plain(word)]), "?")
    fit = TextFit((x, y, w, h), height, size, style.size, style.min_size or style.size, too_wide)
    return Laid(Group(tuple(out), source=source, fit=fit), height, size, len(all_lines), widest,
                fits and height <= h + 1e-6)


def _plain(word) -> str:
    """A laid word as written (its icons as {name})."""
    return "".join(f"{{{s}}}" if kind == "icon" else s for kind, s, _bold in word)


def text_box(text: str, box: tuple[float, float, float, float], style: TextStyle,
             icons: IconDrawer | None = None, source: Loc | None = None) -> Laid:
    """Set text in a box (x, y, w, h): wrapped, aligned, shrunk toward style.min_size if it would not fit;
    `source` is where the text comes from in content (the preflight names it)."""
    try:
        return _text_box_once(text, tuple(box), style, icons, source, fonts.active())
    except TypeError:  # something unhashable among them (an icon drawer of a lambda's making is fine)
        return _text_box(text, box, style, icons, source)


@functools.lru_cache(maxsize=4096)
def _text_box_once(text, box, style, icons, source, _fonts) -> Laid:
    """text_box, set once for the same text, box, style, icons, source and fonts (cards of one action share their
    rules text; what it returns is frozen, so it may be shared)."""
    return _text_box(text, box, style, icons, source)


def forget_laid_text() -> None:
    """Let go of the texts set so far (a kit's layout does at its end)."""
    _text_box_once.cache_clear()


def _text_box(text: str, box, style: TextStyle, icons: IconDrawer | None, source: Loc | None) -> Laid:
    size = style.size
    laid = _set(text, box, style, size, icons, source)
    floor = style.min_size if style.min_size is not None else size
    if not laid.fits and floor < size:  # text that does not fit even at its smallest size is set once more only
        smallest = size
        while smallest - pt(0.25) >= floor - 1e-9:  # (the sizes the loop below steps through, to the last)
            smallest -= pt(0.25)
        at_floor = _set(text, box, style, smallest, icons, source)
        if not at_floor.fits:
            return at_floor
    while not laid.fits and size - pt(0.25) >= floor - 1e-9:
        size -= pt(0.25)
        laid = _set(text, box, style, size, icons, source)
    return laid
