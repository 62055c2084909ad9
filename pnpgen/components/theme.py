"""Colour choices shared by components: full colour, or ink-saver (light tints and outlines)."""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.colour import readable_on, tint


@dataclass(frozen=True)
class Theme:
    """How strongly to print colour: `ink_saver` swaps full-bleed fills for light tints and outlines."""

    ink_saver: bool = False

    def solid(self, colour: str, light: float = 0.16) -> str:
        """A large fill: the colour itself, or a light tint of it to save ink."""
        return tint(colour, light) if self.ink_saver else colour

    def text_on(self, colour: str, ink: str = "#222222") -> str:
        """A readable text colour on a large fill of `colour`."""
        return readable_on(self.solid(colour), ink)
