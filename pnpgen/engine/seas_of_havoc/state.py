"""A Seas of Havoc game state: the data, the flow of phases and turns, and what each action does.

Actions are plain tuples; `actions.py` turns them into JSON objects and sentences:

    ("place", location, a, b)   a skiff on an island location, with its choice:
        sail-maker | blacksmith | bank: (None, None)     capitol: (resource, None)
        trading-post: (given counts, taken counts)        workshop: (upgrade, use booty)
        deep-cove: (cards from hand, cards from discard)  flags: (flag, None)
    ("claim", card)    a skiff on a Market card        ("restock",)   scrap the unclaimed cards, deal new ones
    ("buy", card, use booty)    ("decline", card)       pay for a claimed card, or leave it
    ("play", card)     ("pass", card)                  a card at sea, resolved or not
    ("pivot", turn)    turn: port | starboard | none    after a collision
    ("discard", card)  a collision's discard            ("extend", use booty)   ("hold",)   the extended manoeuvre
    ("fire", side)     port | starboard, for a shot from either broadside
    ("flag", flag, choice)   choice: (pile, card) for the Shipwright, a resource for the Purser, else None
    ("done",)          use no more flags

Players are numbers from 1 (index player - 1 in the lists); headings are 0 N, 1 E, 2 S, 3 W; counts of
resources are tuples in the rules' `resources` order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ...maths.gridmove import Manoeuvre, absolute
from ..api import TERMINAL, State
from ..rng import Rng
from .moves import legal_actions
from .names import (
    BUY,
    CAPITOL,
    DEEP_COVE,
    DISCARD,
    END,
    EXTEND,
    FIRE,
    FLAG_SLOTS,
    FLAGS,
    GAIN,
    GATHER,
    GUST,
    ISLAND,
    MOVE,
    OVER,
    PIVOT,
    ROCK,
    SEA,
    SIGNAL,
    TRADING_POST,
    WHIRLPOOL,
    WORKSHOP,
    WRECK,
)
from .records import Turn

# The search's evaluation (see SohState.worth), as the greedy captain weighs them: a resource held counts this share
# of a point of Infamy, a flag this share.
WEALTH_SHARE = 0.15
FLAG_SHARE = 0.3

if TYPE_CHECKING:
    from .protocol import GameRules
    from .records import CardInfo, Square

SHIPWRIGHT, BOSUN, PURSER, SAILOR = FLAGS
SOURCES = ("rams", "broadsides", "rakes")  # Infamy scored during play
GUST_CHAIN = 8  # gusts that may push a ship on, one after the other, before it stops
VICTORY = "infamy"


@dataclass
class SohState(State):
    """One moment of a Seas of Havoc game."""

    g: GameRules
    rng: Rng
    round: int = 1
    phase: str = ISLAND
    to_move: int = 1
    first_player: int = 1
    pos: list = field(default_factory=list)  # each player's ship square
    heading: list = field(default_factory=list)
    res: list = field(default_factory=list)  # each player's resources, by resource
    booty: list = field(default_factory=list)  # each player's booty token (index into g.booty) or None
    flags: list = field(default_factory=list)  # each player's flags, counts by FLAGS
    flag_supply: list = field(default_factory=list)
    upgrades: list = field(default_factory=list)  # each player's upgrades switched on, in content order
    infamy: list = field(default_factory=list)  # Infamy scored during play
    scored: list = field(default_factory=list)  # each player's Infamy by source (Counter)
    damage: list = field(default_factory=list)  # Damage cards each player holds
    damage_left: int = 0  # cards in the Damage deck
    spares_left: int = 0
    ran_out: bool = False  # the Damage deck ran out: this Sea Phase is the last
    decks: list = field(default_factory=list)  # each player's draw pile, top card last
    hands: list = field(default_factory=list)
    discards: list = field(default_factory=list)
    scrapped: list = field(default_factory=list)  # starting cards scrapped: out of the game
    market: list = field(default_factory=list)  # the cards on offer
    claims: list = field(default_factory=list)  # (player, market index) in the order claimed
    market_deck: list = field(default_factory=list)  # top card last
    market_discard: list = field(default_factory=list)
    skiffs: list = field(default_factory=list)  # skiffs each player has still to place
    placed: dict = field(default_factory=dict)  # island location -> players whose skiffs are on it
    restocked: tuple = ()  # market indices dealt by a restock: the mover must claim one of them
    wreck_booty: dict = field(default_factory=dict)  # wreck square -> booty token on it (or None)
    booty_supply: list = field(default_factory=list)  # face-down booty tokens, top last
    turn: Turn | None = None
    more_cards: int = 0  # cards the player to move still plays this turn after the next, for Sailor flags used
    winners: tuple = ()  # the players who won a finished game (tied players share a win)
    victory: str | None = None  # 'infamy' once the game is over
    reshuffles: int = 0

    @property
    def rules(self) -> GameRules:
        """The static facts this state is played under."""
        return self.g

    # -- the contract --------------------------------------------------------------------------
    def current_player(self) -> int:
        """The player who decides next, or TERMINAL."""
        return TERMINAL if self.phase == OVER else self.to_move

    def legal_actions(self) -> list:
        """Every legal action of the player to move, in a stable order."""
        return legal_actions(self)

    def random_action(self, rng):
        """A legal action drawn uniformly."""
        actions = legal_actions(self)
        return actions[rng.randrange(len(actions))]

    def apply(self, action) -> None:
        """Play a legal action."""
        _APPLY[action[0]](self, action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == OVER

    def returns(self) -> list[float]:
        """1 for each winner of a finished game, -1 for the others; 0 for everyone while it runs."""
        if self.phase != OVER:
            return [0.0] * self.g.num_players
        return [1.0 if p in self.winners else -1.0 for p in self.g.players]

    def roles(self) -> dict[str, int]:
        """The first player (who holds the First Player token at the start)."""
        return {"first player": 1}

    def clone(self) -> SohState:
        """An independent copy."""
        t = self.turn
        return replace(self, rng=self.rng.clone(), pos=list(self.pos), heading=list(self.heading),
                       res=[list(r) for r in self.res], booty=list(self.booty), flags=[list(f) for f in self.flags],
                       flag_supply=list(self.flag_supply), upgrades=[list(u) for u in self.upgrades],
                       infamy=list(self.infamy), scored=[Counter(c) for c in self.scored], damage=list(self.damage),
                       decks=[list(d) for d in self.decks], hands=[list(h) for h in self.hands],
                       discards=[list(d) for d in self.discards], scrapped=list(self.scrapped),
                       market=list(self.market), claims=list(self.claims), market_deck=list(self.market_deck),
                       market_discard=list(self.market_discard), skiffs=list(self.skiffs),
                       placed={k: list(v) for k, v in self.placed.items()}, wreck_booty=dict(self.wreck_booty),
                       booty_supply=list(self.booty_supply), turn=replace(t) if t else None)

    def observation(self, player: int) -> dict:
        """What a player sees: everything but other hands, every deck's order and the booty lying face down."""
        from .view import to_dict

        return to_dict(self, viewer=player)

    def sample_hidden(self, player: int, rng) -> SohState:
        """A copy with other players' hands and decks dealt afresh from what they hold together, every deck
        reshuffled, the face-down booty mixed, and a new random source."""
        s = self.clone()
        s.rng = Rng(rng.randrange(1 << 63))
        for p in self.g.players:
            k = p - 1
            if p == player:
                s.rng.shuffle(s.decks[k])
                continue
            pool = s.hands[k] + s.decks[k]
            s.rng.shuffle(pool)
            n = len(s.hands[k])
            s.hands[k] = sorted(pool[:n], key=self.g.card_order.__getitem__)
            s.decks[k] = pool[n:]
        s.rng.shuffle(s.market_deck)
        lying = [w for w, b in s.wreck_booty.items() if b is not None]
        pool = [s.wreck_booty[w] for w in lying] + s.booty_supply
        s.rng.shuffle(pool)
        for w in lying:
            s.wreck_booty[w] = pool.pop()
        s.booty_supply = pool
        return s

    def evaluate(self, player: int) -> float:
        """The player's lead in worth over the best other player, as a share of 10 (from -1 to 1): final Infamy,
        and a little for resources held and flags (what buys and plays Infamy later), as the greedy captain counts
        them."""
        if self.is_terminal():
            return self.returns()[player - 1]
        scores = [self.worth(p) for p in self.g.players]
        mine = scores[player - 1]
        best = max(s for p, s in zip(self.g.players, scores) if p != player)
        return max(-1.0, min(1.0, (mine - best) / 10.0))

    def worth(self, player: int) -> float:
        """Final Infamy as it stands, with WEALTH_SHARE of a point for each resource held and FLAG_SHARE for each
        flag."""
        return self.score(player) + WEALTH_SHARE * self.wealth(player) + FLAG_SHARE * sum(self.flags[player - 1])

    # -- facts -------------------------------------------------------------------------------
    def owned(self, player: int) -> list[str]:
        """Every card of a player's deck, hand and discard pile (and the card being played)."""
        k = player - 1
        out = self.decks[k] + self.hands[k] + self.discards[k]
        if self.turn is not None and self.to_move == player and self.phase == SEA:
            out.append(self.turn.card)
        return out

    def score(self, player: int) -> int:
        """Final Infamy as it stands: Infamy won + upgrades on + Market cards owned - Damage cards."""
        g, k = self.g, player - 1
        cards = sum(g.cards[c].infamy for c in self.owned(player) if g.cards[c].market)
        ups = sum(g.upgrades[u].infamy for u in self.upgrades[k])
        return self.infamy[k] + ups + cards - self.damage[k]

    def wealth(self, player: int) -> int:
        """Resources a player holds, booty included (the first tie-break)."""
        k = player - 1
        b = self.booty[k]
        return sum(self.res[k]) + (sum(self.g.booty[b]) if b is not None else 0)

    def ship_at(self, square: Square) -> int | None:
        """The player whose ship is on a square."""
        for k, at in enumerate(self.pos):
            if at == square:
                return k + 1
        return None

    def hand(self, player: int) -> list[str]:
        """A player's hand."""
        return self.hands[player - 1]

    def affordable(self, player: int, cost: tuple[int, ...], booty: bool) -> bool:
        """Whether a player can pay a cost from their resources (and their booty token, if used)."""
        k = player - 1
        have = self.res[k]
        if booty:
            if self.booty[k] is None:
                return False
            b = self.g.booty[self.booty[k]]
            return all(h + x >= c for h, x, c in zip(have, b, cost))
        return all(h >= c for h, c in zip(have, cost))

    def pay(self, player: int, cost: tuple[int, ...], booty: bool) -> None:
        """Pay a cost; a booty token used is spent whole (what it held beyond the cost is lost)."""
        k = player - 1
        if booty:
            b = self.g.booty[self.booty[k]]
            cost = tuple(max(0, c - x) for c, x in zip(cost, b))
            self.booty_supply.insert(0, self.booty[k])  # back under the face-down supply
            self.booty[k] = None
        self.res[k] = [h - c for h, c in zip(self.res[k], cost)]

    def gain(self, player: int, counts: tuple[int, ...]) -> None:
        """A player takes resources from the supply."""
        k = player - 1
        self.res[k] = [h + c for h, c in zip(self.res[k], counts)]

    def extended_cost(self, player: int, card: CardInfo) -> tuple[int, ...]:
        """What a card's extended manoeuvre costs this player (upgrades may take sails off)."""
        off = sum(self.g.upgrades[u].extended_discount for u in self.upgrades[player - 1])
        if not off or "sail" not in self.g.resources:
            return card.extended_cost
        i = self.g.resources.index("sail")
        cost = list(card.extended_cost)
        cost[i] = max(0, cost[i] - off)
        return tuple(cost)

    def slots_free(self, location: str) -> int:
        """Skiff slots still free at an island location."""
        return self.g.slots.get(location, 0) - len(self.placed.get(location, ()))

    def unclaimed(self) -> list[int]:
        """Market indices no skiff has claimed."""
        taken = {i for _, i in self.claims}
        return [i for i in range(len(self.market)) if i not in taken]

    # -- cards ---------------------------------------------------------------------------------
    def draw(self, player: int) -> bool:
        """A player draws a card (an empty deck is first replaced by the shuffled discard pile)."""
        k = player - 1
        if not self.decks[k]:
            if not self.discards[k]:
                return False
            self.decks[k], self.discards[k] = self.discards[k], []
            self.rng.shuffle(self.decks[k])
            self.reshuffles += 1
        self.give(player, self.decks[k].pop())
        return True

    def give(self, player: int, card: str) -> None:
        """A card joins a hand (hands are kept in content order)."""
        hand = self.hands[player - 1]
        order = self.g.card_order
        key = order[card]
        i = 0
        while i < len(hand) and order[hand[i]] <= key:
            i += 1
        hand.insert(i, card)

    def scrap(self, player: int, pile: str, card: str) -> None:
        """A card leaves a player's hand or discard pile for good: a Market card to the Market's discard, a starting
        card out of the game; the player gains its cost."""
        k = player - 1
        (self.hands if pile == "hand" else self.discards)[k].remove(card)
        info = self.g.cards[card]
        (self.market_discard if info.market else self.scrapped).append(card)
        self.gain(player, info.cost)

    def deal_market(self) -> list[int]:
        """Fill the Market up to its size (the Market's discard reshuffled when its deck runs out); the indices
        dealt."""
        new = []
        while len(self.market) < self.g.params.market_size:
            if not self.market_deck:
                if not self.market_discard:
                    break
                self.market_deck, self.market_discard = self.market_discard, []
                self.rng.shuffle(self.market_deck)
            self.market.append(self.market_deck.pop())
            new.append(len(self.market) - 1)
        return new

    def take_damage(self, player: int) -> None:
        """A ship takes a Damage card: from the deck, then (once it has run out) from the spares."""
        self.damage[player - 1] += 1
        if self.damage_left:
            self.damage_left -= 1
            if not self.damage_left:
                self.ran_out = True
        elif self.spares_left:
            self.spares_left -= 1

    def score_infamy(self, player: int, points: int, source: str) -> None:
        """Infamy won during play, counted by source for the designer's figures."""
        self.infamy[player - 1] += points
        self.scored[player - 1][source] += points

    # -- the flow of a round ---------------------------------------------------------------------
    def after(self, player: int):
        """The players clockwise after `player`, ending with `player`."""
        n = self.g.num_players
        return [(player - 1 + j) % n + 1 for j in range(1, n + 1)]

    def start_island(self) -> None:
        """Island Phase: every player's skiffs are to be placed, from the first player clockwise."""
        self.phase = ISLAND
        self.skiffs = [self.g.params.skiffs_per_player] * self.g.num_players
        self.placed = {}
        self.claims = []
        self.restocked = ()
        self.to_move = self.first_player

    def next_placer(self) -> None:
        """The next player clockwise with a skiff to place; when all are out, buying."""
        for p in self.after(self.to_move):
            if self.skiffs[p - 1]:
                self.to_move = p
                return
        self.start_buy()

    def buy_order(self) -> list[tuple[int, int]]:
        """Claims still to be paid, in turn order from the first player (each player's in the order claimed)."""
        seat = {p: j for j, p in enumerate([self.first_player, *self.after(self.first_player)[:-1]])}
        return sorted(self.claims, key=lambda c: seat[c[0]])

    def start_buy(self) -> None:
        """Buying: each claimed card is paid for (or left) in turn order."""
        self.phase = BUY
        order = self.buy_order()
        if not order:
            self.clean_up()
        else:
            self.to_move = order[0][0]

    def clean_up(self) -> None:
        """Skiffs come home, the Market is filled to its size, and the Sea Phase begins."""
        self.claims = []
        self.placed = {}
        self.deal_market()
        self.start_sea()

    def start_sea(self) -> None:
        """Sea Phase: empty shipwrecks get new booty; the first player with a card plays first."""
        self.phase = SEA
        for w in self.g.wrecks:
            if self.wreck_booty.get(w) is None and self.booty_supply:
                self.wreck_booty[w] = self.booty_supply.pop()
        self.to_move = self.first_player
        if not self.hands[self.to_move - 1]:
            self.next_at_sea()

    def next_at_sea(self) -> None:
        """The next player clockwise holding a card; when no one holds one, the Sea Phase ends."""
        for p in self.after(self.to_move):
            if self.hands[p - 1]:
                self.to_move = p
                return
        self.end_sea()

    def end_sea(self) -> None:
        """The game ends if the Damage deck ran out; else everyone draws and the Island Phase returns."""
        if self.ran_out:
            self.finish()
            return
        for p in self.g.players:
            for _ in range(self.g.params.sea_draw):
                if not self.draw(p):
                    break
        self.round += 1
        self.start_island()

    def finish(self) -> None:
        """Final scoring: the most Infamy wins; ties go to the most resources, then the fewest Damage cards."""
        self.phase = OVER
        self.turn = None
        key = {p: (self.score(p), self.wealth(p), -self.damage[p - 1]) for p in self.g.players}
        best = max(key.values())
        self.winners = tuple(p for p in self.g.players if key[p] == best)
        self.victory = VICTORY

    # -- resolving a card at sea --------------------------------------------------------------
    def resolve(self) -> None:
        """Carry the card in play on until its player must decide something, or it is done."""
        t, g, p = self.turn, self.g, self.to_move
        card = g.cards[t.card]
        while True:
            stage = t.stage
            if stage == MOVE:
                if card.move is not None and self.manoeuvre(p, card.move, t):
                    self.after_collision(t)
                else:
                    t.stage = EXTEND
            elif stage == EXTEND:
                if card.extended is not None and (self.affordable(p, self.extended_cost(p, card), False)
                                                  or self.affordable(p, self.extended_cost(p, card), True)):
                    return
                t.stage = FIRE
            elif stage == PIVOT:
                return
            elif stage == DISCARD:
                if t.owed and self.hands[p - 1]:
                    return
                t.owed = 0
                t.stage = t.resume
            elif stage == FIRE:
                shots = card.shots
                while t.shot < len(shots):
                    if shots[t.shot].side == "either":
                        return
                    self.fire(p, shots[t.shot].side, shots[t.shot].range)
                    t.shot += 1
                t.stage = GAIN
            elif stage == GAIN:
                self.gain(p, card.gain)
                t.signals = card.signal
                t.stage = SIGNAL
            elif stage == SIGNAL:
                if t.signals and any(self.flags[p - 1]):
                    return
                t.stage = END
            else:  # END
                self.discards[p - 1].append(t.card)
                more = self.more_cards + t.again
                self.turn = None
                if more and self.hands[p - 1]:
                    self.more_cards = more - 1  # a Sailor flag: the same player plays one more card (each flag)
                    return
                self.more_cards = 0
                self.next_at_sea()
                return

    def after_collision(self, t: Turn) -> None:
        """A collision stopped the ship: it may pivot (unless a whirlpool turned it), then discards are owed; the
        extended manoeuvre is lost."""
        t.owed = self.g.params.collision_discard
        t.resume = FIRE
        t.stage = DISCARD if t.forced else PIVOT

    def manoeuvre(self, player: int, m: Manoeuvre, t: Turn) -> bool:
        """Move a ship along a manoeuvre's path (steps counted from the card's frame); whether it collided."""
        k = player - 1
        t.forced = False
        for step in m.path:
            d = absolute(t.frame, step)
            nxt = self.g.step(self.pos[k], d)
            if nxt is None or self.blocked(nxt, player):
                if nxt is not None:
                    t.forced = self.collide(player, nxt, 0)
                return True
            self.pos[k] = nxt
            self.enter(player, nxt)
        self.heading[k] = absolute(t.frame, m.facing)
        return False

    def blocked(self, square: Square, player: int) -> bool:
        """Whether a square stops a ship: another ship, a rock, a whirlpool or a gust."""
        f = self.g.features.get(square)
        if f is not None and f.kind != WRECK:
            return True
        who = self.ship_at(square)
        return who is not None and who != player

    def enter(self, player: int, square: Square) -> None:
        """A ship sails onto a square: a shipwreck's booty is taken if the player holds none."""
        b = self.wreck_booty.get(square)
        if b is not None and self.booty[player - 1] is None:
            self.booty[player - 1] = b
            self.wreck_booty[square] = None

    def collide(self, player: int, square: Square, depth: int) -> bool:
        """The ship of `player` ran into what is on `square` (it stays where it is); whether that turned it."""
        k = player - 1
        g = self.g
        other = self.ship_at(square)
        if other is not None:
            bonus = sum(g.upgrades[u].ram_infamy for u in self.upgrades[k])
            self.score_infamy(player, g.params.ram_infamy + bonus, "rams")
            self.take_damage(other)
            return False
        f = g.features[square]
        if f.kind == ROCK:
            self.take_damage(player)
            return False
        if f.kind == WHIRLPOOL:
            self.heading[k] = (self.heading[k] + f.turn) % 4
            return True
        if f.kind == GUST and depth < GUST_CHAIN:  # drift one square the way it blows, heading kept
            nxt = g.step(self.pos[k], f.heading)
            if nxt is None:
                return False
            if self.blocked(nxt, player):
                return self.collide(player, nxt, depth + 1)
            self.pos[k] = nxt
            self.enter(player, nxt)
        return False

    def fire(self, player: int, side: str, reach: int) -> None:
        """One shot from a side of a player's ship: it hits the first ship or rock within range."""
        k = player - 1
        g = self.g
        reach += sum(g.upgrades[u].shot_range for u in self.upgrades[k])
        d = absolute(self.heading[k], side)
        at = self.pos[k]
        for _ in range(reach):
            at = g.step(at, d)
            if at is None:
                return
            hit = self.ship_at(at)
            if hit is not None:
                self.take_damage(hit)
                if hit != player:
                    rake = d % 2 == self.heading[hit - 1] % 2  # along the target's keel: into bow or stern
                    if rake:
                        self.score_infamy(player, g.params.raking_infamy, "rakes")
                    else:
                        self.score_infamy(player, g.params.broadside_infamy, "broadsides")
                return
            f = g.features.get(at)
            if f is not None and f.kind == ROCK:
                return

    def use_flag(self, player: int, flag: str, choice) -> None:
        """A flag's action; the flag goes back to the supply."""
        k = player - 1
        i = FLAGS.index(flag)
        self.flags[k][i] -= 1
        self.flag_supply[i] += 1
        if flag == SHIPWRIGHT:
            pile, card = choice
            self.scrap(player, pile, card)
        elif flag == BOSUN:
            self.draw(player)
        elif flag == PURSER:
            self.gain(player, tuple(int(r == choice) for r in self.g.resources))
        elif flag == SAILOR:
            if self.phase == SEA and self.turn is not None:
                self.turn.again += 1


