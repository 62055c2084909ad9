"""Suit matching (5.1), cannon (7.2), casualties, sinking, Return to Duty (7.3) and the Wind card (7.4)."""

from __future__ import annotations

import pytest
from kit.narrow_seas import legal, position, sea, ship

from pnpgen.engine.narrow_seas import why_illegal
from pnpgen.maths.hexgrid import hexagon

CANNON = ["blue-carronades", "blue-broadside", "blue-long-nines"]


def mixed_board(red: set) -> dict:
    return {"hexes": [[q, r, "red" if (q, r) in red else "blue"] for q, r in hexagon(4)]}


def test_a_card_plays_only_from_a_hex_of_its_suit():
    hand = ["blue-reach", "blue-broadside", "red-reach", "red-broadside", "red-return-to-duty"]
    ships = {"A": ship(1, (0, 0), sail=1, duty=1, fire=1, spent=0, sick=1), "W": ship(2, (2, -1), spent=4)}
    s = position(ships, hands={1: hand, 2: []}, wind="S", board=mixed_board({(0, 0)}))
    plays = {a for a in legal(s) if a[0] in ("sail", "fire", "duty")}
    assert {a[1] for a in plays} == {"red-reach", "red-broadside", "red-return-to-duty"}
    assert ("fire", "red-broadside", "A", "W") in plays and ("duty", "red-return-to-duty", "A") in plays
    bad = why_illegal(s, ("fire", "blue-broadside", "A", "W"))
    assert bad.rule == "5.1 suit matching" and "red hex" in bad.reason


def test_nothing_plays_from_a_hex_without_a_suit():
    board = {"hexes": [[q, r, None if (q, r) == (0, 0) else "blue"] for q, r in hexagon(4)]}
    ships = {"A": ship(1, (0, 0), sail=1, fire=1, spent=2), "W": ship(2, (2, -1), spent=4)}
    s = position(ships, hands={1: ["blue-run", "blue-broadside"], 2: []}, board=board)
    assert legal(s) == {("discard", "blue-run"), ("discard", "blue-broadside"), ("pass",)}


@pytest.mark.parametrize("target, card", [((1, 0), "blue-carronades"), ((2, -1), "blue-broadside"),
                                          ((3, -1), "blue-long-nines"), ((4, -1), None)])
def test_each_cannon_fires_at_its_exact_range(target, card):
    ships = {"A": ship(1, (0, 0), fire=1, spent=3), "W": ship(2, target, spent=4)}
    s = position(ships, hands={1: CANNON, 2: []}, board=sea())
    assert legal(s) == ({("fire", card, "A", "W")} if card else set()) | {("discard", c) for c in CANNON} | {("pass",)}
    for other in CANNON:
        if other != card:
            assert why_illegal(s, ("fire", other, "A", "W")).rule == "7.2 exact range"


def test_intervening_ships_do_not_block():
    ships = {"A": ship(1, (0, 0), fire=1, spent=3), "B": ship(1, (1, 0), spent=4), "W": ship(2, (2, 0), spent=4)}
    s = position(ships, hands={1: ["blue-broadside"], 2: []}, board=sea())
    assert legal(s, "fire") == {("fire", "blue-broadside", "A", "W")}


def test_cannon_target_only_enemy_ships():
    ships = {"A": ship(1, (0, 0), fire=1, spent=3), "B": ship(1, (0, 2), fire=1, spent=3),
             "W": ship(2, (2, 0), spent=4), "X": ship(2, (-2, 0), spent=4)}
    s = position(ships, hands={1: ["blue-broadside"], 2: []}, board=sea())
    assert legal(s, "fire") == {("fire", "blue-broadside", "A", "W"), ("fire", "blue-broadside", "A", "X"),
                                ("fire", "blue-broadside", "B", "W")}  # B-X is 4 apart; A-B are friends
    assert why_illegal(s, ("fire", "blue-broadside", "A", "B")).rule == "7.2 cannon: targets"


def test_firing_needs_a_cube_in_plan_to_fire():
    ships = {"A": ship(1, (0, 0), sail=1, spent=3), "W": ship(2, (2, 0), spent=4)}
    s = position(ships, hands={1: ["blue-broadside"], 2: []}, board=sea())
    assert legal(s, "fire") == set()
    assert why_illegal(s, ("fire", "blue-broadside", "A", "W")).rule == "7.2 cannon requirements"


