"""`pnpgen sweep`: a grid of rule variants, each played with the same seeds, the same totals on every executor."""

from __future__ import annotations

import json
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from click.testing import CliRunner
from kit.packs import copy_pack, edit

from pnpgen.cli import main
from pnpgen.errors import ContentErrors, PnpgenError
from pnpgen.files.atomic import MARKER
from pnpgen.load.loader import load_game
from pnpgen.sim import executors
from pnpgen.sim.executors import DaskExecutor, LocalExecutor, executor_named
from pnpgen.sim.metrics import Aggregate, GameResult
from pnpgen.sim.overrides import check_settings, grid, label, parse_setting, with_overrides
from pnpgen.sim.packs import pack_of, unpacked
from pnpgen.sim.runner import simulate
from pnpgen.sim.sweep import result_of, sweep, table_lines

AGENTS = ("greedy", "random")
GAMES = 30  # two chunks of the sweep's (20 games), three of the simulator's (10)


@pytest.fixture(autouse=True)
def private_temp(tmp_path, monkeypatch):
    """Packs unpack into this test's own temporary folder (worker processes fork with it)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()


@pytest.fixture(scope="module")
def game():
    return load_game("narrow-seas")


@pytest.fixture(scope="module")
def settings():
    return [parse_setting("rules.mercy_margin=3,5"), parse_setting("rules.hand_size=5,6")]


def swept(game, settings, executor, games=GAMES) -> dict:
    variants = sweep(game, settings, AGENTS, games=games, seed=7, executor=executor)
    return result_of(game, settings, variants, AGENTS, games, 7, None)


@pytest.fixture(scope="module")
def local_one(game, settings):
    return swept(game, settings, LocalExecutor(1))


# -- the grid and its values -------------------------------------------------------------------------------
def test_settings_are_read_as_written():
    assert parse_setting("rules.mercy_margin=3,4,5").values == ("3", "4", "5")
    assert parse_setting("rules.hand_size=4..7").values == ("4", "5", "6", "7")
    assert parse_setting("rules.seating=[1, 2, 3, 4],[1, 3, 2, 4]").values == ("[1, 2, 3, 4]", "[1, 3, 2, 4]")
    assert parse_setting("rules.placement = choose, prescribed").values == ("choose", "prescribed")
    assert parse_setting("cards.wind.count=0,2").values == ("0", "2")


@pytest.mark.parametrize("text, message", [
    ("rules.hand_size", "expected KEY=VALUE[,VALUE...]"),
    ("rules.hand_size=", "expected KEY=VALUE[,VALUE...]"),
    ("hand_size=5", "the key must be rules.NAME"),
    ("cards.wind=2", "the key must be rules.NAME (a rules parameter of the game's engine) or cards.ID.count"),
    ("rules.teams.green=1", "the key must be rules.NAME"),
    ("rules.hand_size=5,,6", "an empty value between commas"),
    ("rules.hand_size=5,5", "value '5' is given twice"),
    ("rules.hand_size=7..4", "the range 7..4 must run upwards"),
])
def test_a_malformed_setting_is_one_line(text, message):
    with pytest.raises(PnpgenError) as e:
        parse_setting(text)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_the_grid_is_every_combination_first_setting_slowest(settings):
    assert [label(o) for o in grid(settings)] == ["mercy_margin=3 hand_size=5", "mercy_margin=3 hand_size=6",
                                                  "mercy_margin=5 hand_size=5", "mercy_margin=5 hand_size=6"]
    assert grid([]) == [()] and label(()) == "as written"


@pytest.mark.parametrize("setting, line", [
    ("rules.hand_size=0", "--set rules.hand_size=0: error: rules: 'hand_size' must be from 1 to 30, got 0"),
    ("rules.hand_size=six", "--set rules.hand_size=six: error: rules: 'hand_size' must be a whole number, got 'six'"),
    ("rules.hand_sise=5", "--set rules.hand_sise=5: error: rules: unknown parameter 'hand_sise' (did you mean "
                          "'hand_size'?)"),
    ("rules.placement=chose", "--set rules.placement=chose: error: rules: 'placement': unknown value 'chose' "
                              "(expected one of: choose, prescribed) (did you mean 'choose'?)"),
    ("rules.hand_size=[1,", "--set rules.hand_size=[1,: error: YAML syntax error: expected the node content, but "
                            "found '<stream end>'"),
    ("cards.wind.count=-1", "--set cards.wind.count=-1: error: card 'wind': field 'count' must be from 0 to 1000, got "
                            "-1"),
    ("cards.blue-reech.count=2", "--set cards.blue-reech.count=2: error: unknown card 'blue-reech' (did you mean "
                                 "'blue-reach'?)"),
    ("cards.wind.name=Gale", "--set cards.wind.name=Gale: error: card 'wind': only its count can be set, not 'name'"),
])
def test_values_are_checked_against_the_engines_declarations(game, setting, line):
    with pytest.raises(ContentErrors) as e:
        check_settings(game, [parse_setting("rules.mercy_margin=3"), parse_setting(setting)])
    assert [str(x) for x in e.value.errors] == [line]


def test_a_key_set_twice_is_refused(game):
    with pytest.raises(PnpgenError, match="--set rules.hand_size is given twice"):
        check_settings(game, [parse_setting("rules.hand_size=5"), parse_setting("rules.hand_size=6")])


def test_values_are_laid_over_the_game_and_its_variants(game):
    changed = with_overrides(game, (("rules.mercy_margin", "9"), ("rules.hand_size", "5")))
    assert (changed.rules["mercy_margin"], changed.rules["hand_size"]) == (9, 5)
    assert str(changed.rules.loc("mercy_margin")) == "--set rules.mercy_margin=9"
    four = changed.with_variant(changed.variant_for(4).id)
    assert four.rules["mercy_margin"] == 9  # the four-player variant sets 7 over the game's 4; the sweep's value wins
    assert game.rules["mercy_margin"] == 4 and game.with_variant("four-player").rules["mercy_margin"] == 7


def test_a_card_count_is_set_in_every_deck_that_holds_it(game):
    changed = with_overrides(game, (("cards.red-run.count", "3"),))
    four = changed.with_variant("four-player")
    sizes = {d.id: (d.size, d.declared_count) for d in four.decks}
    assert sizes == {"action": (24, None), "deck-b": (24, None)}  # deck B repeats the action deck's cards
    assert changed.declared == () and four.declared == ()  # the pack's totals count it as written
    assert {d.id: d.size for d in game.with_variant("four-player").decks} == {"action": 22, "deck-b": 22}
    assert game.declared != ()


# -- playing it ----------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_each_variant_plays_the_same_seeds_as_simulate(game, local_one):
    """The variant with the content's own values is exactly `simulate` of the content: same seeds, same games."""
    written = next(v for v in local_one["variants"] if v["set"] == {"rules.mercy_margin": "3", "rules.hand_size": "6"})
    assert not written["as_written"]  # the content's margin is 4
    plain = swept(game, [parse_setting("rules.mercy_margin=4"), parse_setting("rules.hand_size=6")], LocalExecutor(1))
    (only,) = plain["variants"]
    assert only["as_written"]
    assert only["result"] == simulate(game, AGENTS, games=GAMES, seed=7).to_dict()


