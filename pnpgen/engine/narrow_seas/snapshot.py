"""A state as plain data in a position's order: in full, or as one player sees it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...files.paths import bundled_name
from .phases import ACTION, OVER, PLAN, SETUP

if TYPE_CHECKING:
    from .protocol import GameRules, GameState


def game_ref_of(g: GameRules) -> str:
    """How a position names the game: a bundled pack's name, else its folder."""
    return bundled_name(g.content.root) or str(g.content.root)


def to_dict(s: GameState, viewer: int | None = None, game_ref: str | None = None,
            board_ref: Any = None) -> dict[str, Any]:
    """A position as plain data in a position's order (docs/positions.md); with a viewer, what that player may see."""
    g = s.g
    d: dict[str, Any] = {"game": game_ref or game_ref_of(g), "players": g.num_players}
    if viewer is not None:
        d["viewer"] = viewer
    if isinstance(board_ref, str):
        d["board"] = board_ref
    elif board_ref is not None or g.board is not g.content.board:
        d["board"] = {"hexes": [[h.q, h.r, h.suit] for h in g.board.hexes]}
    d["wind"] = s.wind_name
    d["round"] = s.round
    d["phase"] = s.phase
    if s.phase != OVER:
        d["to_move"] = s.to_move
    d["first_player"] = s.first_player
    if g.team_game:
        d["token"] = s.token
    if s.phase == ACTION:
        d["passed"] = [p for p in g.players if s.passed[p - 1]]
    if s.phase == PLAN:
        d["planned"] = [p for p in g.players if s.planned[p - 1]]
    if s.pending is not None:
        i, damage, attacker = s.pending
        d["casualties"] = {"ship": g.ship_ids[i], "damage": damage, "attacker": attacker}
    ships: dict[str, Any] = {}
    for i, sid in enumerate(g.ship_ids):
        owner = g.ship_owner[i]
        if s.hex[i] is None and (s.phase != SETUP or s.sunk(i)):
            ships[sid] = {"owner": owner, "sunk": True, "sick": s.sick[i]}
            continue
        e: dict[str, Any] = {"owner": owner}
        if s.hex[i] is not None:
            e["hex"] = list(s.hex[i])
        if s.phase == PLAN and viewer is not None and owner != viewer:
            e["crew"] = s.on_card(i)  # the plan is secret until every player has planned
        else:
            e["plan"] = dict(zip(g.areas, s.plan[i]))
            e["spent"] = s.spent[i]
        e["sick"] = s.sick[i]
        ships[sid] = e
    d["ships"] = ships
    if viewer is None:
        d["hands"] = {p: list(s.hands[p - 1]) for p in g.players}
    else:
        d["hands"] = {viewer: list(s.hands[viewer - 1])}
        d["hand_sizes"] = {p: len(s.hands[p - 1]) for p in g.players}
    piles = []
    for k in range(len(g.deck_names)):
        pile: dict[str, Any] = {"market": list(s.markets[k])}
        if viewer is None:
            pile["deck"] = s.decks[k][::-1]
        else:
            pile["deck_size"] = len(s.decks[k])
        pile["discard"] = list(s.discards[k])
        piles.append(pile)
    if len(piles) == 1:
        d.update(piles[0])
    else:
        d["decks"] = dict(zip(g.deck_names, piles))
        if g.alternate_wind:
            d["wind_aside"] = None if s.wind_aside is None else g.deck_names[s.wind_aside]
    if viewer is None:
        d["seed"] = s.rng.state
    if s.reshuffles:
        d["reshuffles"] = s.reshuffles
    if s.phase == OVER:
        d["victory"] = s.victory
        d["winners"] = list(s.winners)
    return d
