"""The fonts pnpgen draws with: DejaVu Sans (shipped in pnpgen/fonts) or a pack's own TrueType faces.

Layout and the writers draw with the *font set in use*: the default one, or a game's (see `for_game`), made
current with `using`. Metrics (advance widths, ascent, descent, cap height) and glyph coverage are the font's own.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import hashlib
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ..errors import PnpgenError

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
STYLES = ("regular", "bold", "italic", "bold-italic", "display")
DEFAULT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "italic": "DejaVuSans-Oblique.ttf",
                 "bold-italic": "DejaVuSans-BoldOblique.ttf", "display": "DejaVuSans-Bold.ttf"}
MAX_BYTES = 50_000_000  # a font file (the largest common ones, with every CJK character, hold 20 to 30 MB)


class FontError(PnpgenError):
    """A font file that cannot be read or embedded."""


@dataclass(frozen=True)
class Face:
    """One font file as a style of a font set: its PDF name, SVG family and weight, metrics (in ems), cmap."""

    path: Path
    pdf_name: str
    family: str
    weight: str  # normal | bold
    slant: str  # normal | italic
    ascent: float
    descent: float
    cap_height: float
    chars: frozenset[int]

    def lacks(self, text: str) -> list[str]:
        """The characters of a text (spaces and line breaks aside) this face has no glyph for, each once."""
        if not set(map(ord, text)) - self.chars:
            return []
        return list(dict.fromkeys(c for c in text if ord(c) not in self.chars and not c.isspace()))


@dataclass(frozen=True, eq=False)
class FontSet:
    """The faces a game prints with, by style (regular, bold, italic, bold-italic, display): for each style, the
    font files to try in turn (a pack's own, then the default). A face is read the first time it is used: a kit
    without italic text never reads an italic file. Each set is itself alone (equal only to itself): one made
    after `forget` reads the files again, and what was laid out with the one before is not taken for it."""

    files: tuple[tuple[str, tuple[str, ...]], ...]

    @functools.cached_property
    def by_style(self) -> _Faces:
        """The faces by style, each read when first asked for."""
        return _Faces(dict(self.files))

    def face(self, style: str) -> Face:
        """The face of a style."""
        return self.by_style[style]

    def names(self) -> tuple[str, ...]:
        """The PDF font name each style's first file would have, without reading the fonts (a digest of the
        files): what changes when a font file does."""
        return tuple(face_name(paths[0]) for _, paths in self.files)


class _Faces(dict):
    """Faces by style, read on first use from a style's files (the first that reads, the last one's error else)."""

    def __init__(self, files: dict[str, tuple[str, ...]]):
        super().__init__()
        self.files = files

    def __missing__(self, style: str) -> Face:
        paths = self.files[style]
        for path in paths[:-1]:
            with contextlib.suppress(FontError):  # `check` reports it (font_problems); the next file stands in
                self[style] = read_face(path)
                return self[style]
        self[style] = read_face(paths[-1])
        return self[style]


def _os2(face) -> tuple[float | None, int, bool]:
    """(cap height in ems or None, weight class, italic) from a face's OS/2 table."""
    try:
        data = face.get_table("OS/2")
    except (KeyError, TTFError):
        return _glyph_top(face, "H"), 400, False
    version, _avg, weight = struct.unpack(">HhH", data[:6])
    italic = bool(struct.unpack(">H", data[62:64])[0] & 1) if len(data) >= 64 else False
    cap = None
    if version >= 2 and len(data) >= 90:
        cap = struct.unpack(">h", data[88:90])[0] / face.unitsPerEm
    return (cap if cap and cap > 0 else _glyph_top(face, "H")), weight, italic


def _glyph_top(face, char: str) -> float | None:
    """The top of a glyph's outline in ems (a cap height for a font whose OS/2 table does not give one)."""
    try:
        gid = face.charToGlyph[ord(char)]
        start = face.glyphPos[gid]
        header = face.get_table("glyf")[start:start + 10]
        return struct.unpack(">h", header[8:10])[0] / face.unitsPerEm if len(header) == 10 else None
    except (KeyError, IndexError, TTFError, struct.error):
        return None


