"""The actions a click on the picture could mean where none of the seat's legal actions goes.

A spot's key names what it shows (a marker's label, a cell's coordinates, a place's location, a card's id); an
action's JSON names the same things as values. A click on a spot no legal action involves is read as one of the
seat's legal actions with that spot in place of one of the same kind (the card clicked in place of the card that
may be played, the ship clicked in place of the ship that may be aimed at), so that the engine's judge can say
which rule that action breaks. This needs nothing of an engine beyond the spots of its legal actions.
"""

from __future__ import annotations

import json
from typing import Any

MOST_TRIES = 12  # distinct actions asked about for one click


def identity(key: str) -> tuple[str, Any] | None:
    """A spot's kind and the value an action's JSON would name it by ('card:Player 1's hand:rake' -> ('card',
    'rake'), 'cell:2,-1' -> ('cell', [2, -1])); None for a whole row, which an action names in its own way."""
    kind, _, rest = key.partition(":")
    if kind == "marker":
        return kind, rest
    if kind == "cell":
        try:
            q, r = (int(x) for x in rest.split(","))
        except ValueError:
            return None
        return kind, [q, r]
    if kind == "place":
        return kind, rest.partition(":")[2]
    if kind == "card":
        return kind, rest.rpartition(":")[2]
    return None


def _replaced(value: Any, old: Any, new: Any) -> Any:
    if value == old and type(value) is type(old):
        return new
    if isinstance(value, dict):
        return {k: _replaced(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_replaced(v, old, new) for v in value]
    return value


def tries(key: str, offered: list[tuple[dict, list[str]]]) -> list[dict]:
    """The actions a click on `key` could mean: each offered action (its JSON and its spots' keys) with the
    clicked spot's value in place of that of one of its spots of the same kind; distinct, none of them offered."""
    clicked = identity(key)
    if clicked is None:
        return []
    kind, new = clicked
    seen = {_text(action) for action, _ in offered}
    out = []
    for action, spots in offered:
        for spot in spots:
            got = identity(spot)
            if got is None or got[0] != kind or got[1] == new:
                continue
            candidate = _replaced(action, got[1], new)
            text = _text(candidate)
            if text not in seen:
                seen.add(text)
                out.append(candidate)
                if len(out) == MOST_TRIES:
                    return out
    return out


def _text(action: dict) -> str:
    return json.dumps(action, sort_keys=True)
