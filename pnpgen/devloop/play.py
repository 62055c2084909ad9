"""`pnpgen play`: people play a game against the bundled agents (or each other, hot-seat) in a page on this machine.

The session holds the game (its engine, its rules, the seeded state and every action so far). What the page is
given is only what the seat looking at it may know: the position as that seat sees it (others' hands face down),
its own legal actions, and each other player's action as that seat would see it played (a choice made in secret is
told only by its kind). In a hot-seat game every seat is a person; the page is handed from one to the next, and
between two seats it shows only what all may see until the next seat says it holds the page.

The agents reply after a pause (`pause_ms`, none by default), so that a person may take back their last action
while the agents have not replied; an action that showed the seat something it did not know (a card drawn, a roll)
cannot be taken back. The game downloads as a playtest log that `pnpgen replay` reads once it is over; during play
the log would give away the seed, the order of the deck and the other hands, so it is not offered then. An action
comes back from the page as the action itself (its JSON, as `rules legal --json` prints it) with the number of
actions played when it was offered: one that is no longer legal, or was offered before the game moved on, is
refused with the reason, never replaced by another.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from ..components.scene import Pictures
from ..engine.api import TERMINAL, State, why_illegal
from ..engine.rng import AgentRng, Rng
from ..errors import PnpgenError, Problems
from ..files.paths import bundled_name
from ..model import Game
from ..sim.playout import AGENT_SEED, AgentOptions, Table
from .seen import looks, told
from .spot_swaps import tries
from .steppers import groups

MOST_DECISIONS = 100_000  # the agents' decisions between two of a person's: past it, the game is left unfinished
LOG_LATER = ("the playtest log downloads when the game is over: during play it would show what your seat may "
             "not see (the seed, the order of the deck, the other hands)")
REDEALS = 6  # redeals of the hidden that an action's outcome must not depend on for it to be taken back
NOBODY = 0  # the viewer of a hot-seat page between two seats: what every player may see


class Refused(PnpgenError):
    """A request the session will not carry out: the HTTP status that says why, and the reason in a sentence."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


@dataclass
class Line:
    """One action of the game: its number, who played it, where play stood, what each person's seat was told of
    it, and the keys of the picture's spots it involved (for the seats told it in full)."""

    number: int
    player: int
    status: str
    full: str  # the engine's sentence, as the player who played it was told it
    said: dict[int, str]
    spots: tuple[str, ...]
    hidden_from: set[int] = field(default_factory=set)

    def text(self, viewer: int | None) -> str:
        """The line as the page of `viewer` lists it (None: a page that may see everything)."""
        who = "you" if self.player == viewer else f"player {self.player}"
        return f"{self.number}. {who}: {self.status}: {self.said.get(viewer, self.full)}"


@dataclass
class Undo:
    """What taking back a person's action restores: the state before it and how long the record was; and whether
    it may be taken back (its outcome depended on nothing hidden from that seat)."""

    state: State
    actions: int
    player: int
    allowed: bool


