"""The content model: frozen dataclasses that remember where each value came from, each field declared once
(type, bounds, default, doc) for reading, checking, the JSON Schema and the content reference."""

from .board import Art, Board, Cell, Hex, Location, Terrain
from .cards import Action, Back, CardType, Deck, FieldSpec
from .components import Area, AreaCard, PlayerAid, Section, Token
from .game import Game
from .icons import Icon
from .images import ImageRef
from .provisional import Provisional
from .rules import Rules
from .sections import Counts
from .suits import Suit
from .variant import Variant

__all__ = ["Action", "Area", "AreaCard", "Art", "Back", "Board", "CardType", "Cell", "Counts", "Deck", "FieldSpec",
           "Game", "Hex", "Icon", "ImageRef", "Location", "PlayerAid", "Provisional", "Rules", "Section", "Suit",
           "Terrain", "Token", "Variant"]
