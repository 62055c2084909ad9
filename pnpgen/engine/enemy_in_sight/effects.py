"""What happens to ships and cards: damage, sinking, striking, capture, Port, the cards in play, scoring."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from .names import (
    ADMIRALTY,
    FIRE,
    FIRE_SOURCE,
    GUNNERY,
    HULL,
    LINE,
    OVER,
    POINTS,
    PORT,
    PRIZE,
    PRIZE_PORT,
    RIGGING,
    RUN_AGROUND,
    STRIKE,
    SUNK,
    TAKEN,
    WEATHERGAUGE,
    WRECK,
)

if TYPE_CHECKING:
    from .protocol import GameState

# why a ship left play (metrics): sunk and credited, or lost for no VP
GUNFIRE, FIRE_SHIP_CAUSE, BREAK_CAUSE, EXPLOSION, AGROUND = "gunfire", "fire-ship", "break-the-line", \
    "explosion", "run-aground"
NO_CREDIT = (EXPLOSION, AGROUND)


# -- the piles of ships ----------------------------------------------------------------------------
def pile_of(s: GameState, i: int) -> list[int] | None:
    """The list ship i sits in (a Line, Port or the Prizes of its owner), or None."""
    p, place = s.owner[i], s.place[i]
    if place == LINE:
        return s.line[p - 1]
    if place == PORT:
        return s.port[p - 1]
    if place == PRIZE:
        return s.prizes[p - 1]
    return None


def lift(s: GameState, i: int) -> None:
    """Take ship i out of the Line, Port or Prizes it is in."""
    pile = pile_of(s, i)
    if pile is not None:
        pile.remove(i)


def to_line(s: GameState, i: int, p: int) -> None:
    """Ship i joins player p's Line, in value order."""
    s.owner[i], s.place[i] = p, LINE
    insort(s.line[p - 1], i, key=s.rules.line_key)


def to_prizes(s: GameState, i: int, p: int) -> None:
    """Ship i becomes a Prize behind player p's Line."""
    s.owner[i], s.place[i] = p, PRIZE
    insort(s.prizes[p - 1], i)


def to_port(s: GameState, i: int, p: int) -> None:
    """Ship i lies in player p's Port."""
    s.owner[i], s.place[i] = p, PORT
    insort(s.port[p - 1], i, key=s.rules.line_key)


def strip(s: GameState, i: int) -> None:
    """Ship i leaves the sea: its damage cards and Fires go to the discard, its Strike chit and flag go."""
    cards = s.rules.cards
    for _, source, _ in s.damage[i]:
        if source in cards and cards[source].action in GUNNERY:  # a Break The Line's damage is no card
            s.discard.append(source)
    s.discard.extend(card for card, _ in s.fires[i])
    s.damage[i], s.fires[i], s.struck[i], s.breaker[i] = (), (), False, None


def sink(s: GameState, i: int, by: int, cause: str) -> None:
    """Ship i sinks: into `by`'s pile of sunk ships, or lost for no VP (run aground, blown up)."""
    lift(s, i)
    strip(s, i)
    if cause in NO_CREDIT or not by:
        s.owner[i], s.place[i] = 0, WRECK
        s.wrecks.append(i)
        s.tally(f"lost:{cause}")
    else:
        s.owner[i], s.place[i] = by, SUNK
        s.sunk[by - 1].append(i)
        s.tally(f"sunk:{cause}")


def go_to_port(s: GameState, i: int) -> None:
    """Ship i returns to its owner's Port: all its damage is discarded; a Prize is taken in and scores at once."""
    p = s.owner[i]
    was_prize = s.place[i] == PRIZE
    lift(s, i)
    strip(s, i)
    if not was_prize:
        to_port(s, i, p)
        return
    s.place[i] = TAKEN
    s.taken[p - 1].append(i)
    gain(s, p, PRIZE_PORT, s.rules.params.prize_port_multiplier * s.rules.ships[i].vp)
    s.tally("prize taken")
    if s.scores[p - 1] >= s.rules.params.victory_points:
        end_game(s, POINTS, (p,))


def gain(s: GameState, p: int, source: int, vp: int) -> None:
    """Player p scores `vp` (negative: loses) from a source of VP."""
    s.scores[p - 1] += vp
    s.vp[p - 1][source] += vp