def new_game(g: GameRules, seed: int) -> SohState:
    """Setup: each player's deck shuffled and 4 drawn, starting resources, ships on their starts, the Market
    dealt, the Damage deck and spares counted out, booty face down on every shipwreck; player 1 goes first."""
    n = g.num_players
    s = SohState(g, Rng(seed))
    s.pos = [(x, y) for x, y, _ in g.starts]
    s.heading = [h for _, _, h in g.starts]
    s.res = [[g.params.starting_resources] * len(g.resources) for _ in range(n)]
    s.booty = [None] * n
    s.flags = [[0] * len(FLAGS) for _ in range(n)]
    s.flag_supply = list(g.flag_supply)
    s.upgrades = [[] for _ in range(n)]
    s.infamy = [0] * n
    s.scored = [Counter() for _ in range(n)]
    s.damage = [0] * n
    s.damage_left, s.spares_left = g.damage_deck, g.spares
    s.hands = [[] for _ in range(n)]
    s.discards = [[] for _ in range(n)]
    s.decks = []
    for p in g.players:
        deck = list(g.start_decks[p])
        s.rng.shuffle(deck)
        s.decks.append(deck)
    for p in g.players:
        for _ in range(g.params.sea_draw):
            s.draw(p)
    s.market_deck = list(g.market_cards)
    s.rng.shuffle(s.market_deck)
    s.deal_market()
    s.booty_supply = list(range(len(g.booty)))
    s.rng.shuffle(s.booty_supply)
    s.wreck_booty = {w: (s.booty_supply.pop() if s.booty_supply else None) for w in g.wrecks}
    s.start_island()
    return s


