"""Profiles: DriveThruCards card PDFs with TrimBox and BleedBox, The Game Crafter's PNG sizes, the 9-card contest
sheet and its limits."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.packs import edit
from PIL import Image
from pypdf import PdfReader

from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.cli import main
from pnpgen.errors import PnpgenError
from pnpgen.files.atomic import MARKER

PT = 72 / 25.4  # points per mm


def box_mm(box) -> list[float]:
    return [round(float(v) / PT, 2) for v in (box.left, box.bottom, box.right, box.top)]


@pytest.mark.slow
def test_drivethrucards(tmp_path):
    state = build(BuildOptions(out=tmp_path, profile="drivethrucards", sim_games=0))
    assert sorted(state.files) == ["cards/action.pdf", "cards/deck-b.pdf", "changes.txt",
                                  "snapshot-drivethrucards.json"]  # the shop build's own baseline
    reader = PdfReader(io.BytesIO(state.files["cards/action.pdf"]))
    assert len(reader.pages) == 44  # 22 cards, each face then back
    checked = 0
    for page in reader.pages:
        assert box_mm(page.mediabox) == pytest.approx([0, 0, 69.85, 95.25], abs=0.01)  # 63.5 x 88.9, 1/8 in bleed
        assert box_mm(page.bleedbox) == pytest.approx([0, 0, 69.85, 95.25], abs=0.01)
        assert box_mm(page.trimbox) == pytest.approx([3.175, 3.175, 66.675, 92.075], abs=0.01)
        checked += 1
    assert checked == 44
    assert "Reach" in reader.pages[0].extract_text() and "Reach" not in reader.pages[1].extract_text()
    assert "Narrow Seas" in reader.pages[1].extract_text()  # the back's title
    assert "Tack" in reader.pages[2].extract_text()


@pytest.mark.slow
def test_the_game_crafter(tmp_path):
    state = build(BuildOptions(out=tmp_path, profile="thegamecrafter", sim_games=0))
    names = sorted(n for n in state.files if n.startswith("png/"))
    assert set(state.files) - set(names) == {"changes.txt", "snapshot-thegamecrafter.json"}
    assert names[0] == "png/back-action-bleed.png" and all(n.endswith("-bleed.png") for n in names)
    assert len(names) == 2 * 22 + 2  # every card type of both decks, and each deck's back
    sizes = {Image.open(io.BytesIO(state.files[n])).size for n in names}
    assert sizes == {(825, 1125)}
    assert state.extra["profile"][0] == "thegamecrafter: Action deck: 22 cards, poker-us, 825 x 1125 px PNGs with bleed"


@pytest.mark.slow
def test_the_game_crafter_refuses_a_size_it_does_not_print(pack, tmp_path):
    edit(pack / "cards.yaml", "- id: action\n", "- id: action\n  size: [70, 70]\n")
    with pytest.raises(PnpgenError, match=r"thegamecrafter: Action deck cards are 70 x 70 mm; The Game Crafter "
                                          r"prints poker-us \(825 x 1125 px\), bridge"):
        build(BuildOptions(game=str(pack), out=tmp_path / "out", profile="thegamecrafter", sim_games=0, force=True))


@pytest.fixture
def nine(tmp_path, monkeypatch) -> Path:
    """A new game cut down to nine cards."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "nine"]).exit_code == 0
    edit(tmp_path / "nine" / "cards.yaml", "    - {id: wild, name: Wild, count: 3, text: Counts as any suit.}\n", "")
    edit(tmp_path / "nine" / "cards.yaml", "count: 12", "count: 9")
    edit(tmp_path / "nine" / "game.yaml", "  cards: 12", "  cards: 9")
    return tmp_path / "nine"


