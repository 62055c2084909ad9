"""A Narrow Seas game state: the data, the flow of phases and turns, and what each action does.

Actions are plain tuples (cheap to make, compare and hash); `actions.py` turns them into the JSON
objects and sentences of DESIGN.md:

    ("place", ship, (q, r))          ("set_wind", direction)
    ("plan", ((ship, (n_area0, n_area1, ...)), ...))        areas in the rules' plan_areas order
    ("draw",)                        ("market", card, ship)
    ("sail", card, ship, (q, r))     ("fire", card, ship, target)     ("duty", card, ship)
    ("wind", card, direction)        ("discard", card)                ("pass",)
    ("casualties", ship, (n_area0, ..., n_spent))

Ships are held by index (content order), players are numbers from 1, the wind is a direction index
(0 = N, clockwise). The deck is kept with its top card last.
"""

from __future__ import annotations

from bisect import insort

from ...hexgrid import DIRECTION_NAMES
from .. import core
from ..rng import Rng
from . import moves
from .phases import ACTION, CAP, DRAW, MERCY, OVER, PLAN, SETUP, SINK

__all__ = ["ACTION", "CAP", "DRAW", "MERCY", "OVER", "PLAN", "SETUP", "SINK", "NarrowSeasState", "new_game"]


class NarrowSeasState(core.State):
    """Everything about one moment of a game; `g` is the static NarrowSeas game."""

    __slots__ = ("g", "rng", "phase", "round", "to_move", "first_player", "wind",
                 "hex", "plan", "spent", "sick", "hands", "deck", "discard", "market",
                 "passed", "planned", "pending", "victory", "winners", "reshuffles")

    def __init__(self, g, rng: Rng):
        n, s = g.num_players, len(g.ship_ids)
        self.g = g
        self.rng = rng
        self.phase = SETUP
        self.round = 1
        self.to_move = 1
        self.first_player = 1
        self.wind: int | None = None
        self.hex: list = [None] * s  # (q, r) or None (not placed yet, or sunk)
        self.plan: list[list[int]] = [[0] * len(g.areas) for _ in range(s)]
        self.spent: list[int] = [g.crew] * s
        self.sick: list[int] = [0] * s
        self.hands: list[list[str]] = [[] for _ in range(n)]  # index player - 1
        self.deck: list[str] = []  # top card last
        self.discard: list[str] = []
        self.market: list[str] = []
        self.passed: list[bool] = [False] * n
        self.planned: list[bool] = [False] * n
        self.pending: tuple | None = None  # casualties owed: (ship index, damage, attacking player)
        self.victory: str | None = None
        self.winners: tuple[int, ...] = ()
        self.reshuffles = 0

    # -- the core interface -----------------------------------------------------
    def current_player(self) -> int:
        """The player (1-based) who decides next, or core.TERMINAL."""
        return core.TERMINAL if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == OVER

    def returns(self) -> list[float]:
        """1 for each winner, -1 for each loser, 0 for all after a draw or while the game runs."""
        if self.phase != OVER or not self.winners:
            return [0.0] * self.g.num_players
        return [1.0 if p in self.winners else -1.0 for p in self.g.players]

    def clone(self) -> NarrowSeasState:
        """An independent copy, random source included."""
        c = NarrowSeasState.__new__(NarrowSeasState)
        c.g, c.rng, c.phase, c.round = self.g, self.rng.clone(), self.phase, self.round
        c.to_move, c.first_player, c.wind = self.to_move, self.first_player, self.wind
        c.hex, c.plan = self.hex[:], [p[:] for p in self.plan]
        c.spent, c.sick = self.spent[:], self.sick[:]
        c.hands = [h[:] for h in self.hands]
        c.deck, c.discard, c.market = self.deck[:], self.discard[:], self.market[:]
        c.passed, c.planned, c.pending = self.passed[:], self.planned[:], self.pending
        c.victory, c.winners, c.reshuffles = self.victory, self.winners, self.reshuffles
        return c

    legal_actions = moves.legal_actions  # every legal action of the player to move, in a stable order
    random_action = moves.random_action  # a legal action drawn uniformly, without listing every plan

    def apply(self, action: tuple) -> None:
        """Play an action (trusted to be legal: see apply_checked)."""
        _APPLY[action[0]](self, action)

    def apply_checked(self, action: tuple) -> None:
        """Play an action after checking it; raise IllegalAction naming the rule it breaks."""
        from .judge import check

        check(self, action)
        self.apply(action)

    def observation(self, player: int) -> dict:
        """The position as `player` sees it: others' hands, the deck order and unrevealed plans hidden."""
        from .position import to_dict

        return to_dict(self, viewer=player)

    # -- facts ------------------------------------------------------------------
    def on_card(self, i: int) -> int:
        """Cubes on ship i's card (Plan areas + Spent): its available crew."""
        return self.spent[i] + sum(self.plan[i])

    def sunk(self, i: int) -> bool:
        """Whether ship i has sunk (no cubes left on its card)."""
        return self.spent[i] + sum(self.plan[i]) == 0

    def afloat(self, i: int) -> bool:
        """Whether ship i is on the board."""
        return self.hex[i] is not None

    def hand(self, player: int) -> list[str]:
        """A player's hand."""
        return self.hands[player - 1]

    def enemies(self, i: int) -> list[int]:
        """Ships on the board that belong to another team than ship i's owner."""
        g = self.g
        team = g.team[g.ship_owner[i]]
        return [j for j, h in enumerate(self.hex) if h is not None and g.team[g.ship_owner[j]] != team]

    def occupied(self) -> set:
        """Hexes with a ship on them."""
        return {h for h in self.hex if h is not None}

    def crew_of_team(self) -> dict[int, int]:
        """Available crew (cubes on ship cards) of each team."""
        g, out = self.g, {}
        for i, o in enumerate(g.ship_owner):
            t = g.team[o]
            out[t] = out.get(t, 0) + self.spent[i] + sum(self.plan[i])
        return out

    @property
    def wind_name(self) -> str | None:
        """The wind as a direction name."""
        return None if self.wind is None else DIRECTION_NAMES[self.wind]

    # -- flow -----------------------------------------------------------------------
    def next_player(self, after: int, want) -> int | None:
        """The first player after `after` in turn order (ending with `after` itself) for whom want(p)."""
        order = self.g.turn_order
        n, k = len(order), self.g.seat[after]
        for step in range(1, n + 1):
            p = order[(k + step) % n]
            if want(p):
                return p
        return None

    def take_card(self) -> str | None:
        """The top card of the deck; an empty deck is first replaced by the shuffled discard."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.reshuffles += 1
        return self.deck.pop()

    def placing(self) -> bool:
        """In setup: whether ships are still to be placed (else the wind is to be set)."""
        return any(h is None and not self.sunk(i) for i, h in enumerate(self.hex))

    def unplaced(self, player: int) -> list[int]:
        """Ships of a player still to be placed."""
        return [i for i in self.g.ships_of[player] if self.hex[i] is None and not self.sunk(i)]

    def live_ships(self, player: int) -> list[int]:
        """A player's ships on the board."""
        return [i for i in self.g.ships_of[player] if self.hex[i] is not None]

    def start_round(self) -> None:
        """Plan phase: every player with a ship afloat plans, in player order."""
        self.phase = PLAN
        self.planned = [not self.live_ships(p) for p in self.g.players]
        self.to_move = next(p for p in self.g.players if not self.planned[p - 1])

    def start_draw(self) -> None:
        """Draw phase: most cubes on the initiative area goes first (a tie keeps the marker)."""
        g = self.g
        a = g.initiative_area
        score = {p: sum(self.plan[i][a] for i in g.ships_of[p] if self.hex[i] is not None) for p in g.players}
        best = max(score.values())
        if score[self.first_player] != best:
            self.first_player = self.next_player(self.first_player, lambda p: score[p] == best)
        self.phase = DRAW
        drawer = self.first_player if self.wants_card(self.first_player) else \
            self.next_player(self.first_player, self.wants_card)
        if drawer is None:
            self.start_action()
        else:
            self.to_move = drawer

    def wants_card(self, p: int) -> bool:
        """In the Draw phase: whether player p still draws (short of the hand size, and a card is to be had)."""
        if len(self.hands[p - 1]) >= self.g.params.hand_size:
            return False
        if self.deck or self.discard:
            return True
        a = self.g.market_area
        return bool(self.market) and any(self.plan[i][a] for i in self.live_ships(p))

    def start_action(self) -> None:
        """Action phase: the first player acts first."""
        self.phase = ACTION
        self.passed = [not self.live_ships(p) for p in self.g.players]
        self.to_move = self.first_player
        if self.passed[self.to_move - 1] or self.action_phase_over():
            self.next_to_act(self.first_player)

    def action_phase_over(self) -> bool:
        """Every player has passed, or no one who has not passed holds a card."""
        return all(self.passed[p - 1] or not self.hands[p - 1] for p in self.g.players)

    def next_to_act(self, after: int) -> None:
        """Turn to the next player who has not passed (even with no card: they must pass), or on to Reset."""
        order = self.g.turn_order
        n, k = len(order), self.g.seat[after]
        passed, hands = self.passed, self.hands
        nxt, cards_left = None, False
        for step in range(1, n + 1):
            p = order[(k + step) % n]
            if not passed[p - 1]:
                if nxt is None:
                    nxt = p
                if hands[p - 1]:
                    cards_left = True
                    break
        if cards_left:
            self.to_move = nxt
        else:
            self.reset()

    def reset(self) -> None:
        """Reset phase: mercy check, the Wind card leaves hands, a fresh Market; then the next round."""
        g, prm = self.g, self.g.params
        crew = sorted(self.crew_of_team().items(), key=lambda tc: -tc[1])
        if len(crew) > 1 and crew[0][1] - crew[1][1] >= prm.mercy_margin:
            self.end(MERCY, crew[0][0])
            return
        for h in self.hands:
            for c in [c for c in h if g.cards[c].kind == "wind"]:
                h.remove(c)
                self.discard.append(c)
        self.discard.extend(self.market)
        self.market = []
        self.deal_market()
        if self.round >= prm.round_cap:
            self.phase, self.victory, self.winners = OVER, CAP, ()
            return
        self.round += 1
        self.start_round()

    def deal_market(self) -> None:
        """Fill the Market up to its size from the deck."""
        while len(self.market) < self.g.params.market_size:
            c = self.take_card()
            if c is None:
                break
            self.market.append(c)

    def end(self, how: str, team: int) -> None:
        """The game is over: `team` wins."""
        self.phase, self.victory = OVER, how
        self.winners = tuple(p for p in self.g.players if self.g.team[p] == team)

    def sink(self, i: int) -> None:
        """Ship i leaves the board; a player with no ship left loses for their team."""
        self.sick[i] += self.spent[i] + sum(self.plan[i])
        self.spent[i] = 0
        self.plan[i] = [0] * len(self.plan[i])
        self.hex[i] = None
        g = self.g
        owner = g.ship_owner[i]
        if not self.live_ships(owner):
            loser = g.team[owner]
            winner = next(g.team[p] for p in g.players if g.team[p] != loser)
            self.end(SINK, winner)

    def pay(self, i: int, area: int) -> None:
        """Move one cube of ship i from a Plan area to Spent."""
        self.plan[i][area] -= 1
        self.spent[i] += 1

    def give(self, player: int, card: str) -> None:
        """A card joins a player's hand (hands are kept in content order)."""
        insort(self.hands[player - 1], card, key=self.g.card_order.__getitem__)

    def play_card(self, card: str) -> None:
        """A card leaves the mover's hand for the discard."""
        self.hands[self.to_move - 1].remove(card)
        self.discard.append(card)


