"""Why an action is illegal, citing the rulebook section it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import IllegalAction
from ...maths.hexgrid import DIRECTION_NAMES, distance, turn
from .moves import casualty_actions, legal_actions, placement_hexes
from .phases import ACTION, DRAW, OVER, PHASE_ACTIONS, PLAN, SETUP

if TYPE_CHECKING:
    from .protocol import GameState

PHASE_RULE = {SETUP: "3.0 setup", PLAN: "6.1 plan phase", DRAW: "6.2 draw phase", ACTION: "6.3 action phase",
              OVER: "1.2 how to win"}


def check(s: GameState, a: tuple) -> None:
    """Raise IllegalAction (reason and rule) unless the action is legal in this state."""
    bad = why_illegal(s, a)
    if bad is not None:
        raise bad


def why_illegal(s: GameState, a: tuple) -> IllegalAction | None:
    """The reason an action is illegal, or None if it is legal (decided by the legal-action list)."""
    bad = explain(s, a)
    if bad is not None:
        return bad
    if a[0] != "plan" and a not in legal_actions(s):  # a guard: explain() is meant to catch everything
        return IllegalAction("this action is not among the legal actions here", PHASE_RULE[s.phase])
    return None


def explain(s: GameState, a: tuple) -> IllegalAction | None:
    """The first rule the action breaks, checked in the rulebook's order; None if none is broken."""
    kind = a[0]
    if s.phase == OVER:
        return IllegalAction("the game is over", "1.2 how to win")
    p = s.to_move
    if s.pending and kind != "casualties":
        sid = s.g.ship_ids[s.pending[0]]
        return IllegalAction(f"player {p} must first choose which cubes of ship {sid} go to the Sick Bay",
                             "7.2 cannon: casualties")
    if kind not in PHASE_ACTIONS[s.phase]:
        return IllegalAction(f"a {kind} action is not allowed in the {s.phase} phase (player {p} to "
                             f"{_expected(s)})", PHASE_RULE[s.phase])
    if kind == "casualties" and not s.pending:
        return IllegalAction("no hit is waiting for casualties", "7.2 cannon: casualties")
    return _CHECKS[kind](s, a)


def _expected(s: GameState) -> str:
    if s.phase == SETUP:
        return "place a ship" if s.placing() else "set the wind"
    return {PLAN: "plan", DRAW: "draw", ACTION: "act"}[s.phase]


# -- shared requirements ---------------------------------------------------------------------
def _ship(s: GameState, sid: str, rule: str, role: str = "ship") -> tuple[int | None, IllegalAction | None]:
    g = s.g
    i = g.ship_index.get(sid)
    if i is None:
        return None, IllegalAction(f"there is no ship '{sid}' in this game", rule)
    owner = g.ship_owner[i]
    if role == "ship" and owner != s.to_move:
        return None, IllegalAction(f"ship {sid} belongs to player {owner}, not to player {s.to_move}", rule)
    if s.hex[i] is None:
        return None, IllegalAction(f"ship {sid} {'has sunk' if s.sunk(i) else 'is not on the board'}", rule)
    return i, None


def _in_hand(s: GameState, cid: str) -> IllegalAction | None:
    if cid not in s.hands[s.to_move - 1]:
        return IllegalAction(f"{cid} is not in player {s.to_move}'s hand", "6.3 action phase")
    return None


def _card_play(s: GameState, cid: str, sid: str, kind: str, rule: str):
    """Card in hand, of the right kind, for an own ship on a hex of its suit with a cube planned."""
    g = s.g
    bad = _in_hand(s, cid)
    if bad:
        return None, None, bad
    c = g.cards[cid]
    if c.kind != kind:
        return None, None, IllegalAction(f"{cid} is a {c.kind or 'blank'} card, not a {kind} card", rule)
    i, bad = _ship(s, sid, rule)
    if bad:
        return None, None, bad
    here = g.suit_at[s.hex[i]]
    if here != c.suit:
        return None, None, IllegalAction(f"{cid} is {c.suit or 'suitless'} but ship {sid} is on a "
                                         f"{here or 'suitless'} hex", "5.1 suit matching")
    if c.area is None or not s.plan[i][c.area]:
        area = g.areas[c.area] if c.area is not None else "a Plan area"
        label = g.area_labels.get(area, area)
        return None, None, IllegalAction(f"ship {sid} has no cube in {label}", f"{rule} requirements")
    return c, i, None


