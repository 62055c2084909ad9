"""The fast random-vs-random playout plays exactly the games of the generic loop (random agent + stats hook)."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from kit.narrow_seas import position, sea, ship

from pnpgen.engine.narrow_seas import make_game
from pnpgen.engine.narrow_seas.agents import record
from pnpgen.engine.narrow_seas.fast_random import random_playout
from pnpgen.engine.rng import AgentRng
from pnpgen.load.loader import load_game
from pnpgen.maths.hexgrid import hexagon
from pnpgen.sim import playout
from pnpgen.sim.playout import Table, play_game, random_agent


@cache
def ns(players: int):
    return make_game(load_game("narrow-seas"), players=players)


def new_stats() -> dict:
    return {"card_plays": Counter(), "dead_hands": 0, "hand_turns": 0, "hex_visits": Counter()}


def generic(s, rng, stats, limit: int | None = None, max_rounds: int | None = None) -> int:
    """The generic loop of play_game, for at most `limit` decisions (and, given `max_rounds`, until the round after
    it begins)."""
    n = 0
    while not s.is_terminal() and (limit is None or n < limit) and (max_rounds is None or s.round <= max_rounds):
        a = random_agent(s, rng)
        record(s, a, stats)
        s.apply(a)
        n += 1
    return n


def snapshot(s) -> dict:
    """Every field of a state but the static game, the random source as its one integer."""
    out = {k: getattr(s, k) for k in type(s).__slots__ if k not in ("g", "rng")}
    out["rng"] = s.rng.state
    return out


BUDGET = 40  # rounds: some of these positions never end by the rules (no card can sink a ship)


def both_ways(s, rng_seed: int, max_rounds: int | None = BUDGET):
    """Play s to the end (or past `max_rounds`) both ways from the same random sources; everything must match.
    The state the games end in."""
    a, b = s.clone(), s.clone()
    ra, rb = AgentRng(rng_seed), AgentRng(rng_seed)
    sa, sb = new_stats(), new_stats()
    na = generic(a, ra, sa, max_rounds=max_rounds)
    nb = random_playout(b, rb, sb, max_rounds)
    assert nb == na
    assert snapshot(b) == snapshot(a)
    sa.pop("turn_seen", None), sb.pop("turn_seen", None)
    assert sb == sa
    assert rb.randrange(1 << 62) == ra.randrange(1 << 62)  # the agent's numbers were used up alike
    return a


@pytest.mark.slow
@pytest.mark.parametrize("players, seeds, endings", [
    (2, range(120), {"sink", "mercy", None}),
    (4, range(40), {"elimination", "mercy", None}),
])
def test_whole_games_are_the_same_either_way(players, seeds, endings):
    g = ns(players)
    seen = set()
    for seed in seeds:
        end = both_ways(g.new_initial_state(seed), seed)
        assert end.is_terminal() or end.round == BUDGET + 1
        seen.add(end.victory)
    assert seen == endings  # the seeds cover every way these games end, and games stopped at the budget


@pytest.mark.slow
def test_whole_games_without_a_budget_are_the_same_either_way():
    g = ns(2)
    for seed in range(10):
        s = g.new_initial_state(seed)
        end = both_ways(s, seed, max_rounds=None)
        assert end.is_terminal() and end.winners


@pytest.mark.slow
def test_a_deck_emptied_by_a_draw_or_a_market_refill_reshuffles_alike_either_way():
    ships = {"A": ship(1, (0, 0), lookout=2, spent=2), "W": ship(2, (3, -3), lookout=1, spent=3)}
    market = ["red-run", "red-tack", "wind"]
    for deck in (["yellow-run"], ["yellow-run", "yellow-tack"]):
        s = position(ships, phase="draw", board=sea(), market=market, deck=deck,
                     discard=[c for c in ns(2).deck_ids if c not in market + deck])
        for seed in range(40):
            assert both_ways(s, seed).reshuffles >= 1


@pytest.mark.slow
def test_games_picked_up_in_any_phase_are_the_same_either_way():
    g = ns(2)
    phases, pending = Counter(), 0
    for seed in range(150):
        s = g.new_initial_state(seed)
        generic(s, AgentRng(seed + 7), new_stats(), limit=(seed * 37) % 400)
        if s.is_terminal():
            continue
        phases[s.phase] += 1
        pending += s.pending is not None
        both_ways(s, seed)
    assert set(phases) == {"setup", "plan", "draw", "action"}
    assert pending  # some picked up while the defender owes casualties


@pytest.mark.slow
def test_crowded_sea_with_blocked_ways_is_the_same_either_way():
    # every hex one suit and the ships close together: sails are often blocked, and a Reach may find one way
    # past a ship blocked and the other clear
    crowded = position(
        {"A": ship(1, (0, 0), spent=4), "B": ship(1, (1, 0), spent=4),
         "W": ship(2, (0, 1), spent=4), "X": ship(2, (-1, 1), spent=4)},
        phase="plan", board=sea(2), market=["red-run", "yellow-tack", "red-reach"])
    for seed in range(80):
        both_ways(crowded, seed)


@pytest.mark.slow
def test_a_card_whose_suit_is_on_no_hex_is_never_played_from_a_hex_of_no_suit():
    # blue hexes but for the ships' own, which have no suit; no red hex at all
    hexes = [[q, r] if (q, r) in ((0, 0), (1, 0)) else [q, r, "blue"] for q, r in hexagon(2)]
    s = position({"A": ship(1, (0, 0), fire=4), "B": ship(1, (-2, 2), fire=4),
                  "W": ship(2, (1, 0), fire=4), "X": ship(2, (2, -2), fire=4)},
                 hands={1: ["red-carronades"], 2: []}, board={"hexes": hexes})
    assert s.legal_actions() == [("discard", "red-carronades"), ("pass",)]
    for seed in range(30):
        both_ways(s, seed)


@pytest.mark.slow
def test_play_game_takes_the_fast_path_only_when_every_seat_is_random(monkeypatch):
    table = Table(load_game("narrow-seas"))
    calls = []
    real = playout._play
    monkeypatch.setattr(playout, "_play", lambda *a: calls.append(1) or real(*a))
    fast = play_game(table, ("random", "random"), 5)
    assert calls == []
    slow = play_game(table, ("random", "random"), 5, fast=False)
    assert calls == [1] and slow == fast
    play_game(table, ("greedy", "random"), 5)
    assert calls == [1, 1]
