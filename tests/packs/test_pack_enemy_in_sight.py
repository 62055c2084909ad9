"""Enemy in Sight: the pack passes its checks, and each rules check catches a copy broken in one place."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.packs import copy_pack, edit, err, errors_of, where

from pnpgen.checks import check_game
from pnpgen.load.loader import load_game


@pytest.fixture
def eis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of content/enemy-in-sight, with the working folder its parent."""
    monkeypatch.chdir(tmp_path)
    return copy_pack(tmp_path / "enemy-in-sight", "enemy-in-sight")


@pytest.mark.slow
def test_bundled_pack_passes_check() -> None:
    report = check_game(load_game("enemy-in-sight"))
    assert report.ok, report.lines()
    assert not report.warnings, report.lines()
    assert report.summary.startswith("enemy-in-sight: 40 Ship cards (12 british, 10 french, 9 spanish, 9 dutch), "
                                     "80 Action cards (14 red, 66 black)")


def test_every_card_the_rules_name_is_in_the_action_deck() -> None:
    game = load_game("enemy-in-sight")
    red = {"Admiralty's Orders", "Fire", "Run Aground", "Strike", "Weathergauge"}
    black = {"Additional Ship", "Blockade", "Boarding Party", "Broadsides", "Bucket Brigade", "Fire Ship",
             "Break The Line", "Rake", "Repair", "Refuse Battle"}
    deck = next(d for d in game.decks if d.id == "actions")
    assert {c.name for c in deck.cards if c.suit == "red"} == red
    assert {c.name for c in deck.cards if c.suit == "black"} == black
    assert all(c.action.text for c in deck.cards)
    ships = next(d for d in game.decks if d.id == "ships")
    assert all(isinstance(c.field(f), int) for c in ships.cards for f in ("rating", "hull", "rigging", "value"))


def test_broadside_no_ship_can_fire(eis: Path) -> None:
    # no first rates left: the Broadsides rated 1 can be fired by nobody
    edit(eis / "cards.yaml", "fields: {rating: 1, hull: 10", "fields: {rating: 2, hull: 10", count=8)
    assert errors_of(eis) == [err(where(eis / "cards.yaml", "{id: broadsides-1"),
                                  "card 'broadsides-1': no ship can fire it: it needs a ship rated 1 or better, "
                                  "and the best ship is rated 2")]


def test_hand_capacity_without_a_line_above_the_minimum(eis: Path) -> None:
    edit(eis / "game.yaml", "hand_capacity_no_line: 1", "hand_capacity_no_line: 5")
    assert errors_of(eis) == [err(where(eis / "game.yaml", "hand_capacity_no_line: 5", 23),
                                  "rules: 'hand_capacity_no_line' (5) is above 'hand_capacity_min' (4): losing the "
                                  "Line would raise the hand")]


@pytest.mark.slow
def test_starting_hand_above_hand_capacity(eis: Path) -> None:
    edit(eis / "game.yaml", "actions_dealt: 6", "actions_dealt: 7")
    assert errors_of(eis) == [err(where(eis / "game.yaml", "actions_dealt: 7", 15),
                                  "rules: 'actions_dealt' (7) is above the starting hand capacity (6: 6 ships in the "
                                  "Line, at least 4)")]


def test_action_deck_too_small_for_the_deal(eis: Path) -> None:
    edit(eis / "game.yaml", "actions_dealt: 6", "actions_dealt: 16")
    edit(eis / "game.yaml", "hand_capacity_min: 4", "hand_capacity_min: 16")
    assert errors_of(eis) == [err(where(eis / "cards.yaml", "id: actions"),
                                  "deck 'actions' holds 80 cards; dealing 16 to each of 5 players leaves none to "
                                  "draw, so the first round would end at once")]


@pytest.mark.slow
def test_ship_deck_too_small_for_the_players(eis: Path) -> None:
    edit(eis / "game.yaml", "players: [2, 3, 4, 5]", "players: [2, 3, 4, 5, 6, 7]")
    assert errors_of(eis) == [err(where(eis / "cards.yaml", "id: ships"),
                                  "deck 'ships' holds 40 ships; dealing 6 to each of 7 players and showing the next "
                                  "one needs at least 43")]


def test_break_the_line_flag_without_chits(eis: Path) -> None:
    edit(eis / "tokens.yaml", "size: [24, 14], count: 3, colour: dutch", "size: [24, 14], count: 2, colour: dutch")
    edit(eis / "game.yaml", "tokens: 37", "tokens: 36")
    assert errors_of(eis) == [err(where(eis / "game.yaml", "id: enemy-in-sight"),
                                  "Line Breaker chits: 1 Break The Line card(s) fly the dutch flag and each marks up "
                                  "to 3 ships, so 3 dutch chits are needed; found 2")]


def test_break_the_line_flag_of_a_nation_without_ships(eis: Path) -> None:
    edit(eis / "cards.yaml", "fields: {flag: dutch}", "fields: {flag: red}")
    assert errors_of(eis) == [err(where(eis / "cards.yaml", "{id: break-the-line-dutch"),
                                  "card 'break-the-line-dutch': flag 'red' is no nation of the Ship deck "
                                  "(british, dutch, french, spanish)")]


def test_red_card_must_be_an_event(eis: Path) -> None:
    edit(eis / "cards.yaml", "{id: rake, suit: black", "{id: rake, suit: red")
    assert errors_of(eis) == [err(where(eis / "cards.yaml", "{id: rake,"),
                                  "card 'rake': a Red card strikes whoever draws it; its action 'rake' must have "
                                  "kind 'event', not 'gunnery'")]


