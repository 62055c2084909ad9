"""A home build prints both kits: full colour (<game>-<paper>.pdf) and low ink (<game>-<paper>-low-ink.pdf), each
with a cover that says which, its own ink report and its own snapshot; options choose one."""

from __future__ import annotations

import subprocess

from click.testing import CliRunner

from pnpgen.build.pipeline import BuildOptions, build, ink_versions
from pnpgen.cli import main


def first_page_text(path) -> str:
    return subprocess.run(["pdftotext", "-l", "1", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def test_the_default_build_writes_both_kits_each_saying_which_it_is(built):
    state, folder = built
    for paper in ("a4", "letter"):
        full, low = folder / f"narrow-seas-{paper}.pdf", folder / f"narrow-seas-{paper}-low-ink.pdf"
        assert "full colour" in first_page_text(full) and "low ink" not in first_page_text(full)
        assert "low ink" in first_page_text(low) and "full colour" not in first_page_text(low)
        assert state.notes[low.name].startswith(f"{len(state.pages[paper])} pages, {paper}, low ink")
    pages, low_pages = state.pages["a4"], state.extra["low-ink pages"]["a4"]
    assert [p.label for p in pages] == [p.label for p in low_pages]  # the same sheets, drawn in other inks
    assert state.kit.cover.ink_saver is False and state.extra["low-ink kit"].cover.ink_saver is True
    ink = state.extra["ink"]
    assert [line.split(" (")[0] for line in ink if line.startswith("ink on")] == [
        "ink on a4, full-colour kit", "ink on letter, full-colour kit", "ink on a4, low-ink kit",
        "ink on letter, low-ink kit"]
    assert {"snapshot.json", "snapshot-ink-saver.json"} <= {p.name for p in folder.iterdir()}
    assert not list(folder.glob("svg/*ink*")) and not list(folder.glob("svg*/"))[1:]  # SVGs: once, full colour


def test_options_choose_one_kit():
    def versions(**kw) -> tuple[bool, ...]:
        return ink_versions(BuildOptions(**kw))
    assert versions() == (False, True)
    assert versions(ink="full") == (False,) and versions(ink="low") == (True,)
    assert versions(ink_saver=True) == (True,)  # --ink-saver keeps meaning the low-ink kit only
    assert versions(formats=("svg",)) == (False,)  # nothing but the PDFs differs between the two
    assert versions(profile="drivethrucards") == (False,)


def test_one_ink_writes_one_pdf_a_paper_named_for_it_and_keeps_the_other(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["build", "narrow-seas", "--skip-sim", "--paper", "a4", "--format", "pdf",
                                  "--ink", "full", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "narrow-seas"
    kits = lambda: sorted(p.name for p in folder.glob("*.pdf") if "-rules-" not in p.name)  # noqa: E731  (the kits)
    assert kits() == ["narrow-seas-a4.pdf"]
    result = runner.invoke(main, ["build", "narrow-seas", "--skip-sim", "--paper", "a4", "--format", "pdf",
                                  "--ink-saver", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert kits() == ["narrow-seas-a4-low-ink.pdf", "narrow-seas-a4.pdf"]
    assert "low ink" in first_page_text(folder / "narrow-seas-a4-low-ink.pdf")
    result = runner.invoke(main, ["build", "narrow-seas", "--ink-saver", "--ink", "both", "--out", str(tmp_path)])
    assert result.exit_code == 1 and "--ink-saver asks for the low-ink kit only" in result.output


def test_each_kit_compares_with_its_own_previous_build(tmp_path):
    options = BuildOptions(game="narrow-seas", papers=("a4",), formats=("pdf",), out=tmp_path, sim_games=0)
    build(options)
    again = build(options)
    text = again.files["changes.txt"].decode("utf-8")
    assert "no component changed" in again.extra["changes"].headline()
    assert not again.extra["low-ink changes"].any and not again.extra["low-ink changes"].first
    assert text.endswith("-- the low-ink kit (-low-ink.pdf) --\n\nThe same components, compared with the previous "
                         "low-ink kit (snapshot-a4-ink-saver.json); nothing to reprint.\n")
