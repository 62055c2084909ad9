"""The readings the Seas of Havoc engine takes where its rules leave room, worded with the content's numbers."""

from __future__ import annotations

from ...errors import Problems
from ...model import Game
from ..api import Reading
from . import params


def readings(content: Game) -> tuple[Reading, ...]:
    """Every reading the engine takes."""
    problems = Problems()
    prm = params.read(content, problems)
    problems.raise_if_any()
    return (
        Reading("5.4", "Must a player buy the Market card their skiff claimed?",
                "No: buying is optional; a card left unbought stays in the Market for the next round.",
                ("A claimed card must be bought if the player can pay.",)),
        Reading("5.5", "What does the clean-up restock do with cards claimed but not bought?",
                f"They stay; the Market is dealt up to {prm.market_size} cards again. When the Market deck runs out, "
                "its discard pile is shuffled into a new one.",
                ("The whole Market is cleared and dealt afresh.",)),
        Reading("5.2", "When does the First Player token taken at the Capitol change the order of play?",
                "From the buying step on; the skiffs of that Island Phase are placed in the order they began in.",
                ("At once, for the skiffs still to place.",)),
        Reading("6", "When may a flag be used?",
                "Only when a card lets its player use one, after the card's move, shots and gains; a used flag goes "
                "back to the supply. No effect of this kit lets a flag be used in the Island Phase.",
                ("At any time in the player's own turn.",)),
        Reading("7.2", "How many cards does one collision cost, when a gust pushes a ship into something else?",
                f"One collision, {prm.collision_discard} card: a gust's push and what it runs into are the same "
                "collision. A ship pushed back onto the gust stays where it stopped.",
                ("One discard for the gust and another for what the ship is pushed into.",)),
        Reading("7.3", "What stops a shot?",
                "Rocks stop shots; whirlpools, gusts and wrecks do not. A shot that comes round the wrapping sea to "
                "its own ship damages it and scores nothing.",
                ("Every feature of the sea stops a shot.",)),
        Reading("7.4", "When do empty shipwrecks get new booty?",
                "At the start of each Sea Phase, from the supply; a booty token spent pays what it can and goes back "
                "under the supply.",
                ("Never: a wreck holds one booty token for the whole game.",)),
        Reading("8", "Who wins when players are still tied after both tie-breaks?",
                "They share the win. Resources held on a booty token count for the first tie-break.",
                ("The player who holds the First Player token wins.",)),
    )
