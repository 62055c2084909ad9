"""Small kits for the format writers' tests: a piece of each kind from a real kit, plain decks of any size."""

from __future__ import annotations

from pnpgen.draw.piece import Kit, Piece
from pnpgen.draw.primitives import Circle, Group, Rect, Style


def one_of_each_kind(kit: Kit) -> Kit:
    """A kit holding the first piece of every kind (card, card back, area card, player aid, board, token)."""
    seen: dict[str, Piece] = {}
    for p in kit.pieces:
        seen.setdefault(p.kind, p)
    return Kit(kit.game_id, kit.title, kit.version, tuple(seen.values()), kit.sections)


def plain_card(n: int, colour: str = "#3366cc", count: int = 1, back_id: str = "back-d") -> Piece:
    """A 63 x 88 mm card filled with one colour (3 mm bleed), in deck 'd'."""
    face = Group((Rect(-3, -3, 69, 94, Style(fill=colour)), Circle(31.5, 44, 10, Style(fill="#ffffff"))))
    back = Group((Rect(-3, -3, 69, 94, Style(fill="#112233")),))
    return Piece(f"card-{n}", f"Card {n}", "Cards", (63.0, 88.0), face, back, 3.0, count, back_id=back_id,
                 kind="card")


def plain_deck(n: int, count: int = 1) -> list[Piece]:
    """A deck of n plain cards and its back piece."""
    cards = [plain_card(i, count=count) for i in range(n)]
    back = Piece("back-d", "Plain deck back", "Card backs", (63.0, 88.0), cards[0].back, None, 3.0, 0,
                 kind="card-back")
    return [*cards, back]