def end_game(s: GameState, how: str, winners: tuple[int, ...]) -> None:
    """The game is over."""
    s.step, s.victory, s.winners, s.pending = OVER, how, winners, None


# -- damage -----------------------------------------------------------------------------------------
def hit(s: GameState, i: int, part: int, amount: int, source: str, by: int, cause: str) -> None:
    """Ship i takes damage on a part (the source: the damage card, or a Break The Line card); a Hull all damaged
    sinks it, to the credit of `by`."""
    s.damage[i] = (*s.damage[i], (part, source, amount))
    if part == HULL and s.hull_damage(i) >= s.rules.ships[i].hull:
        sink(s, i, by, cause)


def burn(s: GameState, i: int, part: int, amount: int) -> None:
    """A Fire burns ship i: its burning adds up on the part; a Hull burnt through blows the ship up."""
    dmg = list(s.damage[i])
    for k, (pt, source, a) in enumerate(dmg):
        if pt == part and source == FIRE_SOURCE:
            dmg[k] = (pt, source, a + amount)
            break
    else:
        dmg.append((part, FIRE_SOURCE, amount))
    s.damage[i] = tuple(dmg)
    if part == HULL and s.hull_damage(i) >= s.rules.ships[i].hull:
        sink(s, i, 0, EXPLOSION)


def fire_part(s: GameState, i: int, origin: int) -> int:
    """Where a Fire that took hold in `origin` burns now: a Rigging fire spreads to the Hull of a dismasted ship,
    and back to the Rigging once it is repaired."""
    return HULL if origin == HULL or s.dismasted(i) else RIGGING


def fire_damage(s: GameState, p: int) -> None:
    """Turn step 2: each Fire on player p's ships at sea burns."""
    amount = s.rules.params.fire_damage_per_turn
    for i in [i for pile in (s.line[p - 1], s.prizes[p - 1]) for i in pile if s.fires[i]]:
        for _, origin in s.fires[i]:
            if s.place[i] not in (LINE, PRIZE):
                break  # blown up
            burn(s, i, fire_part(s, i, origin), amount)
    settle(s)


def remove_card(s: GameState, i: int, part: int, card: str) -> None:
    """A damage card comes off ship i (Repair, capture) to the discard."""
    dmg = list(s.damage[i])
    for k, (pt, source, _) in enumerate(dmg):
        if pt == part and source == card:
            del dmg[k]
            break
    s.damage[i] = tuple(dmg)
    s.discard.append(card)


def smallest_rigging_card(s: GameState, i: int) -> str | None:
    """The smallest Broadsides or Rake card on ship i's Rigging (the first of equals), or None."""
    cards = s.rules.cards
    best = None
    for pt, source, a in s.damage[i]:
        if pt == RIGGING and source in cards and cards[source].action in GUNNERY and (best is None or a < best[0]):
            best = (a, source)
    return best[1] if best else None


def capture(s: GameState, i: int, by: int) -> None:
    """Ship i is taken by player `by`: out of its Line, its Strike chit and flag gone, its smallest Rigging damage
    card removed. Its taker then makes it a Line ship or a Prize."""
    lift(s, i)
    s.struck[i], s.breaker[i] = False, None
    card = smallest_rigging_card(s, i)
    if card is not None:
        remove_card(s, i, RIGGING, card)
    to_prizes(s, i, by)  # behind the taker's Line until they decide


# -- cards in play -----------------------------------------------------------------------------------
def end_break(s: GameState, card: str) -> None:
    """A Break The Line leaves play: its Line Breakers lose their flags, its -2/-2 is lifted from every ship."""
    for k, (c, _, _) in enumerate(s.breaks):
        if c == card:
            del s.breaks[k]
            break
    s.discard.append(card)
    for i, b in enumerate(s.breaker):
        if b == card:
            s.breaker[i] = None
    for i, dmg in enumerate(s.damage):
        if dmg and any(source == card for _, source, _ in dmg):
            s.damage[i] = tuple(d for d in dmg if d[1] != card)


def end_blockade(s: GameState, k: int) -> None:
    """The k-th Blockade in play is discarded."""
    card = s.blockades.pop(k)[0]
    s.discard.append(card)


