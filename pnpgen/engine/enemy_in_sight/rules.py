"""Enemy in Sight static facts: the players, the Ship deck, the Action deck and the rules numbers, from content."""

from __future__ import annotations

from collections import Counter

from ...errors import PnpgenError, Problems
from ...files.paths import bundled_name
from ...model import Game
from .. import api
from . import params as eis_params
from .names import ACTION_DECK, BLACK_ACTIONS, RED_ACTIONS, SHIP_DECK
from .records import CardInfo, ShipInfo


class EnemyInSight(api.Rules):
    """The static facts of one Enemy in Sight setup (content and player count); makes states."""

    def __init__(self, content: Game, players: int | None = None):
        n = players or min(content.players)
        if n not in content.players:
            raise PnpgenError(f"{content.id}: the game is played by {', '.join(map(str, content.players))} "
                              f"players, not {n}")
        problems = Problems()
        self.params = eis_params.read(content, problems)
        problems.raise_if_any()
        self.content = content
        self.game_ref = bundled_name(content.root) or str(content.root)  # how positions name the game
        self.num_players = n
        self.players: tuple[int, ...] = tuple(range(1, n + 1))
        decks = {d.id: d for d in content.decks}
        for did in (SHIP_DECK, ACTION_DECK):
            if did not in decks:
                raise PnpgenError(f"{content.id}: Enemy in Sight needs a deck with id '{did}'")
        self.ships: tuple[ShipInfo, ...] = tuple(_ship(c) for c in decks[SHIP_DECK].cards for _ in range(c.count))
        ids = [s.id for s in self.ships]
        if len(set(ids)) != len(ids):
            raise PnpgenError(f"{content.id}: every card of the Ship deck must be a ship of its own (count 1)")
        self.ship_index: dict[str, int] = {sid: i for i, sid in enumerate(ids)}
        self.cards: dict[str, CardInfo] = {}
        for c in decks[ACTION_DECK].cards:
            action = c.action.id if c.action else ""
            if action not in RED_ACTIONS + BLACK_ACTIONS:
                raise PnpgenError(f"{content.id}: card '{c.id}': the engine does not know the action "
                                  f"'{action or 'none'}' (it plays: {', '.join(RED_ACTIONS + BLACK_ACTIONS)})")
            rating, damage, flag = c.field("rating"), c.field("damage"), c.field("flag")
            self.cards[c.id] = CardInfo(c.id, c.action.name if c.action else c.name, action,
                                        action in RED_ACTIONS, rating if isinstance(rating, int) else None,
                                        damage if isinstance(damage, int) else 0, flag, len(self.cards))
        self.deck_cards: tuple[str, ...] = tuple(decks[ACTION_DECK].card_ids())
        self.deck_counts: Counter = Counter(self.deck_cards)
        dealt = self.params.ships_dealt * n
        if len(self.ships) < dealt:
            raise PnpgenError(f"{content.id}: the Ship deck holds {len(self.ships)} ships, too few to deal "
                              f"{self.params.ships_dealt} to each of {n} players")
        if len(self.deck_cards) < self.params.actions_dealt * n:
            raise PnpgenError(f"{content.id}: the Action deck holds {len(self.deck_cards)} cards, too few to deal "
                              f"{self.params.actions_dealt} to each of {n} players")
        self.card_order: dict[str, int] = {cid: c.order for cid, c in self.cards.items()}
        self.red_cards = frozenset(cid for cid, c in self.cards.items() if c.red)
        self.of_action: dict[str, tuple[str, ...]] = {
            a: tuple(cid for cid, c in self.cards.items() if c.action == a) for a in RED_ACTIONS + BLACK_ACTIONS}

    def new_initial_state(self, seed: int = 0):
        """A new game after the deal: both decks shuffled, Ships and Actions dealt, Lines laid out in value order,
        the high roller dealing and about to play."""
        from .state import new_game

        return new_game(self, seed)

    def next_player(self, p: int) -> int:
        """The player to the left (clockwise), who plays after p."""
        return p % self.num_players + 1

    def line_key(self, i: int) -> tuple[int, int]:
        """Where ship i stands in a Line: lowest value on the left (ties in Ship deck order)."""
        return (self.ships[i].value, i)

    def roll(self, rng) -> int:
        """A die roll from 1 to the die's sides."""
        return 1 + rng.randrange(self.params.die_sides)


def _ship(card) -> ShipInfo:
    def number(name: str) -> int:
        v = card.field(name)
        if not isinstance(v, int):
            raise PnpgenError(f"ship '{card.id}' has no whole-number '{name}'")
        return v

    return ShipInfo(card.id, card.name, card.suit or "", number("rating"), number("hull"), number("rigging"),
                    number("value"))
