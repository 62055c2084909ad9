"""One body size a deck: the rules text of every card of a deck is set at the size the card that needs the smallest
sets it at (a classic card's needs and effect, a template's text element that shrinks to fit); where a deck's cards
still differ by more than half a point (a card with a template of its own), the preflight says so."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpgen.cli import main
from pnpgen.components import layout_kit
from pnpgen.draw.primitives import Group, Text
from pnpgen.load.loader import load_game

PT = 25.4 / 72
SENTENCE = "Draw two cards, then discard one card of your choice."
GAME = """\
id: bs
title: Body sizes
players: 2
suits:
  sun: {{name: Sun, colour: "#d4a017", symbol: star}}
decks:
  - id: d
    name: Deck
{more}    cards:
      - {{id: short, name: Short, suit: sun, text: "Draw a card."}}
      - {{id: long, name: Long, suit: sun, text: "{long}"{own}}}
      - {{id: middle, name: Middle, suit: sun, text: "{middle}"}}
"""


@pytest.fixture(autouse=True)
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(tmp_path: Path, sentences: int, more: str = "", own: str = "", templates: dict | None = None) -> Path:
    root = tmp_path / "bs"
    (root / "templates").mkdir(parents=True, exist_ok=True)
    (root / "game.yaml").write_text(GAME.format(long=" ".join([SENTENCE] * sentences), middle=" ".join([SENTENCE] * 4),
                                                more=more, own=own), encoding="utf-8")
    for name, text in (templates or {}).items():
        (root / "templates" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return root


def _texts(group: Group):
    for item in group.items:
        if isinstance(item, Group):
            yield from _texts(item)
        elif isinstance(item, Text):
            yield item


def sizes(root: Path, role_part: str) -> dict[str, set[float]]:
    """The type sizes (pt) of each card's texts whose role holds `role_part`."""
    out: dict[str, set[float]] = {}
    for piece in layout_kit(load_game(str(root))).pieces:
        if piece.kind != "card":
            continue
        out[piece.id.removeprefix("card-")] = {round(item.size / PT, 2) for item in _texts(piece.face)
                                                if role_part in (item.role or "")}
    return out


def test_a_deck_sets_its_rules_text_at_the_size_its_longest_card_needs(tmp_path):
    assert sizes(write(tmp_path, 4), "effect text") == {"short": {7.0}, "long": {7.0}, "middle": {7.0}}
    shrunk = sizes(write(tmp_path, 16), "effect text")  # the long card's text fits only under 7 pt
    assert shrunk["long"] == shrunk["short"] == shrunk["middle"] and len(shrunk["long"]) == 1
    (size,) = shrunk["long"]
    assert 6.0 <= size < 7.0


def test_a_text_element_that_shrinks_is_set_at_one_size_a_deck_and_one_that_does_not_keeps_its_own(tmp_path):
    template = ("kind: action-card\nsize: [63mm, 88mm]\nbleed: 3mm\nelements:\n"
                "  rules: {kind: text, box: [4mm, 20mm, 55mm, 30mm], text: '{text}', size: 9pt, min_size: 6pt}\n"
                "  name: {kind: text, box: [4mm, 4mm, 20mm, 8mm], text: '{name}', size: 14pt, min_size: 6pt}\n"
                "  plain: {kind: text, box: [4mm, 60mm, 55mm, 20mm], text: '{text}', size: 5pt}\n")
    root = write(tmp_path, 7, more="    template: t\n", templates={"t": template})
    rules = sizes(root, "element 'rules'")
    assert rules["long"] == rules["short"] == rules["middle"] and len(rules["long"]) == 1
    assert max(rules["long"]) < 9.0  # shrunk for the long card, and so for every card
    plain = sizes(root, "element 'plain'")
    assert plain["short"] == {5.0}  # no min_size: set at its own size, as written
    names = sizes(root, "element 'name'")
    assert names["short"] == names["long"] == names["middle"] == {14.0}  # short names: none shrank


def test_the_preflight_warns_when_a_decks_cards_set_their_rules_text_apart(tmp_path):
    big = "kind: action-card\nextends: action-card\neffect: {text: {size: 9pt, min_size: 6pt}}\n"
    root = write(tmp_path, 2, own=", template: big", templates={"big": big})
    assert sizes(root, "effect text")["long"] == {9.0}
    result = CliRunner().invoke(main, ["check", str(root)])
    body = [line for line in result.stderr.splitlines() if "body text" in line]
    assert body == ["bs/game.yaml:11:9: warning: deck 'Deck': its cards set their body text (effect text) at 7.00 "
                    "(card 'Short (sun)') to 9.00 pt (card 'Long (sun)'); a deck reads as one at one size: give its "
                    "cards one text size (one template), with text that fits it"], result.output
    same = write(tmp_path, 2)  # one template: one size, no warning
    assert "body text" not in CliRunner().invoke(main, ["check", str(same)]).output
