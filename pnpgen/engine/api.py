"""The engine contract: what a game's rules engine offers pnpgen, and the registry that finds it.

A game's engine is one object (conventionally `ENGINE` in `pnpgen/engine/<game>/__init__.py`) that
implements `Engine` below. It is registered by name in the `pnpgen.engines` entry-point group of
`pyproject.toml` (`narrow-seas = "pnpgen.engine.narrow_seas:ENGINE"`); a pack's `game.yaml` names it
with `engine: narrow-seas`. Nothing else in pnpgen imports a game's package: `check`, `build`,
`simulate`, `rules` and `replay` reach every engine through `engine_for(content)` or
`engine_named(name)`, so adding an engine touches no generic module. docs/engine-contract.md says
the same for someone adding a game.

In the manner of OpenSpiel: the engine's `Rules` (OpenSpiel's Game) holds the static facts of one
setup and makes states; a `State` holds the rules (who moves, what is legal, what an action does).
Players are numbered from 1. Chance is not a player: each state carries its own seeded random
source and draws every shuffle and die roll from it, so a state and its seed replay identically.
Hidden information is explicit: `observation(player)` hides what that player may not see, and
`sample_hidden(player, rng)` deals the unseen cards (and reseeds chance) for a search agent.

Actions are whatever values an engine likes (plain tuples are cheap), as long as they are hashable
and comparable for equality; the engine converts them to and from the JSON objects users write.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .. import plugins
from ..errors import IllegalAction, Loc, PnpgenError, Problems

if TYPE_CHECKING:
    from ..model import Board, CardType, Game

TERMINAL = -4  # current_player() of a finished game (OpenSpiel's value)
ENTRY_POINTS = "pnpgen.engines"


class RandomSource(Protocol):
    """What agents and states draw from: `random.Random` and `engine.rng.Rng` both fit."""

    def randrange(self, n: int) -> int: ...


# -- states and rules -------------------------------------------------------------------------------
class State:
    """One moment of a game; an engine subclasses this and implements the rules.

    `round`, `winners` and `victory` are plain attributes the engine keeps up to date: the round being
    played (1-based), the winning players of a finished game (partners win together; () while it runs or
    when nobody won) and how it was won ('sink', 'points', ...; None while it runs).
    """

    rules: Rules  # the static facts this state is played under
    round: int = 0
    winners: tuple[int, ...] = ()
    victory: str | None = None

    def current_player(self) -> int:
        """The player (1-based) who decides next, or TERMINAL."""
        raise NotImplementedError

    def legal_actions(self) -> list:
        """Every legal action of the player to move, in a stable order."""
        raise NotImplementedError

    def apply(self, action: Any) -> None:
        """Play an action taken from legal_actions() (trusted: see Engine.why_illegal)."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """The result for each player (index = player - 1): 1 win, -1 loss, 0 draw or unfinished."""
        n = self.rules.num_players
        if not self.is_terminal() or not self.winners:
            return [0.0] * n
        won = set(self.winners)
        return [1.0 if p in won else -1.0 for p in range(1, n + 1)]

    def roles(self) -> dict[str, int]:
        """Setup roles and who holds them, e.g. {'places first': 1, 'sets the wind': 2}; {} before they are known.

        Balance figures are read by role as well as by seat: a role is a position the rules give a
        player (first player, dealer, wind setter), not a player number.
        """
        return {}

    def clone(self) -> State:
        """An independent copy (random source included)."""
        raise NotImplementedError

    def observation(self, player: int) -> dict:
        """What a player may see: the state as plain data with others' secrets hidden."""
        raise NotImplementedError

    def sample_hidden(self, player: int, rng: RandomSource) -> State:
        """A copy consistent with what `player` sees, with everything hidden from them dealt afresh and the
        random source reseeded from `rng` (information-set sampling for search agents)."""
        raise NotImplementedError

    def evaluate(self, player: int) -> float:
        """A heuristic value of the state for `player`, from -1 (lost) to 1 (won); search agents use it to score
        a playout cut short. The default knows nothing."""
        if self.is_terminal():
            return self.returns()[player - 1]
        return 0.0

    def random_action(self, rng: RandomSource) -> Any:
        """A legal action drawn uniformly; engines override this to avoid listing big action spaces."""
        actions = self.legal_actions()
        return actions[rng.randrange(len(actions))]


