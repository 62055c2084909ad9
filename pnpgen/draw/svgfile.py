"""SVG files read into drawing primitives, so they print as vectors in every format.

What is drawn: paths and basic shapes (rect, circle, ellipse, line, polyline, polygon), groups, `use`, transforms,
plain fills and strokes (colours, opacity, fill rule, width, caps, joins, dashes), `style` attributes and simple CSS
rules (`.class`, `#id`, element names), and clip paths of one shape. What cannot be drawn that way (text,
gradients, patterns, masks, filters, markers, embedded images, nested `svg`) is refused with the file's line and
column, rather than printed wrong.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any
from xml.parsers import expat

from .bounds import Box, outline_box, through, union
from .geometry import IDENTITY, Matrix, compose, multiply, rotate, scale, translate
from .primitives import Circle, Group, Item, Path, Rect, Style
from .svgpath import arc_to_cubics, parse_path, within_reach

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
MAX_BYTES = 2_000_000
MAX_ELEMENTS = 50_000  # elements in the file
MAX_DEPTH = 100  # elements inside one another, in the file and once `use` is expanded
MAX_DRAWN = 100_000  # elements drawn once `use` is expanded (each `use` draws its target again)
MAX_SEGMENTS = 2_000_000  # path segments and points drawn once `use` is expanded
MAX_USE_DEPTH = 20

SHAPES = ("path", "rect", "circle", "ellipse", "line", "polyline", "polygon")
CONTAINERS = ("g", "a")
NOT_DRAWN = ("title", "desc", "metadata", "defs", "style", "symbol", "clipPath", "linearGradient", "radialGradient",
             "pattern", "mask", "filter", "marker", "script")  # read where referenced, else not drawn
INHERITED = ("fill", "fill-rule", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
             "stroke-linejoin", "stroke-dasharray", "visibility", "color", "clip-rule")
OWN = ("opacity", "display", "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end")
DEFAULTS = {"fill": "black", "fill-rule": "nonzero", "fill-opacity": "1", "stroke": "none", "stroke-width": "1",
            "stroke-opacity": "1", "stroke-linecap": "butt", "stroke-linejoin": "miter", "stroke-dasharray": "none",
            "visibility": "visible", "color": "black", "clip-rule": "nonzero"}
UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "in": 96.0, "mm": 96 / 25.4, "cm": 96 / 2.54}
HINT = "pnpgen draws paths and basic shapes in plain colours: convert text to paths and gradients to flat colours"


def _shown(value: str, limit: int = 60) -> str:
    """A value of the file as a message quotes it: cut short past `limit` characters."""
    return value if len(value) <= limit else value[:limit - 3] + "..."


class SvgError(ValueError):
    """Something in an SVG file that cannot be drawn, at a line and column of the file (0: the whole file)."""

    def __init__(self, line: int, col: int, message: str):
        super().__init__(message)
        self.line, self.col, self.message = line, col, message


@dataclass(frozen=True)
class Vector:
    """An SVG file as primitives in its own user units, and the view box they are drawn in (x, y, w, h)."""

    group: Group
    box: tuple[float, float, float, float]
    name: str
    shapes: int = 0


@dataclass
class _Node:
    tag: str  # local name of an SVG element ('' for another namespace's)
    attrs: dict[str, str]
    line: int
    col: int
    children: list[_Node] = field(default_factory=list)
    text: list[str] = field(default_factory=list)  # a style element's text, in the pieces the parser gave


def read_svg(data: bytes, name: str) -> Vector:
    """An SVG file's bytes as primitives; SvgError locating what cannot be read or drawn."""
    if len(data) > MAX_BYTES:
        raise SvgError(0, 0, f"is too large ({-(-len(data) // 1000)} kB; the limit for an SVG file is "
                             f"{MAX_BYTES // 1000} kB)")
    root = _parse(data)
    if root.tag != "svg":
        raise SvgError(root.line, root.col, f"is not an SVG file (its root element is '{root.tag or 'foreign'}')")
    box = _view_box(root)
    reader = _Reader(root)
    items = reader.children_at(root, dict(DEFAULTS), 0, (), 1)
    drawing = Group(tuple(items), clip=Rect(*box, Style()))
    extent = _extent(drawing)
    if extent is not None and not within_reach(*extent):
        raise SvgError(root.line, root.col, "its shapes reach beyond ±1e9 through their transforms (groups nested "
                                            "in scaled groups)")
    return Vector(drawing, box, name, reader.shapes)


