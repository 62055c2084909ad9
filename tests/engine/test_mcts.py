"""The search agent (engine/mcts.py): seeded, finds a win in hand, plays every registered engine's games."""

from __future__ import annotations

import random

import pytest
from kit.engines import bundled
from kit.narrow_seas import game, position, sea, ship

from pnpgen.engine.api import TERMINAL, engine_for
from pnpgen.engine.mcts import MctsAgent, MctsSettings, Node, mcts_factory, settings_from
from pnpgen.engine.rng import AgentRng
from pnpgen.errors import PnpgenError
from pnpgen.files.paths import bundled_packs
from pnpgen.sim.playout import Table, parse_agent_options, play_game
from pnpgen.sim.runner import seats_of

QUICK = {"iterations": "4", "depth": "1"}


def sinking_shot():
    """Player 1 to act; W is the last enemy ship, 2 crew: A's Broadside (2 damage) at range 2 sinks it and wins,
    B's Long Nines at range 3 only hurts it; sails, discards and a pass are legal too. Player 1's 4 crew lead by 2,
    short of Mercy, so nothing else wins by the end of the round."""
    ships = {"A": ship(1, (0, 0), sail=1, fire=1, sick=2), "B": ship(1, (0, -1), sail=1, fire=1, sick=2),
             "W": ship(2, (2, 0), spent=2, sick=2)}
    hands = {1: ["blue-reach", "blue-broadside", "blue-long-nines"], 2: ["blue-carronades"]}
    return position(ships, hands=hands, board=sea(), wind="S")


@pytest.mark.slow
def test_the_search_takes_the_sinking_shot():
    s = sinking_shot()
    shots = {a for a in s.legal_actions() if a[0] == "fire"}
    assert shots == {("fire", "blue-broadside", "A", "W"), ("fire", "blue-long-nines", "B", "W")}
    assert len(s.legal_actions()) > 5
    # every action is a candidate and playouts are random: the search alone must find the win
    agent = mcts_factory(game(), 1, {"iterations": "200", "rollout": "random", "width": "30"})
    for seed in range(3):
        action = agent(s, AgentRng(seed))
        assert action == ("fire", "blue-broadside", "A", "W")
        after = s.clone()
        after.apply(action)
        assert after.is_terminal() and after.winners == (1,)


@pytest.mark.slow
def test_the_search_is_the_same_for_the_same_seed():
    s = game().new_initial_state(4)
    rng = AgentRng(9)
    greedy = engine_for(game().content).agents()["greedy"](game(), 1, {})
    while s.phase != "action" or len(s.legal_actions()) < 4:
        s.apply(greedy(s, rng))
    player = s.current_player()
    for seed in (1, 2, 3):
        agent = mcts_factory(game(), player, {"iterations": "30"})
        a, b = agent(s, AgentRng(seed)), mcts_factory(game(), player, {"iterations": "30"})(s, AgentRng(seed))
        assert a == b and a in s.legal_actions()
        assert agent.decisions == 1 and agent.iterations == 30


@pytest.mark.slow
def test_a_whole_seeded_game_replays_identically():
    table = Table(bundled("narrow-seas"), options=parse_agent_options(["mcts.iterations=6", "mcts.depth=2"]))
    one, two = (play_game(table, ("mcts", "greedy"), 11) for _ in range(2))
    assert one == two and one.decisions > 20


def test_a_lone_legal_action_is_played_without_a_search():
    s = sinking_shot()
    s.apply(("fire", "blue-long-nines", "B", "W"))  # W must now take 1 casualty: one way to take it
    assert s.current_player() == 2 and len(s.legal_actions()) == 1
    agent = mcts_factory(game(), 2, {})
    assert agent(s, AgentRng(1)) == s.legal_actions()[0] and agent.decisions == 0


def test_options_are_read_by_name_and_refused_when_unknown_or_out_of_range():
    assert settings_from({"iterations": "200", "time_ms": "20"}) == MctsSettings(iterations=200, time_ms=20.0)
    with pytest.raises(PnpgenError, match=r"mcts\.iteration: unknown option \(expected one of: iterations,"):
        settings_from({"iteration": "5"})
    with pytest.raises(PnpgenError, match=r"mcts\.iterations: expected a whole number, got 'many'"):
        settings_from({"iterations": "many"})
    with pytest.raises(PnpgenError, match=r"mcts\.width: 0 is out of range"):
        settings_from({"width": "0"})
    assert settings_from({"paired": "1", "flat": "0"}) == MctsSettings(paired=1)
    with pytest.raises(PnpgenError, match=r"mcts\.paired: 2 is out of range"):
        settings_from({"paired": "2"})
    with pytest.raises(PnpgenError, match=r"mcts\.rollout: unknown agent 'clever' \(expected random, greedy\)"):
        mcts_factory(game(), 1, {"rollout": "clever"})