# -- what each action does ----------------------------------------------------------------------
def _place(s: SohState, a: tuple) -> None:
    _, loc, x, y = a
    p = s.to_move
    s.skiffs[p - 1] -= 1
    s.placed.setdefault(loc, []).append(p)
    if loc in GATHER:
        i = s.g.resources.index(GATHER[loc])
        s.gain(p, tuple(s.g.params.gather if j == i else 0 for j in range(len(s.g.resources))))
    elif loc == CAPITOL:
        s.first_player = p
        s.gain(p, tuple(s.g.params.capitol_resources if r == x else 0 for r in s.g.resources))
    elif loc == TRADING_POST:
        s.res[p - 1] = [h - give + take for h, give, take in zip(s.res[p - 1], x, y)]
    elif loc == WORKSHOP:
        s.pay(p, s.g.upgrades[x].cost, y)
        order = list(s.g.upgrades)
        s.upgrades[p - 1] = sorted([*s.upgrades[p - 1], x], key=order.index)
    elif loc == DEEP_COVE:
        for c in x:
            s.scrap(p, "hand", c)
        for c in y:
            s.scrap(p, "discard", c)
    elif loc == FLAG_SLOTS:
        i = FLAGS.index(x)
        s.flag_supply[i] -= 1
        s.flags[p - 1][i] += 1
    s.next_placer()


