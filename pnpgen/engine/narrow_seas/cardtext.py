"""Narrow Seas card text generated from an action's rule fields, so printed cards and the rules engine never
disagree."""

from __future__ import annotations

from ...model import Action, CardType, Game
from ..api import CardDiagram, CardText
from .game import SICK_BAY

SPENT = "spent"  # the area a paid cube moves to (the engine's Spent)

def plural(n: int, word: str, words: str | None = None) -> str:
    """'1 hex', '2 hexes'."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def either(values: list[str], joiner: str = "or") -> str:
    """'a', 'a or b', 'a, b or c'."""
    if len(values) <= 1:
        return "".join(values)
    return ", ".join(values[:-1]) + f" {joiner} " + values[-1]


def area_label(game: Game, area_id: str | None) -> str:
    """The printed label of a card area ('Plan to Sail'), from the game's area cards."""
    if not area_id:
        return ""
    for card in game.area_cards:
        for a in card.areas:
            if a.id == area_id:
                return a.label
    return area_id.replace("-", " ").replace("_", " ").title()


def holding_area(game: Game, kind: str) -> str:
    """The name of the area card of a kind (the sick bay), or a plain description."""
    for card in game.area_cards:
        if card.kind == kind:
            return card.name
    return kind.replace("-", " ")


def heading_phrase(headings: tuple[int, ...]) -> str:
    """Headings (sixths of a turn from the wind) in words: 'with the wind or 60° to either side of it'."""
    hs = set(headings)
    parts: list[str] = []
    if 0 in hs:
        parts.append("with the wind")
    for k in (1, 2):
        deg = f"{60 * k}°"
        if k in hs and -k in hs:
            parts.append(f"{deg} to either side of {'it' if 0 in hs else 'the wind'}")
        elif k in hs:
            parts.append(f"{deg} clockwise from the wind")
        elif -k in hs:
            parts.append(f"{deg} anticlockwise from the wind")
    if 3 in hs or -3 in hs:
        parts.append("straight into the wind")
    return either(parts)


def steps_phrase(steps: tuple[int, ...]) -> str:
    """'1 hex', '1 or 2 hexes'."""
    ss = sorted(set(steps))
    if len(ss) == 1:
        return plural(ss[0], "hex", "hexes")
    return either([str(s) for s in ss]) + " hexes"


def requirements(game: Game, card: CardType, action: Action) -> list[str]:
    """The requirements of a card, one sentence each (none: an empty list)."""
    out = []
    if card.suit and action.plan_area:
        suit = next((s for s in game.suits if s.id == card.suit), None)
        name = suit.name if suit else card.suit
        out.append(f"Your ship is on a {{{card.suit}}} {name} hex.")
    if action.plan_area:
        out.append(f"It has a cube in {area_label(game, action.plan_area)}.")
    if action.kind == "fire" and action.range is not None:
        out.append(f"An enemy ship exactly {plural(action.range, 'hex', 'hexes')} away.")
    if action.kind == "duty" and action.heal:
        out.append(f"One of its crew is in the {holding_area(game, SICK_BAY)}.")
    return out


def effects(game: Game, action: Action, spent_area: str = "") -> list[str]:
    """The effect of an action, one sentence each; spent_area names the area a paid cube moves to."""
    out = []
    spent = area_label(game, spent_area) if any(a.id == spent_area for c in game.area_cards for a in c.areas) \
        else ""
    if action.plan_area:
        out.append(f"Move its {area_label(game, action.plan_area)} cube to {spent or 'spent'}.")
    if action.kind == "sail":
        each = ", each hex" if len(set(action.steps)) > 1 or max(action.steps, default=1) > 1 else ""
        out.append(f"Sail {steps_phrase(action.steps)}{each} {heading_phrase(action.headings)}.")
        if action.pass_through and max(action.steps, default=1) > 1:
            out.append("It may pass a ship on the way but must stop on an empty hex.")
        else:
            out.append("It may not enter a hex with a ship.")
    elif action.kind == "fire" and action.damage is not None:
        out.append(f"Deal {action.damage} damage: the target's owner moves "
                   f"{plural(action.damage, 'crew cube')} to the {holding_area(game, SICK_BAY)}.")
    elif action.kind == "duty":
        n = action.heal or 1
        out.append(f"Bring {plural(n, 'crew cube')} back from the {holding_area(game, SICK_BAY)} "
                   f"to {spent or 'this ship'}.")
    elif action.kind == "wind":
        out.append("Turn the wind to blow toward any other direction.")
    return out


def card_text(game: Game, card: CardType) -> CardText | None:
    """Requirements and effect text of a card from its action's fields (plus any text the content adds); requires
    is '' for a card with no requirements. None for a card without an action (its own text is printed)."""
    action = card.action
    if action is None:
        return None
    extra = [t for t in (action.text, card.text) if t]
    return CardText(" ".join(requirements(game, card, action)), " ".join(effects(game, action, SPENT) + extra))


def card_diagram(card: CardType) -> CardDiagram | None:
    """A sail card's headings from the wind, a cannon's exact range with its damage, Return to Duty's heal."""
    action = card.action
    if action is None:
        return None
    if action.kind == "sail" and action.headings:
        return CardDiagram("headings", headings=action.headings, steps=action.steps, reference="WIND",
                           unit="HEXES")
    if action.kind == "fire" and action.range is not None:
        stats = (("Range", str(action.range)),) + ((("Damage", str(action.damage)),) if action.damage is not None
                                                     else ())
        return CardDiagram("range", distance=action.range, stats=stats)
    return CardDiagram("icon", label=f"+{action.heal}" if action.heal else "")