def _extent(item: Item) -> Box | None:
    """The box of every shape under an item, strokes included, through its transforms (clips not applied)."""
    if isinstance(item, Group):
        box = None
        for child in item.items:
            box = union(box, _extent(child))
        return through(item.transform, box) if item.transform else box
    box = outline_box(item)
    half = item.style.width / 2 if item.style.stroke else 0.0
    return box and (box[0] - half, box[1] - half, box[2] + half, box[3] + half)


# -- XML ---------------------------------------------------------------------------------------------------------
def _parse(data: bytes) -> _Node:
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[_Node] = []
    found: list[_Node] = []
    count = [0]

    places = _Places(data)

    def here() -> tuple[int, int]:
        return places.at(parser.CurrentByteIndex, parser.CurrentLineNumber, parser.CurrentColumnNumber)

    def entity(*_args) -> None:
        raise SvgError(*here(), "entity declarations are not supported (save the file as plain SVG)")

    def start(qname: str, attrs: dict[str, str]) -> None:
        count[0] += 1
        if count[0] > MAX_ELEMENTS:
            raise SvgError(*here(), f"has more than {MAX_ELEMENTS:,} elements (the limit for an SVG file)")
        if len(stack) >= MAX_DEPTH:
            raise SvgError(*here(), f"elements nest more than {MAX_DEPTH} deep (the limit for an SVG file)")
        ns, _, local = qname.rpartition(" ")
        tag = local if ns in ("", SVG_NS) else ""
        own = {}
        for key, value in attrs.items():
            kns, _, klocal = key.rpartition(" ")
            if kns == "":
                own[klocal] = value
            elif kns == XLINK_NS:
                own["xlink:" + klocal] = value
        node = _Node(tag, own, *here())
        if stack:
            stack[-1].children.append(node)
        else:
            found.append(node)
        stack.append(node)

    def end(_qname: str) -> None:
        stack.pop()

    def text(chars: str) -> None:
        if stack and stack[-1].tag == "style":
            stack[-1].text.append(chars)

    parser.EntityDeclHandler = entity
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise SvgError(*places.at(parser.ErrorByteIndex, e.lineno, e.offset),
                       f"is not well-formed XML ({expat.ErrorString(e.code)})") from None
    except RecursionError:
        raise SvgError(0, 0, "nests too deeply") from None
    except SvgError:
        raise
    except (LookupError, ValueError):  # the declared encoding: unknown, not text, or many bytes a character
        raise _encoding_error(data) from None
    if not found:
        raise SvgError(0, 0, "holds no elements")
    return found[0]


def _encoding_error(data: bytes) -> SvgError:
    """The error for an XML declaration naming an encoding that cannot be read, at its `encoding=`."""
    found = re.search(rb"""encoding\s*=\s*["']?([^"'?>\s]{0,40})""", data[:500])
    line, col = _Places(data).at(found.start() if found else 0, 1, 0)
    name = found.group(1).decode("ascii", "backslashreplace") if found else "?"
    return SvgError(line, col, f"declares the encoding '{name}', which cannot be read here (save the file as UTF-8)")


class _Places:
    """Line:col of bytes of a UTF-8 file, asked in the order the parser reads it, lines counted at line feeds only
    (expat also breaks them at a carriage return alone, where editors do not); expat's own line and column for a
    file in another encoding. Counts on from the last place asked, so a parse stays linear in the file's size."""

    def __init__(self, data: bytes):
        self.data = data
        self.other = data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:4]  # (UTF-16 or UTF-32)
        self.index, self.line, self.column = 0, 1, 1  # a byte, its line and its column (in characters)

    def at(self, index: int, line: int, column: int) -> tuple[int, int]:
        """The line:col of byte `index` (expat's `line` and `column` when the file is not UTF-8)."""
        data = self.data
        if index < 0 or self.other:
            return line, column + 1
        if index < self.index:  # (asked out of order: count again from the start)
            self.index, self.line, self.column = 0, 1, 1
        breaks = data.count(b"\n", self.index, index)
        if breaks:
            start = data.rfind(b"\n", self.index, index) + 1
            self.line += breaks
            self.column = len(data[start:index].decode("utf-8", "replace")) + 1
        else:
            self.column += len(data[self.index:index].decode("utf-8", "replace"))
        self.index = index
        return self.line, self.column


