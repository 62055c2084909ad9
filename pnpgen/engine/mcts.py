"""A search agent for every engine: information-set Monte-Carlo tree search over the engine contract.

Each iteration deals what the searching player cannot see afresh (`State.sample_hidden`), walks the tree by UCB1
among the actions legal in that deal (each child counts the times it was available, as single-observer IS-MCTS
does), adds one node, plays a short playout with a policy agent (the engine's `greedy` when it offers one) and
scores where the playout stopped with `State.evaluate`. Every value is kept from the view of the player who chose
the action, so partners, rivals and any number of players need nothing special. The move played is the root's
most visited child. Where chance swings a position more than most choices do, `paired` compares the root's
actions on common deals instead (each deal's hidden cards and dice tried with every action), which takes out the
luck of the deal from their difference. All chance comes from the random source the simulator hands the agent,
so a game seed gives the same game; a time budget (`time_ms`) trades that for a bounded cost per decision.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from ..errors import PnpgenError
from .api import Agent, RandomSource, Rules, State, engine_for
from .rng import AgentRng

NAME = "mcts"
SWITCHES = ("paired", "flat")  # settings that are 0 (off) or 1 (on)


@dataclass(frozen=True)
class MctsSettings:
    """The search's budget and shape; each can be set with `--agent-option mcts.NAME=VALUE`."""

    iterations: int = 60  # deals searched per decision
    time_ms: float = 0.0  # a time budget per decision instead (0: none); the game then depends on the machine
    depth: int = 4  # playout decisions after the new node before the evaluation scores the position
    width: int = 8  # actions considered at a node that has more: the policy's own choice and a sample
    exploration: float = 0.7  # UCB1's constant (values run from -1 to 1)
    rollout: str = "greedy"  # the policy of playouts: an agent of the engine, or random (also when it has none)
    prior: float = 0.0  # a bonus for the policy's own choice at a node, prior * sqrt(times available) / (1 + its
    # visits), as PUCT gives a policy's prior: it is searched most, and another action is played (visited more)
    # only when its playouts score better by about that much
    paired: int = 0  # 1: each root action is tried on every deal (the same hidden cards and dice), and the policy's
    # choice is played unless another leads it, deal by deal, by more than `margin` plus `confidence` standard errors
    margin: float = 0.0  # (paired) the lead over the policy's choice that another action needs (values: -1 to 1)
    confidence: float = 0.0  # (paired) standard errors of that lead it needs besides
    flat: int = 0  # (paired) 1: play out straight after the root's action, with no tree below it


def settings_from(options: dict[str, str]) -> MctsSettings:
    """Settings from `--agent-option` values by name; PnpgenError naming a bad name or value."""
    known = {f.name: f for f in fields(MctsSettings)}
    values: dict[str, Any] = {}
    for name, text in options.items():
        f = known.get(name)
        if f is None:
            raise PnpgenError(f"--agent-option {NAME}.{name}: unknown option (expected one of: {', '.join(known)})")
        kind = type(getattr(MctsSettings, name))
        try:
            value = kind(text)
        except ValueError:
            what = {int: "a whole number", float: "a number"}.get(kind, "a name")
            raise PnpgenError(f"--agent-option {NAME}.{name}: expected {what}, got '{text}'") from None
        switch = name in SWITCHES and value not in (0, 1)
        if kind is not str and (value < 0 or switch or (name in ("iterations", "width") and value < 1)):
            raise PnpgenError(f"--agent-option {NAME}.{name}: {text} is out of range")
        values[name] = value
    return MctsSettings(**values)


class Node:
    """A node of the search tree: its children by action and the statistics of the action that leads to it."""

    __slots__ = ("children", "candidates", "visits", "value", "available", "mover")

    def __init__(self, mover: int):
        self.children: dict[Any, Node] = {}
        self.candidates: list | None = None  # the actions tried here, in the order they are expanded
        self.visits = 0
        self.value = 0.0  # summed over visits, from the view of `mover`
        self.available = 0
        self.mover = mover  # the player who chose the action leading here


Policy = Callable[[State, RandomSource], Any]


