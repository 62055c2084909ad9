"""SVG documents on the standard library's ElementTree: the few elements pnpgen writes (its kit's pictures and the
simulation report's charts), written as svgwrite wrote them (attributes sorted, values as str() gives them, empty
ones left out), so that replacing svgwrite (unmaintained since 2022) changed no file by a byte."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from typing import Any

NAMESPACES = {"xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
              "xmlns:ev": "http://www.w3.org/2001/xml-events", "baseProfile": "full", "version": "1.1"}


def attribute_name(key: str) -> str:
    """A keyword's SVG attribute: `stroke_width` is stroke-width, `class_` is class."""
    return key.rstrip("_").replace("_", "-")


class Element:
    """An SVG element: attributes, children and text, as ElementTree writes them."""

    def __init__(self, tag: str, content: str | None = None, **attributes: Any):
        self.tag = tag
        self.content = content
        self.attributes: dict[str, Any] = {}
        self.children: list[Element] = []
        for key, value in attributes.items():
            self[attribute_name(key)] = value

    def __setitem__(self, key: str, value: Any) -> None:
        self.attributes[key] = value

    def __getitem__(self, key: str) -> Any:
        return self.attributes[key]

    def add(self, child: Element) -> Element:
        """Add a child element; returns it."""
        self.children.append(child)
        return child

    def tree(self) -> ElementTree.Element:
        """The element as ElementTree's."""
        out = ElementTree.Element(self.tag)
        for key, value in sorted(self.attributes.items()):
            text = "" if value is None else str(value)
            if text:
                out.set(key, text)
        if self.content is not None:
            out.text = self.content
        out.extend(child.tree() for child in self.children)
        return out

    def tostring(self) -> str:
        """The element as XML text (no declaration)."""
        return ElementTree.tostring(self.tree(), encoding="unicode")


def _points(points: Iterable[tuple[Any, Any]]) -> str:
    return " ".join(f"{x},{y}" for x, y in points)


class Drawing(Element):
    """An <svg> document with its <defs>, and a maker for each element pnpgen draws."""

    def __init__(self, size: tuple[str, str], **attributes: Any):
        super().__init__("svg", width=size[0], height=size[1], **attributes)
        self.attributes.update(NAMESPACES)
        self.defs = self.add(Element("defs"))

    def set_title(self, title: str) -> None:
        """A <title> first in the document."""
        self.children.insert(0, Element("title", title))

    @staticmethod
    def g(**attributes: Any) -> Element:
        """A group."""
        return Element("g", **attributes)

    @staticmethod
    def clip_path(**attributes: Any) -> Element:
        """A clipPath (for <defs>)."""
        return Element("clipPath", **attributes)

    @staticmethod
    def rect(insert: tuple[Any, Any], size: tuple[Any, Any], **attributes: Any) -> Element:
        """A rectangle at insert (x, y) of size (width, height)."""
        return Element("rect", x=insert[0], y=insert[1], width=size[0], height=size[1], **attributes)

    @staticmethod
    def circle(center: tuple[Any, Any], r: Any, **attributes: Any) -> Element:
        """A circle."""
        return Element("circle", cx=center[0], cy=center[1], r=r, **attributes)

    @staticmethod
    def line(start: tuple[Any, Any], end: tuple[Any, Any], **attributes: Any) -> Element:
        """A straight line."""
        return Element("line", x1=start[0], y1=start[1], x2=end[0], y2=end[1], **attributes)

    @staticmethod
    def polygon(points: Iterable[tuple[Any, Any]], **attributes: Any) -> Element:
        """A closed polygon through the points."""
        return Element("polygon", points=_points(points), **attributes)

    @staticmethod
    def path(d: str, **attributes: Any) -> Element:
        """A path of SVG path data."""
        return Element("path", d=d, **attributes)

    @staticmethod
    def text(text: str, insert: tuple[Any, Any], **attributes: Any) -> Element:
        """A line of text with its anchor at insert."""
        return Element("text", str(text), x=insert[0], y=insert[1], **attributes)

    @staticmethod
    def image(href: str, insert: tuple[Any, Any], size: tuple[Any, Any], **attributes: Any) -> Element:
        """A picture by its URI, stretched over a box."""
        out = Element("image", x=insert[0], y=insert[1], width=size[0], height=size[1], **attributes)
        out["xlink:href"] = href
        return out
