"""The greedy Enemy in Sight captain: a one-step heuristic that scores each way to play a card by what it does now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import DONE, completions, grape_cards, legal_actions, line_breaker_candidates
from .names import (
    ADDITIONAL_SHIP,
    ADMIRALTY,
    BLOCKADE,
    BOARDING,
    BREAK_THE_LINE,
    BREAKERS,
    BROADSIDES,
    BUCKET_BRIGADE,
    CAPTURE,
    CHOOSE,
    EXTRA,
    FIRE,
    FIRE_SHIP,
    GRAPE,
    MAIN,
    MOVES,
    PORT,
    PRIZE,
    RAKE,
    RED_STEP,
    REFUSE_BATTLE,
    REPAIR,
    RUN_AGROUND,
    STRIKE,
    WEATHERGAUGE,
)

if TYPE_CHECKING:
    from .protocol import GameState

# Red cards from the least to the most harmful to their player (a card with no effect on them is passed on first).
RED_ORDER = (WEATHERGAUGE, STRIKE, RUN_AGROUND, ADMIRALTY, FIRE)
# How much a card in hand is worth keeping (the least is discarded first).
KEEP = {BROADSIDES: 6, BOARDING: 5, FIRE_SHIP: 5, RAKE: 4, BREAK_THE_LINE: 4, ADDITIONAL_SHIP: 4,
        REFUSE_BATTLE: 3, REPAIR: 2, BUCKET_BRIGADE: 2, BLOCKADE: 1}


def greedy(s: GameState, rng) -> tuple:
    """The greedy agent's action for the player to move."""
    step = s.step
    if step == RED_STEP:
        return red_choice(s, rng)
    if step in (MAIN, EXTRA):
        return card_choice(s, rng)
    if step == CHOOSE:
        _, best = best_way(s, s.pending.card, s.pending.options)
        return best[len(s.pending.chosen)]
    if step == GRAPE:
        return grape_choice(s)
    if step == CAPTURE:
        return ("capture", "prize" if len(s.line[s.to_move - 1]) >= 3 else "line")
    if step == BREAKERS:
        return breaker_choice(s)
    if step == MOVES:
        return move_choice(s)
    acts = legal_actions(s)
    return acts[rng.randrange(len(acts))]


def greedy_factory(rules, player: int, options: dict[str, str]):
    """The greedy agent for one seat (it takes no options)."""
    return greedy


def red_choice(s: GameState, rng) -> tuple:
    """Pass on what does not hurt us, else the least harmful Red card."""
    from .effects import affects

    acts = legal_actions(s)
    info = s.rules.cards
    p = s.turn

    def harm(a: tuple) -> int:
        if not affects(s, p, a[1]):
            return -1
        action = info[a[1]].action
        return RED_ORDER.index(action) if action in RED_ORDER else len(RED_ORDER)

    return min(acts, key=harm)


def card_choice(s: GameState, rng) -> tuple:
    """The play whose best way scores most, a Refuse Battle discarded for ships in Port, or the least useful card
    discarded (or, after a first card, done)."""
    p = s.turn
    best, best_score = None, -1e9
    for a in legal_actions(s):
        kind = a[0]
        if kind == "play":
            score, _ = best_way(s, a[1], completions(s, p, a[1]))
        elif kind == "muster":
            score = 30.0 if len(s.line[p - 1]) < 3 else 2.0
        elif kind == "discard":
            score = -float(KEEP.get(s.rules.cards[a[1]].action, 0))
        else:  # done
            score = 0.5
        score += rng.random() * 0.01  # a seeded tie-break
        if score > best_score:
            best, best_score = a, score
    return best


def best_way(s: GameState, card: str, ways: tuple) -> tuple[float, tuple]:
    """(score, way) of the best way to play a card (the first of equals); a gunnery card's ways are scored once for
    each target and part, whichever ship fires."""
    gunnery = s.rules.cards[card].action in (BROADSIDES, RAKE)
    scored: dict[tuple, float] = {}
    best, best_score = ways[0], -1e9
    for way in ways:
        key = way[:2] if gunnery else way
        score = scored.get(key)
        if score is None:
            score = scored[key] = way_score(s, card, way)
        if score > best_score:
            best, best_score = way, score
    return best_score, best


