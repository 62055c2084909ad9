"""The game: static facts, rules parameters, and all its components."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Loc
from ..source.declare import (
    ID,
    LINES,
    REQUIRED,
    TEXT,
    Derived,
    Kind,
    ListOf,
    Pattern,
    Record,
    declared,
    describe,
    record,
)
from . import sections
from .board import Board, Terrain
from .cards import Action, CardType, Deck, ShuffledTogether
from .components import AreaCard, PlayerAid, Token
from .icons import Icon
from .provisional import Provisional
from .rules import Rules, overlay_rules
from .simulation import Simulation, simulation_field
from .suits import Suit
from .variant import Variant, variants_section

if TYPE_CHECKING:  # (a rulebook's model loads with the Markdown that fills it, for a pack that has one)
    from .rulebook import Rulebook

__all__ = ["FONT_STYLES", "MAX_PLAYERS", "FontFile", "Fonts", "Game", "Provisional", "Rules", "Suit"]

MAX_PLAYERS = 8


FONT_STYLES = ("regular", "bold", "italic", "display")
FONT_FILE = Pattern(r"^.+$", "a font file's path in the pack", "{label} must be a font file's path in the pack, got "
                    "'{value}'", type_words="a font file's path in the pack")


@record("fonts", by_id=False, words="parameter", keys="style")
@dataclass(frozen=True)
class Fonts:
    """The pack's own TrueType or OpenType faces, each a file in the pack (a style left out: pnpgen's own face)."""

    regular: str | None = declared("the face of text", kind=FONT_FILE, default=None)
    bold: str | None = declared("the bold face", kind=FONT_FILE, default=None)
    italic: str | None = declared("the italic face", kind=FONT_FILE, default=None)
    display: str | None = declared("the face of titles (default: the bold face)", kind=FONT_FILE, default=None)


@dataclass(frozen=True)
class FontFile:
    """A font the pack ships, for one style (regular, bold, italic, display)."""

    style: str
    path: Path
    loc: Loc | None = field(default=None, compare=False, repr=False)


def fonts_field() -> Any:
    """The `fonts` field of game.yaml (declared here: in Game's body, `declared` names its counts)."""
    return declared("the pack's own font files, by style", kind=Record(Fonts), default=())


def credits_field() -> Any:
    """The `credits` field of game.yaml."""
    return declared("who made it, one line each, as printed on the cover", kind=LINES, default=())


def shuffled_together_field() -> Any:
    """The `shuffled_together` field of game.yaml."""
    return declared("decks whose cards can end up in one draw pile or hand (a game without a rules engine says so "
                    "here; an engine says it itself): `check` requires one back among them",
                    kind=ListOf(Record(ShuffledTogether)), default=())


def licence_field() -> Any:
    """The `licence` field of game.yaml."""
    return declared("the terms it may be printed and shared under (printed on the cover)", default="")


def playing_time_field() -> Any:
    """The `playing_time` field of game.yaml."""
    return declared("how long a game takes, as the cover prints it ('30 minutes', '60-90 minutes')", kind=TEXT,
                    default="")


def rulebook_field() -> Any:
    """The `rulebook` field of game.yaml: as written a path; once loaded, the rulebook read from it."""
    return declared("the rulebook: a Markdown file in the pack, or a folder of them read in name order (see "
                    "docs/rulebook.md)", kind=TEXT, default=None)


class PlayerCounts(Kind):
    """A player count or a list of them."""

    words = "a whole number or a list"
    empty = (2,)

    def read(self, v: Any, at: Any) -> Any:
        if isinstance(v, int) and not isinstance(v, bool):
            if 1 <= v <= MAX_PLAYERS:
                return (v,)
            return at.bad(f"{at.label} must be from 1 to {MAX_PLAYERS}, got {v}")
        if isinstance(v, list):
            if v and all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_PLAYERS for n in v):
                return tuple(v)
            return at.bad(f"{at.label} must be a player count from 1 to {MAX_PLAYERS} or a list of them")
        return at.bad(f"{at.label} must be {self.words}, got {describe(v)}")

    def schema(self) -> dict:
        count = {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS}
        return {"anyOf": [count, {"type": "array", "items": count, "minItems": 1}]}

    def doc(self) -> str:
        return "whole number or list of whole numbers"

    def limits(self) -> str:
        return f"from 1 to {MAX_PLAYERS}"


