"""Decks read from spreadsheets: a CSV deck builds the same kit as its YAML twin, sheet errors carry their row and
column in the YAML errors' words, XLSX through openpyxl, and `export-cards` writes the sheet."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from kit.packs import copy_pack, edit, errors_of

from pnpgen.build.changes import is_changes_file
from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.cli import main
from pnpgen.errors import ContentError
from pnpgen.load.cardsheet import cards_csv
from pnpgen.load.loader import load_game
from pnpgen.source.sheets import _csv_cells


def sheet_twin(name: str, dest: Path) -> Path:
    """A copy of a bundled pack whose decks read their cards from CSV files that export-cards wrote."""
    pack = copy_pack(dest / name, name)
    game = load_game(str(pack))
    cards_file = pack / "cards.yaml"
    decks = yaml.safe_load(cards_file.read_text(encoding="utf-8"))
    moved = 0
    for deck in decks:
        if "cards" in deck:
            (pack / f"{deck['id']}.csv").write_text(cards_csv(game, deck["id"]), encoding="utf-8")
            deck["cards"] = f"{deck['id']}.csv"
            moved += 1
    assert moved > 0
    cards_file.write_text(yaml.safe_dump(decks, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return pack


@pytest.mark.slow
@pytest.mark.parametrize("name", ["narrow-seas", "seas-of-havoc"])
def test_a_csv_deck_and_its_yaml_twin_build_byte_identical_kits(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    twin = sheet_twin(name, tmp_path / "sheets")
    assert "\n" in (twin / f"{load_game(str(twin)).decks[0].id}.csv").read_text(encoding="utf-8")
    options = {"papers": ("a4",), "sim_games": 0}
    yaml_kit = build(BuildOptions(game=name, out=tmp_path / "yaml", **options))
    csv_kit = build(BuildOptions(game=str(twin), out=tmp_path / "csv", **options))
    assert [c.id for c in csv_kit.game.cards] == [c.id for c in yaml_kit.game.cards]
    assert csv_kit.game.cards == yaml_kit.game.cards  # every field as the YAML gives it
    compared = 0
    for path in sorted((tmp_path / "yaml" / name).rglob("*")):
        if path.is_file() and not is_changes_file(path.name, name):  # they name the content's files and lines
            twin_file = tmp_path / "csv" / name / path.relative_to(tmp_path / "yaml" / name)
            assert twin_file.read_bytes() == path.read_bytes(), path.name
            compared += 1
    assert compared > 20


CSV = """id,suit,action,count,text
,yellow,reach,,
,blue,reach,two,
,green,tack,,
wind,,wind,1,"Changes the wind,
then ends your turn."
"""


@pytest.fixture
def csv_pack(pack: Path) -> Path:
    """The Narrow Seas copy with its action deck read from cards.csv (a few cards, some wrong)."""
    text = (pack / "cards.yaml").read_text(encoding="utf-8")
    (pack / "cards.yaml").write_text(text[:text.index("  cards:")] + "  cards: cards.csv\n", encoding="utf-8")
    (pack / "cards.csv").write_text(CSV, encoding="utf-8")
    return pack


@pytest.mark.slow
def test_csv_errors_carry_row_and_column_in_the_words_of_yaml_errors(csv_pack):
    got = [e for e in errors_of(csv_pack) if "cards.csv" in e]
    assert got == [
        "narrow-seas/cards.csv:3:4: error: card 'blue-reach': field 'count' must be a whole number, got 'two'",
        "narrow-seas/cards.csv:4:2: error: card 'green-tack': unknown suit 'green' (expected one of: yellow, "
        "blue, red)",
    ]
    # the same mistakes written in YAML read the same after the location
    cards = csv_pack / "cards.yaml"
    edit(cards, "  cards: cards.csv\n", "  cards:\n    - {suit: blue, action: reach, count: two}\n"
                                        "    - {suit: green, action: tack}\n")
    in_yaml = [e.split(": error: ")[1] for e in errors_of(csv_pack) if "cards.yaml" in e]
    assert in_yaml[:2] == [g.split(": error: ")[1] for g in got]


@pytest.mark.slow
def test_a_sheet_reads_text_numbers_and_card_fields(csv_pack):
    (csv_pack / "cards.csv").write_text(CSV.replace(",two,", ",2,").replace("green", "red"), encoding="utf-8")
    game = load_game(str(csv_pack))
    cards = {c.id: c for c in game.decks[0].cards}
    assert cards["blue-reach"].count == 2 and cards["yellow-reach"].count == 1  # an empty cell: the default
    assert cards["wind"].text == "Changes the wind,\nthen ends your turn."  # quoted, over two lines
    assert cards["blue-reach"].loc.line == 3


@pytest.mark.slow
def test_unknown_columns_and_bad_sheets_are_reported_once_at_the_header(csv_pack):
    sheet = csv_pack / "cards.csv"
    sheet.write_text(CSV.replace("count,text", "count,colour").replace(",two,", ",2,").replace("green", "red"),
                     encoding="utf-8")
    assert errors_of(csv_pack) == ["narrow-seas/cards.csv:1:5: error: deck 'action': unknown column 'colour' (a "
                                   "card's own fields are: action, count, fields, id, image, name, provisional, suit, "
                                   "suits, template, text); for a field of this deck's own, declare it under the "
                                   "deck's 'fields:' and name the column 'fields.colour'"]
    sheet.write_text("suit,action,suit\nred,tack,red\n", encoding="utf-8")
    assert errors_of(csv_pack) == ["narrow-seas/cards.csv:1:3: error: duplicate column 'suit' (first at column 1)"]
    sheet.write_text('suit,action,text\nred,tack,"open\n', encoding="utf-8")
    assert errors_of(csv_pack)[0].startswith("narrow-seas/cards.csv:2:1: error: CSV syntax error")
    edit(csv_pack / "cards.yaml", "cards: cards.csv", "cards: cards.txt")
    assert errors_of(csv_pack)[0].endswith("file reference 'cards.txt' must name a CSV, XLSX or YAML file (ending "
                                           ".csv, .xlsx, .yaml or .yml)")


@pytest.mark.slow
def test_card_fields_come_from_fields_columns(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    twin = sheet_twin("seas-of-havoc", tmp_path)
    market = (twin / "market.csv").read_text(encoding="utf-8")
    assert market.splitlines()[0].startswith("id,name,count,fields.cost,")
    (twin / "market.csv").write_text(market.replace("{sail: 2}", "{sail: lots}", 1), encoding="utf-8")
    row = next(n for n, line in enumerate(market.splitlines(), start=1) if "{sail: 2}" in line)
    assert errors_of(twin) == [f"seas-of-havoc/market.csv:{row}:4: error: card 'full-sail': field 'cost': 'sail' "
                               "must be a whole number from 0 to 9, got 'lots'"]


@pytest.mark.slow
def test_xlsx_decks_read_like_csv(csv_pack):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    for row in [["id", "suit", "action", "count"], [None, "yellow", "reach", None], [None, "blue", "reach", 2.0],
                ["wind", None, "wind", "lots"]]:
        sheet.append(row)
    book.save(csv_pack / "cards.xlsx")
    edit(csv_pack / "cards.yaml", "cards: cards.csv", "cards: cards.xlsx")
    assert errors_of(csv_pack) == ["narrow-seas/cards.xlsx:4:4: error: card 'wind': field 'count' must be a whole "
                                   "number, got 'lots'"]
    sheet["D4"] = 1
    book.save(csv_pack / "cards.xlsx")
    cards = load_game(str(csv_pack)).decks[0].cards
    assert [(c.id, c.count) for c in cards] == [("yellow-reach", 1), ("blue-reach", 2), ("wind", 1)]
    (csv_pack / "cards.xlsx").write_bytes(b"PK\x03\x04 not really a workbook")
    assert errors_of(csv_pack) == ["narrow-seas/cards.xlsx:1:1: error: is not a readable XLSX file (File is not a "
                                   "zip file)"]


@pytest.mark.slow
def test_export_cards_writes_the_deck_as_csv(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    got = runner.invoke(main, ["export-cards", "narrow-seas", "action", "--csv"])
    assert got.exit_code == 0, got.output
    lines = got.output.splitlines()
    assert lines[0] == "id,suit,action" and lines[1] == ",yellow,reach" and lines[-1] == "wind,,wind"
    assert len(lines) == 1 + 22
    got = runner.invoke(main, ["export-cards", "narrow-seas", "deck-b", "--out", "b.csv"])
    assert got.exit_code == 0 and (tmp_path / "b.csv").read_text(encoding="utf-8") == cards_csv(
        load_game("narrow-seas"), "deck-b")
    got = runner.invoke(main, ["export-cards", "narrow-seas", "nope"])
    assert got.exit_code == 1 and got.output.strip() == "error: narrow-seas: no deck 'nope' (decks: action, deck-b)"


@pytest.mark.parametrize(("out", "message"), [
    # found by tests/fuzz: `--out ''` (and '/') ended in a ValueError traceback
    ("", "error: --out: expected the name of a file to write, got a folder ('.')"),
    ("x/..", "error: --out: expected the name of a file to write, got a folder ('x/..')"),
    ("missing/b.csv", "error: --out missing/b.csv: the folder 'missing' does not exist"),
])
def test_export_cards_to_a_path_that_is_no_file_is_one_line(tmp_path, monkeypatch, out, message):
    monkeypatch.chdir(tmp_path)
    got = CliRunner().invoke(main, ["export-cards", "narrow-seas", "deck-b", "--out", out])
    assert (got.exit_code, got.output.strip()) == (1, message)
    assert list(tmp_path.iterdir()) == [], "nothing written, no temporary file left"


@pytest.mark.parametrize(("text", "lines"), [
    ("a,b\nc,d\n", [1, 2]),
    ("a,b\r\nc,d\r\n\"e\r\nx\",f\r\ng,h\r\n", [1, 2, 3, 5]),  # a quoted line break: the next row is two lines on
    ("a,b\rc,d\re,f\r", [1, 2, 3]),  # a file of CR line ends (old Mac spreadsheets): each CR ends a line
    ("a,b\nc,d\re,f\ng,h\n", [1, 2, 2, 3]),  # a stray CR among LF lines ends a row, not a line as editors count
])
def test_rows_are_placed_on_the_lines_an_editor_shows(text, lines):
    assert [line for line, _ in _csv_cells(text, "x.csv")] == lines


def test_a_csv_syntax_error_names_the_line_its_row_starts_on():
    with pytest.raises(ContentError) as e:
        _csv_cells("a,b\r\nc,d\r\ne,\"f\r\n", "x.csv")
    assert str(e.value) == "x.csv:3:1: error: CSV syntax error: unexpected end of data"


FORMULAS = ['=HYPERLINK("http://example.invalid","Click")', "@SUM(A1)", "+1+1", "-2-2", "'=quoted already",
            "''@twice", "\tTabbed", "-3"]


def test_formula_cells_export_as_text_and_read_back_as_the_same_cards(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pack = copy_pack(tmp_path / "ns")
    for k, name in enumerate(FORMULAS):
        card = ["reach", "tack", "run", "carronades", "broadside", "long-nines", "return-to-duty", "reach"][k]
        suit = "blue" if k < 7 else "red"
        edit(pack / "cards.yaml", f"    - {{suit: {suit}, action: {card}}}\n",
             f"    - {{suit: {suit}, action: {card}, name: {json.dumps(name)}}}\n")
    game = load_game(str(pack))
    text = cards_csv(game, "action")
    rows = list(csv.reader(io.StringIO(text)))
    column = rows[0].index("name")
    cells = [row[column] for row in rows[1:] if row[column]]
    assert cells == ["'" + FORMULAS[0], "'@SUM(A1)", "'+1+1", "'-2-2", "''=quoted already", "'''@twice",
                     "'\tTabbed", "-3"]  # each a spreadsheet shows as text; a plain number stays a number
    assert not any(c[0] in "=+@\t" or (c[0] == "-" and c != "-3") for c in cells)
    (pack / "action.csv").write_text(text, encoding="utf-8")
    decks = yaml.safe_load((pack / "cards.yaml").read_text(encoding="utf-8"))
    decks[0]["cards"] = "action.csv"
    (pack / "cards.yaml").write_text(yaml.safe_dump(decks, sort_keys=False), encoding="utf-8")
    again = load_game(str(pack))
    assert [c.name for c in again.decks[0].cards] == [c.name for c in game.decks[0].cards]
    assert [c.name for c in again.decks[0].cards if c.name in FORMULAS] == FORMULAS
    assert cards_csv(again, "action") == text  # export -> import -> export: the same bytes


# -- rows of the wrong length, columns the deck does not declare (issue 38) -------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("row", "line"), [
    (",blue,reach,2", "narrow-seas/cards.csv:3:1: error: this row has 4 cells and the header row 5: a cell is "
                      "missing (an empty cell is still written, between its commas: a,,c)"),  # (accepted before)
    (",blue,2,", "narrow-seas/cards.csv:3:1: error: this row has 4 cells and the header row 5: a cell is missing "
                 "(an empty cell is still written, between its commas: a,,c)"),  # (a type error in 'action' before)
    (",blue,reach,2,,x", "narrow-seas/cards.csv:3:6: error: this row has 6 cells and the header row 5: a cell too "
                         "many (a value that holds a comma goes in double quotes)"),
    (",blue,reach,,", None),  # empty cells written as such: the fields' defaults
])
def test_a_row_of_more_or_fewer_cells_than_the_header_is_an_error_at_the_row(csv_pack, row, line):
    (csv_pack / "cards.csv").write_text(f"id,suit,action,count,text\n,yellow,reach,,\n{row}\n", encoding="utf-8")
    if line is None:
        assert [(c.id, c.count, c.text) for c in load_game(str(csv_pack)).decks[0].cards] == [
            ("yellow-reach", 1, ""), ("blue-reach", 1, "")]
    else:
        assert errors_of(csv_pack) == [line]


def test_a_semicolon_sheet_names_its_own_separator(tmp_path):
    from pnpgen.source.sheets import read_sheet
    (tmp_path / "x.csv").write_text("id;suit;action\nx;red\n", encoding="utf-8")
    with pytest.raises(ContentError) as e:
        read_sheet(tmp_path / "x.csv", "x.csv")
    assert str(e.value) == ("x.csv:2:1: error: this row has 2 cells and the header row 3: a cell is missing (an empty "
                            "cell is still written, between its semicolons: a;;c)")


def published_deck(columns: str, row: str, rows: int = 36) -> str:
    """A sheet of 36 cards as a spreadsheet exports a published deck: the same columns in every row."""
    return columns + "\n" + "".join(row.format(k=k) + "\n" for k in range(rows))


@pytest.mark.slow
def test_a_column_for_a_field_the_deck_does_not_declare_is_one_error_at_its_header_cell(csv_pack):
    (csv_pack / "cards.csv").write_text(published_deck("id,name,count,fields.category", "c{k},Card {k},1,Harbour"),
                                        encoding="utf-8")
    assert errors_of(csv_pack) == [  # (ignored before: the category was lost without a word)
        "narrow-seas/cards.csv:1:4: error: deck 'action': column 'fields.category': the deck declares no card fields; "
        "declare 'category' under the deck's 'fields:' (such as fields: {category: {kind: text}})"]
    edit(csv_pack / "cards.yaml", "  cards: cards.csv", "  fields: {kind: {kind: text, required: true}, cost: {kind: "
                                                       "int}}\n  cards: cards.csv")
    assert errors_of(csv_pack) == [  # (36 lines each before, one a card)
        "narrow-seas/cards.csv:1:1: error: deck 'action': no column 'fields.kind' for the field 'kind' (Kind), which "
        "the deck requires of every card: add a column 'fields.kind' to the sheet",
        "narrow-seas/cards.csv:1:4: error: deck 'action': column 'fields.category': the deck declares no field "
        "'category' (it declares: kind, cost); declare 'category' under the deck's 'fields:', or rename the column"]


@pytest.mark.slow
def test_a_column_that_is_no_card_field_says_how_to_make_it_one(csv_pack):
    (csv_pack / "cards.csv").write_text(published_deck("id,name,count,category", "c{k},Card {k},1,Harbour"),
                                        encoding="utf-8")
    assert errors_of(csv_pack) == [
        "narrow-seas/cards.csv:1:4: error: deck 'action': unknown column 'category' (a card's own fields are: action, "
        "count, fields, id, image, name, provisional, suit, suits, template, text); for a field of this deck's own, "
        "declare it under the deck's 'fields:' and name the column 'fields.category'"]


@pytest.mark.slow
def test_a_sheet_with_no_column_to_name_its_cards_is_one_error_at_the_header(csv_pack):
    (csv_pack / "cards.csv").write_text(published_deck("name,count,text", "Card {k},1,Sail on"), encoding="utf-8")
    assert errors_of(csv_pack) == [  # (36 lines 'card #N: missing required field 'id'' before)
        "narrow-seas/cards.csv:1:1: error: deck 'action': the sheet has no 'id' column, nor a 'suit' or 'action' "
        "column to make ids from: add an 'id' column that names each card"]


@pytest.mark.slow
def test_an_xlsx_row_past_its_header_is_an_error_at_the_cell(csv_pack):
    from kit.xlsx import xlsx
    (csv_pack / "cards.xlsx").write_bytes(xlsx([["id", "suit", "action"], [None, "blue", "reach", "stray"]]))
    edit(csv_pack / "cards.yaml", "cards: cards.csv", "cards: cards.xlsx")
    assert errors_of(csv_pack) == ["narrow-seas/cards.xlsx:2:4: error: a value in column 4, past the header row's 3 "
                                   "columns (give the column a name in the header row, or clear the cell)"]
