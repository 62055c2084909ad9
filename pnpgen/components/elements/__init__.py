"""Templates of placed elements: shapes, text, icons, pictures and what a game supplies, each placed by a box
anchored to the trim, the bleed, the safe area or another element, bound to the piece's data."""

from __future__ import annotations

from . import marks, shapes, words  # noqa: F401 (each registers its kinds)
from .declared import COMMON, KINDS, ElementKind, Param, params_of, register
from .layout import Scope, Trim, draw_elements
from .reading import Element, Known, read_elements
from .subject import Inks, Subject

__all__ = ["COMMON", "KINDS", "Element", "ElementKind", "Trim", "Known", "Inks", "Param", "Scope", "Subject",
           "draw_elements", "params_of", "read_elements", "register"]
