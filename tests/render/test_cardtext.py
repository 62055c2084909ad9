"""Card text is generated from the rule fields, so a rule edit changes the printed card."""

from __future__ import annotations

import io

import pypdf
import pytest
from content_kit import edit

from pnpgen.build import BuildOptions, build
from pnpgen.components.cardtext import card_text, heading_phrase, steps_phrase
from pnpgen.loader import load_game


@pytest.fixture(scope="module")
def game():
    return load_game("narrow-seas")


def test_cannon_cards_state_their_exact_range_and_damage(game):
    cannons = [card for card in game.cards if card.action and card.action.kind == "fire"]
    assert len(cannons) == 9  # three cannon actions in each of three suits
    for card in cannons:
        a = card.action
        if a:
            text = card_text(game, card)
            hexes = "hex" if a.range == 1 else "hexes"
            assert f"exactly {a.range} {hexes} away" in text.requires
            assert f"Deal {a.damage} damage" in text.effect
            assert "Plan to Fire" in text.requires and "Plan to Fire" in text.effect


def test_sail_cards_state_steps_and_headings_relative_to_the_wind(game):
    reach = card_text(game, game.card("blue-reach"))
    assert "{blue} Blue hex" in reach.requires
    assert "Sail 1 or 2 hexes, each hex with the wind or 60° to either side of it" in reach.effect
    assert "pass a ship" in reach.effect
    assert "120° to either side of the wind" in card_text(game, game.card("red-tack")).effect
    assert "Sail 1 hex with the wind." in card_text(game, game.card("yellow-run")).effect


def test_other_cards(game):
    duty = card_text(game, game.card("red-return-to-duty"))
    assert "Sick Bay" in duty.requires and "Bring 1 crew cube back from the Sick Bay to Spent" in duty.effect
    wind = card_text(game, game.card("wind"))
    assert wind.requires == "None."
    assert "any other direction" in wind.effect


@pytest.mark.parametrize("headings, phrase", [
    ((0,), "with the wind"),
    ((-1, 0, 1), "with the wind or 60° to either side of it"),
    ((-2, 2), "120° to either side of the wind"),
    ((1,), "60° clockwise from the wind"),
    ((0, -2), "with the wind or 120° anticlockwise from the wind"),
])
def test_heading_phrases(headings, phrase):
    assert heading_phrase(headings) == phrase


def test_steps_phrases():
    assert steps_phrase((1,)) == "1 hex"
    assert steps_phrase((1, 2)) == "1 or 2 hexes"
    assert steps_phrase((1, 2, 3)) == "1, 2 or 3 hexes"


def test_editing_a_rule_changes_the_printed_card(pack):
    edit(pack / "actions.yaml", "  range: 3\n  damage: 1\n", "  range: 4\n  damage: 2\n")
    state = build(BuildOptions(game=str(pack), out=pack.parent / "out", papers=("a4",), formats=("pdf",)))
    reader = pypdf.PdfReader(io.BytesIO((pack.parent / "out" / "narrow-seas" / "narrow-seas-a4.pdf").read_bytes()))
    text = " ".join(p.extract_text() for p in reader.pages[:6])
    assert "exactly 4 hexes" in text.replace("\n", " ")
    assert "exactly 3 hexes" not in text.replace("\n", " ")
    assert state.game.card("red-long-nines").action.range == 4
