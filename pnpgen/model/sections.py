"""The sections of game.yaml, declared once for the game and for its variants: each is written inline or as the
name of a YAML file in the pack that holds it. Other fields both have are declared here too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..source.declare import (
    HEX_ONLY,
    LINES,
    MAPPING,
    Kind,
    ListOf,
    OneOf,
    Record,
    Scalar,
    Table,
    declared,
    describe,
    record,
)
from ..source.yamlsrc import loc_of
from .board import Board, Terrain
from .cards import Action, Deck
from .components import AreaCard, PlayerAid, Token
from .icons import Icon
from .provisional import Marks
from .rules import Rules
from .suits import Suit


class Totals(Kind):
    """Declared totals: a whole number for each kind of component named (a game's own checks may count more
    kinds than the record below declares; `check` names the kinds it knows)."""

    words = "a mapping"
    empty = ()

    def __init__(self, known: type):
        self.known = known

    def read(self, v: Any, at: Any) -> Any:
        if not isinstance(v, dict):
            return at.wrong(self, v, "type")
        out = []
        for k, n in v.items():
            if isinstance(n, int) and not isinstance(n, bool) and n >= 0:
                out.append((str(k), n))
            else:
                at.bad(f"'{k}' must be a whole number, got {describe(n)}", loc_of(v, k))
        return tuple(out)

    def schema(self) -> dict:
        return {"$ref": f"#/$defs/{self.known.__name__}"}

    def doc(self) -> str:
        return "mapping of component to whole number"

    def children(self) -> list[type]:
        return [self.known]


@record("counts", by_id=False, others=Scalar((int,), "a whole number", "whole numbers", ("integer",), min=0))
@dataclass(frozen=True)
class Counts:
    """Totals the content declares (for a variant: as played that way); `check` compares them with the content.

    A game's own checks may count more kinds of component (any other name is a whole number too)."""

    cards: int | None = declared("physical cards in every deck", default=None, min=0)
    decks: int | None = declared("decks", default=None, min=0)
    hexes: int | None = declared("hexes of the first board", default=None, min=0)
    boards: int | None = declared("boards", default=None, min=0)
    area_cards: int | None = declared("area cards of any kind", default=None, min=0)
    tokens: int | None = declared("tokens, counting every copy", default=None, min=0)
    player_aids: int | None = declared("player aids", default=None, min=0)


def section(doc: str, kind: Any, default: Any = (), key: str | None = None) -> Any:
    """A section field: inline, or the name of a file holding it."""
    return declared(doc, kind=kind, default=default, key=key, section=True)


def suits_section() -> Any:
    """The `suits` section."""
    return section("the suits cards, hexes and tokens belong to, by id", Table(Record(Suit)))


def colours_section(doc: str = "a palette: colour names usable wherever a colour is asked for") -> Any:
    """The `colours` section."""
    return section(doc, Table(HEX_ONLY, noun="colour"))


def rules_section(doc: str = "the numbers the rules engine and checks read (see the engine's rules parameters)"
                  ) -> Any:
    """The `rules` section."""
    return section(doc, MAPPING, Rules())


def actions_section() -> Any:
    """The `actions` section."""
    return section("what cards do, by id", Table(Record(Action)))


def decks_section(doc: str = "the decks of cards") -> Any:
    """The `decks` section."""
    return section(doc, ListOf(Record(Deck)))


def boards_section(doc: str = "the boards (the first is the one played on unless the rules say otherwise)") -> Any:
    """The `boards` section: a list, or one board."""
    return section(doc, OneOf((ListOf(Record(Board)), Record(Board)), "a list of boards or one board"))


def area_cards_section(doc: str = "cards with areas to place cubes on: ship cards, sick bays, mats") -> Any:
    """The `area_cards` section."""
    return section(doc, ListOf(Record(AreaCard)))


def tokens_section(doc: str = "tokens and markers") -> Any:
    """The `tokens` section."""
    return section(doc, ListOf(Record(Token)))


def player_aids_section(doc: str = "player aids: titled sections of text, tables and score pads") -> Any:
    """The `player_aids` section."""
    return section(doc, ListOf(Record(PlayerAid)))


def icons_section(doc: str = "named icons, written {id} in text and drawn on components, by id") -> Any:
    """The `icons` section."""
    return section(doc, Table(Record(Icon)))


def terrain_section() -> Any:
    """The `terrain` section."""
    return section("board features (rock, whirlpool, gust ...), by id", Table(Record(Terrain)), key="terrain")


def counts_section(doc: str = "declared totals that `check` compares with the content") -> Any:
    """The `counts` section."""
    return section(doc, Totals(Counts), key="counts")


def also_needed_field(doc: str = "what players bring that the kit does not print (a die, cubes ...)") -> Any:
    """The `also_needed` field (not a section: a line of text or a list of them)."""
    return declared(doc, kind=LINES, default=())


def marks_field(doc: str, fields: tuple[str, ...]) -> Any:
    """The `provisional` field of a game or variant: its own fields and rules parameters, each to why."""
    return declared(doc, kind=Marks(fields), default=())
