"""The readings the Enemy in Sight engine takes where the rulebook leaves room, worded with the content's numbers;
three of them are rules options a sweep can compare."""

from __future__ import annotations

from ...errors import Problems
from ...model import Game
from ..api import Reading
from . import params


def readings(content: Game) -> tuple[Reading, ...]:
    """Every reading the engine takes, as the content's rules set it."""
    problems = Problems()
    prm = params.read(content, problems)
    problems.raise_if_any()
    low, empty = prm.hand_capacity_min, prm.hand_capacity_no_line
    per, most = prm.ships_per_line_breaker, prm.line_breakers_max
    capacity = {
        "minimum": f"The minimum, {low}: a Line whose ships have all struck is still a Line; the capacity of "
                   f"{empty} is for an empty Line only.",
        "no-line": f"{empty}, as for an empty Line: struck ships do not count, so a Line of struck ships counts as "
                   "no Line.",
    }
    rounding = {
        "down": f"Down: one Line Breaker for every {per} ships of your Line (a Line of 5 gives "
                f"{min(most, max(1, 5 // per))}), at least 1 and at most {most}.",
        "up": f"Up: one Line Breaker for every {per} ships of your Line or part of {per} (a Line of 5 gives "
              f"{min(most, max(1, -(-5 // per)))}), at least 1 and at most {most}.",
    }
    fire_ship = {
        "enemy": "No: an enemy ship at sea, or every ship in an enemy Port.",
        "any": "Yes: any ship at sea, one's own included (an own ship it sinks scores nothing), or every ship in an "
               "enemy Port.",
    }

    def choice(section: str, question: str, words: dict[str, str], option: str) -> Reading:
        taken = getattr(prm, option)
        return Reading(section, question, words[taken], tuple(w for k, w in words.items() if k != taken), option,
                       tuple(words))

    return (
        choice("4.3", "What is the hand capacity when every ship in a Line has struck?", capacity,
               "struck_line_capacity"),
        choice("7.7", "Does 'up to half your Line' round down or up?", rounding, "line_breakers_rounding"),
        choice("7.6", "May Fire Ship target one's own ships?", fire_ship, "fire_ship_targets"),
        Reading("3", "Who deals first, and how are equal ship values ordered in a Line?",
                "Each player rolls; the highest (rolling again on a tie) deals and plays first. Ships of equal value "
                "stand in the order they were dealt.",
                ("The youngest player deals.",)),
        Reading("4.4", "When does a Red card 'affect' a player, so that it must be played rather than passed on?",
                "When it has something to strike: Admiralty's Orders a mobile ship of the Line that has not struck, "
                "Fire a damaged ship at sea, Run Aground any ship at sea, Strike a Hull-damaged ship of the Line "
                f"with less than {prm.strike_hull_below} Hull left; Weathergauge always.",
                ("Whenever the player holds any ship at all.",)),
        Reading("4.5", "Is discarding Refuse Battle to bring ships from Port the turn's one action?",
                "Yes: once the ships have come, the turn ends; no Rake or Boarding Party joins a discard.",
                ("A Rake or Boarding Party may still be played after it.",)),
        Reading("7.3", "May a Boarding Party follow a Broadsides that did not dismast its target?",
                "No: after a Broadsides, a Boarding Party boards only the ship that Broadsides dismasted (played "
                "alone, it boards any dismasted or struck enemy ship at sea).",
                ("Yes: it may follow any Broadsides of the turn and board any dismasted or struck enemy ship.",)),
        Reading("6.2", "May one ship carry more than one Fire, and what does Repair do to Fire damage?",
                "A ship may carry several Fires. Fire damage is not a card: Repair cannot remove it, Bucket Brigade "
                "puts the Fire out and leaves its damage, Port clears both.",
                ("One Fire a ship at most.",)),
        Reading("5", "What ends a game in which nobody can reach the target score?",
                f"The rulebook has no end but {prm.victory_points} VP. The engine ends a game at a round that ends "
                "with no Prize at sea, ships with one player at most and an empty Ship deck, or a new round with no "
                "card to shuffle; the highest score wins, equal scores share the win.",
                ("Play on: the game never ends.",)),
    )
