"""Play N random-vs-random Narrow Seas games in one process; print games/s and decisions/s.

    python benchmarks/bench_engine.py [--games 500] [--seed 0] [--game narrow-seas]

The agent picks uniformly among the legal actions (plans drawn ship by ship, without listing them).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from pnpgen.engine.narrow_seas import make_game
from pnpgen.load.loader import load_game


def main() -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--game", default="narrow-seas")
    args = ap.parse_args()

    g = make_game(load_game(args.game))
    ends: Counter = Counter()
    rounds = reshuffles = decisions = 0
    start, cpu0 = time.perf_counter(), time.process_time()
    for k in range(args.games):
        seed = args.seed + k
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(s.random_action(rng))
            decisions += 1
        ends[s.victory] += 1
        rounds += s.round
        reshuffles += s.reshuffles
    wall, took = time.perf_counter() - start, time.process_time() - cpu0

    n = args.games
    print(f"{n} random-vs-random games in {took:.2f} s of CPU time ({wall:.2f} s wall) in one process")
    print(f"  {n / took:,.0f} games/s, {decisions / took:,.0f} decisions/s, {1000 * took / n:.2f} ms per game "
          "(per CPU second)")
    print(f"  {decisions / n:.0f} decisions, {rounds / n:.1f} rounds and {reshuffles / n:.1f} reshuffles per game")
    print("  ended by: " + ", ".join(f"{how} {100 * c / n:.0f}%" for how, c in ends.most_common())
          + f" (round cap {g.params.round_cap})")


if __name__ == "__main__":
    main()
