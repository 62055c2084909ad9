"""`simulate --compare`: a rule edit that changes the game is flagged, a re-run of the same content is not; `build`
keeps the previous report's result and prints the comparison."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from kit.packs import copy_pack, edit

from pnpgen.cli import main
from pnpgen.maths.stats import two_means, two_proportions
from pnpgen.sim.compare import comparison, comparison_lines

GAMES = "200"


def simulate_json(*args: str) -> dict:
    r = CliRunner().invoke(main, ["simulate", *args, "--games", GAMES, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    path = tmp_path_factory.mktemp("compare") / "before.json"
    path.write_text(json.dumps(simulate_json()), encoding="utf-8")
    return path


@pytest.mark.slow
def test_a_rerun_with_another_seed_of_the_same_content_moves_nothing(baseline):
    r = CliRunner().invoke(main, ["simulate", "--games", GAMES, "--seed", "2", "--compare", str(baseline)])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("compared with the previous result"))
    assert lines[head].startswith(f"compared with the previous result (seed 1, {GAMES} games): 0 of ")
    assert lines[head + 1].startswith("  first-player edge (first player (places first) wins): ")
    assert lines[head + 1].endswith("within noise") and lines[head + 2].endswith("within noise")
    assert len(lines) == head + 3  # only the headline figures: nothing else moved


@pytest.mark.slow
def test_a_smaller_mercy_margin_is_flagged(baseline, tmp_path):
    pack = copy_pack(tmp_path / "mercy2")
    edit(pack / "game.yaml", "  mercy_margin: 4\n", "  mercy_margin: 2\n")
    r = CliRunner().invoke(main, ["simulate", str(pack), "--games", GAMES, "--seed", "2", "--json", "--compare",
                                  str(baseline)])
    assert r.exit_code == 0, r.output
    found = json.loads(r.output)["comparison"]
    assert found["before"]["seed"] == 1 and found["after"]["seed"] == 2
    assert {"rounds a game (mean)", "victory by mercy", "victory by sink"} <= set(found["changed"])
    rounds = next(f for f in found["figures"] if f["name"] == "rounds a game (mean)")
    assert rounds["changed"] and rounds["p"] < found["threshold"] and float(rounds["after"]) < float(rounds["before"])
    assert all(f["changed"] == (f["p"] < found["threshold"]) for f in found["figures"])


def test_the_tests_and_the_threshold():
    assert two_proportions(60, 100, 40, 100) == pytest.approx(0.0047, abs=1e-4)
    assert two_proportions(50, 100, 50, 100) == 1.0
    assert two_means({"1": 50, "2": 50}, {"1": 50, "2": 50}) == 1.0
    assert two_means({"1": 90, "2": 10}, {"1": 10, "2": 90}) < 1e-9
    before = {"games": 100, "finished": 100, "finish_rate": {"count": 100, "of": 100, "pct": 100.0},
              "wins_by_seat": {"p1": {"count": 50, "of": 100, "pct": 50.0}}, "victory": {},
              "rounds": {"mean": 1.5, "histogram": {"1": 50, "2": 50}},
              "decisions": {"mean": 1.5, "histogram": {"1": 50, "2": 50}}}
    after = {**before, "wins_by_seat": {"p1": {"count": 75, "of": 100, "pct": 75.0}}}
    found = comparison(before, after)
    assert found["threshold"] == pytest.approx(0.05 / 4)  # family-wise 5 % over the four figures compared
    assert found["changed"] == ["p1 wins"]
    assert comparison_lines(before, after)[1] == "  rounds a game (mean): 1.5 → 1.5 (p = 1.0000): within noise"


@pytest.mark.slow
def test_build_keeps_the_previous_result_and_prints_the_comparison(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    args = ["build", "--out", str(out), "--format", "svg", "--sim-games", "20"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    assert "compared with the previous build" not in first.output
    report = out / "narrow-seas" / "report"
    assert not (report / "previous-result.json").exists()
    was = (report / "result.json").read_bytes()
    second = CliRunner().invoke(main, args)
    assert second.exit_code == 0, second.output
    assert "simulation compared with the previous build: 0 of " in second.output
    assert (report / "previous-result.json").read_bytes() == was
    assert "Compared with the previous result" in (report / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_file_that_is_no_result_is_one_line(tmp_path):
    for text, why in (("nope", "not a simulation result (Expecting value"), ('{"games": 3}', "simulate --json")):
        path = tmp_path / "previous.json"
        path.write_text(text, encoding="utf-8")
        r = CliRunner().invoke(main, ["simulate", "--games", "2", "--compare", str(path)])
        assert r.exit_code == 1 and r.output.startswith(f"error: --compare: {path}: ") and why in r.output
        assert len(r.output.splitlines()) == 1


@pytest.mark.slow
def test_a_tally_that_goes_below_zero_is_not_compared_as_shares():
    """Seas of Havoc's infamy by source counts damage as negative: it has no shares to compare (it ended a build's
    comparison with a math domain error when the games were few)."""
    from pnpgen.load.loader import load_game
    from pnpgen.sim.runner import result_of, simulate

    game = load_game("seas-of-havoc")
    before, after = (result_of(game, simulate(game, ("greedy", "greedy"), games=n), ("greedy", "greedy"), 1)
                     for n in (10, 20))
    assert min(after["infamy_by_source"].values()) < 0
    lines = comparison_lines(before, after)
    assert lines[0].startswith("compared with the previous result (seed 1, 10 games): ")
    assert not any("infamy by source" in line for line in lines)
    assert two_proportions(-2.6, 10, -5.0, 20) == 1.0
