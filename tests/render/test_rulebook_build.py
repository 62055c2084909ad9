"""The rulebook as built beside each bundled kit: its PDFs on A4 and Letter, the booklet imposed in saddle-stitch order,
the cover that names them, a rules value edited in a copy of the pack reprinted in the rulebook's text and listed by
page in changes.txt, and `pnpgen package` holding what it names."""

from __future__ import annotations

import re
import subprocess
import zipfile
from pathlib import Path

import pytest
from kit.packs import copy_pack, edit
from pypdf import PdfReader

from pnpgen.build.package import README, package
from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.render.booklet import padded

pytestmark = pytest.mark.slow

# a rules value of each pack, the line of game.yaml that sets it, what the rulebook says before and after
EDITS = {
    "narrow-seas": ("  mercy_margin: 4\n", "  mercy_margin: 5\n", "4 or more crew ahead", "5 or more crew ahead"),
    "enemy-in-sight": ("  victory_points: 100 ", "  victory_points: 120 ", "reach 100 VP", "reach 120 VP"),
    "seas-of-havoc": ("  collision_discard: 1 ", "  collision_discard: 2 ", "discards 1 card,", "discards 2 cards,"),
}


def text(pdf: Path, first: int | None = None, last: int | None = None) -> str:
    args = ["pdftotext"] + (["-f", str(first)] if first else []) + (["-l", str(last)] if last else [])
    out = subprocess.run(args + [str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(out.split())


def pages_of(pdf: Path) -> list:
    return PdfReader(str(pdf)).pages


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, tuple]:
    """Each bundled pack, copied and built once (PDFs on both papers, full colour): state and output folder."""
    out = {}
    for name in EDITS:
        root = tmp_path_factory.mktemp(name)
        pack = copy_pack(root / name, name)
        state = build(BuildOptions(game=str(pack), out=root / "out", formats=("pdf",), sim_games=0, ink="full"))
        out[name] = (state, root / "out" / name, pack)
    return out


@pytest.mark.parametrize("name", list(EDITS))
def test_each_bundled_build_writes_the_rules_and_the_booklet_on_both_papers(kits, name):
    state, folder, _pack = kits[name]
    for paper, size in (("a4", (595, 842)), ("letter", (612, 792))):
        rules, booklet = folder / f"{name}-rules-{paper}.pdf", folder / f"{name}-rules-booklet-{paper}.pdf"
        flat = pages_of(rules)
        assert [round(float(x)) for x in flat[0].mediabox[2:]] == list(size)
        words = text(rules)
        assert "Contents" in words and f"page {len(flat)} of {len(flat)}" in words
        for h in state.game.rulebook.headings:  # every numbered section, numbered as the engine cites it
            if h.number and h.level == 1:
                assert f"{h.number} {h.title}" in words, h.label
        sides = pages_of(booklet)
        assert [round(float(x)) for x in sides[0].mediabox[2:]] == list(reversed(size)), "landscape sheets"
        assert len(sides) == len(state.extra["rulebook sheets"][booklet.name]) and len(sides) % 2 == 0
        last = max(int(n) for n in re.findall(r"page (\d+) of \d+", text(booklet)))  # the booklet's own pages
        assert len(sides) * 2 == padded(last) and padded(last) % 4 == 0, "padded to a multiple of four"
        front = text(booklet, 1, 1)  # the first side: page 1 beside the last page (or the blank that pads it)
        assert f"page 1 of {last}" in front and "Contents" in front
        assert (f"page {last} of {last}" in front) == (padded(last) == last)
        assert f"page 2 of {last}" in text(booklet, 2, 2)


def test_the_engines_readings_print_as_clarifications(kits):
    for name, (state, folder, _pack) in kits.items():
        words = text(folder / f"{name}-rules-a4.pdf")
        readings = __import__("pnpgen.engine.api", fromlist=["engine_for"]).engine_for(state.game).readings(
            state.game)
        assert "Clarifications" in words
        for r in readings:
            assert " ".join(r.question.split()[:6]) in words, (name, r.question)


@pytest.mark.parametrize("name", list(EDITS))
def test_a_rules_value_edited_reprints_the_rulebook_pages_that_say_it(kits, name):
    state, folder, pack = kits[name]
    old_line, new_line, before, after = EDITS[name]
    rules = folder / f"{name}-rules-a4.pdf"
    assert before in text(rules) and after not in text(rules)
    edit(pack / "game.yaml", old_line, new_line)
    again = build(BuildOptions(game=str(pack), out=folder.parent, formats=("pdf",), sim_games=0, ink="full"))
    words = text(rules)
    assert after in words and before not in words
    changed = [n for n, page in enumerate(pages_of(rules), start=1) if after in " ".join(
        (page.extract_text() or "").split())]
    listing = (folder / "changes.txt").read_text(encoding="utf-8")
    assert "rulebook pages that differ (reprint these; a booklet by its sheets):" in listing
    line = next(x for x in listing.splitlines() if x.startswith(f"  {name}-rules-a4.pdf: "))
    listed = [int(n) for n in re.findall(r"(?:^|; )(\d+) \(", line.split(": ", 1)[1])]
    assert changed and set(changed) <= set(listed), (changed, line)
    assert set(listed) <= set(range(1, len(pages_of(rules)) + 1))
    assert any(x.startswith(f"  {name}-rules-booklet-a4.pdf: ") for x in listing.splitlines())
    assert again.extra["changes"].pages[f"{name}-rules-a4.pdf"]


@pytest.mark.parametrize("name", list(EDITS))
def test_the_cover_is_for_players_and_the_printing_page_has_no_command_line(kits, name):
    state, folder, _pack = kits[name]
    game = state.game
    for paper in ("a4", "letter"):
        pages = state.pages[paper]
        assert [p.label for p in pages[:2]] == ["Cover", "How to print"], "two pages, each fitting its own"
        assert pages[2].role != "cover"
        cover, printing = text(folder / f"{name}-{paper}.pdf", 1, 1), text(folder / f"{name}-{paper}.pdf", 2, 2)
        assert game.title in cover and "This copy: full colour" in cover and game.playing_time in cover
        assert "What is in the kit" in cover and f"{name}-rules-{paper}.pdf" in cover
        assert "How to print this kit" in printing and "Pages to print" in printing
        assert f"{name}-rules-booklet-{paper}.pdf" in printing and "flipping on the short edge" in printing
        assert not re.search(r"(?<!\w)--[a-z]", cover + printing), "no command-line option on either page"


def test_the_rulebooks_pass_the_print_preflight(kits):
    for name, (state, _folder, _pack) in kits.items():
        found = [str(e) for e in state.report.errors + state.report.warnings if "-rules-" in str(e)
                 or "rulebook" in str(e)]
        assert found == [], name


def test_package_holds_what_it_names(tmp_path):
    made = package("seas-of-havoc", tmp_path)
    assert made.path == tmp_path / "seas-of-havoc-entry.zip"
    with zipfile.ZipFile(made.path) as z:
        names = z.namelist()
        assert tuple(names) == made.names
        kit = [f"seas-of-havoc-entry/seas-of-havoc-{p}{ink}.pdf" for p in ("a4", "letter") for ink in ("", "-low-ink")]
        rules = [f"seas-of-havoc-entry/seas-of-havoc-rules-{b}{p}.pdf" for p in ("a4", "letter")
                 for b in ("", "booklet-")]
        assert set(kit + rules + [f"seas-of-havoc-entry/{README}", "seas-of-havoc-entry/tts/seas-of-havoc.json"]) \
            <= set(names)
        readme = z.read(f"seas-of-havoc-entry/{README}").decode("utf-8")
        for n in names:  # the text file lists every file the zip holds
            assert f"  {n.split('/', 1)[1]}" in readme
        assert "WHAT IS IN THE BOX" in readme and "for 4 players: pages" in readme
        saved = z.read("seas-of-havoc-entry/tts/seas-of-havoc.json").decode("utf-8")
        for url in set(re.findall(r'"(?:FaceURL|BackURL|ImageURL|ImageSecondaryURL)": "([^"]+)"', saved)):
            if url:
                assert f"seas-of-havoc-entry/tts/{url.rsplit('/', 1)[1]}" in names, url
        for pdf in kit + rules:
            assert z.read(pdf).startswith(b"%PDF")
        assert "low ink" in " ".join(subprocess.run(["pdftotext", "-l", "1", "-", "-"], input=z.read(kit[1]),
                                                    capture_output=True, check=True).stdout.decode().split())
    again = package("seas-of-havoc", tmp_path)
    assert again.path.read_bytes() == made.path.read_bytes(), "the same pack gives the same zip"
