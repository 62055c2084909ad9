"""Variants: other ways to play a game (another player count, teams ...), as rules that change and components added."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Loc
from .board import Board
from .cards import Deck
from .components import AreaCard, PlayerAid, Token
from .icons import Icon
from .rules import Rules


@dataclass(frozen=True)
class Variant:
    """A variant of a game: its player count, the rules it sets (over the game's) and the components it adds."""

    id: str
    name: str
    players: int
    rules: Rules
    colours: tuple[tuple[str, str], ...] = ()
    decks: tuple[Deck, ...] = ()
    boards: tuple[Board, ...] = ()
    area_cards: tuple[AreaCard, ...] = ()
    tokens: tuple[Token, ...] = ()
    player_aids: tuple[PlayerAid, ...] = ()
    icons: tuple[Icon, ...] = ()
    declared: tuple[tuple[str, int], ...] = ()  # declared totals of the game played this way
    declared_locs: tuple[tuple[str, Loc], ...] = field(default=(), compare=False, repr=False)
    loc: Loc | None = field(default=None, compare=False, repr=False)
