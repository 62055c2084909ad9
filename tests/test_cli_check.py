"""`pnpgen check` and `pnpgen list` through click's CliRunner: output, stderr and exit status."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from kit.packs import edit, where

from pnpgen.cli import PnpgenGroup, main
from pnpgen.errors import ContentError, Loc, PnpgenError
from pnpgen.files.paths import bundled_packs

OK_LINE = ("narrow-seas: 22 cards (7 yellow, 7 blue, 7 red, 1 neutral), board 61 hexes (20/21/20), 4 ship cards, "
           "1 sick bay, 2 player aids, 22 tokens, 1 provisional — OK")

# Until the bundled kits are print-ready, the print preflight warns about them: these tests look past warnings.
WARNED = re.compile(r" \(\d+ warning\(s\)\)$", re.M)


def plain(stdout: str) -> str:
    """Summary lines without their warning counts."""
    return WARNED.sub("", stdout)


def errors(stderr: str) -> str:
    """The lines of stderr that are not warnings."""
    return "".join(line + "\n" for line in stderr.splitlines() if ": warning: " not in line)


TINY = """\
id: tiny
title: Tiny
suits:
  gold: {colour: "#ffcc00", symbol: star}
  jade: {colour: "#00aa66", symbol: circle}
decks:
  - id: main
    cards:
      - {id: one, suit: gold}
      - {id: two, suit: gold, count: 3}
