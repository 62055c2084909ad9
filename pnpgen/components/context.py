"""What every component layout needs: the game, templates, icons, colours and a place for errors."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..draw.pictures import FITS, ImageFileError, Picture, SvgError, place_picture, read_picture
from ..draw.primitives import Group, Item
from ..draw.raster import MAX_BYTES, too_large
from ..draw.svgfile import as_icon
from ..draw.templates import P, Templates, Tmpl
from ..draw.text import markers
from ..errors import Loc, Problems
from ..model import Game, ImageRef
from ..source.fields import did_you_mean
from ..source.places import TextPlaces
from ..source.yamlsrc import display_path
from .iconset import IconSet
from .theme import Theme


@dataclass(frozen=True)
class CardFormat:
    """How a build prints cards: its own bleed (None: the template's) and sizes put in place of others (a print
    shop's inch sizes for the metric ones), as ((width, height), (width, height)) pairs in mm."""

    bleed: float | None = None
    sizes: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()

    def size_for(self, size: tuple[float, float]) -> tuple[float, float]:
        """The size a card of `size` prints at."""
        return next((to for frm, to in self.sizes if abs(frm[0] - size[0]) < 0.01 and abs(frm[1] - size[1]) < 0.01),
                    size)


@dataclass
class Ctx:
    """Layout context for one game and one set of build options."""

    game: Game
    theme: Theme
    templates: Templates
    icons: IconSet
    problems: Problems
    reported: set = field(default_factory=set)  # (location, icon) already reported: shared YAML is checked once
    cards: CardFormat = CardFormat()
    pictures: dict = field(default_factory=dict)  # image file -> its Picture, or None once reported as bad
    places: TextPlaces = field(default_factory=TextPlaces)  # where a word of a text stands in its file
    memo: dict = field(default_factory=dict)  # what every piece of a deck would work out alike, worked out once
    body_kept: dict = field(default_factory=dict)  # (deck id, text) -> the size each card's layout kept (shares)
    body_caps: dict = field(default_factory=dict)  # (deck id, text) -> the share its cards set that text at, at most

    @classmethod
    def make(cls, game: Game, ink_saver: bool = False, problems: Problems | None = None,
             cards: CardFormat | None = None) -> Ctx:
        """A context for a game (its icon files read, errors recorded)."""
        problems = problems or Problems()
        ctx = cls(game, Theme(ink_saver), Templates(game, problems), IconSet(game), problems,
                  cards=cards or CardFormat())
        for icon in ctx.icons.declared.values():
            if icon.file is not None:
                ctx.icons.files[icon.id] = ctx.icon_file(icon.file, f"icon '{icon.id}'")
        return ctx

    def picture(self, ref: ImageRef | None, what: str) -> Picture | None:
        """The picture an image field names, read once; None (after one located error per file) when it cannot
        be read or drawn."""
        if ref is None:
            return None
        if ref.path in self.pictures:
            return self.pictures[ref.path]
        got = None
        try:
            with ref.path.open("rb") as fh:  # bounded: a device or a pipe reports no size
                data = fh.read(MAX_BYTES + 1)
            if len(data) > MAX_BYTES:
                raise ImageFileError(f"is too large ({too_large(ref.path.stat().st_size, MAX_BYTES)})")
            got = read_picture(data, ref.ref)
        except OSError as e:
            self.problems.error(ref.loc, f"{what}: cannot read image '{ref}' ({e.strerror or e})")
        except ImageFileError as e:
            self.problems.error(ref.loc, f"{what}: image '{ref}' {e}")
        except SvgError as e:
            self.svg_error(ref, what, e)
        self.pictures[ref.path] = got
        return got

    def svg_error(self, ref: ImageRef, what: str, e: SvgError) -> None:
        """An SVG file's problem: at its line in the file, or (for the whole file) where the field names it."""
        if e.line:
            self.problems.error(Loc(display_path(ref.path), e.line, e.col), e.message)
        else:
            self.problems.error(ref.loc, f"{what}: image '{ref}' {e.message}")

    def icon_file(self, ref: ImageRef, what: str):
        """An icon's SVG file as one-colour vectors, or None after a located error."""
        picture = self.picture(ref, what)
        if picture is None:
            return None
        if picture.vector is None:
            self.problems.error(ref.loc, f"{what}: '{ref}' must be an SVG file (an icon is drawn as vectors)")
            return None
        try:
            return as_icon(picture.vector)
        except SvgError as e:
            self.svg_error(ref, what, e)
            return None

    def art(self, ref: ImageRef | None, what: str, box: tuple[float, float, float, float], fit: str = "contain",
            clip: Item | None = None) -> Group | None:
        """The picture an image field names, placed in a box (see place_picture), or None."""
        picture = self.picture(ref, what)
        if picture is None or box[2] <= 0 or box[3] <= 0:
            return None
        placed = place_picture(picture, box, fit, clip)
        return _sourced(placed, ref.loc)

    def template(self, name: str | None, default: str, kind: str, spec: dict, loc: Loc | None) -> Tmpl:
        """The named template (or the default one) for a layout kind."""
        return self.templates.get(name or default, kind, spec, loc)

    def icon_ok(self, name: str | None, loc: Loc | None, what: str, in_text: bool = False) -> bool:
        """Whether an icon name can be drawn; records a located error if not."""
        if name is None:
            return False
        if self.icons.known(name):
            return True
        if (loc, name) in self.reported:
            return False
        self.reported.add((loc, name))
        names = self.icons.names()
        fix = did_you_mean(name, names) or (
            f"; to print {{{name}}} as a picture, declare it under 'icons:' in game.yaml (a symbol, SVG path data "
            f"or an SVG file), or write it without braces" if in_text else "")
        self.problems.error(loc, f"{what}: unknown icon '{name}' (expected one of: {', '.join(names)}){fix}")
        return False

    def markers_ok(self, text: str, loc: Loc | None, what: str) -> None:
        """Record an error for every {marker} in a text that names no icon, at the marker in its file."""
        for name in markers(text):
            if not self.icons.known(name):
                self.icon_ok(name, self.places.find(loc, f"{{{name}}}"), what, in_text=True)

    def colour(self, name: str | None, fallback: str) -> str:
        """A colour name of the game resolved to #rrggbb, or the fallback."""
        c = self.game.colour(name) if name else None
        return c if c and c.startswith("#") and len(c) == 7 else fallback


def _sourced(group: Group, loc: Loc | None) -> Group:
    """A placed picture that names the content placing it (the print preflight points there)."""
    from dataclasses import replace

    from ..draw.primitives import Image

    items = tuple(replace(i, source=loc) if isinstance(i, Image) else i for i in group.items)
    return replace(group, items=items, source=loc)


def art_spec(box: tuple | None = None, fit: str = "contain") -> dict:
    """The `art` parameters of a template: where a component's picture goes and how it fits."""
    return {"box": P("box", box, doc="where the picture goes, [x, y, width, height] from the trim's top left"),
            "fit": P("choice", fit, FITS, doc="whole and centred (contain), filling the box and cut to it (cover), "
                     "or stretched to it")}
