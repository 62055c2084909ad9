"""Seas of Havoc: the pack passes its checks, and each rules check catches a copy broken in one place."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.packs import copy_pack, edit, err, errors_of, where

from pnpgen.checks import check_game
from pnpgen.components.board import board_piece
from pnpgen.components.context import Ctx
from pnpgen.draw.primitives import Circle, Text, walk
from pnpgen.load.loader import load_game


@pytest.fixture
def soh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of content/seas-of-havoc, with the working folder its parent."""
    monkeypatch.chdir(tmp_path)
    return copy_pack(tmp_path / "seas-of-havoc", "seas-of-havoc")


def test_the_quick_reference_reads_at_8_pt_or_more() -> None:
    """The quick reference comes in two pages (the Island, the Sea) so that no word of it, nor of the Infamy
    pad, prints under 8 pt (the version line aside: the smallest type, on every piece)."""
    from pnpgen.components import layout_kit
    from pnpgen.draw.units import pt

    game = load_game("seas-of-havoc")
    kit = layout_kit(game)
    aids = [p for p in kit.pieces if p.kind == "player-aid" and not p.copy_of]
    assert [p.id for p in aids] == ["aid-quick-reference", "aid-quick-reference-sea", "aid-score-pad"]
    for aid in aids:
        sizes = [item.size * abs(m[0] or m[1]) for item, m in walk(aid.face)
                 if isinstance(item, Text) and item.text != f"v{game.version}"]
        assert len(sizes) > 15 and min(sizes) >= pt(8) - 1e-6, (aid.id, min(sizes) / pt(1))


@pytest.mark.slow
def test_bundled_pack_passes_check() -> None:
    report = check_game(load_game("seas-of-havoc"))
    assert report.ok, report.lines()
    assert not report.warnings, report.lines()
    assert "board island 8 locations (16 slots)" in report.summary
    assert "board market-board 1 locations (5 slots)" in report.summary
    assert "board piles 4 locations (4 slots)" in report.summary
    assert "board sea 9x9 squares (5 rock, 4 whirlpool, 4 gust, 4 shipwreck; wrapping)" in report.summary


def test_the_pack_holds_what_the_quick_reference_names() -> None:
    game = load_game("seas-of-havoc")
    locations = {loc.name for b in game.boards for loc in b.locations}
    assert locations == {"Sail Maker", "Blacksmith", "Bank", "Capitol", "Trading Post", "Workshop", "Deep Cove",
                         "Flag Slots", "Market", "Market deck", "Market discard", "Damage deck", "Spare Damage"}
    piles = next(b for b in game.boards if b.id == "piles")  # a card-sized box for each shared pile
    assert [(loc.slots, loc.slot_size) for loc in piles.locations] == [(1, (63.0, 88.0))] * 4
    assert {t.name for t in game.tokens if t.kind == "flag"} == {
        "Shipwright flag", "Bosun flag", "Purser flag", "Sailor flag"}
    sea = next(b for b in game.boards if b.id == "sea")
    assert sea.wrap and sea.square_at(2, 2).terrain == "whirlpool" and sea.square_at(2, 2).direction == "cw"
    references = [a for a in game.player_aids if a.id.startswith("quick-reference")]
    titles = " ".join(s.title for a in references for s in a.sections)
    for topic in ("Setup", "Island Phase", "Flags", "Sea Phase", "Collisions", "Cannon fire", "Shipwrecks", "Game end"):
        assert topic in titles
    decks = {d.id: d for d in game.decks}
    assert all(decks[f"start-{p}"].size == 8 for p in (1, 2, 3, 4))
    assert decks["market"].size == 36 and decks["upgrades"].size == 16
    assert decks["damage"].size == 20 and decks["spare-damage"].size == 6
    assert {c.owner for c in game.area_cards if c.kind == "mat"} == {1, 2, 3, 4}  # a ship board each
    resources = {t.label for t in game.tokens if t.kind == "resource"}
    assert resources == {"1{sail}", "3{sail}", "1{cannonball}", "3{cannonball}", "1{coin}", "3{coin}"}
    assert any(s.blank_rows for a in game.player_aids for s in a.sections)  # the Infamy pad