def _view_box(root: _Node) -> tuple[float, float, float, float]:
    vb = root.attrs.get("viewBox")
    if vb is not None:
        try:
            parts = _numbers(vb)
        except ValueError:
            parts = []
        if len(parts) != 4 or min(parts[2:]) < 1e-6:  # (numbers past ±1e9 are refused as read)
            raise SvgError(root.line, root.col, f"viewBox '{_shown(vb)}' must be four numbers: x, y, width, height "
                                                "(width and height from 1e-6 to 1e9, x and y within ±1e9)")
        return (parts[0], parts[1], parts[2], parts[3])
    try:
        w, h = _length(root.attrs.get("width", "")), _length(root.attrs.get("height", ""))
    except ValueError:
        w = h = 0.0
    if min(w, h) < 1e-6:
        raise SvgError(root.line, root.col, "has no viewBox, nor a width and height in absolute units")
    return (0.0, 0.0, w, h)


# A number, written so that no two parts can take the same digits (`\d+\.?\d*` could, and a long run of digits that
# ends in a letter then took time that grew with the square of its length).
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_LENGTH = re.compile(r"\s*(" + _NUMBER.pattern + r")\s*(px|pt|pc|in|mm|cm|%)?\s*")


def _numbers(text: str) -> list[float]:
    found = _NUMBER.findall(text)
    if re.sub(r"[\s,]", "", text) != "".join(found):
        raise ValueError(text)
    numbers = [float(x) for x in found]
    if not within_reach(*numbers):
        raise ValueError(text)
    return numbers


def _length(text: str, percent_of: float | None = None) -> float:
    m = _LENGTH.fullmatch(text)
    if not m:
        raise ValueError(text)
    value, unit = float(m.group(1)), m.group(2) or ""
    if unit == "%":
        if percent_of is None:
            raise ValueError(text)
        value = value / 100 * percent_of
    else:
        value *= UNITS[unit]
    if not within_reach(value):
        raise ValueError(text)
    return value


# -- styles ------------------------------------------------------------------------------------------------------
def _declarations(text: str) -> dict[str, str]:
    out = {}
    for part in text.split(";"):
        key, sep, value = part.partition(":")
        if sep:
            out[key.strip().lower()] = value.replace("!important", "").strip()
    return out


def _css(root: _Node) -> list[tuple[str, dict[str, str]]]:
    """Rules of the file's <style> elements as (selector, declarations); selectors are '.class', '#id' or a tag.
    Read in one pass over the text (patterns that search again from each character took the square of its
    length)."""
    rules = []
    for node in _iter(root):
        if node.tag != "style":
            continue
        text = _uncommented("".join(node.text))
        pos = 0
        while (opening := text.find("{", pos)) >= 0:
            closing = text.find("}", opening)
            selectors = text[pos:opening]
            if closing < 0 or "}" in selectors or not selectors or "{" in text[opening + 1:closing]:
                raise SvgError(node.line, node.col, "this style sheet holds rules pnpgen cannot read (@-rules or "
                                                    "nested blocks)")
            decls = _declarations(text[opening + 1:closing])
            for sel in selectors.split(","):
                sel = sel.strip()
                if not _SELECTOR.fullmatch(sel):
                    raise SvgError(node.line, node.col, f"CSS selector '{_shown(sel)}' is not supported (only "
                                                        ".class, #id and element names)")
                rules.append((sel, decls))
            pos = closing + 1
        if text[pos:].strip():
            raise SvgError(node.line, node.col, "this style sheet holds rules pnpgen cannot read (@-rules or "
                                                "nested blocks)")
    return rules


_SELECTOR = re.compile(r"[.#]?[A-Za-z_][\w-]*")


def _uncommented(text: str) -> str:
    """CSS text without its comments (one left open runs to the end)."""
    parts = []
    pos = 0
    while (start := text.find("/*", pos)) >= 0:
        parts.append(text[pos:start])
        end = text.find("*/", start + 2)
        pos = len(text) if end < 0 else end + 2
    parts.append(text[pos:])
    return "".join(parts)


def _iter(node: _Node):
    """The node and every node under it, in document order (without recursion: files nest deep)."""
    pending = [node]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(reversed(node.children))


def _colour(value: str, current: str, node: _Node, prop: str) -> tuple[str | None, float]:
    """('#rrggbb' or None for none, alpha) of a paint value."""
    v = value.strip()
    if v in ("none", "transparent"):
        return None, 1.0
    if v.lower() == "currentcolor":
        v = current
    if v.startswith("url("):
        raise SvgError(node.line, node.col, f"{prop} '{_shown(value)}': gradients and patterns are not supported "
                                            f"({HINT})")
    from PIL import ImageColor

    try:
        rgba = ImageColor.getrgb(v)
    except ValueError:
        raise SvgError(node.line, node.col, f"{prop} '{_shown(value)}' is not a colour") from None
    alpha = rgba[3] / 255 if len(rgba) == 4 else 1.0
    return "#{:02x}{:02x}{:02x}".format(*rgba[:3]), alpha


