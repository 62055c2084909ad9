"""Provisional values: what the designer has not settled yet, and why (the cover lists them, `check` counts them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Loc
from ..source.declare import Kind, declared, describe
from ..source.yamlsrc import loc_of

WHY = {"type": "string", "pattern": r"\S"}


@dataclass(frozen=True)
class Provisional:
    """A value the designer has not settled yet: what it is, why it is provisional, and where it is set."""

    what: str  # "Fire (card)", "rules damage_deck_size: 20", "players: 2, 3, 4"
    why: str
    loc: Loc | None = field(default=None, compare=False, repr=False)
    players: tuple[int, ...] = ()  # the player counts it concerns (empty: every count)


class Reason(Kind):
    """Why an item is not final: a line of text that is not blank."""

    words = "a string"
    plural = "strings"
    empty = ""

    def read(self, v: Any, at: Any) -> Any:
        if not isinstance(v, str):
            return at.wrong(self, v, "type")
        if not v.strip():
            return at.bad(f"{at.label} must say why the value is not final")
        return v.strip()

    def schema(self) -> dict:
        return dict(WHY)

    def doc(self) -> str:
        return "string"


class Marks(Kind):
    """A game's or variant's own values marked provisional: field names ('players') and rules parameters
    ('rules.NAME'), each to why it is not final. The keys are checked when the rules are linked."""

    words = "a mapping"
    empty = ()

    def __init__(self, fields: tuple[str, ...]):
        self.fields = fields

    def read(self, v: Any, at: Any) -> Any:
        if not isinstance(v, dict):
            return at.wrong(self, v, "type")
        out = []
        for key, why in v.items():
            if isinstance(why, str) and why.strip():
                out.append((str(key), why.strip()))
            else:
                at.problems.error(loc_of(v, key), f"provisional: '{key}' must say why it is not final, got "
                                  f"{describe(why)}")
        return tuple(out)

    def schema(self) -> dict:
        names = [{"pattern": r"^rules\.[A-Za-z0-9_-]+$"}] + ([{"enum": list(self.fields)}] if self.fields else [])
        return {"type": "object", "propertyNames": {"anyOf": names}, "additionalProperties": dict(WHY)}

    def doc(self) -> str:
        return "mapping of field or rules.NAME to string"

    def limits(self) -> str:
        return "keys: " + ", ".join(f"`{k}`" for k in (*self.fields, "rules.NAME"))


REASON = Reason()


def provisional_field(doc: str = "why it is not final: the cover lists it, `check` counts it") -> Any:
    """The `provisional:` field of an item (a card, deck, board, token, action, area card or player aid)."""
    return declared(doc, kind=REASON, default="")