class Rules:
    """The static facts of one setup of a game (content, board, player count); makes states."""

    num_players: int = 2
    content: Game

    def new_initial_state(self, seed: int = 0) -> State:
        """A fresh game at the start of setup whose chance events are drawn from `seed`."""
        raise NotImplementedError

    def team_of(self, player: int) -> int | str:
        """The team a player plays in (a player without partners is a team of one, named by its number)."""
        return player


def play_random(state: State, rng: RandomSource, max_decisions: int = 1_000_000) -> int:
    """Play uniformly random legal actions until the game ends; return the number of decisions."""
    n = 0
    while not state.is_terminal():
        if n >= max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
        state.apply(state.random_action(rng))
        n += 1
    return n


# -- agents and metrics -----------------------------------------------------------------------------
class Agent(Protocol):
    """Chooses an action for the player to move. Agents are made per game and seat by an AgentFactory."""

    def __call__(self, state: State, rng: RandomSource) -> Any: ...


class AgentFactory(Protocol):
    """Makes an agent for one seat of one game; `options` are its settings by name (`--agent-option AGENT.NAME=V`)."""

    def __call__(self, rules: Rules, player: int, options: dict[str, str]) -> Agent: ...


Figures = dict[str, "Counter | int | float"]


class GameMetrics(Protocol):
    """An engine's per-game figures: it sees each action before it is applied, then the final state."""

    def record(self, state: State, action: Any) -> None: ...

    def finish(self, state: State) -> Figures:
        """Figures of the game by name: counters are summed over a batch, numbers are averaged."""
        ...


class NoMetrics:
    """The metrics of an engine that keeps no figures of its own."""

    def record(self, state: State, action: Any) -> None:
        """Nothing to count."""

    def finish(self, state: State) -> Figures:
        """No figures."""
        return {}


CHART_KINDS = ("bars", "histogram", "board-heat", "rates")


@dataclass(frozen=True)
class Chart:
    """One chart of a simulation report, as data; the report draws it (engines import no drawing code).

    kind 'bars': `values` are (label, value) pairs; the value axis says `label` (what a value counts) and `unit`.
    kind 'histogram': `values` are (whole number, count) pairs; `label` names the x axis, `unit` the y axis.
    kind 'board-heat': `values` are (cell, value) pairs for the cells of `board` (hexes by (q, r), squares by
    (x, y)), each cell shaded in greys by its value; `label` (else `caption`) names what the legend's scale counts.
    kind 'rates': `values` are (label, rate) pairs, a rate being {pct, low, high, of} (a Wilson interval from
    pnpgen.maths.stats), drawn on a 0-100 % axis (named by `label`) with a dashed line at `reference`.
    `caption`, when given, is printed under the chart: what its numbers count.
    """

    name: str  # file name stem, e.g. 'heat'
    title: str
    kind: str
    values: tuple[tuple[Any, float], ...]
    unit: str = ""
    label: str = ""
    board: Board | None = None
    caption: str = ""
    reference: float | None = 50.0  # kind 'rates': an even game's rate, in percent (None: no such line)

    def __post_init__(self):
        _known_kind(f"chart '{self.name}'", self.kind, CHART_KINDS)


# -- cards ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardText:
    """What a card says: its requirements and its effect, with {icon} markers."""

    requires: str
    effect: str


DIAGRAM_KINDS = ("headings", "range", "icon")


@dataclass(frozen=True)
class DeckGroup:
    """Decks whose cards mix in one draw pile or hand (by deck id), the rules section that mixes them, and how."""

    decks: tuple[str, ...]
    rule: str
    why: str


@dataclass(frozen=True)
class CardDiagram:
    """A rules diagram for a card face, as data; the card layout draws it (engines import no drawing code).

    kind 'headings': a hex and its six neighbours, with arrows toward `headings` (sixths of a turn clockwise from
    a reference arrow pointing up, labelled `reference`); more than one step in `steps` is written beside, with
    `unit`.
    kind 'range': a row of hexes from a piece to a target exactly `distance` hexes away, counted.
    kind 'icon': the card's action icon, with `label` beside it.
    Every kind may add `stats`: (label, value) boxes beside the drawing.
    """

    kind: str
    headings: tuple[int, ...] = ()
    steps: tuple[int, ...] = ()
    reference: str = ""
    unit: str = ""
    distance: int = 0
    label: str = ""
    stats: tuple[tuple[str, str], ...] = ()

    def __post_init__(self):
        _known_kind("card diagram", self.kind, DIAGRAM_KINDS)