def _opacity(value: str, node: _Node, prop: str) -> float:
    try:
        v = value.strip()
        x = float(v[:-1]) / 100 if v.endswith("%") else float(v)
    except ValueError:
        raise SvgError(node.line, node.col, f"{prop} '{_shown(value)}' must be a number from 0 to 1") from None
    return min(1.0, max(0.0, x))


_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")


def _transform(text: str, node: _Node) -> Matrix:
    out = IDENTITY
    pos = 0
    while True:
        m = _TRANSFORM.match(text, pos)  # where the last one ended (a search would try again from every character)
        if m is None:
            break
        kind = m.group(1)
        try:
            a = _numbers(m.group(2))
        except ValueError:
            break
        n = len(a)
        if kind == "matrix" and n == 6:
            t = tuple(a)
        elif kind == "translate" and n in (1, 2):
            t = translate(a[0], a[1] if n == 2 else 0.0)
        elif kind == "scale" and n in (1, 2):
            t = scale(a[0], a[1] if n == 2 else None)
        elif kind == "rotate" and n in (1, 3):
            t = rotate(a[0], *(a[1:] if n == 3 else ()))
        elif kind == "skewX" and n == 1:
            t = (1.0, 0.0, math.tan(math.radians(a[0])), 1.0, 0.0, 0.0)
        elif kind == "skewY" and n == 1:
            t = (1.0, math.tan(math.radians(a[0])), 0.0, 1.0, 0.0, 0.0)
        else:
            break
        pos = m.end()  # (only once read: a transform with the wrong numbers is refused, not left out)
        out = multiply(out, t)
    if text[pos:].strip():
        raise SvgError(node.line, node.col, f"transform '{_shown(text.strip())}' cannot be read")
    if not within_reach(*out):
        raise SvgError(node.line, node.col, f"transform '{_shown(text.strip())}' moves or scales beyond ±1e9")
    return out


_SPECIFICITY = {"#": 100, ".": 10}


class _Rules:
    """CSS rules found by what they select (an element's name, a class, an id), so that styling an element costs
    the rules that match it, not every rule of the file."""

    def __init__(self, rules: list[tuple[str, dict[str, str]]]):
        self.by_selector: dict[str, list[tuple[int, int, dict[str, str]]]] = {}
        for k, (sel, decls) in enumerate(rules):
            self.by_selector.setdefault(sel, []).append((_SPECIFICITY.get(sel[0], 1), k, decls))

    def matching(self, node: _Node) -> list[dict[str, str]]:
        """The declarations of the rules that match a node: element names, then classes, then ids (in the
        file's order within each)."""
        if not self.by_selector:
            return []
        keys = {node.tag, *("." + c for c in node.attrs.get("class", "").split())}
        if "id" in node.attrs:
            keys.add("#" + node.attrs["id"])
        matched = [rule for key in keys for rule in self.by_selector.get(key, ())]
        return [decls for _, _, decls in sorted(matched, key=lambda m: m[:2])]