def test_a_time_budget_searches_until_it_runs_out():
    s = sinking_shot()
    agent = mcts_factory(game(), 1, {"time_ms": "30", "rollout": "random", "width": "30"})
    assert agent(s, AgentRng(1)) in s.legal_actions()
    assert isinstance(agent, MctsAgent) and agent.decisions == 1 and agent.iterations >= 1


def every_setup():
    """Each engine's bundled packs at their smallest player count, and the four-player team game."""
    for pack in bundled_packs():
        content = bundled(pack)
        if engine_for(content) is not None:
            yield pytest.param(pack, min(content.players), id=f"{pack}-{min(content.players)}p")
    yield pytest.param("narrow-seas", 4, id="narrow-seas-4p")


@pytest.mark.slow
@pytest.mark.parametrize("pack, players", list(every_setup()))
def test_the_search_plays_a_whole_game_of_every_engine(pack, players):
    table = Table(bundled(pack), players, options=tuple(("mcts", k, v) for k, v in QUICK.items()))
    other = "greedy" if "greedy" in table.factories else "random"
    result = play_game(table, seats_of(("mcts", other), 0, table.num_players), 3)
    assert result.decisions > 10
    assert result.winners or result.victory is None


class Coin:
    """A toy game: player 1 chooses one of five actions, then a coin decides who gains 0.3 (what a search's
    evaluation sees of a swing of chance); action 0 wins it with `edge`, the others with one half. Nothing is
    hidden."""

    def __init__(self, seed: int, edge: float = 0.5):
        self.chosen, self.win, self.edge, self.rng = None, False, edge, random.Random(seed)

    def clone(self):
        c = Coin(0, self.edge)
        c.chosen, c.win, c.rng = self.chosen, self.win, random.Random(self.rng.random())
        return c

    def sample_hidden(self, player, rng):
        raise NotImplementedError

    def legal_actions(self):
        return [0, 1, 2, 3, 4] if self.chosen is None else []

    def current_player(self):
        return 1 if self.chosen is None else TERMINAL

    def is_terminal(self):
        return self.chosen is not None

    def apply(self, action):
        self.chosen = action
        self.win = self.rng.random() < (self.edge if action == 0 else 0.5)

    def returns(self):
        return [0.3, -0.3] if self.win else [-0.3, 0.3]


def coin_agent(**settings):
    rules = type("CoinRules", (), {"num_players": 2})()
    return MctsAgent(rules, MctsSettings(**settings), {1: lambda s, rng: 3, 2: lambda s, rng: 3})


def test_a_prior_keeps_the_policys_choice_unless_the_playouts_find_better():
    # five equally good actions: without a prior the coin's noise decides which is visited most; with one, the
    # policy's choice (3) is played. When action 0 is much better, the search still finds it.
    plain = {coin_agent(iterations=60)(Coin(seed), AgentRng(seed)) for seed in range(12)}
    assert len(plain) > 1
    favoured = {coin_agent(iterations=60, prior=1.0)(Coin(seed), AgentRng(seed)) for seed in range(12)}
    assert favoured == {3}
    better = [coin_agent(iterations=300, prior=1.0)(Coin(seed, edge=0.95), AgentRng(seed)) for seed in range(6)]
    assert better.count(0) >= 5, better


def test_an_engine_sets_the_searchs_defaults_for_its_game_and_options_override_them():
    for pack in bundled_packs():
        content = bundled(pack)
        engine = engine_for(content)
        if engine is None:
            continue
        rules = engine.make_rules(content, min(content.players))
        own = engine.search_defaults()
        assert mcts_factory(rules, 1, {}).settings == settings_from(own)
        assert mcts_factory(rules, 1, {"iterations": "7"}).settings == settings_from({**own, "iterations": "7"})
    assert settings_from({"prior": "0.5"}).prior == 0.5
    with pytest.raises(PnpgenError, match=r"mcts\.prior: -1 is out of range"):
        settings_from({"prior": "-1"})


class DealtCoin(Coin):
    """The coin of Coin with its toss hidden: a deal (`sample_hidden`) gets a fresh random source, and a copy of
    a deal tosses the same coin, as an engine's clone keeps its dice."""

    def clone(self):
        c = DealtCoin(0, self.edge)
        c.chosen, c.win = self.chosen, self.win
        c.rng.setstate(self.rng.getstate())
        return c

    def sample_hidden(self, player, rng):
        c = self.clone()
        c.rng = random.Random(rng.randrange(1 << 62))
        return c


