"""A deck's mark prints inside its badge: a disc, or a pill as high as the disc when the letters need more room."""

from __future__ import annotations

import pytest

from pnpgen.components.imprint import deck_badge
from pnpgen.draw import fonts
from pnpgen.draw.primitives import Circle, Rect
from pnpgen.draw.units import SMALLEST


@pytest.mark.parametrize("mark", ["B", "P1", "W", "MM", "XYZ"])
@pytest.mark.parametrize("diameter", [2.9, 3.8, 7.0])
def test_a_marks_letters_stay_inside_its_badge_and_never_under_six_points(mark, diameter):
    ring, text = deck_badge(mark, 10.0, 10.0, diameter, "#ffffff", "#000000").items
    assert text.size >= SMALLEST - 1e-9
    half, cap = fonts.width(mark, text.size, "bold") / 2, fonts.CAP_HEIGHT * text.size / 2
    inner = diameter / 2 - 0.1  # the letters' top and bottom corners keep clear of the ring's stroke
    if isinstance(ring, Circle):
        assert ring.r == pytest.approx(diameter / 2)
        assert (half ** 2 + cap ** 2) ** 0.5 <= inner, (mark, diameter)
    else:
        assert isinstance(ring, Rect) and ring.h == pytest.approx(diameter) and ring.r == pytest.approx(diameter / 2)
        assert ring.w > diameter and ring.x + ring.w / 2 == pytest.approx(text.x)
        straight = (ring.w - diameter) / 2  # the corner beyond the straight part lies in the round end
        assert ((half - straight) ** 2 + cap ** 2) ** 0.5 <= inner, (mark, diameter)

def test_two_letters_on_a_footer_sized_badge_make_a_pill_not_letters_over_the_ring():
    ring, _text = deck_badge("P1", 0.0, 0.0, 2.9, "#ffffff", "#000000").items
    assert isinstance(ring, Rect)
    ring, _text = deck_badge("B", 0.0, 0.0, 2.9, "#ffffff", "#000000").items
    assert isinstance(ring, Circle)
