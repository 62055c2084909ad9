"""Layout: the game's components turned into pieces of drawing primitives, once, for every writer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..draw import fonts
from ..draw.piece import Kit, Piece
from ..errors import Problems
from ..model import Game
from .aids import aid_piece
from .areacards import area_card_pieces
from .board import board_piece
from .cards import deck_pieces
from .context import Ctx
from .tokens import token_piece

SECTIONS = ("Cards", "Card backs", "Boards", "Ship and area cards", "Player aids", "Tokens")


def layout_kit(game: Game, ink_saver: bool = False, problems: Problems | None = None,
               progress: Callable[[str], None] | None = None) -> Kit:
    """Every component of a game as pieces, in print order; raises ContentErrors for located problems.

    The components a variant adds (another player count's ship cards, board, deck ...) follow the game's
    own, in a section named for the variant and on sheets of their own.
    """
    with fonts.using(fonts.for_game(game)):
        return _layout_kit(game, ink_saver, problems, progress)


def _layout_kit(game: Game, ink_saver: bool, problems: Problems | None,
                progress: Callable[[str], None] | None) -> Kit:
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
    sections = list(SECTIONS)
    for v in game.variants:
        vctx = Ctx.make(game.with_variant(v.id), ink_saver, ctx.problems)
        made: list[Piece] = []
        for deck in v.decks:
            made += deck_pieces(vctx, deck)
        made += [board_piece(vctx, b) for b in v.boards]
        made += [area_card_pieces(vctx, c) for c in v.area_cards]
        made += [aid_piece(vctx, a) for a in v.player_aids]
        made += [token_piece(vctx, t) for t in v.tokens]
        add([variant_piece(p, v.name, v.id) for p in made])
        sections.append(v.name)
    if own:
        ctx.problems.raise_if_any()
    return Kit(game.id, game.title, game.version, tuple(pieces), tuple(sections))


def variant_piece(p: Piece, section: str, vid: str) -> Piece:
    """A variant's piece: in the variant's section, printed in its group (on sheets of the variant's own)."""
    return replace(p, section=section, group=section)


__all__ = ["Kit", "Piece", "layout_kit"]
