"""Pictures: image files (PNG, JPEG, SVG) read once and placed in boxes, as raster images or vector primitives."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import apply, compose, translate
from .primitives import Group, Image, Item, Raster, Rect, Style
from .raster import ImageFileError, read_raster, sniff
from .svgfile import SvgError, Vector, fitted, read_svg

FITS = ("contain", "cover", "stretch")

__all__ = ["FITS", "ImageFileError", "Picture", "SvgError", "place_picture", "read_picture"]


@dataclass(frozen=True)
class Picture:
    """An image file ready to place: a PNG or JPEG raster, or an SVG file's vectors."""

    name: str
    raster: Raster | None = None
    vector: Vector | None = None

    @property
    def size(self) -> tuple[float, float]:
        """Its natural width and height (pixels, or the SVG's view box): only their ratio matters."""
        if self.raster is not None:
            return (float(self.raster.pixels[0]), float(self.raster.pixels[1]))
        assert self.vector is not None
        return self.vector.box[2], self.vector.box[3]


def read_picture(data: bytes, name: str) -> Picture:
    """A PNG, JPEG or SVG file's bytes, checked; ImageFileError or SvgError (located in the file) if they are not
    an image pnpgen can print."""
    kind = sniff(data)
    if kind == "svg" or kind is None and name.lower().endswith(".svg"):
        return Picture(name, vector=read_svg(data, name))
    if kind is None:
        raise ImageFileError("is not a PNG, JPEG or SVG file")
    return Picture(name, raster=read_raster(data, name))


def place_picture(picture: Picture, box: tuple[float, float, float, float], fit: str = "contain",
                  clip: Item | None = None) -> Group:
    """A picture in a box (x, y, w, h): 'contain' shows it whole, centred; 'cover' fills the box, centred, and is
    clipped to it; 'stretch' fills it exactly. `clip` (a shape) clips it instead of the box."""
    matrix = fitted(box, picture.size, fit)
    if picture.raster is not None:
        (x0, y0), (x1, y1) = apply(matrix, 0, 0), apply(matrix, *picture.size)
        inner: Item = Image(x0, y0, x1 - x0, y1 - y0, picture.raster)
    else:
        vector = picture.vector
        vx, vy = vector.box[:2]
        inner = Group((vector.group,), compose(matrix, translate(-vx, -vy)))
    if clip is None and fit == "cover":
        clip = Rect(*box, Style())
    return Group((inner,), clip=clip, label=f"image {picture.name}")
