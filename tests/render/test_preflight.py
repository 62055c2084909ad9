"""The print preflight: purpose-made packs, each with one print problem, get one finding naming its cause."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.packs import edit, where
from pypdf import PdfReader

from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.checks import check_game
from pnpgen.checks.print import CVD_MIN_DELTA_E, GREY_MIN_DELTA_L, _too_close
from pnpgen.cli import main
from pnpgen.draw import fonts
from pnpgen.draw.vision import delta_e2000, lightness, seen_with
from pnpgen.errors import ContentErrors
from pnpgen.files.paths import TEMPLATES_DIR
from pnpgen.load.loader import load_game

TOKEN_SIZE = f"{TEMPLATES_DIR / 'token.yaml'}:7:15"  # where pnpgen's token template sets its label's size
FONT_DIR = Path(fonts.__file__).resolve().parent.parent / "fonts"
VERA = Path(__import__("reportlab").__file__).resolve().parent / "fonts"  # Bitstream Vera: no 'Ł'

GAME = """\
id: p
title: Preflight
suits:
  gold: {colour: "#E0B000", symbol: star}
  navy: {colour: "#1B3A5C", symbol: circle}
decks:
  - id: main
    cards:
      - {id: one, suit: gold, name: Harbour}
      - {id: two, suit: navy}
boards:
  - id: sea
    name: Sea
    hex_size_mm: 30
    hexes: [[0, 0, gold], [1, 0, navy], [0, 1, gold], [1, -1, navy]]
tokens:
  - {id: crew-a, kind: crew, shape: square, size: 10, colour: "#E0B000"}
  - {id: crew-b, kind: crew, shape: square, size: 10, colour: "#1B3A5C"}
"""
CARD = "kind: action-card\nfooter:\n  height: 0\n"
SHEET = "kind: sheet\nmargin: 6mm\nmark_margin: 5.5mm\n"


@pytest.fixture
def clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small pack that the preflight finds nothing wrong with (its own card, board and sheet templates)."""
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "p"
    (root / "templates").mkdir(parents=True)
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "templates" / "action-card.yaml").write_text(CARD, encoding="utf-8")
    (root / "templates" / "board.yaml").write_text("kind: board\ncoordinates: false\n", encoding="utf-8")
    (root / "templates" / "sheet.yaml").write_text(SHEET, encoding="utf-8")
    return root


def findings(root: Path, printer_margin: float | None = None) -> list[str]:
    """Every error and warning `check` gives a pack."""
    report = check_game(load_game(str(root)), layout=True, printer_margin=printer_margin)
    return [str(e) for e in report.errors + report.warnings]


def test_the_clean_pack_has_no_findings(clean):
    assert findings(clean) == []


def test_two_suits_of_equal_lightness_on_a_board_warn_at_their_colours(clean):
    game = clean / "game.yaml"
    edit(game, '"#E0B000", symbol: star', '"#C8352E", symbol: star')  # red, L* 46
    edit(game, '"#1B3A5C", symbol: circle', '"#2C6FB7", symbol: circle')  # blue, L* 46
    got = findings(clean)
    assert len(got) == 1, got
    assert got[0].startswith(f"{where(game, '#C8352E', -1)}: warning: suits on board 'sea': suit 'gold' (#C8352E) "
                             f"and suit 'navy' (#2C6FB7, at {where(game, '#2C6FB7', -1)})")
    assert "in grey (L* 46 and 46: ΔL* 0.4 < 20)" in got[0]


def test_suits_told_apart_by_their_symbols_on_cards_do_not_warn(clean):
    game = clean / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text[:text.index("boards:")] + text[text.index("tokens:"):], encoding="utf-8")  # no board
    edit(game, '"#E0B000", symbol: star', '"#C8352E", symbol: star')
    edit(game, '"#1B3A5C", symbol: circle', '"#2C6FB7", symbol: circle')
    assert findings(clean) == []  # on the cards each suit prints its own symbol
    edit(game, "symbol: star", "symbol: circle")  # the same symbol: colour alone tells them apart
    got = findings(clean)
    assert len(got) == 1 and "suits on the cards: suit 'gold' (#C8352E) and suit 'navy'" in got[0]


