"""Seas of Havoc positions and logs: a whole game state as YAML, read with located errors and written back."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...errors import Loc, Problems
from ...model import Game
from ...source.fields import Fields, describe, did_you_mean
from ...source.yamlsrc import key_loc, loc_of
from ..api import Position
from ..rng import Rng
from .actions import to_json
from .game import SeasOfHavoc
from .names import FLAGS, HEADINGS, LOCATIONS, PHASES, SEA, STAGES
from .state import SohState, Turn
from .view import dump, to_dict

ENGINE = "seas-of-havoc"
_RULES: dict = {}


def rules_for(game: Game, players: int) -> SeasOfHavoc:
    """The rules of a loaded game at a player count, made once (positions and logs read many)."""
    key = (id(game), players)
    hit = _RULES.get(key)
    if hit is None or hit[0] is not game:
        if len(_RULES) >= 16:
            _RULES.clear()
        hit = _RULES[key] = (game, SeasOfHavoc(game, players))
    return hit[1]


# -- reading -------------------------------------------------------------------------------------
def read_position(doc: Any, problems: Problems, content: Game, game_ref: str, name: str = "<position>",
                  extra_keys: tuple[str, ...] = ()) -> Position:
    """A Position from a located YAML mapping whose `game:` has been read; raise ContentErrors if anything is
    wrong."""
    f = Fields(doc, "position", problems, Loc(name, 1, 1))
    problems.raise_if_any()
    f.get("game", str, ENGINE)
    players = f.get("players", int, min(content.players), min=1, max=8)
    if players not in content.players:
        f.err("players", f"{content.id} is played by {', '.join(map(str, content.players))} players, not {players}")
        problems.raise_if_any()
    g = rules_for(content, players)
    s = _Reader(f, g, problems).read(extra_keys)
    problems.raise_if_any()
    return Position(s, game_ref, f.m, name)


class _Reader:
    """Reads a position's fields into a state, checking every card, resource and token is accounted for."""

    def __init__(self, f: Fields, g: SeasOfHavoc, problems: Problems):
        self.f, self.g, self.p = f, g, problems

    def per_player(self, key: str, kind: type, default: Any) -> dict[int, Any]:
        """A mapping of player number to a value, each player defaulted."""
        v = self.f.get(key, dict, {})
        out = {p: default() if callable(default) else default for p in self.g.players}
        for k, x in (v or {}).items():
            n = int(k) if isinstance(k, int) or (isinstance(k, str) and k.isdigit()) else None
            if n not in out:
                self.p.error(key_loc(v, k), f"{key}: '{k}' is not a player number (1 to {self.g.num_players})")
                continue
            if x is not None and not isinstance(x, kind):
                self.p.error(loc_of(v, k), f"{key}: player {n}: expected {kind.__name__}, got {describe(x)}")
                continue
            out[n] = (x, loc_of(v, k))
        return {p: (x if isinstance(x, tuple) else (x, None)) for p, x in out.items()}

    def read(self, extra_keys: tuple[str, ...]) -> SohState:
        f, g = self.f, self.g
        n = g.num_players
        seed = f.get("seed", int, 0, min=0)
        s = SohState(g, Rng(seed or 0))
        s.round = f.get("round", int, 1, min=1, max=1_000_000) or 1
        s.phase = f.get("phase", str, "island", choices=PHASES) or "island"
        s.first_player = f.get("first_player", int, 1, min=1, max=n) or 1
        to_move = f.get("to_move", int, s.first_player, min=1, max=n) or 1
        s.to_move = to_move
        self.ships(s)
        s.res = [self.counts(v, loc, f"resources of player {p}", g.params.starting_resources)
                 for p, (v, loc) in self.per_player("resources", dict, None).items()]
        s.infamy = [v or 0 for v, _ in self.per_player("infamy", int, 0).values()]
        s.scored = [Counter({k: int(x) for k, x in (v or {}).items() if isinstance(x, int)})
                    for v, _ in self.per_player("scored", dict, None).values()]
        s.damage = [v or 0 for v, _ in self.per_player("damage", int, 0).values()]
        s.flags = [self.flag_counts(v, loc, p) for p, (v, loc) in self.per_player("flags", list, None).items()]
        s.flag_supply = [g.flag_supply[i] - sum(fl[i] for fl in s.flags) for i in range(len(FLAGS))]
        for i, left in enumerate(s.flag_supply):
            if left < 0:
                f.err("flags", f"the players hold {-left + g.flag_supply[i]} {FLAGS[i]} flags; the kit has "
                      f"{g.flag_supply[i]}")
        s.upgrades = [self.upgrade_list(v, loc, p) for p, (v, loc) in self.per_player("upgrades", list, None).items()]
        s.damage_left = f.get("damage_deck", int, g.damage_deck, min=0, max=g.damage_deck)
        s.spares_left = f.get("spares", int, g.spares, min=0, max=g.spares)
        s.ran_out = f.get("ran_out", bool, s.damage_left == 0)
        self.cards(s)
        self.booty(s)
        self.island(s)
        self.turn(s)
        winners = f.get("winners", list, [])
        s.winners = tuple(w for w in winners or [] if isinstance(w, int) and 1 <= w <= n)
        s.reshuffles = f.get("reshuffles", int, 0, min=0) or 0
        s.more_cards = f.get("more_cards", int, 0, min=0, max=20) or 0
        if s.more_cards and s.phase != SEA:
            f.err("more_cards", "more cards for Sailor flags are played only in the Sea Phase")
        f.get("final", dict, None)  # written for the reader; worked out again from the rest
        for k in extra_keys:
            f.get(k, object, None)
        f.finish()
        if s.phase == "over":
            s.finish()  # the winners follow from the scores
        return s

    def ships(self, s: SohState) -> None:
        g = self.g
        given = self.per_player("ships", dict, None)
        s.pos, s.heading = [], []
        for p, (v, loc) in given.items():
            x, y, h = g.starts[p - 1]
            if v is not None:
                sf = Fields(v, f"ship of player {p}", self.p, loc)
                at = sf.get("at", list, [x, y])
                hv = sf.get("heading", str, HEADINGS[h], choices=HEADINGS)
                sf.finish()
                ok = (isinstance(at, list) and len(at) == 2 and all(isinstance(c, int) and not isinstance(c, bool)
                                                                    for c in at)
                      and 0 <= at[0] < g.width and 0 <= at[1] < g.height)
                if not ok:
                    sf.err("at", f"a square is [x, y] with x from 0 to {g.width - 1} and y from 0 to "
                           f"{g.height - 1}, got {describe(at)}")
                else:
                    x, y = at
                    feat = g.features.get((x, y))
                    if feat is not None and feat.kind != "shipwreck":
                        sf.err("at", f"[{x}, {y}] holds a {feat.kind}: no ship can be there")
                h = HEADINGS.index(hv) if hv in HEADINGS else h
            if (x, y) in s.pos:
                self.f.err("ships", f"two ships on [{x}, {y}]")
            s.pos.append((x, y))
            s.heading.append(h)

    def counts(self, v: Any, loc: Loc | None, what: str, default: int) -> list[int]:
        g = self.g
        if v is None:
            return [default] * len(g.resources)
        out = [0] * len(g.resources)
        for r, k in v.items():
            if r not in g.resources:
                self.p.error(key_loc(v, r), f"{what}: unknown resource '{r}' (expected one of: "
                             f"{', '.join(g.resources)})" + did_you_mean(str(r), g.resources))
            elif not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= 1000:
                self.p.error(loc_of(v, r), f"{what}: '{r}' must be a whole number from 0 to 1000, got {describe(k)}")
            else:
                out[g.resources.index(r)] = k
        return out

    def flag_counts(self, v: Any, loc: Loc | None, p: int) -> list[int]:
        out = [0] * len(FLAGS)
        for k, x in enumerate(v or []):
            if x not in FLAGS:
                self.p.error(loc_of(v, k), f"flags of player {p}: unknown flag {describe(x)} (expected one of: "
                             f"{', '.join(FLAGS)})")
            else:
                out[FLAGS.index(x)] += 1
        return out

    def upgrade_list(self, v: Any, loc: Loc | None, p: int) -> list[str]:
        out = []
        for k, x in enumerate(v or []):
            if not isinstance(x, str) or x not in self.g.upgrades:  # (a list or a mapping is no name either)
                self.p.error(loc_of(v, k), f"upgrades of player {p}: unknown upgrade {describe(x)} (expected one of: "
                             f"{', '.join(self.g.upgrades)})")
            elif x not in out:
                out.append(x)
        order = list(self.g.upgrades)
        return sorted(out, key=order.index)

    def card_list(self, v: Any, what: str, seen: Counter) -> list[str]:
        out = []
        for k, c in enumerate(v or []):
            if not isinstance(c, str) or c not in self.g.cards:
                self.p.error(loc_of(v, k), f"{what}: unknown card {describe(c)}"
                             + (did_you_mean(c, self.g.cards) if isinstance(c, str) else ""))
                continue
            seen[c] += 1
            out.append(c)
        return out

    def cards(self, s: SohState) -> None:
        """Hands, decks and discards; the Market, its deck and discard; scrapped cards: each card once."""
        f, g = self.f, self.g
        order = g.card_order.__getitem__
        seen_market = Counter()
        hands = self.per_player("hands", list, None)
        decks = self.per_player("decks", list, None)
        discards = self.per_player("discards", list, None)
        turn_v = f.m.get("turn") if isinstance(f.m.get("turn"), dict) else None
        in_play = turn_v.get("card") if turn_v else None
        scrapped_seen = Counter()
        s.scrapped = self.card_list(f.get("scrapped", list, []), "scrapped", scrapped_seen)
        s.hands, s.decks, s.discards = [], [], []
        starting_left = Counter()
        for c in s.scrapped:
            if g.cards[c].market:
                f.err("scrapped", f"'{c}' is a Market card: scrapped Market cards go to the market_discard")
        for p in g.players:
            mine = Counter()
            hand = sorted(self.card_list(hands[p][0], f"hand of player {p}", mine), key=order)
            discard = self.card_list(discards[p][0], f"discards of player {p}", mine)
            if isinstance(in_play, str) and s.to_move == p and s.phase == SEA and in_play in g.cards:
                mine[in_play] += 1
            start = Counter(g.start_decks[p])
            if decks[p][0] is not None:
                deck = self.card_list(decks[p][0], f"deck of player {p}", mine)[::-1]  # written top first
            else:
                rest = start - Counter({c: k for c, k in mine.items() if not g.cards[c].market})
                over = Counter({c: k for c, k in mine.items() if not g.cards[c].market}) - start
                if over:
                    self.p.error(hands[p][1] or f.loc, f"player {p} holds more {', '.join(sorted(over))} than their "
                                 "starting deck has: list their deck under 'decks'")
                deck = sorted(rest.elements(), key=order)
                s.rng.shuffle(deck)
                mine.update(deck)
            for c, k in mine.items():
                if g.cards[c].market:
                    seen_market[c] += k
                else:
                    starting_left[c] += k
            s.hands.append(hand)
            s.discards.append(discard)
            s.decks.append(deck)
        start_all = Counter(c for p in g.players for c in g.start_decks[p])
        extra = starting_left + scrapped_seen - start_all
        if extra:
            f.err("hands", f"more starting cards than the players' starting decks hold: "
                  f"{', '.join(sorted(extra.elements()))}")
        s.market = self.card_list(f.get("market", list, []), "market", seen_market)
        if len(s.market) > g.params.market_size:
            f.err("market", f"the Market holds {len(s.market)} cards, more than {g.params.market_size}")
        s.market_discard = self.card_list(f.get("market_discard", list, []), "market_discard", seen_market)
        full = Counter(g.market_cards)
        deck_v = f.get("market_deck", list, None)
        if deck_v is not None:
            s.market_deck = self.card_list(deck_v, "market_deck", seen_market)[::-1]
            missing = full - seen_market
            if missing and not self.p.errors:
                f.err("market_deck", "Market cards missing from the position (market, market_deck, market_discard, "
                      f"players' cards): {', '.join(sorted(missing.elements(), key=order))}")
        else:
            rest = sorted((full - seen_market).elements(), key=order)
            s.rng.shuffle(rest)
            s.market_deck = rest
        over = seen_market - full
        if over:
            f.err("market", f"more Market cards than the Market deck holds: {', '.join(sorted(over.elements()))}")

    def booty(self, s: SohState) -> None:
        """Each booty token is held by a player, lying on a shipwreck, or in the face-down supply."""
        f, g = self.f, self.g
        ids = list(g.booty_ids)
        free = list(range(len(ids)))

        def take(name: Any, where: Loc | None, what: str) -> int | None:
            if name is None:
                return None
            for i in free:
                if ids[i] == name:
                    free.remove(i)
                    return i
            known = sorted(set(ids))
            self.p.error(where, f"{what}: no booty token '{name}' is left (tokens: {', '.join(known)})"
                         + (did_you_mean(str(name), known) if name not in known else ""))
            return None

        s.booty = [take(v, loc, f"booty of player {p}") for p, (v, loc) in self.per_player("booty", str, None).items()]
        wrecks_v = f.get("wrecks", list, None)
        s.wreck_booty = {}
        if wrecks_v is not None:
            for k, w in enumerate(wrecks_v):
                ok = (isinstance(w, list) and len(w) == 3 and all(isinstance(x, int) for x in w[:2])
                      and tuple(w[:2]) in g.wrecks)
                if not ok:
                    self.p.error(loc_of(wrecks_v, k), f"wrecks: each item is [x, y, booty token or null] for a "
                                 f"shipwreck square ({', '.join(str(list(c)) for c in g.wrecks)}), got {describe(w)}")
                    continue
                s.wreck_booty[tuple(w[:2])] = take(w[2], loc_of(wrecks_v, k), f"wreck {list(w[:2])}")
        supply_v = f.get("booty_supply", list, None)
        if supply_v is not None:  # written top first
            s.booty_supply = [i for i in (take(b, loc_of(supply_v, k), "booty_supply")
                                          for k, b in enumerate(supply_v)) if i is not None][::-1]
            if free and not self.p.errors:
                f.err("booty_supply", "booty tokens missing from the position (held, on wrecks, booty_supply): "
                      + ", ".join(ids[i] for i in free))
            for w in g.wrecks:
                s.wreck_booty.setdefault(w, None)
            return
        rest = list(free)
        s.rng.shuffle(rest)
        for w in g.wrecks:
            if w not in s.wreck_booty:
                s.wreck_booty[w] = rest.pop() if rest and wrecks_v is None else None
        s.booty_supply = rest

    def island(self, s: SohState) -> None:
        f, g = self.f, self.g
        left = self.per_player("skiffs", int, g.params.skiffs_per_player if s.phase == "island" else 0)
        s.skiffs = [v for v, _ in left.values()]
        placed_v = f.get("placed", dict, {})
        s.placed = {}
        for loc, who in (placed_v or {}).items():
            if loc not in LOCATIONS:
                self.p.error(key_loc(placed_v, loc), f"placed: unknown location '{loc}' (expected one of: "
                             f"{', '.join(LOCATIONS)})" + did_you_mean(str(loc), LOCATIONS))
                continue
            if not isinstance(who, list) or not all(isinstance(x, int) and 1 <= x <= g.num_players for x in who):
                self.p.error(loc_of(placed_v, loc), f"placed: {loc}: a list of player numbers, got {describe(who)}")
                continue
            if len(who) > g.slots[loc]:
                self.p.error(loc_of(placed_v, loc), f"placed: {loc} has {g.slots[loc]} slots, not {len(who)}")
            s.placed[loc] = list(who)
        claims_v = f.get("claims", list, [])
        s.claims = []
        used = set()
        for k, c in enumerate(claims_v or []):
            ok = isinstance(c, list) and len(c) == 2 and isinstance(c[0], int) and 1 <= c[0] <= g.num_players
            idx = next((i for i, m in enumerate(s.market) if ok and m == c[1] and i not in used), None)
            if idx is None:
                self.p.error(loc_of(claims_v, k), f"claims: each is [player, a card of the Market not claimed "
                             f"twice], got {describe(c)}")
                continue
            used.add(idx)
            s.claims.append((c[0], idx))
        must = f.get("must_claim", list, [])
        picked = []
        for k, c in enumerate(must or []):
            idx = next((i for i, m in enumerate(s.market) if m == c and i not in used and i not in picked), None)
            if idx is None:
                self.p.error(loc_of(must, k), f"must_claim: {describe(c)} is no unclaimed card of the Market")
                continue
            picked.append(idx)
        s.restocked = tuple(picked)

    def turn(self, s: SohState) -> None:
        f, g = self.f, self.g
        v = f.get("turn", dict, None)
        if v is None:
            return
        tf = Fields(v, "turn", self.p, f.at("turn"))
        card = tf.get("card", str)
        stage = tf.get("stage", str, choices=STAGES)
        frame = tf.get("frame", str, HEADINGS[s.heading[s.to_move - 1]], choices=HEADINGS)
        shot = tf.get("shot", int, 0, min=0, max=20)
        owed = tf.get("owed", int, 0, min=0, max=20)
        signals = tf.get("signals", int, 0, min=0, max=20)
        again = tf.get("again", (int, bool), 0, min=0, max=20)  # Sailor flags used (true/false: 1/0, as before)
        tf.finish()
        if s.phase != SEA:
            tf.err(None, "a card is resolved only in the Sea Phase")
            return
        if card is None:  # (missing, or not a name: reported)
            return
        if card not in g.cards:
            tf.err("card", f"unknown card '{card}'" + did_you_mean(str(card), g.cards))
            return
        s.turn = Turn(card, stage or "end", HEADINGS.index(frame or "N"), "fire", shot or 0, owed or 0,
                      signals or 0, int(again or 0))


def write_position(pos: Position | SohState) -> str:
    """The YAML text of a position."""
    if isinstance(pos, Position):
        return dump(to_dict(pos.state, game_ref=pos.game_ref))
    return dump(to_dict(pos))


def write_log(start: SohState, actions: list, game_ref: str | None = None, header: str = "") -> str:
    """A playtest log: the starting position, then each action with the player who took it."""
    s = start.clone()
    objs = []
    for a in actions:
        obj = to_json(s.g, a)
        objs.append({"type": obj.pop("type"), "player": s.current_player(), **obj})
        s.apply(a)
    return header + dump(to_dict(start, game_ref=game_ref), objs)