@pytest.mark.slow
def test_aid_names_a_location_not_on_the_board(soh: Path) -> None:
    edit(soh / "aids.yaml", "- [Deep Cove,", "- [Deep Cave,")
    assert errors_of(soh) == [err(where(soh / "aids.yaml", "[Deep Cave,"),
                                  "player aid 'quick-reference': location 'Deep Cave' is on no board (the locations: "
                                  "Sail Maker, Blacksmith, Bank, Capitol, Trading Post, Workshop, Deep Cove, Flag "
                                  "Slots, Market)")]


@pytest.mark.slow
def test_one_of_several_names_in_a_row_missing(soh: Path) -> None:
    edit(soh / "boards.yaml", "{id: bank, name: Bank,", "{id: bank, name: Counting House,")
    errors = errors_of(soh)
    assert errors == [err(where(soh / "aids.yaml", "[Sail Maker / Blacksmith / Bank,"),
                          "player aid 'quick-reference': location 'Bank' is on no board (the locations: Sail Maker, "
                          "Blacksmith, Counting House, Capitol, Trading Post, Workshop, Deep Cove, Flag Slots, "
                          "Market)")]


@pytest.mark.slow
def test_damage_deck_too_small_to_end_the_game(soh: Path) -> None:
    edit(soh / "game.yaml", "damage_deck_size: 20", "damage_deck_size: 25")
    assert errors_of(soh) == [err(where(soh / "cards.yaml", "id: damage"),
                                  "deck 'damage' holds 20 cards, fewer than the Damage deck of 25 (rules "
                                  "damage_deck_size) whose running out ends the game")]


@pytest.mark.slow
def test_too_few_spare_damage_cards(soh: Path) -> None:
    edit(soh / "cards.yaml", "      count: 6\n      text: >-\n        SPARE.", "      count: 5\n      text: >-\n"
         "        SPARE.")
    edit(soh / "game.yaml", "cards: 110", "cards: 109")
    assert errors_of(soh) == [err(where(soh / "cards.yaml", "- id: spare-damage\n  name", 2),
                                  "5 spare Damage cards (deck 'spare-damage'), fewer than rules damage_spares (6)")]


@pytest.mark.slow
def test_too_few_damage_spares(soh: Path) -> None:
    edit(soh / "game.yaml", "damage_spares: 6", "damage_spares: 3")
    assert errors_of(soh) == [err(where(soh / "game.yaml", "damage_spares: 3", 15),
                                  "rules: 'damage_spares' (3) must be at least the player count (4): the last Sea "
                                  "Phase goes on after the deck runs out")]


@pytest.mark.slow
def test_location_text_must_print_the_rules_number(soh: Path) -> None:
    for resource in ("sail", "cannonball", "coin"):  # typed instead of printed from the rules
        edit(soh / "boards.yaml", f"Gain {{rules.gather}} {{{resource}}}.", f"Gain 2 {{{resource}}}.")
    assert errors_of(soh) == []  # it agrees with the rules, for now
    edit(soh / "game.yaml", "gather: 2 ", "gather: 3 ")
    errors = errors_of(soh)
    assert errors[0] == err(where(soh / "boards.yaml", "{id: sail-maker,"),
                            "board 'island': location 'Sail Maker' must say '3 {sail}' (the rules' number), but says: "
                            "Gain 2 {sail}.")
    assert len(errors) == 3  # Sail Maker, Blacksmith and Bank


@pytest.mark.slow
def test_a_resource_without_a_sink(soh: Path) -> None:
    # nothing costs cannonballs any more: every price in cannonballs becomes one in coins
    text = (soh / "cards.yaml").read_text(encoding="utf-8")
    for old, new in (("{cannonball: 2, coin: 1}", "{coin: 3}"), ("{cannonball: 1, coin: 1}", "{coin: 2}"),
                     ("{cannonball: 3, coin: 1}", "{coin: 4}"), ("{coin: 1, cannonball: 1}", "{coin: 2}")):
        text = text.replace(old, new)
    for old, new in (("{sail: 2, cannonball: 1}", "{sail: 3}"), ("{cannonball: 1, sail: 1}", "{sail: 2}"),
                     ("{sail: 1, cannonball: 2}", "{sail: 3}"), ("{sail: 1, cannonball: 1}", "{sail: 2}")):
        text = text.replace(old, new)
    text = text.replace("cannonball: ", "sail: ")
    (soh / "cards.yaml").write_text(text, encoding="utf-8")
    errors = [e for e in errors_of(soh) if "no sink" in e or "no source" in e]
    assert errors == [err(where(soh / "game.yaml", "resources: [sail", 11),
                          "resource 'cannonball' has no sink: no card or upgrade costs it")]