def test_two_suits_of_identical_colour_and_symbol_are_an_error_naming_both(clean):
    game = clean / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text[:text.index("boards:")] + text[text.index("tokens:"):], encoding="utf-8")  # cards only
    edit(game, 'navy: {colour: "#1B3A5C", symbol: circle}', 'navy: {colour: "#E0B000", symbol: star}')
    gold, navy = where(game, 'gold: {colour: ', 15), where(game, 'navy: {colour: ', 15)
    got = findings(clean)
    assert got == [f"{gold}: error: suits on the cards: suit 'gold' and suit 'navy' (at {navy}) have the same "
                   "colour (#E0B000) and the same mark (symbol star), so players cannot tell them apart; change a "
                   "colour, or print a distinct symbol or letter on each"]
    assert check_game(load_game(str(clean)), layout=True).errors  # an error: `check` fails without --strict
    edit(game, 'navy: {colour: "#E0B000", symbol: star}', 'navy: {colour: "#E0B000", symbol: circle}')
    assert findings(clean) == []  # the same colour, told apart by their symbols


def test_tokens_alike_on_their_faces_but_not_on_their_backs_are_not_look_alikes(clean):
    game = clean / "game.yaml"
    edit(game, 'size: 10, colour: "#1B3A5C"}', 'size: 10, colour: "#E0B000"}')
    got = findings(clean)
    assert len(got) == 1 and "token 'crew-a' and token 'crew-b'" in got[0] and ": error: " in got[0], got
    edit(game, 'size: 10, colour: "#E0B000"}', 'size: 10, colour: "#E0B000", back_label: "2"}', count=2)
    assert len(findings(clean)) == 1  # the same backs too: still nothing tells them apart
    edit(game, 'crew-b, kind: crew, shape: square, size: 10, colour: "#E0B000", back_label: "2"',
         'crew-b, kind: crew, shape: square, size: 10, colour: "#E0B000", back_label: "3"')  # drawn face down
    assert findings(clean) == []


def test_tokens_of_one_kind_told_apart_by_colour_alone_warn_unless_they_carry_letters(clean):
    game = clean / "game.yaml"
    edit(game, 'colour: "#1B3A5C"}', 'colour: "#D4588F"}')  # pink crew
    edit(game, 'size: 10, colour: "#E0B000"}', 'size: 10, colour: "#B8860B"}')  # ochre crew
    got = findings(clean)
    assert len(got) == 1, got
    assert got[0].startswith(f"{where(game, '#B8860B', -1)}: warning: tokens of kind 'crew': token 'crew-a'")
    assert "ΔL* 4.2 < 20" in got[0]
    edit(game, 'colour: "#B8860B"}', 'colour: "#B8860B", label: A}')
    edit(game, 'colour: "#D4588F"}', 'colour: "#D4588F", label: B}')
    assert findings(clean) == []


def test_a_character_the_font_lacks_is_an_error_naming_it_and_the_text(clean):
    game = clean / "game.yaml"
    edit(game, "name: Harbour", "name: Harbour 港")
    got = findings(clean)
    assert len(got) == 1, got
    assert got[0].startswith(f"{where(game, '{id: one')}: error: U+6E2F '港' in 'Harbour 港' is not in the font "
                             "DejaVu Sans (display, DejaVuSans-Bold.ttf)")
    assert "card 'Harbour 港 (gold)'" in got[0]


