"""Seas of Havoc checks: what the quick reference implies for the island, the sea, the decks and the tokens."""

from __future__ import annotations

from collections import Counter

from ..engine.seas_of_havoc import params as soh_params
from ..errors import Problems
from ..model import Board, Deck, Game
from .registry import GameChecks

MARKET_DECK = "market"
DAMAGE_DECK = "damage"
MARKET_LOCATION = "market"
FLAG_LOCATION = "flags"
LOCATION_HEADER = "location"  # first header cell of an aid table that names island locations
SHIPWRECK = "shipwreck"
TERRAIN_DIRECTIONS = {"rock": "none", "whirlpool": "turn", "gust": "heading"}


def check(game: Game, p: Problems) -> None:
    """Island locations and the aid, skiffs, Market, Damage deck, the wrapping sea, booty and flags."""
    before = len(p.errors)
    prm = soh_params.read(game, p)
    island, sea = board(game, "none", "island", p), board(game, "square", "sea", p)
    market, damage = deck(game, MARKET_DECK, p), deck(game, DAMAGE_DECK, p)
    if len(p.errors) != before:
        return  # the checks below need sound rules numbers, both boards and both decks
    check_locations_in_aids(game, island, p)
    check_skiffs(game, island, prm, p)
    check_market(game, island, market, prm, p)
    check_damage(game, damage, prm, p)
    check_sea(game, sea, p)
    check_tokens(game, island, sea, p)


def board(game: Game, grid: str, what: str, p: Problems) -> Board | None:
    """The one board of a grid kind the rules need; an error when the content lacks it."""
    found = [b for b in game.boards if b.grid == grid]
    if not found:
        p.error(game.loc, f"Seas of Havoc needs the {what} board: a board with grid: {grid}")
        return None
    return found[0]


def deck(game: Game, did: str, p: Problems) -> Deck | None:
    """A deck the rules need, by id; an error when the content lacks it."""
    d = next((d for d in game.decks if d.id == did), None)
    if d is None:
        p.error(game.loc, f"Seas of Havoc needs a deck with id '{did}' (decks: "
                f"{', '.join(x.id for x in game.decks) or 'none'})")
    return d


def check_locations_in_aids(game: Game, island: Board, p: Problems) -> None:
    """Every location a player aid's Location table names is a location of the island board, and back."""
    names = {loc.name.casefold(): loc for loc in island.locations}
    named = set()
    for aid in game.player_aids:
        for s in aid.sections:
            if not s.table or s.table[0][0].strip().casefold() != LOCATION_HEADER:
                continue
            for k, row in enumerate(s.table[1:], start=1):
                where = s.row_locs[k] if k < len(s.row_locs) else s.loc
                for name in (n.strip() for n in row[0].split("/")):
                    if name.casefold() in names:
                        named.add(name.casefold())
                    else:
                        known = ", ".join(loc.name for loc in island.locations)
                        p.error(where, f"player aid '{aid.id}': location '{name}' is not on board '{island.id}' "
                                f"(its locations: {known})")
    if named:
        for key, loc in names.items():
            if key not in named:
                p.warn(loc.loc, f"board '{island.id}': location '{loc.name}' is in no player aid's Location table")


def check_skiffs(game: Game, island: Board, prm, p: Problems) -> None:
    """Each player has their skiffs, and the island has a slot or card for every skiff."""
    owned = Counter()
    for t in game.tokens:
        if t.kind == "skiff":
            if t.owner is None:
                p.error(t.loc, f"token '{t.id}': a skiff needs an 'owner' (a player number)")
            owned[t.owner] += t.count
    for player in range(1, max(game.players) + 1):
        if owned[player] != prm.skiffs_per_player:
            p.error(game.loc, f"player {player} has {owned[player]} skiffs, expected {prm.skiffs_per_player} "
                    "(rules skiffs_per_player)")
    slots = sum(loc.slots for loc in island.locations)
    need = max(game.players) * prm.skiffs_per_player
    if slots < need:
        p.error(island.loc, f"board '{island.id}' has {slots} skiff slots (Market cards included) but "
                f"{max(game.players)} players place {need} skiffs, one per slot")


