"""Issue 18's input defects: text checked where it enters, templates contained like content, work bounded by the
expanded document and the whole pack, and every error one located line (each test names its defect)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.packs import display, edit, errors_of, where

from pnpgen.checks import check_game
from pnpgen.cli import main
from pnpgen.errors import ContentError, Loc
from pnpgen.files.paths import TEMPLATES_DIR
from pnpgen.load import files as load_files
from pnpgen.load.loader import load_game
from pnpgen.source import yamlsrc
from pnpgen.source.sheets import read_sheet
from pnpgen.source.yamlsrc import parse_yaml

pytestmark = pytest.mark.slow  # (most copy a pack and check it, or lay it out)

TEXT_RULE = "text holds printable characters, tabs and line breaks only"


def run(*args: str):
    """`pnpgen ARGS` through click's runner (stderr apart)."""
    return CliRunner().invoke(main, list(args), prog_name="pnpgen")


def laid_out_errors(root: Path) -> list[str]:
    """Every error `check` finds in a game folder, laying the kit out too (templates are read there)."""
    return [str(e) for e in check_game(load_game(str(root)), layout=True).errors]


def parse_error(text: str) -> str:
    with pytest.raises(ContentError) as e:
        parse_yaml(text, "f.yaml")
    return str(e.value)


# -- 3, 6: lone surrogates and control characters in a value --------------------------------------------------

@pytest.mark.parametrize(("escape", "code", "kind"), [
    ("\\ud800", "D800", "a lone surrogate"), ("\\x00", "0000", "a control character"),
    ("\\x01", "0001", "a control character"), ("\\b", "0008", "a control character"),
    ("\\f", "000C", "a control character"), ("\\e", "001B", "a control character"),
    ("\\uFFFE", "FFFE", "a non-character"), ("\\x85", "0085", "a control character")])
def test_3_6_a_name_holding_an_unprintable_character_is_a_located_error(pack: Path, escape: str, code: str,
                                                                         kind: str) -> None:
    actions = pack / "actions.yaml"
    edit(actions, "  name: Carronades", f'  name: "Carro{escape}nades"')
    at = where(actions, '"Carro')
    assert errors_of(pack) == [f"{at}: error: U+{code} is {kind}; {TEXT_RULE}"]


def test_14_a_raw_control_byte_is_located_where_it_is_written(pack: Path) -> None:
    actions = pack / "actions.yaml"
    edit(actions, "  name: Broadside", "  name: Broad\x01side")
    assert errors_of(pack) == [f"{where(actions, 'Broad', 5)}: error: U+0001 is a control character; {TEXT_RULE}"]


def test_6_a_control_character_in_a_key_is_refused_too() -> None:
    assert parse_error('a: 1\n"b\\x1bc": 2\n') == f"f.yaml:2:1: error: U+001B is a control character; {TEXT_RULE}"


# -- 13: every message is one line -----------------------------------------------------------------------------

def test_13_a_newline_in_a_value_is_shown_escaped_in_one_line(pack: Path) -> None:
    cards = pack / "cards.yaml"
    edit(cards, "{suit: yellow, action: reach}", '{suit: "yel\\nlow", action: reach}')
    got = errors_of(pack)
    assert got and all("\n" not in line for line in got)
    assert any("unknown suit 'yel\\nlow'" in line for line in got), got


def test_13_line_breaks_of_every_kind_are_escaped_in_a_message() -> None:
    shown = str(ContentError(Loc("f.yaml", 1, 2), "got 'a\nb\rc\fd\x85e\u2028f\u2029g\ud800'"))
    assert shown == "f.yaml:1:2: error: got 'a\\nb\\rc\\fd\\x85e\\u2028f\\u2029g\\ud800'"
    assert len(shown.splitlines()) == 1


# -- 4, 5: templates stay inside their folder -------------------------------------------------------------------

def leak(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "leak.yaml").write_text("kind: card\nsecret: hunter2\n", encoding="utf-8")
    return outside