# -- pictures of a position --------------------------------------------------------------------------
@dataclass(frozen=True)
class Marker:
    """A piece standing on a board cell in a picture of a position: the cell in the board's own coordinates (a
    hex's (q, r), a square's (x, y)), the letter or number it shows, the player it belongs to, the way it
    faces (degrees clockwise from the board's top; None: no facing) and the kit's token it is (its colour)."""

    cell: tuple[int, int]
    label: str
    player: int | None = None
    facing: float | None = None
    token: str | None = None


@dataclass(frozen=True)
class Card:
    """A card in a picture of a position: a card id of the pack ('' for a card face down: its deck's back), the
    deck it is from (its id; '' for the first deck that has the card) and a few words printed under it."""

    card: str
    deck: str = ""
    words: str = ""


@dataclass(frozen=True)
class Row:
    """A row of cards in a picture of a position (a hand, a market, a line of ships): its name and its cards."""

    label: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Scene:
    """What a picture of a position shows, as data (engines import no drawing code): the board it is drawn on
    (a board of the pack, or None), the markers on it, rows of cards, lines of words for the rest, and more boards
    of the pack drawn under the first (boards of named locations, such as where workers go)."""

    board: Board | None = None
    markers: tuple[Marker, ...] = ()
    rows: tuple[Row, ...] = ()
    notes: tuple[str, ...] = ()
    more_boards: tuple[Board, ...] = ()


SPOT_KINDS = ("marker", "cell", "place", "card", "row")


@dataclass(frozen=True)
class Spot:
    """A thing on a picture of a position that an action involves, which a player clicks to play it: a marker (by
    its label), a cell of the scene's board (its coordinates), a named location of one of its boards ('place':
    the board's id and the location's id), a card in a row (the row's label and the card's id) or a whole row (its
    label)."""

    kind: str
    marker: str = ""
    cell: tuple[int, int] | None = None
    board: str = ""
    location: str = ""
    row: str = ""
    card: str = ""

    def __post_init__(self):
        _known_kind("spot", self.kind, SPOT_KINDS)

    @property
    def key(self) -> str:
        """The spot as one string, the same for the same thing ('marker:A', 'cell:1,-1', 'card:Market:red-run')."""
        if self.kind == "marker":
            return f"marker:{self.marker}"
        if self.kind == "cell":
            return f"cell:{self.cell[0]},{self.cell[1]}"
        if self.kind == "place":
            return f"place:{self.board}:{self.location}"
        if self.kind == "card":
            return f"card:{self.row}:{self.card}"
        return f"row:{self.row}"


def _known_kind(what: str, kind: str, kinds: tuple[str, ...]) -> None:
    if kind not in kinds:
        raise PnpgenError(f"{what}: unknown kind '{kind}' (expected one of: {', '.join(kinds)})")


# -- positions and logs -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    """A position file as the generic opener read it: the located mapping, the pack its `game:` names, how it
    named it, the folder that paths in it are relative to, and its name for messages."""

    doc: Any
    content: Game
    game_ref: str
    base: Path
    name: str


@dataclass
class Position:
    """A state read from a position file, with how the file named its game (and whatever else the engine
    needs to write it back the same way, in `extra`)."""

    state: State
    game_ref: str
    doc: Any = None  # the located mapping that was read (a log's actions live here)
    name: str = "<position>"
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class LoggedAction:
    """One action of a playtest log: the action, the player the log says took it (or None), where it is."""

    action: Any
    player: int | None
    loc: Loc | None


@dataclass
class Log:
    """A playtest log as read: the starting position and its actions."""

    position: Position
    actions: list[LoggedAction]


class IllegalMove(IllegalAction):
    """An illegal action in a log: its 1-based number, where it is written, the reason and the rule."""

    def __init__(self, index: int, loc: Loc | None, text: str, bad: IllegalAction):
        where = f"{loc}: " if loc else ""
        super().__init__(f"{where}action {index} ({text}) is illegal: {bad.reason}", bad.rule)
        self.index, self.loc, self.text, self.why = index, loc, text, bad


@dataclass
class Replay:
    """The outcome of a clean replay: the final state and how many actions were played."""

    state: State
    played: int


# -- the rulebook ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reading:
    """A place where the rulebook leaves room and the engine had to choose: the section it concerns, the question,
    the reading the engine takes (in the words and numbers of the content it is asked about) and the other readings
    a player might take. `option` names the rules parameter that chooses between them, where the choice is a real
    rules choice ('' where the engine plays only this reading); `values` lists that parameter's values."""

    section: str
    question: str
    reading: str
    alternatives: tuple[str, ...] = ()
    option: str = ""
    values: tuple[str, ...] = ()


