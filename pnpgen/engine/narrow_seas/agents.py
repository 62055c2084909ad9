"""Narrow Seas agents for simulation (a greedy one-step heuristic) and the per-action stats hook."""

from __future__ import annotations

from collections import Counter

from ...maths.hexgrid import DIRECTION_NAMES, distance
from . import moves
from .phases import ACTION, DRAW, PLAN, SETUP

CARD_PLAYS = frozenset(("sail", "fire", "duty", "wind"))
KEEP_RANGE = 2  # the greedy captain's favourite distance when it holds no better information


def _areas(g) -> dict[str, int | None]:
    """Plan area index paid by each card kind, read from the cards themselves."""
    got = g.agent_cache.get("areas")
    if got is None:
        got = g.agent_cache["areas"] = {"sail": None, "fire": None, "duty": None}
        for c in g.cards.values():
            if c.kind in got and c.area is not None:
                got[c.kind] = c.area
    return got


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
    gains = None  # worked out at the first Wind play met
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
        elif kind == "wind":
            if gains is None:
                gains = wind_gains(s, p)
            v = gains[DIRECTION_NAMES.index(a[2])]
            if v <= 0:
                continue
            v += 4  # after any shot, before a sail: the sail then goes with the new wind
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


# -- the wind: sails and shots it opens or closes ----------------------------------------------------
def _sail_cards(g) -> tuple:
    got = g.agent_cache.get("sail cards")
    if got is None:
        got = g.agent_cache["sail cards"] = tuple(c for c in g.cards.values() if c.kind == "sail")
    return got


def _fire_ranges(g) -> dict:
    """For each suit, how many fire card types of that suit reach each range."""
    got = g.agent_cache.get("fire ranges")
    if got is None:
        got = g.agent_cache["fire ranges"] = _fire_ranges_of(g.cards.values())
    return got


def prospects(s, player: int, wind: int, known: bool) -> float:
    """What `player` could do this Action phase under `wind`: 1 per sail card with somewhere to go, 2 per shot that
    such a sail brings into range. known: with the cards in the player's hand (else every card type the player
    might hold, counted once each, as an enemy sees it)."""
    g = s.g
    area = _areas(g)
    sail_area, fire_area = area["sail"], area["fire"]
    if sail_area is None:
        return 0.0
    if known:
        hand = [g.cards[c] for c in dict.fromkeys(s.hands[player - 1])]
        sailing = [c for c in hand if c.kind == "sail"]
        ranges = _fire_ranges_of(hand)
    else:
        sailing, ranges = list(_sail_cards(g)), _fire_ranges(g)
    occupied = s.occupied()
    total = 0.0
    for i in s.live_ships(player):
        if not s.plan[i][sail_area]:
            continue
        h = s.hex[i]
        suit = g.suit_at[h]
        shooting = fire_area is not None and s.plan[i][fire_area] > 0
        foes = [s.hex[j] for j in s.enemies(i)]
        for c in sailing:
            if c.suit != suit:
                continue
            dests = [d for d in g.sail_dests(c, wind, h)[0] if d not in occupied]
            if dests:
                total += 1
            if shooting:
                for d in dests:
                    by_range = ranges.get(g.suit_at[d])
                    if by_range:
                        total += 2 * sum(by_range[g.dist[d][f]] for f in foes)
    return total


def _fire_ranges_of(cards) -> dict:
    out: dict = {}
    for c in cards:
        if c.kind == "fire" and c.range:
            out.setdefault(c.suit, Counter())[c.range] += 1
    return out


def wind_gains(s, player: int) -> list[float]:
    """For each wind direction: how much turning the wind there opens for `player` (their own hand) and closes
    for the players of other teams who may still act this phase (every card they might hold); > 0 when it is
    worth the Wind card."""
    g = s.g
    rivals = [q for q in g.players if g.team[q] != g.team[player] and not s.passed[q - 1]]

    def worth(wind: int) -> float:
        return prospects(s, player, wind, True) - 0.5 * sum(prospects(s, q, wind, False) for q in rivals)

    now = worth(s.wind)
    return [worth(w) - now for w in range(len(DIRECTION_NAMES))]


# -- setup: placing ships and setting the wind by the position they make ---------------------------------
def _mobility(g, cell, wind: int) -> int:
    """Sail destinations a ship on `cell` has under `wind`, over every sail card type of the cell's suit."""
    key = ("mobility", cell, wind)
    got = g.agent_cache.get(key)
    if got is None:
        suit = g.suit_at[cell]
        got = g.agent_cache[key] = sum(len(g.sail_dests(c, wind, cell)[0]) for c in _sail_cards(g) if c.suit == suit)
    return got


def _threat(g, cell, target, wind: int) -> int:
    """Shots a ship on `cell` could have at a ship on `target` after one sail under `wind` (every card type)."""
    key = ("threat", cell, target, wind)
    got = g.agent_cache.get(key)
    if got is None:
        suit, ranges, n = g.suit_at[cell], _fire_ranges(g), 0
        for c in _sail_cards(g):
            if c.suit == suit:
                for d in g.sail_dests(c, wind, cell)[0]:
                    by_range = ranges.get(g.suit_at[d])
                    if by_range and d != target:
                        n += by_range[g.dist[d][target]]
        got = g.agent_cache[key] = n
    return got


def setup_value(s, player: int, wind: int) -> float:
    """A placed position under `wind`, for `player`: each ship's mobility and the shots it could bring to bear after
    one sail, less the same for the ships of other teams."""
    g = s.g
    total = 0.0
    for i, h in enumerate(s.hex):
        if h is None:
            continue
        sign = 1 if g.team[g.ship_owner[i]] == g.team[player] else -1
        total += sign * _mobility(g, h, wind)
        for j, t in enumerate(s.hex):
            if t is not None and g.team[g.ship_owner[j]] != g.team[g.ship_owner[i]]:
                total += sign * 2 * _threat(g, h, t, wind)
    return total


def placement_value(s, player: int) -> float:
    """A position during setup, for `player`: setup_value under the wind already set, else under the wind its
    setter will choose (the best for the setter's team)."""
    if s.wind is not None:
        return setup_value(s, player, s.wind)
    values = [setup_value(s, player, w) for w in range(len(DIRECTION_NAMES))]
    setter = _wind_setter(s)
    return max(values) if setter is None or s.g.team[setter] == s.g.team[player] else min(values)


def _wind_setter(s) -> int | None:
    who = s.g.params.wind_setter
    if who == "first":
        return s.first_player
    if who == "second":
        return s.g.after[s.direction][s.first_player][0]
    return who if isinstance(who, int) else None


def greedy_setup(s, rng) -> tuple:
    """Place a ship, or set the wind, where the position made is worth most (placement_value); ties at random."""
    p = s.to_move
    best, best_v = None, None
    for a in moves.setup_actions(s):
        after = s.clone()
        after.apply(a)
        v = placement_value(after, p) + rng.random() * 0.01
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best if best is not None else s.random_action(rng)


def greedy(s, rng) -> tuple:
    """The greedy agent: one-step heuristics per phase."""
    if s.phase == PLAN:
        return greedy_plan(s)
    if s.phase == DRAW:
        return greedy_draw(s, rng)
    if s.phase == ACTION:
        return greedy_casualties(s) if s.pending else greedy_play(s, rng)
    if s.phase == SETUP:
        return greedy_setup(s, rng)
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
