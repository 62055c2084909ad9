"""Narrow Seas rules parameters: which numbers the engine reads from content."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import Problems
from ...model import Game
from ...rulespec import Param, read_params

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
    "wind_setter": Param(str, choices=("first", "second")),
    "round_cap": Param(int, 1, 10_000),
}


@dataclass(frozen=True)
class Params:
    """The numbers a Narrow Seas game is played with."""

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
    wind_setter: str
    round_cap: int


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
    return Params(**{k: (v[k] if v[k] is not None else 0) for k in SPEC})
