"""`check` on the four-player variant: its counts, setup, decks, token and prescribed starts, located."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.packs import edit, err, errors_of, where

from pnpgen.checks import check_game
from pnpgen.load.loader import load_game


@pytest.mark.slow
def test_the_bundled_pack_checks_clean_with_its_variant():
    report = check_game(load_game("narrow-seas"))
    assert report.errors == [] and report.warnings == []


@pytest.mark.slow
def test_a_start_too_near_an_enemy_start_is_an_error(pack: Path):
    edit(pack / "board-four.yaml", "A: [-2, 4], B", "A: [-1, 4], B")
    board = where(pack / "board-four.yaml", "id: fleet-action")
    assert errors_of(pack) == [
        err(board, "board 'fleet-action': ship A starts 3 hexes from enemy ship Y, nearer than "
                   "placement_min_enemy_distance (4)"),
        err(board, "board 'fleet-action': ship Y starts 3 hexes from enemy ship A, nearer than "
                   "placement_min_enemy_distance (4)")]
    edit(pack / "four-player.yaml", "starts_keep_distance: true", "starts_keep_distance: false")
    assert errors_of(pack) == []


@pytest.mark.slow
def test_every_ship_needs_its_own_start(pack: Path):
    edit(pack / "board-four.yaml", ", Z: [2, 0]}", "}")
    edit(pack / "board-four.yaml", "C: [-2, -2]", "C: [-2, 0]")
    board = where(pack / "board-four.yaml", "id: fleet-action")
    errors = errors_of(pack)
    assert err(board, "board 'fleet-action': no start hex for ship(s) Z (variant 'four-player' has placement: "
                      "prescribed)") in errors
    assert err(board, "board 'fleet-action': ships C and D start on the same hex [-2, 0]") in errors


@pytest.mark.slow
def test_the_variant_setup_must_cover_every_player(pack: Path):
    edit(pack / "four-player.yaml", "players: [2, 3], wind: aside", "players: [2], wind: aside")
    edit(pack / "four-player.yaml", "pink: {players: [2, 4]", "pink: {players: [2]")
    errors = errors_of(pack)
    fp = pack / "four-player.yaml"
    assert err(where(fp, "green: {players"), "rules: player(s) 4 in no team ('teams')") in errors
    assert err(where(fp, "A: {cards"), "rules: player(s) 3 in no deck ('decks')") in errors


@pytest.mark.slow
def test_a_variant_counts_its_components_as_the_game_is_played_that_way(pack: Path):
    edit(pack / "four-player.yaml", "  tokens: 43", "  tokens: 44")
    assert errors_of(pack) == [err(where(pack / "four-player.yaml", "tokens: 44", 8),
                                   "counts: the game declares 44 tokens but the content has 43")]


def test_a_variant_may_not_reuse_an_id_of_the_game(pack: Path):
    edit(pack / "four-player.yaml", "  - {id: ship-C,", "  - {id: ship-A,")
    assert errors_of(pack)[0] == err(where(pack / "four-player.yaml", "{id: ship-A,"),
                                     "variant 'four-player': token id 'ship-A' is the game's already "
                                     f"(first defined at {where(pack / 'tokens.yaml', '{id: ship-A,')})")


def test_the_game_lists_the_player_count_of_each_variant(pack: Path):
    edit(pack / "game.yaml", "players: [2, 4]", "players: [2]")
    assert errors_of(pack) == [err(where(pack / "four-player.yaml", "4\n\nrules"), "variant 'four-player': 4 players: "
                                   "the game's 'players' (2) must list every player count it is played with")]


@pytest.mark.slow
def test_a_team_game_needs_a_two_sided_token(pack: Path):
    edit(pack / "four-player.yaml", "    back_colour: pink\n    back_label: Pink\n    back_icon: turn-cw\n", "")
    errors = errors_of(pack)
    assert errors == [err(where(pack / "four-player.yaml", "name: Four"), "variant 'four-player': the first-player "
                          "token of a team game needs two sides (one per team: give it a back_colour or back_label)")]


def test_a_deck_copied_from_an_unknown_deck_is_an_error(pack: Path):
    edit(pack / "four-player.yaml", "cards_from: action", "cards_from: actoin")
    assert errors_of(pack)[0] == err(where(pack / "four-player.yaml", "actoin"), "deck 'deck-b': unknown deck 'actoin' "
                                     "(expected one of: action) (did you mean 'action'?)")


def test_a_variant_is_read_with_located_errors(pack: Path):
    edit(pack / "four-player.yaml", "\nrules:  ", "\nrulez:  ")
    edit(pack / "game.yaml", "four-player: four-player.yaml", "four-player: four-player.yaml\n  three: three.yaml")
    fp = pack / "four-player.yaml"
    errors = errors_of(pack)
    assert err(where(fp, "rulez"), "variant 'four-player': unknown field 'rulez' (did you mean 'rules'?)") in errors
    assert err(where(pack / "game.yaml", "three.yaml"), "file reference 'three.yaml': no such file in "
               "narrow-seas") in errors


@pytest.mark.slow
def test_decks_whose_wind_card_alternates_hold_exactly_one(pack: Path):
    edit(pack / "cards.yaml", "{id: wind, action: wind}", "{id: wind, action: wind, count: 2}")
    edit(pack / "cards.yaml", "  count: 22", "  count: 23")
    edit(pack / "game.yaml", "  cards: 22", "  cards: 23")
    edit(pack / "four-player.yaml", "    count: 22", "    count: 23")
    errors = errors_of(pack)
    at = where(pack / "four-player.yaml", "A: {cards")
    for deck, cards in (("A", "action"), ("B", "deck-b")):
        assert err(at, f"rules: a Wind card set aside alternates between the decks, so each holds exactly one; "
                       f"deck '{deck}' ('{cards}') holds 2") in errors
