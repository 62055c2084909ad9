"""Narrow Seas static facts: players, ships, cards, board geometry and sail paths, all read from content."""

from __future__ import annotations

from itertools import product

from ...errors import PnpgenError, Problems
from ...maths.hexgrid import DIRECTION_NAMES, VECTORS, distance
from ...model import AreaCard, Board, Game
from .. import api
from . import params as ns_params
from .records import CardInfo, Cell

DIR_VECTORS = tuple(VECTORS[n] for n in DIRECTION_NAMES)  # index 0..5, clockwise from N
PLACEMENTS_KEPT = 2048  # placement_ring answers kept at most, so that memory stays flat over a long batch


SHIP = "ship"  # the kind of area card that is a ship
SICK_BAY = "sickbay"  # the kind of area card that holds crew out of action


def ship_cards(content: Game) -> tuple[AreaCard, ...]:
    """The content's ship cards (area cards of kind 'ship')."""
    return tuple(a for a in content.area_cards if a.kind == SHIP)


def _played_with(content: Game, players: int | None) -> tuple[Game, ns_params.Params, int]:
    """The content as that many players play it (a variant's rules and components when one is played with that
    count), its rules parameters read and checked against the setup."""
    n = players or min(content.players)
    if n not in content.players:
        raise PnpgenError(f"{content.id}: the game is played by {' or '.join(map(str, content.players))} "
                          f"players, not {n}")
    variant = content.variant_for(n) if content.played_as is None else None
    if variant is not None:
        content = content.with_variant(variant.id)
    problems = Problems()
    prm = ns_params.read(content, problems)
    problems.raise_if_any()
    ns_params.setup_problems(content, prm, n, problems)
    problems.raise_if_any()
    return content, prm, n


