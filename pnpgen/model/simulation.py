"""How `simulate` plays a game: budgets of the simulation, not rules of the game."""

from __future__ import annotations

from dataclasses import dataclass

from ..source.declare import Record, declared, record

DEFAULT_MAX_ROUNDS = 60


@record("sim", by_id=False, words="setting")
@dataclass(frozen=True)
class Simulation:
    """Settings of `pnpgen simulate` and the build's quick simulation (a budget, never a rule of the game)."""

    max_rounds: int = declared("a simulated game still running after this many rounds is stopped and reported as "
                               "unfinished (`simulate --max-rounds` overrides it)", default=DEFAULT_MAX_ROUNDS,
                               min=1, max=100_000)


def simulation_field() -> object:
    """The `sim` section of game.yaml."""
    return declared("simulation settings: the round budget of a simulated game", kind=Record(Simulation),
                    default=Simulation())
