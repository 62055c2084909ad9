"""The flow of an Enemy in Sight game: setup, the turn's steps, round ends and scoring, and what each action does.

A decision that leaves a single possibility (the one ship that can fire, a Grape Shot with no card to choose, the
only Line Breaker) is taken at once, so that every action left to a player is a real choice; the turn's first
decision (the Red card, or the card to play or discard) is always asked.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from . import effects as fx
from . import moves
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
    HULL,
    LINE,
    MAIN,
    MOVES,
    NO_LINE,
    OVER,
    PARTS,
    POINTS,
    PORT,
    PRIZE_SEA,
    RAKE,
    RED_STEP,
    REFUSE_BATTLE,
    REPAIR,
    RIGGING,
    STALEMATE,
    SUNK_VP,
    Boarding,
    Breakers,
    Capture,
    Choosing,
    Moves,
)

if TYPE_CHECKING:
    from .protocol import GameState

ASKED = (MAIN, RED_STEP, OVER)  # steps whose decision is asked even with one possibility


# -- setup ------------------------------------------------------------------------------------------------
def deal(s: GameState) -> None:
    """Setup: the players roll for the deal (the high roller deals and plays first; ties roll again), both decks
    are shuffled, each player gets their Ships, laid out as a Line in value order, and their Action cards; the
    rest of the Ship deck lies face up."""
    rules = s.rules
    prm = rules.params
    rollers = list(rules.players)
    while len(rollers) > 1:
        rolls = {p: rules.roll(s.rng) for p in rollers}
        best = max(rolls.values())
        rollers = [p for p in rollers if rolls[p] == best]
    s.dealer = s.first_dealer = rollers[0]
    ships = list(range(len(rules.ships)))
    s.rng.shuffle(ships)
    deck = list(rules.deck_cards)
    s.rng.shuffle(deck)
    for p in rules.players:
        for _ in range(prm.ships_dealt):
            fx.to_line(s, ships.pop(), p)
        s.hands[p - 1] = sorted((deck.pop() for _ in range(prm.actions_dealt)), key=rules.card_order.__getitem__)
    s.ship_deck, s.deck = ships, deck
    start_turn(s, s.dealer)


# -- turns and rounds ----------------------------------------------------------------------------------------
def start_turn(s: GameState, p: int) -> None:
    """Player p's turn: their Refuse Battle of last turn leaves play, their Fires burn, they draw up to their hand
    capacity (an empty Action deck ends the round) unless a Red card was passed to them; then they decide."""
    s.turn = s.to_move = p
    s.played, s.pending, s.dismasted_now = (), None, ()
    for k in range(len(s.refusals) - 1, -1, -1):
        if s.refusals[k][1] == p:
            s.discard.append(s.refusals.pop(k)[0])
    fx.fire_damage(s, p)
    if s.passing is not None:
        s.step = RED_STEP
        return
    hand, order = s.hands[p - 1], s.rules.card_order.__getitem__
    cap = s.capacity(p)
    while len(hand) < cap:
        if not s.deck:
            end_round(s)
            return
        insort(hand, s.deck.pop(), key=order)
    red = s.rules.red_cards
    s.step = RED_STEP if any(c in red for c in hand) else MAIN


def end_turn(s: GameState) -> None:
    """The player to the left plays next."""
    if s.step != OVER:
        start_turn(s, s.rules.next_player(s.turn))


def end_round(s: GameState) -> None:
    """The Action deck ran dry: every player scores; the first to the victory target wins (the highest score, ties
    sharing the win); else the deal passes left, the discards are shuffled into a new Action deck and the new
    dealer plays. With no VP left to win (no Prize at sea, ships with one player at most, no Ship deck) or no card
    left to shuffle, the game ends in a stalemate won by the highest score."""
    rules, prm = s.rules, s.rules.params
    for p in rules.players:
        if not s.line[p - 1]:
            fx.gain(s, p, NO_LINE, -prm.no_line_penalty)
            s.tally("no-line penalty")
        fx.gain(s, p, SUNK_VP, s.unscored_vp(p))
        s.scored[p - 1] = len(s.sunk[p - 1])
        fx.gain(s, p, PRIZE_SEA, sum(s.hull_left(i) + s.rigging_left(i) for i in s.prizes[p - 1]))
    s.tally("round ends")
    s.tally("player round ends", rules.num_players)
    best = max(s.scores)
    leaders = tuple(p for p in rules.players if s.scores[p - 1] == best)
    if best >= prm.victory_points:
        fx.end_game(s, POINTS, leaders)
        return
    if no_vp_left(s):
        fx.end_game(s, STALEMATE, leaders)
        return
    s.dealer = rules.next_player(s.dealer)
    s.round += 1
    s.deck, s.discard = s.discard, []
    s.rng.shuffle(s.deck)
    if not s.deck:
        fx.end_game(s, STALEMATE, leaders)
        return
    start_turn(s, s.dealer)


def no_vp_left(s: GameState) -> bool:
    """Whether no VP can be won any more: no Prize at sea, no more than one player with ships, no Ship deck."""
    if s.ship_deck or any(s.prizes):
        return False
    owners = sum(1 for p in range(s.rules.num_players) if s.line[p] or s.port[p])
    return owners <= 1


# -- applying an action ------------------------------------------------------------------------------------------
def apply(s: GameState, action: tuple) -> None:
    """Play an action (trusted to be legal: see judge.why_illegal), then take every decision left with a single
    possibility."""
    _APPLY[action[0]](s, action)
    while s.step not in ASKED:
        acts = moves.legal_actions(s)
        if len(acts) != 1:
            break
        _APPLY[acts[0][0]](s, acts[0])


def take(s: GameState, p: int, card: str) -> None:
    """A card leaves player p's hand."""
    s.hands[p - 1].remove(card)


