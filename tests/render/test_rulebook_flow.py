"""A picture that does not fit the foot of a rulebook page gives way to the text after it, rather than leave much
of the page empty before it; text and pictures are never lost."""

from __future__ import annotations

from pnpgen.components.rulebook.flow import FLOAT_ROOM, Frame, Unit, flow
from pnpgen.draw.primitives import Group

FRAME = Frame(x=10.0, top=10.0, width=190.0, bottom=270.0, columns=2, gap=7.0)


def block(name: str, height: float, **kind) -> Unit:
    return Unit(Group(()), height, gap=2.0, name=name, **kind)


def run(picture_floats: bool) -> list[list[tuple[str, float]]]:
    units = [block("chapter", 12.0, wide=True, keep=True), *(block(f"text {k}", 60.0) for k in range(4)),
             block("picture", 150.0, wide=True, floats=picture_floats), block("heading", 8.0, keep=True),
             *(block(f"more {k}", 50.0) for k in range(3)), block("next chapter", 12.0, wide=True, keep=True),
             block("last", 30.0)]
    pages = flow(units, FRAME).pages
    assert sorted(p.unit.name for page in pages for p in page) == sorted(u.name for u in units)
    return [[(p.unit.name, round(p.y, 1)) for p in page] for page in pages]


def test_text_after_a_picture_fills_the_page_the_picture_does_not_fit():
    pages = run(picture_floats=True)
    first, second = pages  # one page fewer than when the picture keeps its place
    assert [name for name, _y in first] == ["chapter", "text 0", "text 1", "text 2", "text 3", "heading", "more 0"]
    used = max(y for _name, y in first) + 60.0
    assert FRAME.bottom - used <= FLOAT_ROOM * (FRAME.bottom - FRAME.top)
    assert second[0] == ("picture", FRAME.top)  # at the top of the next page, before the rest of its chapter
    assert [name for name, _y in second] == ["picture", "more 1", "more 2", "next chapter", "last"]


def test_a_picture_that_fits_or_does_not_float_keeps_its_place():
    first, second, third = run(picture_floats=False)
    assert [name for name, _y in first] == ["chapter", "text 0", "text 1", "text 2", "text 3"]
    used = max(y for _name, y in first) + 60.0
    assert FRAME.bottom - used > FLOAT_ROOM * (FRAME.bottom - FRAME.top)  # the room a floating one would fill
    assert [name for name, _y in second] == ["picture", "heading", "more 0", "more 1", "more 2"]
    assert [name for name, _y in third] == ["next chapter", "last"]