def check_market(game: Game, island: Board, market: Deck, prm, p: Problems) -> None:
    """The Market location shows market_size cards; the deck can restock a whole Market; costs are resources."""
    loc = island.location(MARKET_LOCATION)
    if loc is None:
        p.error(island.loc, f"board '{island.id}' needs a location with id '{MARKET_LOCATION}'")
    elif loc.slots != prm.market_size:
        p.error(loc.loc, f"board '{island.id}': the Market has {loc.slots} card slots but the rules fill it to "
                f"{prm.market_size} (rules market_size)")
    if market.size < 2 * prm.market_size:
        p.error(market.loc, f"deck '{market.id}' holds {market.size} cards; scrapping a full Market and "
                f"restocking needs at least {2 * prm.market_size}")
    if "cost" not in {s.id for s in market.field_specs}:
        p.error(market.loc, f"deck '{market.id}': Market cards need a 'cost' field (kind: icon-counts)")
        return
    for c in market.cards:
        cost = c.field("cost") or ()
        for res, _ in cost if isinstance(cost, tuple) else ():
            if res not in prm.resources:
                p.error(c.loc, f"card '{c.id}': cost in '{res}', which is no resource "
                        f"({', '.join(prm.resources)})")


def check_damage(game: Game, damage: Deck, prm, p: Problems) -> None:
    """The Damage deck can run out to end the game, with spares to finish the last Sea Phase."""
    need = prm.damage_deck_size + prm.damage_spares
    if damage.size < need:
        p.error(damage.loc, f"deck '{damage.id}' holds {damage.size} cards: too few to end the game, which needs "
                f"a Damage deck of {prm.damage_deck_size} (rules damage_deck_size) to run out plus "
                f"{prm.damage_spares} spares (rules damage_spares), {need} in all")
    if prm.damage_spares < max(game.players):
        p.error(game.rules.loc("damage_spares"), f"rules: 'damage_spares' ({prm.damage_spares}) must be at least "
                f"the player count ({max(game.players)}): the last Sea Phase goes on after the deck runs out")


def check_sea(game: Game, sea: Board, p: Problems) -> None:
    """The sea wraps at its edges, and its rocks, whirlpools and gusts behave as the rules say."""
    if not sea.wrap:
        p.error(sea.loc, f"board '{sea.id}': ships and shots leaving one edge come back on the opposite "
                "edge, so the sea board needs wrap: true")
    for tid, direction in TERRAIN_DIRECTIONS.items():
        t = game.terrain(tid)
        if t is None:
            p.error(game.loc, f"Seas of Havoc needs a terrain '{tid}' (terrain: "
                    f"{', '.join(x.id for x in game.terrains) or 'none'})")
        elif t.direction != direction or not t.blocks:
            p.error(t.loc, f"terrain '{tid}': a {t.name} is an obstacle (blocks: true) with direction: {direction}")


def check_tokens(game: Game, island: Board, sea: Board, p: Problems) -> None:
    """A booty token for every shipwreck; flags for the flag slots; a ship and a First Player token."""
    kinds = Counter()
    for t in game.tokens:
        kinds[t.kind] += t.count
    wrecks = sea.terrain_counts().get(SHIPWRECK, 0)
    if kinds["booty"] < wrecks:
        p.error(game.loc, f"expected at least {wrecks} booty tokens (one per shipwreck on board '{sea.id}'), "
                f"found {kinds['booty']}")
    flags = island.location(FLAG_LOCATION)
    if flags is not None and kinds["flag"] < flags.slots:
        p.error(flags.loc, f"board '{island.id}': {flags.slots} flag slots but {kinds['flag']} flag tokens")
    owners = Counter(t.owner for t in game.tokens if t.kind == "ship")
    for player in range(1, max(game.players) + 1):
        if owners[player] != 1:
            p.error(game.loc, f"player {player} has {owners[player]} ship tokens, expected 1")
    if kinds["first-player"] != 1:
        p.error(game.loc, f"expected 1 First Player token, found {kinds['first-player']}")


CHECKS = GameChecks(check)
