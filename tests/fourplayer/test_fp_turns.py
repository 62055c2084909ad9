"""Turn order round the table (8.1, 8.5), the first player and the token (8.0), and team victory (8.6)."""

from __future__ import annotations

import pytest
from kit.narrow_seas import fleet, game, position4, sea, team_ship, text4
from kit.packs import edit

from pnpgen.engine.narrow_seas import parse_position
from pnpgen.engine.narrow_seas.position import to_dict

# Players sit 1, 2, 3, 4 clockwise round the table (partners opposite). Counter-clockwise is 1, 4, 3, 2.
GREEN_FROM_1 = [1, 4, 3, 2]
PINK_FROM_2 = [2, 3, 4, 1]


def order_of_play(s) -> list[int]:
    """Who acts in turn while everyone passes, from the player to move."""
    seen = []
    while s.phase == "action" and s.to_move not in seen:
        seen.append(s.to_move)
        s.apply_checked(("pass",))
    return seen


def cards_for_all() -> dict:
    return {1: ["red-run"], 2: ["red-run"], 3: ["yellow-run"], 4: ["yellow-run"]}


@pytest.mark.parametrize("first, order", [(1, GREEN_FROM_1), (3, [3, 2, 1, 4]), (2, PINK_FROM_2),
                                          (4, [4, 1, 2, 3])])
def test_play_goes_the_way_the_token_shows(first, order):
    s = position4(hands=cards_for_all(), first_player=first, to_move=first)
    assert s.token == ("green" if first in (1, 3) else "pink")
    assert order_of_play(s) == order


def test_the_direction_changes_when_the_first_player_changes_team():
    # Round 1 was Green's (player 1 first, counter-clockwise); player 2 plans the most Lookout.
    ships = fleet(A=team_ship("A", lookout=1), W=team_ship("W", lookout=2), C=team_ship("C", lookout=1))
    s = position4(ships, phase="plan", planned=[1, 2, 3], to_move=4, first_player=1, token="green")
    s.apply_checked(("plan", (("Y", (4, 0, 0, 0)), ("Z", (4, 0, 0, 0)))))
    assert s.phase == "draw" and s.first_player == 2 and s.token == "pink" and s.direction == 1
    drawn = []
    while s.phase == "draw":
        drawn.append(s.to_move)
        s.apply_checked(("draw",))
    assert drawn[:4] == PINK_FROM_2
    assert s.phase == "action" and s.to_move == 2
    assert to_dict(s)["token"] == "pink"


def plan_lookout(first: int, lookout: dict[int, int]):
    """The first player after a Plan phase in which each player put `lookout[p]` cubes on Lookout."""
    ids = {1: ("A", "B"), 2: ("W", "X"), 3: ("C", "D"), 4: ("Y", "Z")}
    s = position4(phase="plan", to_move=1, first_player=first)
    for p in (1, 2, 3, 4):
        a, b = ids[p]
        s.apply_checked(("plan", ((a, (4 - lookout[p], 0, lookout[p], 0)), (b, (4, 0, 0, 0)))))
    assert s.phase == "draw"
    return s.first_player


def test_most_lookout_takes_the_token():
    assert plan_lookout(1, {1: 0, 2: 0, 3: 3, 4: 1}) == 3
    assert plan_lookout(3, {1: 0, 2: 1, 3: 0, 4: 2}) == 4


def test_a_tie_goes_to_the_first_tied_player_from_the_holder_in_the_direction_of_play():
    tie = {1: 0, 2: 2, 3: 2, 4: 1}
    assert plan_lookout(1, tie) == 3  # Green: 1, 4, 3 ...
    assert plan_lookout(4, tie) == 2  # Pink: 4, 1, 2 ...
    assert plan_lookout(2, tie) == 2  # the holder is tied: it keeps the token
    assert plan_lookout(3, {1: 2, 2: 2, 3: 0, 4: 2}) == 2  # Green from 3: 2 comes before 1 and 4


def board_position(ships: dict, **kw):
    return position4(ships, board=sea(5), **kw)