def test_type_under_6_pt_warns_at_the_template_value(clean):
    card = clean / "templates" / "action-card.yaml"
    card.write_text(CARD + "band:\n  title: {size: 5pt, min_size: 5pt}\n", encoding="utf-8")
    got = findings(clean)
    assert len(got) == 1, got
    assert got[0].startswith(f"{where(card, '5pt,')}: warning: template 'action-card' band title 'Harbour' prints "
                             "at 5.00 pt, under 6 pt")


def test_text_in_the_safe_zone_warns_at_the_template_region(clean):
    edit(clean / "game.yaml", "name: Harbour}", "name: Harbour, text: Sail one hex.}")
    card = clean / "templates" / "action-card.yaml"
    card.write_text(CARD + 'effect:\n  label: ""\n', encoding="utf-8")  # (the bundled label prints at 5.7 pt)
    assert findings(clean) == []
    card.write_text(CARD + 'effect:\n  box: [1mm, 66mm, 61mm, 16mm]\n  label: ""\n', encoding="utf-8")
    got = findings(clean)
    assert len(got) == 1, got
    assert got[0].startswith(f"{where(card, 'box:')}: warning: template 'action-card' effect text 'Sail one hex.' is "
                             "1.0 mm from the trim")


def test_ink_in_the_printer_margin_warns_at_the_sheet_value(clean):
    sheet = clean / "templates" / "sheet.yaml"
    sheet.write_text(SHEET.replace("margin: 6mm", "margin: 3mm"), encoding="utf-8")
    got = findings(clean)
    assert got and all(": warning: " in g for g in got)
    assert {g.split(": warning: ")[0] for g in got} == {where(sheet, "3mm")}
    assert any("a4: the footer (scale bars, print note, page text) comes within 3.0 mm of the paper edge, inside "
               "the printer margin of 5 mm" in g for g in got)
    assert any("letter: the footer (scale bars, print note, page text) comes within 3.0 mm" in g for g in got)
    assert findings(clean, printer_margin=2.5) == []  # a printer that prints nearer the edge


@pytest.mark.slow
def test_check_strict_fails_on_preflight_warnings_and_build_takes_printer_margin(clean):
    runner = CliRunner()
    assert runner.invoke(main, ["check", "--strict", "p"]).exit_code == 0
    assert runner.invoke(main, ["check", "--strict", "--printer-margin", "6", "p"]).exit_code == 1
    r = runner.invoke(main, ["build", "p", "--skip-sim", "--printer-margin", "6", "--format", "pdf", "--paper", "a4"])
    assert r.exit_code == 0 and "inside the printer margin of 6 mm" in r.stderr


def test_the_thresholds_are_what_the_module_says():
    assert (GREY_MIN_DELTA_L, CVD_MIN_DELTA_E) == (20.0, 12.0)
    assert lightness("#C8352E") == pytest.approx(45.7, abs=0.1) and lightness("#2C6FB7") == pytest.approx(46.1, abs=0.1)
    assert _too_close("#000000", "#ffffff") == []
    # red and green: apart in colour, alike to a deuteranope
    assert delta_e2000(seen_with("#C8352E", "deuteranopia"), seen_with("#2E8B57", "deuteranopia")) < \
        delta_e2000(seen_with("#C8352E", "tritanopia"), seen_with("#2E8B57", "tritanopia"))
    assert any("deuteranopia" in why for why in _too_close("#C8352E", "#2E8B57"))


# -- fonts ---------------------------------------------------------------------------------------------------

def _pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
def test_lodz_round_trips_into_the_pdf_with_the_default_font(clean, tmp_path):
    edit(clean / "game.yaml", "name: Harbour", "name: Łódź")
    out = tmp_path / "out"
    build(BuildOptions(game="p", out=out, papers=("a4",), formats=("pdf",), sim_games=0))
    text = _pdf_text(out / "p" / "p-a4.pdf")
    assert "Łódź" in text and "?" not in text