def way_score(s: GameState, card: str, way: tuple) -> float:
    """What one complete way to play a card is worth now (VP-like units)."""
    rules = s.rules
    info = rules.cards[card]
    action = info.action
    p = s.turn
    got = {c[0]: c[1:] for c in way}
    ship = rules.ship_index

    def target() -> int:
        return ship[got["target"][0]]

    if action in (BROADSIDES, RAKE):
        t = target()
        vp = rules.ships[t].vp
        leader = 3.0 if s.scores[s.owner[t] - 1] == max(s.scores) else 0.0
        if got["part"][0] == "hull":
            if info.damage >= s.hull_left(t):
                return 100.0 + vp + leader
            return 10.0 + info.damage + vp / 5 + (rules.ships[t].hull - s.hull_left(t)) + leader
        if info.damage >= s.rigging_left(t):  # dismasts her: a Boarding Party may follow
            return 12.0 + (20.0 if any(rules.cards[c].action == BOARDING for c in s.hands[p - 1]) else 0.0) + leader
        return 4.0 + info.damage
    if action == BOARDING:
        t = target()
        return (150.0 if s.struck[t] else 40.0) + rules.ships[t].vp
    if action == FIRE_SHIP:
        prm = rules.params
        if "port" in got:
            targets, bonus = list(s.port[got["port"][0] - 1]), prm.fire_ship_bonus
        else:
            t = target()
            targets, bonus = [t], prm.fire_ship_bonus if s.dismasted(t) else 0
        chance = max(0, prm.die_sides - (prm.fire_ship_sinks - bonus) + 1) / prm.die_sides
        worth = sum(rules.ships[t].vp * (-1 if s.owner[t] == p else 1) for t in targets)  # (an own ship: a loss)
        return 8.0 + chance * worth * 3
    if action == BUCKET_BRIGADE:
        return 25.0 + rules.ships[ship[got["ship"][0]]].vp
    if action == REPAIR:
        i = ship[got["ship"][0]]
        return 8.0 + rules.cards[got["damage"][0]].damage + (10.0 if s.hull_left(i) <= 3 or s.dismasted(i) else 0.0)
    if action == ADDITIONAL_SHIP:
        return (45.0 if len(s.line[p - 1]) < 6 else 20.0) if got["to"][0] == "line" else 3.0
    if action == BLOCKADE:
        return 3.0
    if action == BREAK_THE_LINE:
        q = got["against"][0]
        hit = [i for i in (*s.line[q - 1], *s.prizes[q - 1]) if not s.struck[i] and not s.immune(i)]
        return 15.0 + 4.0 * len(hit)
    if action == REFUSE_BATTLE:
        prizes = [i for i in s.prizes[p - 1] if not s.dismasted(i)]
        wounded = [i for i in s.line[p - 1] if s.hull_left(i) <= 3 and not s.dismasted(i)]
        value = sum(rules.params.prize_port_multiplier * rules.ships[i].vp for i in prizes)
        return (20.0 + value + 5.0 * len(wounded)) if prizes or wounded or s.port[p - 1] else 1.0
    return 0.0


def grape_choice(s: GameState) -> tuple:
    """Commit every valid card (the cheapest Broadsides), never bluff."""
    b = s.pending
    q = s.to_move
    valid, rakes, _ = grape_cards(s, q, b.ship if b.grape is None else b.target)
    info = s.rules.cards
    cards = []
    if valid:
        cards.append(max(valid, key=lambda c: info[c].rating))
    if rakes:
        cards.append(rakes[0])
    return ("grape", tuple(sorted(cards, key=s.rules.card_order.__getitem__)))


def breaker_choice(s: GameState) -> tuple:
    """One Line Breaker, the lowest-rated ship (it may then fire at the target only), then done."""
    if s.pending.chosen:
        return DONE
    ships = s.rules.ships
    i = max(line_breaker_candidates(s, s.turn), key=lambda i: (ships[i].rating, -ships[i].value))
    return ("breaker", ships[i].id)


def move_choice(s: GameState) -> tuple:
    """Take Prizes into Port, then badly damaged ships; bring ships from Port while the Line is short; then done."""
    acts = legal_actions(s)
    rules = s.rules
    p = s.turn
    line = len(s.line[p - 1])

    def value(a: tuple) -> float:
        if a == DONE:
            return 0.0
        i = rules.ship_index[a[1]]
        if s.place[i] == PRIZE:
            return 100.0 + rules.ships[i].vp
        if s.place[i] == PORT:
            return 20.0 if line < 4 else -1.0
        return 10.0 if s.hull_left(i) <= 3 and line > 2 else -1.0

    return max(acts, key=value)


AGENTS = {"greedy": greedy_factory}
