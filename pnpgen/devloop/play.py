"""`pnpgen play`: a person plays one seat of a game against the bundled agents, in a page served on this machine.

The session holds the game (its engine, its rules, the seeded state and every action so far); the agents play the
other seats until it is the person's turn. What the page is given is only what the person's seat may know: the
position as that seat sees it (others' hands face down), its own legal actions, and each other player's action as
the seat would see it played (a choice made in secret is told only by its kind). The game downloads as a playtest
log that `pnpgen replay` reads once it is over; during play the log would give away the seed, the order of the
deck and the other hands, so it is not offered then. The person's action comes back as the action itself (its
JSON, as `rules legal --json` prints it) with the number of actions played when it was offered: an action that is
no longer legal, or was offered before the game moved on, is refused with the reason, never replaced by another.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from ..components.scene import Pictures, picture
from ..engine.api import TERMINAL, why_illegal
from ..engine.rng import AgentRng
from ..errors import PnpgenError, Problems
from ..files.paths import bundled_name
from ..model import Game
from ..sim.playout import AGENT_SEED, AgentOptions, Table
from .seen import told

MOST_DECISIONS = 100_000  # the agents' decisions between two of the person's: past it, the game is left unfinished
LOG_LATER = ("the playtest log downloads when the game is over: during play it would show what your seat may "
             "not see (the seed, the order of the deck, the other hands)")


class Refused(PnpgenError):
    """A request the session will not carry out: the HTTP status that says why, and the reason in a sentence."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Line:
    """One action of the game as the person's seat was told it: its number, who played it and the sentence."""

    number: int
    player: int
    status: str
    said: str

    def text(self, seat: int) -> str:
        """The line as the page lists it."""
        who = "you" if self.player == seat else f"player {self.player}"
        return f"{self.number}. {who}: {self.status}: {self.said}"


class Session:
    """One game: the person's seat, the agents in the others, the state and the actions played so far."""

    def __init__(self, content: Game, seat: int, agent: str, players: int | None = None, seed: int = 1,
                 options: AgentOptions = ()):
        self.table = Table(content, players, options=options)
        self.engine, self.rules = self.table.engine, self.table.rules
        n = self.table.num_players
        if not 1 <= seat <= n:
            raise PnpgenError(f"--seat: expected a seat from 1 to {n}, got {seat}")
        self.seat, self.agent = seat, agent
        self.agents = self.table.agents(tuple(agent for _ in range(n)))  # the person's seat never asks its agent
        self.state = self.rules.new_initial_state(seed)
        self.start = self.state.clone()
        self.seed = seed
        self.rng = AgentRng(seed ^ AGENT_SEED)
        self.actions: list = []
        self.lines: list[Line] = []
        self.pictures = Pictures(content)
        self.title = f"{content.title}: you are player {seat}, against {agent}"
        self.lock = threading.Lock()
        self._agents_play()

    def _play(self, action) -> None:
        who = self.state.current_player()
        line = Line(len(self.actions) + 1, who, self.engine.status(self.state),
                    told(self.engine, self.state, action, self.seat))
        self.state.apply(action)
        self.actions.append(action)
        self.lines.append(line)

    def _agents_play(self) -> None:
        """The agents' moves until it is the person's turn, the game is over, or the round budget is spent."""
        for _ in range(MOST_DECISIONS):
            player = self.state.current_player()
            if player in (TERMINAL, self.seat) or self.unfinished:
                return
            self._play(self.agents[player - 1](self.state, self.rng))

    @property
    def unfinished(self) -> bool:
        """Whether the game ran past the simulator's round budget (not a rule: it stops there)."""
        return not self.state.is_terminal() and self.state.round > self.table.max_rounds

    @property
    def over(self) -> bool:
        """Whether the game is over (or stopped at the round budget)."""
        return self.state.is_terminal() or self.unfinished

    def view(self) -> dict:
        """What the page shows: the picture as the person's seat sees it, the legal actions (each as its JSON and
        its sentence) when it is their turn, what was played as the seat was told it, and whether the game is
        over."""
        mine = self.state.current_player() == self.seat and not self.unfinished
        engine, rules = self.engine, self.rules
        legal = [{"action": engine.action_to_json(rules, a), "text": engine.describe_action(rules, a)}
                 for a in self.state.legal_actions()] if mine else []
        return {"title": self.title, "status": self.engine.status(self.state), "your_turn": mine,
                "legal": legal, "over": self.over, "log": self.over, "log_note": "" if self.over else LOG_LATER,
                "lines": [line.text(self.seat) for line in self.lines[-40:]], "played": len(self.actions),
                "picture": picture(self.engine, self.state, self.title, (), self.pictures, self.seat).decode("utf-8")}

    def act(self, posted: Any, after: int | None = None) -> None:
        """Play the person's action, given as its JSON, then the agents' moves after it; Refused (and nothing
        played) when it is not their turn, the game moved on since the action was offered (`after`: the number of
        actions played then), or the action is not legal now."""
        if self.over:
            raise Refused(409, "the game is over")
        if self.state.current_player() != self.seat:
            raise Refused(409, "it is not your turn")
        if after is not None and after != len(self.actions):
            raise Refused(409, f"the game moved on since that action was offered ({after} actions had been played, "
                               f"now {len(self.actions)}): choose again")
        problems = Problems()
        got = self.engine.action_from_json(self.rules, posted, problems, "action", None)
        if got is None:
            raise Refused(400, problems.errors[0].message if problems.errors else "not an action of this game")
        action, player = got
        bad = why_illegal(self.engine, self.state, action, player)
        if bad is not None:
            raise Refused(409, f"not legal now: {bad}")
        if action not in self.state.legal_actions():  # the engine's judge and its list of actions disagree
            raise Refused(409, f"not legal now: {self.engine.describe_action(self.rules, action)}")
        self._play(action)
        self._agents_play()

    def log(self) -> str:
        """The game as a playtest log; Refused while it is being played."""
        if not self.over:
            raise Refused(409, LOG_LATER)
        ref = bundled_name(self.rules.content.root) or str(self.rules.content.root)
        header = f"# pnpgen play: player {self.seat} a person, the others {self.agent}; seed {self.seed}\n"
        return self.engine.write_log(self.start, self.actions, game_ref=ref, header=header)
