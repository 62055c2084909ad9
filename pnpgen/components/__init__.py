"""Layout: the game's components turned into pieces of drawing primitives, once, for every writer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from ..draw import fonts
from ..draw.piece import CoverFacts, Kit, Piece
from ..draw.text import forget_laid_text
from ..errors import PnpgenError, Problems
from ..model import AreaCard, Game, PlayerAid, Token, Variant
from ..model.game import count_words
from .aids import aid_piece
from .areacards import area_card_pieces
from .board import board_piece
from .cards import deck_pieces
from .context import CardFormat, Ctx
from .hextiles import tile_pieces
from .tokens import token_piece

SECTIONS = ("Cards", "Card backs", "Boards", "Ship and area cards", "Player aids", "Tokens")


def layout_kit(game: Game, ink_saver: bool = False, problems: Problems | None = None,
               progress: Callable[[str], None] | None = None, players: int | None = None,
               cards: CardFormat | None = None) -> Kit:
    """Every component of a game as pieces, in print order; raises ContentErrors for located problems.

    The components a variant adds (another player count's ship cards, board, deck ...) follow the game's
    own, in a section named for the variant and on sheets of their own. With `players`, only what that many
    players use: the game's own components and the variant played by that many, aids one per player. `cards`
    sets a print shop's card sizes and bleed.
    """
    with fonts.using(fonts.for_game(game)):
        try:
            return _layout_kit(game, ink_saver, problems, progress, players, cards)
        finally:
            forget_laid_text()  # (what it holds refers to this game: a watch would keep every game it laid out)


def _layout_kit(game: Game, ink_saver: bool, problems: Problems | None,
                progress: Callable[[str], None] | None, players: int | None, cards: CardFormat | None) -> Kit:
    own = problems is None
    ctx = Ctx.make(game, ink_saver, problems, cards)
    pieces: list[Piece] = []
    counts = tuple(sorted(set(game.players)))
    most = counts[-1]  # (an owner past every count is the check's to report; its pieces print for all)
    if players is not None:
        if players not in counts:
            raise PnpgenError(f"{game.title} is played by {count_words(counts)} players, not {players}")
        counts = (players,)

    def add(made) -> None:
        for p in made if isinstance(made, list) else [made]:
            pieces.append(p)
            if progress:
                progress(p.id)

    played: dict[int, tuple[int, ...]] = {}  # piece index -> the counts it serves, where a variant restates it

    def serves(record) -> tuple[int, ...]:
        """The counts a game component is printed for: not those whose variant reads it otherwise, nor (a
        player's own) those too few to include its owner."""
        owner = getattr(record, "owner", None)
        return tuple(n for n in counts if not any(v.players == n and v.restates(record) for v in game.variants)
                     and (owner is None or n >= owner or owner > most))

    def add_own(record, made) -> None:
        mine = serves(record)
        if not mine:  # (a player's own piece when fewer play)
            return
        start = len(pieces)
        add(made)
        pieces[start:] = owned(record, pieces[start:])
        for k in range(start, len(pieces)):
            played[k] = mine

    for deck in game.decks:
        add_own(deck, deck_pieces(ctx, deck))
    for board in game.boards:
        add_own(board, [board_piece(ctx, board), *tile_pieces(ctx, board)])
    for card in game.area_cards:
        add_own(card, area_card_pieces(ctx, card))
    aids: list[Piece] = []
    for aid in game.player_aids:
        mine = serves(aid)
        if not mine:
            continue
        made = aid_copies(aid, aid_piece(ctx, aid), mine, game.variants)
        add_own(aid, made[0])
        aids += made[1:]
    for token in game.tokens:
        add_own(token, token_piece(ctx, token))
    pieces[:] = [replace(p, players=played.get(k, counts)) for k, p in enumerate(pieces)]
    sections = list(SECTIONS)
    for v in game.variants:
        if players is not None and v.players != players:
            continue
        vctx = Ctx.make(game.with_variant(v.id), ink_saver, ctx.problems, cards)
        made: list[Piece] = []
        for deck in v.decks:
            made += owned(deck, deck_pieces(vctx, deck))
        made += [p for b in v.boards for p in (board_piece(vctx, b), *tile_pieces(vctx, b))]
        made += [area_card_pieces(vctx, c) for c in v.area_cards]
        made += [p for a in v.player_aids for p in aid_copies(a, aid_piece(vctx, a), (v.players,), ())]
        made += [aid for aid in aids if aid.players == (v.players,)]  # the game's aids for its extra players
        made += [token_piece(vctx, t) for t in v.tokens]
        made += restated_pieces(vctx, v)
        add([variant_piece(p, v) for p in made])
        sections.append(v.name)
    add([p for p in aids if not any(p.players == (v.players,) for v in game.variants)])
    if own:
        ctx.problems.raise_if_any()
    return Kit(game.id, game.title, game.version, tuple(pieces), tuple(sections), players,
               cover_facts(game, counts, ink_saver))


def owned(record, pieces: list[Piece]) -> list[Piece]:
    """A component's pieces marked with the player it belongs to, if any."""
    owner = getattr(record, "owner", None)
    return pieces if owner is None else [replace(p, owner=owner) for p in pieces]


def restated_pieces(ctx: Ctx, v: Variant) -> list[Piece]:
    """The game's components that read otherwise in a variant, laid out as they read there (ids marked with the
    variant's, so that both versions can be told apart)."""
    out: list[Piece] = []
    for record in v.restated:
        if isinstance(record, PlayerAid):
            made = aid_copies(record, aid_piece(ctx, record), (v.players,), ())
        elif isinstance(record, Token):
            made = [token_piece(ctx, record)]
        elif isinstance(record, AreaCard):
            made = [area_card_pieces(ctx, record)]
        else:
            made = [board_piece(ctx, record), *tile_pieces(ctx, record)]
        out += [replace(p, id=f"{p.id}-{v.id}", copy_of=None) for p in made]
    return out


def cover_facts(game: Game, counts: tuple[int, ...], ink_saver: bool = False) -> CoverFacts:
    """What the cover says about a game laid out for some player counts."""
    variants = [v for v in game.variants if v.players in counts]
    groups = (("", counts),) + tuple((v.name, (v.players,)) for v in variants)
    needed = tuple((what, counts) for what in game.also_needed) + \
        tuple((what, (v.players,)) for v in variants for what in v.also_needed)
    marked = [p for p in game.provisional if not p.players or set(p.players) & set(counts)]
    whats: dict[str, list[str]] = {}  # why -> what, so that items marked for one reason share a line
    for p in marked:
        whats.setdefault(p.why, []).append(p.what)
    provisional = tuple((", ".join(_worded(w) if n == 1 else f"{_worded(w)} × {n}" for w, n in Counter(items).items()),
                         why)
                        for why, items in whats.items())
    return CoverFacts(game.credits, game.licence, counts, groups, needed, provisional, ink_saver,
                      playing_time=game.playing_time)


def _worded(what: str) -> str:
    """A provisional item as the cover prints it: a rules parameter's name in words ('rules fire_hull_from: 4'
    reads 'the rules' fire hull from: 4')."""
    if what.startswith("rules ") and ":" in what:
        name, value = what[6:].split(":", 1)
        return f"the rules' {name.replace('_', ' ')}:{value}"
    if ":" in what and "_" in what.split(":", 1)[0]:  # a field of the game's own ('playing_time: 45 minutes')
        name, value = what.split(":", 1)
        return f"the {name.replace('_', ' ')}:{value}"
    return what


def aid_copies(aid: PlayerAid, piece: Piece, counts: tuple[int, ...], variants) -> list[Piece]:
    """A player aid's piece with as many copies as the fewest players need (or its count), then one more piece
    for each player count that needs more copies (one per player), used only at those counts."""
    if not aid.per_player:
        return [replace(piece, count=aid.count)]
    out = [replace(piece, count=counts[0])]
    extra: dict[tuple[int, ...], int] = {}
    for k in range(counts[0] + 1, counts[-1] + 1):  # the k-th player's copy, needed when k or more play
        used = tuple(n for n in counts if n >= k)
        extra[used] = extra.get(used, 0) + 1
    for used, n in extra.items():
        out.append(replace(piece, id=f"{piece.id}-for-{used[0]}", count=n, players=used, copy_of=piece.id))
    return out


def variant_piece(p: Piece, v: Variant) -> Piece:
    """A variant's piece: in the variant's section, printed in its group (on sheets of the variant's own)."""
    return replace(p, section=v.name, group=v.name, players=(v.players,))


__all__ = ["CardFormat", "Kit", "Piece", "layout_kit"]
