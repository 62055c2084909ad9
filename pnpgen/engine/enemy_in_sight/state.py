"""An Enemy in Sight game state: the data, and the facts the rules ask of it.

Actions are plain tuples (`actions.py` turns them into JSON objects and sentences):

    ("red", card)            take up a Red card (from the hand, or the one passed on): play it or pass it left
    ("play", card)           play a Black card; its choices follow one decision at a time:
    ("target", ship)  ("port", player)  ("against", player)  ("part", "hull"|"rigging")  ("from", ship)
    ("ship", ship)  ("damage", card, part)  ("fire", part)  ("to", "line"|"port")
    ("muster", card)         discard Refuse Battle to bring ships from Port into the Line
    ("discard", card)        discard a card as the turn's action
    ("breaker", ship)        Break The Line: one more Line Breaker
    ("move", ship)           Refuse Battle: a ship between Port and sea
    ("grape", (card, ...))   Boarding Party: the Grape Shot chosen in secret (no cards: none)
    ("capture", "line"|"prize")              what the taker makes of a captured ship
    ("done",)                no more Line Breakers, moves or joining cards

Ships are held by index (Ship deck order), players are numbers from 1. A ship is in exactly one place: the Ship
deck, a player's Line, Port or Prizes (behind the Line), a player's pile of ships sunk, the wrecks (lost for no
VP), or a player's Prizes taken into Port. Damage is a tuple of (part, source, amount): a Broadsides or Rake card
lying on the ship, the Fire's accumulated burning, or a Break The Line's -2/-2 (source: that card's id).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import api
from ..rng import Rng
from . import flow, hidden, moves, snapshot
from .names import DECK, HULL, LINE, MAIN, OVER, PRIZE, RIGGING, VP_SOURCES

# The search's evaluation (see EisState.worth): a ship of one's own counts this share of her VP when whole (she
# fights, holds the hand's capacity up and keeps her VP from the enemy), her Hull this share of her condition, and
# a struck ship this share of what she would count.
FLEET_SHARE = 0.5
HULL_SHARE = 0.6
STRUCK_SHARE = 0.5

if TYPE_CHECKING:
    from .protocol import GameRules

class EisState(api.State):
    """Everything about one moment of an Enemy in Sight game; `rules` holds the static facts."""

    __slots__ = ("rules", "rng", "round", "dealer", "first_dealer", "turn", "to_move", "step", "pending", "played",
                 "dismasted_now",
                 "scores", "vp", "owner", "place", "damage", "fires", "struck", "breaker", "ship_deck", "line",
                 "port", "prizes", "sunk", "scored", "taken", "wrecks", "deck", "discard", "hands", "breaks",
                 "blockades", "refusals", "passing", "winners", "victory", "events")

    def __init__(self, rules: GameRules, rng: Rng):
        n, k = rules.num_players, len(rules.ships)
        self.rules = rules
        self.rng = rng
        self.round = 1
        self.dealer = self.first_dealer = 1  # the first dealer is the high roller
        self.turn = self.to_move = 1  # whose turn it is; who decides now (a defender, a taker)
        self.step = MAIN
        self.pending = None  # Choosing | Boarding | Capture | Breakers | Moves
        self.played: tuple[str, ...] = ()  # action ids of the Black cards played this turn
        self.dismasted_now: tuple[int, ...] = ()  # ships this turn's Broadsides dismasted (a Boarding Party may follow)
        self.scores = [0] * n
        self.vp = [[0] * len(VP_SOURCES) for _ in range(n)]
        self.owner = [0] * k  # 0: nobody (in the Ship deck, wrecked)
        self.place = [DECK] * k
        self.damage: list[tuple] = [()] * k
        self.fires: list[tuple] = [()] * k  # the Fire cards on the ship: (card, the part where it took hold)
        self.struck = [False] * k
        self.breaker: list[str | None] = [None] * k  # the Break The Line card the ship is a Line Breaker of
        self.ship_deck: list[int] = []  # face up, top card last
        self.line: list[list[int]] = [[] for _ in range(n)]  # lowest value first
        self.port: list[list[int]] = [[] for _ in range(n)]
        self.prizes: list[list[int]] = [[] for _ in range(n)]
        self.sunk: list[list[int]] = [[] for _ in range(n)]  # in the order sunk
        self.scored = [0] * n  # how many of sunk[p] have been scored at a round end
        self.taken: list[list[int]] = [[] for _ in range(n)]
        self.wrecks: list[int] = []
        self.deck: list[str] = []  # top card last
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]  # in content order
        self.breaks: list[tuple[str, int, int]] = []  # (card, breaking player, target player)
        self.blockades: list[tuple[str, int, int]] = []  # (card, blockading player, blockaded player)
        self.refusals: list[tuple[str, int]] = []  # (card, player)
        self.passing: tuple[str, int] | None = None  # a Red card on its way round: (card, its first owner)
        self.winners: tuple[int, ...] = ()  # who reached the victory target (or led at a stalemate)
        self.victory: str | None = None  # 'points' (the target reached) or 'stalemate' (no VP left to win)
        self.events = None  # a Counter while a metrics recorder follows the game

    # -- the contract --------------------------------------------------------------------------
    def current_player(self) -> int:
        """The player who decides next, or TERMINAL."""
        return api.TERMINAL if self.step == OVER else self.to_move

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.step == OVER

    def roles(self) -> dict[str, int]:
        """The first dealer: the high roller, who deals and plays first."""
        return {"first dealer (high roller)": self.first_dealer}

    def clone(self) -> EisState:
        """An independent copy, random source included (a metrics recorder's tally is not copied)."""
        c = EisState.__new__(EisState)
        c.rules, c.rng, c.round, c.dealer, c.first_dealer = self.rules, self.rng.clone(), self.round, self.dealer, \
            self.first_dealer
        c.turn, c.to_move, c.step, c.pending, c.played = self.turn, self.to_move, self.step, self.pending, self.played
        c.dismasted_now = self.dismasted_now
        c.scores, c.vp = self.scores[:], [v[:] for v in self.vp]
        c.owner, c.place, c.damage, c.fires = self.owner[:], self.place[:], self.damage[:], self.fires[:]
        c.struck, c.breaker, c.ship_deck = self.struck[:], self.breaker[:], self.ship_deck[:]
        c.line, c.port, c.prizes = [x[:] for x in self.line], [x[:] for x in self.port], [x[:] for x in self.prizes]
        c.sunk, c.scored, c.taken = [x[:] for x in self.sunk], self.scored[:], [x[:] for x in self.taken]
        c.wrecks, c.deck, c.discard = self.wrecks[:], self.deck[:], self.discard[:]
        c.hands = [h[:] for h in self.hands]
        c.breaks, c.blockades, c.refusals = self.breaks[:], self.blockades[:], self.refusals[:]
        c.passing, c.winners, c.victory, c.events = self.passing, self.winners, self.victory, None
        return c

    def observation(self, player: int) -> dict:
        """The game as `player` sees it: other hands, the deck order, the Ship deck below its top card, other
        players' unscored sunk ships and the other side's secret Grape Shot hidden."""
        return snapshot.to_dict(self, viewer=player)

    def sample_hidden(self, player: int, rng) -> EisState:
        """A copy that `player` could not tell from this one, with what they cannot see dealt afresh."""
        return hidden.sample_hidden(self, player, rng)

    def evaluate(self, player: int) -> float:
        """The lead in worth over the best other player, as a share of the target: VP (unscored sunk ships
        counted), what each Prize at sea would score, and a share of each ship's VP for her condition (a search
        a few decisions deep then sees a hit that sinks nothing)."""
        if self.step == OVER:
            return self.returns()[player - 1]
        worth = [self.worth(p) for p in self.rules.players]
        mine = worth[player - 1]
        best = max(v for p, v in enumerate(worth) if p != player - 1)
        lead = (mine - best) / self.rules.params.victory_points
        return max(-0.95, min(0.95, lead))

    def worth(self, p: int) -> float:
        """Player p's VP, with unscored sunk ships, Prizes at sea as they would score, and their ships' condition."""
        ships = self.rules.ships
        total = float(self.scores[p - 1] + self.unscored_vp(p))
        for i in self.prizes[p - 1]:
            total += self.hull_left(i) + self.rigging_left(i)
        for i in (*self.line[p - 1], *self.port[p - 1]):
            ship = ships[i]
            health = HULL_SHARE * self.hull_left(i) / ship.hull + (1 - HULL_SHARE) * self.rigging_left(i) / ship.rigging
            total += FLEET_SHARE * ship.vp * health * (STRUCK_SHARE if self.struck[i] else 1.0)
        return total

    # -- facts ---------------------------------------------------------------------------------
    def hull_damage(self, i: int) -> int:
        """Damage on ship i's Hull."""
        return sum(a for part, _, a in self.damage[i] if part == HULL)

    def rigging_damage(self, i: int) -> int:
        """Damage on ship i's Rigging."""
        return sum(a for part, _, a in self.damage[i] if part == RIGGING)

    def hull_left(self, i: int) -> int:
        """Ship i's undamaged Hull."""
        return max(0, self.rules.ships[i].hull - self.hull_damage(i))

    def rigging_left(self, i: int) -> int:
        """Ship i's undamaged Rigging."""
        return max(0, self.rules.ships[i].rigging - self.rigging_damage(i))

    def dismasted(self, i: int) -> bool:
        """Whether ship i's Rigging is all damaged: it cannot sail, fire or board (it is not mobile)."""
        return self.rigging_damage(i) >= self.rules.ships[i].rigging

    def at_sea(self, i: int) -> bool:
        """Whether ship i is in a Line or a Prize behind one."""
        return self.place[i] in (LINE, PRIZE)

    def fighters(self, p: int) -> list[int]:
        """Player p's mobile ships of the Line that have not struck: those that can fire, board and blockade."""
        return [i for i in self.line[p - 1] if not self.struck[i] and not self.dismasted(i)]

    def broken(self, p: int) -> bool:
        """Whether player p's Line is broken (a Break The Line against them is in play)."""
        return any(t == p for _, _, t in self.breaks)

    def refusing(self, p: int) -> bool:
        """Whether player p's Refuse Battle is in play."""
        return any(q == p for _, q in self.refusals)

    def immune(self, i: int) -> bool:
        """Whether ship i is at sea, mobile and its owner's Refuse Battle is in play: no attack can touch it."""
        return self.at_sea(i) and self.refusing(self.owner[i]) and not self.dismasted(i)

    def capacity(self, p: int) -> int:
        """Player p's hand capacity: ships of the Line that have not struck, at least the minimum; the no-Line
        capacity only when the Line is empty (a Line of struck ships is still a Line), or (rules option
        struck_line_capacity: no-line) when every ship of it has struck."""
        prm = self.rules.params
        if not self.line[p - 1]:
            return prm.hand_capacity_no_line
        standing = sum(1 for i in self.line[p - 1] if not self.struck[i])
        if not standing and prm.struck_line_capacity == "no-line":
            return prm.hand_capacity_no_line
        return max(prm.hand_capacity_min, standing)

    def hand(self, p: int) -> list[str]:
        """A player's hand."""
        return self.hands[p - 1]

    def unscored_vp(self, p: int) -> int:
        """VP of the ships player p has sunk this round (scored at its end)."""
        ships = self.rules.ships
        return sum(ships[i].vp for i in self.sunk[p - 1][self.scored[p - 1]:])

    def break_target(self, card: str) -> int | None:
        """The player whose Line a Break The Line card in play breaks."""
        for c, _, t in self.breaks:
            if c == card:
                return t
        return None

    def tally(self, key: str, n: int = 1) -> None:
        """Count an event for the metrics recorder following the game (nothing when none follows it)."""
        if self.events is not None:
            self.events[key] += n

    # -- the rules (moves.py lists the legal actions, flow.py applies them) ---------------------------
    def legal_actions(self) -> list[tuple]:
        """Every legal action of the player to move, in a stable order."""
        return moves.legal_actions(self)

    def apply(self, action: tuple) -> None:
        """Play an action (trusted to be legal: see judge.why_illegal)."""
        flow.apply(self, action)

    def random_action(self, rng) -> tuple:
        """A legal action drawn uniformly."""
        return moves.random_action(self, rng)



def new_game(rules: GameRules, seed: int) -> EisState:
    """A new game after the deal (see flow.deal), its chance drawn from `seed`."""
    s = EisState(rules, Rng(seed))
    flow.deal(s)
    return s
