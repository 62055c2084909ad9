"""Image files a pack's content names: PNG, JPEG and SVG pictures, and SVG icons."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Loc
from ..source.declare import Pattern

IMAGE = Pattern(r"(?i)^[^\x00]*[^/\\]\.(png|jpe?g|svg)$", "an image file in the pack (PNG, JPEG or SVG)",
                "{label} must name a PNG, JPEG or SVG file in the pack (ending .png, .jpg, .jpeg or .svg), "
                "got '{value}'", type_words="an image file's path in the pack")
SVG_FILE = Pattern(r"(?i)^[^\x00]*[^/\\]\.svg$", "an SVG file in the pack", "{label} must name an SVG file in the "
                   "pack (ending .svg), got '{value}'", type_words="an SVG file's path in the pack")


@dataclass(frozen=True)
class ImageRef:
    """An image file of the pack as content names it: the path as written, the file, and where it was named."""

    ref: str
    path: Path = field(compare=False)
    loc: Loc | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.ref