SECTION_NUMBER = re.compile(r"^\d+(?:\.\d+)*")


def cited_section(rule: str) -> str:
    """The section number a citation starts with ('7.2' of '7.2 exact range'; '' when it starts with none)."""
    m = SECTION_NUMBER.match(rule)
    return m.group(0) if m else ""


def same_section(a: str, b: str) -> bool:
    """Whether two section numbers name the same section ('3' and '3.0' do)."""
    def bare(n: str) -> tuple[int, ...]:
        parts = [int(x) for x in n.split(".") if x.isdigit()]
        while len(parts) > 1 and parts[-1] == 0:
            parts.pop()
        return tuple(parts)
    return bool(a) and bool(b) and bare(a) == bare(b)


# -- the engine ---------------------------------------------------------------------------------------
@runtime_checkable
class Engine(Protocol):
    """Everything pnpgen asks of a game's rules engine.

    An engine subclasses this class (or implements every member). The methods with a body here are
    optional: the defaults say "nothing of the kind" (no card text or diagrams, no agents of its own, no
    figures, no charts, no fast loop, no invariants to check).
    """

    name: str  # as `engine:` in game.yaml spells it
    # The record class declaring the parameters it reads from `rules:` (`@record("rules", words="parameter")`,
    # see source/declare.py; load.rulespec.read_params reads them): the JSON Schema and the content reference use it.
    rules_parameters: type
    # What a narrated replay leaves unsaid: fnmatch patterns over the dotted paths of the position the engine
    # writes (its bookkeeping: whose move, the seed, half-made choices), since the status line says where play is.
    narration_quiet: tuple[str, ...] = ("seed", "to_move", "round", "phase")
    # The rulebook sections it cites when it refuses an action, number -> title ({"7.2": "Cannon"}): every rule an
    # IllegalAction names starts with one of these numbers, and `check` holds a pack's rulebook to them.
    sections: dict[str, str] = {}

    # content
    def make_rules(self, content: Game, players: int | None = None) -> Rules:
        """The rules for a loaded pack at a player count (None: the smallest); PnpgenError if it cannot be played."""
        ...

    def card_text(self, content: Game, card: CardType) -> CardText | None:
        """The text printed on a card, generated from the rule fields the engine reads (requires '' when the card
        has no requirements); None to print the card's own text."""
        return None

    def shuffled_together(self, content: Game) -> tuple[DeckGroup, ...]:
        """The decks whose cards can end up in one draw pile or one hand under these rules, with the rule that
        brings them together: `check` requires one back among each group's decks. () when no two decks mix."""
        return ()

    def card_diagram(self, content: Game, card: CardType) -> CardDiagram | None:
        """A rules diagram for a card's face, drawn from the rule fields the engine reads; None for none (the
        card's action icon, if it has one, is printed instead)."""
        return None

    # actions
    def action_to_json(self, rules: Rules, action: Any) -> dict:
        """An action as the JSON object users write ({'type': ..., ...})."""
        ...

    def action_from_json(self, rules: Rules, obj: Any, problems: Problems, what: str,
                         loc: Loc | None) -> tuple[Any, int | None] | None:
        """(action, the player it names or None) from a JSON object; None after recording located errors."""
        ...

    def describe_action(self, rules: Rules, action: Any) -> str:
        """An action as a short sentence ('A fires red-broadside at W')."""
        ...

    def why_illegal(self, state: State, action: Any) -> IllegalAction | None:
        """None if the action is legal for the player to move, else the reason and the rule it breaks."""
        ...

    def status(self, state: State) -> str:
        """Where a game stands, in a few words ('round 3, action phase, player 2 to move')."""
        ...

    def turn_rule(self, state: State) -> str:
        """The rule that says whose turn it is now (cited when an action names the wrong player)."""
        ...

    def readings(self, content: Game) -> tuple[Reading, ...]:
        """Where the rulebook is unclear and which reading the engine plays, worded with the content's values
        (`pnpgen rules readings`, a rulebook's Clarifications). The default: none."""
        return ()

    def invariants(self, state: State) -> list[str]:
        """What is wrong with a state by the rules' bookkeeping (pieces and cards conserved, limits kept), one
        sentence each; [] when everything holds. The generic random-play test asks after every action."""
        return []

    def scene(self, state: State, viewer: int | None = None) -> Scene | None:
        """What a picture of the position shows (pieces on the kit's board, cards in rows, the rest in words);
        with a viewer, only what that player may see (others' hands as card backs). None: the engine draws no
        pictures."""
        return None

    def action_spots(self, state: State, action: Any) -> tuple[Spot, ...]:
        """The things on the position's picture (its scene) that an action of the player to move involves, the
        piece or card first and where it goes or what it targets last; the play page lets a player play it by
        clicking them. (): the action has no place on the picture (the page offers it as a button)."""
        return ()

    # positions and logs
    def read_position(self, source: Source, problems: Problems, extra_keys: tuple[str, ...] = ()) -> Position:
        """A position from a file's located mapping (its `game:` already read; `extra_keys` are other keys the
        file may hold, such as a log's `actions`); raise ContentErrors with every located problem."""
        ...

    def write_position(self, position: Position) -> str:
        """A position as YAML text that read_position reads back to the same state."""
        ...

    def write_log(self, start: State, actions: list, game_ref: str, header: str = "") -> str:
        """A playtest log's YAML text: the start position, then each action with the player who took it."""
        ...

    # simulation
    def agents(self) -> dict[str, AgentFactory]:
        """The agents this engine offers by name (the generic 'random' is added by the simulator)."""
        return {}

    def search_defaults(self) -> dict[str, str]:
        """The generic search agent's settings for this engine's game where its defaults do not fit it, by name as
        `--agent-option mcts.NAME=VALUE` sets them (which override these). The default: none."""
        return {}

    def metrics(self, rules: Rules) -> GameMetrics:
        """A fresh per-game figures recorder."""
        return NoMetrics()

    def report_lines(self, rules: Rules, result: dict) -> list[str]:
        """Lines of the simulation table about the engine's own figures (in `result`, as the batch summed them)."""
        return []

    def report_charts(self, rules: Rules, result: dict) -> list[Chart]:
        """Charts of the engine's own figures for the simulation report (e.g. a board heat map)."""
        return []

    def playout(self, state: State, rng: RandomSource, metrics: GameMetrics,
                max_rounds: int | None = None) -> int | None:
        """Play `state` to its end with the generic random agent in every seat, quicker than the generic loop but
        the very same game (same actions from the same draws of `rng`, same figures into `metrics`); the number
        of decisions made. Given `max_rounds` (the simulator's budget, not a rule), stop as the generic loop does:
        once `state.round` passes it. None: the engine has no loop of its own (the simulator plays the generic
        one)."""
        return None