@pytest.mark.slow
def test_the_values_change_the_games(local_one):
    results = {v["variant"]: v["result"] for v in local_one["variants"]}
    assert [v["result"]["games"] for v in local_one["variants"]] == [GAMES] * 4
    narrow, wide = results["mercy_margin=3 hand_size=6"], results["mercy_margin=5 hand_size=6"]
    assert narrow["rounds"]["mean"] < wide["rounds"]["mean"]  # a smaller margin ends games sooner
    assert narrow["victory"]["mercy"]["count"] > wide["victory"]["mercy"]["count"]


@pytest.mark.slow
def test_two_local_workers_give_the_same_totals(game, settings, local_one):
    assert swept(game, settings, LocalExecutor(2)) == local_one


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_totals(game, settings, local_one):
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed (pip install "
                                                           "'pnpgen[dask]')")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address="127.0.0.1:0") as c:
        on_dask = swept(game, settings, DaskExecutor(c.scheduler_address))
    assert on_dask == local_one


@pytest.mark.slow
def test_a_value_that_breaks_the_content_is_reported_for_its_variant_only(game):
    settings = [parse_setting("rules.crew_per_ship=3,4")]
    variants = sweep(game, settings, ("greedy",), games=10, executor=LocalExecutor(1))
    broken, fine = variants
    assert broken.aggregate is None and fine.aggregate.games == 10
    assert broken.errors[0].endswith("error: ship card 'A': crew 4, expected 3 (rules crew_per_ship)")
    assert fine.errors == [] and fine.as_written
    lines = table_lines(result_of(game, settings, variants, ("greedy",), 10, 1, None))
    assert lines[2].split() == ["crew_per_ship=3", "check", "error", "-", "-", "-"]
    assert any(line.startswith("crew_per_ship=3: ") and "crew 4, expected 3" in line for line in lines)