@record("game")
@dataclass(frozen=True)
class Game:
    """A whole game as loaded from a content folder."""

    id: str = declared("the game's id", kind=ID, default=Derived("the pack folder's name"))
    title: str = declared("the title printed on the kit")
    version: str = declared("the content's version, a label", kind=TEXT, default="1.0", model_default=REQUIRED)
    players: tuple[int, ...] = declared(f"the player counts it is played with (each from 1 to {MAX_PLAYERS})",
                                        kind=PlayerCounts(), default=(2,), model_default=REQUIRED)
    root: Path
    engine: str | None = declared("the name of its rules engine and game checks (see the rules parameters)",
                                  default=None)
    # the sections of game.yaml, declared once (sections.py) for the game and its variants
    suits: tuple[Suit, ...] = sections.suits_section()
    colours: tuple[tuple[str, str], ...] = sections.colours_section()
    rules: Rules = sections.rules_section()
    actions: tuple[Action, ...] = sections.actions_section()
    decks: tuple[Deck, ...] = sections.decks_section()
    boards: tuple[Board, ...] = sections.boards_section()
    area_cards: tuple[AreaCard, ...] = sections.area_cards_section()
    tokens: tuple[Token, ...] = sections.tokens_section()
    player_aids: tuple[PlayerAid, ...] = sections.player_aids_section()
    declared: tuple[tuple[str, int], ...] = sections.counts_section()
    declared_locs: tuple[tuple[str, Loc], ...] = field(default=(), compare=False, repr=False)
    loc: Loc | None = field(default=None, compare=False, repr=False)
    icons: tuple[Icon, ...] = sections.icons_section()
    terrains: tuple[Terrain, ...] = sections.terrain_section()
    variants: tuple[Variant, ...] = variants_section()
    played_as: str | None = None  # the variant this game is played as (see with_variant)
    engine_loc: Loc | None = field(default=None, compare=False, repr=False)
    fonts: tuple[FontFile, ...] = fonts_field()
    credits: tuple[str, ...] = credits_field()
    licence: str = licence_field()
    also_needed: tuple[str, ...] = sections.also_needed_field()
    shuffled_together: tuple[ShuffledTogether, ...] = shuffled_together_field()
    sim: Simulation = simulation_field()
    playing_time: str = playing_time_field()
    rulebook: Rulebook | None = rulebook_field()
    # as read: (field or rules.NAME, why) pairs; once linked, every value marked provisional, the variants' included
    provisional: tuple[Provisional, ...] = sections.marks_field(
        "its own values not final yet: 'players' and 'rules.NAME', each to why (the cover lists them with every "
        "item marked provisional)", ("players", "playing_time"))

    # references to rules parameters the content does not set (textrefs.PendingRule): the checks report them
    pending_rules: tuple = field(default=(), compare=False, repr=False)

    @property
    def board(self) -> Board | None:
        """The default (first) board."""
        return self.boards[0] if self.boards else None

    @property
    def suit_ids(self) -> list[str]:
        """Suit ids in content order."""
        return [s.id for s in self.suits]

    def suit(self, sid: str) -> Suit:
        """A suit by id."""
        return next(s for s in self.suits if s.id == sid)

    @property
    def cards(self) -> tuple[CardType, ...]:
        """Every card type of every deck."""
        return tuple(c for d in self.decks for c in d.cards)

    def card(self, cid: str) -> CardType:
        """A card type by id."""
        for c in self.cards:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def colour(self, name: str | None) -> str | None:
        """A colour name resolved to #rrggbb (suits and the palette), or the value itself."""
        if name is None:
            return None
        pal = dict(self.colours)
        if name in pal:
            return pal[name]
        for s in self.suits:
            if s.id == name:
                return s.colour
        return name

    def icon(self, iid: str) -> Icon | None:
        """A declared icon by id, or None."""
        return next((i for i in self.icons if i.id == iid), None)

    def terrain(self, tid: str) -> Terrain | None:
        """A declared terrain by id, or None."""
        return next((t for t in self.terrains if t.id == tid), None)

    def variant(self, vid: str) -> Variant:
        """A variant by id."""
        return next(v for v in self.variants if v.id == vid)

    def variant_for(self, players: int) -> Variant | None:
        """The variant played by this many players, or None (the game itself, or no such variant)."""
        return next((v for v in self.variants if v.players == players), None)

    def with_variant(self, vid: str) -> Game:
        """The game as played in a variant: rules overlaid, the variant's components added."""
        v = self.variant(vid)

        def as_read(items: tuple) -> tuple:  # the game's components as they read under the variant's rules
            return tuple(next((r for r in v.restated if type(r) is type(x) and r.id == x.id), x) for x in items)
        return replace(
            self, players=(v.players,), rules=overlay_rules(self.rules, v.rules),
            colours=self.colours + v.colours, decks=self.decks + v.decks, boards=v.boards + as_read(self.boards),
            area_cards=as_read(self.area_cards) + v.area_cards, tokens=as_read(self.tokens) + v.tokens,
            player_aids=as_read(self.player_aids) + v.player_aids, icons=self.icons + v.icons,
            declared=v.declared, declared_locs=v.declared_locs, variants=(), played_as=v.id,
            also_needed=self.also_needed + v.also_needed,
            provisional=tuple(p for p in self.provisional if not p.players or v.players in p.players))


def count_words(counts: tuple[int, ...]) -> str:
    """Player counts as a sentence says them: '2, 3 or 4'."""
    return ", ".join(map(str, counts[:-1])) + (" or " if len(counts) > 1 else "") + str(counts[-1])
