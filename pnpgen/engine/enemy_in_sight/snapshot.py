"""Enemy in Sight positions written out: a state as plain data (whole, or as one player sees it) and as YAML."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...files.paths import bundled_name
from ...model import Game
from .. import api
from ..flowyaml import flow
from .actions import to_json
from .names import GUNNERY, OVER, PARTS, VP_SOURCES, Boarding, Breakers, Capture, Choosing, Moves

if TYPE_CHECKING:
    from .protocol import GameRules, GameState


def game_ref_of(content: Game) -> str:
    """How a position names the game: a bundled pack's name, else its folder."""
    return bundled_name(content.root) or str(content.root)


def to_dict(s: GameState, viewer: int | None = None, game_ref: str | None = None) -> dict[str, Any]:
    """A position as plain data; with a viewer, what that player may see."""
    d = _header(s, viewer, game_ref)
    for part in (_scores, _ships, _ship_piles, _cards, _pending, _ending):
        d.update(part(s, viewer))
    return _without_empties(d)


def _header(s: GameState, viewer: int | None, game_ref: str | None) -> dict[str, Any]:
    """The game, who views it, the round, the dealers, whose turn and the step."""
    rules = s.rules
    d: dict[str, Any] = {"game": game_ref or rules.game_ref, "players": rules.num_players}
    if viewer is not None:
        d["viewer"] = viewer
    d.update(round=s.round, dealer=s.dealer, first_dealer=s.first_dealer, turn=s.turn)
    if s.to_move != s.turn and s.step != OVER:
        d["to_move"] = s.to_move
    d["step"] = s.step
    return d


def _scores(s: GameState, viewer: int | None) -> dict[str, Any]:
    """Each player's score and the VP it came from (every player sees them)."""
    players = s.rules.players
    return {"scores": {p: s.scores[p - 1] for p in players},
            "vp": {p: {k: v for k, v in zip(VP_SOURCES, s.vp[p - 1]) if v} for p in players}}


def _ships(s: GameState, viewer: int | None) -> dict[str, Any]:
    """Each ship in a line, among the prizes or in port: its owner, damage, fires, and whether struck or broken."""
    rules = s.rules
    entries: dict[str, Any] = {}
    for place, piles in (("line", s.line), ("prize", s.prizes), ("port", s.port)):
        for p in rules.players:
            for i in piles[p - 1]:
                e: dict[str, Any] = {"owner": p, "at": place}
                if s.damage[i]:
                    e["damage"] = [_damage(rules, dmg) for dmg in s.damage[i]]
                if s.fires[i]:
                    e["fires"] = [[card, PARTS[part]] for card, part in s.fires[i]]
                if s.struck[i]:
                    e["struck"] = True
                if s.breaker[i]:
                    e["breaker"] = s.breaker[i]
                entries[rules.ships[i].id] = e
    return {"ships": entries}


def _ship_piles(s: GameState, viewer: int | None) -> dict[str, Any]:
    """The ship deck (its top and size to a viewer), the ships sunk, sunk this round, taken and wrecked."""
    ships, players = s.rules.ships, s.rules.players
    top_first = [ships[i].id for i in reversed(s.ship_deck)]
    d: dict[str, Any] = {}
    if viewer is None:
        d["ship_deck"] = top_first
    else:
        d["ship_deck_top"] = top_first[0] if top_first else None
        d["ship_deck_size"] = len(top_first)
    d["sunk"] = {p: [ships[i].id for i in s.sunk[p - 1][:s.scored[p - 1]]] for p in players}
    fresh = {p: [ships[i].id for i in s.sunk[p - 1][s.scored[p - 1]:]] for p in players}
    if viewer is None:
        d["sunk_this_round"] = fresh
    else:
        d["sunk_this_round"] = {viewer: fresh[viewer]}
        d["sunk_this_round_sizes"] = {p: len(v) for p, v in fresh.items()}
    d["taken"] = {p: [ships[i].id for i in s.taken[p - 1]] for p in players}
    d["wrecks"] = [ships[i].id for i in s.wrecks]
    return d


