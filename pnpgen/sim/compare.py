"""What moved between two simulation results: each figure's before and after with a test of whether the change is
beyond noise (two proportions for rates and shares, a large-sample test of two means for lengths), flagged only
when it survives a Bonferroni correction over every figure compared (family-wise 5 %)."""

from __future__ import annotations

from dataclasses import dataclass

from ..maths.stats import two_means, two_proportions

FAMILY_ALPHA = 0.05
RATE_GROUPS = (("wins_by_role", "wins"), ("wins_by_seat", "wins"), ("wins_by_team", "team wins"),
               ("wins_by_agent", "wins"))
GENERIC = {"games", "finished", "unfinished", "unfinished_seeds", "finish_rate", "first_player_edge", "margin",
           "wins_by_seat", "wins_by_team", "wins_by_agent", "wins_by_role", "victory", "rounds", "decisions",
           "game", "version", "players", "agents", "seed", "max_rounds", "comparison"}


@dataclass(frozen=True)
class Change:
    """One figure in both results: its name, its value before and after (as text), the test's p-value."""

    name: str
    before: str
    after: str
    p: float
    headline: bool = False  # shown even when within noise

    def line(self, threshold: float) -> str:
        """'rounds mean 6.3 → 3.1 (p < 0.0001): CHANGED' or '… within noise'."""
        verdict = "CHANGED" if self.p < threshold else "within noise"
        return f"{self.name}: {self.before} → {self.after} ({_p(self.p)}): {verdict}"


def _p(p: float) -> str:
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.4f}"


def _rate(name: str, a: dict, b: dict, headline: bool = False) -> Change:
    return Change(name, f"{a['pct']:g}% of {a['of']}", f"{b['pct']:g}% of {b['of']}",
                  two_proportions(a["count"], a["of"], b["count"], b["of"]), headline)


def _none(of: int) -> dict:
    return {"count": 0, "of": of, "pct": 0.0}


def changes(before: dict, after: dict) -> list[Change]:
    """Every figure the two results share, with its test: the headline edge and length first."""
    out = []
    e1, e2 = before.get("first_player_edge"), after.get("first_player_edge")
    if e1 and e2 and e1["role"] == e2["role"]:
        out.append(_rate(f"first-player edge ({e1['role']} wins)", e1, e2, headline=True))
    for key, what in (("rounds", "rounds"), ("decisions", "decisions")):
        out.append(Change(f"{what} a game (mean)", f"{before[key]['mean']:g}", f"{after[key]['mean']:g}",
                          two_means(before[key]["histogram"], after[key]["histogram"]), headline=key == "rounds"))
    out.append(_rate("games finished", before["finish_rate"], after["finish_rate"]))
    for key, what in RATE_GROUPS:
        for name in before.get(key, {}).keys() & after.get(key, {}).keys():
            out.append(_rate(f"{name} {what}", before[key][name], after[key][name]))
    for kind in sorted(before["victory"].keys() | after["victory"].keys()):
        out.append(_rate(f"victory by {kind}", before["victory"].get(kind, _none(before["finished"])),
                         after["victory"].get(kind, _none(after["finished"]))))
    for figure in sorted(before.keys() & after.keys() - GENERIC):
        out += _counter(figure, before[figure], after[figure], before["games"], after["games"])
    return out


def _counter(figure: str, a: object, b: object, games_a: int, games_b: int) -> list[Change]:
    """An engine's counter (e.g. card plays): each key's share of the counter's total. The test counts games, not
    single plays: the plays of one game hang together (a ship on a hex stays there plan after plan), so counting
    each as a trial would flag noise."""
    if not (isinstance(a, dict) and isinstance(b, dict)) or "mean" in a or "mean" in b:
        return []
    if not all(isinstance(v, int) and v >= 0 for v in (*a.values(), *b.values())):
        return []  # (not counts: a tally that can go below zero has no shares)
    ta, tb = sum(a.values()), sum(b.values())
    if not ta or not tb:
        return []
    out = []
    for key in sorted(a.keys() | b.keys()):
        sa, sb = a.get(key, 0) / ta, b.get(key, 0) / tb
        out.append(Change(f"{figure.replace('_', ' ')}: {key}'s share", f"{100 * sa:.1f}% of {ta}",
                          f"{100 * sb:.1f}% of {tb}", two_proportions(sa * games_a, games_a, sb * games_b, games_b)))
    return out


def threshold(found: list[Change]) -> float:
    """The p-value below which a change is flagged: the family-wise 5 % shared out over the figures compared."""
    return FAMILY_ALPHA / max(1, len(found))


def comparison(before: dict, after: dict) -> dict:
    """The comparison as plain JSON-ready data: what each result was, the threshold, every figure and its flag."""
    found = changes(before, after)
    cut = threshold(found)
    return {"before": _what(before), "after": _what(after), "threshold": cut,
            "changed": [c.name for c in found if c.p < cut],
            "figures": [{"name": c.name, "before": c.before, "after": c.after, "p": c.p, "changed": c.p < cut}
                        for c in found]}


def _what(r: dict) -> dict:
    return {k: r.get(k) for k in ("game", "version", "players", "agents", "seed", "games", "max_rounds")}


def comparison_lines(before: dict, after: dict) -> list[str]:
    """The comparison in words: one summary line, the headline figures, then every change beyond noise."""
    found = changes(before, after)
    cut = threshold(found)
    moved = [c for c in found if c.p < cut]
    notes = [f"{k} {_what(before)[k]} → {_what(after)[k]}" for k in ("game", "version", "players", "agents",
                                                                        "max_rounds")
             if _what(before)[k] != _what(after)[k]]
    head = (f"compared with the previous result (seed {before.get('seed')}, {before.get('games')} games): "
            f"{len(moved)} of {len(found)} figures moved beyond noise"
            + (f" ({', '.join(notes)})" if notes else ""))
    shown = [c for c in found if c.headline or c.p < cut]
    return [head, *(f"  {c.line(cut)}" for c in shown)]


def summary_line(before: dict, after: dict) -> str:
    """One line for the build: how many figures moved, and which."""
    found = changes(before, after)
    cut = threshold(found)
    moved = [c.name for c in found if c.p < cut]
    return (f"simulation compared with the previous build: {len(moved)} of {len(found)} figures moved beyond noise"
            + (f" ({', '.join(moved[:4])}{' …' if len(moved) > 4 else ''})" if moved else ""))
