"""A stable text dump of drawing primitives (rounded numbers, drawing order), for golden files and diffs."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from functools import lru_cache

from .primitives import Circle, Group, Image, Item, Path, Rect, Style, Text


@lru_cache(maxsize=1 << 16)  # (a kit's drawings repeat their coordinates: each is formatted once)
def number(value: float) -> str:
    """A coordinate rounded to 0.01 mm, without a trailing '.0' or a negative zero."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=1 << 12)
def coefficient(value: float) -> str:
    """A transform's rotation/scale coefficient, rounded to 0.0001."""
    text = f"{round(value, 4):.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=1 << 12)
def _style(style: Style) -> str:
    parts = []
    if style.fill:
        parts.append(f"fill={style.fill}")
    if style.stroke:
        parts.append(f"stroke={style.stroke}/{number(style.width)}")
    if style.dash:
        parts.append("dash=" + ",".join(number(d) for d in style.dash))
    if style.opacity != 1.0:
        parts.append(f"opacity={number(style.opacity)}")
    if style.cap != "butt":
        parts.append(f"cap={style.cap}")
    if style.join != "miter":
        parts.append(f"join={style.join}")
    return " ".join(parts) or "none"


@lru_cache(maxsize=1 << 12)  # (symbols and crop marks repeat their outlines from piece to piece, sheet to sheet)
def _ops(ops: tuple) -> str:
    parts = []
    for op in ops:
        if len(op) == 3:
            parts.append(f"{op[0]}{number(op[1])},{number(op[2])}")
        else:
            parts.append(op[0] + ",".join(map(number, op[1:])))
    return " ".join(parts)


def describe(item: Item) -> str:
    """One primitive (not a group) on one line."""
    if isinstance(item, Rect):
        corner = f" r={number(item.r)}" if item.r else ""
        return f"rect {number(item.x)},{number(item.y)} {number(item.w)}x{number(item.h)}{corner} {_style(item.style)}"
    if isinstance(item, Circle):
        return f"circle {number(item.cx)},{number(item.cy)} r={number(item.r)} {_style(item.style)}"
    if isinstance(item, Path):
        rule = " even-odd" if item.even_odd else ""
        return f"path {_ops(item.ops)}{rule} {_style(item.style)}"
    if isinstance(item, Text):
        return (f"text {number(item.x)},{number(item.y)} {number(item.size)}mm {item.font} {item.anchor} "
                f"{item.colour}" + (f"/{number(item.opacity)}" if item.opacity != 1.0 else "") + f" {item.text!r}")
    if isinstance(item, Image):
        r = item.raster
        return (f"image {number(item.x)},{number(item.y)} {number(item.w)}x{number(item.h)} {r.name} {r.format} "
                f"{r.pixels[0]}x{r.pixels[1]}px sha256:{r.digest[:12]}")
    raise TypeError(f"not a primitive: {item!r}")


def group_head(group: Group) -> str:
    """A group's own line: its label, transform and clip."""
    if not group.label and not group.transform and group.clip is None:
        return "group"
    head = ["group"]
    if group.label:
        head.append(repr(group.label))
    if group.transform:
        a, b, c, d, e, f = group.transform
        head.append("matrix=" + ",".join([*(coefficient(v) for v in (a, b, c, d)), number(e), number(f)]))
    if group.clip is not None:
        head.append("clip=[" + describe(group.clip) + "]")
    return " ".join(head)


def dump_lines(item: Item, depth: int = 0) -> Iterator[str]:
    """The lines of an item and everything under it, groups indented with their transform and clip."""
    pad = "  " * depth
    if not isinstance(item, Group):
        yield pad + describe(item)
        return
    yield pad + group_head(item)
    for child in item.items:
        yield from dump_lines(child, depth + 1)


def digest(item: Item, memo: dict[int, bytes] | None = None) -> bytes:
    """A digest of what the dump of an item says (two items with the same dump have the same digest, a picture
    counted by its whole file hash); a group's is hashed once from its head, its primitives' lines and its groups'
    digests, so a group shared by many drawings (a piece placed on a page) is read once when `memo` is kept
    between calls (and the groups live as long as it)."""
    if not isinstance(item, Group):
        return hashlib.blake2b(_line(item).encode("utf-8"), digest_size=16).digest()
    if memo is not None:
        known = memo.get(id(item))
        if known is not None:
            return known
    lines = [group_head(item)]
    for child in item.items:
        lines.append("> " + digest(child, memo).hex() if isinstance(child, Group) else _line(child))
    out = hashlib.blake2b("\n".join(lines).encode("utf-8"), digest_size=16).digest()
    if memo is not None:
        memo[id(item)] = out
    return out


def _line(item: Item) -> str:
    """A primitive's line, a picture's with the whole hash of its file."""
    if isinstance(item, Image):
        return describe(item) + " " + (item.raster.digest or hashlib.sha256(item.raster.data).hexdigest())
    return describe(item)
