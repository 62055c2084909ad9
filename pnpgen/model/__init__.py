"""The content model: frozen dataclasses that remember where each value came from."""

from .board import Board, Cell, Hex, Location, Terrain
from .cards import Action, CardType, Deck, FieldSpec
from .components import Area, AreaCard, PlayerAid, Section, Token
from .game import Game, Suit
from .icons import Icon
from .rules import Rules
from .variant import Variant

__all__ = ["Action", "Area", "AreaCard", "Board", "CardType", "Cell", "Deck", "FieldSpec", "Game", "Hex", "Icon",
           "Location", "PlayerAid", "Rules", "Section", "Suit", "Terrain", "Token", "Variant"]
