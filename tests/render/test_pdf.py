"""The PDFs: page counts and sizes, fonts embedded, duplex hints, byte-identical rebuilds."""

from __future__ import annotations

import re

import pypdf
import pytest

from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.render.paper import PAPERS

PT = 72 / 25.4


def _reader(built, paper):
    state, folder = built
    return pypdf.PdfReader(str(folder / f"{state.game.id}-{paper}.pdf"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_has_the_paper_size(built, paper):
    reader = _reader(built, paper)
    size = PAPERS[paper]
    assert len(reader.pages) > 2
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(size.width * PT, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(size.height * PT, abs=0.01)


@pytest.mark.parametrize(("paper", "per_sheet"), [("a4", 9), ("letter", 8)])
def test_cards_fill_sheets_with_gutters_each_sheet_followed_by_its_backs(built, paper, per_sheet):
    # A4 holds nine poker cards with gutters inside the printer margin; Letter eight, turned a quarter
    state, _ = built
    pages = state.pages[paper]
    reader = _reader(built, paper)
    assert len(reader.pages) == len(pages)
    game = state.game
    decks = (*game.decks, *(d for v in game.variants for d in v.decks))
    card_faces = [p for p in pages if p.role == "face" and any(t[1] == "face" and t[0].startswith("card-")
                                                                for t in p.trims)]
    cards = [[t for t in p.trims if t[0].startswith("card-")] for p in card_faces]
    assert sorted(t[0] for c in cards for t in c) == sorted(
        f"card-{d.id}-{c.id}" if d.copy_of else f"card-{c.id}" for d in decks for c in d.cards for _ in range(c.count))
    full = [c for c in cards if len(c) == per_sheet]
    assert len(full) >= 4 and max(len(c) for c in cards) == per_sheet
    for c in full:
        xs = sorted({round(t[2], 3) for t in c})
        ys = sorted({round(t[3], 3) for t in c})
        w, h = c[0][4], c[0][5]
        assert (len(xs), len(ys)) == ((3, 3) if paper == "a4" else (2, 4))
        assert (w, h) == ((63, 88) if paper == "a4" else (88, 63))
        assert min(b - a - w for a, b in zip(xs, xs[1:])) >= 1.5 - 1e-6  # a gutter between columns
        assert min(b - a - h for a, b in zip(ys, ys[1:])) >= 1.5 - 1e-6  # and between rows
    # long-edge duplex: the cover; then for the game's own pieces and for the four-player game's, each sheet with
    # backs followed by its backs, then the sheets with nothing on their backs (printed single-sided): no blank page
    roles = "".join({"cover": "c", "face": "f", "back": "b", "blank": "_"}[p.role] for p in pages)
    assert re.fullmatch(r"c+(fb)+f+(fb)+f+", roles), roles
    for k, role in enumerate(roles):
        if role == "b":  # a back page shows the backs of the face page before it, mirrored
            assert {t[0] for t in pages[k].trims} <= {state.kit.by_id(t[0]).back_id or t[0] for t in pages[k - 1].trims}
    two_sided = [p for p in pages if p.role == "face" and any(state.kit.by_id(t[0]).back is not None
                                                               for t in p.trims)]
    assert [p.role for p in pages].count("back") == len(two_sided) >= len(card_faces)


def test_fonts_are_embedded_truetype_and_no_standard_font_is_used(built):
    for paper in ("a4", "letter"):
        reader = _reader(built, paper)
        seen = set()
        for page in reader.pages:
            fonts = page["/Resources"]["/Font"]
            for ref in fonts.values():
                font = ref.get_object()
                seen.add(font["/BaseFont"])
                assert font["/Subtype"] == "/TrueType"
                assert "/FontFile2" in font["/FontDescriptor"].get_object()
        assert seen and all("DejaVuSans" in name for name in seen)


def test_the_pdf_asks_for_long_edge_duplex_and_no_scaling(built):
    prefs = _reader(built, "a4").trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"
    assert prefs["/PrintScaling"] == "/None"


def test_footer_names_the_game_version_and_page(built):
    state, _ = built
    reader = _reader(built, "a4")
    n = len(reader.pages)
    first = reader.pages[0].extract_text()
    assert f"{state.game.title} {state.game.version}" in first
    assert f"page 1 of {n}" in first
    assert f"page {n} of {n}" in reader.pages[-1].extract_text()


@pytest.mark.slow
def test_the_same_input_gives_byte_identical_files(built, tmp_path):
    state, folder = built
    again = build(BuildOptions(out=tmp_path, sim_games=0))
    first = sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file())
    second = sorted(p.relative_to(tmp_path / again.game.id) for p in (tmp_path / again.game.id).rglob("*")
                    if p.is_file())
    assert first == second and len(first) > 10
    for rel in first:
        assert (folder / rel).read_bytes() == (tmp_path / again.game.id / rel).read_bytes(), rel


@pytest.mark.slow
def test_fold_and_faces_only_layouts(tmp_path):
    fold = build(BuildOptions(out=tmp_path / "f", papers=("a4",), formats=("pdf",), duplex="fold",
                             sim_games=0))
    pages = fold.pages["a4"]
    assert any(p.role == "fold" for p in pages) and not any(p.role in ("back", "blank") for p in pages)
    prefs = pypdf.PdfReader(str(tmp_path / "f" / "narrow-seas" / "narrow-seas-a4.pdf")).trailer["/Root"]
    assert "/Duplex" not in prefs["/ViewerPreferences"]
    none = build(BuildOptions(out=tmp_path / "n", papers=("a4",), formats=("pdf",), duplex="none",
                             sim_games=0))
    assert [p.role for p in none.pages["a4"]][:1] == ["cover"]
    assert all(p.role in ("cover", "face") for p in none.pages["a4"])
    assert all(side == "face" for p in none.pages["a4"] for _, side, *_ in p.trims)


def _ranges(text: str) -> set[int]:
    pages: set[int] = set()
    for part in text.split(", "):
        first, _, last = part.partition("–")
        pages.update(range(int(first), int(last or first) + 1))
    return pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_cover_says_which_pages_print_double_sided_and_which_single(built, paper):
    import subprocess

    state, folder = built
    pages = state.pages[paper]
    text = subprocess.run(["pdftotext", "-f", "1", "-l", "2", str(folder / f"narrow-seas-{paper}.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    said = re.search(r"Print pages ([\d–, ]+) double-sided, flipping on the long edge: each sheet's backs are on the "
                     r"page after it\. Print pages ([\d–, ]+) single-sided", " ".join(text.split()))
    assert said, text
    double, single = _ranges(said[1]), _ranges(said[2])
    assert double == {n for n, p in enumerate(pages, start=1) if p.role == "back" or
                      (n < len(pages) and pages[n].role == "back")}
    assert single == set(range(1, len(pages) + 1)) - double
    assert all(pages[n - 1].role in ("cover", "face") for n in single)
    assert not any(p.role == "blank" for p in pages)


@pytest.mark.slow
def test_blank_backs_keep_the_whole_file_double_sided(tmp_path):
    import subprocess

    state = build(BuildOptions(out=tmp_path, papers=("a4",), formats=("pdf",), sim_games=0, blank_backs=True))
    pages = state.pages["a4"]
    assert len(pages) == 34 and [p.role for p in pages].count("blank") == 10
    for face, back in zip(pages[::2], pages[1::2]):
        assert (face.role, back.role) in {("cover", "cover"), ("cover", "blank"), ("face", "back"), ("face", "blank")}
    text = subprocess.run(["pdftotext", "-f", "2", "-l", "2", str(tmp_path / "narrow-seas" / "narrow-seas-a4.pdf"),
                           "-"], capture_output=True, text=True, check=True).stdout  # (the printing page)
    assert "Print the whole file double-sided, flipping on the long edge" in " ".join(text.split())