class MctsAgent:
    """Chooses by information-set Monte-Carlo tree search (see the module's docstring)."""

    def __init__(self, rules: Rules, settings: MctsSettings, policies: dict[int, Policy]):
        self.settings = settings
        self.policies = policies  # the playout's agent for each player
        self.players = tuple(range(1, rules.num_players + 1))
        self.decisions = 0
        self.iterations = 0  # over every decision: what the budget bought

    def __call__(self, state: State, rng: RandomSource) -> Any:
        """The most visited action at the root after the budget is spent (the only one, without a search; with
        `paired`, see paired_choice)."""
        player = state.current_player()
        root = Node(player)
        root.candidates = self.candidates(state, rng)
        if len(root.candidates) == 1:
            return root.candidates[0]
        self.decisions += 1
        settings = self.settings
        deadline = time.perf_counter() + settings.time_ms / 1000 if settings.time_ms else None
        if settings.paired:
            return self.paired_choice(root, state, player, rng, deadline)
        done = 0
        while done < settings.iterations if deadline is None else time.perf_counter() < deadline or done == 0:
            self.iterate(root, self.deal(state, player, rng), rng)
            done += 1
        self.iterations += done
        order = {a: k for k, a in enumerate(root.candidates)}  # ties go to the earlier candidate (the policy's)
        return max(root.children.items(), key=lambda item: (item[1].visits, -order[item[0]]))[0]

    def paired_choice(self, root: Node, state: State, player: int, rng: RandomSource, deadline: float | None) -> Any:
        """The root's actions each tried on the same deals (hidden cards and dice alike); another action than the
        policy's is played only when its lead over the policy's choice, deal by deal, is `margin` more than
        `confidence` standard errors of that lead."""
        settings = self.settings
        candidates = root.candidates
        values: dict[Any, list[float]] = {a: [] for a in candidates}
        done = 0
        while done < settings.iterations if deadline is None else time.perf_counter() < deadline or done == 0:
            deal = self.deal(state, player, rng)
            seed = rng.randrange(1 << 62)
            for a in candidates:
                values[a].append(self.iterate(root, deal.clone(), AgentRng(seed), first=a))
            done += len(candidates)
        self.iterations += done
        favourite = values[candidates[0]]
        best, best_score = candidates[0], settings.margin
        for a in candidates[1:]:
            leads = [v - f for v, f in zip(values[a], favourite)]
            n = len(leads)
            mean = sum(leads) / n
            spread = statistics.stdev(leads) / math.sqrt(n) if n > 1 else 0.0  # the standard error of the lead
            score = mean - settings.confidence * spread
            if score > best_score:
                best, best_score = a, score
        return best

    @staticmethod
    def deal(state: State, player: int, rng: RandomSource) -> State:
        """A state the player cannot tell from `state`, hidden things dealt afresh (a copy when nothing is hidden)."""
        try:
            return state.sample_hidden(player, rng)
        except NotImplementedError:
            return state.clone()

    def candidates(self, state: State, rng: RandomSource) -> list:
        """The actions to try at a node, the policy's choice first (it is expanded first and wins ties): all of
        them when few, else a sample of the others."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions
        width = self.settings.width
        picked = [self.policies[state.current_player()](state, rng)]
        if len(actions) <= width:
            return picked + [a for a in actions if a != picked[0]]
        seen = set(picked)
        for _ in range(4 * width):
            if len(picked) >= width:
                break
            a = actions[rng.randrange(len(actions))]
            if a not in seen:
                seen.add(a)
                picked.append(a)
        return picked

    def iterate(self, root: Node, state: State, rng: RandomSource, first: Any = None) -> float:
        """One iteration on one deal: select (the root's action `first` when given), expand, play out, back up."""
        path = [root]
        node = root
        c, prior = self.settings.exploration, self.settings.prior
        if first is not None:
            state.apply(first)
            node = root.children.get(first)
            fresh = node is None
            if fresh:
                node = root.children[first] = Node(root.mover)
            path.append(node)
            if fresh or self.settings.flat:
                return self.back_up(path, self.playout(state, rng), root.mover)
        while not state.is_terminal():
            mover = state.current_player()
            if node.candidates is None:
                node.candidates = self.candidates(state, rng)
                legal = node.candidates
            elif node is root:
                legal = node.candidates  # the searching player's own actions do not depend on the deal
            else:
                allowed = set(state.legal_actions())
                legal = [a for a in node.candidates if a in allowed]
                if not legal:  # nothing tried here is legal in this deal: try this deal's own
                    legal = self.candidates(state, rng)
                    node.candidates.extend(a for a in legal if a not in node.children)
            fresh = next((a for a in legal if a not in node.children), None)
            if fresh is not None:
                child = node.children[fresh] = Node(mover)
                for a in legal:
                    if a in node.children:
                        node.children[a].available += 1
                state.apply(fresh)
                path.append(child)
                break
            best, best_score = None, -math.inf
            favourite = node.candidates[0]
            for a in legal:
                ch = node.children[a]
                ch.available += 1
                score = ch.value / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)
                if a == favourite and prior:
                    score += prior * math.sqrt(ch.available) / (1 + ch.visits)
                if score > best_score:
                    best, best_score = a, score
            state.apply(best)
            node = node.children[best]
            path.append(node)
        return self.back_up(path, self.playout(state, rng), root.mover)

    @staticmethod
    def back_up(path: list[Node], values: list[float], player: int) -> float:
        """Count a playout's values (one a player) on each node of its path; the value for `player`."""
        for n in path:
            n.visits += 1
            n.value += values[n.mover - 1]
        return values[player - 1]

    def playout(self, state: State, rng: RandomSource) -> list[float]:
        """Play on with the policy for a few decisions; the result if the game ended, else the evaluation."""
        for _ in range(self.settings.depth):
            if state.is_terminal():
                break
            state.apply(self.policies[state.current_player()](state, rng))
        if state.is_terminal():
            return state.returns()
        return [state.evaluate(p) for p in self.players]


def _random_policy(state: State, rng: RandomSource) -> Any:
    return state.random_action(rng)


def mcts_factory(rules: Rules, player: int, options: dict[str, str]) -> Agent:
    """The search agent for one seat, its settings from `options` over the engine's own defaults (see
    MctsSettings)."""
    engine = engine_for(rules.content)
    settings = settings_from({**(engine.search_defaults() if engine is not None else {}), **options})
    offered = engine.agents() if engine is not None else {}
    policies: dict[int, Policy] = {}
    for p in range(1, rules.num_players + 1):
        if settings.rollout in offered:
            policies[p] = offered[settings.rollout](rules, p, {})
        elif settings.rollout in ("random", "greedy"):  # greedy: the default, which not every engine offers
            policies[p] = _random_policy
        else:
            raise PnpgenError(f"--agent-option {NAME}.rollout: unknown agent '{settings.rollout}' (expected random"
                              f"{''.join(', ' + name for name in offered)})")
    return MctsAgent(rules, settings, policies)
