"""What a seat may know of a game it plays: how it sees a position, and what it is told of another player's action.

A seat is told another player's action in full when what it sees afterwards tells that action apart from every
other choice the player had; when some other choice would have looked the same to it (a plan made in secret, a
card chosen face down), it is told only the kind of action. This needs nothing of an engine beyond the contract:
`observation(viewer)` and `scene(state, viewer)` say what the seat sees.
"""

from __future__ import annotations

from typing import Any

from ..engine.api import Engine, State


def looks(engine: Engine, state: State, viewer: int) -> tuple:
    """What `viewer` sees of a position: its observation and the picture's scene as that seat sees it."""
    try:
        observed = state.observation(viewer)
    except NotImplementedError:
        observed = None
    return observed, engine.scene(state, viewer)


def _after(engine: Engine, state: State, action: Any, viewer: int) -> tuple:
    after = state.clone()
    after.apply(action)
    return looks(engine, after, viewer)


def told(engine: Engine, state: State, action: Any, viewer: int) -> str:
    """The sentence `viewer` is told when the player to move in `state` plays `action`: the engine's sentence for
    it, or only its kind when another of that player's choices would have looked the same to `viewer`."""
    if state.current_player() == viewer:
        return engine.describe_action(state.rules, action)
    seen = _after(engine, state, action, viewer)
    for other in state.legal_actions():
        if other != action and _after(engine, state, other, viewer) == seen:
            kind = engine.action_to_json(state.rules, action).get("type", "an action")
            return f"{kind} (which one is hidden from you)"
    return engine.describe_action(state.rules, action)
