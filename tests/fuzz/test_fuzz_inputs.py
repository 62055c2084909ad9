"""Fuzz the input files that cost work out of proportion to their size or once ended in a traceback: SVG pictures
and icon files (expanding `use`, deep nesting, slow text), XLSX workbooks (inflated, damaged) and CSV sheets
(ragged rows, columns the deck does not declare), each put into a new pack, then `check` (or `build`) must keep
the promise. Beyond it: a `check` of a small pack ends within CHECK_SECONDS whatever the file; a CSV row that
lost or gained a cell is named at its row with both counts; a column the deck does not take is named once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from fuzz_inputs import Sheet, Workbook, csv_seeds, deck_rows, hostile_svg, sheet, svg_seeds, workbook, xlsx_seeds
from fuzz_promise import pack_command, run_in_process, scratch
from hypothesis import strategies as st

pytestmark = pytest.mark.slow  # each case runs pnpgen on a pack (0.3 to 5 s)

CHECK_SECONDS = 20.0  # a check of the starter pack with one hostile file (well under a second alone)
PLACES = ("card", "back", "board", "icon", "token")


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pack `pnpgen new` writes, made once: each case works on a copy."""
    from pnpgen.authoring.scaffold import new_pack
    return new_pack("fx", tmp_path_factory.mktemp("inputs"))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path.name, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def place_picture(pack: Path, where: str) -> None:
    """Name art/pic.svg where a picture (or an icon file) is printed."""
    if where == "card":
        _edit(pack / "cards.yaml", "{suit: sun, action: move}", "{suit: sun, action: move, image: art/pic.svg}")
    elif where == "back":
        _edit(pack / "cards.yaml", "back: {colour: navy,", "back: {image: art/pic.svg, colour: navy,")
    elif where == "board":
        _edit(pack / "board.yaml", "hex_size_mm: 24\n", "hex_size_mm: 24\n  image: art/pic.svg\n")
    elif where == "token":
        _edit(pack / "tokens.yaml", 'label: "1"}', 'label: "1", image: art/pic.svg}')
    else:
        _edit(pack / "game.yaml", "actions: actions.yaml", "icons:\n  pic: {file: art/pic.svg, colour: navy}\n"
                                                           "actions: actions.yaml")
        _edit(pack / "aids.yaml", "then draw back up to 4.", "then draw back up to 4 {pic}.")


def judge(fuzz, target: str, case, command: str, note: str, expect: str = "", once: str = "") -> None:
    """Run the command on the case's pack and record what it broke (the promise, the time a check may take, the
    line a case expects, a column named more than once)."""
    case.seal()
    outcome = run_in_process(pack_command(command, "./fx"))
    broken = case.broken(outcome, ("out",), plain_about=("./fx",))
    if command == "check" and outcome.exit_code is not None and outcome.seconds > CHECK_SECONDS:
        broken.append(f"slow: check took {outcome.seconds:.1f} s (bound {CHECK_SECONDS:.0f} s)")
    lines = outcome.stderr.splitlines()
    if expect and outcome.exit_code is not None and not any(expect in line for line in lines):
        broken.append(f"no line holds {expect!r}; got {lines[:4]!r}")
    if once and sum(once in line for line in lines) > 1:
        broken.append(f"{sum(once in line for line in lines)} lines name {once}: {lines[:3]!r}")
    fuzz.judge(target, f"{command} after {note}"[:2000], broken, case.root)


def run_svg_case(fuzz, starter: Path, svg: tuple[bytes, str], where: str, command: str) -> None:
    data, note = svg
    with scratch() as case:
        pack = case.root / "fx"
        shutil.copytree(starter, pack)
        case.pack = pack
        (pack / "art").mkdir()
        (pack / "art" / "pic.svg").write_bytes(data)
        place_picture(pack, where)
        judge(fuzz, "svg", case, command, f"{note} (as the {where}'s picture)")


def run_xlsx_case(fuzz, starter: Path, made: tuple[Workbook, str]) -> None:
    book, note = made
    with scratch() as case:
        pack = case.root / "fx"
        shutil.copytree(starter, pack)
        case.pack = pack
        (pack / "cards.xlsx").write_bytes(book.bytes())
        _point_deck_at(pack, "cards.xlsx")
        judge(fuzz, "xlsx", case, "check", note)


def run_csv_case(fuzz, starter: Path, made: Sheet) -> None:
    with scratch() as case:
        pack = case.root / "fx"
        shutil.copytree(starter, pack)
        case.pack = pack
        (pack / "cards.csv").write_text(made.text, encoding="utf-8", errors="surrogatepass")
        _point_deck_at(pack, "cards.csv")
        judge(fuzz, "csv", case, "check", made.note, made.expect, made.once)


def _point_deck_at(pack: Path, name: str) -> None:
    """The first deck's cards read from a file instead of listed."""
    text = (pack / "cards.yaml").read_text(encoding="utf-8")
    (pack / "cards.yaml").write_text(text[:text.index("  cards:")] + f"  cards: {name}\n", encoding="utf-8")


def test_hostile_svg_pictures_and_icon_files(fuzz, starter):
    cases = st.tuples(hostile_svg(), st.sampled_from(PLACES), st.sampled_from(("check", "check", "check", "build")))
    found = fuzz.explore("svg", cases, lambda example: run_svg_case(fuzz, starter, *example), svg_seeds())
    assert not found, "\n".join(map(str, found))


def test_inflated_and_damaged_xlsx_sheets(fuzz, starter):
    header, rows = deck_rows(starter)
    table = tuple(tuple(cell or None for cell in row) for row in (header, *rows))  # (an empty cell: no cell at all)
    found = fuzz.explore("xlsx", workbook(table), lambda made: run_xlsx_case(fuzz, starter, made), xlsx_seeds(table))
    assert not found, "\n".join(map(str, found))


def test_ragged_and_undeclared_csv_sheets(fuzz, starter):
    header, rows = deck_rows(starter)
    found = fuzz.explore("csv", sheet(header, rows), lambda made: run_csv_case(fuzz, starter, made),
                         csv_seeds(header, rows))
    assert not found, "\n".join(map(str, found))
