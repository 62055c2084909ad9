"""Enemy in Sight positions for the engine tests: a position from a few fields, seeded rolls."""

from __future__ import annotations

from collections import Counter
from typing import Any

from kit.engines import bundled, legal  # noqa: F401  (the engine tests take it from here)
from pnpgen.engine.enemy_in_sight import ENGINE
from pnpgen.engine.enemy_in_sight.position import dump, parse_position, to_dict
from pnpgen.engine.rng import Rng
from pnpgen.model import Game


def content() -> Game:
    """The bundled Enemy in Sight pack."""
    return bundled("enemy-in-sight")


def with_rules(**values: Any) -> Game:
    """The bundled pack with some rules parameters set otherwise."""
    from dataclasses import replace

    from pnpgen.model.rules import Rules, overlay_rules

    return replace(content(), rules=overlay_rules(content().rules, Rules(tuple(values.items()))))


def rules(players: int = 2):
    """The rules at a player count."""
    return ENGINE.make_rules(content(), players)


def position(ships: dict, hands: dict | None = None, *, players: int = 2, turn: int = 1, step: str = "main",
             game: Game | None = None, **more: Any):
    """A state read from a position written with these fields (ships left out lie in the Ship deck), of the bundled
    pack or of `game`."""
    d: dict[str, Any] = {"game": "enemy-in-sight", "players": players, "dealer": more.pop("dealer", 1),
                         "turn": turn, "step": step}
    d["ships"] = ships
    d["hands"] = hands if hands is not None else {}
    rest_in_discard = more.pop("rest_in_discard", False)
    d.update(more)
    if "ship_deck" in d and "wrecks" not in d:  # a Ship deck given: every ship not placed is lost
        placed = {*d["ships"], *d["ship_deck"], *(i for key in ("sunk", "sunk_this_round", "taken")
                                                   for pile in d.get(key, {}).values() for i in pile)}
        d["wrecks"] = [sh.id for sh in rules(players).ships if sh.id not in placed]
    if rest_in_discard:  # an empty Action deck: every card not placed is in the discard
        d["deck"], d["discard"] = [], [*d.get("discard", []), *missing_cards(d)]
    return parse_position(dump(d), game or content()).state


def missing_cards(d: dict) -> list[str]:
    """The Action cards a position's fields leave unplaced (hands, discard, damage, Fires, cards in play)."""
    r = rules(d["players"])
    used: Counter = Counter()
    for hand in d["hands"].values():
        used.update(hand)
    used.update(d.get("discard", []))
    for e in d["ships"].values():
        used.update(src for _, src, *_ in e.get("damage", []) if r.cards.get(src) and r.cards[src].damage)
        used.update(card for card, _ in e.get("fires", []))
    for items in d.get("in_play", {}).values():
        used.update(x["card"] for x in items)
    return sorted((Counter(r.deck_cards) - used).elements(), key=r.card_order.__getitem__)


def line(owner: int, **more: Any) -> dict:
    """A ship entry in a player's Line."""
    return {"owner": owner, "at": "line", **more}


def seed_rolling(*rolls: int, sides: int = 6) -> int:
    """A seed whose random source rolls these numbers first (1 to `sides`)."""
    for seed in range(1_000_000):
        rng = Rng(seed)
        if all(1 + rng.randrange(sides) == r for r in rolls):
            return seed
    raise AssertionError(f"no seed rolls {rolls}")


def written(s) -> str:
    """The position text of a state."""
    return dump(to_dict(s))


def ship(s, sid: str) -> int:
    """A ship's index."""
    return s.rules.ship_index[sid]