def to_hand(s: GameState, p: int, card: str) -> None:
    """A card returns to player p's hand."""
    insort(s.hands[p - 1], card, key=s.rules.card_order.__getitem__)


def _red(s: GameState, a: tuple) -> None:
    p, card = s.turn, a[1]
    if s.passing is not None:
        owner = s.passing[1]
        s.passing = None
        if owner == p:
            s.discard.append(card)
            s.tally(f"returned:{card}")
            end_turn(s)
            return
    else:
        owner = p
        take(s, p, card)
    if fx.affects(s, p, card):
        fx.play_red(s, p, card)
    else:
        s.passing = (card, owner)
        s.tally(f"passed:{card}")
    end_turn(s)


def _play(s: GameState, a: tuple) -> None:
    p, card = s.turn, a[1]
    options = moves.completions(s, p, card)
    take(s, p, card)
    s.pending = Choosing(card, (), options)
    s.step = CHOOSE
    if () in options:
        resolve(s, card, ())


def _choose(s: GameState, a: tuple) -> None:
    c = s.pending
    chosen = (*c.chosen, a)
    k = len(chosen)
    options = tuple(o for o in c.options if o[:k] == chosen)
    if any(len(o) == k for o in options):
        resolve(s, c.card, chosen)
    else:
        s.pending = Choosing(c.card, chosen, options)


def _discard(s: GameState, a: tuple) -> None:
    take(s, s.turn, a[1])
    s.discard.append(a[1])
    s.tally(f"discarded:{a[1]}")
    end_turn(s)


def _muster(s: GameState, a: tuple) -> None:
    take(s, s.turn, a[1])
    s.discard.append(a[1])
    s.tally(f"mustered:{a[1]}")
    s.pending, s.step = Moves(a[1], "muster", (), False), MOVES


def _done(s: GameState, a: tuple) -> None:
    if s.step == BREAKERS:
        finish_break(s)
    elif s.step == MOVES and s.pending.mode == "muster":
        end_turn(s)  # discarding Refuse Battle was the turn's one action: no card may follow it
    elif s.step == MOVES:
        after_play(s)
    else:
        end_turn(s)


