"""Why an action is illegal, citing the quick reference's section by its heading."""

from __future__ import annotations

from ...errors import IllegalAction
from .moves import legal_actions
from .names import BUY, DISCARD, EXTEND, FIRE, FLAGS, ISLAND, LOCATIONS, OVER, PIVOT, SEA, SIGNAL, WORKSHOP
from .state import SohState

# the quick reference's headings (and its location table), as rules_sections
SECTIONS = {
    "Round structure": "Round structure",
    "Island Phase": "Island Phase",
    "Island Phase: locations": "Island Phase (the Location / Effect table)",
    "Island Phase: Market": "Island Phase (Market)",
    "Island Phase: buying": "Island Phase (2. Buy claimed cards)",
    "Flags": "Flags",
    "Sea Phase": "Sea Phase",
    "Sea Phase: movement": "Sea Phase (Movement)",
    "Collisions": "Collisions",
    "Cannon fire": "Cannon fire",
    "Shipwrecks": "Shipwrecks",
    "Game end and scoring": "Game end and scoring",
}
PHASE_RULE = {ISLAND: "Island Phase", BUY: "Island Phase: buying", SEA: "Sea Phase", OVER: "Game end and scoring"}
PHASE_ACTIONS = {ISLAND: ("place", "claim", "restock"), BUY: ("buy", "decline"),
                 SEA: ("play", "pass", "pivot", "discard", "extend", "hold", "fire", "flag", "done"), OVER: ()}
STAGE_ACTIONS = {None: ("play", "pass"), PIVOT: ("pivot",), DISCARD: ("discard",), EXTEND: ("extend", "hold"),
                 FIRE: ("fire",), SIGNAL: ("flag", "done")}
STAGE_WORDS = {None: "play or pass a card", PIVOT: "choose a pivot after the collision",
               DISCARD: "discard a card for the collision", EXTEND: "sail the extended manoeuvre or not",
               FIRE: "choose the side a shot leaves from", SIGNAL: "use a flag or stop"}
STAGE_RULE = {PIVOT: "Collisions", DISCARD: "Collisions", EXTEND: "Sea Phase: movement", FIRE: "Cannon fire",
              SIGNAL: "Flags", None: "Sea Phase"}


def turn_rule(s: SohState) -> str:
    """The section saying whose turn it is now."""
    if s.phase == SEA:
        return STAGE_RULE[s.turn.stage if s.turn else None]
    return PHASE_RULE[s.phase]


def why_illegal(s: SohState, a: tuple) -> IllegalAction | None:
    """None if the action is legal for the player to move, else the reason and the section it breaks."""
    if s.phase == OVER:
        return IllegalAction("the game is over", "Game end and scoring")
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
                                 "Island Phase: buying")
        if kind == "buy":
            how = "with their resources and booty" if a[2] else "with their resources"
            return IllegalAction(f"player {p} cannot pay for {a[1]} {how}", "Island Phase: buying")
        return None
    stage = s.turn.stage if s.turn else None
    if kind not in STAGE_ACTIONS[stage]:
        return IllegalAction(f"player {p} must {STAGE_WORDS[stage]} now, not {kind}", STAGE_RULE[stage])
    hand = s.hands[p - 1]
    if kind in ("play", "pass", "discard") and a[1] not in hand:
        return IllegalAction(f"{a[1]} is not in player {p}'s hand", STAGE_RULE[stage])
    if kind == "extend":
        return IllegalAction(f"player {p} cannot pay for the extended manoeuvre"
                             + (" even with their booty" if a[1] else ""), "Sea Phase: movement")
    if kind == "flag":
        if a[1] not in FLAGS or not s.flags[p - 1][FLAGS.index(a[1])]:
            return IllegalAction(f"player {p} holds no {a[1]} flag", "Flags")
        if a[1] == "shipwright":
            pile, card = a[2] or (None, None)
            return IllegalAction(f"{card} is not in player {p}'s {pile}", "Flags")
    return None


def _island(s: SohState, a: tuple) -> IllegalAction | None:
    kind, p = a[0], s.to_move
    if s.restocked and kind != "claim":
        return IllegalAction(f"player {p} restocked the Market and must now claim one of the new cards",
                             "Island Phase: Market")
    if kind == "claim":
        free = {s.market[i] for i in (s.restocked or s.unclaimed()) if i in s.unclaimed()}
        if a[1] not in free:
            where = "among the cards the restock dealt" if s.restocked else "an unclaimed card of the Market"
            return IllegalAction(f"{a[1]} is not {where}", "Island Phase: Market")
        return None
    if kind == "restock":
        if len(s.claims) >= s.g.params.market_size:
            return IllegalAction("every Market card is claimed: a restock would deal no new card",
                                 "Island Phase: Market")
        return IllegalAction("no card is left to restock the Market with", "Island Phase: Market")
    loc = a[1]
    if loc not in LOCATIONS:
        return IllegalAction(f"there is no island location '{loc}'", "Island Phase: locations")
    if s.slots_free(loc) <= 0:
        return IllegalAction(f"every slot of {loc} holds a skiff already (one skiff a slot)", "Island Phase")
    if loc == WORKSHOP:
        up = s.g.upgrades.get(a[2])
        if up is None:
            return IllegalAction(f"there is no upgrade '{a[2]}'", "Island Phase: locations")
        if a[2] in s.upgrades[p - 1]:
            return IllegalAction(f"player {p}'s {a[2]} is switched on already", "Island Phase: locations")
        return IllegalAction(f"player {p} cannot pay for {a[2]}" + (" even with their booty" if a[3] else ""),
                             "Island Phase: locations")
    return IllegalAction(f"that is not a choice {loc} offers player {p} now", "Island Phase: locations")
