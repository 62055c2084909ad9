"""What an action did, in words: the engine's sentence for it, then what changed in the position it writes."""

from __future__ import annotations

from collections import Counter
from fnmatch import fnmatchcase
from typing import Any

import yaml

from .api import Engine, Position, State

# Lists longer than this are summed up by count rather than spelled out.
SPELLED_OUT = 6


def facts(engine: Engine, state: State, like: Position) -> dict[str, Any]:
    """The position the engine would write for `state`, flattened to dotted paths ('ships.A.hex': [2, -3])."""
    text = engine.write_position(Position(state, like.game_ref, name=like.name, extra=like.extra))
    return _flatten(yaml.safe_load(text))


def _flatten(value: Any, path: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, inner in value.items():
            out.update(_flatten(inner, f"{path}.{key}" if path else str(key)))
        return out
    return {path: value}


def changes(before: dict[str, Any], after: dict[str, Any], quiet: tuple[str, ...] = ()) -> list[str]:
    """Each fact that differs, as a few words ('ships.A.hex [2, -4] → [2, -3]', 'hands.1 +blue-tack'), in the
    order the engine writes its position; paths matching a `quiet` pattern (fnmatch) are left out."""
    out = []
    for path in [*after, *(p for p in before if p not in after)]:
        old, new = before.get(path), after.get(path)
        both_empty = _is_list(old) and _is_list(new) and not old and not new
        if old == new or both_empty or any(fnmatchcase(path, pattern) for pattern in quiet):
            continue
        out.append(f"{path} {_change(old, new)}")
    return out


def _change(old: Any, new: Any) -> str:
    if _is_list(old) and _is_list(new):
        gone = Counter(map(_word, old or [])) - Counter(map(_word, new or []))
        came = Counter(map(_word, new or [])) - Counter(map(_word, old or []))
        if not gone and not came:
            return "reordered"
        return " ".join(filter(None, (_counted("+", came), _counted("−", gone))))
    if old is None:
        return _word(new)
    if new is None:
        return f"{_word(old)} → none"
    return f"{_word(old)} → {_word(new)}"


def _is_list(value: Any) -> bool:
    """True for a list of things (or none yet); a list of numbers is one value, such as a hex's coordinates."""
    return value is None or (isinstance(value, list) and not _numbers(value))


def _numbers(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, (int, float)) for v in value)


def _counted(sign: str, items: Counter) -> str:
    names = list(items.elements())
    if not names:
        return ""
    if len(names) > SPELLED_OUT:
        return f"{sign}{len(names)}"
    return " ".join(sign + name for name in names)


def _word(value: Any) -> str:
    if isinstance(value, list):
        if _numbers(value):
            return "[" + ", ".join(map(_word, value)) + "]"
        return " ".join(map(_word, value))
    if isinstance(value, dict):
        return " ".join(f"{k} {_word(v)}" for k, v in value.items())
    return "none" if value is None else str(value)


def narration(engine: Engine, start: Position, actions: list) -> list[str]:
    """One line an action of a log ('3. round 1, setup phase, player 1 to move: place A at [2, -4] — ...'),
    then the status the last action leaves."""
    state = start.state.clone()
    lines = []
    before = facts(engine, state, start)
    for number, action in enumerate(actions, start=1):
        line, before = step(engine, state, action, start, before)
        lines.append(f"{number}. {line}")
    lines.append(engine.status(state))
    return lines


def step(engine: Engine, state: State, action: Any, like: Position,
         before: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """Play `action` in `state` (in place); (its line, the facts after it). `before`: the state's facts, if known."""
    if before is None:
        before = facts(engine, state, like)
    said = f"{engine.status(state)}: {engine.describe_action(state.rules, action)}"
    state.apply(action)
    after = facts(engine, state, like)
    changed = changes(before, after, engine.narration_quiet)
    return said + (" — " + "; ".join(changed) if changed else ""), after
