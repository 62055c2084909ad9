"""Checks and summaries for square-grid boards and boards of named locations."""

from __future__ import annotations

from ..errors import Loc, Problems
from ..model import Board, Game
from .graph import connected_parts


def describe_board(game: Game, board: Board, label: str) -> str:
    """A square or location board in a few words, for the one-line summary."""
    if board.grid == "square":
        counts = board.terrain_counts()
        detail = [f"{counts[t.id]} {t.name.lower()}" for t in game.terrains if counts.get(t.id)]
        detail = "; ".join(filter(None, [", ".join(detail), "wrapping" if board.wrap else ""]))
        return f"{label} {board.width}x{board.height} squares" + (f" ({detail})" if detail else "")
    slots = sum(loc.slots for loc in board.locations)
    return f"{label} {len(board.locations)} locations ({slots} slots)"


def check_board(game: Game, board: Board, p: Problems) -> None:
    """Square boards: every open square reachable, none boxed in; location boards: locations, distinct places."""
    if board.grid == "square":
        check_squares(game, board, p)
    elif board.grid == "none" and not board.locations:
        p.error(board.loc, f"board '{board.id}' (grid: none) has no locations")
    places: dict = {}
    for loc in board.locations:
        if loc.at is None:
            continue
        if loc.at in places:
            p.error(loc.loc, f"board '{board.id}': location '{loc.id}' is at {list(loc.at)}, where "
                    f"'{places[loc.at]}' already is")
        else:
            places[loc.at] = loc.id


def open_squares(game: Game, board: Board) -> set[tuple[int, int]]:
    """Squares a piece may enter: those whose terrain does not block."""
    blocking = {t.id for t in game.terrains if t.blocks}
    return {c.xy for c in board.squares if c.terrain not in blocking}


def check_squares(game: Game, board: Board, p: Problems) -> None:
    """Every open square has a way out to a neighbour (wrapping when the board wraps), and all are connected."""
    if not board.squares:
        p.error(board.loc, f"board '{board.id}' has no squares")
        return
    free = open_squares(game, board)
    if not free:
        p.error(board.loc, f"board '{board.id}': every square is blocked")
        return
    edges = "its edges wrap" if board.wrap else "its edges do not wrap"
    boxed = set()
    for xy in sorted(free, key=lambda c: (c[1], c[0])):
        around = board.square_neighbours(xy)
        if any(n in free for n in around):
            continue
        boxed.add(xy)
        blockers = [board.square_at(*n) for n in around]
        what = ", ".join(f"{c.terrain} at [{c.x}, {c.y}]" for c in blockers if c is not None)
        p.error(where(board, xy, around), f"board '{board.id}': square [{xy[0]}, {xy[1]}] has no way out: "
                f"{what or 'it has no neighbours'} ({edges})")
    parts = open_parts(board, free - boxed)
    if len(parts) > 1:
        main = parts[0]
        cut = sorted((xy for part in parts[1:] for xy in part), key=lambda c: (c[1], c[0]))
        shown = ", ".join(f"[{x}, {y}]" for x, y in cut[:6]) + (" …" if len(cut) > 6 else "")
        p.error(where(board, cut[0], board.square_neighbours(cut[0])),
                f"board '{board.id}' is not connected: {len(cut)} open square(s) cut off from the other "
                f"{len(main)} ({edges}): {shown}")


def open_parts(board: Board, free: set[tuple[int, int]]) -> list[set]:
    """The connected parts of a set of squares, largest first."""
    return connected_parts(free, board.square_neighbours, order=lambda c: (c[1], c[0]))


def where(board: Board, xy: tuple[int, int], around: list[tuple[int, int]]) -> Loc | None:
    """The best place to report a square: its own cell entry, else a listed neighbour's, else the board."""
    for c in [xy, *around]:
        cell = board.square_at(*c)
        if cell is not None and cell.loc is not None and cell.loc != board.loc:
            return cell.loc
    return board.loc