# -- drawing -----------------------------------------------------------------------------------------------------
class _Reader:
    """Draws a parsed file. The work is bounded by what is drawn, not by the file: each `use` draws its target
    again, so the elements, path segments and nesting drawn are counted as they are made, and what an element
    gives the same way every time it is drawn (its own style, transform, clip and outline) is worked out once."""

    def __init__(self, root: _Node):
        self.ids = {n.attrs["id"]: n for n in _iter(root) if "id" in n.attrs}
        self.rules = _Rules(_css(root))
        self.shapes = 0
        self.drawn = 0  # elements drawn so far, `use` expanded
        self.segments = 0  # path segments (and shapes) drawn so far
        self.uses: list[_Node] = []  # the `use` elements being drawn, outermost first
        self.known: dict[tuple[int, str], Any] = {}  # (id of a node, what) -> what it gives every time
        self.box = _view_box(root)

    def once(self, node: _Node, what: str, make: Callable[[], Any]) -> Any:
        """What `make` gives for a node, made the first time it is asked for."""
        key = (id(node), what)
        if key not in self.known:
            self.known[key] = make()
        return self.known[key]

    def own(self, node: _Node) -> dict[str, str]:
        """The style properties a node sets itself: its attributes, then CSS rules, then its style attribute."""
        own = {k: v for k, v in node.attrs.items() if k in INHERITED or k in OWN}
        for decls in self.rules.matching(node):
            own.update(decls)
        own.update(_declarations(node.attrs.get("style", "")))
        return {k: v for k, v in own.items() if k in INHERITED or k in OWN}

    def props(self, node: _Node, parent: dict[str, str]) -> dict[str, str]:
        """The node's style: inherited values, then its own."""
        out = {k: v for k, v in parent.items() if k in INHERITED}
        for k, v in self.once(node, "own", lambda: self.own(node)).items():
            if v.strip() == "inherit":
                continue
            out[k] = v
        return out

    def count(self, node: _Node, level: int) -> None:
        """Count an element drawn at a nesting level; SvgError past the limits (at the outermost `use` being
        drawn, whose expansion it is)."""
        self.drawn += 1
        if self.drawn > MAX_DRAWN:
            at = self.uses[0] if self.uses else node
            raise SvgError(at.line, at.col, f"its 'use' elements expand to more than {MAX_DRAWN:,} elements (the "
                                            "limit for an SVG file once 'use' is expanded)")
        if level > MAX_DEPTH:
            at = self.uses[0] if self.uses else node
            raise SvgError(at.line, at.col, f"its 'use' elements nest elements more than {MAX_DEPTH} deep (the "
                                            "limit for an SVG file)")

    def tally(self, node: _Node, items: list[Item]) -> None:
        """Count a shape drawn (as the items it makes: a fill and a stroke drawn apart count once) and its path
        segments; SvgError past the limit."""
        if not items:
            return
        self.shapes += 1
        first = items[0]
        self.segments += len(first.ops) if isinstance(first, Path) else 1
        if self.segments > MAX_SEGMENTS:
            at = self.uses[0] if self.uses else node
            raise SvgError(at.line, at.col, f"draws more than {MAX_SEGMENTS:,} path segments once its 'use' "
                                            "elements are expanded (the limit for an SVG file)")

    def draw(self, node: _Node, parent: dict[str, str], depth: int, fades: tuple[float, ...] = (),
             level: int = 1) -> list[Item]:
        """The items an element draws. `depth`: `use` elements being expanded; `fades`: the opacities of the
        elements it is in, outermost first; `level`: how deep it is drawn."""
        self.count(node, level)
        tag = node.tag
        if tag == "" or tag in NOT_DRAWN:
            return []
        if tag not in SHAPES and tag not in CONTAINERS and tag != "use":
            what = "nested 'svg' elements are" if tag == "svg" else f"SVG element '{tag}' is"
            raise SvgError(node.line, node.col, f"{what} not supported ({HINT})")
        props = self.props(node, parent)
        if props.get("display", "").strip() == "none":
            return []
        for prop in ("mask", "filter", "marker-start", "marker-mid", "marker-end"):
            if props.get(prop, "none").strip() != "none":
                raise SvgError(node.line, node.col, f"'{prop}' is not supported ({HINT})")
        opacity = self.once(node, "opacity", lambda: _opacity(props.get("opacity", "1"), node, "opacity"))
        inner = fades + (opacity,) if opacity < 1.0 else fades
        if tag in CONTAINERS:
            items = self.children_at(node, props, depth, inner, level)
        elif tag == "use":
            items = self.use(node, props, depth, inner, level)
        else:  # (the same shape drawn again in the same style: the same items, made once)
            key = (id(node), "shape", frozenset(props.items()), inner)
            items = self.known.get(key)
            if items is None:
                items = self.known[key] = self.shape(node, props, inner)
            else:
                self.tally(node, items)
        transform = self.once(node, "transform", lambda: _transform(node.attrs["transform"], node)
                              if "transform" in node.attrs else None)
        clip = self.once(node, "clip", lambda: self.clip(node, props))
        if not items:
            return []
        if transform is None and clip is None and (tag in SHAPES or tag == "use" or len(items) == 1):
            return items
        return [Group(tuple(items), transform if transform != IDENTITY else None, clip)]

    def children_at(self, node: _Node, props: dict[str, str], depth: int, fades: tuple[float, ...],
                    level: int) -> list[Item]:
        out: list[Item] = []
        for child in node.children:
            out += self.draw(child, props, depth, fades, level + 1)
        return out

    def use(self, node: _Node, props: dict[str, str], depth: int, fades: tuple[float, ...],
            level: int) -> list[Item]:
        ref = node.attrs.get("href", node.attrs.get("xlink:href", ""))
        target = self.ids.get(ref[1:]) if ref.startswith("#") else None
        if target is None:
            raise SvgError(node.line, node.col, f"'use' names '{_shown(ref)}', which is not an element of this file")
        if depth >= MAX_USE_DEPTH:
            raise SvgError(node.line, node.col, f"'use' elements nest more than {MAX_USE_DEPTH} deep (or loop)")
        self.uses.append(node)
        if target.tag == "symbol":
            if "viewBox" in target.attrs:
                raise SvgError(target.line, target.col, "a symbol with a viewBox is not supported")
            items = self.children_at(target, props, depth + 1, fades, level)
        else:
            items = self.draw(target, props, depth + 1, fades, level + 1)
        self.uses.pop()
        x, y = self.once(node, "at", lambda: (self.number(node, "x"), self.number(node, "y")))
        return [Group(tuple(items), translate(x, y))] if (x or y) and items else items

    def clip(self, node: _Node, props: dict[str, str]) -> Item | None:
        ref = props.get("clip-path", "none").strip()
        if ref == "none":
            return None
        m = re.fullmatch(r"url\(\s*['\"]?#([^'\")]+)['\"]?\s*\)", ref)
        target = self.ids.get(m.group(1)) if m else None
        if target is None or target.tag != "clipPath":
            raise SvgError(node.line, node.col, f"clip-path '{_shown(ref)}' does not name a clipPath of this file")
        shapes = [c for c in target.children if c.tag in SHAPES]
        if len(shapes) != 1 or target.attrs.get("clipPathUnits", "userSpaceOnUse") != "userSpaceOnUse" \
                or any(c.tag and c.tag not in SHAPES and c.tag not in NOT_DRAWN for c in target.children):
            raise SvgError(target.line, target.col, "a clipPath must hold exactly one shape (path, rect, circle, "
                                                    "ellipse, polygon) in user space")
        shape = shapes[0]
        outline = self.outline(shape, Style())
        if outline is None:
            return Rect(0, 0, 0, 0, Style())
        transform = _transform(shape.attrs["transform"], shape) if "transform" in shape.attrs else None
        if transform is not None and transform != IDENTITY:
            if not isinstance(outline, Path):
                outline = _as_path(outline)
            outline = Path(tuple(_moved(op, transform) for op in outline.ops), outline.style)
        return outline

    def number(self, node: _Node, key: str, default: float = 0.0, percent_of: float | None = None) -> float:
        text = node.attrs.get(key)
        if text is None:
            return default
        try:
            return _length(text, percent_of)
        except ValueError:
            raise SvgError(node.line, node.col,
                           f"'{key}' of a {node.tag}: '{_shown(text)}' is not a length within ±1e9") from None

    def outline(self, node: _Node, st: Style) -> Item | None:
        """The shape of an element in a style, or None when it has no area or length."""
        tag = node.tag
        _, _, vw, vh = self.box
        diagonal = math.hypot(vw, vh) / math.sqrt(2)
        if tag == "path":
            d = node.attrs.get("d", "").strip()
            if not d:
                return None
            try:
                return Path(parse_path(d), st)
            except (ValueError, IndexError, TypeError, ArithmeticError) as e:
                raise SvgError(node.line, node.col, f"path data: {e}") from None
        if tag == "rect":
            x, y = self.number(node, "x", 0, vw), self.number(node, "y", 0, vh)
            w, h = self.number(node, "width", 0, vw), self.number(node, "height", 0, vh)
            if w <= 0 or h <= 0:
                return None
            rx = self.number(node, "rx", -1, vw)
            ry = self.number(node, "ry", -1, vh)
            rx, ry = (ry if rx < 0 else rx), (rx if ry < 0 else ry)
            rx, ry = min(max(rx, 0), w / 2), min(max(ry, 0), h / 2)
            if abs(rx - ry) < 1e-9:
                return Rect(x, y, w, h, st, rx)
            return Path(_rounded(x, y, w, h, rx, ry), st)
        if tag == "circle":
            r = self.number(node, "r", 0, diagonal)
            if r <= 0:
                return None
            return Circle(self.number(node, "cx", 0, vw), self.number(node, "cy", 0, vh), r, st)
        if tag == "ellipse":
            rx, ry = self.number(node, "rx", 0, vw), self.number(node, "ry", 0, vh)
            if rx <= 0 or ry <= 0:
                return None
            cx, cy = self.number(node, "cx", 0, vw), self.number(node, "cy", 0, vh)
            ops = [("M", cx + rx, cy)]
            ops += [("C", *s) for s in arc_to_cubics(cx + rx, cy, rx, ry, 0, False, True, cx - rx, cy)]
            ops += [("C", *s) for s in arc_to_cubics(cx - rx, cy, rx, ry, 0, False, True, cx + rx, cy)]
            return Path(tuple(ops) + (("Z",),), st)
        if tag == "line":
            pts = [(self.number(node, "x1", 0, vw), self.number(node, "y1", 0, vh)),
                   (self.number(node, "x2", 0, vw), self.number(node, "y2", 0, vh))]
            return Path((("M", *pts[0]), ("L", *pts[1])), st)
        # polyline, polygon
        try:
            nums = _numbers(node.attrs.get("points", ""))
        except ValueError:
            raise SvgError(node.line, node.col, f"points of a {tag} must be numbers within ±1e9") from None
        pts = list(zip(nums[0::2], nums[1::2]))
        if len(pts) < 2:
            return None
        ops = [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + ([("Z",)] if tag == "polygon" else [])
        return Path(tuple(ops), st)

    def shape(self, node: _Node, props: dict[str, str], fades: tuple[float, ...]) -> list[Item]:
        if props.get("visibility", "visible").strip() in ("hidden", "collapse"):
            return []
        current = props.get("color", "black")
        fill, fill_alpha = _colour(props.get("fill", "black"), current, node, "fill")
        stroke, stroke_alpha = _colour(props.get("stroke", "none"), current, node, "stroke")
        if node.tag == "line":
            fill = None
        fill_alpha *= _opacity(props.get("fill-opacity", "1"), node, "fill-opacity")
        stroke_alpha *= _opacity(props.get("stroke-opacity", "1"), node, "stroke-opacity")
        try:
            width = _length(props.get("stroke-width", "1"), math.hypot(*self.box[2:]) / math.sqrt(2))
        except ValueError:
            raise SvgError(node.line, node.col, f"stroke-width '{_shown(props.get('stroke-width', ''))}' is not a "
                                                "length within ±1e9") from None
        if width <= 0:
            stroke = None
        dash: tuple[float, ...] = ()
        dashes = props.get("stroke-dasharray", "none").strip()
        if dashes != "none":
            try:
                dash = tuple(_length(x) for x in re.split(r"[\s,]+", dashes) if x)
            except ValueError:
                raise SvgError(node.line, node.col,
                               f"stroke-dasharray '{_shown(dashes)}' must be lengths within ±1e9") from None
            if len(dash) % 2:
                dash = dash * 2
            if not any(dash):
                dash = ()
        cap = props.get("stroke-linecap", "butt").strip()
        join = props.get("stroke-linejoin", "miter").strip()
        cap = cap if cap in ("butt", "round", "square") else "butt"
        join = {"miter-clip": "miter", "arcs": "round"}.get(join, join)
        join = join if join in ("miter", "round", "bevel") else "miter"
        even_odd = props.get("fill-rule", "nonzero").strip() == "evenodd"
        base = self.once(node, "outline", lambda: self.outline(node, Style()))
        if base is None or (fill is None and stroke is None):
            return []
        self.tally(node, [base])
        line_style = dict(stroke=stroke, width=width, dash=dash, cap=cap, join=join)
        if fill is not None and stroke is not None and abs(fill_alpha - stroke_alpha) < 1e-9:
            out = [_styled(base, Style(fill=fill, opacity=fill_alpha, **line_style), even_odd)]
            return [_faded(item, fades) for item in out] if fades else out
        out = []
        if fill is not None and fill_alpha > 0:
            out.append(_styled(base, Style(fill=fill, opacity=fill_alpha), even_odd))
        if stroke is not None and stroke_alpha > 0:
            out.append(_styled(base, Style(opacity=stroke_alpha, **line_style), False))
        return [_faded(item, fades) for item in out] if fades else out


def _styled(item: Item, st: Style, even_odd: bool) -> Item:
    if isinstance(item, Path):
        return Path(item.ops, st, even_odd)
    return replace(item, style=st)


def _faded(item: Item, fades: tuple[float, ...]) -> Item:
    """A shape drawn as opaque as the groups it is in let it be (their opacities, outermost first, applied
    innermost first)."""
    opacity = item.style.opacity
    for fade in reversed(fades):
        opacity *= fade
    return replace(item, style=replace(item.style, opacity=opacity))


def _rounded(x: float, y: float, w: float, h: float, rx: float, ry: float) -> tuple:
    ops: list[tuple] = [("M", x + rx, y), ("L", x + w - rx, y)]
    ops += [("C", *s) for s in arc_to_cubics(x + w - rx, y, rx, ry, 0, False, True, x + w, y + ry)]
    ops.append(("L", x + w, y + h - ry))
    ops += [("C", *s) for s in arc_to_cubics(x + w, y + h - ry, rx, ry, 0, False, True, x + w - rx, y + h)]
    ops.append(("L", x + rx, y + h))
    ops += [("C", *s) for s in arc_to_cubics(x + rx, y + h, rx, ry, 0, False, True, x, y + h - ry)]
    ops.append(("L", x, y + ry))
    ops += [("C", *s) for s in arc_to_cubics(x, y + ry, rx, ry, 0, False, True, x + rx, y)]
    return tuple(ops) + (("Z",),)


def _as_path(item: Item) -> Path:
    if isinstance(item, Rect):
        if item.r:
            return Path(_rounded(item.x, item.y, item.w, item.h, item.r, item.r), item.style)
        x, y, w, h = item.x, item.y, item.w, item.h
        return Path((("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)), item.style)
    if isinstance(item, Circle):
        cx, cy, r = item.cx, item.cy, item.r
        ops = [("M", cx + r, cy)]
        ops += [("C", *s) for s in arc_to_cubics(cx + r, cy, r, r, 0, False, True, cx - r, cy)]
        ops += [("C", *s) for s in arc_to_cubics(cx - r, cy, r, r, 0, False, True, cx + r, cy)]
        return Path(tuple(ops) + (("Z",),), item.style)
    return item


def _moved(op: tuple, m: Matrix) -> tuple:
    a, b, c, d, e, f = m
    vals = op[1:]
    out = [op[0]]
    for k in range(0, len(vals), 2):
        x, y = vals[k], vals[k + 1]
        out += [a * x + c * y + e, b * x + d * y + f]
    return tuple(out)


# -- as an icon: one colour --------------------------------------------------------------------------------------
def as_icon(vector: Vector) -> Vector:
    """The file's shapes for drawing in one colour (an icon): a first shape covering the whole view box (a
    background, as game-icons.net files have) is left out; SvgError if what is left uses more than one colour."""
    items = list(vector.group.items)
    prims = [p for p in items if not isinstance(p, Group)]
    if len(items) > 1 and prims and items[0] is prims[0] and _covers(prims[0], vector.box):
        items = items[1:]
    colours = sorted({c for it in items for c in _colours_of(it)})
    if len(colours) > 1:
        raise SvgError(0, 0, f"is drawn in {len(colours)} colours ({', '.join(colours)}); an icon is drawn in one "
                             "(for a picture in colour, use an image field)")
    if not colours:
        raise SvgError(0, 0, "draws no filled or stroked shape")
    return replace(vector, group=replace(vector.group, items=tuple(items)))


def _covers(item: Item, box: tuple[float, float, float, float]) -> bool:
    from .bounds import outline_box

    if not isinstance(item, (Rect, Path)):
        return False
    got = outline_box(item)
    x, y, w, h = box
    return got is not None and got[0] <= x + w * 0.01 and got[1] <= y + h * 0.01 and got[2] >= x + w * 0.99 \
        and got[3] >= y + h * 0.99


def _colours_of(item: Item) -> set[str]:
    if isinstance(item, Group):
        return {c for i in item.items for c in _colours_of(i)}
    st = item.style
    return {c.lower() for c in (st.fill, st.stroke) if c}


def recoloured(item: Item, colour: str) -> Item:
    """An item with every fill and stroke in one colour."""
    if isinstance(item, Group):
        return replace(item, items=tuple(recoloured(i, colour) for i in item.items))
    st = item.style
    return replace(item, style=replace(st, fill=colour if st.fill else None, stroke=colour if st.stroke else None))


def fitted(box: tuple[float, float, float, float], size: tuple[float, float], fit: str) -> Matrix:
    """The transform that puts content of `size` (from its origin) into a box: 'contain' (whole, centred),
    'cover' (filling it, centred; clip to the box) or 'stretch'."""
    x, y, w, h = box
    cw, ch = size
    if fit == "stretch":
        return compose(translate(x, y), scale(w / cw, h / ch))
    k = (min if fit == "contain" else max)(w / cw, h / ch)
    return compose(translate(x + (w - cw * k) / 2, y + (h - ch * k) / 2), scale(k))