def _cards(s: GameState, viewer: int | None) -> dict[str, Any]:
    """The hands (a viewer's own, and the others' sizes), the deck, the discard and the cards in play."""
    players = s.rules.players
    d: dict[str, Any] = {}
    if viewer is None:
        d["hands"] = {p: list(s.hands[p - 1]) for p in players}
        d["deck"] = s.deck[::-1]
    else:
        d["hands"] = {viewer: list(s.hands[viewer - 1])}
        d["hand_sizes"] = {p: len(s.hands[p - 1]) for p in players}
        d["deck_size"] = len(s.deck)
    d["discard"] = list(s.discard)
    in_play = {"breaks": [{"card": c, "by": by, "against": t} for c, by, t in s.breaks],
               "blockades": [{"card": c, "by": by, "against": t} for c, by, t in s.blockades],
               "refusals": [{"card": c, "by": by} for c, by in s.refusals]}
    d["in_play"] = {k: v for k, v in in_play.items() if v}
    if s.played:
        d["played"] = list(s.played)
    boardable = [s.rules.ships[i].id for i in s.dismasted_now if s.at_sea(i) and s.dismasted(i)]
    if boardable:  # a ship the Broadsides dismasted and a Boarding Party might still take (not sunk or repaired)
        d["dismasted_this_turn"] = boardable
    if s.passing is not None:
        d["passing"] = {"card": s.passing[0], "from": s.passing[1]}
    return d


def _ending(s: GameState, viewer: int | None) -> dict[str, Any]:
    """The random source's seed (not to a viewer), and how the game ended."""
    d: dict[str, Any] = {}
    if viewer is None:
        d["seed"] = s.rng.state
    if s.step == OVER:
        d["victory"] = s.victory
        d["winners"] = list(s.winners)
    return d


def _without_empties(d: dict[str, Any]) -> dict[str, Any]:
    """The optional fields with nothing in them left out (players with nothing in them, too)."""
    for key in ("vp", "sunk", "sunk_this_round", "taken"):
        d[key] = {p: v for p, v in d[key].items() if v}
    return {k: v for k, v in d.items() if v or k not in OPTIONAL}


OPTIONAL = ("vp", "sunk", "sunk_this_round", "taken", "wrecks", "in_play", "discard")


def _damage(rules: GameRules, dmg: tuple) -> list:
    part, source, amount = dmg
    info = rules.cards.get(source)
    if info is not None and (info.action in GUNNERY or info.flag):
        return [PARTS[part], source]
    return [PARTS[part], source, amount]


def _pending(s: GameState, viewer: int | None) -> dict[str, Any]:
    x = s.pending
    ships = s.rules.ships
    if isinstance(x, Choosing):
        return {"choosing": {"card": x.card, "chosen": [to_json(s.rules, a) for a in x.chosen]}}
    if isinstance(x, Boarding):
        b: dict[str, Any] = {"card": x.card, "ship": ships[x.ship].id, "target": ships[x.target].id}
        if x.grape is not None:
            b["grape"] = list(x.grape) if viewer in (None, s.turn) else f"{len(x.grape)} card(s) face down"
        return {"boarding": b}
    if isinstance(x, Capture):
        return {"capture": {"ship": ships[x.ship].id, "by": x.by}}
    if isinstance(x, Breakers):
        return {"breakers": {"card": x.card, "against": x.target, "chosen": list(x.chosen)}}
    if isinstance(x, Moves):
        return {"moves": {"card": x.card, "mode": x.mode, "moved": list(x.moved), "escort": x.escort}}
    return {}


LINE_KEYS = ("ships", "hands", "scores", "vp", "sunk", "sunk_this_round", "taken", "in_play", "hand_sizes",
             "sunk_this_round_sizes")


def dump(d: dict[str, Any], actions: list | None = None) -> str:
    """A position (and a log's actions) as YAML text: one line per field, ship, hand and card in play."""
    lines = []
    for k, v in d.items():
        if k in LINE_KEYS and isinstance(v, dict) and v:
            lines.append(f"{k}:")
            lines.extend(f"  {flow(kk)}: {flow(vv)}" for kk, vv in v.items())
        else:
            lines.append(f"{k}: {flow(v)}")
    if actions is not None:
        lines.append("actions:")
        lines.extend(f"  - {flow(a)}" for a in actions)
    return "\n".join(lines) + "\n"


def write_position(position: api.Position | GameState) -> str:
    """The YAML text of a position (a state, or a Position keeping how its file named the game)."""
    if isinstance(position, api.Position):
        return dump(to_dict(position.state, game_ref=position.game_ref))
    return dump(to_dict(position))
