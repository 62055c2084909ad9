"""Seas of Havoc rules parameters: which numbers the rules read from content."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import Problems
from ...model import Game
from ...rulespec import Param, read_params

SPEC: dict[str, Param] = {
    "skiffs_per_player": Param(int, 1, 20),
    "market_size": Param(int, 1, 20),
    "sea_draw": Param(int, 1, 20),
    "resources": Param(list),
    "starting_resources": Param(int, 0, 20),
    "gather": Param(int, 0, 20),
    "capitol_resources": Param(int, 0, 20),
    "trading_post_exchange": Param(int, 0, 20),
    "deep_cove_scrap": Param(int, 0, 20),
    "collision_discard": Param(int, 0, 20),
    "broadside_infamy": Param(int, 0, 100),
    "raking_infamy": Param(int, 0, 100),
    "ram_infamy": Param(int, 0, 100),
    "booty_limit": Param(int, 0, 20),
    "damage_deck_size": Param(int, 1, 500),
    "damage_spares": Param(int, 0, 500),
    "ship_starts": Param(list),
}
HEADINGS = ("N", "E", "S", "W")


@dataclass(frozen=True)
class Params:
    """The numbers a Seas of Havoc game is played with."""

    skiffs_per_player: int
    market_size: int
    sea_draw: int
    resources: tuple[str, ...]
    starting_resources: int
    gather: int
    capitol_resources: int
    trading_post_exchange: int
    deep_cove_scrap: int
    collision_discard: int
    broadside_infamy: int
    raking_infamy: int
    ram_infamy: int
    booty_limit: int
    damage_deck_size: int
    damage_spares: int
    ship_starts: tuple[tuple[int, int, int], ...]  # (x, y, heading 0 N .. 3 W) by player


def read(game: Game, problems: Problems) -> Params:
    """Read and check the parameters; errors go to `problems`."""
    v = read_params(game, SPEC, problems)
    res = v.get("resources")
    v["resources"] = tuple(str(r) for r in res) if isinstance(res, list) else ()
    icons = {i.id for i in game.icons}
    for r in v["resources"]:
        if icons and r not in icons:
            problems.error(game.rules.loc("resources"), f"rules: resource '{r}' is not an icon the game declares "
                           f"(icons: {', '.join(sorted(icons))})")
    v["ship_starts"] = _starts(game, v.get("ship_starts"), problems)
    return Params(**{k: (v[k] if v[k] is not None and not isinstance(v[k], bool) else 0) for k in SPEC})


def _starts(game: Game, value, problems: Problems) -> tuple[tuple[int, int, int], ...]:
    """Each player's starting square and heading: [x, y, N|E|S|W] by player, one for every seat."""
    if not isinstance(value, list):
        return ()
    out = []
    loc = game.rules.loc("ship_starts")
    for k, item in enumerate(value, start=1):
        ok = (isinstance(item, list) and len(item) == 3 and all(isinstance(n, int) and not isinstance(n, bool)
                                                                 for n in item[:2]) and item[2] in HEADINGS)
        if not ok:
            problems.error(loc, f"rules: 'ship_starts' item {k} must be [x, y, heading] with a heading among "
                           f"{', '.join(HEADINGS)}, got {item!r}")
            continue
        out.append((item[0], item[1], HEADINGS.index(item[2])))
    if len(out) == len(value) and len(out) < max(game.players):
        problems.error(loc, f"rules: 'ship_starts' gives {len(out)} starting squares but the game seats up to "
                       f"{max(game.players)} players")
    return tuple(out)
