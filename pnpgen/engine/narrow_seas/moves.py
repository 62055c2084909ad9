"""Legal actions of a Narrow Seas state: listed in a stable order, or drawn uniformly without listing."""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import TYPE_CHECKING

from ...maths.hexgrid import DIRECTION_NAMES
from .phases import ACTION, DRAW, PLAN, SETUP

PASS = ("pass",)
DRAW_ACTION = ("draw",)

if TYPE_CHECKING:
    from .protocol import GameState


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


def legal_actions(s: GameState) -> list[tuple]:
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


def plan_space(s: GameState) -> list[tuple[str, tuple[tuple[int, ...], ...]]]:
    """In the Plan phase: for each afloat ship of the player to move, (id, every way to spread its cubes).

    A legal plan picks one way per ship, so the plans are the product of these lists: agents can
    draw or score ship by ship without listing the product.
    """
    g = s.g
    k, ids, hexes, plan, spent = len(g.areas), g.ship_ids, s.hex, s.plan, s.spent
    return [(ids[i], compositions(spent[i] + sum(plan[i]), k)) for i in g.ships_of[s.to_move] if hexes[i] is not None]


def random_action(s: GameState, rng) -> tuple:
    """A legal action drawn uniformly: a plan ship by ship, a draw-phase action from its count, an Action-phase
    action without listing the discards, else from the list."""
    phase = s.phase
    if phase == ACTION and not s.pending:
        return random_play(s, rng)
    if phase == DRAW:
        return random_draw(s, rng)
    if phase == PLAN:
        return ("plan", tuple([(sid, ways[rng.randrange(len(ways))]) for sid, ways in plan_space(s)]))
    acts = legal_actions(s)
    return acts[rng.randrange(len(acts))]


def count_actions(s: GameState) -> int:
    """How many legal actions there are (plans counted, not listed)."""
    if s.phase == PLAN:
        n = 1
        for _, ways in plan_space(s):
            n *= len(ways)
        return n
    return len(legal_actions(s))


# -- setup --------------------------------------------------------------------------------
def placement_hexes(s: GameState, player: int) -> tuple[list, str]:
    """(hexes where `player` may place a ship now, which rule chose them: edge | distance | relaxed | any).

    The first ship (or one placed while no enemy ship is on the board) goes on an edge hex or near
    one; later ships keep the minimum distance from every enemy ship and are exactly the given
    distance from at least one. Should that leave no hex, the engine relaxes the rule (first the
    exact distance, then both) so that a game can never stall in setup.
    """
    g = s.g
    occ = s.occupied()
    enemy = [s.hex[j] for j in g.enemy_ships[player] if s.hex[j] is not None]
    if not enemy:
        cells = [c for c in g.near_edge if c not in occ]
        return (cells, "edge") if cells else ([c for c in g.cells if c not in occ], "any")
    ring, near = g.placement_ring(frozenset(enemy))
    cells = [c for c in ring if c not in occ]
    if cells:
        return cells, "distance"
    empty = [c for c in g.cells if c not in occ]
    far = [c for c in empty if c not in near]
    return (far, "relaxed") if far else (empty, "any")


def setup_actions(s: GameState) -> list[tuple]:
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
def plan_actions(s: GameState) -> list[tuple]:
    """Every plan: each afloat ship's cubes (all not in the Sick Bay) spread over the Plan areas."""
    per_ship = [[(sid, way) for way in ways] for sid, ways in plan_space(s)]
    return [("plan", combo) for combo in product(*per_ship)]


