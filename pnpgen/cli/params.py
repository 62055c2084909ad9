"""Option types shared by commands."""

from __future__ import annotations

import math

import click


class FiniteRange(click.FloatRange):
    """A number within bounds; 'nan' is refused too (it compares false with both bounds, so a range lets it by)."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a number.", param, ctx)
        return number


MARGIN = FiniteRange(0, 40)  # --printer-margin, in mm
