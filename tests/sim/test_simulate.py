"""`pnpgen simulate` and the quick simulation in `build`: seeded, independent of --jobs, unfinished games reported,
rates with Wilson intervals, roles, comparisons."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from click.testing import CliRunner
from kit.packs import copy_pack, edit

from pnpgen.cli import main
from pnpgen.files.atomic import MARKER, write_atomically
from pnpgen.load.loader import load_game
from pnpgen.sim.metrics import Aggregate, GameResult, percentile
from pnpgen.sim.runner import simulate


@pytest.fixture(scope="module")
def game():
    return load_game("narrow-seas")


@pytest.fixture
def capped(tmp_path, monkeypatch):
    """A pack copy whose simulation budget is 1 round: most games are unfinished."""
    monkeypatch.chdir(tmp_path)
    root = copy_pack(tmp_path / "capped")
    edit(root / "game.yaml", "  max_rounds: 60 ", "  max_rounds: 1 ")
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
    assert one["games"] == 60 and one["finished"] + one["unfinished"] == 60


@pytest.mark.slow
def test_mixed_agents_swap_seats_and_greedy_beats_random(game):
    r = simulate(game, ("greedy", "random"), games=60, seed=1).to_dict()
    assert r["wins_by_agent"]["greedy"]["of"] == 60 and r["wins_by_agent"]["random"]["of"] == 60
    assert r["wins_by_agent"]["greedy"]["count"] >= 50
    # seats alternate, so neither seat can hold every greedy win
    assert 15 <= r["wins_by_seat"]["p1"]["count"] <= 45


@pytest.mark.slow
def test_greedy_games_finish_and_every_metric_is_filled(game):
    r = simulate(game, ("greedy", "greedy"), games=30, seed=2).to_dict()
    assert r["finished"] == 30 and r["unfinished"] == 0
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
def test_games_still_running_at_the_budget_are_reported_as_unfinished_never_as_a_victory(capped):
    r = simulate(load_game(str(capped)), ("random", "random"), games=30, seed=1).to_dict()
    assert r["unfinished"] > 0 and r["finished"] + r["unfinished"] == 30
    assert r["unfinished_seeds"] and len(r["unfinished_seeds"]) == min(r["unfinished"], 20)
    assert r["rounds"]["p90"] == 1
    assert sum(v["count"] for v in r["victory"].values()) == r["finished"]  # no victory type for the unfinished
    assert r["finish_rate"]["count"] == r["finished"] and r["finish_rate"]["of"] == 30


@pytest.mark.slow
def test_max_rounds_overrides_the_content_budget(game):
    short = simulate(game, ("random",), games=20, seed=1, max_rounds=2).to_dict()
    assert short["unfinished"] > 0 and max(map(int, short["rounds"]["histogram"])) == 2
    r = CliRunner().invoke(main, ["simulate", "--games", "6", "--agents", "random", "--max-rounds", "2", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["max_rounds"] == 2 and data["unfinished"] > 0


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
    assert r["wins_by_role"] == {"dealer": {"count": 2, "of": 4, "pct": 50.0, "low": 15.0, "high": 85.0,
                                            "seats": {"p1": 4}},
                                 "first": {"count": 2, "of": 4, "pct": 50.0, "low": 15.0, "high": 85.0,
                                           "seats": {"p2": 4}}}
    assert {k: v["count"] for k, v in r["wins_by_team"].items()} == {"red": 2, "blue": 2}
    assert (r["games"], r["finished"], r["unfinished_seeds"]) == (5, 4, [9])
    assert r["first_player_edge"] == {"role": "dealer", "even": 50.0, "count": 2, "of": 4, "pct": 50.0, "low": 15.0,
                                      "high": 85.0, "edge": 0.0, "clear": False}


@pytest.mark.slow
def test_cli_json_and_report(tmp_path):
    runner = CliRunner()
    r = runner.invoke(main, ["simulate", "--games", "20", "--agents", "greedy,greedy", "--json",
                             "--report", str(tmp_path / "rep")])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 20 and data["agents"] == ["greedy", "greedy"]
    files = sorted(p.name for p in (tmp_path / "rep").iterdir())
    assert files == [MARKER, "heat.svg", "index.html", "length.svg", "result.json", "victory.svg", "wins-by-role.svg",
                     "wins-by-seat.svg"]
    for svg in (tmp_path / "rep").glob("*.svg"):
        ET.parse(svg)
    heat = ET.parse(tmp_path / "rep" / "heat.svg").getroot()
    cells = heat.findall(".//{http://www.w3.org/2000/svg}polygon")
    assert len(cells) == 61  # the board's hexes, drawn by the generic report from the engine's chart data
    shown = [t.text for t in heat.iter("{http://www.w3.org/2000/svg}text")][1:]
    assert sum(map(int, shown[:61])) == sum(data["hex_visits"].values())
    top = max(data["hex_visits"].values())
    assert shown[61:] == ["0", str(top), "grey scale: ships standing on the hex at a plan, all games (count)",
                          "outline: the cell's suit (its colour)"]  # the legend
    fills = {c.get("fill") for c in cells}
    assert all(f.startswith("rgb(") and len(set(f[4:-1].split(","))) == 1 for f in fills)  # greys: no suit's hue
    assert json.loads((tmp_path / "rep" / "result.json").read_text())["games"] == 20
    page = (tmp_path / "rep" / "index.html").read_text(encoding="utf-8")
    assert ("<p class='run'>narrow-seas 2026.01 · 2 players · greedy vs greedy · seed 1 · 20 games · budget 60 "
            "rounds</p>") in page


def texts(svg) -> list[str]:
    return [t.text for t in ET.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}text")]


@pytest.mark.slow
def test_every_report_chart_names_its_axes_and_win_charts_show_even_and_intervals(tmp_path):
    r = CliRunner().invoke(main, ["simulate", "--games", "12", "--agents", "greedy,random", "--report",
                                  str(tmp_path / "rep")])
    assert r.exit_code == 0, r.output
    rep = tmp_path / "rep"
    length = texts(rep / "length.svg")
    assert "rounds played (unfinished games: the budget)" in length and "games" in length
    assert "percent of finished games" in texts(rep / "victory.svg")
    for name in ("wins-by-seat", "wins-by-role", "wins-by-agent"):
        shown = texts(rep / f"{name}.svg")
        assert "even 50%" in shown and "percent of finished games won" in shown, name
        assert "dot: the rate; line: its 95 % Wilson interval; dashed: an even game" in shown
        assert any(s.endswith(" of 12") for s in shown)  # each rate names its games
        root = ET.parse(rep / f"{name}.svg").getroot()
        dashed = [x for x in root.iter("{http://www.w3.org/2000/svg}line") if x.get("stroke-dasharray")]
        assert len(dashed) == 1 and dashed[0].get("x1") == dashed[0].get("x2")  # the 50 % line


@pytest.mark.slow
def test_cli_table_and_errors():
    runner = CliRunner()
    r = runner.invoke(main, ["simulate", "--games", "10"])
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0] == "narrow-seas 2026.01 · 2 players · greedy · seed 1 · 10 games · budget 60 rounds"
    assert lines[1] == "games 10 · finished 10 · unfinished 0"
    assert lines[2].startswith("first-player edge: first player (places first) wins ")
    assert lines[3].startswith("margin: ±") and "(a 5-point edge needs 385 games)" in lines[3]
    assert lines[4].startswith("by role: first player (places first) ") and " of 10 · second player (sets the " \
        "wind) " in lines[4]
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
def test_build_stops_on_unfinished_games_and_keeps_old_output(capped, tmp_path):
    runner = CliRunner()
    out = tmp_path / "out"
    ok = runner.invoke(main, ["build", str(capped), "--out", str(out), "--skip-sim", "--format", "svg"])
    assert ok.exit_code == 0, ok.output
    assert "simulation skipped (--skip-sim)" in ok.output
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    bad = runner.invoke(main, ["build", str(capped), "--out", str(out), "--format", "svg", "--sim-games", "20"])
    assert bad.exit_code == 1
    assert "quick simulation:" in bad.output and "unfinished after 1 rounds (sim: max_rounds" in bad.output
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    forced = runner.invoke(main, ["build", str(capped), "--out", str(out), "--format", "svg", "--sim-games", "20",
                                  "--force"])
    assert forced.exit_code == 0, forced.output
    assert (out / "narrow-seas" / "report" / "index.html").is_file()
    assert b"report/index.html" in (out / "narrow-seas" / "index.html").read_bytes()


@pytest.mark.slow
def test_team_games_count_every_winning_seat_and_team(game):
    r = simulate(game, ("greedy",), games=16, seed=1, players=4).to_dict()
    seats = {k: v["count"] for k, v in r["wins_by_seat"].items()}
    assert seats["p1"] == seats["p3"] and seats["p2"] == seats["p4"]
    assert seats["p1"] + seats["p2"] == r["finished"] == 16
    teams = {k: v["count"] for k, v in r["wins_by_team"].items()}
    assert teams == {"green": seats["p1"], "pink": seats["p2"]}


@pytest.mark.slow
def test_unfinished_games_are_written_as_logs_that_replay(capped):
    runner = CliRunner()
    r = runner.invoke(main, ["simulate", str(capped), "--games", "6", "--agents", "greedy,random",
                             "--unfinished-logs", "logs", "--json"])
    assert r.exit_code == 0, r.output
    unfinished = json.loads(r.output)["unfinished_seeds"]
    logs = sorted(p for p in (capped.parent / "logs").iterdir() if p.name != MARKER)
    assert unfinished and [p.name for p in logs] == sorted(f"unfinished-{s}.yaml" for s in unfinished)
    for seed, log in zip(sorted(unfinished), logs):
        lines = log.read_text(encoding="utf-8").splitlines()
        index = seed - 1_000_003
        seats = "greedy, random" if index % 2 == 0 else "random, greedy"  # mixed agents swap seats
        assert lines[0].startswith(f"# game seed {seed}, seats {seats}: ")
        assert lines[1].startswith("# unfinished: the simulation stopped it after round 1 (its budget, not a rule)")
        replayed = runner.invoke(main, ["replay", str(log)])
        assert replayed.exit_code == 0, replayed.output
        assert "all legal; round 2, plan phase" in replayed.output  # the game goes on: no rule ended it


@pytest.mark.slow
def test_unfinished_logs_of_an_earlier_batch_go(capped):
    logs = capped.parent / "logs"
    seeds = []
    for batch in ("1", "2"):
        r = CliRunner().invoke(main, ["simulate", str(capped), "--games", "5", "--seed", batch, "--json",
                                      "--agents", "random", "--unfinished-logs", str(logs)])
        assert r.exit_code == 0, r.output
        seeds = json.loads(r.output)["unfinished_seeds"]
    assert seeds
    assert sorted(p.name for p in logs.iterdir()) == sorted([MARKER, *(f"unfinished-{s}.yaml" for s in seeds)])


def test_a_logs_folder_holding_a_file_of_yours_is_refused_before_the_games(capped):
    logs = capped.parent / "logs"
    logs.mkdir()
    (logs / "notes.txt").write_text("mine", encoding="utf-8")
    r = CliRunner().invoke(main, ["simulate", str(capped), "--games", "5", "--unfinished-logs", str(logs)])
    assert r.exit_code == 1
    assert r.output == (f"error: {logs} exists and pnpgen did not make it (no {MARKER} file in it); pnpgen replaces "
                        "only its own folders: move it away or choose another folder\n")
    assert sorted(p.name for p in logs.iterdir()) == ["notes.txt"]
    assert (logs / "notes.txt").read_text(encoding="utf-8") == "mine"


@pytest.mark.slow
def test_no_unfinished_games_no_logs(tmp_path):
    r = CliRunner().invoke(main, ["simulate", "--games", "4", "--agents", "greedy,greedy",
                                  "--unfinished-logs", str(tmp_path / "logs")])
    assert r.exit_code == 0, r.output
    assert r.output.endswith("no unfinished games: no logs written\n")
    assert not (tmp_path / "logs").exists()
    write_atomically(tmp_path / "logs", {"unfinished-7.yaml": b"old"})  # as an earlier batch left it
    r = CliRunner().invoke(main, ["simulate", "--games", "4", "--agents", "greedy,greedy",
                                  "--unfinished-logs", str(tmp_path / "logs")])
    assert r.exit_code == 0 and [p.name for p in (tmp_path / "logs").iterdir()] == [MARKER]  # old logs go


def test_the_report_prints_each_engine_chart_with_its_caption(game):
    from pnpgen.engine.api import Chart
    from pnpgen.sim.report import report_files

    agg = Aggregate()
    agg.add(GameResult(seed=1, agents=("x", "x"), winners=(0,), victory="sink", rounds=3, decisions=9))
    chart = Chart("misses", "Misses", "bars", (("long shots", 3.0),), caption="shots that fell short <per game>")
    result = {"game": "narrow-seas", "agents": ["x"], "seed": 1, **agg.to_dict()}
    page = report_files(game, result, [], [chart])["index.html"].decode("utf-8")
    assert '<img src="misses.svg" alt="Misses">' in page
    assert "<figcaption>shots that fell short &lt;per game&gt;</figcaption>" in page


def test_twenty_wins_of_twenty_have_a_wilson_interval_not_a_certainty():
    from pnpgen.maths.stats import wilson

    rate = wilson(20, 20)
    assert rate.pct == 100.0 and rate.high == 100.0 and round(rate.low, 1) == 83.9
    agg = Aggregate()
    for i in range(20):
        agg.add(GameResult(seed=i, agents=("x", "x"), winners=(0,), victory="sink", rounds=2, decisions=5))
    assert agg.to_dict()["wins_by_seat"]["p1"] == {"count": 20, "of": 20, "pct": 100.0, "low": 83.9, "high": 100.0}
    assert wilson(3, 200).as_dict() == {"count": 3, "of": 200, "pct": 1.5, "low": 0.5, "high": 4.3}


@pytest.mark.slow
@pytest.mark.parametrize("players, roles", [
    (2, {"first player (places first)", "second player (sets the wind)"}),
    (4, {"first player (token team)", "wind setter"}),
])
def test_simulate_json_gives_win_rates_by_setup_role(players, roles):
    r = CliRunner().invoke(main, ["simulate", "--games", "20", "--players", str(players), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["agents"] == ["greedy"] and data["seed"] == 1 and data["games"] == 20 and data["players"] == players
    by_role = data["wins_by_role"]
    assert set(by_role) == roles
    first, other = (by_role[name] for name in sorted(roles, key=lambda n: not n.startswith("first")))
    assert first["of"] == other["of"] == data["finished"] == 20
    if players == 2:  # one of the two wins every game; the first player is drawn at random, so seats vary
        assert first["count"] + other["count"] == 20 and len(first["seats"]) == 2
        assert sum(first["seats"].values()) == 20
    else:  # the four-player game's token starts with player 1; player 4 sets the wind (the other team)
        assert first["seats"] == {"p1": 20} and other["seats"] == {"p4": 20}
        assert first["count"] == data["wins_by_team"]["green"]["count"]
        assert first["count"] + other["count"] == 20
    edge = data["first_player_edge"]
    assert edge["role"] == next(iter(by_role)) and edge["role"].startswith("first player")
    assert (edge["count"], edge["of"], edge["even"]) == (first["count"], 20, 50.0)
    assert edge["low"] <= edge["pct"] <= edge["high"] and edge["clear"] == (not edge["low"] <= 50 <= edge["high"])
    assert all({"low", "high", "of"} <= set(v) for v in data["wins_by_seat"].values())


@pytest.mark.slow
def test_a_simulation_told_when_it_has_enough_plays_the_first_games_of_the_batch_only():
    from pnpgen.load.loader import load_game
    from pnpgen.sim.runner import simulate

    game = load_game("narrow-seas")
    seen = []

    def enough(agg) -> bool:
        seen.append(agg.games)
        return agg.games >= 30

    stopped = simulate(game, ("random",), games=100, seed=3, enough=enough)
    assert seen == [10, 20, 30]  # asked after each chunk, until it answered yes
    assert stopped.to_dict() == simulate(game, ("random",), games=30, seed=3).to_dict()


def test_resolution_is_the_widest_half_interval_of_the_first_role_and_the_seats():
    from pnpgen.maths.stats import wilson
    from pnpgen.sim.metrics import Aggregate

    agg = Aggregate(seats=2)
    assert agg.resolution() == float("inf")
    agg.games = agg.finished = 200
    agg.wins_by_seat.update({0: 120, 1: 80})
    widest = max((r.high - r.low) / 2 for r in (wilson(120, 200), wilson(80, 200)))
    assert agg.resolution() == pytest.approx(widest)


def test_the_quick_simulation_says_the_smallest_edge_it_can_tell():
    from pnpgen.maths.stats import resolution_line as resolution_words

    assert resolution_words(4.96, 385, "narrow-seas") == (
        "385 finished games tell an edge of 5 points or more from an even game")
    assert resolution_words(6.93, 200, "narrow-seas") == (
        "200 finished games cannot tell an edge under 7 points from an even game; run `pnpgen simulate narrow-seas "
        "--games 400` to tell one of 5")
    assert resolution_words(float("inf"), 0, "x") == "no game finished, so no edge can be told"
