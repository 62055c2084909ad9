"""Enemy in Sight through `simulate`: every game ends, the figures a designer reads, the report's charts."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from click.testing import CliRunner
from kit.enemy_in_sight import content, rules

from pnpgen.cli import main
from pnpgen.engine.enemy_in_sight import ENGINE
from pnpgen.engine.enemy_in_sight.report import LABEL_ROOM
from pnpgen.engine.rng import AgentRng
from pnpgen.sim.runner import simulate


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 5])
def test_greedy_batches_end_and_keep_the_figures(players):
    agg = simulate(content(), ("greedy",), games=20, seed=2, players=players)
    result = agg.to_dict()
    assert result["finished"] == 20 and result["unfinished"] == 0
    assert set(result["victory"]) <= {"points", "stalemate"}
    played = result["cards_played"]
    assert played["broadsides-3"] > 0 and sum(played.values()) > 20 * 20
    assert result["ships_sunk"]["gunfire"] > 0 and result["player_round_ends"]["total"] >= 20 * players
    assert 0 < result["vp_spread"]["mean"] and result["wins_by_role"]["first dealer (high roller)"]["of"] == 20


def test_the_metrics_count_what_the_state_went_through():
    r = rules(3)
    state = r.new_initial_state(5)
    metrics = ENGINE.metrics(r)
    greedy = ENGINE.agents()["greedy"](r, 1, {})
    rng = AgentRng(5)
    played, passed, returned = Counter(), 0, 0
    while not state.is_terminal():
        action = greedy(state, rng)
        metrics.record(state, action)
        if action[0] == "play":
            played[action[1]] += 1
        returned += action[0] == "red" and state.passing is not None and state.passing[1] == state.turn
        state.apply(action)
        passed += action[0] == "red" and state.passing is not None
    figures = metrics.finish(state)
    assert +Counter({k: v for k, v in figures["cards_played"].items() if not r.cards[k].red}) == +played
    assert sum(figures["red_passed_on"].values()) == passed > 0
    assert sum(figures["red_returned"].values()) == returned
    ends = figures["player_round_ends"]
    assert ends % 3 == 0 and ends >= 3 * (state.round - 1)
    assert figures["vp_spread"] == max(state.scores) - min(state.scores)


@pytest.mark.slow
def test_simulate_prints_the_games_own_lines_and_writes_its_charts(tmp_path):
    r = CliRunner().invoke(main, ["simulate", "enemy-in-sight", "--games", "12", "--agents", "greedy",
                                  "--report", str(tmp_path / "rep")])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("enemy-in-sight ")
    assert lines[0].endswith(" · greedy · seed 1 · 12 games · budget 60 rounds")
    assert lines[1] == "games 12 · finished 12 · unfinished 0"
    assert lines[2].startswith("first-player edge: first dealer (high roller) wins ")
    for start in ("VP at the end: first minus last", "ships per game: sunk by", "Prizes:",
                  "Line maintenance penalty: paid", "Red cards: passed on", "cards played"):
        assert any(line.startswith(start) for line in lines), start
    prizes = next(line for line in lines if line.startswith("Prizes:"))
    assert re.search(r"games won only with Prize VP: [\d.]+% \[[\d.]+, [\d.]+\] of 12 finished$", prizes), prizes
    for chart in ("cards-played", "cards-dropped", "ships-lost"):
        svg = (tmp_path / "rep" / f"{chart}.svg").read_text()
        labels = [t.split(">")[1] for t in svg.split("<text")[2:] if 'x="10"' in t]
        assert labels and all(len(label.split("<")[0]) <= LABEL_ROOM for label in labels), labels
    data = json.loads((tmp_path / "rep" / "result.json").read_text())
    assert data["finished"] == 12 and "captures" in data and "line_penalties" in data