# -- setup ----------------------------------------------------------------------------------------
def _place(s: GameState, a: tuple) -> IllegalAction | None:
    g, prm = s.g, s.g.params
    rule = "3.0 setup: ship placement"
    if not s.placing():
        return IllegalAction("every ship is placed; the wind is to be set now", "3.0 setup")
    _, sid, to = a
    i = g.ship_index.get(sid)
    if i is None or g.ship_owner[i] != s.to_move:
        owner = g.ship_owner[i] if i is not None else None
        return IllegalAction(f"ship {sid} belongs to player {owner}, not to player {s.to_move}", rule)
    if s.hex[i] is not None:
        return IllegalAction(f"ship {sid} is already on the board", rule)
    if to not in g.suit_at:
        return IllegalAction(f"{_h(to)} is not on the board", rule)
    who = _ship_at(s, to)
    if who:
        return IllegalAction(f"{_h(to)} is taken by ship {who}", rule)
    if g.prescribed:
        start = g.starts.get(i)
        if start == to:
            return None
        where = f"on {_h(start)}" if start else "on no hex of this board"
        return IllegalAction(f"ship {sid} starts {where}: starting hexes are prescribed", "8.4 setup: placement")
    cells, mode = placement_hexes(s, s.to_move)
    if to in cells:
        return None
    if mode == "edge":
        return IllegalAction(f"the first ship goes on an edge hex or at most {prm.first_ship_edge_distance} "
                             f"from one; {_h(to)} is {g.edge_distance[to]} from the edge",
                             "3.0 setup: first ship at the edge")
    enemies = [(distance(to, h), g.ship_ids[j]) for j, h in enumerate(s.hex)
               if h is not None and g.team[g.ship_owner[j]] != g.team[s.to_move]]
    rule = "3.0 setup: distance to enemy ships"
    near = min(enemies)
    if near[0] < prm.placement_min_enemy_distance:
        return IllegalAction(f"{_h(to)} is {near[0]} hexes from enemy ship {near[1]}; a ship is placed no closer "
                             f"than {prm.placement_min_enemy_distance}", rule)
    return IllegalAction(f"{_h(to)} is not exactly {prm.placement_exact_enemy_distance} hexes from any enemy ship",
                         rule)


def _set_wind(s: GameState, a: tuple) -> IllegalAction | None:
    if s.placing():
        return IllegalAction("ships are still to be placed before the wind is set", "3.0 setup")
    if a[1] not in DIRECTION_NAMES:
        return IllegalAction(f"'{a[1]}' is not a direction", "3.0 setup")
    return None


# -- plan and draw ----------------------------------------------------------------------------------
def _plan(s: GameState, a: tuple) -> IllegalAction | None:
    g = s.g
    rule = "6.1 plan phase"
    given = set()
    for sid, counts in a[1]:
        i, bad = _ship(s, sid, rule)
        if bad:
            return bad
        if sid in given:
            return IllegalAction(f"ship {sid} is planned twice", rule)
        given.add(sid)
        if len(counts) != len(g.areas) or any(n < 0 for n in counts):
            return IllegalAction(f"ship {sid}: a plan gives a count for each of {', '.join(g.areas)}", rule)
        have = s.on_card(i)
        if sum(counts) != have:
            return IllegalAction(f"ship {sid}: the plan places {sum(counts)} cubes, but {have} are not in the "
                                 "Sick Bay and every one is assigned", rule)
    for i in s.live_ships(s.to_move):
        if g.ship_ids[i] not in given:
            return IllegalAction(f"the plan leaves out ship {g.ship_ids[i]}", rule)
    return None


def _draw(s: GameState, a: tuple) -> IllegalAction | None:
    if not s.deck and not s.discard:
        return IllegalAction(f"{_deck(s)} and its discard pile are empty", "6.2 draw phase")
    return None


def _deck(s: GameState, what: str = "deck") -> str:
    """'the deck', or in a game of several decks 'Deck B' (the player to move's)."""
    g = s.g
    if len(g.deck_names) == 1:
        return f"the {what}"
    name = g.deck_names[g.deck_of[s.to_move]]
    return f"Deck {name}" if what == "deck" else f"Deck {name}'s {what}"


def _market(s: GameState, a: tuple) -> IllegalAction | None:
    g = s.g
    rule = "6.2 draw phase: market"
    _, cid, sid = a
    if cid not in s.market:
        return IllegalAction(f"{cid} is not in {_deck(s, 'Market')}", rule)
    i, bad = _ship(s, sid, rule)
    if bad:
        return bad
    if not s.plan[i][g.market_area]:
        area = g.areas[g.market_area]
        return IllegalAction(f"ship {sid} has no cube in {g.area_labels.get(area, area)}", rule)
    return None


