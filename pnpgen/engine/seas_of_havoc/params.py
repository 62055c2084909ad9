"""Seas of Havoc rules parameters: which numbers the rules read from content, each declared once (kind, bounds,
doc) for reading, the JSON Schema and the content reference."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import Problems
from ...load.rulespec import read_params
from ...model import Game
from ...source.declare import Kind, ListOf, declared, describe, record

HEADINGS = ("N", "E", "S", "W")


class ShipStart(Kind):
    """A ship's starting square and heading: [x, y, N|E|S|W], read as (x, y, heading 0 N .. 3 W)."""

    words = plural = f"[x, y, heading] with a heading among {', '.join(HEADINGS)}"

    def read(self, item: Any, at: Any) -> Any:
        if (isinstance(item, list) and len(item) == 3 and item[2] in HEADINGS
                and all(isinstance(n, int) and not isinstance(n, bool) for n in item[:2])):
            return (item[0], item[1], HEADINGS.index(item[2]))
        shown = f"[{', '.join(map(str, item))}]" if isinstance(item, list) else describe(item)
        return at.bad(f"{at.label} must be {self.words}, got {shown}")

    def schema(self) -> dict:
        return {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}, {"enum": list(HEADINGS)}],
                "minItems": 3, "maxItems": 3}

    def doc(self) -> str:
        return "[x, y, heading]"


@record("rules", words="parameter")
@dataclass(frozen=True)
class Params:
    """The numbers a Seas of Havoc game is played with."""

    skiffs_per_player: int = declared("skiffs each player places in the Island phase", min=1, max=20)
    market_size: int = declared("Market cards on offer after clean-up", min=1, max=20)
    sea_draw: int = declared("cards each player draws when the Sea phase ends", min=1, max=20)
    resources: tuple[str, ...] = declared("the resources, each an icon the game declares")
    starting_resources: int = declared("resources of each kind each player starts with", min=0, max=20)
    gather: int = declared("Sail Maker, Blacksmith, Bank: resources gained", min=0, max=20)
    capitol_resources: int = declared("Capitol: resources taken with the First Player token", min=0, max=20)
    trading_post_exchange: int = declared("Trading Post: resources exchanged at most", min=0, max=20)
    deep_cove_scrap: int = declared("Deep Cove: cards scrapped at most", min=0, max=20)
    collision_discard: int = declared("cards the player who caused a collision discards", min=0, max=20)
    broadside_infamy: int = declared("Infamy for a shot into a ship's side", min=0, max=100)
    raking_infamy: int = declared("Infamy for a shot into a ship's bow or stern", min=0, max=100)
    ram_infamy: int = declared("Infamy for ramming a ship", min=0, max=100)
    booty_limit: int = declared("booty tokens a player may hold", min=0, max=20)
    damage_deck_size: int = declared("Damage cards in the Damage deck at the start", min=1, max=500)
    damage_spares: int = declared("spare Damage cards kept aside to finish the last Sea phase", min=0, max=500)
    ship_starts: tuple[tuple[int, int, int], ...] = declared("each player's starting square and heading, "
                                                             "[x, y, heading N, E, S or W], by player",
                                                             kind=ListOf(ShipStart()))


def read(game: Game, problems: Problems) -> Params:
    """Read and check the parameters; errors go to `problems`."""
    prm = read_params(game, Params, problems)
    icons = {i.id for i in game.icons}
    for r in prm.resources:
        if icons and r not in icons:
            problems.error(game.rules.loc("resources"), f"rules: resource '{r}' is not an icon the game declares "
                           f"(icons: {', '.join(sorted(icons))})")
    starts = game.rules.get("ship_starts")
    if isinstance(starts, list) and len(prm.ship_starts) == len(starts) < max(game.players):
        problems.error(game.rules.loc("ship_starts"), f"rules: 'ship_starts' gives {len(starts)} starting squares "
                       f"but the game seats up to {max(game.players)} players")
    return prm