def new_game(g, seed: int) -> NarrowSeasState:
    """Setup: shuffle, deal the Market, draw the first player; ships are then placed."""
    s = NarrowSeasState(g, Rng(seed))
    s.deck = list(g.deck_ids)
    s.rng.shuffle(s.deck)
    s.deal_market()
    s.first_player = s.to_move = g.turn_order[s.rng.randrange(len(g.turn_order))]
    return s


# -- what each action does ------------------------------------------------------------------
def _place(s: NarrowSeasState, a: tuple) -> None:
    i = s.g.ship_index[a[1]]
    s.hex[i] = a[2]
    nxt = s.next_player(s.to_move, lambda p: bool(s.unplaced(p)))
    if nxt is not None:
        s.to_move = nxt
    else:
        order = s.g.turn_order
        k = order.index(s.first_player)
        s.to_move = s.first_player if s.g.params.wind_setter == "first" else order[(k + 1) % len(order)]


def _set_wind(s: NarrowSeasState, a: tuple) -> None:
    s.wind = DIRECTION_NAMES.index(a[1])
    s.start_round()


def _plan(s: NarrowSeasState, a: tuple) -> None:
    idx = s.g.ship_index
    for sid, counts in a[1]:
        i = idx[sid]
        s.plan[i] = list(counts)
        s.spent[i] = 0
    s.planned[s.to_move - 1] = True
    nxt = next((p for p in s.g.players if not s.planned[p - 1]), None)
    if nxt is None:
        s.start_draw()
    else:
        s.to_move = nxt


