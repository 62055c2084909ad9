"""Property tests over random seeded games: invariants after every action, termination, and that the
legal-action list and the rule checker agree (no more, no fewer)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit.narrow_seas import game

from pnpgen.engine.api import play_random
from pnpgen.engine.narrow_seas import from_json, to_json
from pnpgen.engine.narrow_seas.judge import explain
from pnpgen.engine.narrow_seas.moves import count_actions
from pnpgen.engine.narrow_seas.position import parse_position, to_dict, write_position
from pnpgen.errors import Problems
from pnpgen.maths.hexgrid import DIRECTION_NAMES

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
QUICK = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(s, before_phase: str) -> None:
    g = s.g
    for i in range(len(g.ship_ids)):
        assert sum(s.plan[i]) + s.spent[i] + s.sick[i] == g.crew, "cubes are conserved"
        assert min(s.plan[i]) >= 0 and s.spent[i] >= 0 and s.sick[i] >= 0
        assert (s.hex[i] is None) == s.sunk(i) or s.phase == "setup"
    cards = s.deck + s.discard + s.market + [c for h in s.hands for c in h]
    assert Counter(cards) == Counter(g.deck_ids), "the 22 cards are conserved"
    placed = [h for h in s.hex if h is not None]
    assert len(placed) == len(set(placed)), "no two ships share a hex"
    assert all(h in g.suit_at for h in placed)
    assert all(len(h) <= g.params.hand_size for h in s.hands), "no hand exceeds the hand size"
    assert len(s.market) <= g.params.market_size
    if before_phase == "draw" and s.phase == "action":
        assert all(len(h) == g.params.hand_size for h in s.hands), "the Draw phase fills every hand"
    if before_phase == "action" and s.phase == "plan":  # a Reset happened
        assert not any(g.cards[c].kind == "wind" for h in s.hands for c in h), "no Wind card kept after Reset"
        assert len(s.market) == g.params.market_size
    if s.is_terminal():
        assert s.victory in ("sink", "mercy") and s.winners
        if s.victory == "sink":
            losers = [p for p in g.players if p not in s.winners]
            assert all(s.hex[i] is None for p in losers for i in g.ships_of[p])


@pytest.mark.slow
@QUICK
@given(seed=SEEDS)
def test_random_games_keep_every_invariant_and_end(seed):
    s = game().new_initial_state(seed)
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        before = s.phase
        a = s.random_action(rng)
        s.apply(a)
        check_invariants(s, before)
        steps += 1
    assert s.winners and steps > 0


def candidates(s) -> list[tuple]:
    """Actions of every type with every argument the state could name: a superset of the legal ones."""
    g = s.g
    cards, ships, cells = list(g.cards), list(g.ship_ids), list(g.cells) + [(9, 9)]
    out: list[tuple] = [("draw",), ("pass",)]
    out += [("discard", c) for c in cards] + [("market", c, sid) for c in cards for sid in ships]
    out += [("set_wind", d) for d in DIRECTION_NAMES] + [("wind", c, d) for c in cards for d in DIRECTION_NAMES]
    out += [("place", sid, c) for sid in ships for c in cells]
    for c in set(s.hands[s.to_move - 1]) | {"blue-run", "red-broadside"}:
        out += [("sail", c, sid, cell) for sid in ships for cell in cells]
        out += [("fire", c, sid, t) for sid in ships for t in ships]
        out += [("duty", c, sid) for sid in ships]
    if s.pending:
        k = len(g.areas) + 1
        sid = g.ship_ids[s.pending[0]]
        out += [("casualties", sid, tuple(1 if j == x else 0 for j in range(k))) for x in range(k)]
        out += [("casualties", sid, tuple(n if j == x else 0 for j in range(k))) for x in range(k) for n in (2, 3)]
    return out


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_the_legal_list_and_the_rule_checker_agree(seed):
    s = game().new_initial_state(seed)
    rng = random.Random(seed)
    n = checked = 0
    while not s.is_terminal() and n < 300:
        if s.phase != "plan" and n % 4 == 0:
            checked += 1
            legal = set(s.legal_actions())
            assert len(legal) == len(s.legal_actions()) == count_actions(s), "no action is listed twice"
            for a in legal:
                assert explain(s, a) is None, (a, explain(s, a))
            for a in candidates(s):
                bad = explain(s, a)
                assert (bad is None) == (a in legal), (a, bad)
                if bad is not None:
                    assert bad.rule and bad.reason
        s.apply(s.random_action(rng))
        n += 1
    assert checked > 0


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_positions_and_actions_survive_writing_and_reading(seed):
    s = game().new_initial_state(seed)
    rng = random.Random(seed)
    n = 0
    while not s.is_terminal():
        if n % 7 == 0:
            back = parse_position(write_position(s)).state
            assert to_dict(back) == to_dict(s)
            if s.phase != "plan":
                for a in s.legal_actions():
                    assert from_json(s.g, to_json(s.g, a), Problems()) == (a, None)
            fork = random.Random(n)
            twin, other = back.clone(), s.clone()
            for _ in range(20):  # the same actions lead to the same states (the random source travels too)
                if other.is_terminal():
                    break
                a = other.random_action(fork)
                other.apply(a)
                twin.apply(a)
            assert to_dict(twin) == to_dict(other)
        s.apply(s.random_action(rng))
        n += 1


def test_clone_is_independent():
    s = game().new_initial_state(11)
    c = s.clone()
    play_random(c, random.Random(1))
    assert c.is_terminal() and not s.is_terminal() and s.phase == "setup"
    assert to_dict(s) == to_dict(game().new_initial_state(11))


@pytest.mark.slow
def test_random_games_end_by_sinking_or_mercy():
    """With no round limit (rule 1.2 has none), random-vs-random games end by the rules alone."""
    ends = Counter()
    for seed in range(60):
        s = game().new_initial_state(seed)
        play_random(s, random.Random(seed))
        ends[s.victory] += 1
    assert ends["sink"] + ends["mercy"] == 60
