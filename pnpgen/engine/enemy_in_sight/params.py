"""Enemy in Sight rules parameters: which numbers the rules read from content, each declared once (kind, bounds,
doc) for reading, the JSON Schema and the content reference."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import Problems
from ...load.rulespec import read_params
from ...model import Game
from ...source.declare import declared, record


@record("rules", words="parameter")
@dataclass(frozen=True)
class Params:
    """The numbers an Enemy in Sight game is played with."""

    ships_dealt: int = declared("Ship cards dealt to each player at setup", min=1, max=30)
    actions_dealt: int = declared("Action cards dealt to each player at setup", min=1, max=30)
    hand_capacity_min: int = declared("the hand holds as many cards as the Line has ships, but never fewer than "
                                      "this", min=1, max=30)
    hand_capacity_no_line: int = declared("... unless the Line is empty: then this many", min=0, max=30)
    victory_points: int = declared("the first player to this many victory points wins", min=1, max=10_000)
    no_line_penalty: int = declared("victory points lost at the end of a round with no ship in the Line", min=0,
                                    max=1000)
    prize_port_multiplier: int = declared("a Prize brought to Port scores this many times its victory points",
                                          min=1, max=10)
    line_breakers_max: int = declared("Break The Line: at most this many Line Breakers", min=1, max=20)
    line_breaker_damage: int = declared("Break The Line: Hull and Rigging each ship of the broken Line loses",
                                        min=0, max=20)
    rakes_per_turn: int = declared("Rake cards a player may play in a turn", min=0, max=10)
    black_cards_per_turn: int = declared("black cards a player may play in a turn (Rake and Boarding Party may "
                                         "join others)", min=1, max=10)
    blockades_per_player: int = declared("Ports a player may blockade at once", min=0, max=10)
    die_sides: int = declared("sides of the die rolled", min=2, max=100)
    strike_hull_below: int = declared("Strike: only a ship with less Hull than this rolls", min=1, max=100)
    boarding_success: int = declared("Boarding Party: a modified roll at or above this captures the target",
                                     min=-100, max=100)
    boarding_capture: int = declared("Boarding Party: ... at or below this, the defender captures the attacker",
                                     min=-100, max=100)
    fire_ship_sinks: int = declared("Fire Ship: a roll at or above this sinks the target", min=1, max=100)
    fire_ship_bonus: int = declared("Fire Ship: added to the roll when the target is in Port or dismasted", min=0,
                                    max=100)
    fire_damage_per_turn: int = declared("damage each Fire card deals at the start of its owner's turn", min=0,
                                         max=20)
    fire_hull_from: int = declared("Fire: a roll at or above this burns in the Hull, below it in the Rigging",
                                   min=1, max=101)
    ships_per_line_breaker: int = declared("Break The Line: one Line Breaker for each this many ships of the Line "
                                           "(at least one)", min=1, max=20)
    # rules options: readings of an unclear rulebook that change play (`pnpgen rules readings enemy-in-sight`)
    struck_line_capacity: str = declared("the hand capacity of a Line whose every ship has struck: minimum (it is "
                                         "still a Line) or no-line (as an empty Line)", default="minimum",
                                         choices=("minimum", "no-line"))
    line_breakers_rounding: str = declared("Break The Line: 'half the Line' rounds down or up", default="down",
                                           choices=("down", "up"))
    fire_ship_targets: str = declared("Fire Ship: enemy ships only, or any ship at sea, one's own included (an own "
                                      "ship it sinks scores nothing)", default="enemy", choices=("enemy", "any"))


def read(game: Game, problems: Problems) -> Params:
    """Read and check the parameters; errors go to `problems`."""
    return read_params(game, Params, problems)