@functools.cache
def read_face(path: str) -> Face:
    """A TrueType font file read, checked and registered for PDF embedding; raises FontError."""
    p = Path(path)
    try:
        with p.open("rb") as fh:  # (bounded: the whole file is read, then parsed)
            data = fh.read(MAX_BYTES + 1)
    except OSError as e:
        raise FontError(f"cannot read font file: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise FontError(f"cannot use font file: it is too large (over {MAX_BYTES // 1_000_000} MB, the limit for a "
                        "font file)")
    name = _name(data)
    try:
        font = TTFont(name, str(p))
    except TTFError as e:
        why = "it has PostScript (CFF) outlines; use a font with TrueType outlines" \
            if "postscript outlines" in str(e) else "not a TrueType or OpenType font"
        raise FontError(f"cannot use font file: {why}") from None
    except Exception:  # reportlab reports a damaged file in many ways
        raise FontError("cannot use font file: it is damaged or not a TrueType font") from None
    f = font.face
    cap, weight, italic = _os2(f)
    ascent, descent = f.ascent / 1000, -f.descent / 1000
    family = f.familyName.decode("utf-8", "replace") if isinstance(f.familyName, bytes) else str(f.familyName)
    pdfmetrics.registerFont(font)
    return Face(p, name, family, "bold" if weight >= 600 else "normal", "italic" if italic else "normal",
                ascent, descent, cap if cap is not None else 0.7, frozenset(f.charToGlyph))


def _name(data: bytes) -> str:
    return "Pnp-" + hashlib.sha1(data).hexdigest()[:16]  # the same file: the same name, in every build


@functools.cache
def face_name(path: str) -> str:
    """The PDF font name a font file is registered under (read_face's), from its bytes alone."""
    try:
        with Path(path).open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError:
        return "Pnp-unreadable"
    return _name(data) if len(data) <= MAX_BYTES else "Pnp-too-large"


@functools.cache
def default_set() -> FontSet:
    """DejaVu Sans: regular, bold, oblique, bold oblique; titles in bold."""
    files = []
    for style in STYLES:
        path = FONT_DIR / DEFAULT_FILES[style]
        if not path.is_file():
            raise PnpgenError(f"font file {path} is missing (reinstall pnpgen)")
        files.append((style, (str(path),)))
    return FontSet(tuple(files))


def font_set(files: dict[str, Path]) -> FontSet:
    """A font set from a pack's files by style; missing or unreadable styles fall back to the default faces
    (display to the set's bold, bold-italic to the pack's bold)."""
    base = dict(default_set().files)
    own = {style: (str(p),) for style, p in files.items()}
    chosen = {s: own.get(s, ()) + base[s] for s in ("regular", "bold", "italic")}
    chosen["bold-italic"] = own.get("bold", ()) + base["bold-italic"]
    chosen["display"] = own.get("display", ()) + chosen["bold"]
    return FontSet(tuple((s, tuple(dict.fromkeys(chosen[s]))) for s in STYLES))


def font_problems(game) -> list[tuple[object, str]]:
    """(location, message) for each of a game's font files that cannot be read or embedded."""
    out = []
    for f in getattr(game, "fonts", ()):
        try:
            read_face(str(f.path))
        except FontError as e:
            out.append((f.loc, f"fonts: '{f.style}' ('{f.path.name}'): {e}"))
    return out


def for_game(game) -> FontSet:
    """The font set a game prints with (its `fonts:`, else the default)."""
    files = getattr(game, "fonts", ())
    if not files:
        return default_set()
    return _pack_set(tuple((f.style, str(f.path)) for f in files))


@functools.cache
def _pack_set(files: tuple[tuple[str, str], ...]) -> FontSet:
    return font_set({s: Path(p) for s, p in files})


def forget() -> None:
    """Forget every font file read, so that the next use reads them again (one may have changed on disk)."""
    read_face.cache_clear()
    face_name.cache_clear()
    default_set.cache_clear()
    _pack_set.cache_clear()


_ACTIVE: contextvars.ContextVar[FontSet | None] = contextvars.ContextVar("pnpgen_fonts", default=None)


def active() -> FontSet:
    """The font set in use."""
    return _ACTIVE.get() or default_set()


@contextlib.contextmanager
def using(fonts: FontSet) -> Iterator[FontSet]:
    """Draw with a font set for the duration of a block."""
    token = _ACTIVE.set(fonts)
    try:
        yield fonts
    finally:
        _ACTIVE.reset(token)


def face(style: str = "regular") -> Face:
    """The face in use for a style."""
    return active().face(style)


def pdf_name(style: str) -> str:
    """The registered PDF font name of a style in the font set in use."""
    return active().face(style).pdf_name


def width(text: str, size: float, style: str = "regular") -> float:
    """Advance width of a string at a font size (both in mm), in the font set in use."""
    return _width(text, size, (_ACTIVE.get() or default_set()).by_style[style].pdf_name)


@functools.lru_cache(maxsize=20000)
def _width(text: str, size: float, name: str) -> float:
    return pdfmetrics.stringWidth(text, name, size)


def __getattr__(name: str) -> float:
    # ASCENT, DESCENT and CAP_HEIGHT (in ems) read as module constants: those of the regular face in use
    if name in ("ASCENT", "DESCENT", "CAP_HEIGHT"):
        return getattr(active().face("regular"), name.lower())
    raise AttributeError(name)