def use_template(pack: Path, name: str) -> None:
    edit(pack / "cards.yaml", "template: sea-card", f"template: {name}")


@pytest.mark.parametrize("parent", ["../../outside/leak", "ABSOLUTE"])
def test_4_extends_cannot_reach_outside_the_templates_folder(pack: Path, tmp_path: Path, parent: str) -> None:
    outside = leak(tmp_path)
    parent = str(outside / "leak") if parent == "ABSOLUTE" else parent
    (pack / "templates").mkdir(exist_ok=True)
    mine = pack / "templates" / "mine.yaml"
    mine.write_text(f"kind: action-card\nextends: {parent}\n", encoding="utf-8")
    use_template(pack, "mine")
    got = laid_out_errors(pack)
    assert len(got) == 1 and got[0].startswith(f"{where(mine, parent)}: error: template '{parent}': file reference")
    assert "leaves the" in got[0] and "hunter2" not in got[0]


def test_5_a_templates_folder_linked_outside_the_pack_is_not_read(pack: Path, tmp_path: Path) -> None:
    leak(tmp_path)
    shutil.rmtree(pack / "templates")  # (the pack's own templates: its cards' go with it)
    (pack / "templates").symlink_to(tmp_path / "outside")
    use_template(pack, "leak")
    got = errors_of(pack)
    assert got == [f"{where(pack / 'cards.yaml', 'leak')}: error: deck 'action': template 'leak': file reference "
                   "'templates/leak.yaml' leaves the templates folder"]


def test_5_a_template_file_linked_outside_the_pack_is_not_read(pack: Path, tmp_path: Path) -> None:
    leak(tmp_path)
    (pack / "templates").mkdir(exist_ok=True)
    (pack / "templates" / "leak.yaml").symlink_to(tmp_path / "outside" / "leak.yaml")
    use_template(pack, "leak")
    got = errors_of(pack)
    assert len(got) == 1 and "leaves the templates folder" in got[0] and "hunter2" not in got[0]


# -- 11, 12: template and content files that hold nothing usable ---------------------------------------------

def own_action_card(pack: Path, text: str) -> Path:
    (pack / "templates").mkdir(exist_ok=True)
    path = pack / "templates" / "action-card.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_11_a_template_that_does_not_parse_is_one_located_line_and_the_game_a_summary(pack: Path) -> None:
    path = own_action_card(pack, "kind: card\n  x: [\n")
    r = run("check", "narrow-seas")
    assert r.exit_code == 1
    assert r.stderr.splitlines() == [f"{display(path)}:2:4: error: YAML syntax error: mapping values are not "
                                     "allowed here"]
    assert r.stdout.startswith("narrow-seas: ") and r.stdout.rstrip().endswith("1 error(s)")


@pytest.mark.parametrize(("text", "got"), [("", "nothing"), ("just text\n", "'just text'")])
def test_12_an_empty_or_scalar_template_is_located_at_the_file(pack: Path, text: str, got: str) -> None:
    path = own_action_card(pack, text)
    assert laid_out_errors(pack) == [f"{display(path)}:1:1: error: template 'action-card': expected a mapping, "
                                     f"got {got}"]


def test_12_an_empty_content_file_is_one_error_at_the_file(pack: Path) -> None:
    (pack / "actions.yaml").write_text("", encoding="utf-8")
    assert errors_of(pack) == [f"{display(pack / 'actions.yaml')}:1:1: error: the file is empty (named at "
                               f"{where(pack / 'game.yaml', 'actions.yaml')})"]


def test_12_a_reference_too_long_to_look_up_is_located_and_later_games_are_checked(pack: Path) -> None:
    long = "a" * 300 + ".yaml"
    edit(pack / "game.yaml", "actions: actions.yaml", f"actions: {long}")
    r = run("check", "narrow-seas", "enemy-in-sight")
    assert r.exit_code == 1
    assert r.stderr.splitlines() == [f"{where(pack / 'game.yaml', long)}: error: file reference '{'a' * 60}...' "
                                     "cannot be looked up (too long, or a loop of links?)"]
    assert "enemy-in-sight: " in r.stdout


