"""The game-independent core: the Game/State interface every rules engine offers, and a random playout.

In the manner of OpenSpiel: a Game holds static facts and makes states; a State holds the rules
(who moves, what is legal, what an action does). Players are numbered from 1. Chance is not a
player: each state carries its own seeded random source (`engine.rng.Rng`) and every shuffle or
random pick is drawn from it, so a state and a seed replay identically.
"""

from __future__ import annotations

from typing import Any, Protocol

TERMINAL = -4  # current_player() of a finished game (OpenSpiel's value)


class RandomSource(Protocol):
    """What agents and states draw from: `random.Random` and `engine.rng.Rng` both fit."""

    def randrange(self, n: int) -> int: ...


class State:
    """One game state; subclasses implement the rules."""

    def current_player(self) -> int:
        """The player (1-based) who decides next, or TERMINAL."""
        raise NotImplementedError

    def legal_actions(self) -> list:
        """Every legal action of the player to move, in a stable order."""
        raise NotImplementedError

    def apply(self, action: Any) -> None:
        """Play an action taken from legal_actions() (not checked: see apply_checked)."""
        raise NotImplementedError

    def apply_checked(self, action: Any) -> None:
        """Play an action after checking it; raise IllegalAction naming the rule it breaks."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """The result for each player (index = player - 1): 1 win, -1 loss, 0 draw or unfinished."""
        raise NotImplementedError

    def clone(self) -> State:
        """An independent copy (random source included)."""
        raise NotImplementedError

    def observation(self, player: int) -> dict:
        """What a player may see: the state with others' secrets hidden."""
        raise NotImplementedError

    def random_action(self, rng: RandomSource) -> Any:
        """A legal action drawn uniformly; engines override this to avoid listing big action spaces."""
        actions = self.legal_actions()
        return actions[rng.randrange(len(actions))]


class Game:
    """Static facts of a game and a factory of initial states."""

    num_players: int = 2

    def new_initial_state(self, seed: int = 0) -> State:
        """A fresh game whose chance events are drawn from `seed`."""
        raise NotImplementedError


def play_random(state: State, rng: RandomSource, max_decisions: int = 1_000_000) -> int:
    """Play uniformly random legal actions until the game ends; return the number of decisions."""
    n = 0
    while not state.is_terminal():
        if n >= max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
        state.apply(state.random_action(rng))
        n += 1
    return n
