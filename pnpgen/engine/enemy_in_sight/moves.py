"""Legal actions of an Enemy in Sight state, in a stable order.

A Black card is played one decision at a time: `completions` lists every complete way to play it (each a tuple of
choice actions); the state keeps the ways still open, and the next decision offers the distinct next choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .names import (
    ADDITIONAL_SHIP,
    BLOCKADE,
    BOARDING,
    BREAK_THE_LINE,
    BREAKERS,
    BROADSIDES,
    BUCKET_BRIGADE,
    CAPTURE,
    CHOOSE,
    EXTRA,
    FIRE_SHIP,
    GRAPE,
    GUNNERY,
    HULL,
    JOINERS,
    MAIN,
    MOVES,
    PARTS,
    PRIZE,
    RAKE,
    RED_STEP,
    REFUSE_BATTLE,
    REPAIR,
    RIGGING,
)

if TYPE_CHECKING:
    from .protocol import GameState

DONE = ("done",)
CAPTURE_ACTIONS = [("capture", "line"), ("capture", "prize")]
TO_LINE, TO_PORT = ("to", "line"), ("to", "port")


def legal_actions(s: GameState) -> list[tuple]:
    """Every legal action of the player to move, in a stable order."""
    step = s.step
    if step == MAIN:
        return main_actions(s)
    if step == CHOOSE:
        return next_choices(s.pending.chosen, s.pending.options)
    if step == RED_STEP:
        return red_actions(s)
    if step == EXTRA:
        return extra_actions(s)
    if step == GRAPE:
        return grape_actions(s)
    if step == CAPTURE:
        return list(CAPTURE_ACTIONS)
    if step == BREAKERS:
        return breaker_actions(s)
    if step == MOVES:
        return move_actions(s)
    return []


def random_action(s: GameState, rng) -> tuple:
    """A legal action drawn uniformly."""
    acts = legal_actions(s)
    return acts[rng.randrange(len(acts))]


def distinct(hand: list[str]) -> list[str]:
    """The different cards of a hand, in content order (hands are kept in content order)."""
    return list(dict.fromkeys(hand))


# -- the turn's card ----------------------------------------------------------------------------------
def red_actions(s: GameState) -> list[tuple]:
    """The Red card passed on to this player, else each Red card in hand (one must be played)."""
    if s.passing is not None:
        return [("red", s.passing[0])]
    red = s.rules.red_cards
    return [("red", c) for c in distinct(s.hands[s.turn - 1]) if c in red]


def main_actions(s: GameState) -> list[tuple]:
    """Play a Black card that has some way to be played, discard Refuse Battle for ships in Port, or discard any
    card."""
    p = s.turn
    cards = distinct(s.hands[p - 1])
    acts = plays(s, p, cards)
    info = s.rules.cards
    if s.port[p - 1]:
        acts += [("muster", c) for c in cards if info[c].action == REFUSE_BATTLE]
    acts += [("discard", c) for c in cards]
    return acts


def extra_actions(s: GameState) -> list[tuple]:
    """After a Broadsides, Rake or Boarding Party: the cards that may join it, or end the turn."""
    p = s.turn
    return [*plays(s, p, distinct(s.hands[p - 1])), DONE]


def plays(s: GameState, p: int, cards: list[str]) -> list[tuple]:
    """('play', card) for each Black card that may be played now and has a way to be played."""
    info = s.rules.cards
    return [("play", c) for c in cards if not info[c].red and may_join(s, info[c].action) and completions(s, p, c)]


def may_join(s: GameState, action: str) -> bool:
    """Whether a card of this action may be played after the cards played this turn: one Black card a turn, but
    a Rake (at most so many a turn) fires alone or along with a Broadsides, and Boarding Parties go alone (more
    of them together) or after a Broadsides (against the ship it dismasted: see `boardings`): so no Broadsides or
    Rake follows a lone Boarding Party, and a Rake and a Boarding Party meet only beside a Broadsides."""
    prm = s.rules.params
    played = s.played
    mains = [a for a in played if a not in JOINERS]
    broadside = BROADSIDES in played
    if action == RAKE:
        return (played.count(RAKE) < prm.rakes_per_turn and all(a == BROADSIDES for a in mains)
                and (broadside or BOARDING not in played))
    if action == BOARDING:
        return all(a == BROADSIDES for a in mains) and (broadside or RAKE not in played)
    if len(mains) >= prm.black_cards_per_turn:
        return False
    if action == BROADSIDES:
        return BOARDING not in played
    return not played


def next_choices(chosen: tuple, options: tuple) -> list[tuple]:
    """The distinct next choices of the ways to play a card that begin with `chosen`, in their order."""
    k = len(chosen)
    return list(dict.fromkeys(o[k] for o in options if o[:k] == chosen and len(o) > k))


# -- every way to play a card ---------------------------------------------------------------------------
def completions(s: GameState, p: int, card: str) -> tuple:
    """Every complete way for player p to play a Black card now (tuples of choice actions; a card with no choice
    has one empty way); () if it cannot be played."""
    c = s.rules.cards[card]
    action = c.action
    if action == BROADSIDES:
        return gunnery(s, p, c.rating)
    if action == RAKE:
        return gunnery(s, p, None)
    if action == BOARDING:
        return boardings(s, p)
    if action == FIRE_SHIP:
        return fire_ship_targets(s, p)
    if action == BUCKET_BRIGADE:
        return fires_to_fight(s, p)
    if action == REPAIR:
        return repairs(s, p)
    if action == ADDITIONAL_SHIP:
        return ((TO_LINE,), (TO_PORT,)) if s.ship_deck else ()
    if action == BLOCKADE:
        return blockade_targets(s, p)
    if action == BREAK_THE_LINE:
        return break_targets(s, p)
    if action == REFUSE_BATTLE:
        return () if s.broken(p) else ((),)
    return ()


def enemies(s: GameState, p: int) -> list[int]:
    """The other players, from p's left round the table."""
    n = s.rules.num_players
    return [(p + k - 1) % n + 1 for k in range(1, n)]


