"""A Narrow Seas game state: the data, the flow of phases and turns, and what each action does.

Actions are plain tuples (cheap to make, compare and hash); `actions.py` turns them into the JSON
objects and sentences of docs/positions.md:

    ("place", ship, (q, r))          ("set_wind", direction)
    ("plan", ((ship, (n_area0, n_area1, ...)), ...))        areas in the rules' plan_areas order
    ("draw",)                        ("market", card, ship)
    ("sail", card, ship, (q, r))     ("fire", card, ship, target)     ("duty", card, ship)
    ("wind", card, direction)        ("discard", card)                ("pass",)
    ("casualties", ship, (n_area0, ..., n_spent))

Ships are held by index (content order), players are numbers from 1, the wind is a direction index
(0 = N, clockwise). Each draw deck (one shared deck, or one per group of players in a team game) has
its own pile, Market and discard, held by deck index; a pile is kept with its top card last.
"""

from __future__ import annotations

from bisect import insort

from ...errors import PnpgenError
from ...maths.hexgrid import DIRECTION_NAMES
from .. import api
from ..rng import Rng
from . import moves
from .phases import ACTION, DRAW, ELIMINATION, MERCY, OVER, PLAN, SETUP, SINK
from .snapshot import to_dict

SICK_WORTH = 0.25  # a cube in the Sick Bay against one on a ship card, for evaluate()

__all__ = ["ACTION", "DRAW", "ELIMINATION", "MERCY", "OVER", "PLAN", "SETUP", "SINK", "NarrowSeasState",
           "new_game"]


class _MoversPile:
    """One pile (of `decks`, `discards` or `markets`) of the deck the player to move draws from."""

    def __init__(self, piles: str, doc: str):
        self.piles, self.__doc__ = piles, doc

    def __get__(self, s, owner=None):
        return self if s is None else getattr(s, self.piles)[s.g.deck_of[s.to_move]]