def test_the_defender_chooses_the_casualties():
    ships = {"A": ship(1, (0, 0), fire=1, spent=3), "W": ship(2, (2, 0), sail=1, fire=1, spent=1, sick=1)}
    s = position(ships, hands={1: ["blue-broadside"], 2: ["blue-run"]}, board=sea())
    s.apply_checked(("fire", "blue-broadside", "A", "W"))
    assert s.current_player() == 2
    # two of: the Sail cube, the Fire cube, the Spent cube (order: sail, duty, lookout, fire, spent)
    assert legal(s) == {("casualties", "W", (1, 0, 0, 1, 0)), ("casualties", "W", (1, 0, 0, 0, 1)),
                        ("casualties", "W", (0, 0, 0, 1, 1))}
    assert why_illegal(s, ("pass",)).rule == "7.2 cannon: casualties"
    assert why_illegal(s, ("casualties", "W", (2, 0, 0, 0, 0))).rule == "7.2 cannon: casualties"
    s.apply_checked(("casualties", "W", (1, 0, 0, 0, 1)))
    w = s.g.ship_index["W"]
    assert (s.plan[w], s.spent[w], s.sick[w]) == ([0, 0, 0, 1], 0, 3)
    assert s.current_player() == 2 and s.phase == "action" and s.pending is None


def test_a_ship_with_no_cube_left_sinks_and_the_game_goes_on():
    ships = {"A": ship(1, (0, 0), fire=1, spent=3), "W": ship(2, (2, 0), fire=1, spent=1, sick=2),
             "X": ship(2, (-3, 0), spent=4)}
    s = position(ships, hands={1: ["blue-broadside"], 2: ["blue-run"]}, board=sea())
    s.apply_checked(("fire", "blue-broadside", "A", "W"))
    w = s.g.ship_index["W"]
    assert s.hex[w] is None and s.sunk(w) and s.sick[w] == 4
    assert not s.is_terminal() and s.current_player() == 2 and s.pending is None
    assert all(a[0] != "fire" or a[3] != "W" for a in s.legal_actions())


def test_sinking_the_last_enemy_ship_wins():
    ships = {"A": ship(1, (0, 0), fire=1, spent=3), "W": ship(2, (1, 0), duty=1, spent=1, sick=2)}
    s = position(ships, hands={1: ["blue-carronades"], 2: ["blue-run"]}, board=sea())
    s.apply_checked(("fire", "blue-carronades", "A", "W"))
    assert s.is_terminal() and s.victory == "sink" and s.winners == (1,)
    assert s.returns() == [1.0, -1.0] and s.legal_actions() == []


def test_return_to_duty_needs_a_cube_of_that_ship_in_the_sick_bay():
    hand = {1: ["blue-return-to-duty"], 2: []}
    healthy = position({"A": ship(1, (0, 0), duty=1, spent=3, sick=0), "W": ship(2, (3, 0), spent=4)},
                       hands=hand, board=sea())
    assert legal(healthy, "duty") == set()
    assert why_illegal(healthy, ("duty", "blue-return-to-duty", "A")).rule == "7.3 return to duty"
    hurt = position({"A": ship(1, (0, 0), duty=1, spent=1, sick=2), "W": ship(2, (3, 0), spent=4)},
                    hands=hand, board=sea())
    assert legal(hurt, "duty") == {("duty", "blue-return-to-duty", "A")}
    hurt.apply_checked(("duty", "blue-return-to-duty", "A"))
    a = hurt.g.ship_index["A"]
    assert (hurt.plan[a], hurt.spent[a], hurt.sick[a]) == ([0, 0, 0, 0], 3, 1)


def test_return_to_duty_needs_a_duty_cube():
    s = position({"A": ship(1, (0, 0), fire=1, spent=1, sick=2), "W": ship(2, (3, 0), spent=4)},
                 hands={1: ["blue-return-to-duty"], 2: []}, board=sea())
    assert legal(s, "duty") == set()
    assert why_illegal(s, ("duty", "blue-return-to-duty", "A")).rule == "7.3 return to duty requirements"


def test_the_wind_card_turns_the_wind_to_any_new_direction():
    s = position({"A": ship(1, (0, 0), spent=4), "W": ship(2, (3, 0), spent=4)},
                 hands={1: ["wind"], 2: []}, wind="S", board=sea())
    assert legal(s) == {("wind", "wind", d) for d in ("N", "NE", "SE", "SW", "NW")} | {("discard", "wind"), ("pass",)}
    assert why_illegal(s, ("wind", "wind", "S")).rule == "7.4 wind card"
    s.apply_checked(("wind", "wind", "NE"))
    assert s.wind_name == "NE" and s.discard == ["wind"]


def test_a_card_not_in_hand_cannot_be_played_or_discarded():
    s = position({"A": ship(1, (0, 0), fire=1, spent=3), "W": ship(2, (2, 0), spent=4)},
                 hands={1: ["blue-run"], 2: ["blue-broadside"]}, board=sea())
    assert why_illegal(s, ("fire", "blue-broadside", "A", "W")).rule == "6.3 action phase"
    assert why_illegal(s, ("discard", "blue-broadside")).rule == "6.3 action phase"


def test_ships_of_the_other_player_cannot_be_used():
    s = position({"A": ship(1, (0, 0), spent=4), "W": ship(2, (2, 0), fire=1, spent=3), "X": ship(2, (0, 2), spent=4)},
                 hands={1: ["blue-broadside"], 2: []}, board=sea())
    bad = why_illegal(s, ("fire", "blue-broadside", "W", "A"))
    assert "belongs to player 2" in bad.reason
