"""Seas of Havoc checks: the kit holds what the quick reference needs (every player can start, every resource has
a source and a sink, the Market restocks through a game, the Damage deck ends it) and the boards behave."""

from __future__ import annotations

from collections import Counter

from ..engine.seas_of_havoc import params as soh_params
from ..engine.seas_of_havoc.game import (
    CAPITOL,
    DEEP_COVE,
    FLAG_SLOTS,
    FLAGS,
    GATHER,
    MARKET,
    MARKET_DECK,
    START_DECK,
    TRADING_POST,
    UPGRADE_DECK,
    WRECK,
    read_kit,
)
from ..errors import Problems
from ..model import Board, Game
from .registry import GameChecks

LOCATION_HEADER = "location"  # first header cell of an aid table that names island locations
TERRAIN_DIRECTIONS = {"rock": "none", "whirlpool": "turn", "gust": "heading"}


def check(game: Game, p: Problems) -> None:
    """Each player can start, resources flow, the Market restocks, the Damage deck ends the game, boards, tokens."""
    before = len(p.errors)
    prm = soh_params.read(game, p)
    kit = read_kit(game, p)
    if len(p.errors) != before:
        return  # the checks below need sound rules numbers and every piece the rules read
    check_locations_in_aids(game, [kit.island, kit.market_board], p)
    check_location_texts(kit.island, prm, p)
    check_start(game, kit, prm, p)
    check_skiffs(game, kit, prm, p)
    check_market(game, kit, prm, p)
    check_resources(game, kit, prm, p)
    check_damage(game, kit, prm, p)
    check_sea(game, kit.sea, p)
    check_tokens(game, kit, p)


def check_locations_in_aids(game: Game, boards: list[Board], p: Problems) -> None:
    """Every location a player aid's Location table names is on the island or Market board, and back."""
    names = {loc.name.casefold(): loc for b in boards for loc in b.locations}
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
                        known = ", ".join(loc.name for b in boards for loc in b.locations)
                        p.error(where, f"player aid '{aid.id}': location '{name}' is on no board (the locations: "
                                f"{known})")
    if named:
        for key, loc in names.items():
            if key not in named:
                p.warn(loc.loc, f"location '{loc.name}' is in no player aid's Location table")


def check_location_texts(island: Board, prm, p: Problems) -> None:
    """The island's texts print the rules' numbers: what Sail Maker, Blacksmith and Bank give, and the limits."""
    want = {lid: f"{prm.gather} {{{res}}}" for lid, res in GATHER.items()}
    want[TRADING_POST] = f"up to {prm.trading_post_exchange}"
    want[DEEP_COVE] = f"up to {prm.deep_cove_scrap}"
    want[CAPITOL] = f"{prm.capitol_resources} resource"
    for lid, text in want.items():
        loc = island.location(lid)
        if loc is not None and text not in loc.text:
            p.error(loc.loc, f"board '{island.id}': location '{loc.name}' must say '{text}' (the rules' number), "
                    f"but says: {loc.text}")


def check_start(game: Game, kit, prm, p: Problems) -> None:
    """Each player has a starting deck to draw a hand from, a ship board, a ship on an open square, upgrades."""
    top = max(game.players)
    for player in range(1, top + 1):
        deck = kit.start_decks.get(player) or kit.start_decks.get(1) or ()
        if len(deck) < prm.sea_draw:
            p.error(game.loc, f"player {player}'s starting deck ({START_DECK.format(player)}) holds {len(deck)} "
                    f"cards, fewer than the {prm.sea_draw} drawn at the start (rules sea_draw)")
        boards = [c for c in game.area_cards if c.owner == player]
        if not boards:
            p.error(game.loc, f"player {player} has no ship board (an area card with owner: {player})")
    ups = Counter()
    up_deck = next(d for d in game.decks if d.id == UPGRADE_DECK)
    for c in up_deck.cards:
        ups[c.id] += c.count
        if c.count < top:
            p.error(c.loc, f"upgrade '{c.id}': {c.count} cards, but each of up to {top} players needs one")
    sea = kit.sea
    for k, (x, y, _) in enumerate(prm.ship_starts[:top], start=1):
        cell = sea.square_at(x, y)
        if cell is None or (cell.terrain and cell.terrain != WRECK):
            p.error(game.rules.loc("ship_starts"), f"rules: 'ship_starts': player {k} starts on [{x}, {y}], which "
                    f"is not an open square of board '{sea.id}'")
    squares = [(x, y) for x, y, _ in prm.ship_starts[:top]]
    if len(set(squares)) != len(squares):
        p.error(game.rules.loc("ship_starts"), "rules: 'ship_starts': two ships start on the same square")
    check_marked_starts(game, sea, prm, p)


def check_marked_starts(game: Game, sea: Board, prm, p: Problems) -> None:
    """The start squares ringed on the sea board are the rules' own: each names a player's ship token."""
    owners = {tk.id: tk.owner for tk in game.tokens if tk.kind == "ship" and tk.owner}
    for sid, (x, y) in sea.starts:
        player = owners.get(sid)
        if player is None or player > len(prm.ship_starts):
            p.error(sea.loc, f"board '{sea.id}': start of '{sid}': not the ship token of a player with a start in "
                    f"the rules' ship_starts (ship tokens: {', '.join(sorted(owners)) or 'none'})")
            continue
        rx, ry, _ = prm.ship_starts[player - 1]
        if (rx, ry) != (x, y):
            p.error(game.rules.loc("ship_starts"), f"rules: 'ship_starts': player {player} starts on [{rx}, {ry}], "
                    f"but board '{sea.id}' rings the start of '{sid}' on [{x}, {y}]")


