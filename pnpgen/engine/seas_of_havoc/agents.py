"""Seas of Havoc agents: a greedy captain that looks one card ahead."""

from __future__ import annotations

from .moves import legal_actions
from .names import (
    BUY,
    CAPITOL,
    DEEP_COVE,
    DISCARD,
    EXTEND,
    FIRE,
    FLAG_SLOTS,
    GATHER,
    ISLAND,
    PIVOT,
    SEA,
    SIGNAL,
    TRADING_POST,
    WORKSHOP,
)
from .state import SohState

FLAG_VALUE = {"sailor": 3.0, "bosun": 2.0, "purser": 1.5, "shipwright": 1.0}


def worth(s: SohState, player: int) -> float:
    """What the greedy captain wants: final Infamy, a little for resources and flags (SohState.worth, which the
    search's evaluation counts too), a little for being near a target (closeness to the nearest other ship on the
    wrapping sea)."""
    k = player - 1
    g = s.g
    near = min((_dist(g, s.pos[k], s.pos[j]) for j in range(g.num_players) if j != k), default=0)
    return s.worth(player) - 0.05 * near


def _dist(g, a, b) -> int:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if g.wrap:
        dx, dy = min(dx, g.width - dx), min(dy, g.height - dy)
    return dx + dy


def greedy(s: SohState, rng):
    """One step ahead: at sea, the card (with its choices) that leaves the best worth; on the island, the best
    card it can afford, else an upgrade, else what it lacks."""
    if s.phase == ISLAND:
        return island_choice(s, rng)
    if s.phase == BUY:
        acts = legal_actions(s)
        return acts[0]  # buy without booty if it can, else with it, else decline
    return sea_choice(s, rng)


def island_choice(s: SohState, rng):
    """Claim the best Market card it could pay for, else switch an upgrade on, else gather what is short."""
    g, p = s.g, s.to_move
    acts = legal_actions(s)
    best, best_v = acts[0], -1e9
    have = s.res[p - 1]
    pending = [s.market[i] for q, i in s.claims if q == p]
    spend = [sum(g.cards[c].cost[r] for c in pending) for r in range(len(g.resources))]
    for a in acts:
        v = rng.random() * 0.01
        kind = a[0]
        if kind == "claim":
            c = g.cards[a[1]]
            short = sum(max(0, need + used - h) for need, used, h in zip(c.cost, spend, have))
            if short:
                continue
            v += 3 + c.infamy + 1.5 * len(c.shots) + (1 if c.move else 0)
        elif kind == "place":
            loc = a[1]
            if loc == WORKSHOP:
                v += 2.5 + g.upgrades[a[2]].infamy - (1 if a[3] else 0)
            elif loc in GATHER:
                r = g.resources.index(GATHER[loc])
                v += 2 - 0.3 * have[r]
            elif loc == CAPITOL:
                v += 0.8 if s.first_player != p else -1
            elif loc == FLAG_SLOTS:
                v += 0.6 + 0.3 * FLAG_VALUE.get(a[2], 0)
            elif loc == DEEP_COVE:
                starting = [c for c in (*a[2], *a[3]) if not g.cards[c].market]
                v += 0.4 * len(starting) if len(starting) == len(a[2]) + len(a[3]) else -1
            elif loc == TRADING_POST:
                v += -0.5
        else:  # restock
            v += -0.2
        if v > best_v:
            best, best_v = a, v
    return best


def sea_choice(s: SohState, rng):
    """Try each action on a copy, finish the card with this same policy, and keep the one worth most."""
    p = s.to_move
    acts = legal_actions(s)
    if len(acts) == 1:
        return acts[0]
    t = s.turn
    if t is not None and t.stage == DISCARD:
        g = s.g
        return min(acts, key=lambda a: (g.cards[a[1]].market, g.cards[a[1]].infamy, g.card_order[a[1]]))
    best, best_v = acts[0], -1e9
    for a in acts:
        c = s.clone()
        c.apply(a)
        _finish_card(c, p, rng)
        v = worth(c, p) + rng.random() * 0.001
        if a[0] == "pass":
            v -= 0.05
        if v > best_v:
            best, best_v = a, v
    return best


def _finish_card(c: SohState, p: int, rng) -> None:
    """Carry a card on to its end with simple choices (no lookahead), on a copy."""
    guard = 0
    while c.phase == SEA and c.turn is not None and c.to_move == p and guard < 40:
        guard += 1
        t = c.turn
        acts = legal_actions(c)
        if t.stage == FIRE:
            tries = []
            for a in acts:
                d = c.clone()
                d.apply(a)
                tries.append((d.infamy[p - 1], rng.random(), a))
            c.apply(max(tries)[2])
        elif t.stage == EXTEND:
            c.apply(acts[1] if len(acts) > 1 else acts[0])
        elif t.stage == PIVOT:
            c.apply(acts[0])
        elif t.stage == DISCARD:
            g = c.g
            c.apply(min(acts, key=lambda a: (g.cards[a[1]].market, g.cards[a[1]].infamy)))
        elif t.stage == SIGNAL:
            c.apply(max(acts, key=lambda a: FLAG_VALUE.get(a[1], 0) if a[0] == "flag" else 0.5))
        else:
            c.apply(acts[0])


AGENTS = {"greedy": lambda rules, player, options: greedy}