def after_play(s: GameState) -> None:
    """A card has done its work: the turn goes on for the cards that may join it (else it ends)."""
    if s.step == OVER:
        return
    s.pending, s.step, s.to_move = None, EXTRA, s.turn


def resolve(s: GameState, card: str, chosen: tuple) -> None:
    """A Black card played with every choice made takes effect."""
    rules = s.rules
    info = rules.cards[card]
    action = info.action
    p = s.turn
    s.played = (*s.played, action)
    s.tally(f"played:{card}")
    s.pending = None
    got = {c[0]: c[1:] for c in chosen}
    ship = rules.ship_index

    def own(slot: str) -> int:
        return ship[got[slot][0]]

    if action in (BROADSIDES, RAKE):
        target = own("target")
        was = s.dismasted(target)
        fx.hit(s, target, PARTS.index(got["part"][0]), info.damage, card, p, fx.GUNFIRE)
        if action == BROADSIDES and not was and s.dismasted(target) and s.at_sea(target):
            s.dismasted_now = (*s.dismasted_now, target)
    elif action == BOARDING:
        target = own("target")
        if s.struck[target]:  # a struck ship gives herself up
            s.discard.append(card)
            s.tally("captured:surrender")
            fx.capture(s, target, p)
            s.pending, s.step, s.to_move = Capture(target, p), CAPTURE, p
            fx.settle(s)
            return
        s.pending, s.step, s.to_move = Boarding(card, own("from"), target, None), GRAPE, p
        return
    elif action == FIRE_SHIP:
        fire_ship(s, p, got)
        s.discard.append(card)
    elif action == BUCKET_BRIGADE:
        i, origin = own("ship"), PARTS.index(got["fire"][0])
        fires = list(s.fires[i])
        k = next(k for k, (_, o) in enumerate(fires) if o == origin)
        s.discard.append(fires.pop(k)[0])
        s.fires[i] = tuple(fires)
        s.discard.append(card)
    elif action == REPAIR:
        dcard, part = got["damage"]
        fx.remove_card(s, own("ship"), PARTS.index(part), dcard)
        s.discard.append(card)
    elif action == ADDITIONAL_SHIP:
        i = s.ship_deck.pop()
        (fx.to_line if got["to"][0] == "line" else fx.to_port)(s, i, p)
        s.discard.append(card)
    elif action == BLOCKADE:
        s.blockades.append((card, p, got["against"][0]))
    elif action == BREAK_THE_LINE:
        s.pending, s.step = Breakers(card, got["against"][0], ()), BREAKERS
        return
    elif action == REFUSE_BATTLE:
        s.refusals.append((card, p))
        fx.withdraw_cards(s, p)
        fx.settle(s)
        s.pending, s.step = Moves(card, "play", (), False), MOVES
        return
    fx.settle(s)
    after_play(s)


def fire_ship(s: GameState, p: int, got: dict) -> None:
    """Fire Ship: a roll for each target (+ the bonus in Port or dismasted); a roll high enough sinks it."""
    rules = s.rules
    prm = rules.params
    if "port" in got:
        targets = list(s.port[got["port"][0] - 1])
    else:
        targets = [rules.ship_index[got["target"][0]]]
    for i in targets:
        bonus = prm.fire_ship_bonus if s.place[i] == PORT or s.dismasted(i) else 0
        if rules.roll(s.rng) + bonus >= prm.fire_ship_sinks:
            fx.sink(s, i, 0 if s.owner[i] == p else p, fx.FIRE_SHIP_CAUSE)  # (an own ship scores nothing)


def _grape(s: GameState, a: tuple) -> None:
    b = s.pending
    q = s.to_move
    for c in a[1]:
        take(s, q, c)
    if b.grape is None:
        s.pending = b._replace(grape=a[1])
        s.to_move = s.owner[b.target]
        return
    attacker, defender = s.turn, q
    rules, prm = s.rules, s.rules.params
    modifier = reveal(s, attacker, b.grape, b.ship) - reveal(s, defender, a[1], b.target)
    s.discard.append(b.card)
    roll = rules.roll(s.rng) + modifier
    if roll >= prm.boarding_success:
        s.tally("captured:boarding")
        fx.capture(s, b.target, attacker)
        s.pending, s.step, s.to_move = Capture(b.target, attacker), CAPTURE, attacker
    elif roll <= prm.boarding_capture:
        s.tally("captured:repelled boarders")
        fx.capture(s, b.ship, defender)
        s.pending, s.step, s.to_move = Capture(b.ship, defender), CAPTURE, defender
    else:
        s.tally("boarding:no effect")
        after_play(s)
    fx.settle(s)