def test_paired_search_tries_every_action_on_the_same_deals():
    # five equally good actions tossed on the same coin deal by deal: no action leads, so the policy's choice (3)
    # is played with no margin at all, where the unpaired search's noise chose others (the test above)
    agent = coin_agent(iterations=60, paired=1)
    assert {agent(DealtCoin(seed), AgentRng(seed)) for seed in range(12)} == {3}
    assert agent.decisions == 12 and agent.iterations == 12 * 60
    # action 0 wins on 95 of 100 tosses, the others on 50: it leads deal by deal and is played
    assert [coin_agent(iterations=60, paired=1, confidence=1.0)(DealtCoin(seed, edge=0.95), AgentRng(seed))
            for seed in range(6)] == [0] * 6


def test_paired_search_keeps_the_policys_choice_unless_the_lead_is_sure():
    # action 0 wins on 55 of 100 tosses: over 12 deals it leads on a few at most; taken at its mean lead it is
    # played whenever it led at all, but two standard errors of that lead hold the policy's choice
    free = [coin_agent(iterations=60, paired=1)(DealtCoin(seed, edge=0.55), AgentRng(seed)) for seed in range(12)]
    assert set(free) == {0, 3}
    careful = {coin_agent(iterations=60, paired=1, confidence=2.0)(DealtCoin(seed, edge=0.55), AgentRng(seed))
               for seed in range(12)}
    assert careful == {3}
    # a margin holds it too: the lead must beat 0.1 (one toss in six)
    assert {coin_agent(iterations=60, paired=1, margin=0.1)(DealtCoin(seed, edge=0.55), AgentRng(seed))
            for seed in range(12)} == {3}


def test_a_flat_paired_search_plays_out_straight_after_the_roots_action():
    s = game().new_initial_state(4)
    rng = AgentRng(3)
    player = s.current_player()
    searched = {}
    for flat in (0, 1):
        agent = mcts_factory(game(), player, {**QUICK, "paired": "1", "flat": str(flat)})
        root = Node(player)
        first = s.legal_actions()[0]
        values = [agent.iterate(root, s.clone(), rng, first=first) for _ in range(3)]
        assert all(-1 <= v <= 1 for v in values)
        assert list(root.children) == [first] and root.visits == root.children[first].visits == 3
        searched[flat] = len(root.children[first].children)
    assert searched == {0: 2, 1: 0}  # below the root's action: a node added a playout, or none


class CalledCoin:
    """Player 1 chooses one of five actions, then player 2 calls the coin, heads winning it for player 1: who wins
    is the playout agent's call, drawn from the random source the search hands it."""

    def __init__(self):
        self.chosen, self.call = None, None

    def clone(self):
        c = CalledCoin()
        c.chosen, c.call = self.chosen, self.call
        return c

    def sample_hidden(self, player, rng):
        raise NotImplementedError

    def current_player(self):
        return 1 if self.chosen is None else 2 if self.call is None else TERMINAL

    def legal_actions(self):
        return [0, 1, 2, 3, 4] if self.chosen is None else ["heads", "tails"] if self.call is None else []

    def is_terminal(self):
        return self.call is not None

    def apply(self, action):
        if self.chosen is None:
            self.chosen = action
        else:
            self.call = action

    def returns(self):
        return [0.3, -0.3] if self.call == "heads" else [-0.3, 0.3]


def test_paired_playouts_draw_the_same_numbers_for_every_action_of_a_deal():
    # the five actions are equal and only the playout's call decides: paired, each action of a deal hears the same
    # call, so no action leads and the policy's choice (3) is played; a shared source would give them different calls
    rules = type("CoinRules", (), {"num_players": 2})()
    policies = {1: lambda s, rng: 3, 2: lambda s, rng: "heads" if rng.random() < 0.5 else "tails"}
    agent = MctsAgent(rules, MctsSettings(iterations=60, paired=1, flat=1), policies)
    assert {agent(CalledCoin(), AgentRng(seed)) for seed in range(12)} == {3}
    assert agent.decisions == 12


def test_a_playouts_values_are_counted_from_each_movers_view():
    first, second = Node(1), Node(2)
    assert MctsAgent.back_up([first, second], [0.3, -0.3], 2) == -0.3
    assert (first.visits, first.value, second.visits, second.value) == (1, 0.3, 1, -0.3)