def _with_vera(root: Path) -> Path:
    (root / "fonts").mkdir()
    for name in ("Vera.ttf", "VeraBd.ttf"):
        shutil.copy(VERA / name, root / "fonts" / name)
    game = root / "game.yaml"
    edit(game, "title: Preflight\n", "title: Preflight\nfonts:\n  regular: fonts/Vera.ttf\n  bold: fonts/VeraBd.ttf\n")
    return game


@pytest.mark.slow
def test_a_pack_font_is_embedded_subset_named_in_the_svg_and_rebuilds_byte_identical(clean, tmp_path):
    _with_vera(clean)
    assert findings(clean) == []
    first = tmp_path / "one"
    build(BuildOptions(game="p", out=first, papers=("a4",), sim_games=0))
    pdf = (first / "p" / "p-a4.pdf").read_bytes()
    names = set()
    for page in PdfReader(first / "p" / "p-a4.pdf").pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            names.add(str(font["/BaseFont"]).split("+")[-1])
            assert "/FontFile2" in font["/FontDescriptor"].get_object()  # embedded (reportlab embeds subsets)
    assert "BitstreamVeraSans-Bold" in names and "DejaVuSans-Bold" not in names  # the pack's bold everywhere
    assert "DejaVuSans-Oblique" in names  # the footer's italic: a style the pack leaves out
    svg = (first / "p" / "svg" / "card-one.svg").read_text(encoding="utf-8")
    assert "font-family=\"'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif\"" in svg
    second = tmp_path / "two"
    build(BuildOptions(game="p", out=second, papers=("a4",), sim_games=0))
    assert (second / "p" / "p-a4.pdf").read_bytes() == pdf


def test_a_pack_font_that_lacks_a_character_gives_the_located_glyph_error(clean):
    game = _with_vera(clean)
    edit(game, "name: Harbour", "name: Łódź")
    got = findings(clean)
    assert len(got) == 1, got
    assert got[0].startswith(f"{where(game, '{id: one')}: error: U+017A 'ź' in 'Łódź' is not in the font "
                             "Bitstream Vera Sans (display, VeraBd.ttf)")


def test_the_layout_uses_the_pack_fonts_own_metrics(clean):
    plain = load_game(str(clean))
    _with_vera(clean)
    with fonts.using(fonts.for_game(load_game(str(clean)))):
        vera = fonts.width("Wolverine", 10.0, "bold")
    with fonts.using(fonts.for_game(plain)):
        dejavu = fonts.width("Wolverine", 10.0, "bold")
    assert fonts.face("bold").path.name == "DejaVuSans-Bold.ttf"
    assert vera > 0 and dejavu > 0
    with fonts.using(fonts.for_game(load_game(str(clean)))):
        assert fonts.face("bold").path.name == "VeraBd.ttf" and fonts.face("italic").path.name == \
            "DejaVuSans-Oblique.ttf"  # a style the pack leaves out: the default face


def test_a_face_is_read_when_first_used_and_a_broken_pack_file_falls_back_to_the_default(monkeypatch, tmp_path):
    fonts.forget()
    read, real = [], fonts.read_face
    monkeypatch.setattr(fonts, "read_face", lambda path: read.append(Path(path).name) or real(path))
    faces = fonts.default_set()
    assert read == []  # (naming the set reads no font)
    with fonts.using(faces):
        fonts.width("Harbour", 4.0, "regular")
        fonts.width("HARBOUR", 4.0, "bold")
        fonts.width("Harbour", 4.0, "regular")
    assert read == ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]  # each once; no italic file
    assert faces.names() == tuple(fonts.face_name(str(FONT_DIR / fonts.DEFAULT_FILES[s])) for s in fonts.STYLES)
    assert faces.face("regular").pdf_name == faces.names()[0]
    broken = tmp_path / "broken.ttf"
    broken.write_text("not a font", encoding="utf-8")
    own = fonts.font_set({"italic": broken, "bold": VERA / "VeraBd.ttf"})
    assert own.face("italic").path.name == "DejaVuSans-Oblique.ttf"
    assert own.face("bold-italic").path.name == own.face("display").path.name == "VeraBd.ttf"
    assert own.face("regular").path.name == "DejaVuSans.ttf"
    with pytest.raises(fonts.FontError):
        fonts.FontSet((("regular", (str(broken),)),)).face("regular")
    monkeypatch.undo()
    fonts.forget()  # (a file may have changed on disk: the set made after is not the one before, nor equal to it)
    assert fonts.default_set() is not faces and fonts.default_set() != faces and fonts.default_set() == \
        fonts.default_set()


