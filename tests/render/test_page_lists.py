"""The cover's page lists: runs of pages as ranges, a big deck's every-other-page faces as a short progression."""

from __future__ import annotations

import pytest

from pnpgen.render.cover import page_ranges


@pytest.mark.parametrize(("pages", "written"), [
    ([], ""),
    ([5], "5"),
    ([1, 2, 3, 5], "1–3, 5"),
    ([3, 5, 7], "3, 5, 7"),  # a few faces of a duplex kit stay listed
    ([2, 4, 6, 8, 10], "2, 4, 6, 8, 10"),
    (list(range(10, 29, 2)), "10, 12, … 28"),  # Enemy in Sight's 80 Action cards: ten face pages
    (list(range(4, 1115, 2)), "4, 6, … 1114"),  # 5,000 cards: one short line, not 556 numbers
    ([28, 30, 33, 34], "28, 30, 33–34"),
    (list(range(1, 25)) + list(range(29, 36)), "1–24, 29–35"),
    ([1, 3, 5, 7, 9, 11, 13, 14], "1, 3, … 11, 13–14"),  # a page that starts a range stays with it
    ([9, 7, 5, 3, 1, 11, 11], "1, 3, … 11"),  # in any order, each page once
])
def test_pages_are_written_as_ranges_and_progressions(pages, written):
    assert page_ranges(pages) == written
