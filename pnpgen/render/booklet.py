"""A booklet imposed for a home printer: its pages padded with blank ones to a multiple of four, then two to a side
of a landscape sheet in saddle-stitch order (the first sheet's front holds the last page beside page 1, its back
pages 2 and n - 1), so that the printed stack, folded in half and stapled, reads in order."""

from __future__ import annotations

from ..draw.primitives import Drawing, Group, Item, Rect, Style
from .paper import paper


def padded(count: int) -> int:
    """The page count of a booklet of `count` pages: the next multiple of four."""
    return max(4, -(-count // 4) * 4)


def sheet_order(count: int) -> list[tuple[int | None, int | None]]:
    """The pages (numbered from 1; None for a blank) on each side of the sheets, left then right, side by side in
    print order: sheet 1 front, sheet 1 back, sheet 2 front ..."""
    n = padded(count)
    shown = lambda k: k if k <= count else None  # noqa: E731
    out = []
    for s in range(n // 4):
        out.append((shown(n - 2 * s), shown(2 * s + 1)))
        out.append((shown(2 * s + 2), shown(n - 2 * s - 1)))
    return out


def impose_booklet(pages: list[Drawing], paper_name: str, title: str) -> list[Drawing]:
    """The sides of the booklet's sheets: each a landscape sheet of `paper_name` with two pages side by side (a
    blank page for padding)."""
    p = paper(paper_name)
    w, h = p.height, p.width  # landscape
    out = []
    for k, (left, right) in enumerate(sheet_order(len(pages))):
        items: list[Item] = [Rect(0, 0, w, h, Style(fill="#ffffff"))]
        for x, number in ((0.0, left), (w / 2, right)):
            if number is not None:
                page = pages[number - 1]
                items.append(Group((page.root,), (1, 0, 0, 1, x, (h - page.height) / 2)))
        side = "front" if k % 2 == 0 else "back"
        names = " and ".join(f"page {n}" if n is not None else "a blank page" for n in (left, right))
        out.append(Drawing(w, h, Group(tuple(items)), f"{title}: sheet {k // 2 + 1}, {side} ({names})"))
    return out
