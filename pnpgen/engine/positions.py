"""Position and log files of any game: the generic opener reads `game:`, finds the pack (relative to the file first)
and its engine, and lets the engine read the rest."""

from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import ContentError, ContentErrors, Loc, PnpgenError, Problems
from ..files.paths import DEFAULT_GAME, resolve_game
from ..load.loader import load_game
from ..model import Game
from ..source.fields import Fields, as_list
from ..source.yamlsrc import display_path, key_loc, load_yaml, loc_of, parse_yaml
from .api import Engine, Log, LoggedAction, Position, Rules, Source, engine_for, replay

ACTIONS = "actions"  # the key of a playtest log's list of actions


class Opened(NamedTuple):
    """A position file as read: the engine of its game and the position."""

    engine: Engine
    position: Position


def open_position(path: Path | str, extra_keys: tuple[str, ...] = ()) -> Opened:
    """Read a position file of any game; raise ContentErrors listing every located problem."""
    p = Path(path)
    problems = Problems()
    with _located(problems):
        doc = load_yaml(p, problems)
        problems.raise_if_any()
        return read_doc(doc, problems, p.parent, display_path(p), extra_keys)


def read_text(text: str, name: str = "<position>", base: Path | None = None,
              extra_keys: tuple[str, ...] = ()) -> Opened:
    """Read a position from YAML text (paths in it are relative to `base`, default the working folder)."""
    problems = Problems()
    with _located(problems):
        doc = parse_yaml(text, name, problems)
        problems.raise_if_any()
        return read_doc(doc, problems, base or Path.cwd(), name, extra_keys)


def read_doc(doc: Any, problems: Problems, base: Path, name: str, extra_keys: tuple[str, ...] = ()) -> Opened:
    """A position from a located YAML mapping: its `game:` found here, the rest read by that game's engine."""
    f = Fields(doc, "position", problems, Loc(name, 1, 1))
    problems.raise_if_any()
    ref = f.get("game", str, DEFAULT_GAME) or DEFAULT_GAME
    if isinstance(doc, dict) and ACTIONS in doc and ACTIONS not in extra_keys:
        problems.error(key_loc(doc, ACTIONS),
                       "this is a playtest log: --at N reads the position after its first N actions")
        problems.raise_if_any()
    content = _game(f, ref, base)
    engine = engine_for(content)
    if engine is None:
        f.err("game", f"game '{content.id}' has no rules engine to read positions with"
              + (f" (none is registered as '{content.engine}')" if content.engine else ""))
        problems.raise_if_any()
    return Opened(engine, engine.read_position(Source(doc, content, ref, base, name), problems, extra_keys))


def open_log(path: Path | str) -> tuple[Engine, Log]:
    """Read a playtest log (a position and `actions:`); raise ContentErrors for located problems."""
    engine, position = open_position(path, extra_keys=(ACTIONS,))
    return engine, read_log(engine, position)


def read_log(engine: Engine, position: Position) -> Log:
    """The actions of a log whose position has been read (none when it lists no `actions:`)."""
    problems = Problems()
    doc = position.doc
    raw = doc.get(ACTIONS) if isinstance(doc, dict) else None
    items = as_list(raw, ACTIONS, problems, loc_of(doc, ACTIONS)) if raw is not None else []
    rules = position.state.rules
    out = []
    for k, obj in enumerate(items):
        loc = loc_of(items, k)
        got = engine.action_from_json(rules, obj, problems, f"action {k + 1}", loc)
        if got is not None:
            out.append(LoggedAction(got[0], got[1], loc))
    problems.raise_if_any()
    return Log(position, out)


def open_position_at(path: Path | str, at: int) -> Opened:
    """The position of a log after its first `at` actions, each checked (IllegalMove at the first illegal one);
    a located error when the log has fewer actions."""
    engine, log = open_log(path)
    position = log.position
    n = len(log.actions)
    if not 0 <= at <= n:
        where = loc_of(position.doc, ACTIONS) if isinstance(position.doc, dict) and ACTIONS in position.doc \
            else Loc(position.name, 1, 1)
        raise ContentErrors([ContentError(where, f"--at {at}: the log has {n} action{'s' * (n != 1)} "
                                                 f"(give 0 to {n})")])
    done = replay(engine, log, upto=at)
    return Opened(engine, Position(done.state, position.game_ref, position.doc, position.name, position.extra))


def read_action(engine: Engine, rules: Rules, text: str, name: str = "<action>") -> tuple[Any, int | None]:
    """(action, the player it names or None) from JSON (or YAML flow) text; raise ContentErrors if malformed."""
    problems = Problems()
    with _located(problems):
        obj = parse_yaml(text, name, problems)
    problems.raise_if_any()
    got = engine.action_from_json(rules, obj, problems, "action", Loc(name, 1, 1))
    problems.raise_if_any()
    if got is None:
        problems.error(Loc(name, 1, 1), "action: not a valid action")
        problems.raise_if_any()
    return got


@contextmanager
def _located(problems: Problems):
    """A single located error (a YAML syntax error, an unreadable file) joins the others as ContentErrors."""
    try:
        yield
    except ContentError as e:
        raise ContentErrors([*problems.errors, e]) from None


def _game(f: Fields, ref: str, base: Path) -> Game:
    near = base / ref  # a content folder named relative to the position comes first
    target = str(near) if (near / "game.yaml").is_file() or (near.name == "game.yaml" and near.is_file()) else ref
    try:
        return cached_game(target)
    except PnpgenError as e:
        if type(e) is PnpgenError:  # the name did not resolve; content errors pass through located
            f.err("game", str(e))
            f.problems.raise_if_any()
        raise


def cached_game(name: str) -> Game:
    """load_game, remembered while no YAML file of the pack changes (replays and tests read many positions)."""
    root = resolve_game(name).resolve()
    stamp = tuple(sorted((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in root.rglob("*.yaml")))
    return _load_cached(str(root), stamp)


@lru_cache(maxsize=8)
def _load_cached(root: str, stamp: tuple) -> Game:
    return load_game(root)


def figure_state(engine: Engine, content: Game, path: Path, at: int | None, ref: str, loc: Loc | None,
                 problems: Problems):
    """The state a rulebook's position block draws: its file read by the engine as a position of this pack
    (whatever its `game:` says: the rulebook is this pack's), after `at` actions of a playtest log; None after
    located errors (recorded in `problems`)."""
    from .api import IllegalAction

    name = display_path(path)
    own = Problems()
    try:
        doc = load_yaml(path, own)
        own.raise_if_any()
        position = engine.read_position(Source(doc, content, content.id, path.parent, name), own,
                                         (ACTIONS,) if at is not None else ())
        if at is None:
            return position.state
        log = read_log(engine, position)
        if at > len(log.actions):
            problems.error(loc, f"rulebook: 'at: {at}' is past the end of {ref}, which holds {len(log.actions)} "
                           "actions")
            return None
        return replay(engine, log, at).state
    except ContentErrors as e:
        for err in e.errors:
            problems.error(err.loc, err.message)
    except ContentError as e:
        problems.error(e.loc, e.message)
    except IllegalAction as e:
        problems.error(loc, f"rulebook: {ref}: {e}")
    return None
