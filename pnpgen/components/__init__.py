"""Layout: the game's components turned into pieces of drawing primitives, once, for every writer."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import Problems
from ..model import Game
from .aids import aid_piece
from .areacards import area_card_pieces
from .board import board_piece
from .cards import deck_pieces
from .context import Ctx
from .piece import Kit, Piece
from .tokens import token_piece

SECTIONS = ("Cards", "Card backs", "Boards", "Ship and area cards", "Player aids", "Tokens")


def layout_kit(game: Game, ink_saver: bool = False, problems: Problems | None = None,
               progress: Callable[[str], None] | None = None) -> Kit:
    """Every component of a game as pieces, in print order; raises ContentErrors for located problems."""
    own = problems is None
    ctx = Ctx.make(game, ink_saver, problems)
    pieces: list[Piece] = []

    def add(made) -> None:
        for p in made if isinstance(made, list) else [made]:
            pieces.append(p)
            if progress:
                progress(p.id)

    for deck in game.decks:
        add(deck_pieces(ctx, deck))
    for board in game.boards:
        add(board_piece(ctx, board))
    for card in game.area_cards:
        add(area_card_pieces(ctx, card))
    for aid in game.player_aids:
        add(aid_piece(ctx, aid))
    for token in game.tokens:
        add(token_piece(ctx, token))
    if own:
        ctx.problems.raise_if_any()
    return Kit(game.id, game.title, game.version, tuple(pieces), SECTIONS)


__all__ = ["Kit", "Piece", "layout_kit"]