def random_draw(s: GameState, rng) -> tuple:
    """A draw-phase action drawn uniformly, without listing them."""
    g = s.g
    p = s.to_move
    a, hexes, plan = g.market_area, s.hex, s.plan
    payers = [i for i in g.ships_of[p] if plan[i][a] and hexes[i] is not None]
    if not payers:
        return DRAW_ACTION
    d = g.deck_of[p]
    deck = 1 if s.decks[d] or s.discards[d] else 0
    market = s.markets[d] if g.unique_cards else list(dict.fromkeys(s.markets[d]))
    k = rng.randrange(deck + len(market) * len(payers))
    if k < deck:
        return DRAW_ACTION
    k -= deck
    card = sorted(market, key=g.card_order.__getitem__)[k // len(payers)]
    return ("market", card, g.ship_ids[payers[k % len(payers)]])


def draw_actions(s: GameState) -> list[tuple]:
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
def action_phase_actions(s: GameState) -> list[tuple]:
    """Plays of each card in hand (content order), then a discard of each, then pass."""
    cards = hand_cards(s)
    acts = card_plays(s, cards)
    acts += map(s.g.discard_action.__getitem__, cards)
    acts.append(PASS)
    return acts


def random_play(s: GameState, rng) -> tuple:
    """What action_phase_actions(s)[k] is for a uniform k, without making the discards and pass."""
    cards = hand_cards(s)
    plays = card_plays(s, cards)
    n = len(plays)
    k = rng.randrange(n + len(cards) + 1)
    if k < n:
        return plays[k]
    k -= n
    return s.g.discard_action[cards[k]] if k < len(cards) else PASS


def hand_cards(s: GameState) -> list[str]:
    """The different cards in the mover's hand, in content order."""
    hand = s.hands[s.to_move - 1]  # kept in content order
    return hand if s.g.unique_cards else list(dict.fromkeys(hand))


def card_plays(s: GameState, cards: list[str], first: bool = False) -> list[tuple]:
    """The plays of each of `cards` in turn (sail, fire, duty, wind); with `first`, stop at the first card
    that has any."""
    g = s.g
    info, hexes, plan = g.cards, s.hex, s.plan
    by_suit: dict = {}  # the mover's ships afloat by the suit of their hex: [(ship, hex), ...]
    for i in g.ships_of[s.to_move]:
        h = hexes[i]
        if h is not None:
            by_suit.setdefault(g.suit_at[h], []).append((i, h))
    acts: list[tuple] = []
    for cid in cards:
        c = info[cid]
        if c.kind == "wind":
            acts += g.wind_actions[cid][s.wind]
        elif c.area is not None and c.suit in by_suit:
            area = c.area
            for i, h in by_suit[c.suit]:
                if plan[i][area]:
                    acts += ship_plays(s, c, i, h)
        if first and acts:
            break
    return acts


def ship_plays(s: GameState, c, i: int, h) -> list[tuple]:
    """The plays of card c by ship i on hex h (a cube on the card's area is there to pay)."""
    g = s.g
    kind, sid = c.kind, g.ship_ids[i]
    if kind == "sail":
        dests, touched = g.sail_dests(c, s.wind, h)
        if touched.isdisjoint(s.hex):  # nothing in the way: every destination is open
            return [("sail", c.id, sid, dest) for dest in dests]
        return sails(g, c, sid, h, s.wind, set(s.hex))
    if kind == "fire":
        dist, reach, hexes, ids = g.dist[h], c.range, s.hex, g.ship_ids
        return [("fire", c.id, sid, ids[j]) for j in g.enemy_ships[s.to_move]
                if (hj := hexes[j]) is not None and dist[hj] == reach]
    if kind == "duty" and s.sick[i]:
        return [("duty", c.id, sid)]
    return []


def sails(g, c, sid: str, h, wind: int, occ: set) -> list[tuple]:
    """Ship `sid` on hex h sailing with card c: one action per empty destination with a clear way there."""
    return [("sail", c.id, sid, dest) for dest, ways in g.sail_paths(c, wind, h)
            if dest not in occ and (ways is None or any(all(m not in occ or m == h for m in way) for way in ways))]


def casualty_actions(s: GameState) -> list[tuple]:
    """Every way for the defender to take the damage owed from the hit ship's Plan areas and Spent."""
    i, damage, _ = s.pending
    caps = (*s.plan[i], s.spent[i])
    sid = s.g.ship_ids[i]
    return [("casualties", sid, t) for t in takings(damage, caps)]

