"""The drawing model: primitives in millimetres, text boxes, icons; writers draw these and nothing else."""

from .primitives import Circle, Group, Item, Path, PathBuilder, Rect, Style, Text, group, line, place, polygon
from .text import TextStyle, text_box

__all__ = ["Circle", "Group", "Item", "Path", "PathBuilder", "Rect", "Style", "Text", "TextStyle", "group", "line",
           "place", "polygon", "text_box"]