@pytest.mark.parametrize("value, message", [
    ("fonts/none.ttf", "fonts: 'regular': no such file 'fonts/none.ttf' in p"),
    ("../outside.ttf", "fonts: file reference '../outside.ttf' leaves the content folder"),
])
def test_missing_and_outside_font_files_are_located_load_errors(clean, value, message):
    (clean.parent / "outside.ttf").write_bytes((FONT_DIR / "DejaVuSans.ttf").read_bytes())
    game = clean / "game.yaml"
    edit(game, "title: Preflight\n", f"title: Preflight\nfonts:\n  regular: {value}\n")
    with pytest.raises(ContentErrors) as e:
        load_game(str(clean))
    assert [str(x) for x in e.value.errors] == [f"{where(game, value)}: error: {message}"]


def test_a_file_that_is_not_a_font_is_a_located_check_error_and_stops_the_build(clean):
    (clean / "fonts").mkdir()
    (clean / "fonts" / "notes.ttf").write_text("not a font", encoding="utf-8")
    game = clean / "game.yaml"
    edit(game, "title: Preflight\n", "title: Preflight\nfonts:\n  regular: fonts/notes.ttf\n")
    assert findings(clean) == [f"{where(game, 'fonts/notes.ttf')}: error: fonts: 'regular' ('notes.ttf'): cannot "
                               "use font file: not a TrueType or OpenType font"]
    r = CliRunner().invoke(main, ["build", "p", "--skip-sim", "--out", "out"])
    assert r.exit_code == 1 and "cannot use font file" in r.stderr and "Traceback" not in r.output


def test_an_unknown_font_style_is_a_located_error_with_a_suggestion(clean):
    game = clean / "game.yaml"
    edit(game, "title: Preflight\n", "title: Preflight\nfonts:\n  bolt: fonts/x.ttf\n")
    with pytest.raises(ContentErrors) as e:
        load_game(str(clean))
    assert str(e.value.errors[0]) == (f"{where(game, 'bolt')}: error: fonts: unknown style 'bolt' (expected one of: "
                                      "regular, bold, italic, display) (did you mean 'bold'?)")


@pytest.mark.slow
def test_issue_18_item_17_text_the_font_cannot_draw_stops_the_build_instead_of_printing_a_question_mark(clean):
    edit(clean / "game.yaml", "name: Harbour", "name: Harbour 港")
    r = CliRunner().invoke(main, ["build", "p", "--skip-sim", "--out", "out"])
    assert r.exit_code == 1
    assert "error: U+6E2F '港'" in r.stderr and "Traceback" not in r.output
    assert not Path("out").exists()
    r = CliRunner().invoke(main, ["check", "p"])
    assert r.exit_code == 1 and "error: U+6E2F '港'" in r.stderr


def errors(root: Path) -> list[str]:
    """The errors `check` gives a pack."""
    return [str(e) for e in check_game(load_game(str(root)), layout=True).errors]


