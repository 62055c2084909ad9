"""Random-vs-random playouts at speed: the same games as the generic loop, on an integer-coded copy of the state.

`play_game` with every seat on the random agent spends nearly all its time asking the state for one
uniformly drawn action, handing it to the stats hook and applying it. This module plays that loop in
one function: hexes, cards and ships are small integers, the sail tables are precomputed per
(card, wind, hex), plays are counted before one is drawn and only the drawn one is made.

It mirrors, decision for decision, `moves.random_action` + `agents.record` + the transitions of
`state.py`, drawing the same random numbers in the same order, so a seed gives the same game and
the same stats either way. tests/engine/test_ns_random_playout.py plays hundreds of seeds (two and
four players) both ways and demands identical final states and stats: a rule changed in state.py or
moves.py must be changed here too, and that test says so when it is not.

Why a second copy of the rules is kept: random-vs-random batches are the throughput case (issue 5 asks for
300 finished games/s at --jobs 2), and this loop plays them 1.9x as fast as the generic loop in one
process (92 against 49 games/s, benchmarks/bench_sim.py, 600 games with the 60-round budget, both measured in
the same run on a shared 2-core machine). Greedy and search agents never take this path.
"""

from __future__ import annotations

from bisect import insort

from ..rng import MASK
from . import moves
from .agents import record
from .phases import ACTION, DRAW, ELIMINATION, MERCY, OVER, PLAN, SETUP, SINK

GOLDEN, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # Rng's SplitMix64, for shuffles
K_OTHER, K_SAIL, K_FIRE, K_DUTY, K_WIND = range(5)
_KINDS = {"sail": K_SAIL, "fire": K_FIRE, "duty": K_DUTY, "wind": K_WIND}
# phases as small integers inside the loop
P_PLAN, P_DRAW, P_ACTION, P_OVER = range(4)
NO_LIMIT = float("inf")  # no round budget
_PHASE_NAMES = (PLAN, DRAW, ACTION, OVER)


class Tables:
    """What the fast loop looks up, made once per NarrowSeas game."""

    def __init__(self, g):
        self.cells = g.cells
        self.cell_index = {c: k for k, c in enumerate(g.cells)}
        # the suits of hexes and cards; the last index: no suit (a card of no suit matches a hex of none, in moves)
        suits = sorted({s for s in g.suit_at.values() if s is not None} | {c.suit for c in g.cards.values()
                                                                              if c.suit is not None})
        suit_index = {s: k for k, s in enumerate(suits)}
        self.suits = len(suits) + 1
        self.hex_suit = tuple(suit_index.get(g.suit_at[c], len(suits)) for c in g.cells)
        cards = list(g.cards.values())  # in content order: a card's index is its order
        self.card_ids = tuple(c.id for c in cards)
        self.card_index = {c.id: c.order for c in cards}
        self.kind = tuple(_KINDS.get(c.kind, K_OTHER) for c in cards)
        self.area = tuple(-1 if c.area is None else c.area for c in cards)
        self.suit = tuple(suit_index.get(c.suit, len(suits)) for c in cards)
        self.scan = tuple(zip(self.kind, self.area, self.suit))
        self.range = tuple(c.range for c in cards)
        self.damage = tuple(c.damage for c in cards)
        self.heal = tuple(c.heal for c in cards)
        n = len(g.cells)
        self.dist = tuple(tuple(g.dist[a][b] for b in g.cells) for a in g.cells)
        # sail[card][wind][hex] = (destinations, mask of hexes a ship could block them from, ways per destination)
        self.sail: list = [None] * len(cards)
        for c in cards:
            if c.kind == "sail":
                self.sail[c.order] = tuple(tuple(self._sail(g, c, w, h) for h in range(n)) for w in range(6))
        self.wind_dirs = tuple(tuple(d for d in range(6) if d != w) for w in range(6))
        self.wind_of_deck = tuple(None if c is None else self.card_index[c] for c in g.wind_of_deck)
        crew = g.crew
        self.ways = tuple(moves.compositions(m, len(g.areas)) for m in range(crew + 1))

    def _sail(self, g, card, wind: int, h: int) -> tuple:
        idx = self.cell_index
        origin = self.cells[h]
        paths = g.sail_paths(card, wind, origin)
        _, touched = g.sail_dests(card, wind, origin)
        dests = tuple(idx[d] for d, _ in paths)
        ways = tuple(None if w is None else tuple(_mask(idx[m] for m in way if m != origin) for way in w)
                     for _, w in paths)
        return dests, _mask(idx[m] for m in touched), ways