@pytest.mark.slow
def test_a_starting_deck_too_small_to_draw_from(soh: Path) -> None:
    edit(soh / "cards.yaml", "      name: Broadside\n      count: 2\n", "      name: Broadside\n      count: 1\n")
    text = (soh / "game.yaml").read_text(encoding="utf-8").replace("sea_draw: 4 ", "sea_draw: 8 ")
    (soh / "game.yaml").write_text(text, encoding="utf-8")
    errors = errors_of(soh)
    assert err(where(soh / "game.yaml", "id: seas-of-havoc"),
               "player 1's starting deck (start-1) holds 7 cards, fewer than the 8 drawn at the start (rules "
               "sea_draw)") in errors


@pytest.mark.slow
def test_a_ship_starting_on_a_rock(soh: Path) -> None:
    edit(soh / "game.yaml", "ship_starts: [[3, 8, N]", "ship_starts: [[4, 7, N]")
    edit(soh / "boards.yaml", "ship-1: [3, 8]", "ship-1: [4, 7]")
    assert errors_of(soh) == [err(where(soh / "game.yaml", "ship_starts: [[", 13),
                                  "rules: 'ship_starts': player 1 starts on [4, 7], which is not an open square of "
                                  "board 'sea'")]


@pytest.mark.slow
def test_sea_must_wrap(soh: Path) -> None:
    edit(soh / "boards.yaml", "  wrap: true\n", "")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "id: sea"),
                                  "board 'sea': ships and shots leaving one edge come back on the opposite edge, so "
                                  "the sea board needs wrap: true")]


@pytest.mark.slow
def test_wrap_leaves_a_square_without_a_way_out(soh: Path) -> None:
    # [0, 0] wraps to [8, 0] and [0, 8]: rocks on all four sides box it in
    edit(soh / "boards.yaml", "    - [4, 4, rock]\n",
         "    - [4, 4, rock]\n    - [1, 0, rock]\n    - [0, 1, rock]\n    - [8, 0, rock]\n    - [0, 8, rock]\n")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "[0, 8, rock]"),
                                  "board 'sea': square [0, 0] has no way out: rock at [0, 8], rock at [1, 0], "
                                  "rock at [0, 1], rock at [8, 0] (its edges wrap)")]


@pytest.mark.slow
def test_market_slots_differ_from_market_size(soh: Path) -> None:
    edit(soh / "game.yaml", "market_size: 5", "market_size: 4")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "    - id: market\n", 6),
                                  "board 'market-board': the Market has 5 card slots but the rules fill it to 4 "
                                  "(rules market_size)")]


@pytest.mark.slow
def test_market_deck_cannot_restock(soh: Path) -> None:
    edit(soh / "game.yaml", "skiffs_per_player: 3", "skiffs_per_player: 7")
    edit(soh / "tokens.yaml", "count: 3,", "count: 7,", count=4)
    edit(soh / "game.yaml", "tokens: 137", "tokens: 153")
    edit(soh / "boards.yaml", "{id: flags, name: Flag Slots, slots: 4,", "{id: flags, name: Flag Slots, slots: 20,")
    edit(soh / "cards.yaml", "      name: Come About\n      count: 2\n", "      name: Come About\n      count: 1\n")
    edit(soh / "game.yaml", "cards: 110", "cards: 109")
    assert errors_of(soh) == [err(where(soh / "cards.yaml", "- id: market\n", 2),
                                  "deck 'market' holds 35 cards; a Market of 5, a full restock and a round in which "
                                  "every skiff claims a card need 38")]


@pytest.mark.slow
def test_too_few_skiff_slots(soh: Path) -> None:
    edit(soh / "game.yaml", "skiffs_per_player: 3", "skiffs_per_player: 6")
    edit(soh / "tokens.yaml", "count: 3,", "count: 6,", count=4)
    edit(soh / "game.yaml", "tokens: 137", "tokens: 149")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "id: island"),
                                  "the island and the Market have 21 skiff slots but 4 players place 24 skiffs, one "
                                  "per slot")]


@pytest.mark.slow
def test_a_player_short_of_skiffs(soh: Path) -> None:
    edit(soh / "tokens.yaml", "owner: 3, count: 3", "owner: 3, count: 2")
    edit(soh / "game.yaml", "tokens: 137", "tokens: 136")
    assert errors_of(soh) == [err(where(soh / "game.yaml", "id: seas-of-havoc"),
                                  "player 3 has 2 skiffs, expected 3 (rules skiffs_per_player)")]