def _after_draw(s: NarrowSeasState) -> None:
    nxt = s.next_player(s.to_move, s.wants_card)
    if nxt is None:
        s.start_action()
    else:
        s.to_move = nxt


def _draw(s: NarrowSeasState, a: tuple) -> None:
    c = s.take_card()
    if c is not None:
        s.give(s.to_move, c)
    _after_draw(s)


def _market(s: NarrowSeasState, a: tuple) -> None:
    card = a[1]
    s.pay(s.g.ship_index[a[2]], s.g.market_area)
    k = s.market.index(card)
    s.give(s.to_move, card)
    new = s.take_card()
    if new is None:
        del s.market[k]
    else:
        s.market[k] = new
    _after_draw(s)


def _sail(s: NarrowSeasState, a: tuple) -> None:
    i = s.g.ship_index[a[2]]
    s.pay(i, s.g.cards[a[1]].area)
    s.hex[i] = a[3]
    s.play_card(a[1])
    s.next_to_act(s.to_move)


def _fire(s: NarrowSeasState, a: tuple) -> None:
    g = s.g
    card = g.cards[a[1]]
    i, t = g.ship_index[a[2]], g.ship_index[a[3]]
    s.pay(i, card.area)
    s.play_card(a[1])
    if card.damage >= s.on_card(t):
        s.sink(t)
        if s.phase != OVER:
            s.next_to_act(s.to_move)
    elif card.damage > 0:
        s.pending = (t, card.damage, s.to_move)
        s.to_move = g.ship_owner[t]
    else:
        s.next_to_act(s.to_move)