def _mask(bits) -> int:
    m = 0
    for b in bits:
        m |= 1 << b
    return m


def _by_player(d: dict) -> tuple:
    """A dict keyed by player number as a tuple indexed by it (index 0 unused)."""
    return (None, *(d[p] for p in sorted(d)))


def tables(g) -> Tables:
    """The fast loop's tables for game g (made on first use)."""
    t = g.__dict__.get("_random_playout_tables")
    if t is None:
        t = g._random_playout_tables = Tables(g)
    return t


def random_playout(s, rng, stats: dict, max_rounds: int | None = None) -> int:
    """Play state s to its end (or, given `max_rounds`, until the round after it begins) with the random agent in
    every seat, drawing from `rng`, adding the stats hook's figures to `stats`; returns the number of decisions.
    The state is left as the generic loop leaves it."""
    decisions = 0
    limit = NO_LIMIT if max_rounds is None else max_rounds
    # Setup is a handful of decisions, and a deck holding two cards of a type would put two in one hand:
    # the generic code does those.
    while (s.phase == SETUP or (s.phase != OVER and not s.g.unique_cards)) and s.round <= limit:
        decisions += _generic_step(s, rng, stats)
    if s.phase == OVER or s.round > limit:
        return decisions
    return decisions + _play(s, rng, stats, tables(s.g), limit)


def _generic_step(s, rng, stats: dict) -> int:
    action = _setup_pick(s, rng) if s.phase == SETUP else moves.random_action(s, rng)
    record(s, action, stats)
    s.apply(action)
    return 1


