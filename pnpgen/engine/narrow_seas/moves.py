"""Legal actions of a Narrow Seas state: listed in a stable order, or drawn uniformly without listing."""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import TYPE_CHECKING

from ...hexgrid import DIRECTION_NAMES
from .phases import ACTION, DRAW, PLAN, SETUP

PASS = ("pass",)
DRAW_ACTION = ("draw",)

if TYPE_CHECKING:
    from .state import NarrowSeasState


@cache
def compositions(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Every way to put n cubes into k areas, in lexicographic order."""
    if k == 1:
        return ((n,),)
    return tuple((a, *rest) for a in range(n + 1) for rest in compositions(n - a, k - 1))


@cache
def takings(total: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to take `total` cubes from areas holding caps[k] each, in lexicographic order."""
    if not caps:
        return ((),) if total == 0 else ()
    return tuple((a, *rest) for a in range(min(total, caps[0]) + 1) for rest in takings(total - a, caps[1:]))


def legal_actions(s: NarrowSeasState) -> list[tuple]:
    """Every legal action of the player to move."""
    phase = s.phase
    if phase == ACTION:
        return casualty_actions(s) if s.pending else action_phase_actions(s)
    if phase == DRAW:
        return draw_actions(s)
    if phase == PLAN:
        return plan_actions(s)
    if phase == SETUP:
        return setup_actions(s)
    return []


def plan_space(s: NarrowSeasState) -> list[tuple[str, tuple[tuple[int, ...], ...]]]:
    """In the Plan phase: for each afloat ship of the player to move, (id, every way to spread its cubes).

    A legal plan picks one way per ship, so the plans are the product of these lists: agents can
    draw or score ship by ship without listing the product.
    """
    k, ids = len(s.g.areas), s.g.ship_ids
    return [(ids[i], compositions(s.on_card(i), k)) for i in s.live_ships(s.to_move)]


def random_action(s: NarrowSeasState, rng) -> tuple:
    """A legal action drawn uniformly: a plan ship by ship, a draw-phase action from its count, else from the list."""
    if s.phase == PLAN:
        return ("plan", tuple((sid, ways[rng.randrange(len(ways))]) for sid, ways in plan_space(s)))
    if s.phase == DRAW:
        return random_draw(s, rng)
    acts = legal_actions(s)
    return acts[rng.randrange(len(acts))]


def count_actions(s: NarrowSeasState) -> int:
    """How many legal actions there are (plans counted, not listed)."""
    if s.phase == PLAN:
        n = 1
        for _, ways in plan_space(s):
            n *= len(ways)
        return n
    return len(legal_actions(s))


# -- setup --------------------------------------------------------------------------------
def placement_hexes(s: NarrowSeasState, player: int) -> tuple[list, str]:
    """(hexes where `player` may place a ship now, which rule chose them: edge | distance | relaxed | any).

    The first ship (or one placed while no enemy ship is on the board) goes on an edge hex or near
    one; later ships keep the minimum distance from every enemy ship and are exactly the given
    distance from at least one. Should that leave no hex, the engine relaxes the rule (first the
    exact distance, then both) so that a game can never stall in setup.
    """
    g, prm = s.g, s.g.params
    occ = s.occupied()
    empty = [c for c in g.cells if c not in occ]
    team = g.team[player]
    enemy = [h for j, h in enumerate(s.hex) if h is not None and g.team[g.ship_owner[j]] != team]
    if not enemy:
        cells = [c for c in empty if g.edge_distance[c] <= prm.first_ship_edge_distance]
        return (cells, "edge") if cells else (empty, "any")
    lo, exact = prm.placement_min_enemy_distance, prm.placement_exact_enemy_distance
    near = frozenset().union(*(g.closer(e, lo) for e in enemy))
    ring = frozenset().union(*(g.ring(e, exact) for e in enemy))
    cells = sorted(ring - near - occ)
    if cells:
        return cells, "distance"
    far = [c for c in empty if c not in near]
    return (far, "relaxed") if far else (empty, "any")


def setup_actions(s: NarrowSeasState) -> list[tuple]:
    """Place a ship (each unplaced ship of the player on each allowed hex), or set the wind."""
    if not s.placing():
        return [("set_wind", d) for d in DIRECTION_NAMES]
    ids = s.g.ship_ids
    if s.g.prescribed:  # each ship goes on its own start hex (when it is empty)
        occ = s.occupied()
        return [("place", ids[i], s.g.starts[i]) for i in s.unplaced(s.to_move)
                if i in s.g.starts and s.g.starts[i] not in occ]
    cells, _ = placement_hexes(s, s.to_move)
    return [("place", ids[i], c) for i in s.unplaced(s.to_move) for c in cells]


# -- plan and draw ----------------------------------------------------------------------------
def plan_actions(s: NarrowSeasState) -> list[tuple]:
    """Every plan: each afloat ship's cubes (all not in the Sick Bay) spread over the Plan areas."""
    per_ship = [[(sid, way) for way in ways] for sid, ways in plan_space(s)]
    return [("plan", combo) for combo in product(*per_ship)]


def random_draw(s: NarrowSeasState, rng) -> tuple:
    """A draw-phase action drawn uniformly, without listing them."""
    g = s.g
    d = g.deck_of[s.to_move]
    deck = 1 if s.decks[d] or s.discards[d] else 0
    a = g.market_area
    payers = [i for i in g.ships_of[s.to_move] if s.hex[i] is not None and s.plan[i][a]]
    if not payers:
        return DRAW_ACTION
    market = s.markets[d] if g.unique_cards else list(dict.fromkeys(s.markets[d]))
    k = rng.randrange(deck + len(market) * len(payers))
    if k < deck:
        return DRAW_ACTION
    k -= deck
    card = sorted(market, key=g.card_order.__getitem__)[k // len(payers)]
    return ("market", card, g.ship_ids[payers[k % len(payers)]])


def draw_actions(s: NarrowSeasState) -> list[tuple]:
    """Draw from the deck, or take a Market card paying a cube of a ship's market area."""
    g = s.g
    d = g.deck_of[s.to_move]
    acts: list[tuple] = [DRAW_ACTION] if s.decks[d] or s.discards[d] else []
    a = g.market_area
    payers = [g.ship_ids[i] for i in s.live_ships(s.to_move) if s.plan[i][a] > 0]
    if payers:
        for c in sorted(set(s.markets[d]), key=g.card_order.__getitem__):
            acts.extend(("market", c, sid) for sid in payers)
    return acts


# -- action phase --------------------------------------------------------------------------------
def action_phase_actions(s: NarrowSeasState) -> list[tuple]:
    """Plays of each card in hand (content order), then a discard of each, then pass."""
    g = s.g
    p = s.to_move
    hand = s.hands[p - 1]  # kept in content order
    cards = hand if g.unique_cards else list(dict.fromkeys(hand))
    hexes, plan, ids = s.hex, s.plan, g.ship_ids
    occ = set(hexes)
    by_suit: dict = {}  # the player's ships afloat, by the suit of their hex
    for i in g.ships_of[p]:
        h = hexes[i]
        if h is not None:
            by_suit.setdefault(g.suit_at[h], []).append((i, h, plan[i], ids[i]))
    acts: list[tuple] = []
    foes = None  # enemy ships afloat: (hex, id), found when a cannon card first needs them
    for cid in cards:
        c = g.cards[cid]
        kind = c.kind
        if kind == "wind":
            acts.extend(g.wind_actions[cid][s.wind])
            continue
        area = c.area
        if area is None:
            continue
        for i, h, pl, sid in by_suit.get(c.suit, ()):
            if not pl[area]:
                continue
            if kind == "sail":
                for dest, ways in g.sail_paths(c, s.wind, h):
                    if dest not in occ and (ways is None or any(all(m not in occ or m == h for m in way)
                                                                for way in ways)):
                        acts.append(("sail", cid, sid, dest))
            elif kind == "fire":
                if foes is None:
                    team = g.team[p]
                    foes = [(hj, ids[j]) for j, o in enumerate(g.ship_owner)
                            if (hj := hexes[j]) is not None and g.team[o] != team]
                dist, rng = g.dist[h], c.range
                for hj, tid in foes:
                    if dist[hj] == rng:
                        acts.append(("fire", cid, sid, tid))
            elif kind == "duty":
                if s.sick[i]:
                    acts.append(("duty", cid, sid))
    acts.extend(map(g.discard_action.__getitem__, cards))
    acts.append(PASS)
    return acts


def casualty_actions(s: NarrowSeasState) -> list[tuple]:
    """Every way for the defender to take the damage owed from the hit ship's Plan areas and Spent."""
    i, damage, _ = s.pending
    caps = (*s.plan[i], s.spent[i])
    sid = s.g.ship_ids[i]
    return [("casualties", sid, t) for t in takings(damage, caps)]

