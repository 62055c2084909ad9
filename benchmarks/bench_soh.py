"""Seas of Havoc through the engine contract: games/s and decisions/s for random and greedy captains at each
player count, and the first figures a designer looks at (game length, Infamy by source, wins by seat, locations,
Market cards bought and never bought, resources left).

Run: python benchmarks/bench_soh.py [--games N] [--players 2,3,4] [--repeat R]

Each speed is the best of R runs. The baseline is Narrow Seas' generic random game loop over the same contract
calls (legal actions listed, one drawn, applied), timed in the same process right before: the ratio says how
much dearer a Seas of Havoc decision is, whatever else the shared machine is doing.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from pnpgen.engine.api import TERMINAL, engine_named
from pnpgen.engine.rng import AgentRng
from pnpgen.load.loader import load_game


def play(engine, rules, agent_names: list[str], games: int) -> tuple[float, int, Counter, list[dict], list]:
    """(seconds, decisions, rounds histogram, figures of each game, winners of each game)."""
    agents = {name: engine.agents()[name](rules, 1, {}) for name in set(agent_names) if name != "random"}
    decisions, rounds, figures, winners = 0, Counter(), [], []
    start = time.perf_counter()
    for seed in range(games):
        s = rules.new_initial_state(seed)
        rng = AgentRng(seed)
        m = engine.metrics(rules)
        while (p := s.current_player()) != TERMINAL:
            name = agent_names[(p - 1 + seed) % len(agent_names)]
            a = s.random_action(rng) if name == "random" else agents[name](s, rng)
            m.record(s, a)
            s.apply(a)
            decisions += 1
        rounds[s.round] += 1
        figures.append(m.finish(s))
        winners.append(s.winners)
    return time.perf_counter() - start, decisions, rounds, figures, winners


def baseline(games: int) -> float:
    """Decisions/s of Narrow Seas random games through the generic loop."""
    from pnpgen.engine.narrow_seas import make_game

    g = make_game(load_game("narrow-seas"))
    n = 0
    start = time.perf_counter()
    for seed in range(games):
        s = g.new_initial_state(seed)
        rng = AgentRng(seed)
        while s.current_player() != TERMINAL:
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
            n += 1
    return n / (time.perf_counter() - start)


def summary(figures: list[dict], games: int) -> list[str]:
    total: dict[str, Counter] = {}
    for f in figures:
        for k, v in f.items():
            if isinstance(v, Counter):
                total.setdefault(k, Counter()).update(v)
    per = {k: {x: round(n / games, 1) for x, n in v.most_common()} for k, v in total.items()}
    never = [c for c, n in total.get("market_never_bought", Counter()).items() if n == games]
    return [f"  Infamy by source, a game: {per.get('infamy_by_source')}",
            f"  skiffs by location, a game: {per.get('location_popularity')}",
            f"  Market cards bought most: {dict(total.get('market_bought', Counter()).most_common(5))}",
            f"  never bought in any game: {sorted(never) or 'none'}",
            f"  resources left, a game: {per.get('resource_surplus')}; short on a left claim: "
            f"{per.get('resource_shortage') or 'never'}"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    engine = engine_named("seas-of-havoc")
    content = load_game("seas-of-havoc")
    base = max(baseline(max(10, args.games // 4)) for _ in range(args.repeat))
    print(f"baseline: Narrow Seas random decisions/s {base:.0f}")
    for players in (int(x) for x in args.players.split(",")):
        rules = engine.make_rules(content, players)
        for seats in (["random"], ["greedy"], ["greedy", "random"]):
            best = None
            for _ in range(args.repeat):
                got = play(engine, rules, seats, args.games)
                best = got if best is None or got[0] < best[0] else best
            took, decisions, rounds, figures, winners = best
            n = sum(rounds.values())
            mean = sum(r * c for r, c in rounds.items()) / n
            wins = Counter(p for w in winners for p in w)
            print(f"{players} players, {'/'.join(seats)}: {args.games / took:.1f} games/s, "
                  f"{decisions / took:.0f} decisions/s ({decisions / took / base:.2f}x the baseline), "
                  f"{decisions / args.games:.0f} decisions and {mean:.1f} rounds a game (max {max(rounds)}), "
                  f"wins by seat {dict(sorted(wins.items()))}")
            for line in summary(figures, args.games):
                print(line)


if __name__ == "__main__":
    main()