@pytest.mark.parametrize(("board", "holds"), [("/etc/hostname", "a single value"), ("empty.yaml", "nothing")])
def test_12_a_position_board_file_holding_no_board_is_located_and_not_shown(pack: Path, board: str,
                                                                               holds: str) -> None:
    (pack / "empty.yaml").write_text("", encoding="utf-8")
    if not Path(board).is_absolute():
        board = str(pack / board)
    elif not Path(board).is_file():
        pytest.skip(f"{board} is not on this machine")
    position = pack / "examples" / "position-01.yaml"
    edit(position, "players: 2\n", f"players: 2\nboard: {board}\n")
    r = run("rules", "legal", str(position))
    assert r.exit_code == 1
    assert r.stderr.splitlines() == [f"{yamlsrc.display_path(board)}:1:1: error: board file '{board}' holds "
                                     f"{holds}, not a board (a mapping with 'hexes', or a list of hexes)"]


# -- 7, 19: work bounded by the expanded document and the whole pack ------------------------------------------

def test_7_text_amplified_through_aliases_is_refused_at_the_value_that_expands() -> None:
    text = "big: &big \"" + "w" * 9_000 + "\"\nuses:\n" + "  - *big\n" * 120
    assert parse_error(text) == ("f.yaml:3:3: error: this value expands to 1080000 characters of text through its "
                                 "aliases (*name), more than the limit of 1000000")


def test_7_one_value_longer_than_the_limit_is_refused() -> None:
    assert parse_error('a: 1\nb: "' + "w" * 10_001 + '"\n') == ("f.yaml:2:4: error: text of 10001 characters; the "
                                                                   "limit for one value is 10000")