def withdraw_cards(s: GameState, p: int) -> None:
    """Player p's Refuse Battle: their Break The Line and Blockade cards leave play."""
    for card in [c for c, by, _ in s.breaks if by == p]:
        end_break(s, card)
    for k in range(len(s.blockades) - 1, -1, -1):
        if s.blockades[k][1] == p:
            end_blockade(s, k)


def settle(s: GameState) -> None:
    """What follows from any change: a Line Breaker sunk, taken, struck, dismasted or gone to Port loses its flag
    for good; a Break The Line with no Line Breaker left ends; a Blockade whose player has no mobile ship of the
    Line left is discarded."""
    for i, b in enumerate(s.breaker):
        if b is not None:
            if s.place[i] != LINE or s.struck[i] or s.dismasted(i) or not any(
                    c == b and by == s.owner[i] for c, by, _ in s.breaks):
                s.breaker[i] = None
    for card, _, _ in list(s.breaks):
        if card not in s.breaker:
            end_break(s, card)
    for k in range(len(s.blockades) - 1, -1, -1):
        if not s.fighters(s.blockades[k][1]):
            end_blockade(s, k)


def runs_blockade(s: GameState, p: int) -> bool:
    """Whether a move between player p's Port and the sea gets through: one roll per Blockade on that Port, each of
    which must beat the number of the blockader's mobile ships of the Line."""
    through = True
    for _, by, target in s.blockades:
        if target == p and s.rules.roll(s.rng) <= len(s.fighters(by)):
            through = False
    return through


# -- Red cards ----------------------------------------------------------------------------------------
def red_targets(s: GameState, p: int, action: str) -> list[int]:
    """Player p's ships a Red card would strike (empty: it does not affect them; Weathergauge always does)."""
    if action == ADMIRALTY:
        return [i for i in s.line[p - 1] if not s.struck[i] and not s.dismasted(i)]
    if action == FIRE:
        return [i for pile in (s.line[p - 1], s.prizes[p - 1]) for i in pile if s.damage[i]]
    if action == RUN_AGROUND:
        return [i for pile in (s.line[p - 1], s.prizes[p - 1]) for i in pile]
    if action == STRIKE:
        below = s.rules.params.strike_hull_below
        return [i for i in s.line[p - 1] if not s.struck[i] and s.hull_damage(i) and s.hull_left(i) < below]
    return []


def affects(s: GameState, p: int, card: str) -> bool:
    """Whether a Red card has an effect on player p (else it is passed to the left)."""
    action = s.rules.cards[card].action
    return action == WEATHERGAUGE or bool(red_targets(s, p, action))


def play_red(s: GameState, p: int, card: str) -> None:
    """A Red card takes effect on player p; it goes to the discard (a Fire card stays on the ship it burns)."""
    rules = s.rules
    action = rules.cards[card].action
    ships = red_targets(s, p, action)
    s.tally(f"played:{card}")
    if action == WEATHERGAUGE:
        for c, _, _ in list(s.breaks):
            end_break(s, c)
        s.discard.extend(c for c, _, _ in s.blockades)
        s.discard.extend(c for c, _ in s.refusals)
        s.blockades, s.refusals = [], []
        s.rng.shuffle(s.ship_deck)
    elif action == ADMIRALTY:
        go_to_port(s, ships[s.rng.randrange(len(ships))])
    elif action == FIRE:
        i = ships[s.rng.randrange(len(ships))]
        part = HULL if rules.roll(s.rng) >= rules.params.fire_hull_from else RIGGING
        s.fires[i] = (*s.fires[i], (card, part))  # the card lies on the ship (and goes with it if it blows up)
        burn(s, i, part, rules.params.fire_damage_per_turn)
        settle(s)
        return
    elif action == RUN_AGROUND:
        i = ships[s.rng.randrange(len(ships))]
        if rules.roll(s.rng) >= rules.ships[i].rating:
            sink(s, i, 0, AGROUND)
    elif action == STRIKE:
        for i in ships:
            if rules.roll(s.rng) >= s.hull_left(i):
                s.struck[i] = True
                s.tally("struck")
    s.discard.append(card)
    settle(s)