def test_sinking_both_ships_of_one_player_wins_for_the_other_team_at_once():
    ships = {"A": team_ship("A", (0, 0), fire=1), "B": team_ship("B", (-4, 0)), "C": team_ship("C", (-4, 2)),
             "D": team_ship("D", (-4, 4)), "W": {"owner": 2, "sunk": True},
             "X": team_ship("X", (2, 0), spent=1, sick=3), "Y": team_ship("Y", (4, -4)), "Z": team_ship("Z", (4, 0))}
    s = board_position(ships, hands={1: ["blue-broadside"], 2: [], 3: [], 4: ["blue-run"]})
    s.apply_checked(("fire", "blue-broadside", "A", "X"))
    assert s.is_terminal() and s.victory == "elimination" and s.winners == (1, 3)
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]
    assert [s.afloat(i) for i in game(4).ships_of[4]] == [True, True]  # player 4 still sails: too late


def mercy_position(green: list[int], pink: list[int]):
    """The last player passes with these crews on ship cards (the rest in the Sick Bay): Reset follows."""
    ids = ("A", "B", "C", "D", "W", "X", "Y", "Z")
    crews = dict(zip(ids, green + pink))
    ships = {sid: team_ship(sid, spent=n, sick=4 - n) for sid, n in crews.items()}
    return position4(ships, to_move=2, passed=[1, 3, 4], hands={1: [], 2: ["red-run"], 3: [], 4: []})


def test_team_mercy_13_against_6_wins_for_the_leading_team():
    s = mercy_position([4, 4, 4, 1], [2, 1, 2, 1])  # Green 13, Pink 6: a lead of 7
    assert s.crew_of_team() == {"green": 13, "pink": 6}
    s.apply_checked(("pass",))
    assert s.is_terminal() and s.victory == "mercy" and s.winners == (1, 3)


def test_a_lead_of_6_is_not_mercy_and_mercy_counts_teams_not_players():
    s = mercy_position([4, 4, 3, 1], [2, 1, 2, 1])  # 12 against 6
    s.apply_checked(("pass",))
    assert not s.is_terminal() and s.round == 2
    s = mercy_position([1, 1, 4, 4], [4, 4, 1, 1])  # player 1 trails player 2 by 6, but the teams are level
    s.apply_checked(("pass",))
    assert not s.is_terminal()
    s = mercy_position([1, 1, 1, 1], [4, 4, 1, 1])  # Pink 10, Green 4: 6, no; Pink ahead by 7 with 11
    s.apply_checked(("pass",))
    assert not s.is_terminal()
    s = mercy_position([1, 1, 1, 1], [4, 4, 2, 1])
    s.apply_checked(("pass",))
    assert s.is_terminal() and s.winners == (2, 4)


@pytest.mark.slow
def test_with_elimination_team_a_team_plays_on_while_one_partner_sails(pack):
    edit(pack / "four-player.yaml", "elimination: player ", "elimination: team   ")
    ships = {"A": team_ship("A", (0, 0), fire=2), "B": team_ship("B", (-4, 0)), "C": team_ship("C", (-4, 2)),
             "D": team_ship("D", (-4, 4)), "W": {"owner": 2, "sunk": True},
             "X": team_ship("X", (2, 0), spent=1, sick=3), "Y": {"owner": 4, "sunk": True},
             "Z": team_ship("Z", (0, 1), spent=1, sick=3)}
    hands = {1: ["blue-broadside", "blue-carronades"], 2: [], 3: ["red-run"], 4: []}
    s = parse_position(text4(ships, hands=hands, board=sea(5)), base=pack.parent).state
    s.apply_checked(("fire", "blue-broadside", "A", "X"))
    assert not s.is_terminal() and s.to_move == 4  # player 2 is out; player 4's Z still sails
    s.apply_checked(("pass",))
    s.apply_checked(("pass",))  # player 3
    assert s.to_move == 1  # player 2 has no more turns
    s.apply_checked(("fire", "blue-carronades", "A", "Z"))
    assert s.is_terminal() and s.victory == "sink" and s.winners == (1, 3)
