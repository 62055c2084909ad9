"""Card actions, card types and decks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Loc


@dataclass(frozen=True)
class Action:
    """What a card does, as fields the rules engine reads and the card text is made from."""

    id: str
    name: str
    kind: str  # sail | fire | duty | wind | event ...
    plan_area: str | None = None
    headings: tuple[int, ...] = ()  # sixths of a turn relative to the wind, for each step
    steps: tuple[int, ...] = ()  # allowed numbers of steps
    pass_through: bool = False  # may pass an occupied hex before the last step
    range: int | None = None
    damage: int | None = None
    heal: int | None = None
    icon: str | None = None
    text: str = ""
    loc: Loc | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class CardType:
    """One kind of card: its id, suit, action, how many copies, and extra fields."""

    id: str
    name: str
    deck: str
    suit: str | None
    action: Action | None
    count: int = 1
    text: str = ""
    template: str | None = None
    fields: tuple[tuple[str, Any], ...] = ()
    loc: Loc | None = field(default=None, compare=False, repr=False)

    def field(self, name: str, default: Any = None) -> Any:
        """An extra field by name."""
        return dict(self.fields).get(name, default)


FIELD_KINDS = ("text", "int", "bool", "choice", "suit", "icon", "icon-counts", "manoeuvre", "shots")


@dataclass(frozen=True)
class FieldSpec:
    """A card field a deck declares: label, kind and bounds, so values are checked and printed alike."""

    id: str
    label: str
    kind: str = "text"  # text | int | bool | choice | suit | icon | icon-counts ({icon: whole number})
    #                     | manoeuvre | shots (square-grid moves and shots: pnpgen.gridmove)
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()
    required: bool = False
    show: bool = True  # printed on the card face (false: used by rules checks only)
    loc: Loc | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Deck:
    """A deck: its card types and the back printed on every card."""

    id: str
    name: str
    cards: tuple[CardType, ...]
    back_template: str | None = None
    back_colour: str = "#1b3a5c"
    back_text: str = ""
    card_template: str | None = None
    declared_count: int | None = None
    loc: Loc | None = field(default=None, compare=False, repr=False)
    suits: tuple[str, ...] = ()  # the suits its cards may have (empty: any suit of the game)
    field_specs: tuple[FieldSpec, ...] = ()  # the card fields it declares (empty: free-form fields)
    copy_of: str | None = None  # the deck whose cards it repeats (a second deck with its own back)

    @property
    def size(self) -> int:
        """Number of physical cards."""
        return sum(c.count for c in self.cards)

    def card_ids(self) -> list[str]:
        """One id per physical card, in content order."""
        return [c.id for c in self.cards for _ in range(c.count)]