class NarrowSeas(api.Rules):
    """The static facts of one Narrow Seas setup (content, board, player count); makes states.

    A player count that a variant of the content plays with (the four-player team game) is played
    with that variant's rules and components: teams, seating, one deck per group of players.
    """

    def __init__(self, content: Game, board: Board | None = None, players: int | None = None):
        content, prm, n = _played_with(content, players)
        self.params = prm
        self.content = content
        self.variant: str | None = content.played_as
        self.num_players = n
        self.players: tuple[int, ...] = tuple(range(1, n + 1))
        self._seat_players(prm)
        ships = self._ships(content, prm)
        self._areas(ships, prm)
        self._decks(content, prm)
        self._board(content, board, prm)
        self._caches()

    def _ships(self, content: Game, prm: ns_params.Params) -> list:
        """The ship cards in play, whose they are and whose enemies; the crew each carries."""
        n = self.num_players
        ships = [s for s in ship_cards(content) if s.owner is not None and s.owner <= n]
        self.ship_ids: tuple[str, ...] = tuple(s.id for s in ships)
        self.ship_index: dict[str, int] = {sid: i for i, sid in enumerate(self.ship_ids)}
        self.ship_owner: tuple[int, ...] = tuple(s.owner for s in ships)
        self.ships_of: dict[int, tuple[int, ...]] = {
            p: tuple(i for i, o in enumerate(self.ship_owner) if o == p) for p in self.players}
        for p, own in self.ships_of.items():
            if not own:
                raise PnpgenError(f"{content.id}: player {p} owns no ship card")
        self.enemy_ships: dict[int, tuple[int, ...]] = {
            p: tuple(i for i, o in enumerate(self.ship_owner) if self.team[o] != self.team[p]) for p in self.players}
        self.crew = prm.crew_per_ship
        return ships

    def _areas(self, ships: list, prm: ns_params.Params) -> None:
        """The plan areas of a ship card, their labels, and which pay for the Market and give the initiative."""
        self.areas: tuple[str, ...] = prm.plan_areas
        self.area_index: dict[str, int] = {a: i for i, a in enumerate(self.areas)}
        self.area_labels = {a.id: a.label for s in ships for a in s.areas}
        self.market_area = self.area_index[prm.market_cost_area]
        self.initiative_area = self.area_index[prm.initiative_area]

    def _board(self, content: Game, board: Board | None, prm: ns_params.Params) -> None:
        """The board played on, its hexes and suits, the prescribed starts and the distances between hexes."""
        if board is None and prm.board is not None:
            board = next(b for b in content.boards if b.id == prm.board)
        self.board = board or content.board
        if self.board is None or not self.board.hexes:
            raise PnpgenError(f"{content.id}: no board")
        self.suit_at: dict[Cell, str | None] = {h.qr: h.suit for h in self.board.hexes}
        self.cells: tuple[Cell, ...] = tuple(sorted(self.suit_at))
        # Prescribed starting hexes by ship index (placement: prescribed), from the board's 'starts'.
        self.prescribed = prm.placement == "prescribed"
        given = dict(self.board.starts)
        self.starts: dict[int, Cell] = {i: tuple(given[sid]) for i, sid in enumerate(self.ship_ids) if sid in given}
        edges = self.board.edge_hexes()
        self.edge_distance: dict[Cell, int] = {
            c: min(distance(c, e) for e in edges) if edges else 0 for c in self.cells}
        # where a first ship may be placed (sorted, like cells)
        self.near_edge = tuple(c for c in self.cells if self.edge_distance[c] <= prm.first_ship_edge_distance)
        self.dist: dict[Cell, dict[Cell, int]] = {a: {b: distance(a, b) for b in self.cells} for a in self.cells}

    def _caches(self) -> None:
        """What is worked out once and kept: sail paths, rings, placements, agents' findings, action tuples."""
        self._paths: dict[tuple[str, int, Cell], tuple] = {}
        self._dests: dict[tuple[str, int, Cell], tuple] = {}
        self._free: dict[tuple[str, int, Cell], set] = {}
        self._rings: dict[tuple[Cell, int, int], frozenset] = {}
        self._placements: dict[frozenset, tuple] = {}  # by set of enemy hexes, up to PLACEMENTS_KEPT
        self.agent_cache: dict = {}  # what agents work out once from the board and the cards (agents.py)
        # Action tuples made once: a discard of each card, and each Wind card's plays under each wind.
        self.discard_action = {cid: ("discard", cid) for cid in self.cards}
        self.wind_actions = {cid: {w: tuple(("wind", cid, DIRECTION_NAMES[d]) for d in range(6) if d != w)
                                   for w in (None, *range(6))}
                             for cid, c in self.cards.items() if c.kind == "wind"}

    def _seat_players(self, prm: ns_params.Params) -> None:
        """Teams, seats round the table, and the order of play each way round."""
        teams = {p: t.id for t in prm.teams for p in t.players}
        # Without teams every player is a team of one (numbered as the player).
        self.team: dict[int, int | str] = {p: teams.get(p, p) for p in self.players}
        self.team_ids: tuple = tuple(dict.fromkeys(self.team[p] for p in self.players))
        turn = {t.id: t.turn for t in prm.teams}
        self.seating: tuple[int, ...] = prm.seating or self.players  # clockwise round the table
        # +1: clockwise (along the seating), -1: counter-clockwise; set by the first player's team
        self.direction_of: dict[int, int] = {
            p: -1 if turn.get(self.team[p]) == "counter-clockwise" else 1 for p in self.players}
        n = len(self.seating)
        pos = {p: k for k, p in enumerate(self.seating)}
        # after[d][p]: the other players in order going way d from p, ending with p itself
        self.after: dict[int, dict[int, tuple[int, ...]]] = {
            d: {p: tuple(self.seating[(pos[p] + d * k) % n] for k in range(1, n + 1)) for p in self.players}
            for d in (1, -1)}
        self.turn_order: tuple[int, ...] = self.seating
        self.seat: dict[int, int] = pos

    def _decks(self, content: Game, prm: ns_params.Params) -> None:
        """The draw decks (one shared deck, or one per group of players), the cards, the Wind card set aside."""
        uses = prm.decks or (ns_params.DeckUse("", content.decks[0].id if content.decks else "", self.players),)
        if not content.decks:
            raise PnpgenError(f"{content.id}: no deck of cards")
        by_id = {d.id: d for d in content.decks}
        self.deck_names: tuple[str, ...] = tuple(u.name for u in uses)
        self.pack_decks: tuple[str, ...] = tuple(u.cards for u in uses)  # the pack's deck each draw deck prints as
        self.deck_of: dict[int, int] = {p: k for k, u in enumerate(uses) for p in u.players}
        self.players_of_deck: tuple[tuple[int, ...], ...] = tuple(
            tuple(p for p in self.players if self.deck_of[p] == k) for k in range(len(uses)))
        self.cards: dict[str, CardInfo] = {}
        for u in uses:
            for c in by_id[u.cards].cards:
                if c.id not in self.cards:
                    self.cards[c.id] = CardInfo(c, self.area_index, len(self.cards))
        self.deck_cards: tuple[tuple[str, ...], ...] = tuple(tuple(by_id[u.cards].card_ids()) for u in uses)
        self.deck_ids: tuple[str, ...] = self.deck_cards[0]
        self.card_order: dict[str, int] = {cid: c.order for cid, c in self.cards.items()}
        self.wind_cards = frozenset(cid for cid, c in self.cards.items() if c.kind == "wind")
        self.unique_cards = all(len(set(ids)) == len(ids) for ids in self.deck_cards)
        aside = [k for k, u in enumerate(uses) if u.wind == "aside"]
        # The single live Wind card alternates between the two decks (rulebook 8.3).
        self.aside_at_start: int | None = aside[0] if aside else None
        self.alternate_wind = self.aside_at_start is not None
        # each deck's Wind card (None: it has none); the one set aside goes back to its own deck's discard
        self.wind_of_deck: tuple[str | None, ...] = tuple(
            next((c for c in ids if self.cards[c].kind == "wind"), None) for ids in self.deck_cards)
        self.team_game = len(self.team_ids) < self.num_players

    def new_initial_state(self, seed: int = 0):
        """A new game at the start of setup: decks shuffled, Markets dealt, the first player chosen (and, when
        starts are prescribed, the ships on them)."""
        from .state import new_game

        return new_game(self, seed)

    def team_of(self, player: int) -> int | str:
        """The team a player plays in (the player's own number when playing alone)."""
        return self.team[player]

    def ring(self, c: Cell, d: int) -> frozenset:
        """Board hexes at exactly distance d from c."""
        key = (c, d, 0)
        got = self._rings.get(key)
        if got is None:
            got = self._rings[key] = frozenset(x for x, n in self.dist[c].items() if n == d)
        return got

    def closer(self, c: Cell, d: int) -> frozenset:
        """Board hexes nearer to c than d."""
        key = (c, d, 1)
        got = self._rings.get(key)
        if got is None:
            got = self._rings[key] = frozenset(x for x, n in self.dist[c].items() if n < d)
        return got

    def placement_ring(self, enemy: frozenset) -> tuple[tuple[Cell, ...], frozenset]:
        """(hexes at the exact placement distance from one of these enemy hexes and not nearer than the minimum to
        any, sorted; the hexes nearer than the minimum to one), made once for each set of enemy hexes."""
        got = self._placements.get(enemy)
        if got is None:
            if len(self._placements) >= PLACEMENTS_KEPT:  # a team game choosing its starts meets many sets
                self._placements.clear()
            prm = self.params
            lo, exact = prm.placement_min_enemy_distance, prm.placement_exact_enemy_distance
            near = frozenset().union(*(self.closer(e, lo) for e in enemy))
            ring = frozenset().union(*(self.ring(e, exact) for e in enemy))
            got = self._placements[enemy] = (tuple(sorted(ring - near)), near)
        return got

    def card(self, cid: str) -> CardInfo:
        """A card type's facts by id."""
        return self.cards[cid]

    def sail_paths(self, card: CardInfo, wind: int, origin: Cell) -> tuple:
        """((destination, ways), ...) sorted by destination; ways: the hexes each way passes, which must be empty
        (None when a way needs none: a single step, or a card that may pass through ships)."""
        key = (card.action, wind, origin)
        got = self._paths.get(key)
        if got is None:
            got = self._paths[key] = self._compute_paths(card, wind, origin)
        return got

    def sail_dests(self, card: CardInfo, wind: int, origin: Cell) -> tuple[tuple[Cell, ...], frozenset]:
        """(the destinations of sail_paths, the hexes whose ship could block one: them and the hexes on their
        ways, the origin left out)."""
        key = (card.action, wind, origin)
        got = self._dests.get(key)
        if got is None:
            paths = self.sail_paths(card, wind, origin)
            touched = {m for _, ways in paths for way in ways or () for m in way}
            touched.update(dest for dest, _ in paths)
            touched.discard(origin)
            got = self._dests[key] = (tuple(dest for dest, _ in paths), frozenset(touched))
        return got

    def _compute_paths(self, card: CardInfo, wind: int, origin: Cell, bounded: bool = True) -> tuple:
        dirs = [DIR_VECTORS[(wind + h) % 6] for h in card.headings]
        found: dict[Cell, set] = {}
        for k in card.steps:
            for combo in product(dirs, repeat=k):
                q, r = origin
                cells = []
                for dq, dr in combo:
                    q, r = q + dq, r + dr
                    if bounded and (q, r) not in self.suit_at:
                        break  # a path never leaves the board
                    cells.append((q, r))
                else:
                    dest = cells[-1]
                    if dest != origin:
                        found.setdefault(dest, set()).add(() if card.pass_through else tuple(cells[:-1]))
        # None: some way there needs no hex on the way to be empty (one step, or passing through is allowed)
        return tuple((dest, None if () in mids else tuple(sorted(mids))) for dest, mids in sorted(found.items()))

    def reachable(self, card: CardInfo, wind: int, origin: Cell) -> set[Cell]:
        """Destinations a sail card reaches on this board with no other ship on it."""
        return {dest for dest, _ in self.sail_paths(card, wind, origin)}

    def reachable_anywhere(self, card: CardInfo, wind: int, origin: Cell) -> set[Cell]:
        """Destinations a sail card's headings and steps reach on an unbounded, empty sea."""
        key = (card.action, wind, origin)
        got = self._free.get(key)
        if got is None:
            got = self._free[key] = {dest for dest, _ in self._compute_paths(card, wind, origin, bounded=False)}
        return got
