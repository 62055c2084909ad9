"""Narrow Seas agents for simulation (a greedy one-step heuristic) and the per-action stats hook."""

from __future__ import annotations

from ...hexgrid import distance
from . import moves
from .phases import ACTION, DRAW, PLAN

CARD_PLAYS = frozenset(("sail", "fire", "duty", "wind"))
KEEP_RANGE = 2  # the greedy captain's favourite distance when it holds no better information


def _areas(g) -> dict[str, int | None]:
    """Plan area index paid by each card kind, read from the cards themselves."""
    out: dict[str, int | None] = {"sail": None, "fire": None, "duty": None}
    for c in g.cards.values():
        if c.kind in out and c.area is not None:
            out[c.kind] = c.area
    return out


def _nearest_enemy(s, i) -> int:
    h = s.hex[i]
    ds = [distance(h, s.hex[j]) for j in s.enemies(i)]
    return min(ds) if ds else 99


def _ranges_in_hand(s, p) -> set[int]:
    g = s.g
    return {g.cards[c].range for c in s.hands[p - 1] if g.cards[c].kind == "fire" and g.cards[c].range}


def greedy_plan(s) -> tuple:
    """Spread each ship's cubes by what its hand lets it do now: fire in range, sail, bring crew back, look out."""
    g = s.g
    k = len(g.areas)
    area = _areas(g)
    look = g.market_area
    hand = [g.cards[c] for c in s.hands[s.to_move - 1]]
    out = []
    for i in s.live_ships(s.to_move):
        suit = g.suit_at[s.hex[i]]
        mine = [c for c in hand if c.suit == suit]
        foes = [distance(s.hex[i], s.hex[j]) for j in s.enemies(i)]
        order = []
        if area["fire"] is not None and any(c.kind == "fire" and c.range in foes for c in mine):
            order.append(area["fire"])
        if area["sail"] is not None and any(c.kind == "sail" for c in mine):
            order.append(area["sail"])
        if area["duty"] is not None and s.sick[i] and any(c.kind == "duty" for c in mine):
            order.append(area["duty"])
        order.append(look)
        for a in (area["sail"], area["fire"]):
            if a is not None and a not in order:
                order.append(a)
        n = s.on_card(i)
        counts = [0] * k
        first = (n + 1) // 2
        counts[order[0]] += first
        n -= first
        for a in order[1:]:
            if n <= 0:
                break
            counts[a] += 1
            n -= 1
        counts[order[0]] += n
        out.append((g.ship_ids[i], tuple(counts)))
    return ("plan", tuple(out))


def greedy_draw(s, rng) -> tuple:
    """Take a Market card that the ship it pays with can play at once, else draw blind."""
    g = s.g
    acts = moves.draw_actions(s)
    best, score = None, 0
    for a in acts:
        if a[0] != "market":
            continue
        c = g.cards[a[1]]
        mine = [i for i in s.live_ships(s.to_move) if g.suit_at[s.hex[i]] == c.suit]
        v = 0
        if mine:
            v = 1
            if c.kind == "fire" and any(distance(s.hex[i], s.hex[j]) == c.range for i in mine for j in s.enemies(i)):
                v = 3
        if v > score:
            best, score = a, v
    if best is not None and score >= 1:
        return best
    return moves.DRAW_ACTION if moves.DRAW_ACTION in acts else acts[rng.randrange(len(acts))]


def greedy_casualties(s) -> tuple:
    """Lose Spent cubes first, then Lookout, Duty, Sail and Fire."""
    g = s.g
    i, damage, _ = s.pending
    area = _areas(g)
    order = [len(g.areas), g.market_area] + [area[k] for k in ("duty", "sail", "fire") if area[k] is not None]
    order += [a for a in range(len(g.areas)) if a not in order]
    caps = (*s.plan[i], s.spent[i])
    take = [0] * len(caps)
    left = damage
    for a in order:
        t = min(left, caps[a] - take[a])
        take[a] += t
        left -= t
    return ("casualties", g.ship_ids[i], tuple(take))


def greedy_play(s, rng) -> tuple:
    """Fire if possible, then bring crew back, then close to a range held in hand; discard dead cards."""
    g = s.g
    p = s.to_move
    ranges = _ranges_in_hand(s, p) or {KEEP_RANGE}
    my_suits = {g.suit_at[s.hex[i]] for i in s.live_ships(p)}
    full = len(s.hands[p - 1]) >= g.params.hand_size
    best, best_v = moves.PASS, 0.0
    for a in moves.action_phase_actions(s):
        kind = a[0]
        if kind == "fire":
            c, t = g.cards[a[1]], g.ship_index[a[3]]
            v = 10 + 2 * c.damage + (5 if c.damage >= s.on_card(t) else 0)
        elif kind == "duty":
            v = 6.0
        elif kind == "sail":
            i = g.ship_index[a[2]]
            foes = [s.hex[j] for j in s.enemies(i)]
            if not foes:
                continue
            before = min(min(abs(distance(s.hex[i], f) - r) for f in foes) for r in ranges)
            after = min(min(abs(distance(a[3], f) - r) for f in foes) for r in ranges)
            v = 3 + 1.5 * (before - after) if after < before else 0.5 - after * 0.01
        elif kind == "discard":
            c = g.cards[a[1]]
            if c.suit is not None and c.suit not in my_suits:
                v = 0.3
            else:  # a full hand of unplayable cards would stall the game: make room for a new card
                v = 0.05 if full else -1
        else:
            continue
        v += rng.random() * 0.01  # seeded tie-break
        if v > best_v:
            best, best_v = a, v
    return best


def greedy(s, rng) -> tuple:
    """The greedy agent: one-step heuristics per phase, random where nothing matters (setup)."""
    if s.phase == PLAN:
        return greedy_plan(s)
    if s.phase == DRAW:
        return greedy_draw(s, rng)
    if s.phase == ACTION:
        return greedy_casualties(s) if s.pending else greedy_play(s, rng)
    return s.random_action(rng)


AGENTS = {"greedy": greedy}


def record(s, action: tuple, stats: dict) -> None:
    """Simulation stats before `action` is applied: card plays, dead hands, hex visits."""
    kind = action[0]
    if kind in CARD_PLAYS:
        stats["card_plays"][action[1]] += 1
    elif kind == "plan":
        visits, hexes = stats["hex_visits"], s.hex
        for i in s.g.ships_of[s.to_move]:
            if hexes[i] is not None:
                visits[hexes[i]] += 1
    if s.phase == ACTION and not s.pending:
        seen = stats.setdefault("turn_seen", {})  # player -> the last round whose first turn was counted
        p = s.to_move
        if seen.get(p) != s.round:
            seen[p] = s.round
            if s.hands[p - 1]:
                stats["hand_turns"] += 1
                if not moves.card_plays(s, moves.hand_cards(s), first=True):
                    stats["dead_hands"] += 1
