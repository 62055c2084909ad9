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
    ps = g.players

    def named(counts) -> dict[str, int]:
        return {r: k for r, k in zip(g.resources, counts)}

    d: dict[str, Any] = {"game": game_ref or game_ref_of(g), "players": g.num_players}
    if viewer is not None:
        d["viewer"] = viewer
    d.update(round=s.round, phase=s.phase)
    if s.phase != "over":
        d["to_move"] = s.to_move
    d["first_player"] = s.first_player
    d["ships"] = {p: {"at": list(s.pos[p - 1]), "heading": HEADINGS[s.heading[p - 1]]} for p in ps}
    d["resources"] = {p: named(s.res[p - 1]) for p in ps}
    d["infamy"] = {p: s.infamy[p - 1] for p in ps}
    d["scored"] = {p: {k: s.scored[p - 1][k] for k in sorted(s.scored[p - 1])} for p in ps}
    d["damage"] = {p: s.damage[p - 1] for p in ps}
    d["flags"] = {p: [f for i, f in enumerate(FLAGS) for _ in range(s.flags[p - 1][i])] for p in ps}
    d["upgrades"] = {p: list(s.upgrades[p - 1]) for p in ps}
    d["booty"] = {p: (g.booty_ids[s.booty[p - 1]] if s.booty[p - 1] is not None else None) for p in ps}
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
    d["damage_deck"] = s.damage_left
    d["spares"] = s.spares_left
    d["ran_out"] = s.ran_out
    lying = sorted(s.wreck_booty.items())
    if viewer is None:
        d["wrecks"] = [[w[0], w[1], g.booty_ids[b] if b is not None else None] for w, b in lying]
        d["booty_supply"] = [g.booty_ids[b] for b in s.booty_supply[::-1]]
    else:
        d["wrecks"] = [[w[0], w[1], "face down" if b is not None else None] for w, b in lying]
    if s.phase == "island":
        d["skiffs"] = {p: s.skiffs[p - 1] for p in ps}
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
    if viewer is None:
        d["seed"] = s.rng.state
    if s.reshuffles:
        d["reshuffles"] = s.reshuffles
    if s.phase == "over":
        d["winners"] = list(s.winners)
        d["final"] = {p: s.score(p) for p in ps}
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