def test_a_sheet_value_that_leaves_a_piece_no_room_is_located_and_says_how_far(clean):
    # Found by tests/fuzz: a margin enlarged in the sheet template gave "... does not fit on a4 paper; make its
    # template smaller" with no place, blaming the piece.
    (clean / "templates" / "action-card.yaml").write_text(CARD + "size: [180mm, 250mm]\n", encoding="utf-8")
    sheet = clean / "templates" / "sheet.yaml"
    assert errors(clean) == []
    sheet.write_text(SHEET.replace("margin: 6mm", "margin: 20mm"), encoding="utf-8")
    got = errors(clean)
    assert [g.split(" mm would do")[0].rsplit(" ", 1)[0] for g in got] == [
        f"{where(sheet, '20mm')}: error: Harbour (gold) (180 x 250 mm) does not fit on {paper} paper: the sheet's "
        "'margin' of 20 mm leaves too little room; at most" for paper in ("a4", "letter")]
    most = min(float(g.split(" mm would do")[0].rsplit(" ", 1)[1]) for g in got)
    sheet.write_text(SHEET.replace("margin: 6mm", f"margin: {most:g}mm"), encoding="utf-8")
    assert errors(clean) == []  # what it says would do, does
    sheet.write_text(SHEET.replace("margin: 6mm", f"margin: {most + 0.1:g}mm"), encoding="utf-8")
    assert len(errors(clean)) == 1  # and 0.1 mm more does not, on one paper
    sheet.write_text(SHEET.replace("mark_margin: 5.5mm", "mark_margin: 35mm"), encoding="utf-8")
    assert [g.split(": error: ")[0] for g in errors(clean)] == [where(sheet, "35mm")] * 2


def test_a_piece_too_big_for_any_sheet_is_located_at_the_piece(clean):
    (clean / "templates" / "action-card.yaml").write_text(CARD + "size: [250mm, 300mm]\n", encoding="utf-8")
    card = where(clean / "game.yaml", "{id: one")
    assert errors(clean) == [f"{card}: error: Harbour (gold) (250 x 300 mm) does not fit on {paper} paper; make it "
                             "smaller (its template's size, or its own)" for paper in ("a4", "letter")]


def test_sheet_values_too_big_together_are_blamed_together(clean):
    (clean / "templates" / "action-card.yaml").write_text(CARD + "size: [180mm, 250mm]\n", encoding="utf-8")
    sheet = clean / "templates" / "sheet.yaml"
    sheet.write_text("kind: sheet\nmargin: 14mm\nmark_margin: 14mm\n", encoding="utf-8")
    margin = where(sheet, chr(10) + "margin: 14mm", 9)
    assert errors(clean) == [f"{margin}: error: Harbour (gold) (180 x 250 mm) does not fit on {paper} paper: the "
                             "sheet's 'margin' (14 mm) and 'mark_margin' (14 mm) together leave too little room; at "
                             "pnpgen's defaults it fits" for paper in ("a4", "letter")]


def test_in_the_fold_layout_the_fold_gap_is_blamed_and_the_layout_named(clean):
    (clean / "templates" / "action-card.yaml").write_text(CARD + "size: [100mm, 125mm]\n", encoding="utf-8")
    sheet = clean / "templates" / "sheet.yaml"
    sheet.write_text(SHEET + "fold_gap: 30mm\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["build", "p", "--duplex", "fold", "--skip-sim", "--format", "pdf", "--paper",
                                  "letter"])
    assert (r.exit_code, r.output.splitlines()[-1]) == (1, f"{where(sheet, '30mm')}: error: Harbour (gold) (100 x 125 "
                                                           "mm) does not fit on letter paper in the fold layout: "
                                                           "the sheet's 'fold_gap' of 30 mm leaves too little room; "
                                                           "at most 27.2 mm would do"), r.output


def test_what_a_sheet_error_advises_keeps_clear_of_the_printer_margin(clean):
    # A card that would fit only with the margin below the printer margin (5 mm): the card is too big, not the margin.
    card, sheet = clean / "templates" / "action-card.yaml", clean / "templates" / "sheet.yaml"
    card.write_text(CARD + "size: [200mm, 250mm]\n", encoding="utf-8")
    sheet.write_text(SHEET.replace("mark_margin: 5.5mm", "mark_margin: 1mm"), encoding="utf-8")
    assert [e.split(": error: ")[0] for e in errors(clean)] == [where(clean / "game.yaml", "{id: one")] * 2