"""


def invoke(*args: str):
    """Run pnpgen with args; stdout and stderr apart."""
    return CliRunner().invoke(main, list(args), prog_name="pnpgen")


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A game of its own, with no rules engine: one deck, two suits, one suit unused."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "game.yaml").write_text(TINY)
    return tmp_path / "tiny"


@pytest.mark.slow
def test_check_prints_the_one_line_summary() -> None:
    r = invoke("check", "narrow-seas")
    assert r.exit_code == 0
    assert plain(r.stdout) == OK_LINE + "\n"
    assert errors(r.stderr) == ""


@pytest.mark.slow
def test_check_without_a_name_checks_narrow_seas() -> None:
    r = invoke("check")
    assert (r.exit_code, plain(r.stdout)) == (0, OK_LINE + "\n")


@pytest.mark.slow
def test_check_a_folder_and_a_game_yaml_path(pack: Path) -> None:
    for arg in (str(pack), "narrow-seas", str(pack / "game.yaml")):
        r = invoke("check", arg)
        assert (r.exit_code, plain(r.stdout), errors(r.stderr)) == (0, OK_LINE + "\n", ""), arg


def test_check_a_broken_copy_prints_located_errors(pack: Path) -> None:
    edit(pack / "cards.yaml", "{suit: blue, action: reach}", "{suit: green, action: reach}")
    edit(pack / "board.yaml", "hex_size_mm: 24", "hex_size_mm: 500")
    r = invoke("check", "narrow-seas")
    assert r.exit_code == 1
    assert r.stdout == "narrow-seas: does not load — 2 error(s)\n"
    assert r.stderr.splitlines() == [
        f"{where(pack / 'cards.yaml', 'green')}: error: card 'green-reach': unknown suit 'green' "
        "(expected one of: yellow, blue, red)",
        f"{where(pack / 'board.yaml', '500')}: error: board 'duel': field 'hex_size_mm' must be from 5 to 100, "
        "got 500",
    ]
    assert "Traceback" not in r.output


@pytest.mark.slow
def test_check_a_copy_that_loads_but_fails_its_checks(pack: Path) -> None:
    edit(pack / "game.yaml", "  hexes: 61", "  hexes: 60")
    r = invoke("check", str(pack))
    assert r.exit_code == 1
    assert r.stdout == OK_LINE.replace("— OK", "— 1 error(s)") + "\n"
    assert errors(r.stderr) == (f"{where(pack / 'game.yaml', 'hexes: 60', 7)}: error: counts: the game declares "
                                "60 hexes but the content has 61\n")


def test_check_a_syntax_error_is_one_located_line(pack: Path) -> None:
    edit(pack / "game.yaml", "title: Narrow Seas", "title: [Narrow Seas")
    r = invoke("check", "narrow-seas")
    assert r.exit_code == 1
    assert len(r.stderr.splitlines()) == 1
    assert r.stderr.startswith("narrow-seas/game.yaml:")
    assert ": error: YAML syntax error: " in r.stderr
    assert not r.stderr.startswith("error:")


def test_check_an_unknown_game_name() -> None:
    r = invoke("check", "no-such-game")
    assert r.exit_code == 1
    assert r.stdout == ""
    assert r.stderr == (f"error: no-such-game: not a bundled game (bundled: {', '.join(bundled_packs())}) "
                        "nor a folder holding a game.yaml\n")


def test_check_a_folder_without_game_yaml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    r = invoke("check", "empty")
    assert (r.exit_code, r.stdout, r.stderr) == (1, "", "error: empty: no game.yaml in this folder\n")


@pytest.mark.slow
def test_check_several_games_reports_each_and_fails_if_any_fails(pack: Path) -> None:
    broken = pack.parent / "broken"
    pack.rename(broken)
    edit(broken / "tokens.yaml", "shape: hex", "shape: hexx")
    r = invoke("check", "narrow-seas", "nowhere", str(broken))
    assert r.exit_code == 1
    assert plain(r.stdout).splitlines() == [OK_LINE, "broken: does not load — 1 error(s)"]
    lines = errors(r.stderr).splitlines()
    assert lines[0].startswith("error: nowhere: not a bundled game")
    assert lines[1].startswith(f"{where(broken / 'tokens.yaml', 'hexx')}: error: token 'wind': field 'shape': "
                               "unknown value 'hexx'")


def test_check_any_folder_holding_a_game(tiny: Path) -> None:
    r = invoke("check", "tiny")
    assert r.exit_code == 0
    assert plain(r.stdout) == "tiny: 4 cards (4 gold) — OK\n"
    assert r.stderr.splitlines()[0] == "tiny/game.yaml:5:9: warning: suit 'jade' has no cards"


def test_strict_makes_warnings_fail(tiny: Path) -> None:
    r = invoke("check", "--strict", "tiny")
    assert r.exit_code == 1
    assert "warning: suit 'jade' has no cards" in r.stderr


@pytest.mark.slow
def test_list_shows_every_bundled_pack() -> None:
    r = invoke("list")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == bundled_packs()
    assert OK_LINE.replace(" — OK", "  [Narrow Seas 2026.01, 2/4 players]") in lines


def test_help_lists_the_commands() -> None:
    for flag in ("--help", "-h"):
        r = invoke(flag)
        assert r.exit_code == 0
        assert "Usage: pnpgen" in r.stdout
        for command in ("check", "list"):
            assert f"  {command} " in r.stdout


def test_check_help() -> None:
    r = invoke("check", "--help")
    assert r.exit_code == 0
    assert "Usage: pnpgen check [OPTIONS] [GAMES]..." in r.stdout
    assert "--strict" in r.stdout


def test_known_errors_become_one_line_and_exit_1() -> None:
    group = PnpgenGroup(name="t")

    @group.command("located")
    def located() -> None:
        raise ContentError(Loc("a.yaml", 3, 7), "something is off")

    @group.command("plain")
    def plain() -> None:
        raise PnpgenError("a plain problem")

    @group.command("io")
    def io() -> None:
        open("/nonexistent/x.yaml")

    runner = CliRunner()
    r = runner.invoke(group, ["located"])
    assert (r.exit_code, r.stderr) == (1, "a.yaml:3:7: error: something is off\n")
    r = runner.invoke(group, ["plain"])
    assert (r.exit_code, r.stderr) == (1, "error: a plain problem\n")
    r = runner.invoke(group, ["io"])
    assert (r.exit_code, r.stderr) == (1, "error: /nonexistent/x.yaml: No such file or directory\n")
    assert isinstance(main, click.Group)


def test_a_pack_checked_from_inside_is_named_by_its_folder(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit(pack / "tokens.yaml", "shape: hex", "shape: hexx")
    monkeypatch.chdir(pack)
    r = invoke("check", ".")
    assert (r.exit_code, r.stdout) == (1, f"{pack.name}: does not load — 1 error(s)\n")


@pytest.mark.slow
def test_a_folder_here_named_like_a_bundled_pack_does_not_hide_it(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "narrow-seas").mkdir()  # e.g. the output of `pnpgen build --out .`
    r = invoke("check", "narrow-seas")
    assert (r.exit_code, plain(r.stdout)) == (0, OK_LINE + "\n")


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(bundled_packs()))
def test_the_bundled_packs_pass_check_strict_and_build_in_both_inks_without_warnings(game: str, tmp_path: Path) -> None:
    for ink in ([], ["--ink-saver"]):
        got = invoke("check", game, "--strict", *ink)
        assert got.exit_code == 0 and got.stderr == "", got.stderr
        built = invoke("build", game, "--skip-sim", "--format", "pdf", "--out", str(tmp_path), *ink)
        assert built.exit_code == 0 and built.stderr == "", built.stderr
        assert built.stdout.splitlines()[0] == got.stdout.strip()  # the build says first what check says


@pytest.mark.slow
def test_check_preflights_the_low_ink_kit_as_build_ink_saver_does(pack: Path) -> None:
    # a title band of 6 mm puts the title within 3 mm of the trim; only the low-ink kit inks it (in colour it is
    # white on the band's colour), so only the low-ink build and check see it
    (pack / "templates").mkdir(exist_ok=True)
    (pack / "templates" / "tight-aid.yaml").write_text("kind: player-aid\nextends: player-aid\ntitle_height: 6mm\n")
    edit(pack / "aids.yaml", "template: player-aid", "template: tight-aid", 2)
    finding = "title 'A Round of Narrow Seas' is 1.5 mm from the trim"
    full = invoke("build", str(pack), "--skip-sim", "--format", "pdf", "--out", str(pack.parent / "out"))
    low = invoke("build", str(pack), "--skip-sim", "--format", "pdf", "--ink-saver", "--out", str(pack.parent / "o"))
    assert finding not in full.stderr and finding in low.stderr
    both = invoke("check", str(pack), "--strict")
    (line,) = [x for x in both.stderr.splitlines() if finding in x]
    assert both.exit_code == 1 and line.endswith(" (in the low-ink kit)")
    assert line.removesuffix(" (in the low-ink kit)") in low.stderr.splitlines()
    only_low = invoke("check", str(pack), "--ink-saver")
    assert only_low.stderr.splitlines() == low.stderr.splitlines()
