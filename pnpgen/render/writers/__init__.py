"""Output formats behind one registry: `build --format` offers these names; a new format is one new module here
(`<name>.py`, `-` as `_`, defining WRITER) and one line in FORMATS.

The registry is an explicit table (no package scanning); a writer's module is imported only when a build uses
it, so that naming the formats (the CLI's help) costs nothing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ...errors import PnpgenError

if TYPE_CHECKING:
    from .base import Writer

FORMATS: dict[str, str] = {  # name -> one line of help, in the order a build writes them
    "pdf": "print sheets for each paper: cover, crop marks, card backs",
    "svg": "one SVG per component face and back, and index.html showing them all",
    "png": "one PNG per face and back, trimmed and with bleed (--dpi)",
    "tts": "Tabletop Simulator: a saved object with deck sheets, tiles and tokens (--tts-url-prefix)",
    "card-pdf": "one PDF per deck, a card a page with its bleed (TrimBox, BleedBox), face then back",
    "nine-card": "the 9-card contest sheet: nine cards on one page, then their backs",
}

EVERY = tuple(n for n in FORMATS if n != "nine-card")  # `--format all`: the nine-card sheet takes a nine-card kit


def writer_named(name: str) -> Writer:
    """A writer by its format name."""
    if name not in FORMATS:
        raise PnpgenError(f"unknown format '{name}' (expected one of: {', '.join(FORMATS)})")
    return importlib.import_module(f"{__name__}.{name.replace('-', '_')}").WRITER


__all__ = ["EVERY", "FORMATS", "writer_named"]
