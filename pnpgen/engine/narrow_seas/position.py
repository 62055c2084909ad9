"""Positions: a whole Narrow Seas game state as YAML (docs/positions.md), read with located errors and written
back."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ...errors import Loc, Problems
from ...maths.hexgrid import DIRECTION_NAMES
from ...model import Board, Game, Hex
from ...source.fields import Fields, describe, did_you_mean
from ...source.yamlsrc import LMap, display_path, key_loc, load_yaml, loc_of
from ..api import Position, Source
from ..flowyaml import flow
from ..positions import open_position, read_text
from ..rng import Rng
from .game import NarrowSeas
from .phases import ACTION, DRAW, OVER, PHASES, PLAN, SETUP, VICTORIES
from .snapshot import to_dict
from .state import NarrowSeasState


# -- reading ----------------------------------------------------------------------------------
def load_position(path: Path | str, extra_keys: tuple[str, ...] = ()) -> Position:
    """Read a position file (through the generic opener); raise ContentErrors listing every located problem."""
    return open_position(path, extra_keys).position


def parse_position(text: str, name: str = "<position>", base: Path | None = None,
                   extra_keys: tuple[str, ...] = ()) -> Position:
    """Read a position from YAML text (paths in it are relative to `base`, default the working folder)."""
    return read_text(text, name, base, extra_keys).position


def read_position(source: Source, problems: Problems, extra_keys: tuple[str, ...] = ()) -> Position:
    """A Position from a file's located mapping, its game already found; raise ContentErrors if anything is wrong."""
    f = Fields(source.doc, "position", problems, Loc(source.name, 1, 1))
    problems.raise_if_any()
    f.get("game", object, None)  # read by the opener
    game = source.content
    players = f.get("players", int, min(game.players), min=1, max=8)
    if players is not None and players not in game.players:
        f.err("players", f"{game.id} is played by {' or '.join(map(str, game.players))} players, not {players}")
    board, board_ref = _board(f, game, source.base)
    problems.raise_if_any()
    g = _engine(game, board, players)
    return _Reader(f, g, problems, source.name).read(source.game_ref, board_ref, extra_keys)


_ENGINES: dict = {}


def _engine(game: Game, board: Board | None, players: int | None) -> NarrowSeas:
    """The engine for a game and board, made once per loaded game (its tables take a while to build)."""
    try:
        key = (id(game), board, players)
        hit = _ENGINES.get(key)
    except TypeError:  # an unhashable board: no reuse
        return NarrowSeas(game, board, players)
    if hit is None or hit[0] is not game:
        if len(_ENGINES) >= 16:
            _ENGINES.clear()
        hit = _ENGINES[key] = (game, NarrowSeas(game, board, players))
    return hit[1]


def _board(f: Fields, game: Game, base: Path) -> tuple[Board | None, Any]:
    v = f.get("board", (str, dict, list), None)
    if v is None:
        return None, None
    if isinstance(v, str):
        boards = [*game.boards, *(b for var in game.variants for b in var.boards)]
        ids = [b.id for b in boards]
        p = base / v
        if p.is_file():
            doc = load_yaml(p, f.problems)
            if not isinstance(doc, (dict, list)):  # (its text is not shown: the file may be anything)
                f.problems.error(Loc(display_path(p), 1, 1), f"board file '{v}' holds "
                                 f"{'nothing' if doc is None else 'a single value'}, not a board (a mapping with "
                                 "'hexes', or a list of hexes)")
                return None, None
            return read_board(doc, f.problems, display_path(p), game.suit_ids), v
        if v in ids:
            return next(b for b in boards if b.id == v), v
        f.err("board", f"'{v}' is neither a board file (relative to the position) nor a board of "
              f"{game.id} ({', '.join(ids)})" + did_you_mean(v, ids))
        return None, None
    board = read_board(v, f.problems, "position board", game.suit_ids, inline=True)
    return board, board


