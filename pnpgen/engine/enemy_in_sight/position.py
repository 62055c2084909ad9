"""Enemy in Sight positions: a whole game state as YAML, read with located errors and written back.

```yaml
game: enemy-in-sight
players: 2
round: 1
dealer: 1                 # deals this round and plays first
first_dealer: 1           # the high roller (default: the dealer)
turn: 1                   # whose turn it is
to_move: 1                # who decides now (default: turn; a Grape Shot defender, a taker)
step: main                # red | main | choose | extra | grape | capture | breakers | moves | over
scores: {1: 0, 2: 14}
ships:                    # the ships in Lines, Ports and behind Lines (Prizes)
  victory: {owner: 1, at: line}
  orient: {owner: 2, at: line, damage: [[hull, broadsides-3], [rigging, fire, 2]], fires: [[fire, rigging]]}
ship_deck: [santa-ana, rayo]          # top first; left out: every ship not listed, shuffled by seed
hands: {1: [rake, repair], 2: [fire]}
deck: [strike, blockade]              # top first; left out: every card not listed, shuffled by seed
discard: [rake]
seed: 7
```
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ...errors import ContentError, ContentErrors, Loc, Problems
from ...model import Game
from ...source.fields import Fields, describe, did_you_mean
from ...source.yamlsrc import key_loc, loc_of, parse_yaml
from .. import api
from ..rng import Rng
from .moves import completions
from .names import (
    BREAKERS,
    BROADSIDES,
    CAPTURE,
    CHOOSE,
    DECK,
    EXTRA,
    FIRE,
    FIRE_SOURCE,
    GRAPE,
    GUNNERY,
    LINE,
    MAIN,
    MOVES,
    OVER,
    PARTS,
    PORT,
    PRIZE,
    RED_ACTIONS,
    RED_STEP,
    STALEMATE,
    STEPS,
    SUNK,
    TAKEN,
    VP_SOURCES,
    WRECK,
    Boarding,
    Breakers,
    Capture,
    Choosing,
    Moves,
)
from .names import POINTS as POINTS_VICTORY
from .rules import EnemyInSight
from .snapshot import dump, game_ref_of, to_dict, write_position
from .state import EisState

__all__ = ["dump", "game_ref_of", "parse_position", "read_position", "rules_for", "to_dict", "write_position"]

AT = {"line": LINE, "port": PORT, "prize": PRIZE}
UNLISTED = 0x5A17ED  # the Ship deck or Action deck left out of a position is shuffled by seed ^ this
VICTORIES = (POINTS_VICTORY, STALEMATE)
_RULES: dict = {}


def rules_for(content: Game, players: int) -> EnemyInSight:
    """The rules of a loaded game at a player count, made once for each."""
    key = (id(content), players)
    hit = _RULES.get(key)
    if hit is None or hit[0] is not content:
        if len(_RULES) >= 16:
            _RULES.clear()
        hit = _RULES[key] = (content, EnemyInSight(content, players))
    return hit[1]


# -- reading ------------------------------------------------------------------------------------------------
def parse_position(text: str, content: Game, name: str = "<position>",
                   extra_keys: tuple[str, ...] = ()) -> api.Position:
    """Read a position of a loaded pack from YAML text (whatever its `game:` says)."""
    problems = Problems()
    try:
        doc = parse_yaml(text, name, problems)
    except ContentError as e:
        raise ContentErrors([*problems.errors, e]) from None
    problems.raise_if_any()
    return read_position(api.Source(doc, content, game_ref_of(content), Path.cwd(), name), problems, extra_keys)


def read_position(source: api.Source, problems: Problems, extra_keys: tuple[str, ...] = ()) -> api.Position:
    """A Position from a file's located mapping (its `game:` read already); raise ContentErrors if anything is
    wrong."""
    f = Fields(source.doc, "position", problems, Loc(source.name, 1, 1))
    problems.raise_if_any()
    content = source.content
    f.get("game", str, None)
    players = f.get("players", int, min(content.players), min=1, max=20)
    if players not in content.players:
        f.err("players", f"{content.id} is played by {', '.join(map(str, content.players))} players, not {players}")
        problems.raise_if_any()
    rules = rules_for(content, players)
    state = _Reader(f, rules, problems).read(extra_keys)
    return api.Position(state, source.game_ref, f.m, source.name)


class _Reader:
    """Reads the fields of a position into a state, checking them against the rules' bookkeeping."""

    def __init__(self, f: Fields, rules: EnemyInSight, problems: Problems):
        self.f, self.rules, self.p = f, rules, problems
        self.cards_seen: Counter = Counter()
        self.ships_seen: dict[int, Loc | None] = {}
        self.choose_later: tuple | None = None  # (card, choices, fields) of a card being played

    def read(self, extra_keys: tuple[str, ...]) -> EisState:
        f, rules = self.f, self.rules
        n = rules.num_players
        seed = f.get("seed", int, 0, min=0) or 0
        s = EisState(rules, Rng(seed))
        self.dealer = Rng(seed ^ UNLISTED)  # deals the piles left out, so that the seed's rolls stay the game's
        s.round = f.get("round", int, 1, min=1, max=1_000_000) or 1
        s.dealer = f.get("dealer", int, 1, min=1, max=n) or 1
        s.first_dealer = f.get("first_dealer", int, s.dealer, min=1, max=n) or s.dealer
        s.turn = f.get("turn", int, s.dealer, min=1, max=n) or 1
        s.to_move = f.get("to_move", int, s.turn, min=1, max=n) or s.turn
        s.step = f.get("step", str, MAIN, choices=STEPS) or MAIN
        self.scores(s)
        self.ships(s)
        self.ship_piles(s, "sunk", SUNK, s.sunk)
        s.scored = [len(x) for x in s.sunk]
        self.ship_piles(s, "sunk_this_round", SUNK, s.sunk)
        self.ship_piles(s, "taken", TAKEN, s.taken)
        s.wrecks = self.ship_list(f.get("wrecks", list, []), "wrecks", WRECK, s)
        self.cards_in_play(s)
        self.turn_so_far(s)
        self.hands(s)
        self.ship_deck(s)
        self.action_deck(s)
        for k in extra_keys:
            f.get(k, object, None)
        f.finish()
        self.p.raise_if_any()
        self.flow(s)
        self.p.raise_if_any()
        return s

    # -- scores ------------------------------------------------------------------------------------------
    def scores(self, s: EisState) -> None:
        f = self.f
        for p, v in self.by_player("scores").items():
            if not isinstance(v, int) or isinstance(v, bool):
                self.p.error(loc_of(f.m.get("scores"), p), f"scores: player {p}'s score must be a whole number, "
                             f"got {describe(v)}")
                continue
            s.scores[p - 1] = v
            s.vp[p - 1][VP_SOURCES.index("sunk")] = v
        for p, v in self.by_player("vp").items():
            vf = Fields(v, f"vp of player {p}", self.p, loc_of(f.m.get("vp"), p))
            got = [vf.get(k, int, 0) or 0 for k in VP_SOURCES]
            vf.finish()
            if sum(got) != s.scores[p - 1]:
                vf.err(None, f"the VP by source add up to {sum(got)}, not the score {s.scores[p - 1]}")
            s.vp[p - 1] = got

    def by_player(self, key: str) -> dict[int, Any]:
        """A mapping by player number (keys 1 to the player count)."""
        v = self.f.get(key, dict, {}) or {}
        out = {}
        n = self.rules.num_players
        for k, x in v.items():
            p = int(k) if isinstance(k, int) or (isinstance(k, str) and k.isdigit()) else None
            if p is None or not 1 <= p <= n:
                self.p.error(key_loc(v, k), f"{key}: '{k}' is not a player number (1 to {n})")
                continue
            out[p] = x
        return out

    # -- ships ------------------------------------------------------------------------------------------
    def ship_id(self, v: Any, loc: Loc | None, what: str) -> int | None:
        rules = self.rules
        if not isinstance(v, str) or v not in rules.ship_index:
            self.p.error(loc, f"{what}: unknown ship {describe(v)}"
                         + (did_you_mean(v, rules.ship_index) if isinstance(v, str) else ""))
            return None
        i = rules.ship_index[v]
        if i in self.ships_seen:
            first = self.ships_seen[i]
            self.p.error(loc, f"{what}: ship '{v}' is listed twice" + (f" (first at line {first.line})" if first
                                                                         else ""))
            return None
        self.ships_seen[i] = loc
        return i

    def ships(self, s: EisState) -> None:
        rules = self.rules
        v = self.f.get("ships", dict, {}) or {}
        for sid, e in v.items():
            i = self.ship_id(sid, key_loc(v, sid), "ships")
            if i is None:
                continue
            sf = Fields(e if e is not None else {}, f"ship {sid}", self.p, key_loc(v, sid))
            owner = sf.get("owner", int, min=1, max=rules.num_players)
            at = sf.get("at", str, "line", choices=tuple(AT))
            damage = sf.get("damage", list, [])
            fires = sf.get("fires", list, [])
            struck = sf.get("struck", bool, False)
            breaker = sf.get("breaker", str, None, choices=tuple(c for c in rules.cards if rules.cards[c].flag))
            sf.finish()
            if owner is None or at is None:
                continue
            s.owner[i], s.place[i] = owner, AT[at]
            {"line": s.line, "port": s.port, "prize": s.prizes}[at][owner - 1].append(i)
            s.damage[i] = self.damage(damage or [], sid)
            s.fires[i] = self.fires(fires or [], sid)
            if at == "port" and (s.damage[i] or s.fires[i] or struck or breaker):
                sf.err(None, "a ship in Port has no damage, Fire, Strike chit or flag (all go when she reaches Port)")
            s.struck[i] = bool(struck)
            s.breaker[i] = breaker
        for pile in (*s.line, *s.port):
            pile.sort(key=rules.line_key)
        for pile in s.prizes:
            pile.sort()

    def damage(self, v: list, sid: str) -> tuple:
        rules = self.rules
        out = []
        for k, d in enumerate(v):
            loc = loc_of(v, k)
            if not (isinstance(d, list) and len(d) in (2, 3) and d[0] in PARTS and isinstance(d[1], str)
                    and (len(d) == 2 or (isinstance(d[2], int) and not isinstance(d[2], bool) and d[2] > 0))):
                self.p.error(loc, f"ship {sid}: a damage entry is [part, source] or [part, source, amount] (part: "
                             f"hull or rigging; source: a Broadsides or Rake card, fire, or a Break The Line card), "
                             f"got {describe(d)}")
                continue
            part, source = PARTS.index(d[0]), d[1]
            info = rules.cards.get(source)
            if source == FIRE_SOURCE:
                amount = d[2] if len(d) == 3 else 1
            elif info is not None and info.action in GUNNERY:
                amount = info.damage
                if len(d) == 3 and d[2] != amount:
                    self.p.error(loc, f"ship {sid}: {source} does {amount} damage, not {d[2]}")
                self.count_card(source, loc)
            elif info is not None and info.flag:
                amount = rules.params.line_breaker_damage
            else:
                self.p.error(loc, f"ship {sid}: unknown damage source '{source}' (a Broadsides or Rake card, fire, or "
                             "a Break The Line card)" + did_you_mean(source, [*rules.cards, FIRE_SOURCE]))
                continue
            out.append((part, source, amount))
        return tuple(out)

    def fires(self, v: list, sid: str) -> tuple:
        rules = self.rules
        fire_cards = rules.of_action[FIRE]
        out = []
        for k, d in enumerate(v):
            loc = loc_of(v, k)
            card, part = (fire_cards[0] if fire_cards else None, d) if isinstance(d, str) else (
                tuple(d) if isinstance(d, list) and len(d) == 2 else (None, None))
            if part not in PARTS or card not in fire_cards:
                self.p.error(loc, f"ship {sid}: a Fire is the part where it took hold (hull or rigging), or [card, "
                             f"part] with a Fire card ({', '.join(fire_cards)}), got {describe(d)}")
                continue
            self.count_card(card, loc)
            out.append((card, PARTS.index(part)))
        return tuple(out)

    def ship_list(self, v: Any, what: str, place: int, s: EisState, owner: int = 0) -> list[int]:
        out = []
        for k, x in enumerate(v or []):
            i = self.ship_id(x, loc_of(v, k), what)
            if i is not None:
                s.owner[i], s.place[i] = owner, place
                out.append(i)
        return out

    def ship_piles(self, s: EisState, key: str, place: int, target: list[list[int]]) -> None:
        for p, v in self.by_player(key).items():
            if not isinstance(v, list):
                self.p.error(loc_of(self.f.m.get(key), p), f"{key}: player {p}'s ships must be a list, got "
                             f"{describe(v)}")
                continue
            target[p - 1].extend(self.ship_list(v, f"{key} of player {p}", place, s, p))

    def ship_deck(self, s: EisState) -> None:
        f = self.f
        v = f.get("ship_deck", list, None)
        if v is not None:
            s.ship_deck = self.ship_list(v, "ship_deck", DECK, s)[::-1]
            missing = [sh.id for i, sh in enumerate(self.rules.ships) if i not in self.ships_seen]
            if missing and not self.p.errors:
                f.err("ship_deck", "ships missing from the position (ships, ship_deck, sunk, sunk_this_round, taken, "
                      "wrecks): " + ", ".join(missing))
        else:
            rest = [i for i in range(len(self.rules.ships)) if i not in self.ships_seen]
            self.dealer.shuffle(rest)
            s.ship_deck = rest

    # -- cards ------------------------------------------------------------------------------------------------
    def count_card(self, card: str, loc: Loc | None) -> bool:
        """Count one card of the Action deck as placed; an error when the deck holds no more of it."""
        have = Counter(self.rules.deck_cards)
        self.cards_seen[card] += 1
        if self.cards_seen[card] > have[card]:
            self.p.error(loc, f"card '{card}' appears more often than the Action deck holds it ({have[card]})")
            return False
        return True

    def card(self, v: Any, loc: Loc | None, what: str, count: bool = True) -> str | None:
        cards = self.rules.cards
        if not isinstance(v, str) or v not in cards:
            self.p.error(loc, f"{what}: unknown card {describe(v)}" + (did_you_mean(v, cards) if isinstance(v, str)
                                                                       else ""))
            return None
        if count and not self.count_card(v, loc):
            return None
        return v

    def card_list(self, v: Any, what: str) -> list[str]:
        out = []
        for k, c in enumerate(v or []):
            got = self.card(c, loc_of(v, k), what)
            if got is not None:
                out.append(got)
        return out

    def hands(self, s: EisState) -> None:
        order = self.rules.card_order.__getitem__
        for p, v in self.by_player("hands").items():
            if not isinstance(v, list):
                self.p.error(loc_of(self.f.m.get("hands"), p), f"hands: player {p}'s hand must be a list of cards, "
                             f"got {describe(v)}")
                continue
            s.hands[p - 1] = sorted(self.card_list(v, f"hand of player {p}"), key=order)

    def action_deck(self, s: EisState) -> None:
        f = self.f
        s.discard = self.card_list(f.get("discard", list, []), "discard")
        v = f.get("deck", list, None)
        if v is not None:
            s.deck = self.card_list(v, "deck")[::-1]
            missing = Counter(self.rules.deck_cards) - self.cards_seen
            if missing and not self.p.errors:
                f.err("deck", "cards missing from the position (hands, deck, discard, ships, in play): "
                      + ", ".join(sorted(missing.elements(), key=self.rules.card_order.__getitem__)))
        else:
            rest = sorted((Counter(self.rules.deck_cards) - self.cards_seen).elements(),
                          key=self.rules.card_order.__getitem__)
            self.dealer.shuffle(rest)
            s.deck = rest

    def cards_in_play(self, s: EisState) -> None:
        rules, f = self.rules, self.f
        v = f.get("in_play", dict, {}) or {}
        pf = Fields(v, "in_play", self.p, f.at("in_play"))
        n = rules.num_players
        for key in ("breaks", "blockades", "refusals"):
            items = pf.get(key, list, []) or []
            for k, e in enumerate(items):
                ef = Fields(e, f"in_play {key}", self.p, loc_of(items, k))
                card = self.card(ef.get("card", str), ef.at("card"), f"in_play {key}")
                by = ef.get("by", int, min=1, max=n)
                against = ef.get("against", int, min=1, max=n) if key != "refusals" else None
                ef.finish()
                if card is None or by is None or (key != "refusals" and against is None):
                    continue
                want = {"breaks": "break-the-line", "blockades": "blockade", "refusals": "refuse-battle"}[key]
                if rules.cards[card].action != want:
                    ef.err("card", f"{card} is not a {want} card")
                elif key != "refusals" and against == by:
                    ef.err("against", f"player {by} does not play {card} against themselves")
                elif key == "breaks":
                    s.breaks.append((card, by, against))
                elif key == "blockades":
                    s.blockades.append((card, by, against))
                else:
                    s.refusals.append((card, by))
        pf.finish()
        for i, b in enumerate(s.breaker):
            if b is not None and not any(c == b and by == s.owner[i] for c, by, _ in s.breaks):
                self.p.error(self.f.at("ships"), f"ship {rules.ships[i].id}: a Line Breaker of {b}, but no {b} of "
                             f"player {s.owner[i]} is in play ('in_play: breaks')")

    def turn_so_far(self, s: EisState) -> None:
        """What the turn has seen: the Black cards played, the Red card on its way, and the decision under way."""
        rules, f = self.rules, self.f
        played = f.get("played", list, []) or []
        actions = {c.action for c in rules.cards.values()}
        for k, a in enumerate(played):
            if a not in actions or a in RED_ACTIONS:
                self.p.error(loc_of(played, k), f"played: {describe(a)} is not the action of a Black card "
                             f"(expected one of: {', '.join(sorted(actions - set(RED_ACTIONS)))})")
        s.played = tuple(a for a in played if a in actions)
        dismasted = f.get("dismasted_this_turn", list, []) or []
        now = []
        for k, sid in enumerate(dismasted):
            i = rules.ship_index.get(sid) if isinstance(sid, str) else None
            if i is None:
                self.p.error(loc_of(dismasted, k), f"dismasted_this_turn: unknown ship {describe(sid)}"
                             + (did_you_mean(sid, rules.ship_index) if isinstance(sid, str) else ""))
            elif i in now:
                self.p.error(loc_of(dismasted, k), f"dismasted_this_turn: {sid} is listed twice")
            elif BROADSIDES not in s.played:
                self.p.error(loc_of(dismasted, k), f"dismasted_this_turn: {sid} was dismasted by a Broadsides, but "
                             "no Broadsides is among the cards played this turn ('played')")
            elif not s.dismasted(i) or s.place[i] not in (LINE, PRIZE):
                self.p.error(loc_of(dismasted, k), f"dismasted_this_turn: {sid} is not a dismasted ship at sea")
            else:
                now.append(i)
        s.dismasted_now = tuple(now)
        v = f.get("passing", dict, None)
        if v is not None:
            pf = Fields(v, "passing", self.p, f.at("passing"))
            card = self.card(pf.get("card", str), pf.at("card"), "passing")
            owner = pf.get("from", int, min=1, max=rules.num_players)
            pf.finish()
            if card is not None and card not in rules.red_cards:
                pf.err("card", f"{card} is not a Red card")
            elif card is not None and owner is not None:
                s.passing = (card, owner)
        for key, reader in (("choosing", self.choosing), ("boarding", self.boarding), ("capture", self.capture),
                            ("breakers", self.breakers), ("moves", self.moves)):
            v = f.get(key, dict, None)
            if v is not None:
                if s.pending is not None:
                    f.err(key, "one decision is under way at a time (choosing, boarding, capture, breakers, moves)")
                    continue
                s.pending = reader(Fields(v, key, self.p, f.at(key)), s)

    def choosing(self, cf: Fields, s: EisState):
        card = self.card(cf.get("card", str), cf.at("card"), "choosing")
        chosen = cf.get("chosen", list, []) or []
        cf.finish()
        if card is None:
            return None
        if self.rules.cards[card].red:
            cf.err("card", f"{card} is a Red card; Red cards have no choices")
            return None
        from .actions import from_json

        acts = []
        for k, obj in enumerate(chosen):
            got = from_json(self.rules, obj, self.p, f"choosing: choice {k + 1}", loc_of(chosen, k))
            if got is not None:
                acts.append(got[0])
        self.choose_later = (card, tuple(acts), cf)
        return Choosing(card, tuple(acts), ())

    def boarding(self, bf: Fields, s: EisState):
        card = self.card(bf.get("card", str), bf.at("card"), "boarding")
        ship = self.known_ship(bf, "ship")
        target = self.known_ship(bf, "target")
        grape = bf.get("grape", list, None)
        bf.finish()
        cards = tuple(self.card_list(grape, "boarding grape")) if grape is not None else None
        if None in (card, ship, target):
            return None
        return Boarding(card, ship, target, cards)

    def capture(self, cf: Fields, s: EisState):
        ship = self.known_ship(cf, "ship")
        by = cf.get("by", int, min=1, max=self.rules.num_players)
        cf.finish()
        if ship is None or by is None:
            return None
        if s.owner[ship] != by or s.place[ship] != PRIZE:
            cf.err("ship", f"a ship waiting for its taker's decision is listed as a Prize of player {by} "
                   f"('at: prize, owner: {by}')")
        return Capture(ship, by)

    def breakers(self, bf: Fields, s: EisState):
        card = self.card(bf.get("card", str), bf.at("card"), "breakers")
        against = bf.get("against", int, min=1, max=self.rules.num_players)
        chosen = bf.get("chosen", list, []) or []
        bf.finish()
        ids = [c for c in chosen if c in self.rules.ship_index]
        if len(ids) != len(chosen):
            bf.err("chosen", "Line Breakers are ship ids")
        if card is None or against is None:
            return None
        return Breakers(card, against, tuple(ids))

    def moves(self, mf: Fields, s: EisState):
        card = self.card(mf.get("card", str), mf.at("card"), "moves", count=False)
        mode = mf.get("mode", str, "play", choices=("play", "muster"))
        moved = mf.get("moved", list, []) or []
        escort = mf.get("escort", bool, False)
        mf.finish()
        ids = [c for c in moved if c in self.rules.ship_index]
        if len(ids) != len(moved):
            mf.err("moved", "the ships moved are ship ids")
        if card is None or mode is None:
            return None
        return Moves(card, mode, tuple(ids), bool(escort))

    def known_ship(self, f: Fields, key: str) -> int | None:
        v = f.get(key, str)
        if v is None:
            return None
        if v not in self.rules.ship_index:
            f.err(key, f"unknown ship '{v}'" + did_you_mean(v, self.rules.ship_index))
            return None
        return self.rules.ship_index[v]

    # -- flow ------------------------------------------------------------------------------------------------
    def flow(self, s: EisState) -> None:
        """The step agrees with the rest: a Red card to play, the decision under way, who decides."""
        f, rules = self.f, self.rules
        step, p = s.step, s.turn
        need = {CHOOSE: Choosing, GRAPE: Boarding, CAPTURE: Capture, BREAKERS: Breakers, MOVES: Moves}
        if step == OVER:
            s.victory = f.get("victory", str, POINTS_VICTORY, choices=VICTORIES)
            s.winners = tuple(sorted(self.by_player_list("winners")))
            s.pending = None
            return
        for key in ("victory", "winners"):
            if key in f.m:
                f.get(key, object, None)
                f.err(key, "only a finished game (step: over) has a victory or winners")
        want = need.get(step)
        if want is None and s.pending is not None:
            f.err("step", f"the step '{step}' has no decision under way; leave out "
                  f"'{type(s.pending).__name__.lower()}'")
            return
        if want is not None and not isinstance(s.pending, want):
            key = {CHOOSE: "choosing", GRAPE: "boarding", CAPTURE: "capture", BREAKERS: "breakers", MOVES: "moves"}
            f.err("step", f"step '{step}' needs '{key[step]}' (the decision under way)")
            return
        if s.passing is not None and step != RED_STEP:
            f.err("passing", "a Red card passed on is taken up at once: step red")
        if step == RED_STEP and s.passing is None and not any(c in rules.red_cards for c in s.hands[p - 1]):
            f.err("step", f"player {p} holds no Red card and none was passed to them")
        if step == MAIN and any(c in rules.red_cards for c in s.hands[p - 1]):
            f.err("step", f"player {p} holds a Red card: step red")
        if step in (MAIN, RED_STEP, EXTRA, CHOOSE, BREAKERS, MOVES) and s.to_move != p:
            f.err("to_move", f"player {p} decides in their own turn's '{step}' step")
        if step == CHOOSE:
            card, chosen, cf = self.choose_later
            options = completions(s, p, card)
            k = len(chosen)
            options = tuple(o for o in options if o[:k] == chosen)
            if not options or all(len(o) == k for o in options):
                cf.err("chosen", f"these choices are not a way to play {card} here, or they are complete already")
                return
            s.pending = Choosing(card, chosen, options)
        if step == GRAPE:
            b = s.pending
            grape_owner = p if b.grape is None else s.owner[b.target]
            if s.to_move != grape_owner:
                f.err("to_move", f"player {grape_owner} chooses Grape Shot now")
        if step == CAPTURE and s.to_move != s.pending.by:
            f.err("to_move", f"player {s.pending.by} decides what to make of the captured ship")
        if not s.legal_actions():
            f.err("step", "no action is possible in this position")

    def by_player_list(self, key: str) -> list[int]:
        v = self.f.get(key, list, []) or []
        out = []
        for k, x in enumerate(v):
            if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= self.rules.num_players:
                self.p.error(loc_of(v, k), f"{key}: player numbers from 1 to {self.rules.num_players}, got "
                             f"{describe(x)}")
            else:
                out.append(x)
        return out
