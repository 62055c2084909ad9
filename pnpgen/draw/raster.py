"""PNG and JPEG files read and checked (Pillow decodes them once, so a corrupt file is found at `check`)."""

from __future__ import annotations

import hashlib
import io
import warnings

from ..errors import reason
from .primitives import Raster

MAX_BYTES = 30_000_000  # a raster file may hold at most this many bytes
MAX_PIXELS = 40_000_000  # and at most this many pixels (an A3 sheet at 300 dpi is 17.4 million)
FORMATS = {"PNG": "png", "JPEG": "jpeg"}


class ImageFileError(ValueError):
    """A file that is not an image pnpgen can print, with the reason in words."""


def sniff(data: bytes) -> str | None:
    """'png', 'jpeg' or 'svg' from a file's first bytes, or None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    head = data[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<?xml", b"<svg", b"<!--", b"<!doctype svg")) and b"<svg" in data[:65536].lower():
        return "svg"
    return None


def too_large(size: int, limit: int, unit: str = "MB") -> str:
    """'31 MB; the limit is 30 MB'."""
    scale = 1_000_000 if unit == "MB" else 1000
    return f"{-(-size // scale)} {unit}; the limit is {limit // scale} {unit}"


def read_raster(data: bytes, name: str) -> Raster:
    """A PNG or JPEG file's bytes checked by decoding them whole; ImageFileError saying what is wrong."""
    from PIL import Image as PILImage

    if len(data) > MAX_BYTES:
        raise ImageFileError(f"is too large ({too_large(len(data), MAX_BYTES)})")
    kind = sniff(data)
    if kind not in ("png", "jpeg"):
        raise ImageFileError("is not a PNG or JPEG file")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (Pillow's others, such as damaged EXIF data pnpgen does not read)
            warnings.simplefilter("error", PILImage.DecompressionBombWarning)
            formats = [k for k, v in FORMATS.items() if v == kind]
            with PILImage.open(io.BytesIO(data), formats=formats) as im:
                width, height = im.size
                if width * height > MAX_PIXELS:
                    raise ImageFileError(f"is too large ({width} x {height} pixels; the limit is "
                                         f"{MAX_PIXELS:,} pixels)")
                im.verify()  # the file's structure: every chunk and its checksum, up to the end
            with PILImage.open(io.BytesIO(data), formats=formats) as im:
                im.load()  # every pixel decoded: damaged image data fails here
    except ImageFileError:
        raise
    except (OSError, SyntaxError, ValueError, EOFError, PILImage.DecompressionBombWarning,
            PILImage.DecompressionBombError) as e:
        raise ImageFileError(f"is not a readable {kind.upper()} file ({reason(e)})") from None
    if not width or not height:
        raise ImageFileError(f"is an empty {kind.upper()} image (0 pixels)")
    return Raster(data, kind, (width, height), name, hashlib.sha256(data).hexdigest())