def test_a_value_only_pnpgens_own_sheet_sets_is_not_blamed(clean):
    (clean / "templates" / "action-card.yaml").write_text(CARD + "size: [190mm, 275mm]\n", encoding="utf-8")
    (clean / "templates" / "sheet.yaml").unlink()  # pnpgen's own sheet sets the margin then: not the pack's to blame
    got = errors(clean)
    assert got and all(e.startswith(f"{where(clean / 'game.yaml', '{id: one')}: error: ") for e in got), got



# -- text that does not fit (issue: text that does not fit is an error, not a clipped line) ------------------

def test_text_taller_than_its_box_even_at_its_smallest_size_is_an_error_at_the_text(clean):
    game = clean / "game.yaml"
    edit(game, "- {id: crew-a, kind: crew, shape: square, size: 10,",
         "- {id: crew-a, kind: crew, shape: square, size: 24, label: " + "a b c d e f g h i j k l m n o p q r s t u v "
         * 4 + ",")
    got = findings(clean)
    token = where(game, "- {id: crew-a", 2)
    assert len(got) == 1, got
    assert got[0].startswith(f"{token}: error: template 'token' label 'a b c d e f g h i j k l m n o p q r s...' "
                             "does not fit its box: it needs ")
    assert "even at 6 pt, the smallest its template allows (min_size), so it would be cut off" in got[0]
    assert f"(its size is set at {TOKEN_SIZE})" in got[0] and got[0].endswith("(token 'crew-a')")


def test_a_word_wider_than_its_box_is_an_error_naming_the_word(clean):
    game = clean / "game.yaml"
    edit(game, "- {id: crew-a, kind: crew, shape: square, size: 10,",
         "- {id: crew-a, kind: crew, shape: square, size: 10, label: Harbour,")
    assert findings(clean) == [f"{where(game, '- {id: crew-a', 2)}: error: template 'token' label 'Harbour': the word "
                               "'Harbour' is wider than its box (8.4 mm) at 6 pt, so it prints past the box's side "
                               f"(its size is set at {TOKEN_SIZE}) (token 'crew-a')"]


def test_text_cut_by_its_band_is_an_error_at_the_content_it_prints(clean):
    game = clean / "game.yaml"
    edit(clean / "templates" / "action-card.yaml", "footer:\n  height: 0\n", "footer:\n  height: 6mm\n")
    edit(game, "  navy: {colour:", "  navy: {name: Navy of the Grand Duchy of Far Away, colour:")
    got = [f for f in findings(clean) if not f.endswith(" (in the low-ink kit)")]  # (where it also nears the trim)
    assert len(got) == 1, got
    assert got[0].startswith(f"{where(game, '  navy: {name', 8)}: error: template 'action-card' footer text "
                             "'NAVY OF THE GRAND DUCHY OF FAR AWAY' does not fit its box: it needs ")
    footer = where(clean / "templates" / "action-card.yaml", "height: 6mm")
    assert "at 6 pt (a min_size in its template would let it shrink), so it would be cut off or print over what " \
           f"lies beyond (its size is set at {footer})" in got[0]
    assert got[0].endswith("(card 'Two (navy)')")


