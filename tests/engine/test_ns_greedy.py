"""The greedy agent of Narrow Seas: when it turns the wind (7.4), and how it places ships and sets the wind (3.0)."""

from __future__ import annotations

import pytest
from kit.narrow_seas import game, legal, position, sea, ship

from pnpgen.engine.narrow_seas.agents import greedy, placement_value, prospects, setup_value, wind_gains
from pnpgen.engine.rng import AgentRng
from pnpgen.maths.hexgrid import DIRECTION_NAMES, distance


def choose(s, seed: int = 1):
    return greedy(s, AgentRng(seed))


def turn_back(s) -> None:
    """Player 2, with no card, passes: player 1 is to move again."""
    assert s.current_player() == 2
    s.apply(("pass",))


def winds_better(s, player: int = 1) -> set[str]:
    gains = wind_gains(s, player)
    best = max(gains)
    return {DIRECTION_NAMES[w] for w, g in enumerate(gains) if g == best and g > 0}


# -- the Wind card ---------------------------------------------------------------------------------
def test_greedy_turns_the_wind_to_open_a_sail_the_wind_blocks():
    # A on the board's east corner: a Run with the wind from the S... goes off the board, so no sail is legal
    s = position({"A": ship(1, (4, 0), sail=1, spent=3), "W": ship(2, (-4, 0), spent=4)},
                 hands={1: ["blue-run", "wind"], 2: []}, wind="S", board=sea())
    assert legal(s, "sail") == set()
    for seed in range(5):
        action = choose(s, seed)
        assert action[0] == "wind" and action[2] in winds_better(s) == {"N", "SW", "NW"}
    s.apply(choose(s))
    turn_back(s)
    assert legal(s, "sail")  # the Run now has somewhere to go
    assert choose(s)[0] == "sail"  # and greedy takes it on its next turn


def test_greedy_turns_the_wind_to_sail_into_range_for_a_shot():
    # A Run now takes A away from W; the wind that takes it one hex nearer leaves W at the Broadside's range 2
    s = position({"A": ship(1, (0, 0), sail=1, fire=1, spent=2), "W": ship(2, (3, 0), spent=4)},
                 hands={1: ["blue-run", "blue-broadside", "wind"], 2: []}, wind="S", board=sea())
    (run,) = legal(s, "sail")
    assert distance(run[3], (3, 0)) != 2
    action = choose(s)
    assert action[0] == "wind"
    s.apply(action)
    turn_back(s)
    (run,) = legal(s, "sail")
    assert distance(run[3], (3, 0)) == 2
    assert choose(s) == run


def test_greedy_turns_the_wind_to_close_a_sail_for_the_enemy():
    # A cannot sail (no cube on Sail); W, on the west corner with a cube on Sail, could Run under this wind
    s = position({"A": ship(1, (0, 0), spent=4), "W": ship(2, (-4, 0), sail=1, spent=3)},
                 hands={1: ["wind"], 2: []}, wind="S", board=sea())
    before = prospects(s, 2, s.wind, known=False)
    action = choose(s)
    assert action[0] == "wind"
    assert prospects(s, 2, DIRECTION_NAMES.index(action[2]), known=False) < before


def test_greedy_keeps_the_wind_when_no_direction_opens_or_closes_anything():
    # mid-sea, a Run has one destination whatever the wind, and W cannot sail: turning the wind gains nothing
    s = position({"A": ship(1, (0, 0), sail=1, spent=3), "W": ship(2, (3, -3), spent=4)},
                 hands={1: ["blue-run", "wind"], 2: []}, wind="S", board=sea())
    assert max(wind_gains(s, 1)) == 0
    for seed in range(5):
        assert choose(s, seed)[0] == "sail"


def test_greedy_fires_before_it_turns_the_wind():
    s = position({"A": ship(1, (4, 0), sail=1, fire=1, spent=2), "W": ship(2, (2, 0), spent=4)},
                 hands={1: ["blue-run", "blue-broadside", "wind"], 2: []}, wind="S", board=sea())
    assert max(wind_gains(s, 1)) > 0
    assert choose(s) == ("fire", "blue-broadside", "A", "W")


def test_greedy_holds_the_wind_card_when_it_only_matters_to_a_player_who_has_passed():
    s = position({"A": ship(1, (0, 0), spent=4), "W": ship(2, (-4, 0), sail=1, spent=3)},
                 hands={1: ["wind"], 2: []}, wind="S", board=sea(), passed=[2])
    assert max(wind_gains(s, 1)) == 0
    assert choose(s) == ("pass",)


# -- setup ---------------------------------------------------------------------------------------------
def best_setups(s, player: int) -> tuple[set, float]:
    values = {}
    for a in s.legal_actions():
        after = s.clone()
        after.apply(a)
        values[a] = placement_value(after, player)
    best = max(values.values())
    return {a for a, v in values.items() if v == best}, best


@pytest.mark.slow
def test_greedy_places_each_ship_and_sets_the_wind_where_the_evaluation_is_best():
    checked = 0
    for seed in range(3):
        s = game().new_initial_state(seed)
        rng = AgentRng(seed)
        while s.phase == "setup":
            player = s.current_player()
            best, _ = best_setups(s, player)
            values = {placement_value(_after(s, a), player) for a in s.legal_actions()}
            action = greedy(s, rng)
            assert action in best
            checked += len(values) > 1  # a choice that mattered
            s.apply(action)
        assert s.phase == "plan"
    assert checked >= 9


def _after(s, action):
    after = s.clone()
    after.apply(action)
    return after


def test_the_wind_setter_takes_the_wind_best_for_itself():
    s = game().new_initial_state(2)
    rng = AgentRng(2)
    while s.placing():
        s.apply(greedy(s, rng))
    setter = s.current_player()
    values = [setup_value(s, setter, w) for w in range(6)]
    action = greedy(s, rng)
    assert action[0] == "set_wind" and values[DIRECTION_NAMES.index(action[1])] == max(values)
    assert len(set(values)) > 1  # the wind made a difference here


def test_the_placing_player_expects_the_other_side_to_set_the_wind_against_it():
    s = game().new_initial_state(2)
    rng = AgentRng(2)
    while len([h for h in s.hex if h is not None]) < 3:
        s.apply(greedy(s, rng))
    player = s.current_player()
    setter = 3 - s.first_player  # the second player sets the wind in the two-player game
    after = _after(s, greedy(s, rng))
    worst = min(setup_value(after, player, w) for w in range(6))
    assert placement_value(after, player) == worst if setter != player else max(
        setup_value(after, player, w) for w in range(6))
