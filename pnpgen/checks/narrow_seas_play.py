"""Narrow Seas play analysis: can ships sail, reach, fire and be placed on this board with these cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import Problems
from ..maths.hexgrid import DIRECTION_NAMES, distance
from ..model import Board, Game

if TYPE_CHECKING:
    from ..engine.narrow_seas.game import NarrowSeas


def _cells(cells, limit: int = 8) -> str:
    cells = sorted(cells)
    shown = ", ".join(f"[{q}, {r}]" for q, r in cells[:limit])
    return shown + (f" … ({len(cells)} in all)" if len(cells) > limit else "")


def analyse(game: Game, board: Board, p: Problems, engine: NarrowSeas) -> None:
    """Board and card analysis for one board: errors where play is impossible, warnings where lopsided."""
    suits_on_board = set(board.suit_counts())
    cards = list(engine.cards.values())
    card_suits = {c.suit for c in cards if c.suit}
    for s in game.suit_ids:
        if s in suits_on_board and s not in card_suits:
            p.error(board.loc, f"board '{board.id}': suit '{s}' is on the board but no card has it")
    check_balance(game, board, p)
    sail = [c for c in cards if c.kind == "sail"]
    moves = sail_graph(engine, board, sail)
    check_sailing(board, sail, moves, p)
    check_reach(board, moves, p)
    check_cannon(board, cards, p)
    check_dead_cards(game, board, cards, moves, p)
    if not engine.prescribed:  # prescribed starts are checked with the content
        check_placement(board, engine, p)


def sail_graph(engine, board: Board, sail) -> dict[int, dict[tuple, set]]:
    """For each wind: hex -> hexes a ship there can reach with one sail card of that hex's suit."""
    suit_at = board.suit_at
    graph: dict[int, dict[tuple, set]] = {}
    for w in range(6):
        out = {}
        for cell, suit in suit_at.items():
            dests = set()
            for c in sail:
                if c.suit == suit:
                    dests |= engine.reachable(c, w, cell)
            out[cell] = dests
        graph[w] = out
    return graph


def check_balance(game: Game, board: Board, p: Problems) -> None:
    """Warn when one suit covers far more of the board than another."""
    counts = {s: board.suit_counts().get(s, 0) for s in game.suit_ids}
    present = [n for n in counts.values() if n]
    if present and max(present) > 1.5 * min(present):
        split = ", ".join(f"{s} {n}" for s, n in counts.items())
        p.warn(board.loc, f"board '{board.id}': suits are unbalanced ({split})")
    with_cards = {c.suit for c in game.cards if c.suit}
    for s, n in counts.items():
        if not n and s in with_cards:
            p.warn(board.loc, f"board '{board.id}': suit '{s}' has no hexes")


def check_sailing(board: Board, sail, moves, p: Problems) -> None:
    """Trap hexes (no sail move under any wind) are errors; hexes stuck under some winds are warnings."""
    if not sail:
        p.error(board.loc, "no sail cards: no ship can ever move")
        return
    traps = [c for c in board.cells() if not any(moves[w][c] for w in range(6))]
    if traps:
        p.error(board.loc, f"board '{board.id}': a ship on these hexes can never sail, whatever the wind "
                f"(no sail card of their suit moves from them): {_cells(traps)}")
    for w in range(6):
        stuck = [c for c in board.cells() if not moves[w][c] and c not in traps]
        if stuck:
            p.warn(board.loc, f"board '{board.id}': with the wind toward {DIRECTION_NAMES[w]}, a ship cannot sail "
                   f"from {_cells(stuck)}")


