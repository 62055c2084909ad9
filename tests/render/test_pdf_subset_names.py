"""PDF font subsets are named from each file's content: no two kits carry different subsets under one name, and the
same pages still give the same bytes."""

from __future__ import annotations

import re

from pnpgen.draw.primitives import Drawing, Group, Text
from pnpgen.render.pdf import write_pdf

NAMES = re.compile(rb"/BaseFont /([A-Z]{6})\+([\w-]+)")


def page(words: str) -> Drawing:
    return Drawing(100, 100, Group((Text(10, 10, words, 5, "#000000"), Text(10, 20, words, 5, "#000000", "bold"))))


def test_each_file_tags_its_subsets_from_its_content():
    a, b = write_pdf([page("Hello")]), write_pdf([page("World")])
    tags_a, tags_b = NAMES.findall(a), NAMES.findall(b)
    assert [face for _tag, face in tags_a] == [b"DejaVuSans", b"DejaVuSans-Bold"]
    assert len({tag for tag, _face in tags_a}) == 2 and b"AAAAAA" not in a and b"AAAAAA" not in b
    assert not {tag for tag, _ in tags_a} & {tag for tag, _ in tags_b}
    assert write_pdf([page("Hello")]) == a
    assert re.findall(rb"/FontName /([A-Z]{6})\+", a) == [tag for tag, _face in tags_a]  # the descriptor agrees


def test_the_two_kits_of_a_build_name_their_subsets_apart(built):
    _state, folder = built
    full = set(NAMES.findall((folder / "narrow-seas-a4.pdf").read_bytes()))
    low = set(NAMES.findall((folder / "narrow-seas-a4-low-ink.pdf").read_bytes()))
    assert full and low and not full & low
