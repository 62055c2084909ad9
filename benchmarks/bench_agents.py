"""Agents head to head: win rates with Wilson intervals and the cost of a decision; the first player's edge.

Run: python benchmarks/bench_agents.py [--game narrow-seas] [--players 2] [--games 400] [--jobs 2]
                                       [--pairs greedy:random,mcts:greedy] [--edge mcts]
                                       [--agent-option mcts.iterations=60]

Each pair A:B plays --games seeded games with the seats swapped from one game to the next (in a team game A holds
the odd seats one game, the even ones the next); a game with no winner within the simulator's budget counts as
not won by A. The cost is the thinking time an agent spent over every decision it was asked for, and for the
search agent over the decisions it searched (those with more than one legal action), wall-clock and in the
process's CPU time (what it costs when the machine's other work is left out). --edge plays one agent in
every seat and prints how often the holder of each setup role (State.roles(); the player who acts first when the
engine names none) is on the winning side. The last lines say whether the issue's targets are met. Times are
wall-clock on whatever else this machine is running: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter

from pnpgen.engine.api import TERMINAL
from pnpgen.engine.rng import AgentRng
from pnpgen.load.loader import load_game
from pnpgen.maths.stats import wilson
from pnpgen.sim.playout import AGENT_SEED, AgentOptions, Table, parse_agent_options
from pnpgen.sim.runner import game_seed, seats_of
from pnpgen.sim.workers import in_order

CHUNK = 5
_TABLES: dict = {}


def _table(game: str, players: int | None, options: AgentOptions) -> Table:
    key = (game, players, options)
    if key not in _TABLES:
        _TABLES[key] = Table(load_game(game), players, options=options)
    return _TABLES[key]


def play_chunk(job: tuple) -> dict:
    """Play games [start, stop) of a batch; wins and thinking time by agent, role holders' wins."""
    game, players, options, agents, seed, start, stop = job
    table = _table(game, players, options)
    out = {"wins": Counter(), "seconds": Counter(), "cpu": Counter(), "calls": Counter(), "searched": Counter(),
           "unfinished": 0, "roles": Counter(), "role_games": Counter()}
    for index in range(start, stop):
        seats = seats_of(agents, index, table.num_players)
        state = table.rules.new_initial_state(game_seed(seed, index))
        first = state.current_player()
        rng = AgentRng(game_seed(seed, index) ^ AGENT_SEED)
        players_agents = table.agents(seats)
        clock, cpu = time.perf_counter, time.process_time
        while (player := state.current_player()) != TERMINAL:
            t, c = clock(), cpu()
            action = players_agents[player - 1](state, rng)
            out["cpu"][seats[player - 1]] += cpu() - c
            out["seconds"][seats[player - 1]] += clock() - t
            out["calls"][seats[player - 1]] += 1
            state.apply(action)
        for name, agent in zip(seats, players_agents):
            out["searched"][name] += getattr(agent, "decisions", 0)
        if not state.winners:
            out["unfinished"] += 1
        for name in {seats[p - 1] for p in state.winners}:
            out["wins"][name] += 1
        roles = state.roles() or {"acts first": first}
        for role, holder in roles.items():
            out["role_games"][role] += 1
            if holder in state.winners:
                out["roles"][role] += 1
    return out


def run(game: str, players: int | None, options: AgentOptions, agents: tuple[str, ...], games: int, seed: int,
        jobs: int) -> dict:
    """A batch played in chunks over `jobs` processes, its chunk results summed."""
    work = [(game, players, options, agents, seed, s, min(games, s + CHUNK)) for s in range(0, games, CHUNK)]
    total: dict = {}
    for part in in_order(play_chunk, work, jobs):
        for key, value in part.items():
            total[key] = total.get(key, 0 if isinstance(value, int) else Counter()) + value
    return total


def pct(i) -> str:
    return f"{i.pct:5.1f} % [{i.low:.1f}, {i.high:.1f}] ({i.count} of {i.of})"


def cost_line(name: str, total: dict) -> str:
    calls, searched = total["calls"][name], total["searched"][name]
    wall, cpu = 1000 * total["seconds"][name], 1000 * total["cpu"][name]
    line = f"    {name}: {wall / max(1, calls):.2f} ms a decision ({cpu / max(1, calls):.2f} ms CPU) over {calls}"
    if searched:
        line += f"; {wall / searched:.2f} ms a searched decision ({cpu / searched:.2f} ms CPU) over {searched}"
    return line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="narrow-seas")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pairs", default="greedy:random,mcts:greedy")
    ap.add_argument("--edge", default="", help="Agents (comma-separated) to measure the first player's edge with.")
    ap.add_argument("--agent-option", action="append", default=[])
    a = ap.parse_args()
    options = parse_agent_options(a.agent_option)
    load = os.getloadavg()
    print(f"{a.game}, {a.players or 'fewest'} players, {a.games} games a pair, seed {a.seed}, --jobs {a.jobs}, "
          f"options {', '.join(a.agent_option) or 'defaults'}; load average {load[0]:.1f} {load[1]:.1f} on "
          f"{os.cpu_count()} CPUs")
    met = []
    for pair in filter(None, a.pairs.split(",")):
        first, second = pair.split(":")
        t = time.perf_counter()
        total = run(a.game, a.players, options, (first, second), a.games, a.seed, a.jobs)
        took = time.perf_counter() - t
        wins = wilson(total["wins"][first], a.games)
        print(f"{first} vs {second}: {first} wins {pct(wins)}, {second} wins {total['wins'][second]}, "
              f"unfinished {total['unfinished']}; {took:.0f} s")
        print(cost_line(first, total))
        print(cost_line(second, total))
        target = {("greedy", "random"): 95.0, ("mcts", "greedy"): 60.0}.get((first, second))
        if target is not None:
            met.append(f"{first} beats {second} >= {target:.0f} %: {'met' if wins.pct >= target else 'NOT met'} "
                       f"({wins.pct:.1f} %)")
        if first == "mcts":
            searched = max(1, total["searched"][first])
            per, cpu = 1000 * total["seconds"][first] / searched, 1000 * total["cpu"][first] / searched
            met.append(f"mcts <= 50 ms a searched decision: {'met' if per <= 50 else 'NOT met'} ({per:.1f} ms; "
                       f"{'met' if cpu <= 50 else 'NOT met'} in CPU time, {cpu:.1f} ms)")
    for agent in filter(None, a.edge.split(",")):
        t = time.perf_counter()
        total = run(a.game, a.players, options, (agent,), a.games, a.seed, a.jobs)
        took = time.perf_counter() - t
        decided = a.games - total["unfinished"]
        print(f"{agent} in every seat: {decided} of {a.games} games won by a side; {took:.0f} s")
        for role, n in sorted(total["role_games"].items()):
            edge = wilson(total["roles"][role], decided)
            flag = " (excludes an even game)" if edge.excludes(50.0) else ""
            print(f"    '{role}' on the winning side: {pct(edge)}{flag} of {n} games")
    for line in met:
        print(line)


if __name__ == "__main__":
    main()
