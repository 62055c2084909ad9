"""The Narrow Seas rulebook as the engine sees it: the sections it cites, and the readings it takes where the
rulebook leaves room (worded with the content's own numbers)."""

from __future__ import annotations

from ...errors import Problems
from ...model import Game
from ..api import Reading
from . import params

SECTIONS = {
    "1.2": "How to Win", "3.0": "Setup", "5.1": "Suit Matching", "6.1": "Plan Phase", "6.2": "Draw Phase",
    "6.3": "Action Phase", "7.1": "Sail", "7.2": "Cannon", "7.3": "Return to Duty", "7.4": "Wind Card",
    "8.4": "Four-Player Setup",
}


def _params(game: Game) -> params.Params:
    problems = Problems()
    prm = params.read(game, problems)
    problems.raise_if_any()
    return prm


def readings(content: Game) -> tuple[Reading, ...]:
    """Every reading the engine takes, the team game's with the four-player variant's rules."""
    prm = _params(content)
    out = [
        Reading("6.2", "Is drawing up to the hand size optional, in the Draw Phase after the Reset has dealt a fresh "
                "Market?",
                f"No: players take turns drawing (from the deck, or from the Market for a Lookout cube) until each "
                f"holds {prm.hand_size} cards.",
                ("A player may stop drawing with fewer cards. Not offered as an option: a card in hand is never worse "
                 "than no card, so the choice would change no game.",)),
        Reading("6.2", "When is the discard pile shuffled into a new draw deck?",
                "The moment the draw deck is empty, whether a draw or a Market refill emptied it.",
                ("When a card is next needed from the empty deck.",)),
        Reading("7.2", "Who chooses which crew cubes a hit sends to the Sick Bay?",
                "The defender, from any of the ship's Plan areas or Spent.",
                ("The attacker chooses.", "Cubes come from Spent first.")),
        Reading("7.3", "May Return to Duty be played when none of the ship's crew is in the Sick Bay?",
                "No: it needs one of that ship's cubes in the Sick Bay (a card with nothing to do is not offered; "
                "discard it instead).",
                ("Yes, with no effect, as a way to spend the card.",)),
        Reading("7.4", "May the Wind card set the wind to the direction it already blows?",
                "No: the new direction differs from the current one.",
                ("Yes, as a way to spend the card.",)),
        Reading("1.2", "Which crew counts as available for a Mercy Victory?",
                "The cubes on a player's ship cards: in the Plan areas and in Spent, not in the Sick Bay.",
                ("Only the cubes in the Plan areas.",)),
        Reading("7.1", "May a two-step Reach turn between its steps?",
                "Yes: each step takes any of the Reach headings (the wind's direction or one direction either side).",
                ("Both steps take the same heading.",)),
    ]
    four = content.variant_for(4)
    if four is not None:
        played = content.with_variant(four.id)
        fp = _params(played)
        seats = fp.seating or (1, 2, 3, 4)
        clockwise = " → ".join(map(str, seats))
        counter = " → ".join(map(str, (seats[0], *reversed(seats[1:]))))
        out += [
            Reading("8.1", "Are the players numbered clockwise or counter-clockwise round the table?",
                    f"As the seating lists them, clockwise ({', '.join(map(str, seats))}): clockwise play goes "
                    f"{clockwise} and counter-clockwise {counter}.",
                    ("Numbered counter-clockwise: seating 1, 4, 3, 2.",), "seating",
                    ("[1, 2, 3, 4]", "[1, 4, 3, 2]")),
            Reading("8.6", "Does the team lose when one of its players has lost both ships?",
                    "Yes: a team loses as soon as one of its players has no ship afloat." if fp.elimination == "player"
                    else "No: a team loses only when none of its players has a ship afloat.",
                    ("No: a team loses only when none of its players has a ship afloat.",)
                    if fp.elimination == "player" else
                    ("Yes: a team loses as soon as one of its players has no ship afloat.",),
                    "elimination", ("player", "team")),
            Reading("8.0", "Who becomes First Player when two players tie for most Lookout?",
                    "The first tied player met going round from the token's holder (the holder included) in the "
                    "direction the token shows.",
                    ("The holder keeps the token whenever they are among the tied.",)),
            Reading("8.3", "When does the live Wind card change decks?",
                    "Whenever it would go to a discard pile: played, discarded as an action, discarded from a hand "
                    "at the Reset or with a Market.",
                    ("Only when it is played.",)),
        ]
    return tuple(out)
