"""Narrow Seas component checks: what the rulebook's component list implies, from the rules numbers."""

from __future__ import annotations

from collections import Counter

from ..engine.narrow_seas import params as ns_params
from ..errors import Problems
from ..model import Game
from . import narrow_seas_play

KINDS = ("sail", "fire", "duty", "wind")


def check(game: Game, p: Problems) -> None:
    """Component counts and card structure as the Narrow Seas rules describe them."""
    before = len(p.errors)
    prm = ns_params.read(game, p)
    params_ok = len(p.errors) == before
    check_cards(game, p)
    if len(p.errors) == before:  # the component checks below need sound rules numbers
        check_ships(game, prm, p)
        check_tokens(game, prm, p)
    if params_ok:  # whether play is possible: sailing, reach, cannon ranges, setup, dead cards
        narrow_seas_play.analyse_all(game, p)


def check_cards(game: Game, p: Problems) -> None:
    """Every suit holds the same actions once; neutral cards are Wind cards; card kinds known."""
    for a in game.actions:
        if a.kind not in KINDS:
            p.error(a.loc, f"action '{a.id}': kind '{a.kind}' is not one of {', '.join(KINDS)}")
    for deck in game.decks:
        per_suit = {s: Counter() for s in game.suit_ids}
        for c in deck.cards:
            if c.action is None:
                p.error(c.loc, f"card '{c.id}' has no action")
                continue
            if c.suit is None and c.action.kind != "wind":
                p.error(c.loc, f"card '{c.id}': only Wind cards may have no suit")
            if c.suit is not None:
                per_suit[c.suit][c.action.id] += c.count
        suits = [s for s in per_suit if per_suit[s]]
        if not suits:
            continue
        acts = list(dict.fromkeys(a for s in suits for a in per_suit[s]))
        for s in suits:
            missing = [a for a in acts if not per_suit[s][a]]
            if missing:
                p.error(deck.loc, f"deck '{deck.id}': suit '{s}' lacks the action(s): {', '.join(missing)} "
                        "(every suit holds the same actions)")
        for a in acts:
            held = {s: per_suit[s][a] for s in suits if per_suit[s][a]}
            if len(set(held.values())) > 1:
                p.error(deck.loc, f"deck '{deck.id}': the suits hold different numbers of {a} cards "
                        f"({', '.join(f'{s} {n}' for s, n in held.items())})")
        for s in game.suit_ids:
            if not per_suit[s]:
                p.error(deck.loc, f"deck '{deck.id}': suit '{s}' has no cards")


def check_ships(game: Game, prm, p: Problems) -> None:
    """Ship cards per player, crew per ship, plan areas, one sick bay."""
    ships = game.ship_cards
    need = max(game.players) * prm.ships_per_player
    owners = Counter(s.owner for s in ships)
    if min(game.players) == 2 and len([s for s in ships if s.owner in (1, 2)]) != 2 * prm.ships_per_player:
        p.error(game.loc, f"the two-player game needs {2 * prm.ships_per_player} ship cards "
                f"({prm.ships_per_player} per player), found {len(ships)}")
    for player in range(1, max(game.players) + 1):
        if owners[player] != prm.ships_per_player and len(ships) >= need:
            p.error(game.loc, f"player {player} owns {owners[player]} ship cards, expected {prm.ships_per_player}")
    for s in ships:
        if s.owner is None:
            p.error(s.loc, f"ship card '{s.id}' has no owner")
        if s.crew != prm.crew_per_ship:
            p.error(s.loc, f"ship card '{s.id}': crew {s.crew}, expected {prm.crew_per_ship} (rules crew_per_ship)")
        ids = [a.id for a in s.areas]
        missing = [a for a in (*prm.plan_areas, "spent") if a not in ids]
        if missing:
            p.error(s.loc, f"ship card '{s.id}' lacks the area(s): {', '.join(missing)}")
        small = [a for a in s.areas if a.capacity < prm.crew_per_ship]
        if small:
            p.error(small[0].loc, f"ship card '{s.id}': area(s) {', '.join(a.id for a in small)} hold fewer than "
                    f"{prm.crew_per_ship} cubes (rules crew_per_ship)")
    bays = [a for a in game.area_cards if a.kind == "sickbay"]
    if len(bays) != 1:
        p.error(game.loc, f"expected 1 shared sick bay card, found {len(bays)}")


def check_tokens(game: Game, prm, p: Problems) -> None:
    """A marker and crew tokens for every ship; one wind token; one first-player marker."""
    kinds = Counter()
    for t in game.tokens:
        kinds[t.kind] += t.count
    nships = len(game.ship_cards)
    if kinds["ship"] != nships:
        p.error(game.loc, f"expected {nships} ship markers (one per ship card), found {kinds['ship']}")
    if kinds["crew"] != nships * prm.crew_per_ship:
        p.error(game.loc, f"expected {nships * prm.crew_per_ship} crew tokens ({prm.crew_per_ship} per ship), "
                f"found {kinds['crew']}")
    if kinds["wind"] != 1:
        p.error(game.loc, f"expected 1 wind token, found {kinds['wind']}")
    for t in game.tokens:
        if t.kind == "wind" and len(t.edges) != 6:
            p.error(t.loc, f"token '{t.id}': a wind token needs 6 edge labels (clockwise from the wind), "
                    f"found {len(t.edges)}")
    if kinds["first-player"] < 1:
        p.error(game.loc, "expected a first-player marker")