def _claim(s: SohState, a: tuple) -> None:
    p = s.to_move
    pool = s.restocked or s.unclaimed()
    i = next(i for i in pool if s.market[i] == a[1] and i in s.unclaimed())
    s.claims.append((p, i))
    s.skiffs[p - 1] -= 1
    s.restocked = ()
    s.next_placer()


def _restock(s: SohState, a: tuple) -> None:
    keep = [(p, s.market[i]) for p, i in s.claims]
    taken = {i for _, i in s.claims}
    s.market_discard += [c for i, c in enumerate(s.market) if i not in taken]
    s.market = [c for _, c in keep]
    s.claims = [(p, i) for i, (p, _) in enumerate(keep)]
    s.restocked = tuple(s.deal_market())


def _buy(s: SohState, a: tuple) -> None:
    p, i = s.buy_order()[0]  # the claim being paid for
    s.pay(p, s.g.cards[a[1]].cost, a[2])
    s.give(p, a[1])
    s.claims.remove((p, i))
    del s.market[i]  # the card leaves the Market: later indices move down
    s.claims = [(q, j - (j > i)) for q, j in s.claims]
    _after_buy(s)


def _decline(s: SohState, a: tuple) -> None:
    s.claims.remove(s.buy_order()[0])  # the card stays in the Market
    _after_buy(s)


