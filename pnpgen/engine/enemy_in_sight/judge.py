"""Why an action is illegal, citing the rulebook section it breaks (by its number and title)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import IllegalAction
from .moves import (
    breaker_actions,
    completions,
    grape_cards,
    legal_actions,
    line_breaker_candidates,
    line_breakers_allowed,
    may_attack,
    may_join,
    move_actions,
    next_choices,
)
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
    LINE,
    MAIN,
    MOVES,
    OVER,
    PLACE_NAMES,
    PORT,
    PRIZE,
    RAKE,
    RED_STEP,
    REFUSE_BATTLE,
    REPAIR,
)
from .sections import SECTIONS, card_section, cite

if TYPE_CHECKING:
    from .protocol import GameState

TURN = cite("4")
RED_RULE = cite("4.4")
PLAY_RULE = cite("4.5")
BLACK_RULE = cite("7")
STRIKE_RULE = cite("6.4")
CARD_RULES = {BROADSIDES: "Broadsides", RAKE: "Rake", BOARDING: "Boarding Party", FIRE_SHIP: "Fire Ship",
              BUCKET_BRIGADE: "Bucket Brigade", REPAIR: "Repair", ADDITIONAL_SHIP: "Additional Ship",
              BLOCKADE: "Blockade", BREAK_THE_LINE: "Break The Line", REFUSE_BATTLE: "Refuse Battle"}
RULES_SECTIONS = {cite(n): title for n, title in SECTIONS.items()}  # every rule the judge cites, with its title
STEP_RULE = {RED_STEP: RED_RULE, MAIN: PLAY_RULE, EXTRA: BLACK_RULE, GRAPE: card_section("Boarding Party"),
             CAPTURE: card_section("Boarding Party"), BREAKERS: card_section("Break The Line"),
             MOVES: card_section("Refuse Battle"), OVER: TURN}
STEP_ACTIONS = {RED_STEP: ("red",), MAIN: ("play", "discard", "muster"), EXTRA: ("play", "done"), GRAPE: ("grape",),
                CAPTURE: ("capture",), BREAKERS: ("breaker", "done"), MOVES: ("move", "done"), OVER: ()}
CHOICE_TYPES = ("target", "port", "against", "part", "from", "ship", "damage", "fire", "to")
WHAT_NEXT = {"target": "the target ship", "port": "a Port", "against": "the player", "part": "the Hull or the "
             "Rigging", "from": "your ship", "ship": "your ship", "damage": "the damage card", "fire": "the Fire",
             "to": "the Line or the Port"}


def card_rule(s: GameState, card: str) -> str:
    """The rulebook section of a card."""
    info = s.rules.cards[card]
    return card_section(info.name if info.red else CARD_RULES.get(info.action, info.name), info.red)


def turn_rule(s: GameState) -> str:
    """The rule that says who decides now."""
    if s.step == CHOOSE:
        return card_rule(s, s.pending.card)
    return STEP_RULE[s.step] if s.step != MAIN else TURN


def why_illegal(s: GameState, a: tuple) -> IllegalAction | None:
    """The reason an action is illegal, or None if it is legal (decided by the legal-action list)."""
    bad = explain(s, a)
    if bad is not None:
        return bad
    if a not in legal_actions(s):  # a guard: explain() is meant to catch everything
        return IllegalAction("this action is not among the legal actions here", turn_rule(s))
    return None


def explain(s: GameState, a: tuple) -> IllegalAction | None:
    """The first rule the action breaks; None if none is found."""
    kind = a[0]
    if s.step == OVER:
        return IllegalAction("the game is over", TURN)
    if s.step == CHOOSE:
        return _choice(s, a)
    if kind not in STEP_ACTIONS[s.step]:
        return IllegalAction(_expected(s), STEP_RULE[s.step])
    return _CHECKS[kind](s, a)


def _expected(s: GameState) -> str:
    p = s.to_move
    if s.step == RED_STEP:
        if s.passing is not None:
            return f"player {p} was passed the Red card {s.passing[0]}: taking it up is their whole turn"
        red = sorted({c for c in s.hands[p - 1] if c in s.rules.red_cards})
        return f"player {p} holds a Red card ({', '.join(red)}) and must play it as the turn's only action"
    if s.step == MAIN:
        return f"player {p} is to play or discard an Action card"
    if s.step == EXTRA:
        return "only a Rake or a Boarding Party may join the cards played this turn (or 'done' ends the turn)"
    if s.step == GRAPE:
        return f"player {p} is to choose Grape Shot in secret"
    if s.step == CAPTURE:
        name = s.rules.ships[s.pending.ship].name
        return f"player {p} is to make {name} a ship of their Line or a Prize"
    if s.step == BREAKERS:
        return f"player {p} is to choose Line Breakers (or 'done')"
    return f"player {p} is to move ships between Port and sea (or 'done')"


def _ship(s: GameState, sid: str) -> int | None:
    return s.rules.ship_index.get(sid)


def _where(s: GameState, i: int) -> str:
    """Where ship i is, in words."""
    place, owner = s.place[i], s.owner[i]
    if place == LINE:
        return f"in player {owner}'s Line"
    if place == PRIZE:
        return f"a Prize behind player {owner}'s Line"
    if place == PORT:
        return f"in player {owner}'s Port"
    return {"deck": "in the Ship deck", "sunk": "sunk", "wreck": "lost", "taken": "taken into Port"}[
        PLACE_NAMES[place]]


def _in_hand(s: GameState, card: str, p: int | None = None) -> IllegalAction | None:
    p = p or s.to_move
    if card not in s.hands[p - 1]:
        return IllegalAction(f"{card} is not in player {p}'s hand", PLAY_RULE)
    return None


# -- the turn's card --------------------------------------------------------------------------------------
def _red(s: GameState, a: tuple) -> IllegalAction | None:
    card = a[1]
    if s.passing is not None:
        if card != s.passing[0]:
            return IllegalAction(f"the Red card passed on to player {s.turn} is {s.passing[0]}, not {card}", RED_RULE)
        return None
    bad = _in_hand(s, card)
    if bad:
        return IllegalAction(bad.reason, RED_RULE)
    if card not in s.rules.red_cards:
        return IllegalAction(f"{card} is a Black card; a Red card must be played first", RED_RULE)
    return None


def _play(s: GameState, a: tuple) -> IllegalAction | None:
    card = a[1]
    bad = _in_hand(s, card)
    if bad:
        return bad
    info = s.rules.cards[card]
    if info.red:
        return IllegalAction(f"{card} is a Red card: it is played at the start of the turn", RED_RULE)
    if not may_join(s, info.action):
        if info.action == RAKE and RAKE in s.played:
            return IllegalAction(f"at most {s.rules.params.rakes_per_turn} Rake a turn", card_section("Rake"))
        return IllegalAction(f"{card} cannot join the cards played this turn: one Black card a turn, except that a "
                             "Rake and Boarding Parties may join a Broadsides", BLACK_RULE)
    if not completions(s, s.turn, card):
        return IllegalAction(unplayable(s, s.turn, card), card_rule(s, card))
    return None


def unplayable(s: GameState, p: int, card: str) -> str:
    """Why player p cannot play a card now."""
    info = s.rules.cards[card]
    action = info.action
    fighters = s.fighters(p)
    if action in (BROADSIDES, RAKE, BOARDING) and not fighters:
        return f"player {p} has no mobile ship of the Line that has not struck"
    if action == BROADSIDES and not any(s.rules.ships[f].rating <= info.rating for f in fighters):
        return f"no ship of player {p}'s Line that can fire is rated {info.rating} or better"
    if action in (BROADSIDES, RAKE):
        return ("no enemy ship at sea is in reach of gunfire (struck ships, Prizes behind an unbroken Line and "
                "mobile ships under Refuse Battle are not)")
    if action == BOARDING and BROADSIDES in s.played:
        if not s.dismasted_now:
            return ("after a Broadsides, a Boarding Party goes only against the ship that Broadsides dismasted, and "
                    "this turn's Broadsides dismasted none")
        names = ", ".join(s.rules.ships[i].name for i in s.dismasted_now)
        return (f"after a Broadsides, a Boarding Party goes only against the ship that Broadsides dismasted "
                f"({names}), and she is no longer an enemy ship at sea that player {p}'s Line can board")
    if action == BOARDING:
        return "no enemy ship at sea within reach is dismasted or has struck"
    if action == FIRE_SHIP:
        return "no enemy ship is at sea (out of Refuse Battle's protection) or in Port"
    if action == BUCKET_BRIGADE:
        return f"no Fire burns on player {p}'s ships"
    if action == REPAIR:
        return f"no Broadsides or Rake card lies on player {p}'s ships"
    if action == ADDITIONAL_SHIP:
        return "the Ship deck is empty"
    if action == BLOCKADE:
        if any(by == p for _, by, _ in s.blockades):
            return f"player {p} blockades a Port already (at most {s.rules.params.blockades_per_player})"
        return f"player {p} has no mobile ship of the Line to blockade with"
    if action == BREAK_THE_LINE:
        if not line_breaker_candidates(s, p):
            return f"player {p} has no mobile ship of the Line that could become a Line Breaker"
        return "no other player has ships in their Line"
    if action == REFUSE_BATTLE:
        return f"player {p}'s Line is broken: Refuse Battle can only be discarded (to bring ships from Port)"
    return f"{card} cannot be played now"


def _discard(s: GameState, a: tuple) -> IllegalAction | None:
    return _in_hand(s, a[1])


def _muster(s: GameState, a: tuple) -> IllegalAction | None:
    bad = _in_hand(s, a[1])
    if bad:
        return bad
    rule = card_section("Refuse Battle")
    if s.rules.cards[a[1]].action != REFUSE_BATTLE:
        return IllegalAction(f"only Refuse Battle is discarded to bring ships from Port, not {a[1]}", rule)
    if not s.port[s.turn - 1]:
        return IllegalAction(f"player {s.turn} has no ship in Port", rule)
    return None


def _done(s: GameState, a: tuple) -> IllegalAction | None:
    if s.step == BREAKERS and not s.pending.chosen:
        return IllegalAction("choose at least one Line Breaker first", card_section("Break The Line"))
    return None


# -- the choices of a card being played ----------------------------------------------------------------------
def _choice(s: GameState, a: tuple) -> IllegalAction | None:
    c = s.pending
    rule = card_rule(s, c.card)
    nexts = next_choices(c.chosen, c.options)
    kinds = list(dict.fromkeys(x[0] for x in nexts))
    if a[0] not in kinds:
        what = " or ".join(WHAT_NEXT.get(k, k) for k in kinds)
        return IllegalAction(f"{c.card} is being played: choose {what} next", rule)
    if a in nexts:
        return None
    p = s.turn
    if a[0] in ("target", "from", "ship"):
        i = _ship(s, a[1])
        if i is None:
            return IllegalAction(f"there is no ship '{a[1]}'", rule)
        if a[0] == "target":
            return _why_not_target(s, c.card, i, rule)
        if a[0] == "from":
            return _why_not_firer(s, c.card, i, rule)
        if s.owner[i] != p or s.place[i] not in (LINE, PRIZE):
            return IllegalAction(f"{s.rules.ships[i].name} is {_where(s, i)}, not one of player {p}'s ships at sea",
                                 rule)
    if a[0] == "part":
        return IllegalAction("her Rigging is all damaged already: she is dismasted", rule)
    return IllegalAction(f"{' '.join(map(str, a[1:]))} is not a possible choice for {c.card} here", rule)


def _why_not_target(s: GameState, card: str, t: int, rule: str) -> IllegalAction:
    name = s.rules.ships[t].name
    p = s.turn
    action = s.rules.cards[card].action
    if s.place[t] not in (LINE, PRIZE):
        return IllegalAction(f"{name} is {_where(s, t)}, not at sea", rule)
    if s.owner[t] == p and not (action == FIRE_SHIP and s.rules.params.fire_ship_targets == "any"):
        return IllegalAction(f"{name} is player {p}'s own ship", rule)
    if action in (BROADSIDES, RAKE) and s.struck[t]:
        return IllegalAction(f"{name} has struck: struck ships cannot be attacked by gunfire", STRIKE_RULE)
    if s.immune(t):
        return IllegalAction(f"{name} is protected by player {s.owner[t]}'s Refuse Battle",
                             card_section("Refuse Battle"))
    if action == BOARDING and BROADSIDES in s.played and t not in s.dismasted_now:
        return IllegalAction(f"after a Broadsides, a Boarding Party goes only against the ship that Broadsides "
                             f"dismasted; this turn's Broadsides did not dismast {name}", rule)
    if action == BOARDING and not (s.struck[t] or s.dismasted(t)):
        return IllegalAction(f"{name} is neither dismasted nor struck", rule)
    if s.place[t] == PRIZE and not any(may_attack(s, f, t) for f in s.fighters(p)):
        return IllegalAction(f"{name} is a Prize behind player {s.owner[t]}'s Line: only ships of the nation of a "
                             "Break The Line against that Line (and its Line Breakers) may attack her", rule)
    if s.fighters(p) and not any(may_attack(s, f, t) for f in s.fighters(p)):
        return IllegalAction(f"player {p}'s Line Breakers attack only the player whose Line they broke",
                             card_section("Break The Line"))
    return IllegalAction(f"no ship of player {p} can reach {name} with {card}", rule)


def _why_not_firer(s: GameState, card: str, f: int, rule: str) -> IllegalAction:
    ship = s.rules.ships[f]
    p = s.turn
    info = s.rules.cards[card]
    if s.owner[f] != p or s.place[f] != LINE:
        return IllegalAction(f"{ship.name} is {_where(s, f)}, not in player {p}'s Line", rule)
    if s.struck[f]:
        return IllegalAction(f"{ship.name} has struck: struck ships cannot attack", STRIKE_RULE)
    if s.dismasted(f):
        return IllegalAction(f"{ship.name} is dismasted: only mobile ships attack", rule)
    if info.action == BROADSIDES and ship.rating > info.rating:
        return IllegalAction(f"{ship.name} is rated {ship.rating}; {card} is fired by ships rated {info.rating} or "
                             "better", rule)
    if s.breaker[f] is not None:
        return IllegalAction(f"{ship.name} is a Line Breaker: she attacks only player "
                             f"{s.break_target(s.breaker[f])}", card_section("Break The Line"))
    return IllegalAction(f"{ship.name} cannot reach the target", rule)


# -- the steps after a card ---------------------------------------------------------------------------------------
def _grape(s: GameState, a: tuple) -> IllegalAction | None:
    rule = card_section("Boarding Party")
    q = s.to_move
    b = s.pending
    cards = a[1]
    for c in set(cards):
        if cards.count(c) > s.hands[q - 1].count(c):
            return IllegalAction(f"{c} is not in player {q}'s hand", rule)
    ship = b.ship if b.grape is None else b.target
    valid, rakes, bluffs = grape_cards(s, q, ship)
    real = [c for c in cards if c in valid or c in rakes]
    if any(c in bluffs for c in cards) and len(cards) > 1:
        return IllegalAction("a bluff is one card on its own", rule)
    if len([c for c in real if c in valid]) > 1 or len([c for c in real if c in rakes]) > 1:
        return IllegalAction("Grape Shot is one Broadsides and/or one Rake", rule)
    return None


def _capture(s: GameState, a: tuple) -> IllegalAction | None:
    return None


def _breaker(s: GameState, a: tuple) -> IllegalAction | None:
    rule = card_section("Break The Line")
    p = s.turn
    i = _ship(s, a[1])
    if i is None:
        return IllegalAction(f"there is no ship '{a[1]}'", rule)
    if a not in breaker_actions(s):
        name = s.rules.ships[i].name
        if len(s.pending.chosen) >= line_breakers_allowed(s, p):
            return IllegalAction(f"player {p} may choose {line_breakers_allowed(s, p)} Line Breaker(s) at most "
                                 f"(up to {s.rules.params.line_breakers_max}, half the Line, 1 for a single ship)",
                                 rule)
        if s.breaker[i] is not None:
            return IllegalAction(f"{name} breaks another Line already: Line Breakers can't break other Lines", rule)
        if a[1] in s.pending.chosen:
            return IllegalAction(f"{name} is a Line Breaker already", rule)
        return IllegalAction(f"{name} is not a mobile ship of player {p}'s Line that has not struck", rule)
    return None


def _move(s: GameState, a: tuple) -> IllegalAction | None:
    rule = card_section("Refuse Battle")
    p = s.turn
    m = s.pending
    i = _ship(s, a[1])
    if i is None:
        return IllegalAction(f"there is no ship '{a[1]}'", rule)
    if a in move_actions(s):
        return None
    name = s.rules.ships[i].name
    if s.owner[i] != p or s.place[i] not in (LINE, PRIZE, PORT):
        return IllegalAction(f"{name} is {_where(s, i)}, not one of player {p}'s ships", rule)
    if a[1] in m.moved:
        return IllegalAction(f"{name} has moved (or tried to) already: not the same ship both ways", rule)
    if m.mode == "muster" and s.place[i] != PORT:
        return IllegalAction(f"a discarded Refuse Battle only brings ships from Port; {name} is {_where(s, i)}",
                             rule)
    return IllegalAction(f"{name} is dismasted: she withdraws to Port only with a mobile ship returning", rule)


_CHECKS = {"red": _red, "play": _play, "discard": _discard, "muster": _muster, "done": _done, "grape": _grape,
           "capture": _capture, "breaker": _breaker, "move": _move}