def test_text_that_would_shrink_under_6_pt_to_fit_is_an_error(clean):
    edit(clean / "templates" / "action-card.yaml", "footer:\n  height: 0\n",
         "footer:\n  height: 0\neffect:\n  text: {size: 7pt, min_size: 4pt}\n")
    edit(clean / "game.yaml", "{id: one, suit: gold, name: Harbour}",
         "{id: one, suit: gold, name: Harbour, text: " + "Row to the harbour mouth and wait for the tide. " * 30 + "}")
    got = findings(clean)
    assert len(got) == 1, got
    assert got[0].startswith(f"{where(clean / 'game.yaml', '{id: one')}: error: template 'action-card' effect "
                             "text 'Row to the harbour mouth and wait for...' would have to shrink to ")
    assert "to fit its box, under the 6 pt that prints readably; shorten it or give it a larger box (its size is " \
           f"set at {where(clean / 'templates' / 'action-card.yaml', '7pt', 0)})" in got[0]
    assert got[0].endswith("(card 'Harbour (gold)')")
    edit(clean / "game.yaml", "Row to the harbour mouth and wait for the tide. " * 30,
         "Row to the harbour mouth and wait for the tide. " * 20)
    assert findings(clean) == []  # shrunk, but not under 6 pt: a note only
    report = check_game(load_game(str(clean)), layout=True)
    assert [n.message.split(" (its size")[0] for n in report.notes] == [
        "template 'action-card' effect text 'Row to the harbour mouth and wait for...' is shrunk from 7 pt to "
        f"{report.notes[0].message.split(' to ')[2].split(' ')[0]} pt to fit its box"]


def test_text_that_runs_into_the_title_band_is_an_error_naming_the_band(clean):
    edit(clean / "templates" / "action-card.yaml", "footer:\n  height: 0\n",
         "footer:\n  height: 0\ndiagram: [4mm, 12mm, 55mm, 0mm]\neffect: {box: [4mm, 12mm, 55mm, 16mm]}\n")
    edit(clean / "game.yaml", "{id: one, suit: gold, name: Harbour}",
         "{id: one, suit: gold, name: Harbour, text: Row to the harbour mouth.}")
    got = findings(clean)
    assert got and all(": error: " in g and "runs into the title band" in g for g in got), got
    assert got[0].startswith(f"{where(clean / 'game.yaml', '{id: one')}: error: template 'action-card' effect "
                             "text 'Row to the harbour mouth.' comes 0.0 mm from the title band (it overlaps it), "
                             "closer than the 1.5 mm that keeps it clear: it runs into the title band"), got


def test_check_verbose_prints_the_notes_and_plain_check_does_not(clean):
    edit(clean / "game.yaml", "{id: one, suit: gold, name: Harbour}",
         "{id: one, suit: gold, name: Harbourmasters}")  # the band title shrinks to fit
    plain = CliRunner().invoke(main, ["check", str(clean)])
    verbose = CliRunner().invoke(main, ["check", str(clean), "--verbose"])
    assert plain.exit_code == 0 and verbose.exit_code == 0
    assert ": note: " not in plain.output
    assert ": note: template 'action-card' band title 'Harbourmasters' is shrunk from 13 pt to " \
        in verbose.output


def test_the_margin_check_reads_the_ink_a_clip_keeps_not_the_clip():
    from types import SimpleNamespace

    from pnpgen.checks.findings import Findings
    from pnpgen.checks.print import _pages
    from pnpgen.draw.primitives import Drawing, Group, Rect, Style
    from pnpgen.errors import Problems

    def warnings(clip: tuple, ink: tuple) -> list[str]:
        piece = Group((Rect(*ink, Style(fill="#000000")),), clip=Rect(*clip, Style()))
        page = SimpleNamespace(drawing=Drawing(210, 297, Group((piece,))))
        problems = Problems()
        _pages({"a4": [page]}, set(), None, None, 5.0, Findings(), problems)
        return [str(w) for w in problems.warnings]

    assert warnings(clip=(20, 20, 50, 50), ink=(0, 0, 100, 100)) == []  # ink past the clip does not print
    assert warnings(clip=(2, 20, 50, 50), ink=(10, 30, 10, 10)) == []  # a clip into the margin, its ink clear of it
    got = warnings(clip=(2, 20, 50, 50), ink=(0, 30, 10, 10))  # the ink the clip keeps reaches 2 mm from the edge
    assert len(got) == 1 and "printed components come within 2.0 mm of the paper edge" in got[0], got