@pytest.mark.slow
def test_rules_the_engine_cannot_set_up_are_reported_for_their_variant(game):
    variants = sweep(game, [parse_setting("rules.wind_setter=second,3")], ("greedy",), games=10,
                     executor=LocalExecutor(1))
    assert variants[0].aggregate.games == 10
    assert variants[1].errors == ["--set rules.wind_setter=3: error: rules: 'wind_setter' is player 3, but the game "
                                  "has players 1 to 2"]


@pytest.mark.slow
def test_a_card_count_sweep_plays_the_counts():
    eis = load_game("enemy-in-sight")
    settings = [parse_setting("cards.broadsides-4.count=0,5")]
    none, written = sweep(eis, settings, ("greedy",), games=20, players=3, executor=LocalExecutor(1))
    assert (none.as_written, written.as_written, none.errors, written.errors) == (False, True, [], [])
    plays = [v.aggregate.to_dict()["cards_played"].get("broadsides-4", 0) for v in (none, written)]
    assert plays[0] == 0 < plays[1]


@pytest.mark.slow
def test_agents_are_checked_before_any_game(game):
    with pytest.raises(PnpgenError, match="unknown agent 'gready'"):
        sweep(game, [parse_setting("rules.hand_size=5")], ("gready",), games=10)
    with pytest.raises(PnpgenError, match="3 agents for a 2-player game"):
        sweep(game, [], ("greedy", "random", "greedy"), games=10)


# -- the role edge -----------------------------------------------------------------------------------------
def test_the_edge_is_the_first_role_of_the_finished_games():
    agg = Aggregate()
    for i in range(10):
        agg.add(GameResult(seed=i, agents=("x", "x"), winners=(0,) if i < 7 else (1,), victory="sink", rounds=3,
                           decisions=9, roles={"deals": 0, "sets the wind": 1}))
    agg.add(GameResult(seed=99, agents=("x", "x"), winners=(), victory=None, rounds=40, decisions=99,
                       roles={"deals": 0, "sets the wind": 1}))
    edge = agg.first_player_edge()
    assert (edge["role"], edge["count"], edge["of"], edge["pct"], edge["even"], edge["edge"]) == (
        "deals", 7, 10, 70.0, 50.0, 20.0)
    assert (edge["low"], edge["high"], edge["clear"]) == (39.7, 89.2, False)  # Wilson, 95 %


def test_without_roles_the_edge_is_seat_ones():
    agg = Aggregate(seats=4)
    for i in range(200):
        agg.add(GameResult(seed=i, agents=("x",) * 4, winners=(0, 2) if i % 4 else (1, 3), victory="sink",
                           rounds=3, decisions=9, figures={}, teams=(1, 2, 1, 2)))
    edge = agg.first_player_edge()
    assert (edge["role"], edge["pct"], edge["edge"], edge["clear"]) == ("p1", 75.0, 25.0, True)


# -- executors -----------------------------------------------------------------------------------------------
def test_executor_words_from_the_command_line(monkeypatch):
    assert executor_named("local", 3).jobs == 3
    monkeypatch.setattr(executors.os, "cpu_count", lambda: 6)
    assert executor_named("local").jobs == 6
    for args, message in [(("dask",), "--executor dask needs --scheduler ADDRESS"),
                          (("local", None, "tcp://h:8786"), "--scheduler is for --executor dask"),
                          (("dask", 2, "tcp://h:8786"), "--jobs is for --executor local"),
                          (("ray",), "unknown executor 'ray'")]:
        with pytest.raises(PnpgenError, match=message):
            executor_named(*args)