def _after_buy(s: SohState) -> None:
    order = s.buy_order()
    if order:
        s.to_move = order[0][0]
    else:
        s.clean_up()


def _play(s: SohState, a: tuple) -> None:
    p = s.to_move
    s.hands[p - 1].remove(a[1])
    s.turn = Turn(a[1], MOVE, s.heading[p - 1])
    s.resolve()


def _pass(s: SohState, a: tuple) -> None:
    p = s.to_move
    s.hands[p - 1].remove(a[1])
    s.turn = Turn(a[1], END, s.heading[p - 1])
    s.resolve()


def _pivot(s: SohState, a: tuple) -> None:
    k = s.to_move - 1
    s.heading[k] = (s.heading[k] + {"starboard": 1, "port": 3, "none": 0}[a[1]]) % 4
    s.turn.stage = DISCARD
    s.resolve()


def _discard(s: SohState, a: tuple) -> None:
    p = s.to_move
    s.hands[p - 1].remove(a[1])
    s.discards[p - 1].append(a[1])
    s.turn.owed -= 1
    s.resolve()


def _extend(s: SohState, a: tuple) -> None:
    p = s.to_move
    t = s.turn
    card = s.g.cards[t.card]
    s.pay(p, s.extended_cost(p, card), a[1])
    if s.manoeuvre(p, card.extended, t):
        s.after_collision(t)
    else:
        t.stage = FIRE
    s.resolve()


def _hold(s: SohState, a: tuple) -> None:
    s.turn.stage = FIRE
    s.resolve()


def _fire(s: SohState, a: tuple) -> None:
    t = s.turn
    shot = s.g.cards[t.card].shots[t.shot]
    s.fire(s.to_move, a[1], shot.range)
    t.shot += 1
    s.resolve()


def _flag(s: SohState, a: tuple) -> None:
    s.turn.signals -= 1
    s.use_flag(s.to_move, a[1], a[2])
    s.resolve()


def _done(s: SohState, a: tuple) -> None:
    s.turn.signals = 0
    s.resolve()


_APPLY = {"place": _place, "claim": _claim, "restock": _restock, "buy": _buy, "decline": _decline, "play": _play,
          "pass": _pass, "pivot": _pivot, "discard": _discard, "extend": _extend, "hold": _hold, "fire": _fire,
          "flag": _flag, "done": _done}
ACTION_TYPES = tuple(_APPLY)
