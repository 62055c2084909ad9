"""`pnpgen simulate` and the quick simulation in `build`: seeded, independent of --jobs, stalls reported."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from click.testing import CliRunner
from kit.packs import copy_pack, edit

from pnpgen.atomic import MARKER, write_atomically
from pnpgen.cli import main
from pnpgen.loader import load_game
from pnpgen.sim.metrics import Aggregate, GameResult, percentile
from pnpgen.sim.runner import simulate


@pytest.fixture(scope="module")
def game():
    return load_game("narrow-seas")


@pytest.fixture
def capped(tmp_path, monkeypatch):
    """A pack copy whose round cap is 1: most games stall."""
    monkeypatch.chdir(tmp_path)
    root = copy_pack(tmp_path / "capped")
    edit(root / "game.yaml", "  round_cap: 40 ", "  round_cap: 1 ")
    return root


@pytest.mark.slow
def test_a_batch_is_a_pure_function_of_seed_and_agents(game):
    a = simulate(game, ("greedy", "random"), games=40, seed=3).to_dict()
    b = simulate(game, ("greedy", "random"), games=40, seed=3).to_dict()
    c = simulate(game, ("greedy", "random"), games=40, seed=4).to_dict()
    assert a == b
    assert a != c


@pytest.mark.slow
def test_the_result_does_not_depend_on_jobs(game):
    one = simulate(game, ("random", "random"), games=60, seed=11, jobs=1).to_dict()
    two = simulate(game, ("random", "random"), games=60, seed=11, jobs=2).to_dict()
    assert one == two
    assert one["games"] == 60 and one["finished"] + one["stalled"] == 60


@pytest.mark.slow
def test_mixed_agents_swap_seats_and_greedy_beats_random(game):
    r = simulate(game, ("greedy", "random"), games=60, seed=1).to_dict()
    assert r["wins_by_agent"]["greedy"]["of"] == 60 and r["wins_by_agent"]["random"]["of"] == 60
    assert r["wins_by_agent"]["greedy"]["count"] >= 50
    # seats alternate, so neither seat can hold every greedy win
    assert 15 <= r["wins_by_seat"]["p1"]["count"] <= 45


def test_greedy_games_finish_and_every_metric_is_filled(game):
    r = simulate(game, ("greedy", "greedy"), games=30, seed=2).to_dict()
    assert r["finished"] == 30 and r["stalled"] == 0
    assert set(r["victory"]) <= {"sink", "mercy"}
    assert sum(v["count"] for v in r["victory"].values()) == 30
    assert r["rounds"]["p10"] <= r["rounds"]["mean"] <= r["rounds"]["p90"]
    assert set(r["card_plays"]) <= {c.id for c in game.cards}
    assert sum(r["hex_visits"].values()) > 0
    assert set(r["hex_visits"]) <= {f"{h.q},{h.r}" for h in game.board.hexes}
    assert 0 <= r["dead_hands"]["total"] <= r["hand_turns"]["total"]  # the engine's figures: numbers are
    assert r["hand_turns"]["mean"] == round(r["hand_turns"]["total"] / 30, 3)  # totalled and averaged
    assert r["reshuffles"]["mean"] >= 0


@pytest.mark.slow
def test_games_at_the_round_cap_are_reported_as_stalled(capped):
    r = simulate(load_game(str(capped)), ("random", "random"), games=30, seed=1).to_dict()
    assert r["stalled"] > 0 and r["finished"] + r["stalled"] == 30
    assert r["stalled_seeds"] and len(r["stalled_seeds"]) == min(r["stalled"], 20)
    assert r["rounds"]["p90"] == 1


def test_percentile_and_aggregate_merge():
    hist = Counter({1: 1, 2: 8, 10: 1})
    assert (percentile(hist, 0.1), percentile(hist, 0.5), percentile(hist, 0.9)) == (1.0, 2.0, 2.0)
    a, b, whole = Aggregate(), Aggregate(), Aggregate()
    results = [GameResult(seed=i, agents=("x", "y"), winners=(i % 2,) if i % 3 else (),
                          victory="sink" if i % 3 else None, rounds=i, decisions=10 * i) for i in range(9)]
    for r in results[:4]:
        a.add(r)
    for r in results[4:]:
        b.add(r)
    for r in results:
        whole.add(r)
    a.merge(b)
    assert a.to_dict() == whole.to_dict()


def test_figures_roles_and_teams_are_aggregated_generically():
    agg, other = Aggregate(), Aggregate()
    for i in range(4):
        target = agg if i < 2 else other
        target.add(GameResult(seed=i, agents=("x", "x"), winners=(i % 2,), victory="points", rounds=3, decisions=9,
                              roles={"dealer": 0, "first": 1}, teams=("red", "blue"),
                              figures={"plays": Counter({"a": 1, ("b", 2): i}), "misses": i}))
    agg.add(GameResult(seed=9, agents=("x", "x"), winners=(), victory=None, rounds=40, decisions=99,
                       figures={"plays": Counter(), "misses": 0}))
    agg.merge(other)
    r = agg.to_dict()
    assert r["plays"] == {"b,2": 6, "a": 4}  # counters summed, most first; a tuple key as its parts
    assert r["misses"] == {"total": 6, "mean": 1.2}  # numbers averaged over every game
    assert r["wins_by_role"] == {"dealer": {"count": 2, "of": 4, "pct": 50.0, "ci95": 49.0},
                                 "first": {"count": 2, "of": 4, "pct": 50.0, "ci95": 49.0}}
    assert {k: v["count"] for k, v in r["wins_by_team"].items()} == {"red": 2, "blue": 2}
    assert (r["games"], r["finished"], r["stalled_seeds"]) == (5, 4, [9])


@pytest.mark.slow
def test_cli_json_and_report(tmp_path):
    runner = CliRunner()
    r = runner.invoke(main, ["simulate", "--games", "20", "--agents", "greedy,greedy", "--json",
                             "--report", str(tmp_path / "rep")])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 20 and data["agents"] == ["greedy", "greedy"]
    files = sorted(p.name for p in (tmp_path / "rep").iterdir())
    assert files == [MARKER, "heat.svg", "index.html", "length.svg", "result.json", "victory.svg", "wins-by-seat.svg"]
    for svg in (tmp_path / "rep").glob("*.svg"):
        ET.parse(svg)
    heat = ET.parse(tmp_path / "rep" / "heat.svg").getroot()
    cells = heat.findall(".//{http://www.w3.org/2000/svg}polygon")
    assert len(cells) == 61  # the board's hexes, drawn by the generic report from the engine's chart data
    shown = [t.text for t in heat.iter("{http://www.w3.org/2000/svg}text")][1:]
    assert sum(map(int, shown)) == sum(data["hex_visits"].values())
    assert json.loads((tmp_path / "rep" / "result.json").read_text())["games"] == 20


@pytest.mark.slow
def test_cli_table_and_errors():
    runner = CliRunner()
    r = runner.invoke(main, ["simulate", "--games", "10", "--agents", "greedy,greedy"])
    assert r.exit_code == 0
    assert r.output.startswith("games 10 · finished 10 · stalled 0\np1 wins ")
    bad = runner.invoke(main, ["simulate", "--agents", "greedy,rndom"])
    assert bad.exit_code == 1
    assert "unknown agent 'rndom' (expected one of: random, mcts, greedy) (did you mean 'random'?)" in bad.output
    assert "Traceback" not in bad.output
    crowd = runner.invoke(main, ["simulate", "--agents", "greedy,random,greedy"])
    assert crowd.exit_code == 1
    assert crowd.output == ("error: --agents: 3 agents for a 2-player game; give at most 2 "
                            "(fewer take turns in the seats)\n")


@pytest.mark.slow
def test_cli_agent_options_reach_the_agent_and_the_json():
    runner = CliRunner()
    r = runner.invoke(main, ["simulate", "--games", "2", "--agents", "mcts,greedy", "--agent-option",
                             "mcts.iterations=3", "--agent-option", "mcts.depth=1", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["agents"] == ["mcts", "greedy"] and data["agent_options"] == {"mcts.iterations": "3", "mcts.depth": "1"}
    assert data["finished"] == 2
    shape = "--agent-option: expected AGENT.OPTION=VALUE (e.g. mcts.iterations=200), got 'mcts.iterations'"
    for args, message in ((["mcts.iterations"], shape),
                          (["mcts.iterations=x"], "--agent-option mcts.iterations: expected a whole number, got 'x'"),
                          (["mcst.depth=1"], "unknown agent 'mcst' (expected one of: random, mcts, greedy)")):
        bad = runner.invoke(main, ["simulate", "--games", "2", "--agents", "mcts", "--agent-option", *args])
        assert bad.exit_code == 1 and bad.output.startswith(f"error: {message}"), bad.output
        assert "Traceback" not in bad.output and len(bad.output.splitlines()) == 1


@pytest.mark.slow
def test_build_stops_on_stalled_games_and_keeps_old_output(capped, tmp_path):
    runner = CliRunner()
    out = tmp_path / "out"
    ok = runner.invoke(main, ["build", str(capped), "--out", str(out), "--skip-sim", "--format", "svg"])
    assert ok.exit_code == 0, ok.output
    assert "simulation skipped (--skip-sim)" in ok.output
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    bad = runner.invoke(main, ["build", str(capped), "--out", str(out), "--format", "svg", "--sim-games", "20"])
    assert bad.exit_code == 1
    assert "quick simulation:" in bad.output and "stalled at the round cap (rules round_cap 1" in bad.output
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    forced = runner.invoke(main, ["build", str(capped), "--out", str(out), "--format", "svg", "--sim-games", "20",
                                  "--force"])
    assert forced.exit_code == 0, forced.output
    assert (out / "narrow-seas" / "report" / "index.html").is_file()
    assert b"report/index.html" in (out / "narrow-seas" / "index.html").read_bytes()


def test_team_games_count_every_winning_seat_and_team(game):
    r = simulate(game, ("greedy",), games=16, seed=1, players=4).to_dict()
    seats = {k: v["count"] for k, v in r["wins_by_seat"].items()}
    assert seats["p1"] == seats["p3"] and seats["p2"] == seats["p4"]
    assert seats["p1"] + seats["p2"] == r["finished"] == 16
    teams = {k: v["count"] for k, v in r["wins_by_team"].items()}
    assert teams == {"green": seats["p1"], "pink": seats["p2"]}


@pytest.mark.slow
def test_stalled_games_are_written_as_logs_that_replay(capped):
    runner = CliRunner()
    r = runner.invoke(main, ["simulate", str(capped), "--games", "6", "--agents", "greedy,random",
                             "--stalled-logs", "logs", "--json"])
    assert r.exit_code == 0, r.output
    stalled = json.loads(r.output)["stalled_seeds"]
    logs = sorted(p for p in (capped.parent / "logs").iterdir() if p.name != MARKER)
    assert stalled and [p.name for p in logs] == sorted(f"stalled-{s}.yaml" for s in stalled)
    for seed, log in zip(sorted(stalled), logs):
        first = log.read_text(encoding="utf-8").splitlines()[0]
        index = seed - 1_000_003
        seats = "greedy, random" if index % 2 == 0 else "random, greedy"  # mixed agents swap seats
        assert first.startswith(f"# game seed {seed}, seats {seats}: ")
        replayed = runner.invoke(main, ["replay", str(log)])
        assert replayed.exit_code == 0, replayed.output
        assert "all legal; game stopped at the round cap (round 1), no winner" in replayed.output


@pytest.mark.slow
def test_stalled_logs_of_an_earlier_batch_go(capped):
    logs = capped.parent / "logs"
    seeds = []
    for batch in ("1", "2"):
        r = CliRunner().invoke(main, ["simulate", str(capped), "--games", "5", "--seed", batch, "--json",
                                      "--stalled-logs", str(logs)])
        assert r.exit_code == 0, r.output
        seeds = json.loads(r.output)["stalled_seeds"]
    assert seeds and sorted(p.name for p in logs.iterdir()) == sorted([MARKER, *(f"stalled-{s}.yaml" for s in seeds)])


def test_a_logs_folder_holding_a_file_of_yours_is_refused_before_the_games(capped):
    logs = capped.parent / "logs"
    logs.mkdir()
    (logs / "notes.txt").write_text("mine", encoding="utf-8")
    r = CliRunner().invoke(main, ["simulate", str(capped), "--games", "5", "--stalled-logs", str(logs)])
    assert r.exit_code == 1
    assert r.output == (f"error: {logs} exists and pnpgen did not make it (no {MARKER} file in it); pnpgen replaces "
                        "only its own folders: move it away or choose another folder\n")
    assert sorted(p.name for p in logs.iterdir()) == ["notes.txt"]
    assert (logs / "notes.txt").read_text(encoding="utf-8") == "mine"


@pytest.mark.slow
def test_no_stalled_games_no_logs(tmp_path):
    r = CliRunner().invoke(main, ["simulate", "--games", "4", "--agents", "greedy,greedy",
                                  "--stalled-logs", str(tmp_path / "logs")])
    assert r.exit_code == 0, r.output
    assert r.output.endswith("no stalled games: no logs written\n")
    assert not (tmp_path / "logs").exists()
    write_atomically(tmp_path / "logs", {"stalled-7.yaml": b"old"})  # as an earlier batch left it
    r = CliRunner().invoke(main, ["simulate", "--games", "4", "--agents", "greedy,greedy",
                                  "--stalled-logs", str(tmp_path / "logs")])
    assert r.exit_code == 0 and [p.name for p in (tmp_path / "logs").iterdir()] == [MARKER]  # old logs go


def test_the_report_prints_each_engine_chart_with_its_caption(game):
    from pnpgen.engine.api import Chart
    from pnpgen.sim.report import report_files

    agg = Aggregate()
    agg.add(GameResult(seed=1, agents=("x", "x"), winners=(0,), victory="sink", rounds=3, decisions=9))
    chart = Chart("misses", "Misses", "bars", (("long shots", 3.0),), caption="shots that fell short <per game>")
    page = report_files(game, agg.to_dict(), [], [chart])["index.html"].decode("utf-8")
    assert '<img src="misses.svg" alt="Misses">' in page
    assert "<figcaption>shots that fell short &lt;per game&gt;</figcaption>" in page
