"""Colours as '#rrggbb' strings: parsing, tints and a readable text colour for a background."""

from __future__ import annotations

import re
from functools import lru_cache

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
WHITE = "#ffffff"
BLACK = "#000000"


def is_colour(value: object) -> bool:
    """Whether a value is a '#rrggbb' string."""
    return isinstance(value, str) and bool(_HEX.match(value))


@lru_cache(maxsize=4096)  # (a kit asks the same few colours again and again: each is worked out once)
def rgb(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' -> (r, g, b) from 0 to 1."""
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def hexcolour(r: float, g: float, b: float) -> str:
    """(r, g, b) from 0 to 1 -> '#rrggbb'."""
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02x}" for c in (r, g, b))


@lru_cache(maxsize=4096)
def mix(a: str, b: str, t: float) -> str:
    """The colour a fraction t of the way from a to b."""
    ca, cb = rgb(a), rgb(b)
    return hexcolour(*(x + (y - x) * t for x, y in zip(ca, cb)))


def tint(colour: str, amount: float) -> str:
    """The colour mixed with white: amount 1 keeps it, 0 gives white."""
    return mix(WHITE, colour, amount)


def shade(colour: str, amount: float) -> str:
    """The colour mixed with black: amount 0 keeps it, 1 gives black."""
    return mix(colour, BLACK, amount)


@lru_cache(maxsize=4096)
def luminance(colour: str) -> float:
    """Relative luminance (WCAG) from 0 to 1."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def darkened_to(colour: str, least: float, background: str = WHITE) -> str:
    """The colour, darkened as little as needed (in steps of 5 %) to reach a contrast of `least` on a background."""
    step = 0
    out = colour
    while contrast(out, background) < least and step < 20:
        step += 1
        out = shade(colour, step * 0.05)
    return out


def readable_on(background: str, dark: str = "#222222", light: str = WHITE) -> str:
    """The one of `dark` and `light` that reads better on a background."""
    return dark if contrast(background, dark) >= contrast(background, light) else light
