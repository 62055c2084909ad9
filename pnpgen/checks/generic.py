"""Checks that hold for any game: declared counts, references, board validity."""

from __future__ import annotations

from ..engine.api import engine_named, registered_engines
from ..errors import Problems
from ..maths.hexgrid import neighbours
from ..model import Game
from ..source.declare import REQUIRED, declarations
from ..source.fields import did_you_mean
from . import backs, grids, icons
from .graph import connected_parts
from .registry import GameChecks, registered_checks


def actual_counts(game: Game) -> dict[str, int]:
    """How many of each countable component the content holds (a game's checks may count more kinds)."""
    return {
        "cards": sum(d.size for d in game.decks),
        "decks": len(game.decks),
        "hexes": len(game.board.hexes) if game.board else 0,
        "boards": len(game.boards),
        "area_cards": len(game.area_cards),
        "tokens": sum(t.count for t in game.tokens),
        "player_aids": len(game.player_aids),
    }


def summary(game: Game, own: GameChecks | None = None) -> str:
    """One line: what the game holds (its area cards in the words of its own checks, when it has them)."""
    parts = []
    for d in game.decks:
        by_suit = {s: sum(c.count for c in d.cards if s in c.every_suit) for s in game.suit_ids}  # each suit counts
        neutral = sum(c.count for c in d.cards if not c.every_suit)
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
    own_words = own.summary(game) if own is not None else []
    n = len(game.area_cards)
    parts += own_words or ([f"{n} area card{'s' * (n != 1)}"] if n else [])
    for count, word in ((len(game.player_aids), "player aid"), (sum(t.count for t in game.tokens), "token")):
        if count:
            parts.append(f"{count} {word}{'s' * (count != 1)}")
    if game.provisional:  # values the designer marked as not final, the variants' included
        parts.append(f"{len(game.provisional)} provisional")
    return f"{game.id}: " + ", ".join(parts)


def check(game: Game, p: Problems, own: GameChecks | None = None) -> None:
    """Generic checks: the engine's name, declared counts (with the kinds the game's own checks count), decks,
    boards."""
    known = check_engine(game, p)
    actual = actual_counts(game)
    if own is not None:
        actual.update(own.counts(game))
    locs = dict(game.declared_locs)
    for key, n in game.declared:
        if key not in actual:
            if known:  # an unknown engine's own counts cannot be judged
                p.error(locs.get(key) or game.loc, f"counts: unknown component '{key}' (expected one of: "
                        f"{', '.join(actual)})" + did_you_mean(key, actual))
        elif actual[key] != n:
            p.error(locs.get(key) or game.loc, f"counts: the game declares {n} {key.replace('_', ' ')} but the "
                    f"content has {actual[key]}")
    for d in game.decks:
        if d.declared_count is not None and d.declared_count != d.size:
            p.error(d.loc, f"deck '{d.id}': declares {d.declared_count} cards but lists {d.size}")
        if d.size == 0:
            p.error(d.loc, f"deck '{d.id}' holds no cards")
    for b in game.boards:
        check_board(game, b, p)
    pending_rules(game, p)
    icons.check(game, p)
    backs.check(game, p)
    for v in game.variants:  # a variant's decks mix with the game's under its rules
        backs.check(game.with_variant(v.id), p)
    used = {s for c in game.cards for s in c.every_suit}
    for s in game.suits:
        if game.cards and s.id not in used:
            p.warn(s.loc, f"suit '{s.id}' has no cards")


def pending_rules(game: Game, p: Problems) -> None:
    """Text that names a rules parameter the content does not set: an error, unless the engine declares that
    parameter with no default (its own check says it is missing); one with a default must be written out to
    be printed."""
    declared = _rules_parameters(game)
    for ref in game.pending_rules:
        spec = declared.get(ref.name)
        if spec is not None and spec.default is REQUIRED:
            continue  # 'rules: missing parameter' says it, at the rules
        if spec is not None:
            p.error(ref.loc, f"{ref.message.split(': unknown', 1)[0]}: the rules leave '{ref.name}' at the engine's "
                    f"default ({spec.default}); write '{ref.name}: {spec.default}' in the rules to print it")
        else:
            p.error(ref.loc, ref.message)


def _rules_parameters(game: Game) -> dict:
    """The rules parameters the game's engine declares, by name (their specs); none for a game without one."""
    if not game.engine or game.engine not in registered_engines():  # (no engine: the plug-ins are not read)
        return {}
    params = engine_named(game.engine).rules_parameters
    return {d.key: d.spec for d in declarations(params)} if params is not None else {}


def known_engines() -> list[str]:
    """Every name a pack's `engine:` may give: installed rules engines and games with checks of their own."""
    return sorted(set(registered_engines()) | set(registered_checks()))


def check_engine(game: Game, p: Problems) -> bool:
    """Whether the engine the game names (if any) is installed; an error located at its name when not."""
    if game.engine is None or game.engine in known_engines():
        return True
    p.error(game.engine_loc or game.loc, f"game: unknown engine '{game.engine}' (expected one of: "
            f"{', '.join(known_engines())})" + did_you_mean(game.engine, known_engines()))
    return False


def check_board(game: Game, board, p: Problems) -> None:
    """A board must have hexes (a hex may have no suit) and be connected."""
    if board.grid != "hex":
        grids.check_board(game, board, p)
        return
    if not board.hexes:
        p.error(board.loc, f"board '{board.id}' has no hexes")
        return
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