@pytest.mark.slow
def test_fewer_booty_tokens_than_shipwrecks(soh: Path) -> None:
    edit(soh / "tokens.yaml", "count: 2, shape: circle", "count: 1, shape: circle", count=4)
    edit(soh / "game.yaml", "tokens: 137", "tokens: 133")
    edit(soh / "boards.yaml", "    - [7, 7, shipwreck]\n", "    - [7, 7, shipwreck]\n    - [0, 4, shipwreck]\n")
    assert errors_of(soh) == [err(where(soh / "game.yaml", "id: seas-of-havoc"),
                                  "expected at least 5 booty tokens (one per shipwreck on board 'sea'), found 4")]


@pytest.mark.slow
def test_market_cost_in_something_not_a_resource(soh: Path) -> None:
    edit(soh / "cards.yaml", "fields: {cost: {coin: 4}", "fields: {cost: {infamy: 4}")
    assert errors_of(soh) == [err(where(soh / "cards.yaml", "id: dread-reputation"),
                                  "card 'dread-reputation': cost in 'infamy', which is no resource "
                                  "(sail, cannonball, coin)")]


@pytest.mark.slow
def test_gust_must_blow_somewhere(soh: Path) -> None:
    edit(soh / "game.yaml", "    direction: heading\n", "")
    errors = errors_of(soh)
    assert err(where(soh / "boards.yaml", "[4, 3, gust, W]", 13),
               "board 'sea': cell [4, 3]: gust takes no direction, got 'W'") in errors


# -- start squares ringed on the sea board --------------------------------------------------------------------
@pytest.mark.slow
def test_a_ringed_start_that_is_not_the_rules_start(soh: Path) -> None:
    edit(soh / "boards.yaml", "ship-2: [5, 0]", "ship-2: [5, 1]")
    assert errors_of(soh) == [err(where(soh / "game.yaml", "ship_starts: [[", 13),
                                  "rules: 'ship_starts': player 2 starts on [5, 0], but board 'sea' rings the start "
                                  "of 'ship-2' on [5, 1]")]


@pytest.mark.slow
def test_a_ringed_start_of_something_that_is_not_a_ship(soh: Path) -> None:
    edit(soh / "boards.yaml", "ship-4: [8, 5]", "skiff-4: [8, 5]")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "id: sea"),
                                  "board 'sea': start of 'skiff-4': not the ship token of a player with a start in "
                                  "the rules' ship_starts (ship tokens: ship-1, ship-2, ship-3, ship-4)")]


def test_starts_must_be_squares_of_a_square_board(soh: Path) -> None:
    edit(soh / "boards.yaml", "ship-4: [8, 5]", "ship-4: [9, 5]")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "ship-4: [9, 5]", len("ship-4: ")),
                                  "board 'sea': start of 'ship-4' [9, 5] is not a square of the board")]


def test_a_board_of_locations_has_no_starts(soh: Path) -> None:
    edit(soh / "boards.yaml", "  grid: none\n  width: 3\n", "  grid: none\n  width: 3\n  starts: {ship-1: [0, 1]}\n")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "starts: {ship-1: [0, 1]", len("starts: ")),
                                  "board 'island': field 'starts' belongs to a board of hexes or squares (this board "
                                  "has grid: none)")]


@pytest.mark.slow
def test_the_sea_board_rings_each_ships_start_with_its_label() -> None:
    game = load_game("seas-of-havoc")
    sea = next(b for b in game.boards if b.id == "sea")
    face = board_piece(Ctx.make(game), sea).face
    c = sea.cell_size_mm
    rings = sorted((p.cx / c - 0.5, p.cy / c - 0.5) for p, _ in walk(face) if isinstance(p, Circle) and p.style.dash)
    starts = sorted((x, y) for x, y, _ in game.rules["ship_starts"])
    assert len(rings) == len(starts) == 4
    # each ring on the centre of a rules' start square: the same offset (the board's margin) for all four
    offsets = {(round(rx - x, 6), round(ry - y, 6)) for (rx, ry), (x, y) in zip(rings, starts)}
    assert len(offsets) == 1, (rings, starts)
    labels = [p.text for p, _ in walk(face) if isinstance(p, Text)]
    assert all(labels.count(n) == 3 for n in "1234")  # the column number top and bottom, and the ship's label