@pytest.mark.slow
def test_nine_card_sheet(nine, tmp_path):
    r = CliRunner().invoke(main, ["build", str(nine), "--profile", "bgg-9card", "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    assert ("bgg-9card: 9 cards on one sheet; 4 other component(s) (boards 1, tokens 3) against the contest's limit "
            "of 24 (cubes, coins, dice and the like): within it") in r.output
    # Letter leaves 6.35 mm above and below nine cards: within a 5 mm printer margin they butt, with cut lines
    assert "nine-9card-letter.pdf (2 pages, letter, 9 cards with 1.35 mm bleed, butted, with cut lines)" in r.output
    for paper in ("a4", "letter"):
        pdf = tmp_path / "out" / "nine" / "bgg-9card" / f"nine-9card-{paper}.pdf"
        reader = PdfReader(pdf)
        assert len(reader.pages) == 2  # the nine faces, then their backs
        text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True,
                              text=True, check=True).stdout
        lines = [line.strip() for line in text.splitlines()]
        assert [lines.count(w) for w in ("Move", "Strike", "Gather")] == [3, 3, 3]
    assert sorted(p.name for p in (tmp_path / "out" / "nine" / "bgg-9card").iterdir()) == [
        MARKER, "changes.txt", "nine-9card-a4.pdf", "nine-9card-letter.pdf", "snapshot-bgg-9card.json"]


@pytest.mark.slow
def test_nine_card_limits(nine, tmp_path):
    r = CliRunner().invoke(main, ["build", str(nine), "--profile", "bgg-9card", "--extra-limit", "3", "--skip-sim",
                                  "--out", str(tmp_path / "out")])
    assert r.exit_code == 1
    assert r.output.strip().endswith("against the contest's limit of 3 (cubes, coins, dice and the like): 1 too many")
    edit(nine / "cards.yaml", "- {suit: ember, action: gather}", "- {suit: ember, action: gather}\n    - {id: wild}")
    edit(nine / "cards.yaml", "count: 9", "count: 10")
    edit(nine / "game.yaml", "  cards: 9", "  cards: 10")
    r = CliRunner().invoke(main, ["build", str(nine), "--profile", "bgg-9card", "--skip-sim",
                                  "--out", str(tmp_path / "out")])
    assert r.exit_code == 1
    assert r.output.strip().splitlines()[-1] == ("error: bgg-9card: the 9-card contest takes exactly 9 cards; this "
                                                 "kit has 10 (Action 10)")
    assert not (tmp_path / "out").exists()


def test_a_profile_sets_the_formats(tmp_path):
    r = CliRunner().invoke(main, ["build", "--profile", "drivethrucards", "--format", "pdf", "--out", str(tmp_path)])
    assert r.exit_code == 1 and "--profile drivethrucards writes card-pdf; leave out --format" in r.output
    r = CliRunner().invoke(main, ["build", "--profile", "print-shop", "--out", str(tmp_path)])
    assert r.exit_code == 1 and "unknown profile 'print-shop' (expected one of: home, drivethrucards" in r.output


@pytest.mark.slow
def test_each_profile_writes_its_own_folder_and_keeps_the_others(tmp_path):
    """`--profile thegamecrafter` once wrote into the home build's png/ and left 37 of its 86 PNGs."""
    home = build(BuildOptions(out=tmp_path, formats=("png",), papers=("a4",), sim_games=0))
    home_pngs = sorted(p.relative_to(home.target) for p in (home.target / "png").iterdir())
    assert len(home_pngs) > 50 and home.target == tmp_path / "narrow-seas"
    shop = build(BuildOptions(out=tmp_path, profile="thegamecrafter", sim_games=0))
    assert shop.target == tmp_path / "narrow-seas" / "thegamecrafter"
    assert sorted(p.relative_to(home.target) for p in (home.target / "png").iterdir()) == home_pngs
    assert len(list((shop.target / "png").iterdir())) == 2 * 22 + 2
    build(BuildOptions(out=tmp_path, formats=("svg",), papers=("a4",), sim_games=0))  # a home build again
    assert len(list((shop.target / "png").iterdir())) == 2 * 22 + 2, "the shop's files were carried over"
    r = CliRunner().invoke(main, ["build", "--profile", "drivethrucards", "--skip-sim", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert f"wrote {tmp_path / 'narrow-seas' / 'drivethrucards' / 'cards' / 'action.pdf'} (22 cards" in r.output
    assert (shop.target / "png").is_dir() and (home.target / "png").is_dir()