class Session:
    """One game: the people's seats, the agents in the others, the state and the actions played so far."""

    def __init__(self, content: Game, seat: int | None, agent: str = "greedy", players: int | None = None,
                 seed: int = 1, options: AgentOptions = (), pause_ms: int = 0):
        self.table = Table(content, players, options=options)
        self.engine, self.rules = self.table.engine, self.table.rules
        n = self.table.num_players
        if seat is not None and not 1 <= seat <= n:
            raise PnpgenError(f"--seat: expected a seat from 1 to {n}, got {seat}")
        self.people = (seat,) if seat is not None else tuple(range(1, n + 1))  # None: hot-seat, every seat
        self.hot_seat = seat is None
        self.seat = seat  # the one person's seat (None in a hot-seat game)
        self.viewer = seat if seat is not None else NOBODY  # whose eyes the page is for now
        self.agent = agent
        self.agents = self.table.agents(tuple(agent for _ in range(n)))  # people's seats never ask their agent
        self.state = self.rules.new_initial_state(seed)
        self.start = self.state.clone()
        self.seed = seed
        self.rng = AgentRng(seed ^ AGENT_SEED)
        self.redeal = Rng(seed ^ 0x0BAC)  # the redeals that say whether an action may be taken back
        self.pause_ms = pause_ms
        self.actions: list = []
        self.lines: list[Line] = []
        self.undos: list[Undo] = []
        self.pictures = Pictures(content)
        self._drawn: tuple | None = None  # the last scene whose spots were asked for, and those spots
        who = "hot-seat, every seat a person" if self.hot_seat else f"you are player {seat}, against {agent}"
        self.title = f"{content.title}: {who}"
        self.lock = threading.Lock()
        self.advance()

    # -- playing -------------------------------------------------------------------------------------------
    def _play(self, action) -> None:
        state = self.state
        who = state.current_player()
        full = self.engine.describe_action(self.rules, action)
        said = {person: told(self.engine, state, action, person) for person in self.people}
        hidden = {person for person, words in said.items() if words != full}
        spots = tuple(spot.key for spot in self.engine.action_spots(state, action))
        line = Line(len(self.actions) + 1, who, self.engine.status(state), full, said, spots, hidden)
        state.apply(action)
        self.actions.append(action)
        self.lines.append(line)

    def _agent_to_move(self) -> bool:
        player = self.state.current_player()
        return player != TERMINAL and player not in self.people and not self.unfinished

    def advance(self) -> None:
        """The agents' moves until it is a person's turn, the game is over, or the round budget is spent."""
        for _ in range(MOST_DECISIONS):
            if not self._agent_to_move():
                return
            player = self.state.current_player()
            self._play(self.agents[player - 1](self.state, self.rng))

    @property
    def unfinished(self) -> bool:
        """Whether the game ran past the simulator's round budget (not a rule: it stops there)."""
        return not self.state.is_terminal() and self.state.round > self.table.max_rounds

    @property
    def over(self) -> bool:
        """Whether the game is over (or stopped at the round budget)."""
        return self.state.is_terminal() or self.unfinished

    def _revealing(self, before: State, action: Any, player: int) -> bool:
        """Whether what `player` sees after the action depends on what was hidden from them before it (a card
        drawn, a roll): the real outcome and those of a few redeals of the hidden must all look alike."""
        after = before.clone()
        after.apply(action)
        seen = looks(self.engine, after, player)
        for _ in range(REDEALS):
            try:
                other = before.sample_hidden(player, self.redeal)
            except NotImplementedError:  # the engine hides nothing it could deal again
                return False
            try:
                other.apply(action)
            except Exception:  # the redeal does not allow it: the action's fate depended on the hidden
                return True
            if looks(self.engine, other, player) != seen:
                return True
        return False

    def act(self, posted: Any, after: int | None = None) -> None:
        """Play the action of the person whose page this is, given as its JSON; then, without a pause, the agents'
        moves after it. Refused (and nothing played) when it is not their turn, the game moved on since the
        action was offered (`after`: the number of actions played then), or the action is not legal now."""
        action = self._parse(posted, after)
        player = self.state.current_player()
        before = self.state.clone()
        self.undos.append(Undo(before, len(self.actions), player, not self._revealing(before, action, player)))
        self._play(action)
        if not self.pause_ms:
            self.advance()

    def _parse(self, posted: Any, after: int | None) -> Any:
        """The legal action a person's page posted; Refused with the reason when there is none."""
        if self.over:
            raise Refused(409, "the game is over")
        if self.state.current_player() != self.viewer or self.viewer not in self.people:
            raise Refused(409, "it is not your turn")
        if after is not None and after != len(self.actions):
            raise Refused(409, f"the game moved on since that action was offered ({after} actions had been played, "
                               f"now {len(self.actions)}): choose again")
        action = self._action(posted)
        bad = why_illegal(self.engine, self.state, action[0], action[1])
        if bad is not None:
            raise Refused(409, f"not legal now: {bad}")
        if action[0] not in self.state.legal_actions():  # the engine's judge and its list of actions disagree
            raise Refused(409, f"not legal now: {self.engine.describe_action(self.rules, action[0])}")
        return action[0]

    def _action(self, posted: Any) -> tuple[Any, int | None]:
        problems = Problems()
        got = self.engine.action_from_json(self.rules, posted, problems, "action", None)
        if got is None:
            raise Refused(400, problems.errors[0].message if problems.errors else "not an action of this game")
        return got

    def why(self, posted: Any) -> dict:
        """Whether an action (its JSON) is legal for the page's seat now: its sentence, or the rule it breaks."""
        action, player = self._action(posted)
        text = self.engine.describe_action(self.rules, action)
        if self.over or self.state.current_player() != self.viewer or self.viewer not in self.people:
            return {"legal": False, "text": text, "why": "it is not your turn"}
        bad = why_illegal(self.engine, self.state, action, player)
        if bad is None and action not in self.state.legal_actions():
            return {"legal": False, "text": text, "why": "not among the legal actions"}
        return {"legal": bad is None, "text": text, "why": "" if bad is None else str(bad)}

    def why_here(self, key: Any, picks: Any = ()) -> dict:
        """Why none of the seat's actions goes to a spot of its picture: each action a click there could mean
        (see spot_swaps; among the actions involving every spot picked before, if any) with the rule it breaks,
        and one sentence saying them all."""
        if not isinstance(key, str) or not isinstance(picks, list | tuple) or \
                not all(isinstance(k, str) for k in picks):
            raise Refused(400, "expected the key of a spot of the picture (a string), and the keys picked before")
        if self.handing_over() is not None or key not in self._regions(self.viewer):
            raise Refused(409, f"there is no spot '{key}' on your picture")
        if self.over or self.state.current_player() != self.viewer or self.viewer not in self.people:
            return {"answers": [], "message": "It is not your turn."}
        engine, rules, state = self.engine, self.rules, self.state
        offered = [(engine.action_to_json(rules, a), [spot.key for spot in engine.action_spots(state, a)])
                   for a in state.legal_actions()]
        offered = [(action, keys) for action, keys in offered if all(k in keys for k in picks)] or offered
        answers, said = [], set()
        for candidate in tries(key, offered):
            try:
                answer = self.why(candidate)
            except Refused:  # the clicked thing cannot stand there (a ship where a card is named)
                continue
            if not answer["legal"] and (answer["text"], answer["why"]) not in said:
                said.add((answer["text"], answer["why"]))
                answers.append({"text": answer["text"], "why": answer["why"]})
        if not answers:
            return {"answers": [], "message": "None of your actions involves that."}
        return {"answers": answers,
                "message": "Not there. " + "; ".join(f"{a['text']}: {a['why']}" for a in answers)}

    def _regions(self, viewer: int | None) -> dict:
        """The spots of the picture the page of `viewer` shows, by key (drawn again only when its scene changed)."""
        engine, state = self.engine, self.state
        scene, status = engine.scene(state, viewer), engine.status(state)
        if self._drawn is None or self._drawn[0] != (scene, status):
            self._drawn = ((scene, status), self.pictures.svg_and_regions(scene, self.title, (status,))[1])
        return self._drawn[1]

    def undo(self) -> None:
        """Take back the last action of the page's seat, while nobody has played after it; Refused otherwise."""
        last = self.undos[-1] if self.undos else None
        if last is None or last.player != self.viewer or last.actions != len(self.actions) - 1:
            raise Refused(409, "there is no action of yours to take back: another player has played since")
        if not last.allowed:
            raise Refused(409, "that action showed you something you did not know (a card drawn, a roll): it stands")
        self.undos.pop()
        self.state = last.state
        del self.actions[last.actions:]
        del self.lines[last.actions:]

    def can_undo(self) -> bool:
        """Whether the page's seat may take back its last action now."""
        last = self.undos[-1] if self.undos else None
        return last is not None and last.allowed and last.player == self.viewer and \
            last.actions == len(self.actions) - 1

    def take_seat(self, seat: Any) -> None:
        """Hot-seat: the page passes to `seat`, which must be the person to move."""
        if not self.hot_seat:
            raise Refused(409, f"this game has one person, player {self.seat}")
        if seat != self.state.current_player() or seat not in self.people:
            raise Refused(409, f"it is player {self.state.current_player()}'s turn, not player {seat}'s")
        self.viewer = seat

    # -- what the page shows -----------------------------------------------------------------------------
    def handing_over(self) -> int | None:
        """Hot-seat: the seat the page must pass to before it shows anything private (None: no hand-over)."""
        player = self.state.current_player()
        if self.hot_seat and not self.over and player in self.people and player != self.viewer:
            return player
        return None

    def view(self) -> dict:
        """What the page of the seat looking at it shows (see the module's docstring)."""
        engine, rules, state = self.engine, self.rules, self.state
        handover = self.handing_over()
        viewer = NOBODY if handover is not None else self.viewer
        if self.hot_seat and self.over:
            viewer = None  # the game is over: every hand shows
        mine = not self.over and state.current_player() == viewer and viewer in self.people
        svg, regions = self.pictures.svg_and_regions(engine.scene(state, viewer), self.title,
                                                     (engine.status(state),))
        legal = state.legal_actions() if mine else []
        as_json = [engine.action_to_json(rules, a) for a in legal]
        grouped = groups(as_json)
        in_group = {k for g in grouped for k in g.members}
        offered = [{"action": as_json[k], "text": engine.describe_action(rules, a),
                    "spots": [key for key in (s.key for s in engine.action_spots(state, a)) if key in regions]}
                   for k, a in enumerate(legal) if k not in in_group]
        return {"title": self.title, "status": engine.status(state), "seat": viewer, "your_turn": mine,
                "handover": handover, "over": self.over, "log": self.over, "log_note": "" if self.over else LOG_LATER,
                "legal": offered, "groups": [g.to_json() for g in grouped],
                "lines": [line.text(viewer) for line in self.lines[-40:]] if handover is None else [],
                "last": self._last(viewer, regions) if handover is None else [],
                "played": len(self.actions), "undo": self.can_undo(),
                "agents_next": self._agent_to_move(), "pause_ms": self.pause_ms,
                "picture": svg.decode("utf-8"), "regions": regions}

    def _last(self, viewer: int | None, regions: dict) -> list[dict]:
        """Each player's last action, with the spots it involved that are on the picture (only when `viewer` was
        told it in full)."""
        out = []
        for player in range(1, self.table.num_players + 1):
            line = next((line for line in reversed(self.lines) if line.player == player), None)
            if line is None or viewer in line.hidden_from:
                continue
            out.append({"player": player, "number": line.number, "text": line.said.get(viewer, line.full),
                        "spots": [key for key in line.spots if key in regions]})
        return out

    def log(self) -> str:
        """The game as a playtest log; Refused while it is being played."""
        if not self.over:
            raise Refused(409, LOG_LATER)
        ref = bundled_name(self.rules.content.root) or str(self.rules.content.root)
        who = "every seat a person (hot-seat)" if self.hot_seat else f"player {self.seat} a person, the others " \
                                                                     f"{self.agent}"
        header = f"# pnpgen play: {who}; seed {self.seed}\n"
        return self.engine.write_log(self.start, self.actions, game_ref=ref, header=header)
