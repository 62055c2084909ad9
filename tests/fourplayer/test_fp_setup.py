"""Section 8 as content: the pack's four-player variant, the engine it makes, and its setup (8.4)."""

from __future__ import annotations

from collections import Counter

import pytest
from kit.narrow_seas import OWNER, STARTS, game

from pnpgen.engine.narrow_seas import make_game
from pnpgen.load.loader import load_game
from pnpgen.maths.hexgrid import distance


def test_the_pack_declares_the_four_player_game_as_a_variant():
    content = load_game("narrow-seas")
    assert content.players == (2, 4)
    (v,) = content.variants
    assert (v.id, v.players) == ("four-player", 4)
    assert [c.id for c in v.area_cards] == ["C", "D", "Y", "Z"]
    played = content.with_variant("four-player")
    assert played.rules["mercy_margin"] == 7 and content.rules["mercy_margin"] == 4
    assert played.board.id == "fleet-action" and content.board.id == "duel"


@pytest.mark.slow
def test_the_two_player_game_is_unchanged():
    g = make_game(load_game("narrow-seas"))
    assert g.num_players == 2 and g.ship_ids == ("A", "B", "W", "X") and g.board.id == "duel"
    assert g.team == {1: 1, 2: 2} and not g.team_game and g.deck_names == ("",)
    assert g.params.mercy_margin == 4 and g.params.placement == "choose"


def test_players_4_gives_teams_eight_ships_two_decks_and_the_big_board():
    g = game(4)
    assert g.num_players == 4 and g.players == (1, 2, 3, 4)
    assert g.team == {1: "green", 2: "pink", 3: "green", 4: "pink"}
    assert {g.ship_ids[i]: g.ship_owner[i] for i in range(8)} == OWNER
    assert {p: [g.ship_ids[i] for i in g.ships_of[p]] for p in g.players} == {
        1: ["A", "B"], 2: ["W", "X"], 3: ["C", "D"], 4: ["Y", "Z"]}
    assert g.deck_names == ("A", "B")
    assert {p: g.deck_names[g.deck_of[p]] for p in g.players} == {1: "B", 2: "A", 3: "A", 4: "B"}
    assert g.board.id == "fleet-action" and len(g.board.hexes) == 93
    assert g.params.mercy_margin == 7
    assert len(g.deck_cards) == 2
    for ids in g.deck_cards:  # each deck is a whole copy of the 22 cards
        assert Counter(ids) == Counter(g.deck_ids) and len(ids) == 22


def test_setup_prescribes_the_starts_sets_wind_a_aside_and_player_4_sets_the_wind():
    g = game(4)
    for seed in range(5):
        s = g.new_initial_state(seed)
        assert {g.ship_ids[i]: s.hex[i] for i in range(8)} == STARTS
        assert s.phase == "setup" and not s.placing()
        assert s.first_player == 1 and s.token == "green"
        assert s.to_move == 4 and {a[0] for a in s.legal_actions()} == {"set_wind"}
        a, b = (s.decks[k] + s.markets[k] for k in range(2))
        assert "wind" not in a and len(a) == 21  # Wind-A is out of play
        assert a.count("wind") == 0 and b.count("wind") == 1 and len(b) == 22
        assert s.wind_aside == 0 and len(s.markets[0]) == len(s.markets[1]) == 3
        s.apply(("set_wind", "NE"))
        assert s.phase == "plan" and s.wind_name == "NE"


def test_every_start_keeps_four_hexes_from_every_enemy_and_is_four_from_one():
    g = game(4)
    for sid, c in STARTS.items():
        foes = [distance(c, c2) for s2, c2 in STARTS.items() if g.team[OWNER[s2]] != g.team[OWNER[sid]]]
        assert min(foes) == 4, sid


def test_the_board_is_the_same_for_both_teams():
    g = game(4)
    mirror = {(q, r): (-q, r + q) for q, r in g.cells}  # left to right: Green's waters are Pink's
    assert all(g.suit_at[mirror[c]] == g.suit_at[c] for c in g.cells)
    starts = {STARTS[s]: s for s in STARTS}
    assert {OWNER[starts[mirror[c]]] for c in starts} == {1, 2, 3, 4}
    assert all(g.team[OWNER[starts[mirror[c]]]] != g.team[OWNER[s]] for c, s in starts.items())
    counts = Counter(g.suit_at.values())
    assert max(counts.values()) - min(counts.values()) <= 2
