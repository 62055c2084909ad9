"""A card template's footer may print what the card is upside down at its bottom right (footer: turned), for a hand
fanned the other way up: Narrow Seas' cards do."""

from __future__ import annotations

import pytest

from pnpgen.components import layout_kit
from pnpgen.draw.geometry import apply
from pnpgen.draw.primitives import Group, Text, walk
from pnpgen.load.loader import load_game


def turned(face: Group) -> list[tuple[Group, tuple]]:
    """The turned index groups of a face, with the transform each is drawn under."""
    out = []

    def look(group: Group, m: tuple) -> None:
        for item in group.items:
            if isinstance(item, Group):
                inner = m if item.transform is None else _times(m, item.transform)
                if item.label == "turned index":
                    out.append((item, inner))
                look(item, inner)
    look(face, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return out


def _times(a: tuple, b: tuple) -> tuple:
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3],
            a[1] * b[2] + a[3] * b[3], a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])


@pytest.mark.parametrize("ink_saver", [False, True])
def test_narrow_seas_cards_print_their_suit_action_and_name_upside_down_at_the_bottom_right(ink_saver):
    kit = layout_kit(load_game("narrow-seas"), ink_saver)
    cards = [p for p in kit.pieces if p.kind == "card"]
    assert len(cards) == 44  # both decks
    for piece in cards:
        (group, m), = turned(piece.face)
        assert m[0] == pytest.approx(-1) and m[3] == pytest.approx(-1)  # turned half a circle
        names = [item for item, _ in walk(group) if isinstance(item, Text)]
        assert [t.text for t in names] == [piece.name.split(" (")[0]]
        w, h = piece.size
        x, y = apply(m, names[0].x, names[0].y)
        assert w * 0.5 < x <= w - 3.0 and h - 6.0 < y < h - 3.0 + 1e-6, (piece.id, x, y)  # in the footer, right
        marks = [item for item in group.items if isinstance(item, Group)]
        suited = " (" in piece.name
        assert len(marks) == (1 if suited else 0) + 1, piece.id  # the suit's symbol (a suited card), the icon


def test_a_template_without_it_prints_none():
    kit = layout_kit(load_game("enemy-in-sight"))
    assert all(not turned(p.face) for p in kit.pieces if p.kind == "card")


def test_a_deck_whose_only_field_is_hidden_prints_it_in_its_corner_only(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from pnpgen.cli import main
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "vale", "--layout", "railway"]).exit_code == 0
    kit = layout_kit(load_game(str(tmp_path / "vale")))
    president = next(p for p in kit.pieces if p.id == "card-red-president")
    words = [item.text for item, _ in walk(president.face) if isinstance(item, Text)]
    assert words.count("20%") == 1 and "PERCENT" not in words and "Share" not in words, words  # the index chip
