"""The figures a Seas of Havoc designer looks at, recorded per game and summed over a batch."""

from __future__ import annotations

from collections import Counter

from .state import SohState


class SohMetrics:
    """Per-game figures: Infamy by source, location popularity, Market cards bought, resource surplus and
    shortage, game length, Damage taken."""

    def __init__(self, rules):
        self.g = rules
        self.places = Counter()
        self.bought = Counter()
        self.offered = Counter()  # Market cards seen on offer when a skiff was placed there (claims)
        self.shortage = Counter()  # resources a player lacked for a claim it had to leave, or an extension

    def record(self, state: SohState, action) -> None:
        """See an action before it is applied."""
        kind = action[0]
        if kind == "place":
            self.places[action[1]] += 1
        elif kind in ("claim", "restock"):
            self.places["market"] += 1 if kind == "claim" else 0
            self.offered[action[1] if kind == "claim" else "(restock)"] += 1
        elif kind == "buy":
            self.bought[action[1]] += 1
        elif kind == "decline":
            p = state.to_move
            cost = self.g.cards[action[1]].cost
            have = state.res[p - 1]
            for r, c, h in zip(self.g.resources, cost, have):
                if c > h:
                    self.shortage[r] += c - h

    def finish(self, state: SohState) -> dict:
        """The game's figures: counters are summed over a batch, numbers averaged."""
        g = state.g
        infamy = Counter()
        for p in g.players:
            k = p - 1
            infamy.update(state.scored[k])
            infamy["upgrades"] += sum(g.upgrades[u].infamy for u in state.upgrades[k])
            infamy["cards"] += sum(g.cards[c].infamy for c in state.owned(p) if g.cards[c].market)
            infamy["damage"] -= state.damage[k]
        surplus = Counter()
        for p in g.players:
            for r, n in zip(g.resources, state.res[p - 1]):
                surplus[r] += n
        never = Counter({c: 1 for c in set(g.market_cards) if not self.bought[c]})
        return {
            "infamy_by_source": infamy,
            "location_popularity": self.places,
            "market_bought": self.bought,
            "market_never_bought": never,
            "resource_surplus": surplus,
            "resource_shortage": self.shortage,
            "damage_taken": sum(state.damage),
            "spares_used": g.spares - state.spares_left,
            "final_infamy_winner": max(state.score(p) for p in g.players),
            "final_infamy_margin": _margin([state.score(p) for p in g.players]),
        }


def _margin(scores: list[int]) -> int:
    top = sorted(scores, reverse=True)
    return top[0] - top[1] if len(top) > 1 else 0


def report_lines(rules, result: dict) -> list[str]:
    """Lines for the simulation table: Infamy by source, locations, Market cards, resources, Damage."""
    games = max(1, result.get("games", 1))
    out = []

    def per_game(name: str) -> str:
        got = result.get(name) or {}
        return ", ".join(f"{k} {v / games:.1f}" for k, v in sorted(got.items(), key=lambda kv: -kv[1]))

    out.append(f"Infamy by source (a game, all players): {per_game('infamy_by_source')}")
    out.append(f"skiffs by location (a game): {per_game('location_popularity')}")
    bought = result.get("market_bought") or {}
    top = sorted(bought.items(), key=lambda kv: (-kv[1], kv[0]))
    out.append("Market cards bought most: " + ", ".join(f"{k} {v}" for k, v in top[:5]))
    never = result.get("market_never_bought") or {}
    always = [c for c in sorted(set(rules.market_cards)) if never.get(c, 0) == games]
    out.append("Market cards never bought in any game: " + (", ".join(always) or "none"))
    out.append(f"resources left at the end (a game): {per_game('resource_surplus')}; short when a claim was left: "
               f"{per_game('resource_shortage') or 'never'}")
    return out


def report_charts(rules, result: dict, chart) -> list:
    """Bar charts (the contract's Chart data) of the figures above."""
    games = max(1, result.get("games", 1))
    out = []
    for name, title, unit in (("infamy_by_source", "Infamy by source, a game", "Infamy"),
                              ("location_popularity", "Skiffs by location, a game", "skiffs"),
                              ("market_bought", "Market cards bought, a game", "cards")):
        got = result.get(name) or {}
        values = tuple((k, round(v / games, 2)) for k, v in sorted(got.items(), key=lambda kv: (-kv[1], kv[0])))
        if values:
            out.append(chart(name.replace("_", "-"), title, "bars", values, unit, label=f"{unit} per game"))
    return out