def read_board(doc: Any, problems: Problems, what: str, suits: list[str], inline: bool = False) -> Board | None:
    """A board: a mapping with `hexes`, a list of boards (the first is used), or just the list of hexes."""
    if isinstance(doc, list) and doc and isinstance(doc[0], dict):
        doc = doc[0]
    elif isinstance(doc, list):
        wrapped = LMap(hexes=doc)
        wrapped.loc, wrapped.key_locs, wrapped.val_locs = loc_of(doc) or Loc(), {}, {"hexes": loc_of(doc) or Loc()}
        doc = wrapped
    f = Fields(doc, what, problems)
    if not f.ok:
        return None
    hexes_v = f.get("hexes", list)
    bid = f.get("id", (str, int), "board")
    if inline:
        for k in ("name", "hex_size_mm", "orientation", "starts"):
            f.get(k, object, None)
        f.finish()
    hexes, seen = [], {}
    for j, hv in enumerate(hexes_v or []):
        hloc = loc_of(hexes_v, j)
        ok = (isinstance(hv, list) and len(hv) in (2, 3)
              and all(isinstance(x, int) and not isinstance(x, bool) for x in hv[:2])
              and (len(hv) == 2 or hv[2] is None or isinstance(hv[2], str)))
        if not ok:
            problems.error(hloc, f"{what}: a hex is [q, r, suit] with whole numbers q and r, got {_show(hv)}")
            continue
        q, r = hv[0], hv[1]
        if len(hv) == 3 and hv[2] is not None and hv[2] not in suits:
            problems.error(loc_of(hv, 2), f"{what}: hex {[q, r]}: unknown suit '{hv[2]}' (expected one of: "
                           f"{', '.join(suits)})" + did_you_mean(hv[2], suits))
            continue
        if (q, r) in seen:
            problems.error(hloc, f"{what}: hex {[q, r]} listed twice (first at line {seen[(q, r)].line})")
            continue
        seen[(q, r)] = hloc or Loc()
        hexes.append(Hex(q, r, hv[2] if len(hv) == 3 else None, hloc))
    if hexes_v is not None and not hexes:
        f.err("hexes", "a board needs at least one hex")
    return Board(str(bid), str(bid), tuple(hexes))