def may_attack(s: GameState, f: int, t: int) -> bool:
    """Whether ship f may attack ship t (at sea, of another player): a Line Breaker attacks only the player whose
    Line it broke; a Prize behind a Line is reached only through a Break The Line of that Line, by ships of its
    flag's nation and its Line Breakers."""
    b = s.breaker[f]
    q = s.owner[t]
    if b is not None and s.break_target(b) != q:
        return False
    if s.place[t] != PRIZE:
        return True
    nation = s.rules.ships[f].nation
    info = s.rules.cards
    return any(target == q and (info[card].flag == nation or b == card) for card, _, target in s.breaks)


def gunnery(s: GameState, p: int, rating: int | None) -> tuple:
    """Broadsides (ships rated `rating` or better fire it) or Rake (None: any ship): (target, part, firing ship)
    for every enemy ship at sea that gunfire may reach, every part not already destroyed."""
    ships = s.rules.ships
    firers = [f for f in s.fighters(p) if rating is None or ships[f].rating <= rating]
    if not firers:
        return ()
    out = []
    for q in enemies(s, p):
        for t in (*s.line[q - 1], *s.prizes[q - 1]):
            if s.struck[t] or s.immune(t):
                continue
            shooters = [ships[f].id for f in firers if may_attack(s, f, t)]
            if not shooters:
                continue
            tid = ships[t].id
            parts = (HULL,) if s.dismasted(t) else (HULL, RIGGING)
            out += [(("target", tid), ("part", PARTS[part]), ("from", f)) for part in parts for f in shooters]
    return tuple(out)


def boardings(s: GameState, p: int) -> tuple:
    """Boarding Party: (target, boarding ship) for every enemy ship at sea that is dismasted or has struck, played
    alone; after a Broadsides this turn, only against a ship that Broadsides dismasted ("Play alone against a
    dismasted ship, or with a Broadside which dismasts the target ship")."""
    ships = s.rules.ships
    boarders = s.fighters(p)
    joining = BROADSIDES in s.played
    out = []
    for q in enemies(s, p):
        for t in (*s.line[q - 1], *s.prizes[q - 1]):
            if joining and t not in s.dismasted_now:
                continue
            if not (s.struck[t] or s.dismasted(t)) or s.immune(t):
                continue
            out += [(("target", ships[t].id), ("from", ships[f].id)) for f in boarders if may_attack(s, f, t)]
    return tuple(out)


def fire_ship_targets(s: GameState, p: int) -> tuple:
    """Fire Ship: any enemy ship at sea (not protected by Refuse Battle), or every ship in an enemy Port; with the
    rules option fire_ship_targets: any, p's own ships at sea too."""
    ships = s.rules.ships
    out = []
    if s.rules.params.fire_ship_targets == "any":
        out += [(("target", ships[t].id),) for t in (*s.line[p - 1], *s.prizes[p - 1]) if not s.immune(t)]
    for q in enemies(s, p):
        out += [(("target", ships[t].id),) for t in (*s.line[q - 1], *s.prizes[q - 1]) if not s.immune(t)]
        if s.port[q - 1]:
            out.append((("port", q),))
    return tuple(out)