@pytest.mark.parametrize(("address", "why"), [
    ("nonsense", "missing port number in address 'nonsense'"),
    ("tcp://scheduler-host:port", "invalid literal for int() with base 10: 'port'"),
    ("tcp://scheduler-host:0", "port 0 is not from 1 to 65535"),
    ("foo://scheduler-host:8786", "unknown address scheme 'foo'"),
    ("inproc://scheduler", "pnpgen reaches a scheduler by tcp://, tls://, ws://, wss://, not inproc://"),
    ("::1", "invalid address '::1'; maybe: ipv6 needs brackets like [::1]"),
])
def test_a_scheduler_address_dask_cannot_read_is_one_line_before_any_connection(address, why):
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    got = CliRunner().invoke(main, ["sweep", "--executor", "dask", "--scheduler", address, "--games", "2"])
    assert got.exit_code == 1 and not isinstance(got.exception, Exception), got.output
    assert got.output.startswith(f"error: --scheduler {address}: not a Dask scheduler's address ({why}")
    assert got.output.endswith("; expected tcp://HOST:PORT, such as tcp://scheduler-host:8786\n")
    assert got.output.count("\n") == 1  # (a client that failed in a thread waited 20 s, then two tracebacks)


def test_without_the_dask_extra_the_error_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now raises ImportError
    with pytest.raises(PnpgenError) as e:
        DaskExecutor("tcp://h:8786")
    assert str(e.value) == "--executor dask needs Dask's distributed scheduler: pip install 'pnpgen[dask]'"


@pytest.mark.slow
def test_a_scheduler_without_workers_is_named(game, monkeypatch):
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 0.5)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address="127.0.0.1:0") as c:
        with pytest.raises(PnpgenError, match=r"no Dask worker joined within 0.5 s; start some with `dask worker"):
            sweep(game, [], ("greedy",), games=5, executor=DaskExecutor(c.scheduler_address))


@pytest.mark.slow
def test_a_worker_on_another_version_of_pnpgen_is_named(game, monkeypatch):
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
    monkeypatch.setattr(executors, "worker_version", lambda: "0.0.1")
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address="127.0.0.1:0") as c:
        with pytest.raises(PnpgenError, match=r"Dask worker .* runs pnpgen 0.0.1, this is \d"):
            sweep(game, [], ("greedy",), games=5, executor=DaskExecutor(c.scheduler_address))


# -- the pack sent to workers ----------------------------------------------------------------------------------
def test_a_pack_unpacks_to_the_same_files_named_by_their_digest(tmp_path):
    root = copy_pack(tmp_path / "my-game")
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref")
    pack = pack_of(root)
    assert pack.name == "my-game" and ".git/HEAD" not in dict(pack.files) and "game.yaml" in dict(pack.files)
    home = unpacked(pack)
    assert home.name == "my-game" and home.parent.name == pack.digest
    copied = sorted(p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file())
    assert copied == sorted(dict(pack.files)) and len(copied) > 5
    assert all((home / rel).read_bytes() == data for rel, data in pack.files)
    assert unpacked(pack) == home
    edit(root / "game.yaml", "hand_size: 6", "hand_size: 5")
    assert pack_of(root).digest != pack.digest


# -- the command -------------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_cli_table_json_and_report(tmp_path):
    runner = CliRunner()
    args = ["sweep", "--set", "rules.mercy_margin=3,4", "--set", "rules.hand_size=6", "--games", "20", "--jobs", "1"]
    table = runner.invoke(main, args)
    assert table.exit_code == 0, table.output
    lines = table.output.splitlines()
    assert lines[0] == "narrow-seas 2026.01 · 2 players · greedy · seed 1 · 2 variants × 20 games"
    assert lines[1].split()[:2] == ["variant", "finished"]
    assert lines[2].startswith("mercy_margin=3 hand_size=6 ") and lines[3].startswith("mercy_margin=4 hand_size=6 *")
    assert "100% of 20" in lines[3]
    r = runner.invoke(main, [*args, "--json", "--report", str(tmp_path / "rep")])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["parameters"] == {"rules.mercy_margin": ["3", "4"], "rules.hand_size": ["6"]}
    assert [v["variant"] for v in data["variants"]] == ["mercy_margin=3 hand_size=6", "mercy_margin=4 hand_size=6"]
    files = sorted(p.name for p in (tmp_path / "rep").iterdir())
    assert files == [MARKER, "edge.svg", "finish-rate.svg", "index.html", "length.svg", "sweep.json", "victory.svg"]
    assert json.loads((tmp_path / "rep" / "sweep.json").read_text()) == data
    svg = "{http://www.w3.org/2000/svg}"
    for name in ("edge.svg", "finish-rate.svg", "length.svg"):
        root = ET.parse(tmp_path / "rep" / name).getroot()
        assert len(root.findall(f".//{svg}circle")) == 2  # a dot per variant
    texts = Counter(t.text for t in ET.parse(tmp_path / "rep" / "victory.svg").getroot().iter(f"{svg}text"))
    assert texts["mercy"] == 1 and texts["sink"] == 1  # the legend
    assert "mercy_margin=4 hand_size=6 *" in (tmp_path / "rep" / "index.html").read_text()


