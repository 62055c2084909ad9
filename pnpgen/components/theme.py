"""Colour choices shared by components: full colour, or ink-saver (light tints and outlines)."""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.colour import darkened_to, readable_on, tint

LINE_CONTRAST = 4.5  # WCAG's contrast for body text: what a low-ink kit's outlines and words keep on white


@dataclass(frozen=True)
class Theme:
    """How strongly to print colour: `ink_saver` swaps full-bleed fills for light tints and outlines."""

    ink_saver: bool = False

    def solid(self, colour: str, light: float = 0.16) -> str:
        """A large fill: the colour itself, or a light tint of it to save ink."""
        return tint(colour, light) if self.ink_saver else colour

    def line(self, colour: str) -> str:
        """A colour for lines, outlines and words on white paper: the colour itself, or (saving ink, when it is
        the only thing that prints) the colour darkened to read as well as text (4.5:1), a pale yellow too."""
        return darkened_to(colour, LINE_CONTRAST) if self.ink_saver else colour

    def text_on(self, colour: str, ink: str = "#222222") -> str:
        """A readable text colour on a large fill of `colour`."""
        return readable_on(self.solid(colour), ink)
