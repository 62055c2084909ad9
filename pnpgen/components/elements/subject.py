"""What an element template draws from: a piece's data (a card's name, fields, suits and picture; a token's or a
hex's values), and how text, colours, conditions and repeats bind to it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from ...draw.colour import is_colour, luminance, readable_on, shade, tint
from ...errors import Loc
from .values import BINDING, Condition

REFERENCE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_.-]*)\}")
SUIT_KEYS = ("suit.name", "suit.id", "suit.symbol", "suit.colour")


@dataclass(frozen=True)
class Subject:
    """The data of one piece: values by name (as printed), raw values (for conditions), field labels, suits, the
    picture; `item` holds the current repeat's values (its suit, icon, count, index)."""

    what: str  # "card 'sun-3'": how messages name it
    loc: Loc | None
    shown: dict = field(compare=False)  # name -> the text it prints as
    raw: dict = field(compare=False)  # name -> its value
    labels: dict = field(default_factory=dict, compare=False)  # field id -> its label
    suits: tuple[str, ...] = ()
    image: Any = None  # an ImageRef, or None
    rules: Any = None  # the game's Rules, for {rules.NAME}
    item: dict = field(default_factory=dict, compare=False)

    @property
    def suit(self) -> str | None:
        """The suit in hand: the repeat's, else the piece's first."""
        return self.item.get("suit") or (self.suits[0] if self.suits else None)

    def names(self) -> list[str]:
        """Every name a reference may use, for did-you-mean."""
        return sorted({*self.shown, *self.item, *SUIT_KEYS, "suits"} | {f"label.{k}" for k in self.labels})

    def with_item(self, **values) -> Subject:
        """The subject within one repeat."""
        return replace(self, item={**self.item, **values})


class Unbound(Exception):
    """A reference names nothing the piece has."""


def lookup(subject: Subject, name: str, suits: dict) -> str:
    """What `{name}` prints for a subject (suits: the game's suits by id)."""
    if name in subject.item:
        value = subject.item[name]
        return "{" + str(value) + "}" if name == "icon" else str(value)  # an icon marker: the text setter draws it
    if name.startswith("suit."):
        suit = suits.get(subject.suit) if subject.suit else None
        if suit is None:
            return ""
        part = name[5:]
        if part == "symbol":
            return "{" + suit.id + "}"  # an icon marker: the text setter draws the symbol
        if part in ("name", "id", "colour"):
            return str(getattr(suit, part))
        raise Unbound(name)
    if name == "suits":
        return " ".join(suits[s].name for s in subject.suits if s in suits)
    if name.startswith("label."):
        if name[6:] in subject.labels:
            return subject.labels[name[6:]]
        raise Unbound(name)
    if name.startswith("rules."):
        key = name[6:]
        if subject.rules is not None and key in subject.rules:
            return _plain(subject.rules[key])
        raise Unbound(name)
    if name in subject.shown:
        return subject.shown[name]
    raise Unbound(name)


def _plain(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def fill_text(text: str, subject: Subject, suits: dict, icons) -> tuple[str, list[str]]:
    """The text with each {reference} replaced by the piece's data; {names} of icons stay for the text setter.
    Returns the text and the references that name nothing."""
    unbound: list[str] = []

    def one(m: re.Match) -> str:
        name = m.group(1)
        try:
            return lookup(subject, name, suits)
        except Unbound:
            if icons.known(name):
                return m.group(0)
            unbound.append(name)
            return ""
    return REFERENCE.sub(one, text), unbound


def raw_value(subject: Subject, name: str) -> Any:
    """A name's value for a condition: the repeat's, a field's, or what the piece has (suit, suits, image ...)."""
    if name in subject.item:
        return subject.item[name]
    if name == "suit":
        return subject.suit
    if name == "suits":
        return len(subject.suits)
    if name == "image":
        return subject.image is not None
    if name.startswith("suit.") and subject.suit:
        return subject.suit if name == "suit.id" else None
    return subject.raw.get(name)


def holds(conditions: tuple[Condition, ...] | None, subject: Subject) -> bool:
    """Whether a `when:` holds for a subject: every one of its conditions (no condition: always)."""
    return conditions is None or all(_holds(c, subject) for c in conditions)


def _holds(condition: Condition, subject: Subject) -> bool:
    value = raw_value(subject, condition.name)
    if not condition.op:
        is_set = value not in (None, "", (), [], {}, False, 0)
        return is_set != condition.negated
    if condition.op in ("==", "!="):
        same = _same(value, condition.value)
        return same if condition.op == "==" else not same
    try:
        a, b = float(value), float(condition.value)
    except (TypeError, ValueError):
        return False
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[condition.op]


def _same(value: Any, written: str) -> bool:
    if isinstance(value, bool):
        return written.lower() in (("true", "yes") if value else ("false", "no"))
    if isinstance(value, (int, float)):
        try:
            return float(written) == float(value)
        except ValueError:
            return False
    return str(value if value is not None else "").casefold() == written.casefold()


@dataclass(frozen=True)
class Inks:
    """The colours a template names by word: its ink, paper and neutral, and the theme (ink saving or not)."""

    ink: str
    paper: str
    neutral: str
    theme: Any


def colour_of(spec: str | None, subject: Subject, suits: dict, game, palette: Inks) -> str | None:
    """A colour as written, resolved for a subject: #rrggbb, or None for none (or a field without a colour)."""
    if spec is None or spec == "none":
        return None
    if spec.startswith("on:"):
        under = colour_of(spec[3:].strip(), subject, suits, game, palette)
        return readable_on(palette.theme.solid(under), palette.ink) if under else palette.ink
    if spec in ("suit", "suit.dark", "suit.light"):
        suit = suits.get(subject.suit) if subject.suit else None
        base = suit.colour if suit is not None else palette.neutral
        if spec == "suit.dark":
            return shade(base, 0.3) if luminance(base) > 0.35 else base
        return tint(base, 0.25) if spec == "suit.light" else base
    if spec == "ink":
        return palette.ink
    if spec == "paper":
        return palette.paper
    if spec == "neutral":
        return palette.neutral
    m = BINDING.match(spec)
    if m:
        value = raw_value(subject, m[1])
        if value is None:
            value = subject.shown.get(m[1])
        c = game.colour(str(value)) if value not in (None, "") else None
        return c if is_colour(c) else None
    c = game.colour(spec)
    return c if is_colour(c) else None


def repeats(each: str | int | None, subject: Subject) -> list[Subject] | None:
    """The subject once for each repeat of `each` (None: not repeated; a name it cannot repeat over: None too)."""
    if each is None:
        return None
    if isinstance(each, int):
        return [subject.with_item(n=k + 1) for k in range(each)]
    if each == "suits":
        return [subject.with_item(suit=s, n=k + 1) for k, s in enumerate(subject.suits)]
    value = raw_value(subject, each)
    if value is None:
        return []
    if isinstance(value, bool):
        return [subject.with_item(n=1)] if value else []
    if isinstance(value, int):
        return [subject.with_item(n=k + 1) for k in range(max(0, min(value, 100)))]
    if isinstance(value, (list, tuple)) and value and all(isinstance(x, (list, tuple)) and len(x) == 2
                                                          for x in value):
        value = dict(value)
    if isinstance(value, dict):
        return [subject.with_item(icon=k, count=count, n=j + 1) for j, (k, count) in enumerate(value.items())]
    if isinstance(value, (list, tuple)):
        return [subject.with_item(item=x, n=j + 1) for j, x in enumerate(value)]
    return [subject.with_item(item=value, n=1)]