class NarrowSeasState(api.State):
    """Everything about one moment of a game; `g` is the static NarrowSeas game."""

    __slots__ = ("g", "rng", "phase", "round", "to_move", "first_player", "wind",
                 "hex", "plan", "spent", "sick", "hands", "decks", "discards", "markets", "wind_aside",
                 "passed", "planned", "pending", "victory", "winners", "reshuffles", "starter")

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
        k = len(g.deck_names)
        self.decks: list[list[str]] = [[] for _ in range(k)]  # by deck index; top card last
        self.discards: list[list[str]] = [[] for _ in range(k)]
        self.markets: list[list[str]] = [[] for _ in range(k)]
        self.wind_aside: int | None = None  # the deck whose Wind card is out of play (a team game's 8.3)
        self.passed: list[bool] = [False] * n
        self.planned: list[bool] = [False] * n
        self.pending: tuple | None = None  # casualties owed: (ship index, damage, attacking player)
        self.victory: str | None = None
        self.winners: tuple[int, ...] = ()
        self.reshuffles = 0
        self.starter: int | None = None  # who held the first-player marker at setup (None: not known)

    # -- the core interface -----------------------------------------------------
    @property
    def rules(self):
        """The static game this state is played under (the contract's name for `g`)."""
        return self.g

    def current_player(self) -> int:
        """The player (1-based) who decides next, or api.TERMINAL."""
        return api.TERMINAL if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == OVER

    def returns(self) -> list[float]:
        """1 for each winner, -1 for each loser, 0 for all after a draw or while the game runs."""
        if self.phase != OVER or not self.winners:
            return [0.0] * self.g.num_players
        return [1.0 if p in self.winners else -1.0 for p in self.g.players]

    def evaluate(self, player: int) -> float:
        """The crew lead of the player's team over the strongest other team as a share of the Mercy margin (crew in
        the Sick Bay of a ship afloat counts a quarter: a Return to Duty may bring it back), kept inside (-1, 1)."""
        if self.phase == OVER:
            return self.returns()[player - 1]
        g = self.g
        crew: dict = {}
        for i, owner in enumerate(g.ship_owner):
            t = g.team[owner]
            afloat = self.spent[i] + sum(self.plan[i])
            crew[t] = crew.get(t, 0) + afloat + (SICK_WORTH * self.sick[i] if self.hex[i] is not None else 0)
        mine = crew.pop(g.team[player])
        lead = (mine - max(crew.values())) / max(1, g.params.mercy_margin) if crew else 0.0
        return max(-0.95, min(0.95, 0.9 * lead))

    def clone(self) -> NarrowSeasState:
        """An independent copy, random source included."""
        c = NarrowSeasState.__new__(NarrowSeasState)
        c.g, c.rng, c.phase, c.round = self.g, self.rng.clone(), self.phase, self.round
        c.to_move, c.first_player, c.wind = self.to_move, self.first_player, self.wind
        c.hex, c.plan = self.hex[:], [p[:] for p in self.plan]
        c.spent, c.sick = self.spent[:], self.sick[:]
        c.hands = [h[:] for h in self.hands]
        c.decks, c.discards = [d[:] for d in self.decks], [d[:] for d in self.discards]
        c.markets, c.wind_aside = [m[:] for m in self.markets], self.wind_aside
        c.passed, c.planned, c.pending = self.passed[:], self.planned[:], self.pending
        c.victory, c.winners, c.reshuffles, c.starter = self.victory, self.winners, self.reshuffles, self.starter
        return c

    def roles(self) -> dict[str, int]:
        """The setup roles: the first player (who places first, or whose team the token shows) and, when another
        player, the wind setter; {} for a game picked up after setup."""
        if self.starter is None:
            return {}
        g = self.g
        first = self.starter
        if g.team_game:
            roles = {"first player (token team)": first}
        elif g.prescribed:
            roles = {"first player": first}
        else:
            roles = {"first player (places first)": first}
        setter = self.wind_setter(first)
        if setter != first:
            roles["second player (sets the wind)" if g.num_players == 2 else "wind setter"] = setter
        return roles

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
        return to_dict(self, viewer=player)

    def sample_hidden(self, player: int, rng) -> NarrowSeasState:
        """A copy `player` cannot tell from this state, what they cannot see dealt afresh (see hidden.py)."""
        from .hidden import sample_hidden

        return sample_hidden(self, player, rng)

    # -- the piles of the player to move (a two-player game has just one of each) ----------
    deck = _MoversPile("decks", "The draw pile of the player to move's deck (top card last).")
    discard = _MoversPile("discards", "The discard pile of the player to move's deck.")
    market = _MoversPile("markets", "The Market of the player to move's deck.")

    @property
    def direction(self) -> int:
        """The way play goes round the table: 1 clockwise, -1 counter-clockwise (the first player's team)."""
        return self.g.direction_of[self.first_player]

    @property
    def token(self):
        """The side the first-player token shows: the first player's team."""
        return self.g.team[self.first_player]

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
        team, out = self.g.team, {}
        for o, spent, plan in zip(self.g.ship_owner, self.spent, self.plan):
            t = team[o]
            out[t] = out.get(t, 0) + spent + sum(plan)
        return out

    @property
    def wind_name(self) -> str | None:
        """The wind as a direction name."""
        return None if self.wind is None else DIRECTION_NAMES[self.wind]

    # -- flow -----------------------------------------------------------------------
    def next_player(self, after: int, want) -> int | None:
        """The first player after `after` in the direction of play (ending with `after` itself) for whom want(p)."""
        for p in self.g.after[self.g.direction_of[self.first_player]][after]:
            if want(p):
                return p
        return None

    def take_card(self, d: int) -> str | None:
        """The top card of deck d (None when deck and discard are both empty). The moment the deck empties, its
        shuffled discard becomes the new deck (rule 6.2); a deck that emptied while its discard was empty is
        replaced the same way when a card is next needed."""
        if not self.decks[d]:
            self.reshuffle(d)
            if not self.decks[d]:
                return None
        card = self.decks[d].pop()
        if not self.decks[d]:
            self.reshuffle(d)
        return card

    def reshuffle(self, d: int) -> None:
        """Deck d's discard, shuffled, becomes its deck (nothing happens while the discard is empty)."""
        if self.discards[d]:
            deck = self.decks[d] = self.discards[d]
            self.discards[d] = []
            self.rng.shuffle(deck)
            self.reshuffles += 1

    def to_discard(self, d: int, card: str) -> None:
        """A card of deck d goes to its discard; the live Wind card instead swaps with the one set aside."""
        g = self.g
        if g.alternate_wind and g.cards[card].kind == "wind" and self.wind_aside is not None:
            back, self.wind_aside = self.wind_aside, d
            self.discards[back].append(g.wind_of_deck[back])
            return
        self.discards[d].append(card)

    def placing(self) -> bool:
        """In setup: whether ships are still to be placed (else the wind is to be set)."""
        return any(h is None and not self.sunk(i) for i, h in enumerate(self.hex))

    def unplaced(self, player: int) -> list[int]:
        """Ships of a player still to be placed."""
        return [i for i in self.g.ships_of[player] if self.hex[i] is None and not self.sunk(i)]

    def live_ships(self, player: int) -> list[int]:
        """A player's ships on the board."""
        return [i for i in self.g.ships_of[player] if self.hex[i] is not None]

    def shipless(self) -> list[bool]:
        """For each player (index player - 1): whether none of their ships is on the board."""
        out = [True] * self.g.num_players
        for owner, h in zip(self.g.ship_owner, self.hex):
            if h is not None:
                out[owner - 1] = False
        return out

    def start_round(self) -> None:
        """Plan phase: every player with a ship afloat plans, in player order."""
        self.phase = PLAN
        self.planned = self.shipless()
        self.to_move = self.planned.index(False) + 1

    def start_draw(self) -> None:
        """Draw phase: most cubes on the initiative area goes first; a tie goes to the first tied player met
        from the marker's holder (the holder included) in the direction of play."""
        g = self.g
        a, plan = g.initiative_area, self.plan
        score = dict.fromkeys(g.players, 0)
        for i, h in enumerate(self.hex):
            if h is not None:
                score[g.ship_owner[i]] += plan[i][a]
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
        g = self.g
        if len(self.hands[p - 1]) >= g.params.hand_size:
            return False
        if g.params.elimination == "team" and not self.live_ships(p):
            return False  # out of the game
        d = g.deck_of[p]
        if self.decks[d] or self.discards[d]:
            return True
        a = g.market_area
        return bool(self.markets[d]) and any(self.plan[i][a] for i in self.live_ships(p))

    def start_action(self) -> None:
        """Action phase: the first player acts first."""
        self.phase = ACTION
        self.passed = self.shipless()
        self.to_move = self.first_player
        if self.passed[self.to_move - 1] or self.action_phase_over():
            self.next_to_act(self.first_player)

    def action_phase_over(self) -> bool:
        """Every player has passed, or no one who has not passed holds a card."""
        for done, hand in zip(self.passed, self.hands):
            if hand and not done:
                return False
        return True

    def next_to_act(self, after: int) -> None:
        """Turn to the next player who has not passed (even with no card: they must pass), or on to Reset."""
        passed, hands = self.passed, self.hands
        nxt, cards_left = None, False
        for p in self.g.after[self.g.direction_of[self.first_player]][after]:
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
        crew = self.crew_of_team()
        most = sorted(crew.values(), reverse=True)
        if len(most) > 1 and most[0] - most[1] >= prm.mercy_margin:
            self.end(MERCY, max(crew, key=crew.__getitem__))  # the first team listed with the most crew
            return
        for p, h in zip(g.players, self.hands):
            for c in [c for c in h if c in g.wind_cards]:
                h.remove(c)
                self.to_discard(g.deck_of[p], c)
        for d, market in enumerate(self.markets):
            self.markets[d] = []
            for c in market:
                self.to_discard(d, c)
        for d in range(len(self.markets)):
            self.deal_market(d)
        self.round += 1
        self.start_round()

    def deal_market(self, d: int) -> None:
        """Fill deck d's Market up to its size from that deck."""
        market = self.markets[d]
        while len(market) < self.g.params.market_size:
            c = self.take_card(d)
            if c is None:
                break
            market.append(c)

    def end(self, how: str, team: int) -> None:
        """The game is over: `team` wins."""
        self.phase, self.victory = OVER, how
        self.winners = tuple(p for p in self.g.players if self.g.team[p] == team)

    def sink(self, i: int) -> None:
        """Ship i leaves the board; a player with no ship left loses for their team (or, with elimination:
        team, a team with no ship left loses)."""
        self.sick[i] += self.spent[i] + sum(self.plan[i])
        self.spent[i] = 0
        self.plan[i] = [0] * len(self.plan[i])
        self.hex[i] = None
        g = self.g
        owner = g.ship_owner[i]
        if self.live_ships(owner):
            return
        loser = g.team[owner]
        side = [p for p in g.players if g.team[p] == loser]
        if g.params.elimination == "team" and any(self.live_ships(p) for p in side):
            self.passed[owner - 1] = True  # out of the game: no more turns
            return
        winner = next(g.team[p] for p in g.players if g.team[p] != loser)
        self.end(SINK if not any(self.live_ships(p) for p in side) else ELIMINATION, winner)

    def pay(self, i: int, area: int) -> None:
        """Move one cube of ship i from a Plan area to Spent."""
        self.plan[i][area] -= 1
        self.spent[i] += 1

    def give(self, player: int, card: str) -> None:
        """A card joins a player's hand (hands are kept in content order)."""
        insort(self.hands[player - 1], card, key=self.g.card_order.__getitem__)

    def play_card(self, card: str) -> None:
        """A card leaves the mover's hand for its deck's discard."""
        p = self.to_move
        self.hands[p - 1].remove(card)
        self.to_discard(self.g.deck_of[p], card)

    def after_placing(self) -> None:
        """Every ship is placed: the wind setter is to move."""
        self.to_move = self.wind_setter(self.first_player)

    def wind_setter(self, first: int) -> int:
        """Who sets the wind at setup when `first` holds the first-player marker."""
        g = self.g
        who = g.params.wind_setter
        if who == "first":
            return first
        if who == "second":
            return g.after[g.direction_of[first]][first][0]
        return who