def reveal(s: GameState, q: int, cards: tuple, ship: int) -> int:
    """Grape Shot revealed: valid Broadsides (for this ship) and Rakes count 1 each and are discarded; a bluff goes
    back to the hand."""
    info = s.rules.cards
    rating = s.rules.ships[ship].rating
    valid = 0
    for c in cards:
        a = info[c]
        if a.action == RAKE or (a.action == BROADSIDES and a.rating is not None and rating <= a.rating):
            valid += 1
            s.discard.append(c)
        else:
            to_hand(s, q, c)
    return valid


def _capture(s: GameState, a: tuple) -> None:
    c = s.pending
    if a[1] == "line":
        fx.lift(s, c.ship)
        fx.to_line(s, c.ship, c.by)
    s.tally(f"taken as:{a[1]}")
    fx.settle(s)
    after_play(s)


def _breaker(s: GameState, a: tuple) -> None:
    b = s.pending
    s.pending = b._replace(chosen=(*b.chosen, a[1]))
    p = s.turn
    left = [i for i in moves.line_breaker_candidates(s, p) if s.rules.ships[i].id not in s.pending.chosen]
    if len(s.pending.chosen) >= moves.line_breakers_allowed(s, p) or not left:
        finish_break(s)


def finish_break(s: GameState) -> None:
    """Break The Line takes effect: flags on the Line Breakers; every ship of the broken Line and behind it that
    has not struck (nor is protected by Refuse Battle) loses Rigging and Hull."""
    b = s.pending
    p = s.turn
    rules = s.rules
    s.breaks.append((b.card, p, b.target))
    for sid in b.chosen:
        s.breaker[rules.ship_index[sid]] = b.card
    damage = rules.params.line_breaker_damage
    for i in (*s.line[b.target - 1], *s.prizes[b.target - 1]):
        if not s.struck[i] and not s.immune(i):
            break_damage(s, i, b.card, p, damage)
    fx.settle(s)
    after_play(s)


def break_damage(s: GameState, i: int, card: str, by: int, damage: int) -> None:
    """A Break The Line's damage on ship i: Rigging, then Hull."""
    if damage:
        fx.hit(s, i, RIGGING, damage, card, by, fx.BREAK_CAUSE)
        fx.hit(s, i, HULL, damage, card, by, fx.BREAK_CAUSE)


def _move(s: GameState, a: tuple) -> None:
    m = s.pending
    p = s.turn
    i = s.rules.ship_index[a[1]]
    s.pending = m = m._replace(moved=(*m.moved, a[1]))
    if not fx.runs_blockade(s, p):
        s.tally("blockade:held")
        return
    if s.place[i] == PORT:
        fx.lift(s, i)
        fx.to_line(s, i, p)
        if m.mode == "muster":  # into a broken Line: its Break The Line cards strike the newcomer too
            for card, by, target in list(s.breaks):
                if target == p and s.place[i] == LINE:
                    break_damage(s, i, card, by, s.rules.params.line_breaker_damage)
    else:
        if not s.dismasted(i):
            s.pending = m._replace(escort=True)
        fx.go_to_port(s, i)
    fx.settle(s)


_APPLY = {"red": _red, "play": _play, "discard": _discard, "muster": _muster, "done": _done, "grape": _grape,
          "capture": _capture, "breaker": _breaker, "move": _move,
          **{slot: _choose for slot in ("target", "port", "against", "part", "from", "ship", "damage", "fire", "to")}}
ACTION_TYPES = tuple(_APPLY)