# -- the registry -------------------------------------------------------------------------------------
def registered_engines() -> list[str]:
    """Names of the engines installed (the `pnpgen.engines` entry points)."""
    return plugins.names(ENTRY_POINTS)


@cache
def engine_named(name: str) -> Engine:
    """The engine registered under `name`; PnpgenError naming the known ones if there is none."""
    engine = plugins.load(ENTRY_POINTS, name, Engine)
    if engine is None:
        from ..source.fields import did_you_mean

        known = registered_engines()
        raise PnpgenError(f"unknown engine '{name}' (expected one of: {', '.join(known) or 'none'})"
                          + did_you_mean(name, known))
    return engine


def engine_for(content: Game) -> Engine | None:
    """The engine a loaded pack names (`engine:` in game.yaml); None when it names none, or names one that is not
    installed (`check` reports that name)."""
    if not content.engine or content.engine not in registered_engines():
        return None
    return engine_named(content.engine)


# -- generic play over the contract -----------------------------------------------------------------
def replay(engine: Engine, log: Log, upto: int | None = None) -> Replay:
    """Play the actions of a log (all, or the first `upto`) from its position; raise IllegalMove at the first
    illegal one."""
    state = log.position.state.clone()
    items = log.actions if upto is None else log.actions[:upto]
    for k, item in enumerate(items, start=1):
        bad = why_illegal(engine, state, item.action, item.player)
        if bad is not None:
            raise IllegalMove(k, item.loc, engine.describe_action(state.rules, item.action), bad)
        state.apply(item.action)
    return Replay(state, len(items))


def why_illegal(engine: Engine, state: State, action: Any, player: int | None = None) -> IllegalAction | None:
    """None if `action` is legal for the player to move (and `player`, when given, is that player), else why; a
    finished game refuses every action for that reason alone."""
    if player is not None and not state.is_terminal() and player != state.current_player():
        return IllegalAction(f"it is player {state.current_player()}'s turn, not player {player}'s",
                             engine.turn_rule(state))
    return engine.why_illegal(state, action)