# -- action phase ------------------------------------------------------------------------------------
def _sail(s: GameState, a: tuple) -> IllegalAction | None:
    g = s.g
    _, cid, sid, to = a
    c, i, bad = _card_play(s, cid, sid, "sail", "7.1 sail")
    if bad:
        return bad
    here = s.hex[i]
    wind = s.wind
    if to not in g.suit_at:
        return IllegalAction(f"{_h(to)} is not on the board", "7.1 sail: the board's edge")
    if to not in g.reachable_anywhere(c, wind, here):
        heads = sorted({turn(DIRECTION_NAMES[wind], h) for h in c.headings}, key=DIRECTION_NAMES.index)
        steps = " or ".join(map(str, c.steps))
        toward = heads[0] if len(heads) == 1 else ", ".join(heads[:-1]) + " or " + heads[-1]
        return IllegalAction(f"{cid} cannot take ship {sid} from {_h(here)} to {_h(to)}: with the wind toward "
                             f"{DIRECTION_NAMES[wind]} it moves {steps} step(s), each toward {toward}",
                             "7.1 sail: headings")
    ways = dict(g.sail_paths(c, wind, here))
    if to not in ways:
        return IllegalAction(f"every way from {_h(here)} to {_h(to)} leaves the board", "7.1 sail: the board's edge")
    paths = ways[to] or ((),)
    who = _ship_at(s, to)
    if who:
        return IllegalAction(f"{_h(to)} is taken by ship {who}; a ship ends its move on an empty hex",
                             "7.1 occupancy & passing")
    occ = s.occupied() - {here}
    if not any(all(m not in occ for m in path) for path in paths):
        blockers = sorted({_ship_at(s, m) for path in paths for m in path if m in occ})
        return IllegalAction(f"the way to {_h(to)} is blocked by ship {', '.join(blockers)}; only a "
                             "two-step Reach may pass an occupied hex", "7.1 occupancy & passing")
    return None


def _fire(s: GameState, a: tuple) -> IllegalAction | None:
    g = s.g
    _, cid, sid, tid = a
    c, i, bad = _card_play(s, cid, sid, "fire", "7.2 cannon")
    if bad:
        return bad
    j, bad = _ship(s, tid, "7.2 cannon: targets", role="target")
    if bad:
        return bad
    if g.team[g.ship_owner[j]] == g.team[s.to_move]:
        return IllegalAction(f"ship {tid} is not an enemy ship", "7.2 cannon: targets")
    d = distance(s.hex[i], s.hex[j])
    if d != c.range:
        return IllegalAction(f"ship {tid} is {d} hex{'es' if d != 1 else ''} from ship {sid}; {cid} fires at "
                             f"exactly {c.range}", "7.2 exact range")
    return None


def _duty(s: GameState, a: tuple) -> IllegalAction | None:
    _, cid, sid = a
    c, i, bad = _card_play(s, cid, sid, "duty", "7.3 return to duty")
    if bad:
        return bad
    if not s.sick[i]:
        return IllegalAction(f"no cube of ship {sid} is in the Sick Bay", "7.3 return to duty")
    return None


def _wind(s: GameState, a: tuple) -> IllegalAction | None:
    _, cid, direction = a
    bad = _in_hand(s, cid)
    if bad:
        return bad
    c = s.g.cards[cid]
    if c.kind != "wind":
        return IllegalAction(f"{cid} is a {c.kind} card, not a Wind card", "7.4 wind card")
    if direction not in DIRECTION_NAMES:
        return IllegalAction(f"'{direction}' is not a direction", "7.4 wind card")
    if DIRECTION_NAMES.index(direction) == s.wind:
        return IllegalAction(f"the wind already blows toward {direction}; the Wind card must change it",
                             "7.4 wind card")
    return None


def _discard(s: GameState, a: tuple) -> IllegalAction | None:
    return _in_hand(s, a[1])


def _pass(s: GameState, a: tuple) -> IllegalAction | None:
    return None


def _casualties(s: GameState, a: tuple) -> IllegalAction | None:
    g = s.g
    rule = "7.2 cannon: casualties"
    _, sid, counts = a
    i, damage, _ = s.pending
    if g.ship_index.get(sid) != i:
        return IllegalAction(f"the hit was on ship {g.ship_ids[i]}, not on ship {sid}", rule)
    if sum(counts) != damage:
        return IllegalAction(f"{sum(counts)} cube(s) chosen, but the hit does {damage} damage", rule)
    for name, n, have in zip((*g.areas, "spent"), counts, (*s.plan[i], s.spent[i])):
        if n > have:
            label = g.area_labels.get(name, name)
            return IllegalAction(f"ship {sid} has {have} cube(s) in {label}, fewer than {n}", rule)
    if a not in casualty_actions(s):
        return IllegalAction("not a possible choice of casualties", rule)
    return None


def _ship_at(s: GameState, cell) -> str | None:
    for j, h in enumerate(s.hex):
        if h == cell:
            return s.g.ship_ids[j]
    return None


def _h(c) -> str:
    return f"[{c[0]}, {c[1]}]"


_CHECKS = {"place": _place, "set_wind": _set_wind, "plan": _plan, "draw": _draw, "market": _market,
           "sail": _sail, "fire": _fire, "duty": _duty, "wind": _wind, "discard": _discard, "pass": _pass,
           "casualties": _casualties}