class _Reader:
    """Reads the fields of a position into a state, checking them against the rules' bookkeeping."""

    def __init__(self, f: Fields, g: NarrowSeas, problems: Problems, name: str):
        self.f, self.g, self.p, self.name = f, g, problems, name

    def read(self, game_ref: str, board_ref: Any, extra_keys: tuple[str, ...]) -> Position:
        f, g, p = self.f, self.g, self.p
        phase = f.get("phase", str, choices=PHASES)
        seed = f.get("seed", int, 0, min=0)
        s = NarrowSeasState(g, Rng(seed or 0))
        s.phase = phase or SETUP
        s.round = f.get("round", int, 1, min=1, max=1_000_000) or 1
        s.wind = self.wind(s.phase)
        s.first_player = f.get("first_player", int, 1, min=1, max=g.num_players) or 1
        if s.phase == SETUP:
            s.starter = s.first_player  # the setup roles are known (a later position does not tell them)
        if s.phase == OVER:
            to_move = f.get("to_move", int, None, min=1, max=g.num_players)
        else:
            to_move = f.get("to_move", int, min=1, max=g.num_players)
        s.passed = self.players_flags("passed")
        s.planned = self.players_flags("planned")
        s.reshuffles = f.get("reshuffles", int, 0, min=0) or 0
        victory = f.get("victory", str, None, choices=VICTORIES)
        winners = self.players_flags("winners")
        pending = f.get("casualties", dict, None)
        if g.team_game:
            self.token(s.first_player)
        self.ships(s, f.get("ships", dict, {}))
        self.cards(s, f.get("hands", dict, {}), self.piles())
        for k in extra_keys:
            f.get(k, object, None)
        f.finish()
        p.raise_if_any()
        if pending is not None:
            self.pending(s, pending)
        self.flow(s, to_move, victory, winners)
        p.raise_if_any()
        return Position(s, game_ref, f.m, self.name, {"board": board_ref})

    # -- single fields -------------------------------------------------------------------
    def token(self, first: int) -> None:
        """The first-player token's side: optional, but it must show the first player's team."""
        g, f = self.g, self.f
        sides = [str(t) for t in g.team_ids]
        v = f.get("token", str, None, choices=sides)
        if v is not None and v != str(g.team[first]):
            f.err("token", f"the first-player token shows the first player's team: '{g.team[first]}' for player "
                  f"{first}, not '{v}'")

    def piles(self) -> list[tuple[list | None, list | None, list | None, str]]:
        """(market, deck, discard, name) as written for each deck: at the top level, or under 'decks'."""
        g, f = self.g, self.f
        names = g.deck_names
        if len(names) == 1:
            return [(f.get("market", list, []), f.get("deck", list, None), f.get("discard", list, []), "")]
        for k in ("market", "deck", "discard"):
            if k in f.m:
                f.get(k, object, None)  # known, but in the wrong place
                f.err(k, f"this game has decks {', '.join(names)}: give each its market, deck and discard under "
                      f"'decks' ({'{'}{names[0]}: {'{'}market: [...], deck: [...], discard: [...]{'}'}, ...{'}'})")
        decks_v = f.get("decks", dict, {})
        out: list = [([], None, [], n) for n in names]
        for name, v in (decks_v or {}).items():
            if str(name) not in names:
                self.p.error(key_loc(decks_v, name), f"decks: unknown deck '{name}' (expected one of: "
                             f"{', '.join(names)})" + did_you_mean(str(name), names))
                continue
            df = Fields(v if v is not None else {}, f"deck {name}", self.p, key_loc(decks_v, name))
            out[names.index(str(name))] = (df.get("market", list, []), df.get("deck", list, None),
                                           df.get("discard", list, []), str(name))
            df.finish()
        if g.alternate_wind:
            default = names[g.aside_at_start] if g.aside_at_start is not None else None
            v = f.get("wind_aside", str, default, choices=names)
            self.aside = names.index(v) if v in names else g.aside_at_start
        return out

    def wind(self, phase: str) -> int | None:
        f = self.f
        v = f.get("wind", object, None)
        if v is None:
            if phase != SETUP:
                f.err("wind" if "wind" in f.m else None, "the wind direction is needed after setup (the direction "
                      f"it blows toward: {', '.join(DIRECTION_NAMES)})")
            return None
        if v not in DIRECTION_NAMES:
            f.err("wind", f"unknown wind direction {describe(v)} (expected one of: {', '.join(DIRECTION_NAMES)})"
                  + did_you_mean(str(v), DIRECTION_NAMES))
            return None
        return DIRECTION_NAMES.index(v)

    def players_flags(self, key: str) -> list[bool]:
        f, n = self.f, self.g.num_players
        v = f.get(key, list, [])
        flags = [False] * n
        for k, x in enumerate(v or []):
            if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= n:
                self.p.error(loc_of(v, k), f"position: '{key}' lists player numbers from 1 to {n}, got {describe(x)}")
            else:
                flags[x - 1] = True
        return flags

    def hex(self, v: Any, loc: Loc | None, what: str) -> tuple[int, int] | None:
        if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
            self.p.error(loc, f"{what}: a hex is [q, r] with whole numbers, got {_show(v)}")
            return None
        c = (v[0], v[1])
        if c not in self.g.suit_at:
            self.p.error(loc, f"{what}: hex {list(c)} is not on the board")
            return None
        return c

    # -- ships ----------------------------------------------------------------------------------
    def ships(self, s: NarrowSeasState, ships_v: Any) -> None:
        g = self.g
        crew = g.crew
        listed = set()
        where: dict[tuple[int, int], str] = {}
        for sid, v in (ships_v or {}).items():
            sid = str(sid)
            kloc = key_loc(ships_v, sid)
            if sid not in g.ship_index:
                self.p.error(kloc, f"ships: unknown ship '{sid}'" + (did_you_mean(sid, g.ship_ids)
                             or f" (expected one of: {', '.join(g.ship_ids)})"))
                continue
            i = g.ship_index[sid]
            listed.add(i)
            sf = Fields(v if v is not None else {}, f"ship {sid}", self.p, kloc)
            owner = sf.get("owner", int, g.ship_owner[i])
            if owner is not None and owner != g.ship_owner[i]:
                sf.err("owner", f"ship {sid} belongs to player {g.ship_owner[i]} in {g.content.id}, not {owner}")
            sunk = sf.get("sunk", bool, False)
            hex_v = sf.get("hex", object, None)
            plan_v = sf.get("plan", dict, None)
            spent = sf.get("spent", int, None, min=0, max=crew)
            sick = sf.get("sick", int, None, min=0, max=crew)
            sf.finish()
            plan = [0] * len(g.areas)
            if plan_v is not None:
                pf = Fields(plan_v, f"ship {sid} plan", self.p)
                plan = [pf.get(a, int, 0, min=0, max=crew) or 0 for a in g.areas]
                pf.finish()
            if plan_v is None and spent is None and sick is None and not sunk:
                spent = crew  # nothing said: every cube on the card, in Spent
            spent = spent or 0
            on = sum(plan) + spent
            if sunk:
                if hex_v is not None or on:
                    sf.err(None, "a sunk ship has no hex and no cubes on its card")
                if sick is not None and sick != crew:
                    sf.err("sick", f"a sunk ship's whole crew ({crew}) is in the Sick Bay, not {sick}")
                s.plan[i], s.spent[i], s.sick[i] = [0] * len(g.areas), 0, crew if sick is None else sick
                continue
            sick = crew - on if sick is None else sick
            if on + sick != crew:
                sf.err(None, f"{on} cube(s) on the card and {sick} in the Sick Bay make {on + sick}, "
                       f"not the ship's crew of {crew}")
            elif on == 0:
                sf.err(None, "no cube is left on the ship card, so the ship has sunk: write 'sunk: true'")
            s.plan[i], s.spent[i], s.sick[i] = plan, spent, max(sick, 0)
            if hex_v is None:
                if s.phase != SETUP:
                    sf.err("hex" if "hex" in sf.m else None, "a ship afloat needs a hex [q, r] (or 'sunk: true')")
                continue
            c = self.hex(hex_v, sf.at("hex"), f"ship {sid}")
            if c is None:
                continue
            if c in where:
                sf.err("hex", f"hex {list(c)} is taken by ship {where[c]} already")
                continue
            where[c] = sid
            s.hex[i] = c
        for i in range(len(g.ship_ids)):
            if i not in listed and s.phase != SETUP:  # omitted after setup: sunk
                s.plan[i], s.spent[i], s.sick[i] = [0] * len(g.areas), 0, crew

    # -- cards --------------------------------------------------------------------------------
    def cards(self, s: NarrowSeasState, hands_v: Any, piles: list) -> None:
        """Hands, and each deck's Market, pile and discard: every card of a deck is somewhere, once."""
        g = self.g
        multi = len(g.deck_names) > 1
        aside = getattr(self, "aside", None)
        s.wind_aside = aside
        have = [Counter(ids) for ids in g.deck_cards]
        if aside is not None:
            have[aside][g.wind_of_deck[aside]] -= 1
        seen = [Counter() for _ in g.deck_cards]

        def card_list(v: Any, what: str, d: int) -> list[str]:
            out = []
            for k, c in enumerate(v or []):
                loc = loc_of(v, k)
                c = str(c) if isinstance(c, (str, int)) and not isinstance(c, bool) else None
                if c is None or c not in g.cards:
                    self.p.error(loc, f"{what}: unknown card {describe(v[k])}"
                                 + (did_you_mean(str(v[k]), g.cards) if c else ""))
                    continue
                seen[d][c] += 1
                if seen[d][c] > have[d][c]:
                    held = f"Deck {g.deck_names[d]}" if multi else "the deck"
                    more = " (its Wind card is set aside)" if d == aside and g.cards[c].kind == "wind" else ""
                    self.p.error(loc, f"{what}: card '{c}' appears more often than {held} holds it "
                                 f"({have[d][c]}){more}")
                    continue
                out.append(c)
            return out

        for key, v in (hands_v or {}).items():
            n = int(key) if isinstance(key, int) or (isinstance(key, str) and key.isdigit()) else None
            if n is None or not 1 <= n <= g.num_players:
                self.p.error(key_loc(hands_v, key), f"hands: '{key}' is not a player number (1 to {g.num_players})")
                continue
            if not isinstance(v, list):
                self.p.error(loc_of(hands_v, key), f"hands: player {n}'s hand must be a list of cards, "
                             f"got {describe(v)}")
                continue
            d = g.deck_of[n]
            what = f"hand of player {n}" + (f" (from Deck {g.deck_names[d]})" if multi else "")
            cards = card_list(v, what, d)
            if len(cards) > g.params.hand_size:
                self.p.error(loc_of(hands_v, key), f"hand of player {n} holds {len(cards)} cards, more than the "
                             f"hand size ({g.params.hand_size})")
            s.hands[n - 1] = sorted(cards, key=g.card_order.__getitem__)
        for d, (market_v, deck_v, discard_v, name) in enumerate(piles):
            pre = f"deck {name} " if multi else ""
            s.markets[d] = card_list(market_v, f"{pre}market", d)
            if len(s.markets[d]) > g.params.market_size:
                too_many = f"the Market holds {len(s.markets[d])} cards, more than its size ({g.params.market_size})"
                if multi:
                    self.p.error(loc_of(market_v), f"deck {name}: {too_many}")
                else:
                    self.f.err("market", too_many)
            s.discards[d] = card_list(discard_v, f"{pre}discard", d)
            if deck_v is not None:
                s.decks[d] = card_list(deck_v, f"{pre}deck", d)[::-1]  # kept with its top card last
                missing = have[d] - seen[d]
                if missing and not self.p.errors:
                    text = ("cards missing from the position (hands, market, deck, discard): "
                            + ", ".join(sorted(missing.elements(), key=g.card_order.__getitem__)))
                    if multi:
                        self.p.error(loc_of(deck_v), f"deck {name}: {text}")
                    else:
                        self.f.err("deck", text)
            else:
                rest = list((have[d] - seen[d]).elements())
                rest.sort(key=g.card_order.__getitem__)
                s.rng.shuffle(rest)
                s.decks[d] = rest

    # -- flow --------------------------------------------------------------------------------
    def pending(self, s: NarrowSeasState, v: Any) -> None:
        g = self.g
        cf = Fields(v, "casualties", self.p)
        sid = cf.get("ship", (str, int))
        damage = cf.get("damage", int, min=1, max=100)
        attacker = cf.get("attacker", int, min=1, max=g.num_players)
        cf.finish()
        if sid is None or damage is None or attacker is None:
            return
        i = g.ship_index.get(str(sid))
        if i is None or s.hex[i] is None:
            cf.err("ship", f"ship '{sid}' is not on the board" + did_you_mean(str(sid), g.ship_ids))
            return
        if damage >= s.on_card(i):
            cf.err("damage", f"{damage} damage would sink ship {sid} ({s.on_card(i)} cube(s) on its card); "
                   "no choice is owed")
        if g.team[attacker] == g.team[g.ship_owner[i]]:
            cf.err("attacker", f"player {attacker} does not fire at their own ship {sid}")
        if s.phase != ACTION:
            cf.err(None, "casualties are owed only in the action phase")
        s.pending = (i, damage, attacker)

    def flow(self, s: NarrowSeasState, to_move: int | None, victory: str | None, winners: list[bool]) -> None:
        f, g = self.f, self.g
        if s.phase == OVER:
            if victory is None or not any(winners):
                f.err("victory" if victory is None else "winners",
                      "a finished game (phase: over) names its victory and its winners (rule 1.2)")
            s.victory = victory
            s.winners = tuple(p for p in g.players if winners[p - 1])
            s.to_move = to_move or 1
            return
        if victory is not None or any(winners):
            f.err("victory" if victory else "winners", "only a finished game (phase: over) has a victory or winners")
        for p in g.players:
            side = [q for q in g.players if g.team[q] == g.team[p]] if g.params.elimination == "team" else [p]
            if s.phase != SETUP and not any(s.live_ships(q) for q in side):
                f.err("ships", f"player {p} has no ship afloat: the game is over (phase: over)")
                return
        if to_move is None:
            return
        s.to_move = to_move
        loc = "to_move"
        if s.pending is not None:
            owner = g.ship_owner[s.pending[0]]
            if to_move != owner:
                f.err(loc, f"player {owner} owes casualties for ship {g.ship_ids[s.pending[0]]}, so player "
                      f"{owner} is to move")
        elif s.phase == SETUP:
            if s.placing():
                if not s.unplaced(to_move):
                    f.err(loc, f"player {to_move} has no ship left to place")
            elif s.wind is not None:
                f.err("phase", "setup is over (ships placed, wind set): the first round starts with phase: plan")
        elif s.phase == PLAN:
            if s.planned[to_move - 1]:
                f.err(loc, f"player {to_move} has planned already ('planned' lists them)")
        elif s.phase == DRAW:
            if not s.wants_card(to_move):
                f.err(loc, f"player {to_move} draws no more: the hand is full or no card is left to take")
        elif s.phase == ACTION:
            if s.passed[to_move - 1]:
                f.err(loc, f"player {to_move} has passed ('passed' lists them)")


# -- writing ------------------------------------------------------------------------------------
def dump(d: dict[str, Any], actions: list | None = None) -> str:
    """A position (and a log's actions) as YAML text: one line per field, ship and hand."""
    lines = []
    for k, v in d.items():
        if k in ("ships", "hands", "hand_sizes", "decks") and isinstance(v, dict) and v:
            lines.append(f"{k}:")
            lines.extend(f"  {flow(kk)}: {flow(vv)}" for kk, vv in v.items())
        elif k == "board" and isinstance(v, dict):
            lines.append("board:")
            lines.append("  hexes:")
            lines.extend(f"    - {flow(h)}" for h in v["hexes"])
        else:
            lines.append(f"{k}: {flow(v)}")
    if actions is not None:
        lines.append("actions:")
        lines.extend(f"  - {flow(a)}" for a in actions)
    return "\n".join(lines) + "\n"


def write_position(pos: Position | NarrowSeasState) -> str:
    """The YAML text of a position (a state, or a Position keeping its file's game and board names)."""
    if isinstance(pos, Position):
        return dump(to_dict(pos.state, game_ref=pos.game_ref, board_ref=pos.extra.get("board")))
    return dump(to_dict(pos))


def _show(v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(map(str, v)) + "]"
    return describe(v)
