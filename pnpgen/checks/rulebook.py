"""The rulebook against the engine: every section the engine cites when it refuses an action is a section of the
pack's rulebook with that number, every position the rulebook draws is one the engine reads, and the engine's
readings name sections the rulebook has, and the cards and tokens it shows are the pack's. (What the text states
against the data is checked on loading.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.api import Engine, engine_for, same_section
from ..errors import ContentErrors, Loc, PnpgenError, Problems
from ..model import Game
from ..source.declare import did_you_mean

if TYPE_CHECKING:  # (the rulebook's model loads with a pack that has one)
    from ..model.rulebook import Figure, Heading, Rulebook


def check(game: Game, problems: Problems) -> None:
    """Citations both ways, positions and readings (nothing without a rulebook)."""
    book = game.rulebook
    if book is None:
        return
    for figure in book.figures():
        _shown_ids(figure, game, problems)
    engine = engine_for(game)
    if engine is None and game.engine:
        return  # (an engine that is not installed: `check` names it, once)
    playable = engine is not None and _playable(engine, game)
    from ..engine.positions import figure_state  # (positions load only for a pack whose rulebook draws them)

    for figure in book.figures("position"):
        if engine is not None and not playable:
            break  # (rules the engine cannot set up: its own checks say why, once)
        if engine is None:
            problems.error(figure.loc, "rulebook: a position block needs the game's rules engine to draw it, and "
                           f"game '{game.id}' has none")
            continue
        own = Problems()  # (a position the rules as set no longer allow is a warning: a sweep or an edit goes on)
        state = figure_state(engine, game, figure.path, figure.at, figure.ref, figure.loc, own)
        for e in own.errors:
            problems.warn(e.loc, f"{e.message} (the rulebook's position {figure.ref} is left out until it reads)")
        if state is not None and engine.scene(state) is None:
            problems.error(figure.loc, f"rulebook: the {engine.name} engine draws no pictures of a position")
    if engine is None:
        if book.figures("clarifications"):
            problems.error(book.figures("clarifications")[0].loc, "rulebook: a clarifications block prints the "
                           f"readings of the game's rules engine, and game '{game.id}' has none")
        return
    numbered = [h for h in book.headings if h.number]
    for number, title in engine.sections.items():
        found = next((h for h in numbered if same_section(h.number, number)), None)
        if found is None:
            problems.error(_before(book, number), f"rulebook: the {engine.name} engine cites section {number} "
                           f"({title}) when it refuses an action, but the rulebook has no section {number}: number a "
                           f"heading '{number} {title}'")
        elif not _shares_a_word(found.title, title):
            problems.warn(found.loc, f"rulebook: section {found.number} is '{found.title}', but the {engine.name} "
                          f"engine cites it as '{title}'")
    if book.figures("clarifications"):
        missing = dict.fromkeys(r.section for r in _readings(engine, game) if not any(
            same_section(h.number, r.section) for h in numbered))
        if missing:
            problems.warn(book.figures("clarifications")[0].loc, f"rulebook: the {engine.name} engine's readings "
                          f"concern sections the rulebook lacks: {', '.join(missing)}")


def _shown_ids(figure: Figure, game: Game, problems: Problems) -> None:
    """Every card or token a block shows is one of the pack's."""
    if figure.kind not in ("cards", "tokens"):
        return
    decks = game.decks + tuple(d for v in game.variants for d in v.decks)
    known = [c.id for d in decks for c in d.cards] if figure.kind == "cards" else \
        [t.id for t in game.tokens + tuple(t for v in game.variants for t in v.tokens)]
    for cid, at in zip(figure.ids, figure.id_locs):
        if cid not in known:
            listed = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
            problems.error(at, f"rulebook: unknown {figure.kind[:-1]} '{cid}' (expected one of: {listed})"
                           + did_you_mean(cid, known))


def _playable(engine: Engine, game: Game) -> bool:
    """Whether the engine sets up the game at every player count."""
    try:
        for n in game.players:
            engine.make_rules(game, n)
    except (ContentErrors, PnpgenError):
        return False
    return True


def _readings(engine: Engine, game: Game) -> tuple:
    try:
        return engine.readings(game)
    except (ContentErrors, PnpgenError):  # the rules parameters do not read: the engine's checks say why
        return ()


def _before(book: Rulebook, number: str) -> Loc | None:
    """Where a missing section would go: the heading of the last section numbered below it (else the book's
    first heading, else where game.yaml names the rulebook)."""
    want = _key(number)
    below = [h for h in book.headings if h.number and _key(h.number) < want]
    if below:
        return max(below, key=lambda h: _key(h.number)).loc
    first = next(iter(book.headings), None)
    return first.loc if first is not None else book.loc


def _key(number: str) -> tuple[int, ...]:
    parts = [int(x) for x in number.split(".") if x.isdigit()]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def _shares_a_word(a: str, b: str) -> bool:
    words = lambda s: {w.strip("&:,.()'").lower() for w in s.split() if len(w.strip("&:,.()'")) > 3}  # noqa: E731
    return bool(words(a) & words(b)) or not words(a) or not words(b)


def headings_by_number(book: Rulebook) -> dict[str, Heading]:
    """The numbered headings, by number."""
    return {h.number: h for h in book.headings if h.number}
