"""Change-aware rebuilds: each build compares every component with the previous build in its output folder and
writes changes.txt and a PDF of only the changed components."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from kit.packs import edit
from PIL import Image as PILImage

from pnpgen.authoring.scaffold import new_pack
from pnpgen.build.changes import (
    CHANGES,
    SNAPSHOT,
    Component,
    Snapshot,
    changed_lines,
    compare,
    line_digests,
    read_snapshot,
    snapshot_bytes,
    snapshot_name,
)
from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.cli import main

CARD = "    - {suit: yellow, action: reach}\n"
RENAMED = "    - {suit: yellow, action: reach, name: Close Reach}\n"


def _build(pack: Path, **options):
    return build(BuildOptions(game=str(pack), out=pack.parent / "out", papers=("a4",), sim_games=0, **options))


def _section(text: str, name: str) -> list[str]:
    """The lines listed under 'name:' or 'name (N):' in changes.txt (N checked against them)."""
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if re.fullmatch(rf"{re.escape(name)}( \(\d+\))?:", line))
    body = []
    for line in lines[head + 1:]:
        if not line.startswith("  "):
            break
        body.append(line.strip())
    count = re.search(r"\((\d+)\):$", lines[head])
    assert count is None or name == "unchanged" or int(count.group(1)) == len(body)
    return body


def _changed_pdfs(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if "-changed-" in p.name)


@pytest.mark.slow
def test_the_first_build_has_nothing_to_compare_with(pack):
    state = _build(pack, formats=("pdf",))
    folder = state.target
    text = (folder / CHANGES).read_text(encoding="utf-8")
    assert "There was no earlier build here to compare with: print the whole kit." in text
    assert _changed_pdfs(folder) == []
    snap = read_snapshot(folder, "a4")  # (an A4-only build's baseline)
    assert [c.id for c in snap.components] == [p.id for p in state.kit.pieces]
    assert snap.components[0].source == "cards.yaml:9"  # card-yellow-reach, pack-relative
    assert set(snap.pages) == {"narrow-seas-a4.pdf", "narrow-seas-rules-a4.pdf", "narrow-seas-rules-booklet-a4.pdf"}
    assert len(snap.pages["narrow-seas-a4.pdf"]) == len(state.pages["a4"])
    assert len(snap.pages["narrow-seas-rules-a4.pdf"]) == len(state.extra["rulebook pages"]["narrow-seas-rules-a4.pdf"])


def _card_pages(state, ids: set[str]) -> list[int]:
    """The pages of the full A4 kit on which these components print their faces."""
    return [n for n, page in enumerate(state.pages["a4"], start=1)
            if any(t[0] in ids and t[1] == "face" for t in page.trims)]


@pytest.mark.slow
def test_editing_one_card_lists_exactly_that_card_and_reprints_its_sheet_and_back(pack):
    first = _build(pack, players=2)
    folder = first.target
    edit(pack / "cards.yaml", CARD, RENAMED)
    state = _build(pack, players=2)
    text = (folder / CHANGES).read_text(encoding="utf-8")
    assert _section(text, "changed") == ["card-yellow-reach  (card 'Close Reach (yellow)')  face; changed at "
                                         "cards.yaml:9"]
    assert _section(text, "added") == [] and _section(text, "removed") == []
    unchanged = " ".join(_section(text, "unchanged")).split(", ")
    assert len(unchanged) == len(state.kit.pieces) - 1 and "card-yellow-tack" in unchanged
    assert _section(text, "content changes") == ["cards.yaml: line 9"]
    # its deck's sheet: the one full-kit page the card prints on (and the cover, whose picture shows the card)
    (page,) = _card_pages(first, {"card-yellow-reach"})
    assert _section(text, "pages of the full kit that differ") == [
        f"narrow-seas-a4.pdf: 1 (Cover); {page} ({first.pages['a4'][page - 1].label})"]
    # the reprint: that sheet holding only the card, then its back (long-edge duplex), no cover
    assert _changed_pdfs(folder) == ["narrow-seas-changed-a4-low-ink.pdf", "narrow-seas-changed-a4.pdf"]  # both inks
    pages = state.extra["reprint pages"]["a4"]
    assert [p.role for p in pages] == ["face", "back"]
    assert [[t[:2] for t in p.trims] for p in pages] == [[("card-yellow-reach", "face")], [("back-action", "back")]]
    assert pages[0].label == first.pages["a4"][page - 1].label
    reader = pypdf.PdfReader(str(folder / "narrow-seas-changed-a4.pdf"))
    assert len(reader.pages) == 2
    full = pypdf.PdfReader(str(folder / "narrow-seas-a4.pdf"))
    assert reader.pages[0].mediabox == full.pages[0].mediabox
    face = " ".join(reader.pages[0].extract_text().split())
    assert "Close Reach" in face and "Tack" not in face and "changed components" in face
    assert "Narrow Seas" in reader.pages[1].extract_text()  # the deck's back
    # the SVG's title and the footer's turned index (the title band sets the name on two lines)
    assert (folder / "svg" / "card-yellow-reach.svg").read_text(encoding="utf-8").count("Close Reach") == 2


@pytest.mark.slow
def test_a_card_the_four_player_deck_copies_changes_in_both_decks(pack):
    first = _build(pack, formats=("pdf",))
    edit(pack / "cards.yaml", CARD, RENAMED)
    state = _build(pack, formats=("pdf",))
    text = (state.target / CHANGES).read_text(encoding="utf-8")
    # Deck B is the action deck again (cards_from: action) with its own back: both print the edited line
    changed = _section(text, "changed")
    assert [line.split()[0] for line in changed] == ["card-yellow-reach", "card-deck-b-yellow-reach"]
    assert all(line.endswith("face; changed at cards.yaml:9") for line in changed), changed
    pages = _card_pages(first, {"card-yellow-reach", "card-deck-b-yellow-reach"})
    assert len(pages) == 2
    assert _section(text, "pages of the full kit that differ") == ["narrow-seas-a4.pdf: 1 (Cover); " + "; ".join(
        f"{n} ({first.pages['a4'][n - 1].label})" for n in pages)]  # (the cover's picture shows the card)
    reprint = state.extra["reprint pages"]["a4"]
    assert [p.role for p in reprint] == ["face", "back", "face", "back"]
    assert [[t[:2] for t in p.trims] for p in reprint] == [
        [("card-yellow-reach", "face")], [("back-action", "back")],
        [("card-deck-b-yellow-reach", "face")], [("back-deck-b", "back")]]


@pytest.mark.slow
def test_a_second_build_with_no_edit_writes_no_changed_pdf_and_says_so(pack):
    _build(pack, formats=("pdf",))
    edit(pack / "cards.yaml", CARD, RENAMED)
    state = _build(pack, formats=("pdf",))
    assert _changed_pdfs(state.target) == ["narrow-seas-changed-a4-low-ink.pdf", "narrow-seas-changed-a4.pdf"]
    result = CliRunner().invoke(main, ["build", str(pack), "--out", str(pack.parent / "out"), "--paper", "a4",
                                       "--format", "pdf", "--skip-sim"])
    assert result.exit_code == 0, result.output
    assert _changed_pdfs(state.target) == []  # the old one described the comparison before
    assert "no component changed since the previous build: no changed-components PDF" in result.stdout
    text = (state.target / CHANGES).read_text(encoding="utf-8")
    assert _section(text, "changed") == [] and "nothing to reprint." in text
    assert len(" ".join(_section(text, "unchanged")).split(", ")) == len(state.kit.pieces)


@pytest.mark.slow
def test_the_comparison_rests_on_what_is_drawn_not_on_file_times(pack):
    _build(pack, formats=("pdf",))
    later = os.stat(pack / "cards.yaml").st_mtime + 3600
    touched = 0
    for p in pack.rglob("*.yaml"):
        os.utime(p, (later, later))
        p.write_bytes(p.read_bytes())
        touched += 1
    assert touched > 3
    state = _build(pack, formats=("pdf",))
    assert not state.extra["changes"].any and _changed_pdfs(state.target) == []
    # a comment changes a content line but no drawing: the line is named, no component is
    edit(pack / "cards.yaml", "# The action deck", "# The deck of action cards")
    state = _build(pack, formats=("pdf",))
    text = (state.target / CHANGES).read_text(encoding="utf-8")
    assert _section(text, "changed") == [] and _section(text, "content changes") == ["cards.yaml: line 1"]
    assert _changed_pdfs(state.target) == []


@pytest.mark.slow
def test_a_component_changed_from_elsewhere_says_its_own_lines_did_not_change(pack):
    _build(pack, formats=("pdf",))
    edit(pack / "cards.yaml", "back: {colour: navy, text: Narrow Seas,", "back: {colour: navy, text: The Narrows,")
    state = _build(pack, formats=("pdf",))
    text = (state.target / CHANGES).read_text(encoding="utf-8")
    changed = {line.split()[0]: line for line in _section(text, "changed")}
    assert changed["back-action"].endswith("face; changed at cards.yaml:7")
    assert changed["card-wind"].endswith("back; cards.yaml:30 itself unchanged (see the content changes)")
    assert len(changed) == 23  # the 22 cards of deck A (each prints the back) and the back itself
    pages = state.extra["reprint pages"]["a4"]
    assert {t[0] for p in pages for t in p.trims if t[1] == "face"} == {k for k in changed if k.startswith("card-")}


@pytest.mark.slow
def test_the_other_formats_files_that_differ_are_listed_and_kept_files_keep_their_record(pack):
    _build(pack, formats=("pdf",))
    state = _build(pack, formats=("card-pdf",))
    text = (state.target / CHANGES).read_text(encoding="utf-8")
    assert _section(text, "files of the other formats that differ") == ["cards/ (2 files, none recorded before)"]
    edit(pack / "cards.yaml", CARD, RENAMED)
    state = _build(pack, formats=("pdf",))  # the deck PDFs stay from the build before, as they were
    text = (state.target / CHANGES).read_text(encoding="utf-8")
    assert "files of the other formats that differ" not in text
    assert set(read_snapshot(state.target, "a4").outputs) == {"cards/action.pdf", "cards/deck-b.pdf"}
    state = _build(pack, formats=("card-pdf",))  # both decks print the edited card (deck B copies it)
    text = (state.target / CHANGES).read_text(encoding="utf-8")
    assert _section(text, "changed") == []  # counted from the build before, which drew the edit already
    assert _section(text, "files of the other formats that differ") == ["cards/action.pdf", "cards/deck-b.pdf"]
    four = pack / "four-player.yaml"
    four.write_text(four.read_text(encoding="utf-8").replace("deck-b", "deck-c"), encoding="utf-8")
    state = _build(pack, formats=("card-pdf",))
    text = (state.target / CHANGES).read_text(encoding="utf-8")
    assert _section(text, "files of the other formats that differ") == ["cards/deck-b.pdf (gone)",
                                                                         "cards/deck-c.pdf (new)"]
    assert not (state.target / "cards" / "deck-b.pdf").exists()
    state = _build(pack, formats=("card-pdf",))
    assert "files of the other formats that differ" not in (state.target / CHANGES).read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_picture_counts_by_its_bytes(tmp_path):
    """Another PNG under the same name and of the same size changes the card that shows it, and only that card."""
    pack = new_pack("art", into=tmp_path)
    (pack / "art").mkdir()
    PILImage.new("RGB", (600, 316), "#1e5aa0").save(pack / "art" / "photo.png")
    edit(pack / "cards.yaml", "{suit: sun, action: move}", "{suit: sun, action: move, image: art/photo.png}")
    _build(pack, formats=("pdf",))
    PILImage.new("RGB", (600, 316), "#c83228").save(pack / "art" / "photo.png")
    state = _build(pack, formats=("pdf",))
    text = (state.target / CHANGES).read_text(encoding="utf-8")
    assert [line.split()[0] for line in _section(text, "changed")] == ["card-sun-move"]
    assert _section(text, "content changes") == ["art/photo.png (not text: the whole file)"]
    assert _changed_pdfs(state.target) == ["art-changed-a4-low-ink.pdf", "art-changed-a4.pdf"]


@pytest.mark.slow
def test_a_snapshot_that_does_not_read_counts_as_no_earlier_build(pack):
    state = _build(pack, formats=("pdf",))
    (state.target / snapshot_name("a4")).write_text("{not json", encoding="utf-8")
    again = _build(pack, formats=("pdf",))
    assert again.extra["changes"].first
    assert read_snapshot(again.target, "a4") is not None


def _component(cid: str, face: str = "f", source: str = "cards.yaml:3", count: int = 1) -> Component:
    return Component(cid, cid.title(), "card", count, source, face, "b")


def test_compare_names_added_removed_and_changed_with_their_lines():
    before = Snapshot("g", (_component("a"), _component("b", source="cards.yaml:5"), _component("c")),
                      {"cards.yaml": line_digests(b"one\ntwo\nthree\nfour\nfive\nsix\n")})
    now = Snapshot("g", (_component("a"), _component("b", "F", "cards.yaml:5", 2), _component("d")),
                   {"cards.yaml": line_digests(b"one\ntwo\nthree\nfour\nFIVE\nsix\n"),
                    "tokens.yaml": line_digests(b"x\n")})
    changes = compare(before, now)
    assert [(c.now.id, c.what, c.where) for c in changes.changed] == [("b", "face, count 1 -> 2",
                                                                       ("cards.yaml:5",))]
    assert [c.id for c in changes.added] == ["d"] and [c.id for c in changes.removed] == ["c"]
    assert [c.id for c in changes.unchanged] == ["a"]
    assert changes.lines == {"cards.yaml": (5,), "tokens.yaml": (1,)}
    assert changes.to_print() == {"b", "d"}
    assert compare(before, before).any is False
    assert compare(None, now).first


def test_changed_lines_of_edits_insertions_deletions_and_binary_files():
    old = line_digests(b"a\nb\nc\nd\n")
    assert changed_lines(old, line_digests(b"a\nB\nc\nd\n")) == (2,)
    assert changed_lines(old, line_digests(b"a\nb\nnew\nc\nd\n")) == (3,)
    assert changed_lines(old, line_digests(b"a\nc\nd\n")) == (2,)  # where b was
    assert changed_lines(old, old) == ()
    font = line_digests(b"\0\1\2")
    assert font[0].startswith("*") and changed_lines(font, line_digests(b"\0\1\3")) == (0,)


def test_snapshot_bytes_round_trip(tmp_path):
    snap = Snapshot("g", (_component("a"), _component("é", source="")),
                    {"cards.yaml": ("abc", "def"), "(pnpgen) templates/x.yaml": ()}, {},
                    {"png/é.png": "0123", "cards/a.pdf": "4567"})
    (tmp_path / SNAPSHOT).write_bytes(snapshot_bytes(snap))
    assert read_snapshot(tmp_path) == snap


@pytest.mark.slow
def test_a_print_shop_build_keeps_its_own_baseline_and_never_spoils_the_home_kits_list(pack):
    out = pack.parent / "out"

    def run(**options):
        return build(BuildOptions(game=str(pack), out=out, sim_games=0, **options))

    run(formats=("pdf",))
    shop = run(profile="drivethrucards")  # every card at the shop's size and bleed: each draws differently
    text = (shop.target / CHANGES).read_text(encoding="utf-8")
    assert text.splitlines()[0].endswith("compared with the previous build of this kind (drivethrucards) in this "
                                         "folder (snapshot-drivethrucards.json)")
    assert shop.extra["changes"].first  # no shop build before it: not compared with the home kit
    home = run(formats=("pdf",))
    text = (home.target / CHANGES).read_text(encoding="utf-8")
    assert text.splitlines()[0].endswith("compared with the previous plain home build in this folder "
                                         "(snapshot.json)")
    assert not home.extra["changes"].any and _section(text, "changed") == []
    assert _changed_pdfs(home.target) == []  # no "changed" PDF of a kit nothing in which changed
    assert "nothing to reprint." in text
    again = run(profile="drivethrucards")  # and the shop's own baseline was kept for it
    assert not again.extra["changes"].first and not again.extra["changes"].any
    a4 = run(formats=("pdf",), papers=("a4",))  # another paper: its own baseline too
    assert a4.extra["changes"].first and (a4.target / "snapshot-a4.json").is_file()
    assert (a4.target / "snapshot.json").is_file()
    assert (a4.target / "drivethrucards" / "snapshot-drivethrucards.json").is_file()  # the shop's own folder
    assert shop.target == again.target == a4.target / "drivethrucards"