def test_too_few_fire_chits(eis: Path) -> None:
    edit(eis / "tokens.yaml", "  count: 4\n  colour: flame", "  count: 3\n  colour: flame")
    edit(eis / "game.yaml", "tokens: 37", "tokens: 36")
    assert errors_of(eis) == [err(where(eis / "game.yaml", "id: enemy-in-sight"),
                                  "expected at least 4 Fire chits (one per Fire card), found 3")]


@pytest.mark.slow
def test_score_pad_needs_blank_rows(eis: Path) -> None:
    edit(eis / "aids.yaml", "      blank_rows: 28\n", "")
    assert errors_of(eis) == [err(where(eis / "game.yaml", "id: enemy-in-sight"),
                                  "expected a score pad: a player aid section with at least 5 blank_rows for "
                                  "end-of-round scoring, found 0")]


def test_fire_ship_that_can_never_sink(eis: Path) -> None:
    edit(eis / "game.yaml", "fire_ship_sinks: 6", "fire_ship_sinks: 8")
    assert errors_of(eis) == [err(where(eis / "game.yaml", "fire_ship_sinks: 8", 17),
                                  "rules: 'fire_ship_sinks' (8) is above the best roll (6 + 1): a Fire Ship could "
                                  "never sink anything")]


def test_ship_card_field_out_of_range(eis: Path) -> None:
    edit(eis / "cards.yaml", "{id: camilla, name: Camilla, suit: british, fields: {rating: 6,",
         "{id: camilla, name: Camilla, suit: british, fields: {rating: 7,")
    assert errors_of(eis) == [err(where(eis / "cards.yaml", "rating: 7", 8),
                                  "card 'camilla': field 'rating' must be a whole number from 1 to 6, got 7")]


@pytest.mark.slow
def test_missing_rules_number(eis: Path) -> None:
    edit(eis / "game.yaml", "  die_sides: 6\n", "")
    assert errors_of(eis) == [err(where(eis / "game.yaml", "ships_dealt"),
                                  "rules: missing parameter 'die_sides' (a whole number)")]


def test_broadsides_without_damage(eis: Path) -> None:
    edit(eis / "cards.yaml", "fields: {rating: 4, damage: 3}", "fields: {rating: 4}")
    assert errors_of(eis) == [err(where(eis / "cards.yaml", "{id: broadsides-4"),
                                  "card 'broadsides-4': a Broadsides card lies on a ship as damage and needs a "
                                  "'damage' field")]


def test_an_action_the_engine_does_not_play(eis: Path) -> None:
    edit(eis / "actions.yaml", "bucket-brigade:\n", "fire-buckets:\n")
    edit(eis / "cards.yaml", "action: bucket-brigade", "action: fire-buckets")
    assert errors_of(eis) == [err(where(eis / "cards.yaml", "{id: bucket-brigade"),
                                  "card 'bucket-brigade': the engine does not know what 'fire-buckets' does (it "
                                  "plays: admiralty-orders, fire, run-aground, strike, weathergauge, additional-ship, "
                                  "blockade, boarding-party, broadsides, bucket-brigade, fire-ship, break-the-line, "
                                  "rake, repair, refuse-battle)")]


def test_a_strike_card_that_can_never_strike(eis: Path) -> None:
    edit(eis / "game.yaml", "strike_hull_below: 6", "strike_hull_below: 1")
    assert errors_of(eis) == [err(where(eis / "game.yaml", "strike_hull_below: 1", 19),
                                  "rules: 'strike_hull_below' is 1: no ship afloat has so little Hull left, so the "
                                  "Strike card can never affect anyone")]


def test_no_rake_a_turn(eis: Path) -> None:
    edit(eis / "game.yaml", "rakes_per_turn: 1", "rakes_per_turn: 0")
    assert errors_of(eis) == [err(where(eis / "game.yaml", "rakes_per_turn: 0", 16),
                                  "rules: 'rakes_per_turn' is 0, so no Rake card can ever be played")]


@pytest.mark.slow
def test_a_boarding_party_that_cannot_succeed(eis: Path) -> None:
    edit(eis / "game.yaml", "boarding_success: 5", "boarding_success: 9")
    assert errors_of(eis) == [err(where(eis / "game.yaml", "boarding_success: 9", 18),
                                  "rules: 'boarding_success' (9) is above the best boarding roll (6 + 2 for Grape "
                                  "Shot): a Boarding Party could take only struck ships")]


def test_a_victory_target_beyond_the_ship_deck(eis: Path) -> None:
    edit(eis / "game.yaml", "victory_points: 100", "victory_points: 1000")
    report = check_game(load_game(str(eis)))
    assert report.ok and [str(w) for w in report.warnings] == [
        f"{where(eis / 'game.yaml', 'victory_points: 1000', 16)}: warning: rules: the whole Ship deck is worth 541 VP "
        "(Hull plus Rigging), less than the 1000 VP to win: only Prizes scored round after round can get there"]


def test_the_score_pad_says_a_ships_value_is_not_scored() -> None:
    """The Ship cards print a Value beside the Hull and Rigging that do score: the score pad, where ships are
    scored, says the Value only orders the Line."""
    from pnpgen.components import layout_kit
    from pnpgen.draw.primitives import Text, walk

    kit = layout_kit(load_game("enemy-in-sight"))
    pad = next(p for p in kit.pieces if p.id == "aid-score-pad")
    words = " ".join(item.text for item, _ in walk(pad.face) if isinstance(item, Text))
    assert "Value is never scored: it only sets the ship's place in your Line, lowest on the left." in words
