"""The legal actions of the player to move, in a stable order."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING

from .names import (
    BUY,
    CAPITOL,
    DEEP_COVE,
    DISCARD,
    EXTEND,
    FIRE,
    FLAG_SLOTS,
    FLAGS,
    GATHER,
    ISLAND,
    LOCATIONS,
    PIVOT,
    SEA,
    SIGNAL,
    TRADING_POST,
    WORKSHOP,
)

if TYPE_CHECKING:
    from .protocol import GameState

HOLD, DONE = ("hold",), ("done",)
PIVOTS = (("pivot", "none"), ("pivot", "port"), ("pivot", "starboard"))


def legal_actions(s: GameState) -> list:
    """Every legal action of the player to move."""
    if s.phase == ISLAND:
        return island_actions(s)
    if s.phase == BUY:
        return buy_actions(s)
    if s.phase == SEA:
        return sea_actions(s)
    return []


# -- the Island Phase -------------------------------------------------------------------------------
def island_actions(s: GameState) -> list:
    """Claims of the new cards after a restock; else every location with a free slot and its choices, every
    unclaimed Market card, and restocking."""
    if s.restocked:
        free = set(s.unclaimed())
        return [("claim", c) for c in sorted({s.market[i] for i in s.restocked if i in free}, key=_order(s))]
    out = []
    for loc in LOCATIONS:
        if s.slots_free(loc) > 0:
            out += placements(s, loc)
    out += [("claim", c) for c in sorted({s.market[i] for i in s.unclaimed()}, key=_order(s))]
    if can_restock(s):
        out.append(("restock",))
    return out


def can_restock(s: GameState) -> bool:
    """Whether scrapping the unclaimed cards and restocking would deal at least one new card: a box left free once
    they are gone (claimed cards stay), and a card to deal into it."""
    room = len(s.claims) < s.g.params.market_size
    return room and bool(s.market_deck or s.market_discard or s.unclaimed())


def placements(s: GameState, loc: str) -> list:
    """A skiff on an island location, with each choice the location offers."""
    g, p = s.g, s.to_move
    k = p - 1
    if loc in GATHER:
        return [("place", loc, None, None)]
    if loc == CAPITOL:
        return [("place", loc, r, None) for r in g.resources]
    if loc == TRADING_POST:
        return [("place", loc, give, take) for give, take in trades(s, p)]
    if loc == WORKSHOP:
        out = []
        for uid, up in g.upgrades.items():
            if uid in s.upgrades[k]:
                continue
            for booty in (False, True):
                if s.affordable(p, up.cost, booty):
                    out.append(("place", loc, uid, booty))
        return out
    if loc == DEEP_COVE:
        return [("place", loc, hand, discard) for hand, discard in scrap_choices(s, p, g.params.deep_cove_scrap)]
    if loc == FLAG_SLOTS:
        return [("place", loc, f, None) for i, f in enumerate(FLAGS) if s.flag_supply[i] > 0]
    return []


def trades(s: GameState, player: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(given, taken) counts for the Trading Post: up to the limit given back, as many taken of other kinds."""
    n = len(s.g.resources)
    have = s.res[player - 1]
    out = [((0,) * n, (0,) * n)]
    for size in range(1, s.g.params.trading_post_exchange + 1):
        for give in combinations_with_replacement(range(n), size):
            g = _counts(give, n)
            if any(g[i] > have[i] for i in range(n)):
                continue
            others = [i for i in range(n) if not g[i]]
            for take in combinations_with_replacement(others, size):
                out.append((g, _counts(take, n)))
    return out


def scrap_choices(s: GameState, player: int, most: int) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(cards from hand, cards from the discard pile) to scrap: up to `most` cards, each choice once."""
    k = player - 1
    order = _order(s)
    pool = [("hand", c) for c in sorted(s.hands[k], key=order)] + \
        [("discard", c) for c in sorted(s.discards[k], key=order)]
    seen, out = set(), []
    for size in range(most + 1):
        for pick in combinations(pool, size):
            hand = tuple(c for pile, c in pick if pile == "hand")
            discard = tuple(c for pile, c in pick if pile == "discard")
            if (hand, discard) not in seen:
                seen.add((hand, discard))
                out.append((hand, discard))
    return out


# -- buying ---------------------------------------------------------------------------------------
def buy_actions(s: GameState) -> list:
    """Pay for the claim in turn (with or without the booty token), or leave it."""
    p, i = s.buy_order()[0]
    card = s.market[i]
    cost = s.g.cards[card].cost
    out = [("buy", card, booty) for booty in (False, True) if s.affordable(p, cost, booty)]
    return out + [("decline", card)]


# -- the Sea Phase ----------------------------------------------------------------------------------
def sea_actions(s: GameState) -> list:
    """A card to play or pass; or, while one is resolved, the decision it asks for."""
    p = s.to_move
    t = s.turn
    hand = s.hands[p - 1]
    if t is None:
        cards = sorted(set(hand), key=_order(s))
        return [("play", c) for c in cards] + [("pass", c) for c in cards]
    if t.stage == PIVOT:
        return list(PIVOTS)
    if t.stage == DISCARD:
        return [("discard", c) for c in sorted(set(hand), key=_order(s))]
    if t.stage == EXTEND:
        cost = s.extended_cost(p, s.g.cards[t.card])
        return [HOLD] + [("extend", booty) for booty in (False, True) if s.affordable(p, cost, booty)]
    if t.stage == FIRE:
        return [("fire", "port"), ("fire", "starboard")]
    if t.stage == SIGNAL:
        return [DONE] + flag_uses(s, p)
    return []


def flag_uses(s: GameState, player: int) -> list:
    """Each flag a player holds, used with each choice it offers."""
    k = player - 1
    out = []
    for i, f in enumerate(FLAGS):
        if not s.flags[k][i]:
            continue
        if f == "shipwright":
            order = _order(s)
            picks = [("hand", c) for c in sorted(set(s.hands[k]), key=order)] + \
                [("discard", c) for c in sorted(set(s.discards[k]), key=order)]
            out += [("flag", f, pick) for pick in picks]
        elif f == "purser":
            out += [("flag", f, r) for r in s.g.resources]
        else:
            out.append(("flag", f, None))
    return out


def _counts(picks, n: int) -> tuple[int, ...]:
    out = [0] * n
    for i in picks:
        out[i] += 1
    return tuple(out)


def _order(s: GameState):
    return s.g.card_order.__getitem__
