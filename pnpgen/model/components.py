"""Non-card components: area cards (ship cards, sick bay), tokens, player aids."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Loc


@dataclass(frozen=True)
class Area:
    """A labelled area of a card where cubes are placed."""

    id: str
    label: str
    icon: str | None = None
    capacity: int = 4
    loc: Loc | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class AreaCard:
    """A card with labelled areas: a ship card, a sick bay."""

    id: str
    name: str
    kind: str  # ship | sickbay | mat
    areas: tuple[Area, ...]
    owner: int | None = None
    colour: str | None = None
    crew: int = 0
    template: str | None = None
    text: str = ""
    loc: Loc | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Token:
    """A token or marker: shape, size, colours and label on each side."""

    id: str
    name: str
    kind: str  # ship | crew | wind | first-player | chit ...
    shape: str = "square"  # square | circle | hex | rect
    size_mm: tuple[float, float] = (12.0, 12.0)
    count: int = 1
    colour: str = "#ffffff"
    label: str = ""
    icon: str | None = None
    back_colour: str | None = None
    back_label: str | None = None
    edges: tuple[str, ...] = ()  # labels on the edges of a hex token, clockwise from north
    template: str | None = None
    loc: Loc | None = field(default=None, compare=False, repr=False)
    suit: str | None = None  # the suit (faction, nation) it belongs to
    owner: int | None = None  # the player it belongs to
    back_icon: str | None = None
    path: str | None = None  # shape 'custom': SVG path data in a 100 x 100 box, scaled to the size
    colour_loc: Loc | None = field(default=None, compare=False, repr=False)  # where its colour is defined

    @property
    def double_sided(self) -> bool:
        """Whether the token prints a distinct back."""
        return self.back_colour is not None or self.back_label is not None or self.back_icon is not None


@dataclass(frozen=True)
class Section:
    """A titled block of a player aid: text, with {icon} markers, and an optional table."""

    title: str
    text: str = ""
    table: tuple[tuple[str, ...], ...] = ()
    loc: Loc | None = field(default=None, compare=False, repr=False)
    blank_rows: int = 0  # empty ruled rows after the table, to write in (a score pad)
    row_locs: tuple[Loc | None, ...] = field(default=(), compare=False, repr=False)  # where each table row is


@dataclass(frozen=True)
class PlayerAid:
    """A player aid card or sheet."""

    id: str
    title: str
    sections: tuple[Section, ...]
    size: str = "card"  # card | half-page | page
    template: str | None = None
    loc: Loc | None = field(default=None, compare=False, repr=False)
