"""Checks that hold for any game: declared counts, references, board validity."""

from __future__ import annotations

from ..errors import Problems
from ..hexgrid import neighbours
from ..model import Game
from . import grids, icons
from .graph import connected_parts


def actual_counts(game: Game) -> dict[str, int]:
    """How many of each countable component the content holds."""
    return {
        "cards": sum(d.size for d in game.decks),
        "decks": len(game.decks),
        "hexes": len(game.board.hexes) if game.board else 0,
        "boards": len(game.boards),
        "ship_cards": sum(1 for a in game.area_cards if a.kind == "ship"),
        "sick_bays": sum(1 for a in game.area_cards if a.kind == "sickbay"),
        "area_cards": len(game.area_cards),
        "tokens": sum(t.count for t in game.tokens),
        "player_aids": len(game.player_aids),
    }


def summary(game: Game) -> str:
    """One line: what the game holds."""
    parts = []
    for d in game.decks:
        by_suit = {s: sum(c.count for c in d.cards if c.suit == s) for s in game.suit_ids}
        neutral = sum(c.count for c in d.cards if c.suit is None)
        detail = [f"{n} {s}" for s, n in by_suit.items() if n] + ([f"{neutral} neutral"] if neutral and any(
            by_suit.values()) else [])
        label = "cards" if len(game.decks) == 1 else f"{d.name} cards"
        parts.append(f"{d.size} {label}" + (f" ({', '.join(detail)})" if detail else ""))
    for b in game.boards:
        counts = b.suit_counts()
        split = "/".join(str(counts.get(s, 0)) for s in game.suit_ids if counts.get(s))
        label = "board" if len(game.boards) == 1 else f"board {b.id}"
        if b.grid != "hex":
            parts.append(grids.describe_board(game, b, label))
            continue
        parts.append(f"{label} {len(b.hexes)} hexes" + (f" ({split})" if split else ""))
    c = actual_counts(game)
    for key, word in (("ship_cards", "ship card"), ("sick_bays", "sick bay"), ("player_aids", "player aid"),
                      ("tokens", "token")):
        if c[key]:
            parts.append(f"{c[key]} {word}{'s' if c[key] != 1 and not word.endswith('y') else ''}"
                         .replace("sick bay", "sick bays" if c[key] != 1 else "sick bay"))
    others = c["area_cards"] - c["ship_cards"] - c["sick_bays"]
    if others:
        parts.append(f"{others} other cards")
    return f"{game.id}: " + ", ".join(parts)


def check(game: Game, p: Problems) -> None:
    """Generic checks: declared counts, decks, boards."""
    actual = actual_counts(game)
    locs = dict(game.declared_locs)
    for key, n in game.declared:
        if actual.get(key) != n:
            p.error(locs.get(key) or game.loc, f"counts: the game declares {n} {key.replace('_', ' ')} but the "
                    f"content has {actual.get(key)}")
    for d in game.decks:
        if d.declared_count is not None and d.declared_count != d.size:
            p.error(d.loc, f"deck '{d.id}': declares {d.declared_count} cards but lists {d.size}")
        if d.size == 0:
            p.error(d.loc, f"deck '{d.id}' holds no cards")
    for b in game.boards:
        check_board(game, b, p)
    icons.check(game, p)
    used = {c.suit for c in game.cards if c.suit}
    for s in game.suits:
        if game.cards and s.id not in used:
            p.warn(s.loc, f"suit '{s.id}' has no cards")


def check_board(game: Game, board, p: Problems) -> None:
    """A board must have hexes, all suited when the game has suits, and be connected."""
    if board.grid != "hex":
        grids.check_board(game, board, p)
        return
    if not board.hexes:
        p.error(board.loc, f"board '{board.id}' has no hexes")
        return
    if game.suits:
        for h in board.hexes:
            if h.suit is None:
                p.error(h.loc, f"board '{board.id}': hex [{h.q}, {h.r}] has no suit")
    parts = components(board.cells())
    if len(parts) > 1:
        main = parts[0]
        cut = [h for h in board.hexes if h.qr not in main]
        shown = ", ".join(f"[{h.q}, {h.r}]" for h in cut[:6]) + (" …" if len(cut) > 6 else "")
        p.error(cut[0].loc, f"board '{board.id}' is not connected: {len(cut)} hex(es) cut off from the other "
                f"{len(main)}: {shown}")


def components(cells: frozenset) -> list[set]:
    """The connected parts of a set of hexes, largest first (ties keep the order found)."""
    return connected_parts(cells, neighbours)
