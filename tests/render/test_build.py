"""The build: named steps, check first, atomic writes, and the `pnpgen build` command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.packs import edit

from pnpgen.build.pipeline import BuildOptions, Step, build, default_steps, insert_step
from pnpgen.cli import main
from pnpgen.errors import ContentErrors, PnpgenError


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_steps_are_named_and_a_step_can_be_inserted(tmp_path):
    names = [s.name for s in default_steps()]
    assert names == ["load", "check", "simulate", "layout", "profile", "rulebook", "render", "preflight", "report",
                     "changes", "low-ink", "write"]
    seen = []
    steps = insert_step(default_steps(), Step("spy", lambda st: seen.append(st.report.ok)), after="check")
    assert [s.name for s in steps] == ["load", "check", "spy", "simulate", "layout", "profile", "rulebook", "render",
                                       "preflight", "report", "changes", "low-ink", "write"]
    build(BuildOptions(out=tmp_path, formats=("svg",), sim_games=0), steps)
    assert seen == [True]
    with pytest.raises(PnpgenError):
        insert_step(default_steps(), Step("x", lambda st: None), after="nope")


@pytest.mark.slow
def test_a_build_that_fails_its_checks_leaves_the_old_output(pack):
    out = pack.parent / "out"
    build(BuildOptions(game=str(pack), out=out, papers=("a4",), sim_games=0))
    before = _snapshot(out)
    edit(pack / "game.yaml", "  cards: 22\n", "  cards: 23\n")
    with pytest.raises(ContentErrors) as e:
        build(BuildOptions(game=str(pack), out=out, papers=("a4",), sim_games=0))
    assert "declares 23 cards" in str(e.value)
    assert _snapshot(out) == before
    assert [p.name for p in out.iterdir()] == ["narrow-seas"]


@pytest.mark.slow
def test_an_exception_mid_render_or_mid_write_leaves_the_old_output(pack, monkeypatch):
    out = pack.parent / "out"
    build(BuildOptions(game=str(pack), out=out, papers=("a4",), sim_games=0))
    before = _snapshot(out)

    def boom(*_a, **_k):
        raise RuntimeError("printer on fire")

    monkeypatch.setattr("pnpgen.render.svg.write_svg", boom)
    with pytest.raises(RuntimeError):
        build(BuildOptions(game=str(pack), out=out, papers=("a4",), sim_games=0))
    monkeypatch.undo()
    real_write = Path.write_bytes
    calls = []

    def flaky(self, data):
        calls.append(self)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real_write(self, data)

    monkeypatch.setattr(Path, "write_bytes", flaky)
    with pytest.raises(OSError):
        build(BuildOptions(game=str(pack), out=out, papers=("a4",), sim_games=0))
    monkeypatch.undo()
    assert _snapshot(out) == before
    assert [p.name for p in out.iterdir()] == ["narrow-seas"]  # no temporary folder left behind


@pytest.mark.slow
def test_a_partial_build_replaces_only_what_it_makes(pack):
    out = pack.parent / "out"
    build(BuildOptions(game=str(pack), out=out))
    folder = out / "narrow-seas"
    letter = (folder / "narrow-seas-letter.pdf").read_bytes()
    edit(pack / "game.yaml", 'version: "2026.01"', 'version: "2026.02"')
    build(BuildOptions(game=str(pack), out=out, papers=("a4",), formats=("pdf",)))
    assert (folder / "narrow-seas-letter.pdf").read_bytes() == letter
    assert b"2026.02" not in letter
    assert (folder / "index.html").is_file() and (folder / "svg" / "card-wind.svg").is_file()
    # no simulation this time: the kept contact sheet still finds the report it links to
    build(BuildOptions(game=str(pack), out=out, papers=("a4",), formats=("pdf",), sim_games=0))
    links = re.findall(r'(?:href|src)="([^"#]+)"', (folder / "index.html").read_text(encoding="utf-8"))
    assert "report/index.html" in links and all((folder / link).is_file() for link in links)
    # a build that writes a new contact sheet without a report leaves no old report behind
    build(BuildOptions(game=str(pack), out=out, papers=("a4",), formats=("svg",), sim_games=0))
    assert "report/index.html" not in (folder / "index.html").read_text(encoding="utf-8")
    assert not (folder / "report").exists()


@pytest.mark.slow
def test_cli_build_writes_and_says_what(pack):
    runner = CliRunner()
    out = pack.parent / "out"
    result = runner.invoke(main, ["build", str(pack), "--out", str(out), "--paper", "letter", "--ink-saver",
                                  "--back-offset", "0.5,-0.25"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()  # warnings go to stderr
    assert lines.pop(0) == ("narrow-seas: 22 cards (7 yellow, 7 blue, 7 red, 1 neutral), board 61 hexes (20/21/20), 4 "
                            "ship cards, 1 sick bay, 2 player aids, 22 tokens, 1 provisional — OK")  # as `check` says
    assert lines.pop(0).startswith("ink on letter, low-ink kit (estimated share of each sheet inked, in grey): cover ")
    said = re.fullmatch(r"simulated (\d+) games \(greedy vs greedy, seed 1\): finished \1, unfinished 0, rounds [\d.]+ "
                        r"on average; first player \(places first\) wins [\d.]+% \[([\d.]+), ([\d.]+)\]; \1 finished "
                        r"games (tell an edge of|cannot tell an edge under) ([\d.]+) points (or more )?from an even "
                        r"game(; run `pnpgen simulate narrow-seas --games (\d+)` to tell one of 5)?", lines.pop(0))
    assert said, result.stdout
    games, low, high, edge = int(said[1]), float(said[2]), float(said[3]), float(said[5])
    assert games % 10 == 0 and (high - low) / 2 <= edge
    if said[4] == "tell an edge of":  # played until a 5-point edge shows (385 games at an even rate)
        assert 300 <= games <= 420 and edge <= 5 and said[7] is None
    else:  # the 10 seconds ran out first (a loaded machine): the line says how many games would tell one
        assert 5 < edge and int(said[8]) > games and said[6] is None
    assert re.fullmatch(r"wrote .*narrow-seas-letter-low-ink\.pdf \(\d+ pages, letter, low ink, duplex long-edge\)",
                        lines[0])
    assert re.fullmatch(r"wrote .*narrow-seas-rules-booklet-letter\.pdf \(3 sheets, letter, the rules as a booklet of "
                        r"12 pages\)", lines[1])
    assert re.fullmatch(r"wrote .*narrow-seas-rules-letter\.pdf \(\d+ pages, letter, the rules\)", lines[2])
    assert re.fullmatch(r"wrote .*svg/ \(81 SVG files\)", lines[-1])
    assert (out / "narrow-seas" / "narrow-seas-letter-low-ink.pdf").is_file()
    assert not (out / "narrow-seas" / "narrow-seas-a4-low-ink.pdf").exists()


@pytest.mark.parametrize("args, message", [
    (["--back-offset", "1;2"], "--back-offset: expected X,Y in mm"),
    (["--back-offset", "50,0"], "at most 20 mm"),
])
def test_cli_bad_options_are_one_line_and_exit_1(pack, args, message):
    result = CliRunner().invoke(main, ["build", str(pack), "--out", str(pack.parent / "out"), *args])
    assert result.exit_code == 1
    assert message in result.output and "Traceback" not in result.output
    assert not (pack.parent / "out").exists()


@pytest.mark.slow
def test_cli_check_errors_stop_the_build(pack):
    edit(pack / "cards.yaml", "{suit: red, action: run}", "{suit: red, action: rum}")
    result = CliRunner().invoke(main, ["build", str(pack), "--out", str(pack.parent / "out")])
    assert result.exit_code == 1
    assert "cards.yaml:" in result.output and "unknown action 'rum'" in result.output
    assert not (pack.parent / "out").exists()


@pytest.mark.slow
def test_the_quick_simulation_stops_when_its_time_is_spent_and_says_what_it_cannot_tell(tmp_path):
    state = build(BuildOptions(game="seas-of-havoc", out=tmp_path, papers=("a4",), formats=("svg",), sim_seconds=0.5))
    sim = state.extra["simulation"]
    assert 10 <= sim["games"] < 385 and sim["games"] % 10 == 0  # whole chunks, far fewer than a 5-point edge needs
    assert state.extra["simulation_resolution"] > 5
    fixed = build(BuildOptions(game="seas-of-havoc", out=tmp_path, papers=("a4",), formats=("svg",), sim_games=20))
    assert fixed.extra["simulation"]["games"] == 20  # a number given is played whatever the time


def test_a_build_runs_the_cycle_collector_less_often_and_puts_it_back_even_when_it_fails():
    import gc

    from pnpgen.build.pipeline import FEWER_COLLECTIONS

    before = gc.get_threshold()
    seen = []
    build(BuildOptions(game="narrow-seas"), [Step("probe", lambda st: seen.append(gc.get_threshold()))])
    assert seen == [(max(FEWER_COLLECTIONS, before[0]), *before[1:])] and FEWER_COLLECTIONS > before[0]
    assert gc.get_threshold() == before

    def fail(_state):
        raise PnpgenError("stop")

    with pytest.raises(PnpgenError):
        build(BuildOptions(game="narrow-seas"), [Step("fail", fail)])
    assert gc.get_threshold() == before


def test_a_build_sets_aside_what_each_step_made_from_the_collectors_passes_and_lets_it_go_after():
    import gc

    gc.unfreeze()  # (the test session sets its own objects aside; a build sets aside only when nothing is)
    try:
        frozen = []
        probe = Step("probe", lambda st: frozen.append(gc.get_freeze_count()))
        make = Step("make", lambda st: st.extra.update(made=[[] for _ in range(99)]))
        build(BuildOptions(game="narrow-seas"), [make, probe, probe])
        assert frozen[0] > 99 and frozen[1] >= frozen[0]  # what the steps before made, the made lists among it
        assert gc.get_freeze_count() == 0
        gc.freeze()  # something before the build set objects aside: the build leaves them so
        kept = gc.get_freeze_count()
        build(BuildOptions(game="narrow-seas"), [probe])
        assert gc.get_freeze_count() == kept and frozen[2] == kept
    finally:
        gc.freeze()  # (the session's objects aside again, as the test session leaves them)