def new_game(g, seed: int) -> NarrowSeasState:
    """Setup: shuffle each deck (one Wind card set aside in a team game), deal the Markets, give the first
    player the marker; ships are then placed (or stand on their prescribed starts) and the wind is set."""
    s = NarrowSeasState(g, Rng(seed))
    for d, ids in enumerate(g.deck_cards):
        deck = list(ids)
        if d == g.aside_at_start:
            deck.remove(g.wind_of_deck[d])
        s.rng.shuffle(deck)
        s.decks[d] = deck
    s.wind_aside = g.aside_at_start
    for d in range(len(g.deck_cards)):
        s.deal_market(d)
    first = g.params.first_player
    if first == "random":
        first = g.turn_order[s.rng.randrange(len(g.turn_order))]
    s.first_player = s.to_move = s.starter = first
    if g.prescribed:
        missing = [g.ship_ids[i] for i in range(len(g.ship_ids)) if i not in g.starts]
        if missing:
            raise PnpgenError(f"{g.content.id}: board '{g.board.id}' gives no start hex for ship(s) "
                              f"{', '.join(missing)} (placement: prescribed)")
        for i, c in g.starts.items():
            s.hex[i] = c
        s.after_placing()
    return s


# -- what each action does ------------------------------------------------------------------
def _place(s: NarrowSeasState, a: tuple) -> None:
    i = s.g.ship_index[a[1]]
    s.hex[i] = a[2]
    nxt = s.next_player(s.to_move, lambda p: bool(s.unplaced(p)))
    if nxt is not None:
        s.to_move = nxt
    else:
        s.after_placing()


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
    if all(s.planned):
        s.start_draw()
    else:
        s.to_move = s.planned.index(False) + 1


def _after_draw(s: NarrowSeasState) -> None:
    nxt = s.next_player(s.to_move, s.wants_card)
    if nxt is None:
        s.start_action()
    else:
        s.to_move = nxt


def _draw(s: NarrowSeasState, a: tuple) -> None:
    c = s.take_card(s.g.deck_of[s.to_move])
    if c is not None:
        s.give(s.to_move, c)
    _after_draw(s)


def _market(s: NarrowSeasState, a: tuple) -> None:
    card = a[1]
    g = s.g
    s.pay(g.ship_index[a[2]], g.market_area)
    d = g.deck_of[s.to_move]
    market = s.markets[d]
    k = market.index(card)
    s.give(s.to_move, card)
    new = s.take_card(d)
    if new is None:
        del market[k]
    else:
        market[k] = new
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
