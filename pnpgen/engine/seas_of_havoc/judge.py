"""Why an action is illegal, citing the rulebook's section by number and title."""

from __future__ import annotations

from ...errors import IllegalAction
from .moves import legal_actions
from .names import BUY, DISCARD, EXTEND, FIRE, FLAGS, ISLAND, LOCATIONS, OVER, PIVOT, SEA, SIGNAL, WORKSHOP
from .state import SohState

# the rulebook's sections the judge cites, number -> title (the bundled pack's rulebook has them)
SECTIONS = {
    "4": "Round Structure", "5": "Island Phase", "5.2": "Locations", "5.3": "The Market", "5.4": "Buying",
    "6": "Flags", "7": "Sea Phase", "7.1": "Movement", "7.2": "Collisions", "7.3": "Cannon Fire",
    "7.4": "Shipwrecks", "8": "Game End and Scoring",
}
PHASE_RULE = {ISLAND: "5 Island Phase", BUY: "5.4 Buying", SEA: "7 Sea Phase", OVER: "8 Game End and Scoring"}
PHASE_ACTIONS = {ISLAND: ("place", "claim", "restock"), BUY: ("buy", "decline"),
                 SEA: ("play", "pass", "pivot", "discard", "extend", "hold", "fire", "flag", "done"), OVER: ()}
STAGE_ACTIONS = {None: ("play", "pass"), PIVOT: ("pivot",), DISCARD: ("discard",), EXTEND: ("extend", "hold"),
                 FIRE: ("fire",), SIGNAL: ("flag", "done")}
STAGE_WORDS = {None: "play or pass a card", PIVOT: "choose a pivot after the collision",
               DISCARD: "discard a card for the collision", EXTEND: "sail the extended manoeuvre or not",
               FIRE: "choose the side a shot leaves from", SIGNAL: "use a flag or stop"}
STAGE_RULE = {PIVOT: "7.2 Collisions", DISCARD: "7.2 Collisions", EXTEND: "7.1 Movement", FIRE: "7.3 Cannon Fire",
              SIGNAL: "6 Flags", None: "7 Sea Phase"}


def turn_rule(s: SohState) -> str:
    """The section saying whose turn it is now."""
    if s.phase == SEA:
        return STAGE_RULE[s.turn.stage if s.turn else None]
    return PHASE_RULE[s.phase]


def why_illegal(s: SohState, a: tuple) -> IllegalAction | None:
    """None if the action is legal for the player to move, else the reason and the section it breaks."""
    if s.phase == OVER:
        return IllegalAction("the game is over", "8 Game End and Scoring")
    if a in legal_actions(s):
        return None
    return explain(s, a) or IllegalAction("this action is not among the legal actions here", turn_rule(s))


def explain(s: SohState, a: tuple) -> IllegalAction | None:
    """The first rule an action breaks, in the quick reference's order."""
    kind, p = a[0], s.to_move
    if kind not in PHASE_ACTIONS[s.phase]:
        return IllegalAction(f"a {kind} action is not allowed in the {s.phase} phase", PHASE_RULE[s.phase])
    if s.phase == ISLAND:
        return _island(s, a)
    if s.phase == BUY:
        q, i = s.buy_order()[0]
        if a[1] != s.market[i]:
            return IllegalAction(f"player {p} pays for their claim on {s.market[i]} now, not {a[1]}",
                                 "5.4 Buying")
        if kind == "buy":
            how = "with their resources and booty" if a[2] else "with their resources"
            return IllegalAction(f"player {p} cannot pay for {a[1]} {how}", "5.4 Buying")
        return None
    stage = s.turn.stage if s.turn else None
    if kind not in STAGE_ACTIONS[stage]:
        return IllegalAction(f"player {p} must {STAGE_WORDS[stage]} now, not {kind}", STAGE_RULE[stage])
    hand = s.hands[p - 1]
    if kind in ("play", "pass", "discard") and a[1] not in hand:
        return IllegalAction(f"{a[1]} is not in player {p}'s hand", STAGE_RULE[stage])
    if kind == "extend":
        return IllegalAction(f"player {p} cannot pay for the extended manoeuvre"
                             + (" even with their booty" if a[1] else ""), "7.1 Movement")
    if kind == "flag":
        if a[1] not in FLAGS or not s.flags[p - 1][FLAGS.index(a[1])]:
            return IllegalAction(f"player {p} holds no {a[1]} flag", "6 Flags")
        if a[1] == "shipwright":
            pile, card = a[2] or (None, None)
            return IllegalAction(f"{card} is not in player {p}'s {pile}", "6 Flags")
    return None


def _island(s: SohState, a: tuple) -> IllegalAction | None:
    kind, p = a[0], s.to_move
    if s.restocked and kind != "claim":
        return IllegalAction(f"player {p} restocked the Market and must now claim one of the new cards",
                             "5.3 The Market")
    if kind == "claim":
        free = {s.market[i] for i in (s.restocked or s.unclaimed()) if i in s.unclaimed()}
        if a[1] not in free:
            where = "among the cards the restock dealt" if s.restocked else "an unclaimed card of the Market"
            return IllegalAction(f"{a[1]} is not {where}", "5.3 The Market")
        return None
    if kind == "restock":
        if len(s.claims) >= s.g.params.market_size:
            return IllegalAction("every Market card is claimed: a restock would deal no new card",
                                 "5.3 The Market")
        return IllegalAction("no card is left to restock the Market with", "5.3 The Market")
    loc = a[1]
    if loc not in LOCATIONS:
        return IllegalAction(f"there is no island location '{loc}'", "5.2 Locations")
    if s.slots_free(loc) <= 0:
        return IllegalAction(f"every slot of {loc} holds a skiff already (one skiff a slot)", "5 Island Phase")
    if loc == WORKSHOP:
        up = s.g.upgrades.get(a[2])
        if up is None:
            return IllegalAction(f"there is no upgrade '{a[2]}'", "5.2 Locations")
        if a[2] in s.upgrades[p - 1]:
            return IllegalAction(f"player {p}'s {a[2]} is switched on already", "5.2 Locations")
        return IllegalAction(f"player {p} cannot pay for {a[2]}" + (" even with their booty" if a[3] else ""),
                             "5.2 Locations")
    return IllegalAction(f"that is not a choice {loc} offers player {p} now", "5.2 Locations")