def fires_to_fight(s: GameState, p: int) -> tuple:
    """Bucket Brigade: (ship, where the Fire took hold) for each Fire on one of p's ships."""
    ships = s.rules.ships
    return tuple((("ship", ships[i].id), ("fire", PARTS[origin]))
                 for i in (*s.line[p - 1], *s.prizes[p - 1]) for origin in sorted({o for _, o in s.fires[i]}))


def repairs(s: GameState, p: int) -> tuple:
    """Repair: (ship, damage card and part) for each Broadsides or Rake card on one of p's ships."""
    ships, info = s.rules.ships, s.rules.cards
    out = []
    for i in (*s.line[p - 1], *s.prizes[p - 1]):
        found = sorted({(source, part) for part, source, _ in s.damage[i]
                        if source in info and info[source].action in GUNNERY},
                       key=lambda sp: (sp[1], info[sp[0]].order))
        out += [(("ship", ships[i].id), ("damage", card, PARTS[part])) for card, part in found]
    return tuple(out)


def blockade_targets(s: GameState, p: int) -> tuple:
    """Blockade: another player's Port, while p blockades fewer Ports than allowed and has a mobile ship of the
    Line (else the Blockade would be discarded at once)."""
    mine = [t for _, by, t in s.blockades if by == p]
    if len(mine) >= s.rules.params.blockades_per_player or not s.fighters(p):
        return ()
    return tuple((("against", q),) for q in enemies(s, p) if q not in mine)


def break_targets(s: GameState, p: int) -> tuple:
    """Break The Line: another player with ships in their Line, while p has a ship that may become a Line
    Breaker."""
    if not line_breaker_candidates(s, p):
        return ()
    return tuple((("against", q),) for q in enemies(s, p) if s.line[q - 1])


def line_breaker_candidates(s: GameState, p: int) -> list[int]:
    """p's mobile ships of the Line that have not struck and break no Line already."""
    return [i for i in s.fighters(p) if s.breaker[i] is None]


def line_breakers_allowed(s: GameState, p: int) -> int:
    """How many Line Breakers p may choose: one per so many ships of the Line, rounded down (or up, by the rules
    option line_breakers_rounding), at least 1, up to the maximum."""
    prm = s.rules.params
    ships, per = len(s.line[p - 1]), prm.ships_per_line_breaker
    share = -(-ships // per) if prm.line_breakers_rounding == "up" else ships // per
    return min(prm.line_breakers_max, max(1, share))


# -- the steps after a card -----------------------------------------------------------------------------
def grape_actions(s: GameState) -> list[tuple]:
    """Grape Shot for the player to move: none, a Broadsides their ship could fire, a Rake, both, or a bluff (any
    other card)."""
    b = s.pending
    q = s.to_move
    ship = b.ship if b.grape is None else b.target
    valid, rakes, bluffs = grape_cards(s, q, ship)
    acts = [("grape", ())]
    acts += [("grape", (c,)) for c in valid]
    acts += [("grape", (r,)) for r in rakes]
    acts += [("grape", (c, r)) for c in valid for r in rakes]
    acts += [("grape", (c,)) for c in bluffs]
    return acts


def grape_cards(s: GameState, q: int, ship: int) -> tuple[list[str], list[str], list[str]]:
    """(valid Broadsides for this ship, Rakes, other cards) among player q's different cards."""
    info = s.rules.cards
    rating = s.rules.ships[ship].rating
    valid, rakes, bluffs = [], [], []
    for c in distinct(s.hands[q - 1]):
        a = info[c]
        if a.action == BROADSIDES and a.rating is not None and rating <= a.rating:
            valid.append(c)
        elif a.action == RAKE:
            rakes.append(c)
        else:
            bluffs.append(c)
    return valid, rakes, bluffs


def breaker_actions(s: GameState) -> list[tuple]:
    """Another Line Breaker (while fewer than allowed are chosen), or done once one is."""
    b = s.pending
    p = s.turn
    ids = s.rules.ships
    acts = []
    if len(b.chosen) < line_breakers_allowed(s, p):
        acts = [("breaker", ids[i].id) for i in line_breaker_candidates(s, p) if ids[i].id not in b.chosen]
    if b.chosen:
        acts.append(DONE)
    return acts


def move_actions(s: GameState) -> list[tuple]:
    """Refuse Battle: each ship in Port to the Line; when played, each ship at sea to Port (a dismasted one only
    after a mobile one); done."""
    m = s.pending
    p = s.turn
    ids = s.rules.ships
    acts = [("move", ids[i].id) for i in s.port[p - 1] if ids[i].id not in m.moved]
    if m.mode == "play":
        acts += [("move", ids[i].id) for i in (*s.line[p - 1], *s.prizes[p - 1])
                 if ids[i].id not in m.moved and (m.escort or not s.dismasted(i))]
    acts.append(DONE)
    return acts