@pytest.mark.slow
def test_cli_broken_variant_exits_1_after_playing_the_others(pack):
    r = CliRunner().invoke(main, ["sweep", str(pack), "--set", "rules.crew_per_ship=4,5", "--games", "10",
                                  "--jobs", "1"])
    assert r.exit_code == 1
    assert "crew_per_ship=4 *  100% of 10" in r.output
    assert "crew_per_ship=5: narrow-seas/ships.yaml:3:3: error: ship card 'A': crew 4, expected 5" in r.output


def test_cli_bad_setting_is_one_line_and_exit_1():
    r = CliRunner().invoke(main, ["sweep", "--set", "rules.hand_size=0"])
    assert r.exit_code == 1
    assert r.output == "--set rules.hand_size=0: error: rules: 'hand_size' must be from 1 to 30, got 0\n"
    r = CliRunner().invoke(main, ["sweep", "--executor", "dask"])
    assert (r.exit_code, r.output) == (1, "error: --executor dask needs --scheduler ADDRESS (e.g. "
                                          "tcp://scheduler-host:8786, where `dask scheduler` listens)\n")


# -- what `simulate` takes, a sweep takes ----------------------------------------------------------------------
@pytest.mark.slow
def test_a_round_budget_and_agent_options_hold_for_every_variant(game):
    """A variant with the content's own values is `simulate` with the same budget and agents' settings."""
    settings = [parse_setting("rules.mercy_margin=4,5")]
    agents, options = ("mcts", "greedy"), (("mcts", "iterations", "4"), ("mcts", "depth", "2"))
    variants = sweep(game, settings, agents, games=4, seed=3, executor=LocalExecutor(1), max_rounds=2,
                     options=options)
    result = result_of(game, settings, variants, agents, 4, 3, None, max_rounds=2, options=options)
    assert (result["max_rounds"], result["agent_options"]) == (2, {"mcts.iterations": "4", "mcts.depth": "2"})
    written = next(v for v in result["variants"] if v["as_written"])
    assert written["result"] == simulate(game, agents, games=4, seed=3, max_rounds=2, options=options).to_dict()
    assert all(int(r) <= 2 for v in result["variants"] for r in v["result"]["rounds"]["histogram"])
    cut = [v["result"]["finished"] < v["result"]["games"] for v in result["variants"]]
    assert any(cut)  # two rounds end some games unfinished
    unbounded = sweep(game, settings, agents, games=4, seed=3, executor=LocalExecutor(1), options=options)
    assert [v.aggregate.finished for v in unbounded] == [4, 4]


@pytest.mark.slow
def test_an_agent_option_is_checked_before_any_game(game):
    with pytest.raises(PnpgenError, match="unknown agent 'zz'"):
        sweep(game, [parse_setting("rules.hand_size=5")], ("greedy",), games=10, options=(("zz", "depth", "2"),))
    with pytest.raises(PnpgenError, match="--agent-option mcts.foo: unknown option"):
        sweep(game, [parse_setting("rules.hand_size=5")], ("mcts",), games=10, options=(("mcts", "foo", "2"),))
    with pytest.raises(PnpgenError, match="--max-rounds: expected at least 1 round"):
        sweep(game, [], ("greedy",), games=10, max_rounds=0)


@pytest.mark.slow
def test_cli_sweep_takes_the_round_budget_and_agent_options():
    r = CliRunner().invoke(main, ["sweep", "--set", "rules.mercy_margin=4", "--games", "3", "--jobs", "1",
                                  "--max-rounds", "1", "--agents", "mcts,greedy", "--agent-option",
                                  "mcts.iterations=2", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert (data["max_rounds"], data["agent_options"], data["agents"]) == (1, {"mcts.iterations": "2"},
                                                                          ["mcts", "greedy"])
    r = CliRunner().invoke(main, ["sweep", "--agent-option", "mcts"])
    assert (r.exit_code, r.output) == (1, "error: --agent-option: expected AGENT.OPTION=VALUE (e.g. "
                                          "mcts.iterations=200), got 'mcts'\n")