def test_19_a_file_of_many_tiny_mappings_is_refused_without_blaming_aliases() -> None:
    text = "".join(f"- {{a: {k % 10}}}\n" for k in range(yamlsrc.MAX_NODES // 3 + 1))
    message = parse_error(text)
    assert message.endswith(f"error: the file holds more than {yamlsrc.MAX_NODES} values (the limit); split it or "
                            "shorten it")
    assert "alias" not in message


def test_19_the_files_of_a_pack_are_bounded_together(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read_before = sum(os.path.getsize(pack / f) for f in ("actions.yaml", "cards.yaml"))
    monkeypatch.setattr(load_files, "MAX_PACK_BYTES", read_before + 10)
    got = errors_of(pack)
    assert got[0].startswith(f"{where(pack / 'game.yaml', 'board.yaml')}: error: file reference 'board.yaml' "
                             "brings the files the pack reads to ")
    assert got[0].endswith(f"kB; the limit for a whole pack is {(read_before + 10) // 1000} kB")


# -- 8: a card's Plan area is one of the rules' plan_areas ---------------------------------------------------

def test_8_an_action_planned_in_an_unknown_area_is_located_at_its_plan(pack: Path) -> None:
    actions = pack / "actions.yaml"
    edit(actions, "  plan: duty", "  plan: zzz")
    assert errors_of(pack) == [f"{where(actions, 'zzz')}: error: action 'return-to-duty': plan 'zzz' is not one of "
                               "the rules' plan_areas (sail, duty, lookout, fire)"]


def test_8_plan_areas_without_duty_leave_the_duty_card_unplayable(pack: Path) -> None:
    edit(pack / "game.yaml", "plan_areas: [sail, duty, lookout, fire]", "plan_areas: [sail, lookout, fire]")
    actions = pack / "actions.yaml"
    assert errors_of(pack)[0] == (f"{where(actions, 'plan: duty', 6)}: error: action 'return-to-duty': plan "
                                  "'duty' is not one of the rules' plan_areas (sail, lookout, fire)")


# -- 16: a card back's icon -------------------------------------------------------------------------------

def test_16_a_misspelt_back_icon_is_a_located_error_with_a_suggestion(pack: Path) -> None:
    (pack / "templates").mkdir(exist_ok=True)
    back = pack / "templates" / "card-back.yaml"
    back.write_text((TEMPLATES_DIR / "card-back.yaml").read_text(encoding="utf-8")
                    .replace("icon: compass", "icon: compas"), encoding="utf-8")
    got = laid_out_errors(pack)
    assert len(got) == 1
    assert got[0].startswith(f"{where(back, 'compas')}: error: template 'card-back': 'icon': unknown icon 'compas'")
    assert got[0].endswith("(did you mean 'compass'?)")


# -- 15, 18: text too wide for its place ----------------------------------------------------------------------

def test_15_a_table_too_wide_to_fit_is_an_error_at_its_header_row(pack: Path) -> None:
    aids = pack / "aids.yaml"
    more = "".join(f", Heading{k}" for k in range(37))
    rows = "".join(f'        - [{card}, "{r}", "{d}"{", x" * 37}]\n'
                   for card, r, d in (("Carronades", 1, 3), ("Broadside", 2, 2), ("Long Nines", 3, 1)))
    edit(aids, "      table:                      # a row for each fire action\n        rows: actions\n"
               "        where: {kind: fire}\n        columns: {Card: name, Exact range: range, Damage: damage}\n",
         f"      table:\n        - [Card, Exact range, Damage{more}]\n{rows}")
    header = where(aids, "- [Card, Exact", 2)
    got = laid_out_errors(pack)
    assert len(got) == 1 and got[0].startswith(f"{header}: error: player aid 'aid-actions': its table of 40 columns "
                                               "needs "), got
    assert got[0].endswith("mm (fewer or shorter columns, or a larger aid)")


def test_15_a_short_column_beside_a_long_one_keeps_its_widest_word_whole() -> None:
    from pnpgen.components.aids import _column_widths

    natural, least = [300.0, 40.0], [30.0, 38.0]  # a long sentence, and a column holding one 38 mm word
    widths = _column_widths(natural, least, 85.0)
    assert sum(widths) == pytest.approx(85.0)
    assert widths[1] >= 38.0 and widths[0] >= 30.0
    assert _column_widths([20.0, 30.0], [5.0, 5.0], 85.0) == [37.5, 47.5]  # room to spare: shared evenly



def test_18_a_word_too_wide_for_card_text_is_located_where_it_is_written(pack: Path) -> None:
    ships = pack / "ships.yaml"
    word = "S" + "a" * 59
    edit(ships, "label: Plan to Sail", f"label: Plan to {word}")
    got = laid_out_errors(pack)
    area = where(ships, '{id: sail')
    cards = [line for line in got if line.startswith(f"{area}: error: card '")]
    assert cards and cards[0].endswith(f": the word '{word[:40]}...' in its needs text is wider than the template "
                                       "'sea-card' gives it (55.0 mm) even at 6.00 pt")
    # and on the ship cards, where it is the area's label: once, at the area the four ship cards share
    labels = [line for line in got if line not in cards]
    assert len(labels) == 1 and labels[0].startswith(f"{area}: error: template 'ship-card' label 'Plan to Saaa"), got
    assert "is wider than its box (30.1 mm) at 6 pt, so it prints past the box's side" in labels[0]


def test_3_6_a_spreadsheet_cell_holding_a_control_character_is_located_at_the_cell(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.csv", tmp_path / "bad.csv"
    good.write_text('suit,action\r\nyellow,"re\r\nach"\r\n', encoding="utf-8", newline="")
    bad.write_text('suit,action\r\nyellow,reach\r\nblue,re\x1bach\r\n', encoding="utf-8", newline="")
    assert read_sheet(good, "good.csv")[0]["action"] == "re\r\nach"  # (a line break saved on Windows is one)
    with pytest.raises(ContentError) as e:
        read_sheet(bad, "bad.csv")
    assert str(e.value) == f"bad.csv:3:2: error: U+001B is a control character; {TEXT_RULE}"
