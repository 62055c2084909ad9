"""Seas of Havoc: the pack passes its checks, and each rules check catches a copy broken in one place."""

from __future__ import annotations

from pathlib import Path

import pytest
from packkit import copy_of, edit, err, errors_of, where

from pnpgen.checks import check_game
from pnpgen.loader import load_game


@pytest.fixture
def soh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of content/seas-of-havoc, with the working folder its parent."""
    monkeypatch.chdir(tmp_path)
    return copy_of("seas-of-havoc", tmp_path)


def test_bundled_pack_passes_check() -> None:
    report = check_game(load_game("seas-of-havoc"))
    assert report.ok, report.lines()
    assert not report.warnings, report.lines()
    assert "board island 9 locations (21 slots)" in report.summary
    assert "board sea 9x9 squares (5 rock, 4 whirlpool, 4 gust, 4 shipwreck; wrapping)" in report.summary


def test_the_pack_holds_what_the_quick_reference_names() -> None:
    game = load_game("seas-of-havoc")
    island = next(b for b in game.boards if b.id == "island")
    assert {loc.name for loc in island.locations} == {
        "Sail Maker", "Blacksmith", "Bank", "Capitol", "Trading Post", "Workshop", "Deep Cove", "Flag Slots",
        "Market"}
    assert {t.name for t in game.tokens if t.kind == "flag"} == {
        "Shipwright flag", "Bosun flag", "Purser flag", "Sailor flag"}
    sea = next(b for b in game.boards if b.id == "sea")
    assert sea.wrap and sea.square_at(2, 2).terrain == "whirlpool" and sea.square_at(2, 2).direction == "cw"
    aid = game.player_aids[0]
    titles = " ".join(s.title for s in aid.sections)
    for topic in ("Island Phase", "Flags", "Sea Phase", "Collisions", "Cannon fire", "Shipwrecks", "Game end"):
        assert topic in titles


def test_aid_names_a_location_not_on_the_board(soh: Path) -> None:
    edit(soh / "aids.yaml", "- [Deep Cove,", "- [Deep Cave,")
    assert errors_of(soh) == [err(where(soh / "aids.yaml", "[Deep Cave,"),
                                  "player aid 'quick-reference': location 'Deep Cave' is not on board 'island' "
                                  "(its locations: Sail Maker, Blacksmith, Bank, Capitol, Trading Post, Workshop, "
                                  "Deep Cove, Flag Slots, Market)")]


def test_one_of_several_names_in_a_row_missing(soh: Path) -> None:
    edit(soh / "boards.yaml", "{id: bank, name: Bank,", "{id: bank, name: Counting House,")
    errors = errors_of(soh)
    assert errors == [err(where(soh / "aids.yaml", "[Sail Maker / Blacksmith / Bank,"),
                          "player aid 'quick-reference': location 'Bank' is not on board 'island' (its locations: "
                          "Sail Maker, Blacksmith, Counting House, Capitol, Trading Post, Workshop, Deep Cove, "
                          "Flag Slots, Market)")]


def test_damage_deck_too_small_to_end_the_game(soh: Path) -> None:
    edit(soh / "game.yaml", "damage_deck_size: 20", "damage_deck_size: 25")
    assert errors_of(soh) == [err(where(soh / "cards.yaml", "id: damage"),
                                  "deck 'damage' holds 26 cards: too few to end the game, which needs a Damage deck "
                                  "of 25 (rules damage_deck_size) to run out plus 6 spares (rules damage_spares), "
                                  "31 in all")]


def test_too_few_damage_spares(soh: Path) -> None:
    edit(soh / "game.yaml", "damage_spares: 6", "damage_spares: 3")
    assert errors_of(soh) == [err(where(soh / "game.yaml", "damage_spares: 3", 15),
                                  "rules: 'damage_spares' (3) must be at least the player count (4): the last Sea "
                                  "Phase goes on after the deck runs out")]


def test_sea_must_wrap(soh: Path) -> None:
    edit(soh / "boards.yaml", "  wrap: true\n", "")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "id: sea"),
                                  "board 'sea': ships and shots leaving one edge come back on the opposite edge, so "
                                  "the sea board needs wrap: true")]


def test_wrap_leaves_a_square_without_a_way_out(soh: Path) -> None:
    # [0, 0] wraps to [8, 0] and [0, 8]: rocks on all four sides box it in
    edit(soh / "boards.yaml", "    - [4, 4, rock]\n",
         "    - [4, 4, rock]\n    - [1, 0, rock]\n    - [0, 1, rock]\n    - [8, 0, rock]\n    - [0, 8, rock]\n")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "[0, 8, rock]"),
                                  "board 'sea': square [0, 0] has no way out: rock at [0, 8], rock at [1, 0], "
                                  "rock at [0, 1], rock at [8, 0] (its edges wrap)")]


def test_market_slots_differ_from_market_size(soh: Path) -> None:
    edit(soh / "game.yaml", "market_size: 5", "market_size: 4")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "id: market"),
                                  "board 'island': the Market has 5 card slots but the rules fill it to 4 "
                                  "(rules market_size)")]


def test_market_deck_cannot_restock(soh: Path) -> None:
    edit(soh / "game.yaml", "market_size: 5", "market_size: 7")
    edit(soh / "boards.yaml", "      slots: 5\n", "      slots: 7\n")
    assert errors_of(soh) == [err(where(soh / "cards.yaml", "id: market"),
                                  "deck 'market' holds 12 cards; scrapping a full Market and restocking needs at "
                                  "least 14")]


def test_too_few_skiff_slots(soh: Path) -> None:
    edit(soh / "game.yaml", "skiffs_per_player: 3", "skiffs_per_player: 6")
    edit(soh / "tokens.yaml", "count: 3,", "count: 6,", count=4)
    edit(soh / "game.yaml", "tokens: 37", "tokens: 49")
    assert errors_of(soh) == [err(where(soh / "boards.yaml", "id: island"),
                                  "board 'island' has 21 skiff slots (Market cards included) but 4 players place 24 "
                                  "skiffs, one per slot")]


def test_a_player_short_of_skiffs(soh: Path) -> None:
    edit(soh / "tokens.yaml", "owner: 3, count: 3", "owner: 3, count: 2")
    edit(soh / "game.yaml", "tokens: 37", "tokens: 36")
    assert errors_of(soh) == [err(where(soh / "game.yaml", "id: seas-of-havoc"),
                                  "player 3 has 2 skiffs, expected 3 (rules skiffs_per_player)")]


def test_fewer_booty_tokens_than_shipwrecks(soh: Path) -> None:
    edit(soh / "boards.yaml", "    - [7, 7, shipwreck]\n", "    - [7, 7, shipwreck]\n    - [0, 4, shipwreck]\n")
    assert errors_of(soh) == [err(where(soh / "game.yaml", "id: seas-of-havoc"),
                                  "expected at least 5 booty tokens (one per shipwreck on board 'sea'), found 4")]


def test_market_cost_in_something_not_a_resource(soh: Path) -> None:
    edit(soh / "cards.yaml", "fields: {cost: {coin: 4}", "fields: {cost: {infamy: 4}")
    assert errors_of(soh) == [err(where(soh / "cards.yaml", "id: dread-reputation"),
                                  "card 'dread-reputation': cost in 'infamy', which is no resource "
                                  "(sail, cannonball, coin)")]


def test_gust_must_blow_somewhere(soh: Path) -> None:
    edit(soh / "game.yaml", "    direction: heading\n", "")
    errors = errors_of(soh)
    assert err(where(soh / "boards.yaml", "[4, 3, gust, W]", 13),
               "board 'sea': cell [4, 3]: gust takes no direction, got 'W'") in errors
