"""Narrow Seas rules parameters: which numbers (and, for team games, which setup) the engine reads from content."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import Problems
from ...fields import describe, did_you_mean
from ...model import Game
from ...rulespec import Param, read_params
from ...yamlsrc import key_loc, loc_of

TURNS = ("clockwise", "counter-clockwise")
SETTERS = ("first", "second")

SPEC: dict[str, Param] = {
    "hand_size": Param(int, 1, 30),
    "market_size": Param(int, 0, 20),
    "ships_per_player": Param(int, 1, 8),
    "crew_per_ship": Param(int, 1, 20),
    "mercy_margin": Param(int, 1, 100),
    "plan_areas": Param(list),
    "market_cost_area": Param(str),
    "initiative_area": Param(str, required=False, default="lookout"),
    "first_ship_edge_distance": Param(int, 0, 20),
    "placement_min_enemy_distance": Param(int, 0, 50),
    "placement_exact_enemy_distance": Param(int, 0, 50),
    "wind_setter": Param(object),  # first | second (after the first player, in turn order) | a player number
    "round_cap": Param(int, 1, 10_000),
    # Team games (all optional; left out, every player plays alone from one shared deck):
    "teams": Param(dict, required=False),  # team id -> {players: [...], turn: clockwise | counter-clockwise}
    "seating": Param(list, required=False),  # player numbers clockwise round the table
    "decks": Param(dict, required=False),  # deck name -> {cards: deck id, players: [...], wind: live | aside}
    "first_player": Param(object, required=False, default="random"),  # random | a player number
    "placement": Param(str, required=False, default="choose", choices=("choose", "prescribed")),
    "starts_keep_distance": Param(bool, required=False, default=False),
    "board": Param(str, required=False),  # the id of the board played on (default: the first)
    "elimination": Param(str, required=False, default="player", choices=("player", "team")),
}


@dataclass(frozen=True)
class Team:
    """Partners, and the way play goes round the table while the first-player token shows their side."""

    id: str
    players: tuple[int, ...]
    turn: str = "clockwise"


@dataclass(frozen=True)
class DeckUse:
    """One draw deck of a game: its name, the content deck it is made of, who draws from it, its Wind card."""

    name: str
    cards: str  # a deck id of the content
    players: tuple[int, ...]
    wind: str = "live"  # live | aside (its Wind card starts out of play)


@dataclass(frozen=True)
class Params:
    """The numbers (and setup) a Narrow Seas game is played with."""

    hand_size: int
    market_size: int
    ships_per_player: int
    crew_per_ship: int
    mercy_margin: int
    plan_areas: tuple[str, ...]
    market_cost_area: str
    initiative_area: str
    first_ship_edge_distance: int
    placement_min_enemy_distance: int
    placement_exact_enemy_distance: int
    wind_setter: str | int
    round_cap: int
    teams: tuple[Team, ...] = ()
    seating: tuple[int, ...] = ()
    decks: tuple[DeckUse, ...] = ()
    first_player: str | int = "random"
    placement: str = "choose"
    starts_keep_distance: bool = False
    board: str | None = None
    elimination: str = "player"


def read(game: Game, problems: Problems) -> Params:
    """Read and check the parameters; errors go to `problems`."""
    v = read_params(game, SPEC, problems)
    areas = v.get("plan_areas") or []
    if isinstance(areas, list):
        v["plan_areas"] = tuple(str(a) for a in areas)
        for key in ("market_cost_area", "initiative_area"):
            if v.get(key) and v[key] not in v["plan_areas"]:
                problems.error(game.rules.loc(key) or game.loc,
                               f"rules: '{key}' must be one of the plan_areas ({', '.join(v['plan_areas'])})")
    r = _Reader(game, problems)
    v["wind_setter"] = r.who("wind_setter", v.get("wind_setter"), SETTERS, "second")
    v["first_player"] = r.who("first_player", v.get("first_player"), ("random",), "random")
    v["teams"] = r.teams(v.get("teams"))
    v["seating"] = r.players_list("seating", v.get("seating"), game.rules.loc("seating"))
    v["decks"] = r.decks(v.get("decks"))
    out = {k: (v[k] if v[k] is not None else 0) for k in SPEC}
    for k in ("board",):
        out[k] = v[k]
    for k in ("placement", "elimination"):
        out[k] = v[k] or SPEC[k].default
    out["starts_keep_distance"] = bool(v["starts_keep_distance"])
    return Params(**out)


class _Reader:
    """The structured team-game parameters, with located errors."""

    def __init__(self, game: Game, problems: Problems):
        self.game, self.p = game, problems

    def err(self, loc, message: str) -> None:
        self.p.error(loc or self.game.rules.where or self.game.loc, f"rules: {message}")

    def who(self, name: str, v: Any, words: tuple[str, ...], default: str) -> str | int:
        """A word (first, random ...) or a player number."""
        if v is None:
            return default
        if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 8:
            return v
        if isinstance(v, str) and v in words:
            return v
        if isinstance(v, str):
            self.err(self.game.rules.loc(name), f"'{name}': unknown value '{v}' (expected one of: "
                     f"{', '.join(words)}; or a player number)" + did_you_mean(v, words))
        else:
            self.err(self.game.rules.loc(name), f"'{name}' must be {' or '.join(words)} or a player number from 1 "
                     f"to 8, got {describe(v)}")
        return default

    def players_list(self, what: str, v: Any, loc) -> tuple[int, ...]:
        if v is None:
            return ()
        if not isinstance(v, list):
            self.err(loc, f"'{what}' must be a list of player numbers, got {describe(v)}")
            return ()
        out = []
        for k, x in enumerate(v):
            if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= 8:
                self.err(loc_of(v, k), f"'{what}' lists player numbers from 1 to 8, got {describe(x)}")
            elif x in out:
                self.err(loc_of(v, k), f"'{what}' lists player {x} twice")
            else:
                out.append(x)
        return tuple(out)

    def fields(self, m: Any, what: str, known: tuple[str, ...], loc) -> dict | None:
        if not isinstance(m, dict):
            self.err(loc, f"{what} must be a mapping, got {describe(m)}")
            return None
        for k in m:
            if k not in known:
                self.err(key_loc(m, k), f"{what}: unknown field '{k}'" + (did_you_mean(str(k), known)
                                                                        or f" (expected: {', '.join(known)})"))
        return m

    def teams(self, v: Any) -> tuple[Team, ...]:
        if v is None:
            return ()
        out = []
        for tid, t in v.items():
            what = f"team '{tid}'"
            m = self.fields(t, what, ("players", "turn"), loc_of(v, tid))
            if m is None:
                continue
            players = self.players_list(f"{what} players", m.get("players"), loc_of(m, "players"))
            if not players:
                self.err(loc_of(m, "players") if "players" in m else loc_of(v, tid), f"{what} needs 'players'")
            turn = m.get("turn", "clockwise")
            if turn not in TURNS:
                self.err(loc_of(m, "turn"), f"{what}: 'turn' must be one of {', '.join(TURNS)}, got {describe(turn)}"
                         + (did_you_mean(turn, TURNS) if isinstance(turn, str) else ""))
                turn = "clockwise"
            out.append(Team(str(tid), players, turn))
        return tuple(out)

    def decks(self, v: Any) -> tuple[DeckUse, ...]:
        if v is None:
            return ()
        out = []
        ids = [d.id for d in self.game.decks]
        for name, d in v.items():
            what = f"deck '{name}'"
            m = self.fields(d, what, ("cards", "players", "wind"), loc_of(v, name))
            if m is None:
                continue
            cards = m.get("cards")
            if cards not in ids:
                self.err(loc_of(m, "cards") if "cards" in m else loc_of(v, name),
                         f"{what}: 'cards' must name a deck of the game ({', '.join(ids)}), got {describe(cards)}"
                         + (did_you_mean(cards, ids) if isinstance(cards, str) else ""))
                continue
            players = self.players_list(f"{what} players", m.get("players"), loc_of(m, "players"))
            wind = m.get("wind", "live")
            if wind not in ("live", "aside"):
                self.err(loc_of(m, "wind"), f"{what}: 'wind' must be live or aside, got {describe(wind)}")
                wind = "live"
            out.append(DeckUse(str(name), cards, players, wind))
        return tuple(out)


def setup_problems(game: Game, prm: Params, players: int, problems: Problems) -> None:
    """Check the team-game setup against a player count: every player in one team, seat and deck."""
    rules = game.rules
    where = rules.where or game.loc
    everyone = set(range(1, players + 1))

    def cover(what: str, groups: list[tuple[str, tuple[int, ...]]], key: str) -> None:
        seen: dict[int, str] = {}
        for name, ps in groups:
            for p in ps:
                if p not in everyone:
                    problems.error(rules.loc(key) or where, f"rules: {what} '{name}' lists player {p}, but the game "
                                   f"has players 1 to {players}")
                elif p in seen:
                    problems.error(rules.loc(key) or where, f"rules: player {p} is in {what} '{seen[p]}' and "
                                   f"'{name}'")
                else:
                    seen[p] = name
        missing = sorted(everyone - set(seen))
        if missing:
            problems.error(rules.loc(key) or where, f"rules: player(s) {', '.join(map(str, missing))} in no "
                           f"{what} ('{key}')")

    if prm.teams:
        cover("team", [(t.id, t.players) for t in prm.teams], "teams")
    if prm.seating and set(prm.seating) != everyone:
        problems.error(rules.loc("seating") or where, f"rules: 'seating' must list players 1 to {players} once each")
    if prm.decks:
        cover("deck", [(d.name, d.players) for d in prm.decks], "decks")
        aside = [d.name for d in prm.decks if d.wind == "aside"]
        if len(aside) > 1:
            problems.error(rules.loc("decks") or where, f"rules: only one deck's Wind card may start set aside "
                           f"(decks {', '.join(aside)})")
        if aside and len(prm.decks) != 2:
            problems.error(rules.loc("decks") or where, "rules: a Wind card set aside alternates between two decks; "
                           f"found {len(prm.decks)} deck(s)")
        for d in prm.decks:
            src = next((x for x in game.decks if x.id == d.cards), None)
            winds = sum(c.count for c in src.cards if c.action and c.action.kind == "wind") if src else 1
            if d.wind == "aside" and not winds:
                problems.error(rules.loc("decks") or where, f"rules: deck '{d.name}' sets its Wind card aside, but "
                               f"deck '{d.cards}' holds no Wind card")
            elif aside and winds > 1:  # one live Wind card alternates (8.3): which of two would go back is unsaid
                problems.error(rules.loc("decks") or where, f"rules: a Wind card set aside alternates between the "
                               f"decks, so each holds exactly one; deck '{d.name}' ('{d.cards}') holds {winds}")
    for key in ("wind_setter", "first_player"):
        v = getattr(prm, key)
        if isinstance(v, int) and v > players:
            problems.error(rules.loc(key) or where, f"rules: '{key}' is player {v}, but the game has players 1 to "
                           f"{players}")
    if prm.board is not None and prm.board not in [b.id for b in game.boards]:
        ids = [b.id for b in game.boards]
        problems.error(rules.loc("board") or where, f"rules: 'board': unknown board '{prm.board}' (expected one of: "
                       f"{', '.join(ids)})" + did_you_mean(prm.board, ids))
