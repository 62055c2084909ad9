"""Random play over every registered engine, in the spirit of OpenSpiel's random_sim_test: many seeded games from
new_initial_state, each action checked against the contract as it is played.

For every bundled pack an engine plays, at every player count: each applied action is among legal_actions() and
why_illegal() finds nothing wrong with it; the invariants the engine declares hold after every action; a clone
goes its own way; a copy with what a player cannot see dealt afresh looks the same to that player; games end, or
reach the simulation budget.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from kit.engines import bundled as load_game  # (loaded once per session: parameters are read at collection)

from pnpgen.engine.api import Engine, State, engine_for, registered_engines
from pnpgen.files.paths import bundled_packs

GAMES = 12  # seeded games per pack and player count
BUDGET = 3000  # decisions a game may take before the test stops it (a simulation budget, not a rule)
CLONE_EVERY = 7  # decisions between clone and hidden-information checks


def setups() -> list[tuple[str, str, int]]:
    """(engine, pack, players) for every bundled pack whose engine is registered, at every player count."""
    out = []
    for pack in bundled_packs():
        game = load_game(pack)
        if engine_for(game) is not None:
            out += [(game.engine, pack, n) for n in game.players]
    return out


SETUPS = setups()


def test_every_registered_engine_plays_a_bundled_pack():
    assert set(registered_engines()) <= {engine for engine, _, _ in SETUPS}
    assert len(SETUPS) >= 2  # Narrow Seas' two- and four-player games, at least


def has_hidden(state: State) -> bool:
    """Whether the engine can deal what a player cannot see (the optional State.sample_hidden)."""
    return type(state).sample_hidden is not State.sample_hidden


def check_clone(engine: Engine, state: State, action) -> None:
    """A clone plays on without touching the original, and plays the same as the original would."""
    twin = state.clone()
    seen = [state.observation(p) for p in range(1, state.rules.num_players + 1)]
    twin.apply(action)
    assert [state.observation(p) for p in range(1, state.rules.num_players + 1)] == seen, "a clone shares state"
    after = state.clone()
    after.apply(action)
    assert after.observation(1) == twin.observation(1)
    assert engine.invariants(twin) == []


def check_hidden(state: State, rng: random.Random) -> int:
    """Copies with another deal of the hidden look the same to the player: the number that differ for others."""
    differ = 0
    players = range(1, state.rules.num_players + 1)
    for p in players:
        copy = state.sample_hidden(p, rng)
        assert copy.observation(p) == state.observation(p), f"player {p} can tell a redeal of the hidden"
        differ += any(copy.observation(q) != state.observation(q) for q in players if q != p)
    return differ


@pytest.mark.slow
@pytest.mark.parametrize("name, pack, players", SETUPS)
def test_random_games_keep_to_the_contract(name: str, pack: str, players: int):
    engine = engine_for(load_game(pack))
    assert engine is not None and engine.name == name
    rules = engine.make_rules(load_game(pack), players)
    ends: Counter = Counter()
    actions = hidden_seen = 0
    for seed in range(GAMES):
        state = rules.new_initial_state(seed)
        rng = random.Random(seed)
        assert engine.invariants(state) == []
        decisions = 0
        while not state.is_terminal() and decisions < BUDGET:
            action = state.random_action(rng)
            assert state.current_player() >= 1
            assert action in set(state.legal_actions()), engine.describe_action(rules, action)
            assert engine.why_illegal(state, action) is None, engine.describe_action(rules, action)
            if decisions % CLONE_EVERY == 0:
                check_clone(engine, state, action)
                if has_hidden(state):
                    hidden_seen += check_hidden(state, rng)
            state.apply(action)
            assert engine.invariants(state) == [], (seed, decisions, engine.describe_action(rules, action))
            decisions += 1
        actions += decisions
        ends["budget" if not state.is_terminal() else state.victory] += 1
        if state.is_terminal():
            assert state.current_player() < 1 and state.legal_actions() == []
            assert engine.why_illegal(state, action) is not None  # nothing is legal once it is over
    assert sum(ends.values()) == GAMES
    assert actions >= GAMES * 20  # whole games were played
    assert ends["budget"] < GAMES  # most games end by the rules
    if has_hidden(rules.new_initial_state(0)):
        assert hidden_seen > 0  # the redeals hid something real from the other players


def test_the_invariants_catch_a_broken_state():
    """The checks above would see a state the rules could not reach: a card dealt twice, a crew cube lost."""
    engine = engine_for(load_game("narrow-seas"))
    state = engine.make_rules(load_game("narrow-seas")).new_initial_state(3)
    state.hands[0].append(state.decks[0][-1])
    state.spent[0] -= 1
    assert engine.invariants(state) == ["ship A has 3 crew cubes, not 4", "the cards of deck 1 are not conserved"]
