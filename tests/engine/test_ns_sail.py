"""Sailing (rulebook 7.1): each card's destinations relative to the wind, occupancy and the board's edge."""

from __future__ import annotations

from kit.narrow_seas import legal, position, sails, sea, ship
from kit.packs import edit

from pnpgen.engine.narrow_seas import why_illegal
from pnpgen.maths.hexgrid import hexagon

HAND = ["blue-reach", "blue-tack", "blue-run"]
FAR = ship(2, (4, -4), sail=1, spent=3)  # an enemy well out of the way


def at_centre(wind: str = "S", **others):
    ships = {"A": ship(1, (0, 0), sail=1, spent=3), "W": FAR, **others}
    return position(ships, hands={1: HAND, 2: []}, wind=wind, board=sea())


def test_open_sea_destinations_with_the_wind_toward_s():
    s = at_centre("S")
    reach = {(1, 0), (0, 1), (-1, 1), (2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2)}
    assert legal(s) == (
        {("sail", "blue-reach", "A", c) for c in reach}
        | {("sail", "blue-tack", "A", (1, -1)), ("sail", "blue-tack", "A", (-1, 0))}  # NE and NW: 120 degrees off
        | {("sail", "blue-run", "A", (0, 1))}
        | {("discard", c) for c in HAND} | {("pass",)}
    )


def test_headings_turn_with_the_wind():
    s = at_centre("N")
    assert sails(s, "blue-run", "A") == {(0, -1)}
    assert sails(s, "blue-tack", "A") == {(1, 0), (-1, 1)}  # SE and SW
    assert sails(s, "blue-reach", "A") == {(-1, 0), (0, -1), (1, -1), (-2, 0), (-1, -1), (0, -2), (1, -2), (2, -2)}


def test_never_straight_upwind():
    s = at_centre("S")
    up = (0, -1)
    assert all(a[3] != up and a[3] != (0, -2) for a in legal(s, "sail"))
    bad = why_illegal(s, ("sail", "blue-reach", "A", up))
    assert bad.rule == "7.1 sail: headings"


def test_reach_passes_through_an_occupied_first_hex():
    s = at_centre("S", B=ship(1, (0, 1), spent=4))
    assert sails(s, "blue-reach", "A") == {(1, 0), (-1, 1), (2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2)}


def test_reach_never_ends_on_a_ship():
    s = at_centre("S", X=ship(2, (2, 0), spent=4))
    assert (2, 0) not in sails(s, "blue-reach", "A")
    assert why_illegal(s, ("sail", "blue-reach", "A", (2, 0))).rule == "7.1 occupancy & passing"


def test_tack_and_run_are_blocked_by_a_ship():
    s = at_centre("S", B=ship(1, (1, -1), spent=4), X=ship(2, (0, 1), spent=4))
    assert sails(s, "blue-tack", "A") == {(-1, 0)}
    assert sails(s, "blue-run", "A") == set()
    assert why_illegal(s, ("sail", "blue-run", "A", (0, 1))).rule == "7.1 occupancy & passing"


def test_the_board_edge_stops_every_path():
    s = position({"A": ship(1, (0, 3), sail=1, spent=3), "W": FAR}, hands={1: HAND, 2: []}, wind="S", board=sea())
    assert sails(s, "blue-reach", "A") == {(1, 3), (0, 4), (-1, 4)}
    assert sails(s, "blue-run", "A") == {(0, 4)}
    assert sails(s, "blue-tack", "A") == {(1, 2), (-1, 3)}
    assert why_illegal(s, ("sail", "blue-reach", "A", (0, 5))).rule == "7.1 sail: the board's edge"


def test_a_two_step_reach_never_leaves_the_board_on_its_way():
    holes = {(1, 0), (0, 1)}
    board = {"hexes": [[q, r, "blue"] for q, r in hexagon(4) if (q, r) not in holes]}
    s = position({"A": ship(1, (0, 0), sail=1, spent=3), "W": FAR}, hands={1: HAND, 2: []}, wind="S", board=board)
    assert sails(s, "blue-reach", "A") == {(-1, 1), (-2, 2), (-1, 2)}
    bad = why_illegal(s, ("sail", "blue-reach", "A", (1, 1)))
    assert bad.rule == "7.1 sail: the board's edge" and "leaves the board" in bad.reason


def test_sailing_needs_a_cube_in_plan_to_sail():
    s = position({"A": ship(1, (0, 0), fire=1, spent=3), "W": FAR}, hands={1: HAND, 2: []}, board=sea())
    assert legal(s, "sail") == set()
    bad = why_illegal(s, ("sail", "blue-run", "A", (0, 1)))
    assert bad.rule == "7.1 sail requirements" and "Plan to Sail" in bad.reason


def test_sailing_spends_the_cube_moves_the_ship_and_discards_the_card():
    s = at_centre("S")
    s.apply_checked(("sail", "blue-reach", "A", (1, 1)))
    i = s.g.ship_index["A"]
    assert s.hex[i] == (1, 1)
    assert s.plan[i] == [0, 0, 0, 0] and s.spent[i] == 4
    assert "blue-reach" not in s.hand(1) and s.discard == ["blue-reach"]
    assert s.current_player() == 2


def test_headings_and_steps_come_from_content(pack):
    """A two-step Tack without pass-through, made in the content, is blocked on its first hex."""
    edit(pack / "actions.yaml", "  headings: [-2, 2]\n  steps: [1]\n", "  headings: [-2, 2]\n  steps: [1, 2]\n")
    s = position({"A": ship(1, (0, 0), sail=1, spent=3), "W": FAR, "B": ship(1, (1, -1), spent=4)},
                 hands={1: ["blue-tack"], 2: []}, wind="S", board=sea())
    # NE is taken, so neither NE nor anything beyond it; NW, NW+NW and NW+NE (= N) remain.
    assert sails(s, "blue-tack", "A") == {(-1, 0), (-2, 0), (0, -1)}
    assert why_illegal(s, ("sail", "blue-tack", "A", (2, -2))).rule == "7.1 occupancy & passing"


def test_reachable_is_the_empty_board_answer():
    """The board checks ask the engine where a card can sail with no ship in the way."""
    s = at_centre("S")
    g = s.g
    assert len(HAND) >= 3
    for cid in HAND:
        assert g.reachable(g.card(cid), s.wind, (0, 0)) == sails(s, cid, "A")
