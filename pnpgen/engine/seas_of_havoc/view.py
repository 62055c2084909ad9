"""A Seas of Havoc state as plain data (a position, or what one player sees) and as YAML text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...files.paths import bundled_name
from ..flowyaml import flow
from .names import FLAGS, HEADINGS

if TYPE_CHECKING:
    from .protocol import GameRules, GameState


def game_ref_of(g: GameRules) -> str:
    """How a position names the game: a bundled pack's name, else its folder."""
    return bundled_name(g.content.root) or str(g.content.root)


def to_dict(s: GameState, viewer: int | None = None, game_ref: str | None = None) -> dict[str, Any]:
    """A position as plain data; with a viewer, only what that player may see."""
    g = s.g
    d: dict[str, Any] = {"game": game_ref or game_ref_of(g), "players": g.num_players}
    if viewer is not None:
        d["viewer"] = viewer
    d.update(round=s.round, phase=s.phase)
    if s.phase != "over":
        d["to_move"] = s.to_move
    d["first_player"] = s.first_player
    for part in (_players, _cards, _supplies, _phase, _ending):
        d.update(part(s, viewer))
    return d


def _players(s: GameState, viewer: int | None) -> dict[str, Any]:
    """Each player's ship, resources, Infamy and how it was scored, damage, flags, upgrades and booty."""
    g = s.g
    ps = g.players
    return {
        "ships": {p: {"at": list(s.pos[p - 1]), "heading": HEADINGS[s.heading[p - 1]]} for p in ps},
        "resources": {p: dict(zip(g.resources, s.res[p - 1])) for p in ps},
        "infamy": {p: s.infamy[p - 1] for p in ps},
        "scored": {p: {k: s.scored[p - 1][k] for k in sorted(s.scored[p - 1])} for p in ps},
        "damage": {p: s.damage[p - 1] for p in ps},
        "flags": {p: [f for i, f in enumerate(FLAGS) for _ in range(s.flags[p - 1][i])] for p in ps},
        "upgrades": {p: list(s.upgrades[p - 1]) for p in ps},
        "booty": {p: (g.booty_ids[s.booty[p - 1]] if s.booty[p - 1] is not None else None) for p in ps},
    }


def _cards(s: GameState, viewer: int | None) -> dict[str, Any]:
    """Hands and decks (a viewer's own hand, and the others' sizes), discards, the scrapped cards and the Market."""
    ps = s.g.players
    d: dict[str, Any] = {}
    if viewer is None:
        d["hands"] = {p: list(s.hands[p - 1]) for p in ps}
        d["decks"] = {p: s.decks[p - 1][::-1] for p in ps}
    else:
        d["hands"] = {viewer: list(s.hands[viewer - 1])}
        d["hand_sizes"] = {p: len(s.hands[p - 1]) for p in ps}
        d["deck_sizes"] = {p: len(s.decks[p - 1]) for p in ps}
    d["discards"] = {p: list(s.discards[p - 1]) for p in ps}
    d["scrapped"] = list(s.scrapped)
    d["market"] = list(s.market)
    if viewer is None:
        d["market_deck"] = s.market_deck[::-1]
    else:
        d["market_deck_size"] = len(s.market_deck)
    d["market_discard"] = list(s.market_discard)
    return d


def _supplies(s: GameState, viewer: int | None) -> dict[str, Any]:
    """The Damage deck and spares left, whether they ran out, the wrecks' booty (face down to a viewer)."""
    g = s.g
    d: dict[str, Any] = {"damage_deck": s.damage_left, "spares": s.spares_left, "ran_out": s.ran_out}
    lying = sorted(s.wreck_booty.items())
    if viewer is None:
        d["wrecks"] = [[w[0], w[1], g.booty_ids[b] if b is not None else None] for w, b in lying]
        d["booty_supply"] = [g.booty_ids[b] for b in s.booty_supply[::-1]]
    else:
        d["wrecks"] = [[w[0], w[1], "face down" if b is not None else None] for w, b in lying]
    return d


def _phase(s: GameState, viewer: int | None) -> dict[str, Any]:
    """What the phase under way holds: skiffs placed, Market claims, the card being resolved."""
    d: dict[str, Any] = {}
    if s.phase == "island":
        d["skiffs"] = {p: s.skiffs[p - 1] for p in s.g.players}
        d["placed"] = {k: list(v) for k, v in s.placed.items()}
    if s.phase in ("island", "buy"):
        d["claims"] = [[p, s.market[i]] for p, i in s.claims]
    if s.restocked:
        d["must_claim"] = [s.market[i] for i in s.restocked]
    if s.turn is not None:
        t = s.turn
        d["turn"] = {"card": t.card, "stage": t.stage, "frame": HEADINGS[t.frame], "shot": t.shot, "owed": t.owed,
                     "signals": t.signals, "again": t.again}
    if s.more_cards:
        d["more_cards"] = s.more_cards
    return d


def _ending(s: GameState, viewer: int | None) -> dict[str, Any]:
    """The random source's seed (not to a viewer), the reshuffles, and the winners and final scores."""
    d: dict[str, Any] = {}
    if viewer is None:
        d["seed"] = s.rng.state
    if s.reshuffles:
        d["reshuffles"] = s.reshuffles
    if s.phase == "over":
        d["winners"] = list(s.winners)
        d["final"] = {p: s.score(p) for p in s.g.players}
    return d


BLOCKS = ("ships", "resources", "scored", "hands", "decks", "discards", "flags", "upgrades", "booty", "infamy",
          "damage", "hand_sizes", "deck_sizes", "skiffs", "placed", "final")


def dump(d: dict[str, Any], actions: list | None = None) -> str:
    """A position (and a log's actions) as YAML text, one line per player's entry."""
    lines = []
    for k, v in d.items():
        if k in BLOCKS and isinstance(v, dict) and v:
            lines.append(f"{k}:")
            lines.extend(f"  {flow(kk)}: {flow(vv)}" for kk, vv in v.items())
        else:
            lines.append(f"{k}: {flow(v)}")
    if actions is not None:
        lines.append("actions:")
        lines.extend(f"  - {flow(a)}" for a in actions)
    return "\n".join(lines) + "\n"