def check_skiffs(game: Game, kit, prm, p: Problems) -> None:
    """Each player has their skiffs, and the island and the Market have a slot for every skiff."""
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
    slots = sum(kit.slots.values())
    need = max(game.players) * prm.skiffs_per_player
    if slots < need:
        p.error(kit.island.loc, f"the island and the Market have {slots} skiff slots but {max(game.players)} "
                f"players place {need} skiffs, one per slot")


def check_market(game: Game, kit, prm, p: Problems) -> None:
    """The Market shows market_size cards; its deck restocks through a round of every skiff claiming after a full
    restock; costs are in resources."""
    market = next(d for d in game.decks if d.id == MARKET_DECK)
    loc = kit.market_board.location(MARKET)
    if loc.slots != prm.market_size:
        p.error(loc.loc, f"board '{kit.market_board.id}': the Market has {loc.slots} card slots but the rules fill "
                f"it to {prm.market_size} (rules market_size)")
    need = 2 * prm.market_size + max(game.players) * prm.skiffs_per_player
    if market.size < need:
        p.error(market.loc, f"deck '{market.id}' holds {market.size} cards; a Market of {prm.market_size}, a full "
                f"restock and a round in which every skiff claims a card need {need}")
    for c in market.cards:
        cost = c.field("cost")
        if not cost:
            p.error(c.loc, f"card '{c.id}': a Market card needs a cost (field 'cost')")
        for res, _ in cost or ():
            if res not in prm.resources:
                p.error(c.loc, f"card '{c.id}': cost in '{res}', which is no resource ({', '.join(prm.resources)})")


def check_resources(game: Game, kit, prm, p: Problems) -> None:
    """Every resource can be gained (a source) and spent (a sink)."""
    sources: dict[str, list[str]] = {r: [] for r in prm.resources}
    sinks: dict[str, list[str]] = {r: [] for r in prm.resources}
    for lid, res in GATHER.items():
        if res in sources and prm.gather:
            sources[res].append(kit.island.location(lid).name)
    for r in prm.resources:
        if prm.capitol_resources:
            sources[r].append("Capitol")
        if prm.trading_post_exchange:
            sources[r].append("Trading Post")
        if kit.flags.get("purser"):
            sources[r].append("Purser flag")
    for c in kit.cards.values():
        for r, n in zip(prm.resources, c.gain):
            if n:
                sources[r].append(f"card '{c.id}'")
        for r, n in zip(prm.resources, c.cost):
            if n:
                sinks[r].append(f"card '{c.id}'")
        for r, n in zip(prm.resources, c.extended_cost):
            if n:
                sinks[r].append(f"card '{c.id}' (extended)")
    for b in kit.booty:
        for r, n in zip(prm.resources, b):
            if n:
                sources[r].append("booty")
    for u in kit.upgrades.values():
        for r, n in zip(prm.resources, u.cost):
            if n:
                sinks[r].append(f"upgrade '{u.id}'")
    for r in prm.resources:
        if not sources[r]:
            p.error(game.rules.loc("resources"), f"resource '{r}' has no source: no location, card, flag or booty "
                    "gives it")
        if not sinks[r]:
            p.error(game.rules.loc("resources"), f"resource '{r}' has no sink: no card or upgrade costs it")


def check_damage(game: Game, kit, prm, p: Problems) -> None:
    """The Damage deck can run out to end the game, with spares (their own deck) to finish the last Sea Phase."""
    if kit.damage.size < prm.damage_deck_size:
        p.error(kit.damage.loc, f"deck '{kit.damage.id}' holds {kit.damage.size} cards, fewer than the Damage deck "
                f"of {prm.damage_deck_size} (rules damage_deck_size) whose running out ends the game")
    spares = kit.spares.size if kit.spares else 0
    if spares < prm.damage_spares:
        where = kit.spares.loc if kit.spares else game.loc
        p.error(where, f"{spares} spare Damage cards (deck 'spare-damage'), fewer than rules damage_spares "
                f"({prm.damage_spares})")
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


def check_tokens(game: Game, kit, p: Problems) -> None:
    """A booty token for every shipwreck; flags of every kind for the flag slots; a ship and a First Player token."""
    kinds = Counter()
    for t in game.tokens:
        kinds[t.kind] += t.count
    wrecks = kit.sea.terrain_counts().get(WRECK, 0)
    if kinds["booty"] < wrecks:
        p.error(game.loc, f"expected at least {wrecks} booty tokens (one per shipwreck on board '{kit.sea.id}'), "
                f"found {kinds['booty']}")
    flags = kit.island.location(FLAG_SLOTS)
    for f in FLAGS:
        if kit.flags.get(f, 0) < 1:
            p.error(flags.loc, f"board '{kit.island.id}': the Flag Slots offer a {f} flag, but the kit has no token "
                    f"'{f}' (kind: flag)")
    owners = Counter(t.owner for t in game.tokens if t.kind == "ship")
    for player in range(1, max(game.players) + 1):
        if owners[player] != 1:
            p.error(game.loc, f"player {player} has {owners[player]} ship tokens, expected 1")
    if kinds["first-player"] != 1:
        p.error(game.loc, f"expected 1 First Player token, found {kinds['first-player']}")


def summary(game: Game) -> list[str]:
    """The summary line's phrase for the ship boards."""
    boards = sum(1 for c in game.area_cards if c.kind == "mat")
    return [f"{boards} ship boards"] if boards else []


CHECKS = GameChecks(check, summary=summary)
