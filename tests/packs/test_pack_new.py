"""`pnpgen new`: a fresh pack or a renamed copy that passes `pnpgen check` at once; never overwrites."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.packs import copy_pack

from pnpgen.authoring.scaffold import new_pack, title_of
from pnpgen.checks import check_game
from pnpgen.cli import main
from pnpgen.errors import PnpgenError
from pnpgen.load.loader import load_game


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working folder."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_fresh_pack_passes_check(here: Path) -> None:
    root = new_pack("harbour-raid")
    assert root == here / "harbour-raid"
    game = load_game(str(root))
    report = check_game(game)
    assert report.ok and not report.warnings, report.lines()
    assert (game.id, game.title, game.engine) == ("harbour-raid", "Harbour Raid", None)
    assert len(game.suits) == 3 and game.decks[0].size == 12 and len(game.board.hexes) == 19
    assert len(game.player_aids) == 1 and game.player_aids[0].title == "Harbour Raid at a Glance"


@pytest.mark.slow
def test_copy_of_narrow_seas_passes_check_under_its_new_name(here: Path) -> None:
    root = new_pack("my-seas", source="narrow-seas")
    game = load_game(str(root))
    assert check_game(game).ok
    assert (game.id, game.title, game.engine) == ("my-seas", "Narrow Seas", "narrow-seas")  # a copy keeps its title
    text = (root / "game.yaml").read_text()
    assert text.startswith("# yaml-language-server: $schema=schema/game.schema.json\n"
                           "# Narrow Seas: a two-player")  # the editor's schema line first, comments kept
    assert sorted(p.name for p in root.iterdir()) == sorted(
        [*(p.name for p in (Path(load_game("narrow-seas").root)).iterdir()), "schema"])


@pytest.mark.slow
def test_copy_of_a_pack_folder(here: Path) -> None:
    src = copy_pack(here / "src" / "seas-of-havoc", "seas-of-havoc")
    root = new_pack("havoc-2", into=here / "games", source=str(src))
    assert root == here / "games" / "havoc-2"
    game = load_game(str(root))
    assert check_game(game).ok and game.id == "havoc-2"


@pytest.mark.slow
def test_a_title_given_is_the_games_in_a_copy_and_in_a_fresh_pack(here: Path) -> None:
    title = 'Harbour: "Raid" #2'  # what YAML would read otherwise as a mapping, a quote and a comment
    copied = load_game(str(new_pack("ns-edit", source="narrow-seas", title=title)))
    fresh = load_game(str(new_pack("harbour", title=title)))
    assert (copied.id, copied.title, fresh.id, fresh.title) == ("ns-edit", title, "harbour", title)
    assert fresh.player_aids[0].title == f"{title} at a Glance" and fresh.decks[0].back_text == title
    assert check_game(fresh).ok and check_game(copied).ok


@pytest.mark.parametrize("title", ["", "  ", "a\nb", "x" * 201])
def test_a_title_of_no_text_or_many_lines_is_refused(here: Path, title: str) -> None:
    with pytest.raises(PnpgenError, match="--title: expected one line of printable text"):
        new_pack("t", title=title)
    assert not (here / "t").exists()


def test_refuses_to_overwrite(here: Path) -> None:
    (here / "taken").mkdir()
    (here / "taken" / "notes.txt").write_text("mine")
    with pytest.raises(PnpgenError, match="taken: already exists; pnpgen new never overwrites a folder"):
        new_pack("taken")
    with pytest.raises(PnpgenError, match="already exists"):
        new_pack("taken", source="narrow-seas")
    assert [p.name for p in (here / "taken").iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in here.iterdir()) == ["taken"]  # no temporary folder left behind


@pytest.mark.parametrize("name", ["", "../up", "a b", "-dash", "x/y"])
def test_refuses_a_bad_name(here: Path, name: str) -> None:
    with pytest.raises(PnpgenError, match="a pack name may hold only letters, digits"):
        new_pack(name)
    assert list(here.iterdir()) == []


def test_unknown_source(here: Path) -> None:
    with pytest.raises(PnpgenError, match="nowhere: not a bundled game"):
        new_pack("x", source="nowhere")
    assert list(here.iterdir()) == []


def test_title_of() -> None:
    assert title_of("my-new_game") == "My New Game"


@pytest.mark.slow
def test_cli_new_then_check(here: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["new", "skirmish"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "created skirmish"
    assert "skirmish: 12 cards (3 sun, 3 sea, 3 ember, 3 neutral), board 19 hexes (7/6/6)" in result.output
    assert runner.invoke(main, ["check", "skirmish"]).exit_code == 0
    again = runner.invoke(main, ["new", "skirmish"])
    assert again.exit_code == 1
    assert again.output.strip() == "error: skirmish: already exists; pnpgen new never overwrites a folder"


@pytest.mark.slow
def test_cli_new_from_into(here: Path) -> None:
    result = CliRunner().invoke(main, ["new", "duel", "--from", "narrow-seas", "--into", "packs"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "created packs/duel from narrow-seas"
    assert check_game(load_game(str(here / "packs" / "duel"))).ok


@pytest.mark.slow
def test_copied_example_logs_replay_against_the_copy(here: Path) -> None:
    root = new_pack("my-seas", source="narrow-seas")
    log = root / "examples" / "playtest-01.yaml"
    assert "\ngame: ..\n" in log.read_text()
    runner = CliRunner()
    assert runner.invoke(main, ["replay", str(log)]).exit_code == 0
    actions = root / "actions.yaml"
    actions.write_text(actions.read_text().replace("  range: 3\n", "  range: 4\n"))
    r = runner.invoke(main, ["replay", str(log)])
    assert r.exit_code == 1 and "is illegal" in r.output  # the edited copy's rules, not the bundled pack's
