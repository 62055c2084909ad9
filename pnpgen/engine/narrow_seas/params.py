"""Narrow Seas rules parameters: which numbers (and, for team games, which setup) the engine reads from content,
each declared once (kind, bounds, default, doc) for reading, the JSON Schema and the content reference."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...errors import Problems
from ...load.rulespec import read_params
from ...model import Game
from ...source.declare import NAME, REQUIRED, Kind, Record, Table, declared, describe, did_you_mean, record
from ...source.yamlsrc import loc_of

TURNS = ("clockwise", "counter-clockwise")
SETTERS = ("first", "second")
MAX_PLAYER = 8


class WordOrPlayer(Kind):
    """A word (first, random ...) or a player number."""

    def __init__(self, words: tuple[str, ...], default: str):
        self.choices = words
        self.empty = default
        self.words = f"{' or '.join(words)} or a player number from 1 to {MAX_PLAYER}"

    def read(self, v: Any, at: Any) -> Any:
        if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_PLAYER:
            return v
        if isinstance(v, str) and v in self.choices:
            return v
        if isinstance(v, str):
            return at.bad(f"{at.label}: unknown value '{v}' (expected one of: {', '.join(self.choices)}; or a player "
                          "number)" + did_you_mean(v, self.choices))
        return at.bad(f"{at.label} must be {self.words}, got {describe(v)}")

    def schema(self) -> dict:
        return {"anyOf": [{"enum": list(self.choices)}, {"type": "integer", "minimum": 1, "maximum": MAX_PLAYER}]}

    def doc(self) -> str:
        return "word or player number"

    def limits(self) -> str:
        return ", ".join(f"`{w}`" for w in self.choices) + f", or 1 to {MAX_PLAYER}"


@record("team", within="{}: ")
@dataclass(frozen=True)
class Team:
    """Partners, and the way play goes round the table while the first-player token shows their side."""

    id: str = declared("the team's id (the first-player token's side)", from_key=True)
    players: tuple[int, ...] = declared("its players, by number", min=1, max=MAX_PLAYER)
    turn: str = declared("the way play goes while the token shows this team", default="clockwise", choices=TURNS)


@record("deck", within="{}: ")
@dataclass(frozen=True)
class DeckUse:
    """One draw deck of a game: its name, the content deck it is made of, who draws from it, its Wind card."""

    name: str = declared("the deck's name (each keeps its own Market and discard pile)", from_key=True)
    cards: str = declared("the id of the content deck it is made of", kind=NAME)
    players: tuple[int, ...] = declared("the players who draw from it", default=(), min=1, max=MAX_PLAYER)
    wind: str = declared("live, or aside: its Wind card starts out of play and the one live Wind card alternates "
                         "between the decks", default="live", choices=("live", "aside"))


@record("rules", words="parameter")
@dataclass(frozen=True)
class Params:
    """The numbers (and setup) a Narrow Seas game is played with."""

    hand_size: int = declared("cards a player holds after drawing", min=1, max=30)
    market_size: int = declared("cards face up in the Market", min=0, max=20)
    ships_per_player: int = declared("ships each player commands", min=1, max=8)
    crew_per_ship: int = declared("crew each ship starts with", min=1, max=20)
    mercy_margin: int = declared("a side this many crew ahead on its ship cards at the end of a round wins", min=1,
                                 max=100)
    plan_areas: tuple[str, ...] = declared("the Plan areas of a ship card, in order")
    market_cost_area: str = declared("the Plan area whose cube pays for a Market card (one of plan_areas)")
    initiative_area: str = declared("the Plan area whose cubes (all a player's ships) decide who draws and acts "
                                    "first (one of plan_areas)", default="lookout",
                                    model_default=REQUIRED)
    first_ship_edge_distance: int = declared("a player's first ship goes on an edge hex or at most this many hexes "
                                             "from one", min=0, max=20)
    placement_min_enemy_distance: int = declared("a ship is placed at least this many hexes from every enemy ship",
                                                 min=0, max=50)
    placement_exact_enemy_distance: int = declared("... and exactly this many hexes from one of them", min=0, max=50)
    wind_setter: str | int = declared("who sets the wind at setup: first or second in turn order, or a player",
                                      kind=WordOrPlayer(SETTERS, "second"))
    teams: tuple[Team, ...] = declared("team games: partners and the way play goes, by team", default=(),
                                       kind=Table(Record(Team)))
    seating: tuple[int, ...] = declared("team games: player numbers clockwise round the table", default=(),
                                        min=1, max=MAX_PLAYER)
    decks: tuple[DeckUse, ...] = declared("team games: the draw decks, by name (left out: one shared deck)",
                                          default=(), kind=Table(Record(DeckUse)))
    first_player: str | int = declared("who holds the first-player token at the start: random, or a player",
                                       kind=WordOrPlayer(("random",), "random"), default="random")
    placement: str = declared("choose (placement turns) or prescribed (ships start on the board's starts)",
                              default="choose", choices=("choose", "prescribed"))
    starts_keep_distance: bool = declared("whether prescribed starts are checked against the placement distances",
                                          default=False)
    board: str | None = declared("the id of the board played on (left out: the first)", default=None)
    elimination: str = declared("player: a team loses when one of its players has no ship afloat; team: only when "
                                "none of its players has", default="player", choices=("player", "team"))


def read(game: Game, problems: Problems) -> Params:
    """Read and check the parameters; errors go to `problems`."""
    prm = read_params(game, Params, problems)
    for key in ("market_cost_area", "initiative_area"):
        if getattr(prm, key) and prm.plan_areas and getattr(prm, key) not in prm.plan_areas:
            problems.error(game.rules.loc(key) or game.loc,
                           f"rules: '{key}' must be one of the plan_areas ({', '.join(prm.plan_areas)})")
    for a in game.actions:  # a card whose area the ship cards lack could be planned for but never played
        if a.plan_area is not None and prm.plan_areas and a.plan_area not in prm.plan_areas:
            problems.error(a.plan_loc or a.loc, f"action '{a.id}': plan '{a.plan_area}' is not one of the rules' "
                           f"plan_areas ({', '.join(prm.plan_areas)})" + did_you_mean(a.plan_area, prm.plan_areas))
    r = _Reader(game, problems)
    r.once("seating", prm.seating, game.rules.loc("seating"))
    for t in prm.teams:
        r.once(f"team '{t.id}' players", t.players, None)
    for d in prm.decks:
        r.once(f"deck '{d.name}' players", d.players, None)
    return replace(prm, decks=r.decks(prm.decks))


class _Reader:
    """Checks of the team-game parameters their declarations cannot make, with located errors."""

    def __init__(self, game: Game, problems: Problems):
        self.game, self.p = game, problems
        self.decks_v = game.rules.get("decks")

    def err(self, loc, message: str) -> None:
        self.p.error(loc or self.game.rules.where or self.game.loc, f"rules: {message}")

    def once(self, what: str, players: tuple[int, ...], loc) -> None:
        """A list of player numbers names each player once."""
        seen: set[int] = set()
        for x in players:
            if x in seen:
                self.err(loc, f"'{what}' lists player {x} twice")
            seen.add(x)

    def decks(self, uses: tuple[DeckUse, ...]) -> tuple[DeckUse, ...]:
        """The draw decks whose `cards` name a deck of the game."""
        ids = [d.id for d in self.game.decks]
        out = []
        for d in uses:
            if d.cards not in ids:
                m = self.decks_v.get(d.name) if isinstance(self.decks_v, dict) else None
                self.err(loc_of(m, "cards") if isinstance(m, dict) and "cards" in m else loc_of(self.decks_v, d.name),
                         f"deck '{d.name}': 'cards' must name a deck of the game ({', '.join(ids)}), got "
                         f"{describe(d.cards)}" + (did_you_mean(d.cards, ids) if isinstance(d.cards, str) else ""))
                continue
            out.append(d)
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
