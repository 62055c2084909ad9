"""Variants: other ways to play a game (another player count, teams ...), as rules that change and components added."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..errors import Loc
from .board import Board
from .cards import Deck
from .components import AreaCard, PlayerAid, Token
from .icons import Icon

if TYPE_CHECKING:
    from .game import Game, Rules


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


def overlay_rules(base: Rules, over: Rules) -> Rules:
    """The game's rules with a variant's values set over them (new names added after the game's)."""
    from .game import Rules

    mine = dict(over.values)
    values = [(k, mine.pop(k) if k in mine else v) for k, v in base.values] + list(mine.items())
    locs = dict(base.locs)
    locs.update(dict(over.locs))
    return Rules(tuple(values), tuple(locs.items()), over.where or base.where)


def apply_variant(game: Game, v: Variant) -> Game:
    """The game as played in a variant: its rules over the game's, its components added (its boards first)."""
    return replace(
        game, players=(v.players,), rules=overlay_rules(game.rules, v.rules),
        colours=game.colours + v.colours, decks=game.decks + v.decks, boards=v.boards + game.boards,
        area_cards=game.area_cards + v.area_cards, tokens=game.tokens + v.tokens,
        player_aids=game.player_aids + v.player_aids, icons=game.icons + v.icons,
        declared=v.declared, declared_locs=v.declared_locs, variants=(), played_as=v.id)
