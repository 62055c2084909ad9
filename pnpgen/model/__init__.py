"""The content model: frozen dataclasses that remember where each value came from."""

from .board import Board, Hex
from .cards import Action, CardType, Deck
from .components import Area, AreaCard, PlayerAid, Section, Token
from .game import Game, Rules, Suit

__all__ = ["Action", "Area", "AreaCard", "Board", "CardType", "Deck", "Game", "Hex",
           "PlayerAid", "Rules", "Section", "Suit", "Token"]
