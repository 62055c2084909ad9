"""The game: static facts, rules parameters, and all its components."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import Loc
from .board import Board, Terrain
from .cards import Action, CardType, Deck
from .components import AreaCard, PlayerAid, Token
from .icons import Icon
from .rules import Rules, overlay_rules
from .variant import Variant


@dataclass(frozen=True)
class Suit:
    """A suit: display name, colour and vector symbol."""

    id: str
    name: str
    colour: str
    symbol: str  # diamond | circle | triangle | square | star | ...
    loc: Loc | None = field(default=None, compare=False, repr=False)
    colour_loc: Loc | None = field(default=None, compare=False, repr=False)  # where its colour is defined


@dataclass(frozen=True)
class FontFile:
    """A font the pack ships, for one style (regular, bold, italic, display)."""

    style: str
    path: Path
    loc: Loc | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Game:
    """A whole game as loaded from a content folder."""

    id: str
    title: str
    version: str
    players: tuple[int, ...]
    root: Path
    engine: str | None  # the name of its rules engine and game checks (registered as entry points)
    suits: tuple[Suit, ...]
    colours: tuple[tuple[str, str], ...]
    rules: Rules
    actions: tuple[Action, ...]
    decks: tuple[Deck, ...]
    boards: tuple[Board, ...]
    area_cards: tuple[AreaCard, ...]
    tokens: tuple[Token, ...]
    player_aids: tuple[PlayerAid, ...]
    declared: tuple[tuple[str, int], ...] = ()  # declared component counts
    declared_locs: tuple[tuple[str, Loc], ...] = field(default=(), compare=False, repr=False)
    loc: Loc | None = field(default=None, compare=False, repr=False)
    icons: tuple[Icon, ...] = ()  # icons the game declares (empty: the renderer's own)
    terrains: tuple[Terrain, ...] = ()  # board features the game declares
    variants: tuple[Variant, ...] = ()  # other ways to play it (another player count, teams)
    played_as: str | None = None  # the variant this game is played as (see with_variant)
    engine_loc: Loc | None = field(default=None, compare=False, repr=False)
    fonts: tuple[FontFile, ...] = ()  # the pack's own fonts (none: the default faces)

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
        return replace(
            self, players=(v.players,), rules=overlay_rules(self.rules, v.rules),
            colours=self.colours + v.colours, decks=self.decks + v.decks, boards=v.boards + self.boards,
            area_cards=self.area_cards + v.area_cards, tokens=self.tokens + v.tokens,
            player_aids=self.player_aids + v.player_aids, icons=self.icons + v.icons,
            declared=v.declared, declared_locs=v.declared_locs, variants=(), played_as=v.id)