def _setup_pick(s, rng) -> tuple:
    """What moves.random_action picks in setup, without listing every (ship, hex) placement."""
    if not s.placing() or s.g.prescribed:
        return moves.random_action(s, rng)
    cells, _ = moves.placement_hexes(s, s.to_move)
    ships = s.unplaced(s.to_move)
    k = rng.randrange(len(ships) * len(cells))
    return ("place", s.g.ship_ids[ships[k // len(cells)]], cells[k % len(cells)])


def _play(s, agent_rng, stats: dict, t: Tables, limit: int) -> int:  # noqa: C901 - one loop on purpose: it is the hot path
    g, prm = s.g, s.g.params
    idx = t.cell_index
    hex_suit, kind_of, area_of, range_of = t.hex_suit, t.kind, t.area, t.range
    damage_of, heal_of, dist, sail_tab, wind_dirs = t.damage, t.heal, t.dist, t.sail, t.wind_dirs
    comps, takings = t.ways, moves.takings
    ships_of, enemy_ships, team_of = _by_player(g.ships_of), _by_player(g.enemy_ships), _by_player(g.team)
    deck_of, direction_of, players = _by_player(g.deck_of), g.direction_of, g.players
    after = {d: _by_player(a) for d, a in g.after.items()}
    owner_of, scan, nsuits = g.ship_owner, t.scan, t.suits
    hand_size, market_size, market_area = prm.hand_size, prm.market_size, g.market_area
    init_area, mercy_margin = g.initiative_area, prm.mercy_margin
    team_elimination, alternate = prm.elimination == "team", g.alternate_wind
    wind_of_deck, nplayers = t.wind_of_deck, g.num_players
    wind_cards = tuple(c for c, k in enumerate(kind_of) if k == K_WIND)
    card = t.card_index

    # the state, integer-coded
    hexes = [-1 if h is None else idx[h] for h in s.hex]
    plan, spent, sick = [p[:] for p in s.plan], s.spent[:], s.sick[:]
    hands = [[card[c] for c in h] for h in s.hands]  # in content order, like the state's
    decks = [[card[c] for c in d] for d in s.decks]
    discards = [[card[c] for c in d] for d in s.discards]
    markets = [[card[c] for c in m] for m in s.markets]
    passed, planned = s.passed[:], s.planned[:]
    phase = _PHASE_NAMES.index(s.phase)
    rnd, to_move, first, wind, wind_aside = s.round, s.to_move, s.first_player, s.wind, s.wind_aside
    pending = s.pending
    reshuffles = s.reshuffles
    victory, winners = s.victory, s.winners
    bits = agent_rng.getrandbits  # AgentRng.randrange(n) is (bits(64) * n) >> 64
    dst = s.rng.state  # the state's own random source: deck shuffles
    occ = _mask(h for h in hexes if h >= 0)
    ring_after = after[direction_of[first]]  # turn order from each player, while `first` holds the marker

    plays = [0] * len(t.card_ids)
    visits = [0] * len(t.cells)
    seen_dict = stats.setdefault("turn_seen", {})
    seen = [seen_dict.get(p) for p in (0, *players)]
    on_suit = [None] * (nplayers + 1)  # each player's ships afloat by the suit of their hex: [((i, h), ...), ...]

    def ships_on_suits(p):
        by = [[] for _ in range(nsuits)]
        for i in ships_of[p]:
            if hexes[i] >= 0:
                by[hex_suit[hexes[i]]].append((i, hexes[i]))
        on_suit[p] = by

    for p in players:
        ships_on_suits(p)
    hand_turns = dead_hands = 0
    decisions = 0
    # Each player's plays as last listed, with the count `gen` had then. Any play or hit moves `gen` on; a
    # discard leaves the others' lists good and takes the card out of the discarder's own.
    cached, gen = [None] * (nplayers + 1), 0

    def live(p):
        return [i for i in ships_of[p] if hexes[i] >= 0]

    def shipless():
        out = [True] * nplayers
        for o, h in zip(owner_of, hexes):
            if h >= 0:
                out[o - 1] = False
        return out

    no_ships = shipless()  # changes only when a ship sinks
    payers_of = [None] * (nplayers + 1)  # in the Draw phase: each player's ships afloat with a cube to buy with

    def buyers(p):
        return [i for i in ships_of[p] if plan[i][market_area] and hexes[i] >= 0]

    for p in players:  # (a game picked up in the Draw phase)
        payers_of[p] = buyers(p)

    def next_player(frm, want):
        for p in ring_after[frm]:
            if want(p):
                return p
        return None

    def reshuffle(d):
        nonlocal reshuffles, dst
        if not discards[d]:
            return
        deck = decks[d] = discards[d]
        discards[d] = []
        for a in range(len(deck) - 1, 0, -1):  # Rng.shuffle, inlined
            dst = (dst + GOLDEN) & MASK
            z = ((dst ^ (dst >> 30)) * MIX1) & MASK
            z = ((z ^ (z >> 27)) * MIX2) & MASK
            b = ((z ^ (z >> 31)) * (a + 1)) >> 64
            deck[a], deck[b] = deck[b], deck[a]
        reshuffles += 1

    def take_card(d):  # state.take_card: the moment the deck empties, its shuffled discard is the new deck
        if not decks[d]:
            reshuffle(d)
            if not decks[d]:
                return None
        c = decks[d].pop()
        if not decks[d]:
            reshuffle(d)
        return c

    def to_discard(d, c):
        nonlocal wind_aside
        if alternate and kind_of[c] == K_WIND and wind_aside is not None:
            back, wind_aside = wind_aside, d
            discards[back].append(wind_of_deck[back])
            return
        discards[d].append(c)

    def wants_card(p):
        if len(hands[p - 1]) >= hand_size:
            return False
        if team_elimination and not live(p):
            return False
        d = deck_of[p]
        if decks[d] or discards[d]:
            return True
        return bool(markets[d]) and any(plan[i][market_area] for i in live(p))

    def end(how, team):
        nonlocal phase, victory, winners
        phase, victory = P_OVER, how
        winners = tuple(p for p in players if team_of[p] == team)

    def start_round():
        nonlocal phase, planned, to_move
        phase = P_PLAN
        planned = no_ships[:]
        to_move = planned.index(False) + 1

    def start_action():
        nonlocal phase, passed, to_move, gen
        gen += 1  # hands and plans have changed since the last Action phase
        phase = P_ACTION
        passed = no_ships[:]
        to_move = first
        if passed[to_move - 1] or all(done or not hand for done, hand in zip(passed, hands)):
            next_to_act(first)

    def start_draw():
        nonlocal first, phase, to_move, ring_after
        score = dict.fromkeys(players, 0)
        for i, h in enumerate(hexes):
            if h >= 0:
                score[owner_of[i]] += plan[i][init_area]
        best = max(score.values())
        if score[first] != best:
            first = next_player(first, lambda p: score[p] == best)
            ring_after = after[direction_of[first]]
        phase = P_DRAW
        for p in players:
            payers_of[p] = buyers(p)
        drawer = first if wants_card(first) else next_player(first, wants_card)
        if drawer is None:
            start_action()
        else:
            to_move = drawer

    def reset():
        nonlocal phase, victory, winners, rnd
        crew: dict = {}
        for o, sp, pl in zip(owner_of, spent, plan):
            tm = team_of[o]
            crew[tm] = crew.get(tm, 0) + sp + sum(pl)
        most = sorted(crew.values(), reverse=True)
        if len(most) > 1 and most[0] - most[1] >= mercy_margin:
            end(MERCY, max(crew, key=crew.__getitem__))
            return
        for p, h in zip(players, hands):
            for c in wind_cards:  # in content order, like the hand
                if c in h:
                    h.remove(c)
                    to_discard(deck_of[p], c)
        for d, market in enumerate(markets):
            markets[d] = []
            for c in market:
                to_discard(d, c)
        for d, market in enumerate(markets):
            while len(market) < market_size:
                c = take_card(d)
                if c is None:
                    break
                market.append(c)
        rnd += 1
        start_round()

    def next_to_act(frm):
        nonlocal to_move
        nxt, cards_left = None, False
        for p in ring_after[frm]:
            if not passed[p - 1]:
                if nxt is None:
                    nxt = p
                if hands[p - 1]:
                    cards_left = True
                    break
        if cards_left:
            to_move = nxt
        else:
            reset()

    def sink(i):
        nonlocal occ
        occ &= ~(1 << hexes[i])
        sick[i] += spent[i] + sum(plan[i])
        spent[i] = 0
        plan[i] = [0] * len(plan[i])
        hexes[i] = -1
        owner = owner_of[i]
        ships_on_suits(owner)
        no_ships[:] = shipless()
        if live(owner):
            return
        loser = team_of[owner]
        side = [p for p in players if team_of[p] == loser]
        if team_elimination and any(live(p) for p in side):
            passed[owner - 1] = True
            return
        winner = next(team_of[p] for p in players if team_of[p] != loser)
        end(SINK if not any(live(p) for p in side) else ELIMINATION, winner)

    while phase != P_OVER and rnd <= limit:
        if phase == P_ACTION:
            while True:  # turns until the phase ends (or the game does)
                p = to_move
                decisions += 1
                if pending is not None:  # casualties owed after a hit
                    i, dmg, attacker = pending
                    ways = takings(dmg, (*plan[i], spent[i]))
                    took = ways[(bits(64) * len(ways)) >> 64]
                    row = plan[i]
                    for a in range(len(row)):
                        row[a] -= took[a]
                    spent[i] -= took[-1]
                    sick[i] += dmg
                    pending = None
                    gen += 1
                    next_to_act(attacker)
                    if phase != P_ACTION:
                        break
                    continue
                hand = hands[p - 1]
                known = cached[p]
                if known is not None and known[0] == gen:  # nothing but discards since this player's plays were listed
                    n, per = known[1], known[2]
                else:
                    # the plays of each card held: {card: (how many, ((how many, ship, kind, choices), ...))}
                    n, per, mine = 0, {}, on_suit[p]
                    for c in hand:
                        kind, area, suit = scan[c]
                        if kind == K_WIND:
                            dirs = wind_dirs[wind]
                            per[c] = (len(dirs), ((len(dirs), -1, K_WIND, dirs),))
                            n += len(dirs)
                        elif area >= 0 and mine[suit]:
                            ways_of_card, total = [], 0
                            for i, h in mine[suit]:
                                if not plan[i][area]:
                                    continue
                                if kind == K_SAIL:
                                    dests, touched, ways = sail_tab[c][wind][h]
                                    if occ & touched:  # (ways and destinations leave out the origin, so occ will do)
                                        dests = [dd for dd, w in zip(dests, ways) if not (occ >> dd) & 1 and (
                                            w is None or any(not (m & occ) for m in w))]
                                    if dests:
                                        ways_of_card.append((len(dests), i, K_SAIL, dests))
                                        total += len(dests)
                                elif kind == K_FIRE:
                                    row, reach = dist[h], range_of[c]
                                    targets = [j for j in enemy_ships[p] if hexes[j] >= 0 and row[hexes[j]] == reach]
                                    if targets:
                                        ways_of_card.append((len(targets), i, K_FIRE, targets))
                                        total += len(targets)
                                elif kind == K_DUTY and sick[i]:
                                    ways_of_card.append((1, i, K_DUTY, None))
                                    total += 1
                            if total:
                                per[c] = (total, ways_of_card)
                                n += total
                    known = cached[p] = [gen, n, per]
                    if seen[p] != rnd:  # a player's first turn of a round always lists afresh (start_action moved gen)
                        seen[p] = rnd
                        if hand:
                            hand_turns += 1
                            if not n:
                                dead_hands += 1
                k = (bits(64) * (n + len(hand) + 1)) >> 64
                if k >= n:
                    k -= n
                    if k < len(hand):  # discard
                        c = hand[k]
                        del hand[k]
                        if c in per:
                            known[1] -= per.pop(c)[0]
                        if alternate and kind_of[c] == K_WIND:
                            to_discard(deck_of[p], c)
                        else:
                            discards[deck_of[p]].append(c)
                    else:  # pass
                        passed[p - 1] = True
                else:
                    gen += 1  # a play: every list of plays is out of date
                    for c in hand:
                        if c in per:
                            total = per[c][0]
                            if k < total:
                                break
                            k -= total
                    for way in per[c][1]:  # (how many, ship, kind, choices)
                        if k < way[0]:
                            break
                        k -= way[0]
                    _, i, kind, choice = way
                    plays[c] += 1
                    hand.remove(c)
                    if alternate and kind == K_WIND:
                        to_discard(deck_of[p], c)
                    else:
                        discards[deck_of[p]].append(c)
                    if kind == K_WIND:
                        wind = choice[k]
                    else:
                        plan[i][area_of[c]] -= 1
                        spent[i] += 1
                        if kind == K_SAIL:
                            to = choice[k]
                            occ ^= (1 << hexes[i]) | (1 << to)
                            hexes[i] = to
                            ships_on_suits(p)
                        elif kind == K_DUTY:
                            back = min(heal_of[c], sick[i])
                            sick[i] -= back
                            spent[i] += back
                        else:  # fire
                            tgt, dmg = choice[k], damage_of[c]
                            if dmg >= spent[tgt] + sum(plan[tgt]):
                                sink(tgt)
                                if phase == P_OVER:
                                    break
                            elif dmg > 0:
                                pending = (tgt, dmg, p)
                                to_move = owner_of[tgt]
                                continue
                # next_to_act(p), inlined: the next player who has not passed, or Reset when no one has a card
                nxt = 0
                for q in ring_after[p]:
                    if not passed[q - 1]:
                        if not nxt:
                            nxt = q
                        if hands[q - 1]:
                            break
                else:
                    reset()
                    break
                to_move = nxt
        elif phase == P_DRAW:
            while True:
                p = to_move
                decisions += 1
                d = deck_of[p]
                payers = payers_of[p]
                if payers:
                    deck_left = 1 if decks[d] or discards[d] else 0
                    offer = sorted(markets[d])
                    k = (bits(64) * (deck_left + len(offer) * len(payers))) >> 64
                else:
                    k = deck_left = 0
                if k < deck_left or not payers:
                    deck = decks[d]
                    c = deck.pop() if len(deck) > 1 else take_card(d)
                    if c is not None:
                        insort(hands[p - 1], c)
                else:
                    k -= deck_left
                    c, i = offer[k // len(payers)], payers[k % len(payers)]
                    plan[i][market_area] -= 1
                    spent[i] += 1
                    if not plan[i][market_area]:
                        payers_of[p] = [j for j in payers if j != i]
                    market = markets[d]
                    pos = market.index(c)
                    insort(hands[p - 1], c)
                    new = take_card(d)
                    if new is None:
                        del market[pos]
                    else:
                        market[pos] = new
                for q in ring_after[p]:  # the next player who still draws (wants_card, its usual case first)
                    if len(hands[q - 1]) < hand_size and (not team_elimination and decks[deck_of[q]] or wants_card(q)):
                        to_move = q
                        break
                else:
                    start_action()
                    break
        else:  # Plan
            while True:
                p = to_move
                decisions += 1
                for i in ships_of[p]:
                    h = hexes[i]
                    if h >= 0:
                        ways = comps[spent[i] + sum(plan[i])]
                        plan[i] = list(ways[(bits(64) * len(ways)) >> 64])
                        spent[i] = 0
                        visits[h] += 1
                planned[p - 1] = True
                if all(planned):
                    start_draw()
                    break
                to_move = planned.index(False) + 1

    # back into the state, as the generic loop would have left it
    cells, cid = t.cells, t.card_ids
    s.hex = [None if h < 0 else cells[h] for h in hexes]
    s.plan, s.spent, s.sick = plan, spent, sick
    s.hands = [[cid[c] for c in h] for h in hands]
    s.decks = [[cid[c] for c in d] for d in decks]
    s.discards = [[cid[c] for c in d] for d in discards]
    s.markets = [[cid[c] for c in m] for m in markets]
    s.passed, s.planned, s.pending = passed, planned, pending
    s.phase = _PHASE_NAMES[phase]
    s.round, s.to_move, s.first_player, s.wind, s.wind_aside = rnd, to_move, first, wind, wind_aside
    s.reshuffles, s.victory, s.winners = reshuffles, victory, winners
    s.rng.state = dst
    card_plays, hex_visits = stats["card_plays"], stats["hex_visits"]
    for c, m in enumerate(plays):
        if m:
            card_plays[cid[c]] += m
    for h, m in enumerate(visits):
        if m:
            hex_visits[cells[h]] += m
    seen_dict.update((p, seen[p]) for p in players if seen[p] is not None)
    stats["hand_turns"] += hand_turns
    stats["dead_hands"] += dead_hands
    return decisions


__all__ = ["Tables", "random_playout", "tables"]
