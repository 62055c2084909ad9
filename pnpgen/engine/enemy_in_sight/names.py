"""Enemy in Sight's names: card actions, ship parts and places, the steps of a turn, and the records of a decision
under way. A leaf module: every other module of the engine may import it."""

from __future__ import annotations

from typing import NamedTuple

SHIP_DECK, ACTION_DECK = "ships", "actions"  # the deck ids the rules need
RED, BLACK = "red", "black"  # the suits of the Action deck
HULL, RIGGING = 0, 1
PARTS = ("hull", "rigging")

# What each Action card does is named by its action id in content.
ADMIRALTY, FIRE, RUN_AGROUND, STRIKE, WEATHERGAUGE = (
    "admiralty-orders", "fire", "run-aground", "strike", "weathergauge")
ADDITIONAL_SHIP, BLOCKADE, BOARDING, BROADSIDES, BUCKET_BRIGADE, FIRE_SHIP, BREAK_THE_LINE, RAKE, REPAIR, \
    REFUSE_BATTLE = ("additional-ship", "blockade", "boarding-party", "broadsides", "bucket-brigade", "fire-ship",
                     "break-the-line", "rake", "repair", "refuse-battle")
RED_ACTIONS = (ADMIRALTY, FIRE, RUN_AGROUND, STRIKE, WEATHERGAUGE)
BLACK_ACTIONS = (ADDITIONAL_SHIP, BLOCKADE, BOARDING, BROADSIDES, BUCKET_BRIGADE, FIRE_SHIP, BREAK_THE_LINE, RAKE,
                 REPAIR, REFUSE_BATTLE)
GUNNERY = (BROADSIDES, RAKE)  # cards that stay on a ship as its damage
JOINERS = (RAKE, BOARDING)  # the cards that may join another card in one turn

# where a ship is
DECK, LINE, PORT, PRIZE, SUNK, WRECK, TAKEN = range(7)
PLACE_NAMES = ("deck", "line", "port", "prize", "sunk", "wreck", "taken")
# what the player to move is deciding
RED_STEP, MAIN, CHOOSE, EXTRA, GRAPE, CAPTURE, BREAKERS, MOVES, OVER = (
    "red", "main", "choose", "extra", "grape", "capture", "breakers", "moves", "over")
STEPS = (RED_STEP, MAIN, CHOOSE, EXTRA, GRAPE, CAPTURE, BREAKERS, MOVES, OVER)
# how a game ends
POINTS, STALEMATE = "points", "stalemate"
# victory points by source, per player
VP_SOURCES = ("no_line", "sunk", "prize_port", "prize_sea")
NO_LINE, SUNK_VP, PRIZE_PORT, PRIZE_SEA = range(4)
FIRE_SOURCE = "fire"  # the damage a Fire has done (it stays when the Fire is put out)


class Choosing(NamedTuple):
    """A card being played: the choices made so far and every complete way to play it (tuples of actions)."""

    card: str
    chosen: tuple
    options: tuple


class Boarding(NamedTuple):
    """A Boarding Party under way: the boarding ship, the ship boarded, the attacker's secret Grape Shot (None:
    not chosen yet)."""

    card: str
    ship: int
    target: int
    grape: tuple | None


class Capture(NamedTuple):
    """A ship just taken, waiting for its taker to make it a Line ship or a Prize."""

    ship: int
    by: int


class Breakers(NamedTuple):
    """Break The Line against `target`: the Line Breakers chosen so far."""

    card: str
    target: int
    chosen: tuple


class Moves(NamedTuple):
    """Refuse Battle moving ships: played ('play') or discarded ('muster'); the ships moved or tried already;
    whether a mobile ship has gone to Port (a dismasted one may then go with it)."""

    card: str
    mode: str
    moved: tuple
    escort: bool
