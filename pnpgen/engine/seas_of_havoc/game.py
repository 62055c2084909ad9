"""Seas of Havoc static facts: cards, upgrades, the island, the sea and the supplies, all read from content."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import Loc, PnpgenError, Problems
from ...model import Board, CardType, Deck, Game
from ..api import Rules
from . import params as soh_params
from .names import (
    CAPITOL,
    DAMAGE_DECK,
    DEEP_COVE,
    FLAG_SLOTS,
    FLAGS,
    GATHER,
    GUST,
    LOCATIONS,
    MARKET,
    MARKET_DECK,
    ROCK,
    SPARE_DECK,
    START_DECK,
    TRADING_POST,
    UPGRADE_DECK,
    WHIRLPOOL,
    WORKSHOP,
    WRECK,
)
from .records import CardInfo, Feature, Square, Upgrade

ICON_COUNT = re.compile(r"(\d+)\s*\{([a-z0-9_-]+)\}")


class SeasOfHavoc(Rules):
    """The static facts of one Seas of Havoc setup (content and player count); makes states."""

    def __init__(self, content: Game, players: int | None = None):
        n = players or min(content.players)
        if n not in content.players:
            raise PnpgenError(f"{content.id}: the game is played by {', '.join(map(str, content.players))} "
                              f"players, not {n}")
        problems = Problems()
        self.params = prm = soh_params.read(content, problems)
        kit = read_kit(content, problems)
        problems.raise_if_any()
        self.content = content
        self.num_players = n
        self.players = tuple(range(1, n + 1))
        self.resources: tuple[str, ...] = prm.resources
        self.cards: dict[str, CardInfo] = kit.cards
        self.card_order = {cid: c.order for cid, c in kit.cards.items()}
        self.start_decks: dict[int, tuple[str, ...]] = {}
        for p in self.players:
            deck = kit.start_decks.get(p) or kit.start_decks.get(1)
            if deck is None:
                raise PnpgenError(f"{content.id}: player {p} has no starting deck (a deck '{START_DECK.format(p)}')")
            self.start_decks[p] = deck
        self.market_cards: tuple[str, ...] = kit.market
        self.upgrades: dict[str, Upgrade] = kit.upgrades
        self.damage_deck: int = prm.damage_deck_size
        self.spares: int = prm.damage_spares
        self.slots: dict[str, int] = kit.slots
        self.flag_supply: tuple[int, ...] = tuple(kit.flags.get(f, 0) for f in FLAGS)
        self.booty: tuple[tuple[int, ...], ...] = kit.booty  # each physical booty token's resources
        self.booty_ids: tuple[str, ...] = kit.booty_ids
        sea = kit.sea
        self.sea = sea  # the board the ships sail on
        self.island = kit.island  # the board of locations where skiffs go
        self.width, self.height = sea.width, sea.height
        self.wrap = sea.wrap
        self.features: dict[Square, Feature] = kit.features
        self.wrecks: tuple[Square, ...] = tuple(sorted(c for c, f in self.features.items() if f.kind == WRECK))
        if len(prm.ship_starts) < n:
            raise PnpgenError(f"{content.id}: rules ship_starts gives {len(prm.ship_starts)} starting squares for "
                              f"{n} players")
        self.starts: tuple[tuple[int, int, int], ...] = prm.ship_starts[:n]
        for x, y, _ in self.starts:
            f = self.features.get((x, y))
            if not (0 <= x < self.width and 0 <= y < self.height) or (f is not None and f.kind != WRECK):
                raise PnpgenError(f"{content.id}: rules ship_starts: [{x}, {y}] is not an open square of the sea")

    def new_initial_state(self, seed: int = 0):
        """Setup: decks shuffled and 4 drawn each, ships on their starts, the Market dealt, booty on the wrecks."""
        from .state import new_game

        return new_game(self, seed)

    def step(self, square: Square, heading: int) -> Square | None:
        """The square one step from `square` toward an absolute heading (wrapping), or None off an unwrapped sea."""
        dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[heading]
        x, y = square[0] + dx, square[1] + dy
        if self.wrap:
            return (x % self.width, y % self.height)
        return (x, y) if 0 <= x < self.width and 0 <= y < self.height else None

    def counts(self, pairs) -> tuple[int, ...]:
        """Icon counts ((resource, n), ...) as a tuple by resource (other icons are left out)."""
        out = [0] * len(self.resources)
        for name, k in pairs or ():
            if name in self.resources:
                out[self.resources.index(name)] += k
        return tuple(out)


@dataclass
class Kit:
    """The pieces of a Seas of Havoc pack the rules need, read once for the engine and the checks."""

    cards: dict[str, CardInfo]
    start_decks: dict[int, tuple[str, ...]]
    market: tuple[str, ...]
    upgrades: dict[str, Upgrade]
    damage: Deck | None
    spares: Deck | None
    island: Board | None
    market_board: Board | None
    sea: Board | None
    slots: dict[str, int]
    flags: dict[str, int]
    booty: tuple[tuple[int, ...], ...]
    booty_ids: tuple[str, ...]
    features: dict[Square, Feature]


def read_kit(game: Game, problems: Problems) -> Kit:
    """The decks, boards and tokens the rules read, with a located error for each one missing or malformed."""
    resources = [r for r in (game.rules.get("resources") or []) if isinstance(r, str)]

    def counts(pairs) -> tuple[int, ...]:
        out = [0] * len(resources)
        for name, k in pairs or ():
            if name in resources:
                out[resources.index(name)] += k
        return tuple(out)

    decks = {d.id: d for d in game.decks}
    cards, start_decks, market = _read_cards(game, decks, problems, counts)
    upgrades = _read_upgrades(game, decks, problems, counts)
    damage, spares = decks.get(DAMAGE_DECK), decks.get(SPARE_DECK)
    if damage is None:
        problems.error(game.loc, f"Seas of Havoc needs a deck with id '{DAMAGE_DECK}' (decks: "
                       f"{', '.join(decks) or 'none'})")
    island, market_board, sea, slots = _read_boards(game, problems)
    flags, booty, booty_ids = _read_tokens(game, problems, resources, counts)
    return Kit(cards, start_decks, market, upgrades, damage, spares, island, market_board, sea, slots, flags,
               booty, booty_ids, _features(sea))


def _read_cards(game: Game, decks: dict[str, Deck], problems: Problems, counts
                ) -> tuple[dict[str, CardInfo], dict[int, tuple[str, ...]], tuple[str, ...]]:
    """Every card type of the starting decks and the Market, each player's starting deck and the Market's cards."""
    cards: dict[str, CardInfo] = {}
    start_decks: dict[int, tuple[str, ...]] = {}
    for p in range(1, max(game.players) + 1):
        d = decks.get(START_DECK.format(p))
        if d is not None:
            start_decks[p] = tuple(d.card_ids())
            for c in d.cards:
                cards.setdefault(c.id, _card(c, False, counts, len(cards)))
    if 1 not in start_decks:
        problems.error(game.loc, f"Seas of Havoc needs each player's starting deck: a deck '{START_DECK.format(1)}' "
                       f"(decks: {', '.join(decks) or 'none'})")
    market = decks.get(MARKET_DECK)
    if market is None:
        problems.error(game.loc, f"Seas of Havoc needs a deck with id '{MARKET_DECK}' (decks: "
                       f"{', '.join(decks) or 'none'})")
        return cards, start_decks, ()
    for c in market.cards:
        if c.id in cards:
            problems.error(c.loc, f"card '{c.id}': a Market card may not share its id with a starting card")
        cards[c.id] = _card(c, True, counts, len(cards))
    return cards, start_decks, tuple(market.card_ids())


def _read_upgrades(game: Game, decks: dict[str, Deck], problems: Problems, counts) -> dict[str, Upgrade]:
    """The ship upgrades of the upgrade deck."""
    up = decks.get(UPGRADE_DECK)
    if up is None:
        problems.error(game.loc, f"Seas of Havoc needs a deck with id '{UPGRADE_DECK}' (the ship upgrades)")
        return {}
    return {c.id: Upgrade(c.id, c.name, counts(c.field("cost")), c.field("infamy") or 0, c.field("shot_range") or 0,
                          c.field("ram_infamy") or 0, c.field("extended_discount") or 0) for c in up.cards}


def _read_boards(game: Game, problems: Problems) -> tuple[Board | None, Board | None, Board | None, dict[str, int]]:
    """The island, the Market's board and the sea, and the slots of each island location and the Market."""
    island = next((b for b in game.boards if b.grid == "none" and b.location(GATHER_FIRST) is not None), None)
    market_board = next((b for b in game.boards if b.grid == "none" and b.location(MARKET) is not None), None)
    sea = next((b for b in game.boards if b.grid == "square"), None)
    if island is None:
        problems.error(game.loc, "Seas of Havoc needs the island board: a board with grid: none and the island's "
                       f"locations ({', '.join(LOCATIONS)})")
    if market_board is None:
        problems.error(game.loc, f"Seas of Havoc needs a board with a location '{MARKET}' (grid: none) where the "
                       "Market's cards lie")
    if sea is None:
        problems.error(game.loc, "Seas of Havoc needs the sea board: a board with grid: square")
    slots: dict[str, int] = {}
    for lid in LOCATIONS if island is not None else ():
        loc = island.location(lid)
        if loc is None:
            problems.error(island.loc, f"board '{island.id}' needs a location with id '{lid}'")
        else:
            slots[lid] = loc.slots
    if market_board is not None:
        slots[MARKET] = market_board.location(MARKET).slots
    return island, market_board, sea, slots


