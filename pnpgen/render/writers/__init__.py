"""Output formats behind one registry: `build --format` offers these names; a new format is one new module here.

The registry is an explicit list (no package scanning), in the order a build writes them.
"""

from __future__ import annotations

from ...errors import PnpgenError
from . import card_pdf, nine_card, png, tts
from .base import OutFile, Pages, Side, WriteOptions, Writer, sides

WRITERS: dict[str, Writer] = {w.name: w for w in (png.WRITER, tts.WRITER, card_pdf.WRITER, nine_card.WRITER)}


def writer_named(name: str) -> Writer:
    """A writer by its format name."""
    try:
        return WRITERS[name]
    except KeyError:
        raise PnpgenError(f"unknown format '{name}' (expected one of: {', '.join(WRITERS)})") from None


__all__ = ["WRITERS", "OutFile", "Pages", "Side", "WriteOptions", "Writer", "sides", "writer_named"]