def _reach_from(graph: dict, start) -> set:
    seen, todo = {start}, [start]
    while todo:
        c = todo.pop()
        for n in graph[c]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def check_reach(board: Board, moves, p: Problems) -> None:
    """Every hex must reach every other by sailing when the wind may change; per wind, a warning."""
    cells = board.cells()
    union = {c: set().union(*(moves[w][c] for w in range(6))) for c in cells}
    reverse = {c: set() for c in cells}
    for c, ds in union.items():
        for d in ds:
            reverse[d].add(c)
    hub = next(iter(sorted(cells)))
    fwd, back = _reach_from(union, hub), _reach_from(reverse, hub)
    cut = cells - (fwd & back)
    if cut:
        p.error(board.loc, f"board '{board.id}': these hexes cannot be sailed to and back from the rest of the "
                f"board under any winds: {_cells(cut)}")
    for w in range(6):
        g = moves[w]
        rev = {c: set() for c in cells}
        for c, ds in g.items():
            for d in ds:
                rev[d].add(c)
        core = _reach_from(g, hub) & _reach_from(rev, hub)
        if len(core) < len(cells) and not cut:
            p.warn(board.loc, f"board '{board.id}': with the wind toward {DIRECTION_NAMES[w]} alone, "
                   f"{len(cells) - len(core)} hex(es) are not mutually reachable with {_cells([hub])}")


def check_cannon(board: Board, cards, p: Problems) -> None:
    """Each cannon card's exact range must be achievable from some hex of its suit."""
    cells = board.cells()
    suit_at = board.suit_at
    for c in cards:
        if c.kind != "fire" or c.range is None:
            continue
        ok = any(distance(a, b) == c.range for a in cells if suit_at[a] == c.suit for b in cells)
        if not ok:
            p.error(board.loc, f"board '{board.id}': card '{c.id}' can never fire: no {c.suit} hex has another "
                    f"hex at exactly range {c.range}")


def check_dead_cards(game: Game, board: Board, cards, moves, p: Problems) -> None:
    """Cards that can never be played anywhere on this board."""
    suits = set(board.suit_counts())
    for c in cards:
        if c.suit and c.suit not in suits:
            p.error(board.loc, f"board '{board.id}': card '{c.id}' is dead: no hex of suit '{c.suit}'")
        elif c.kind == "sail" and c.suit:
            if not any(moves_for(c, moves, cell) for cell in board.cells() if board.suit_at[cell] == c.suit):
                p.error(board.loc, f"board '{board.id}': card '{c.id}' is dead: it moves no ship from any "
                        f"{c.suit} hex under any wind")


def moves_for(card, moves, cell) -> bool:
    """Whether any wind lets a ship at `cell` move (used with the suit's own cards)."""
    return any(moves[w][cell] for w in range(6))


def check_placement(board: Board, engine, p: Problems) -> None:
    """A complete legal setup placement must exist (first ship near an edge, then the distance rule)."""
    if find_placement(board, engine) is None:
        p.error(board.loc, f"board '{board.id}': no legal setup placement exists for all ships")


def find_placement(board: Board, engine) -> list | None:
    """One legal placement of every ship in setup order, or None."""
    prm = engine.params
    order = placement_order(engine)
    cells = sorted(board.cells())
    edge = engine.edge_distance
    team = engine.team

    def ok(cell, owner, placed) -> bool:
        if any(c == cell for c, _ in placed):
            return False
        if not placed:
            return edge[cell] <= prm.first_ship_edge_distance
        enemies = [c for c, o in placed if team[o] != team[owner]]
        if not enemies:
            return True
        ds = [distance(cell, c) for c in enemies]
        return min(ds) >= prm.placement_min_enemy_distance and prm.placement_exact_enemy_distance in ds

    def search(i, placed):
        if i == len(order):
            return list(placed)
        for cell in cells:
            if ok(cell, order[i], placed):
                placed.append((cell, order[i]))
                got = search(i + 1, placed)
                if got:
                    return got
                placed.pop()
        return None

    return search(0, [])


def placement_order(engine) -> list[int]:
    """Owners of the ships in the order they are placed: players alternate from the first player."""
    per = {pl: list(engine.ships_of[pl]) for pl in engine.players}
    order = []
    while any(per.values()):
        for pl in engine.players:
            if per[pl]:
                per[pl].pop()
                order.append(pl)
    return order


def analyse_all(game: Game, p: Problems) -> None:
    """Analyse the board of every player count the game supports, with that count's engine."""
    from ..engine.narrow_seas import make_game
    from ..errors import PnpgenError

    done = set()
    for n in game.players:
        try:
            engine = make_game(game, players=n)
        except PnpgenError as e:
            p.warn(game.loc, f"{n}-player game not analysed: {e}")
            continue
        key = engine.board.id
        if key not in done:
            done.add(key)
            analyse(game, engine.board, p, engine)
