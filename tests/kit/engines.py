"""What the engine tests of every game share: the bundled packs loaded once, the legal actions as a set."""

from __future__ import annotations

from functools import cache

from pnpgen.load.loader import load_game
from pnpgen.model import Game


@cache
def bundled(name: str) -> Game:
    """A bundled pack, loaded once."""
    return load_game(name)


def legal(s, kind: str | None = None) -> set[tuple]:
    """The legal actions as a set (only those of one type when `kind` is given); none is listed twice."""
    acts = s.legal_actions()
    assert len(acts) == len(set(acts)), "no action is listed twice"
    return {a for a in acts if kind is None or a[0] == kind}
