"""Properties of seeded Enemy in Sight games: every card and ship stays somewhere once, hands fill to capacity, VP add
up; the legal-action list and the rule checker agree; positions round-trip; what a player sees hides the rest."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit.enemy_in_sight import content, rules, written

from pnpgen.engine.enemy_in_sight import ENGINE
from pnpgen.engine.enemy_in_sight.judge import RULES_SECTIONS, why_illegal
from pnpgen.engine.enemy_in_sight.names import (
    MAIN,
    NO_LINE,
    PRIZE_PORT,
    RED_STEP,
    SUNK_VP,
)
from pnpgen.engine.enemy_in_sight.position import parse_position

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.sampled_from([2, 3, 4, 5])
QUICK = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_DECISIONS = 20_000


def check_invariants(s) -> None:
    """The engine's own invariants, and the VP of sunk ships and Prizes that match the piles they came from."""
    assert ENGINE.invariants(s) == []
    r = s.rules
    for p in range(r.num_players):
        assert s.vp[p][SUNK_VP] == sum(r.ships[i].vp for i in s.sunk[p][:s.scored[p]])
        assert s.vp[p][PRIZE_PORT] == r.params.prize_port_multiplier * sum(r.ships[i].vp for i in s.taken[p])
        assert s.vp[p][NO_LINE] % r.params.no_line_penalty == 0


def play(players: int, seed: int, greedy_share: float):
    """A seeded game (greedy and random moves mixed), checking after every action; the final state."""
    r = rules(players)
    s = r.new_initial_state(seed)
    greedy = ENGINE.agents()["greedy"](r, 1, {})
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if s.is_terminal():
            return s
        check_invariants(s)
        before = [len(h) for h in s.hands]
        turn, round_ = s.turn, s.round
        a = greedy(s, rng) if rng.random() < greedy_share else s.random_action(rng)
        s.apply(a)
        fresh_turn = (s.turn, s.round) != (turn, round_) and s.step in (MAIN, RED_STEP) and s.passing is None
        if fresh_turn and not s.played:
            p = s.turn
            cap = s.capacity(p)
            assert len(s.hands[p - 1]) >= cap, "a turn begins with the hand filled to capacity"
            if before[p - 1] < cap:
                assert len(s.hands[p - 1]) == cap, "the draw stops at the hand capacity"
    raise AssertionError(f"the game did not end within {MAX_DECISIONS} decisions")


@pytest.mark.slow
@QUICK
@given(players=PLAYERS, seed=SEEDS, greedy_share=st.sampled_from([0.0, 0.7, 1.0]))
def test_seeded_games_keep_every_invariant_and_end(players, seed, greedy_share):
    s = play(players, seed, greedy_share)
    check_invariants(s)
    assert s.victory in ("points", "stalemate") and s.winners
    best = max(s.scores)
    assert all(s.scores[p - 1] == best for p in s.winners)
    if s.victory == "points":
        assert best >= s.rules.params.victory_points


def candidate_actions(s) -> list[tuple]:
    """A spread of actions to ask the judge about: every card played, discarded and taken up, every ship as each
    choice, and the fixed ones."""
    r = s.rules
    out = [("done",), ("grape", ()), ("capture", "line"), ("to", "port"), ("part", "hull"), ("part", "rigging"),
           ("against", 1), ("against", 2), ("port", 2), ("fire", "hull")]
    for c in r.cards:
        out += [("play", c), ("discard", c), ("red", c), ("muster", c), ("grape", (c,)), ("damage", c, "hull")]
    for sh in r.ships:
        out += [(kind, sh.id) for kind in ("target", "from", "ship", "breaker", "move")]
    return out


@pytest.mark.slow
@QUICK
@given(players=PLAYERS, seed=SEEDS)
def test_the_legal_list_and_the_rule_checker_agree(players, seed):
    r = rules(players)
    s = r.new_initial_state(seed)
    greedy = ENGINE.agents()["greedy"](r, 1, {})
    rng = random.Random(seed)
    checked = 0
    for k in range(3000):
        if s.is_terminal():
            break
        acts = s.legal_actions()
        if k % 5 == 0:
            legal = set(acts)
            for a in candidate_actions(s):
                bad = why_illegal(s, a)
                assert (bad is None) == (a in legal), (a, bad)
                assert bad is None or bad.rule in RULES_SECTIONS, bad.rule
            checked += 1
        s.apply(greedy(s, rng) if rng.random() < 0.7 else acts[rng.randrange(len(acts))])
    assert checked > 0


@pytest.mark.slow
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, seed=SEEDS)
def test_positions_round_trip_and_play_on_alike(players, seed):
    r = rules(players)
    s = r.new_initial_state(seed)
    rng = random.Random(seed)
    checked = 0
    for k in range(2000):
        if s.is_terminal():
            break
        if k % 41 == 0:
            text = written(s)
            back = parse_position(text, content()).state
            assert written(back) == text
            assert back.legal_actions() == s.legal_actions()
            a = s.random_action(random.Random(k))
            ahead = s.clone()
            ahead.apply(a)
            back.apply(a)
            assert written(back) == written(ahead), "the same seed, the same game"
            checked += 1
        s.apply(s.random_action(rng))
    assert checked > 0


@pytest.mark.slow
@QUICK
@given(players=PLAYERS, seed=SEEDS)
def test_a_player_sees_only_their_own_secrets_and_sampling_keeps_what_they_see(players, seed):
    r = rules(players)
    s = r.new_initial_state(seed)
    rng = random.Random(seed)
    checked = 0
    for k in range(1500):
        if s.is_terminal():
            break
        if k % 11 == 0:
            p = s.current_player()
            seen = s.observation(p)
            assert set(seen["hands"]) == {p} and "deck" not in seen and "seed" not in seen
            assert set(seen.get("sunk_this_round", {})) <= {p}
            other = s.sample_hidden(p, random.Random(k))
            check_invariants(other)
            assert other.observation(p) == seen, "a sample looks the same to the player"
            assert other.legal_actions() == s.legal_actions()
            checked += 1
        s.apply(s.random_action(rng))
    assert checked > 0


def test_the_invariants_catch_a_broken_state():
    s = rules(2).new_initial_state(3)
    s.hands[0].append(s.deck[-1])  # a card dealt twice
    s.line[1].append(s.line[0][0])  # a ship in two Lines
    s.scores[0] += 5  # VP from nowhere
    assert ENGINE.invariants(s) == ["the Action cards are not conserved",
                                    "player 1's VP by source do not add up to the score 5",
                                    "player 2's Line holds a ship recorded elsewhere",
                                    "player 2's Line is not in value order", "the ships are not conserved"]