def _read_tokens(game: Game, problems: Problems, resources: list[str], counts
                 ) -> tuple[dict[str, int], tuple[tuple[int, ...], ...], tuple[str, ...]]:
    """How many of each flag there are, and each booty token's resources (one entry per token) and id."""
    flags: dict[str, int] = {}
    booty, booty_ids = [], []
    for t in game.tokens:
        if t.kind == "flag":
            if t.id not in FLAGS:
                problems.error(t.loc, f"token '{t.id}': a flag is one of {', '.join(FLAGS)}")
            flags[t.id] = flags.get(t.id, 0) + t.count
        elif t.kind == "booty":
            found = ICON_COUNT.findall(t.back_label or "")
            if not found or any(name not in resources for _, name in found):
                problems.error(t.loc, f"token '{t.id}': a booty token's back_label lists the resources it holds "
                               f"as counts of {', '.join('{' + r + '}' for r in resources)}, e.g. '2{{sail}}'")
                continue
            held = counts((name, int(k)) for k, name in found)
            booty += [held] * t.count
            booty_ids += [t.id] * t.count
    return flags, tuple(booty), tuple(booty_ids)


def _features(sea: Board | None) -> dict[Square, Feature]:
    """The sea's rocks, gusts, whirlpools and wrecks by square."""
    features: dict[Square, Feature] = {}
    for c in sea.squares if sea is not None else ():
        if c.terrain in (ROCK, GUST, WHIRLPOOL, WRECK):
            turn = {"cw": 1, "ccw": -1}.get(c.direction or "", 0)
            heading = "NESW".index(c.direction) if c.direction in ("N", "E", "S", "W") else 0
            features[c.xy] = Feature(c.terrain, turn, heading)
    return features


GATHER_FIRST = next(iter(GATHER))


def _card(c: CardType, market: bool, counts, order: int) -> CardInfo:
    ext = c.field("extended")
    return CardInfo(c.id, c.name, market, counts(c.field("cost")), c.field("infamy") or 0, c.field("move"), ext,
                    counts(ext.cost) if ext is not None else (), tuple(c.field("fire") or ()),
                    counts(c.field("gain")), c.field("signal") or 0, order)


def card_loc(game: Game, cid: str) -> Loc | None:
    """Where a card type is written in the content."""
    return next((c.loc for d in game.decks for c in d.cards if c.id == cid), None)


__all__ = ["CAPITOL", "DAMAGE_DECK", "DEEP_COVE", "FLAGS", "FLAG_SLOTS", "GATHER", "GUST", "LOCATIONS", "MARKET",
           "MARKET_DECK", "ROCK", "SPARE_DECK", "START_DECK", "TRADING_POST", "UPGRADE_DECK", "WHIRLPOOL", "WORKSHOP",
           "WRECK", "CardInfo", "Feature", "Kit", "SeasOfHavoc", "Upgrade", "card_loc", "read_kit"]
