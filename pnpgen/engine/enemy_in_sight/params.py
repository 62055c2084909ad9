"""Enemy in Sight rules parameters: which numbers the rules read from content."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import Problems
from ...model import Game
from ...rulespec import Param, read_params

SPEC: dict[str, Param] = {
    "ships_dealt": Param(int, 1, 30),
    "actions_dealt": Param(int, 1, 30),
    "hand_capacity_min": Param(int, 1, 30),
    "hand_capacity_no_line": Param(int, 0, 30),
    "victory_points": Param(int, 1, 10_000),
    "no_line_penalty": Param(int, 0, 1000),
    "prize_port_multiplier": Param(int, 1, 10),
    "line_breakers_max": Param(int, 1, 20),
    "line_breaker_damage": Param(int, 0, 20),
    "rakes_per_turn": Param(int, 0, 10),
    "black_cards_per_turn": Param(int, 1, 10),
    "blockades_per_player": Param(int, 0, 10),
    "die_sides": Param(int, 2, 100),
    "strike_hull_below": Param(int, 1, 100),
    "boarding_success": Param(int, -100, 100),
    "boarding_capture": Param(int, -100, 100),
    "fire_ship_sinks": Param(int, 1, 100),
    "fire_ship_bonus": Param(int, 0, 100),
    "fire_damage_per_turn": Param(int, 0, 20),
}


@dataclass(frozen=True)
class Params:
    """The numbers an Enemy in Sight game is played with."""

    ships_dealt: int
    actions_dealt: int
    hand_capacity_min: int
    hand_capacity_no_line: int
    victory_points: int
    no_line_penalty: int
    prize_port_multiplier: int
    line_breakers_max: int
    line_breaker_damage: int
    rakes_per_turn: int
    black_cards_per_turn: int
    blockades_per_player: int
    die_sides: int
    strike_hull_below: int
    boarding_success: int
    boarding_capture: int
    fire_ship_sinks: int
    fire_ship_bonus: int
    fire_damage_per_turn: int


def read(game: Game, problems: Problems) -> Params:
    """Read and check the parameters; errors go to `problems`."""
    v = read_params(game, SPEC, problems)
    return Params(**{k: (v[k] if isinstance(v[k], int) and not isinstance(v[k], bool) else 0) for k in SPEC})