def _casualties(s: NarrowSeasState, a: tuple) -> None:
    i, damage, attacker = s.pending
    counts = a[2]
    plan = s.plan[i]
    for k in range(len(plan)):
        plan[k] -= counts[k]
    s.spent[i] -= counts[-1]
    s.sick[i] += damage
    s.pending = None
    s.next_to_act(attacker)


def _duty(s: NarrowSeasState, a: tuple) -> None:
    card = s.g.cards[a[1]]
    i = s.g.ship_index[a[2]]
    s.pay(i, card.area)
    back = min(card.heal, s.sick[i])
    s.sick[i] -= back
    s.spent[i] += back
    s.play_card(a[1])
    s.next_to_act(s.to_move)


def _wind(s: NarrowSeasState, a: tuple) -> None:
    s.wind = DIRECTION_NAMES.index(a[2])
    s.play_card(a[1])
    s.next_to_act(s.to_move)


def _discard(s: NarrowSeasState, a: tuple) -> None:
    s.play_card(a[1])
    s.next_to_act(s.to_move)


def _pass(s: NarrowSeasState, a: tuple) -> None:
    s.passed[s.to_move - 1] = True
    s.next_to_act(s.to_move)


_APPLY = {"place": _place, "set_wind": _set_wind, "plan": _plan, "draw": _draw, "market": _market,
          "sail": _sail, "fire": _fire, "casualties": _casualties, "duty": _duty, "wind": _wind,
          "discard": _discard, "pass": _pass}
ACTION_TYPES = tuple(_APPLY)
