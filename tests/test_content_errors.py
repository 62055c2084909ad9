"""Every kind of bad content gives one located, one-line error (file:line:col: error: message), never a traceback.

Each `break_*` function breaks exactly one thing in a copy of the Narrow Seas pack and returns the error
lines it must produce. The same functions drive a library test per case and one run of the real CLI.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from kit.packs import copy_pack, display, edit, err, errors_of, where

from pnpgen.checks.generic import known_engines
from pnpgen.errors import ContentErrors, Problems
from pnpgen.files.paths import TEMPLATES_DIR
from pnpgen.load.loader import SHAPES, load_game
from pnpgen.source import yamlsrc

BREAKS: dict[str, Callable[[Path], list[str]]] = {}


def case(fn: Callable[[Path], list[str]]) -> Callable[[Path], list[str]]:
    """Register a break_* function under its name."""
    BREAKS[fn.__name__.removeprefix("break_").replace("_", "-")] = fn
    return fn



# -- YAML itself ------------------------------------------------------------------

@case
def break_yaml_syntax(root: Path) -> list[str]:
    edit(root / "cards.yaml", "  cards:\n", "  cards: [\n")
    return [err(where(root / "cards.yaml", "- {suit: yellow, action: reach}"),
                "YAML syntax error: expected the node content, but found '-'")]


@case
def break_tab_indentation(root: Path) -> list[str]:
    edit(root / "cards.yaml", "  name: Action deck", "\tname: Action deck")
    return [err(where(root / "cards.yaml", "\tname"),
                "YAML syntax error: a tab in the indentation: YAML indents with spaces only; replace the tab with "
                "spaces")]


@case
def break_duplicate_key(root: Path) -> list[str]:
    # PyYAML alone would silently keep the last 'count'.
    edit(root / "cards.yaml", "  count: 22\n", "  count: 22\n  count: 21\n")
    first = where(root / "cards.yaml", "count: 22").split(":")
    return [err(where(root / "cards.yaml", "count: 21"),
                f"duplicate key 'count' (first defined at line {first[1]}, column {first[2]})")]


@case
def break_python_tag(root: Path) -> list[str]:
    edit(root / "game.yaml", "title: Narrow Seas", "title: !!python/object/apply:os.system ['touch pwned']")
    return [err(where(root / "game.yaml", "!!python"),
                "unsupported YAML tag '!!python/object/apply:os.system' (content files hold plain data only)")]


@case
def break_custom_tag(root: Path) -> list[str]:
    edit(root / "cards.yaml", "{id: wind, action: wind}", "!card {id: wind, action: wind}")
    return [err(where(root / "cards.yaml", "!card"),
                "unsupported YAML tag '!card' (content files hold plain data only)")]


@case
def break_bad_explicit_scalar(root: Path) -> list[str]:
    edit(root / "game.yaml", "  hand_size: 6", "  hand_size: !!int six")
    return [err(where(root / "game.yaml", "!!int six"), "'six' is not a valid int value")]


@case
def break_not_utf8(root: Path) -> list[str]:
    path = root / "cards.yaml"
    path.write_bytes(path.read_bytes().replace(b"Action deck", b"Action d\xe9ck"))
    text = path.read_bytes().decode("latin-1")
    line = text[: text.index("\xe9")].count("\n") + 1
    col = text.index("\xe9") - text.rfind("\n", 0, text.index("\xe9"))
    return [err(f"{display(path)}:{line}:{col}", "file is not UTF-8 text (byte 0xe9); save it as UTF-8")]


@case
def break_alias_bomb(root: Path) -> list[str]:
    lines = ['lol0: &l0 [x, x, x, x, x, x, x, x, x]']
    lines += [f"lol{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, 8)]
    edit(root / "game.yaml", "counts:\n", "\n".join(lines) + "\ncounts:\n")
    size, level = 10, 0  # lol0: a list of nine values
    while size <= yamlsrc.MAX_NODES:
        size, level = 1 + 9 * size, level + 1
    # Reported at the innermost value that alone is over the limit.
    return [err(where(root / "game.yaml", f"&l{level} "), f"this value expands to {size} values through its "
                f"aliases (*name), more than the limit of {yamlsrc.MAX_NODES}")]


@case
def break_file_too_large(root: Path) -> list[str]:
    path = root / "aids.yaml"
    path.write_text(path.read_text() + "#" + "x" * yamlsrc.MAX_BYTES + "\n")
    return [err(f"{display(path)}:1:1", f"file is too large ({-(-path.stat().st_size // 1000)} kB; "
                f"the limit is {yamlsrc.MAX_BYTES // 1000} kB)")]


# -- the shape of the content ---------------------------------------------------

@case
def break_empty_game_yaml(root: Path) -> list[str]:
    (root / "game.yaml").write_text("# nothing yet\n")
    return [err(f"{display(root / 'game.yaml')}:1:1", "game: expected a mapping, got nothing")]


@case
def break_game_yaml_is_a_list(root: Path) -> list[str]:
    (root / "game.yaml").write_text("- id: narrow-seas\n- title: Narrow Seas\n")
    return [err(f"{display(root / 'game.yaml')}:1:1", "game: expected a mapping, got a list")]


@case
def break_unknown_key_close(root: Path) -> list[str]:
    edit(root / "cards.yaml", "  template: sea-card", "  tempalte: sea-card")
    return [err(where(root / "cards.yaml", "tempalte"), "deck 'action': unknown field 'tempalte' "
                "(did you mean 'template'?)")]


@case
def break_unknown_key_far(root: Path) -> list[str]:
    edit(root / "game.yaml", "symbol: circle}", "symbol: circle, flag: jolly-roger}")
    return [err(where(root / "game.yaml", "flag:"), "suit 'blue': unknown field 'flag' "
                "(expected: colour, name, symbol)")]


@case
def break_missing_required_field(root: Path) -> list[str]:
    edit(root / "game.yaml", "title: Narrow Seas\n", "")
    return [err(where(root / "game.yaml", "id: narrow-seas"), "game: missing required field 'title'")]


@case
def break_wrong_type(root: Path) -> list[str]:
    edit(root / "cards.yaml", "  count: 22", '  count: "two"')
    return [err(where(root / "cards.yaml", '"two"'), "deck 'action': field 'count' must be a whole number, "
                "got 'two'")]


@case
def break_negative_count(root: Path) -> list[str]:
    edit(root / "cards.yaml", "  count: 22", "  count: -1")
    return [err(where(root / "cards.yaml", "-1"), "deck 'action': field 'count' must be at least 0, got -1")]


@case
def break_out_of_range(root: Path) -> list[str]:
    edit(root / "board.yaml", "hex_size_mm: 24", "hex_size_mm: 500")
    return [err(where(root / "board.yaml", "500"), "board 'duel': field 'hex_size_mm' must be from 5 to 100, "
                "got 500")]


@case
def break_not_a_number(root: Path) -> list[str]:
    edit(root / "board.yaml", "hex_size_mm: 24", "hex_size_mm: .nan")
    return [err(where(root / "board.yaml", ".nan"), "board 'duel': field 'hex_size_mm' must be a finite number, "
                "got nan")]


@case
def break_no_players(root: Path) -> list[str]:
    edit(root / "game.yaml", "players: [2, 4]", "players: 0")
    return [err(where(root / "game.yaml", "0\nengine"), "game: field 'players' must be from 1 to 8, got 0")]


@case
def break_section_of_wrong_kind(root: Path) -> list[str]:
    edit(root / "game.yaml", "decks: cards.yaml", "decks: 5")
    return [err(where(root / "game.yaml", "5\nboards"), "decks: expected a list, got 5")]


# -- references -----------------------------------------------------------------

@case
def break_unknown_suit(root: Path) -> list[str]:
    edit(root / "cards.yaml", "{suit: blue, action: reach}", "{suit: green, action: reach}")
    return [err(where(root / "cards.yaml", "green"), "card 'green-reach': unknown suit 'green' "
                "(expected one of: yellow, blue, red)")]


@case
def break_unknown_action(root: Path) -> list[str]:
    edit(root / "cards.yaml", "{suit: blue, action: reach}", "{suit: blue, action: reech}")
    return [err(where(root / "cards.yaml", "reech"), "card 'blue-reech': unknown action 'reech' (expected one of: "
                "reach, tack, run, carronades, broadside, long-nines, return-to-duty, wind) (did you mean 'reach'?)")]


@case
def break_unknown_colour(root: Path) -> list[str]:
    edit(root / "ships.yaml", "colour: slate", "colour: slat")
    return [err(where(root / "ships.yaml", "slat,"), "area card 'B': unknown colour 'slat' (expected #rrggbb or "
                "one of: green, pink, slate, ochre, sea, navy, parchment, ink, yellow, blue, red) "
                "(did you mean 'slate'?)")]


@case
def break_malformed_colour(root: Path) -> list[str]:
    edit(root / "cards.yaml", "back: {colour: navy", 'back: {colour: "#12345"')
    return [err(where(root / "cards.yaml", '"#12345"'), "deck 'action' back: colour '#12345' must be #rrggbb "
                "(six hex digits)")]


@case
def break_bad_palette_colour(root: Path) -> list[str]:
    # One bad palette entry is one error, not one more for every use of its name.
    edit(root / "game.yaml", '  green: "#2E8B57"', '  green: "#2E8B5"')
    return [err(where(root / "game.yaml", '"#2E8B5"'), "colour 'green': expected #rrggbb, got '#2E8B5'")]


@case
def break_unknown_template(root: Path) -> list[str]:
    edit(root / "cards.yaml", "  template: sea-card", "  template: sea-crad")
    known = ", ".join(sorted({p.stem for p in TEMPLATES_DIR.glob("*.yaml")}
                             | {p.stem for p in (root / "templates").glob("*.yaml")}))
    return [err(where(root / "cards.yaml", "sea-crad"), "deck 'action': unknown template 'sea-crad' "
                f"(expected one of: {known}) (did you mean 'sea-card'?)")]


@case
def break_unknown_engine(root: Path) -> list[str]:
    edit(root / "game.yaml", "engine: narrow-seas", "engine: narow-seas")
    return [err(where(root / "game.yaml", "narow-seas"), f"game: unknown engine 'narow-seas' (expected one of: "
                f"{', '.join(known_engines())}) (did you mean 'narrow-seas'?)")]


@case
def break_unknown_count(root: Path) -> list[str]:
    # the generic components and Narrow Seas' own (its checks count ship cards and sick bays)
    edit(root / "game.yaml", "  sick_bays: 1", "  sick_bay: 1")
    return [err(where(root / "game.yaml", "sick_bay: 1", 10), "counts: unknown component 'sick_bay' (expected one "
                "of: cards, decks, hexes, boards, area_cards, tokens, player_aids, ship_cards, sick_bays) (did you "
                "mean 'sick_bays'?)")]


@case
def break_suits_section_broken(root: Path) -> list[str]:
    # Cards and hexes name suits that no longer load: only the suits section is reported.
    text = (root / "game.yaml").read_text()
    start = text.index("suits:\n")
    end = text.index("\n\n", start)
    (root / "game.yaml").write_text(text[:start] + "suits: [yellow, blue, red]" + text[end:])
    return [err(where(root / "game.yaml", "[yellow, blue, red]"), "suits: expected a mapping, got a list")]


# -- ids and the board ------------------------------------------------------------

@case
def break_duplicate_card_id(root: Path) -> list[str]:
    edit(root / "cards.yaml", "{suit: blue, action: reach}", "{suit: blue, action: reach, id: yellow-reach}")
    return [err(where(root / "cards.yaml", "yellow-reach}"), "card 'yellow-reach': duplicate id 'yellow-reach' "
                f"(first defined at {where(root / 'cards.yaml', '{suit: yellow, action: reach}', 23)})")]


@case
def break_duplicate_derived_card_id(root: Path) -> list[str]:
    edit(root / "cards.yaml", "{suit: red, action: tack}", "{suit: red, action: run}")
    first = where(root / "cards.yaml", "{suit: red, action: run}\n    - {suit: red, action: run}", 20)
    return [err(where(root / "cards.yaml", "{suit: red, action: run}\n    - {suit: red, action: carr", 20),
                "card 'red-run': duplicate id 'red-run' (made from its suit and action; first defined at "
                f"{first})")]


@case
def break_duplicate_token_id(root: Path) -> list[str]:
    edit(root / "tokens.yaml", "- {id: crew-A,", "- {id: ship-A,")
    return [err(where(root / "tokens.yaml", "ship-A, kind: crew"), "token #5: duplicate id 'ship-A' "
                f"(first defined at {where(root / 'tokens.yaml', 'ship-A, kind: ship')})")]


@case
def break_hex_listed_twice(root: Path) -> list[str]:
    edit(root / "board.yaml", "[-4, 0, red]", "[-4, 1, red]")
    first = where(root / "board.yaml", "[-4, 1, red]").split(":")
    return [err(where(root / "board.yaml", "[-4, 1, blue]"), f"board 'duel': hex [-4, 1] listed twice "
                f"(first at line {first[1]}, column {first[2]})")]


@case
def break_hex_off_grid(root: Path) -> list[str]:
    edit(root / "board.yaml", "[-4, 0, red]", "[-4, 1.5, red]")
    return [err(where(root / "board.yaml", "[-4, 1.5, red]"), "board 'duel': hex [-4, 1.5] is off the coordinate "
                "grid (axial coordinates are whole numbers)")]


@case
def break_hex_unknown_suit(root: Path) -> list[str]:
    edit(root / "board.yaml", "[-4, 0, red]", "[-4, 0, grean]")
    return [err(where(root / "board.yaml", "grean"), "board 'duel': hex [-4, 0]: unknown suit 'grean' "
                "(expected one of: yellow, blue, red)")]


@case
def break_hex_suit_not_a_name(root: Path) -> list[str]:
    edit(root / "board.yaml", "[-4, 0, red]", "[-4, 0, [red]]")
    return [err(where(root / "board.yaml", "[red]"), "board 'duel': hex [-4, 0]: a suit or terrain must be a name, "
                "got a list")]


# -- file references -------------------------------------------------------------

@case
def break_reference_leaves_folder(root: Path) -> list[str]:
    edit(root / "game.yaml", "boards: board.yaml", "boards: ../board.yaml")
    return [err(where(root / "game.yaml", "../board.yaml"), "file reference '../board.yaml' leaves the content "
                "folder")]


@case
def break_absolute_reference(root: Path) -> list[str]:
    edit(root / "game.yaml", "boards: board.yaml", "boards: /etc/passwd")
    return [err(where(root / "game.yaml", "/etc/passwd"), "file reference '/etc/passwd' leaves the content folder")]


@case
def break_symlink_escape(root: Path) -> list[str]:
    outside = root.parent / f"{root.name}-outside.yaml"
    outside.write_text((root / "board.yaml").read_text())
    os.symlink(outside, root / "linked-board.yaml")
    edit(root / "game.yaml", "boards: board.yaml", "boards: linked-board.yaml")
    return [err(where(root / "game.yaml", "linked-board.yaml"), "file reference 'linked-board.yaml' leaves the "
                "content folder")]


@case
def break_missing_file(root: Path) -> list[str]:
    (root / "tokens.yaml").unlink()
    return [err(where(root / "game.yaml", "tokens.yaml"), f"file reference 'tokens.yaml': no such file in "
                f"{display(root)}")]


@case
def break_board_file_holds_text(root: Path) -> list[str]:
    # Found by tests/fuzz: a board file holding one string crashed the loader (a traceback) instead of an error.
    (root / "board.yaml").write_text("duel\n")
    return [err(where(root / "game.yaml", "board.yaml"),
                "boards: field 'boards' must be a list of boards or one board, got 'duel'")]


@case
def break_deck_copied_from_a_deck_in_error(root: Path) -> list[str]:
    # Found by tests/fuzz: the four-player variant's copied deck listed the known decks' ids, one of them None
    # (a deck in error has none), and the join raised a TypeError.
    (root / "cards.yaml").write_text("- x\n")
    return [err(f"{display(root / 'cards.yaml')}:1:3", "deck #1: expected a mapping, got 'x'"),
            err(f"{display(root / 'cards.yaml')}:1:3", "deck #1: missing required field 'cards'"),
            err(where(root / "four-player.yaml", "cards_from: action", len("cards_from: ")),
                "deck 'deck-b': unknown deck 'action' (expected one of: none)")]


# -- several at once --------------------------------------------------------------

@case
def break_several_errors(root: Path) -> list[str]:
    edit(root / "cards.yaml", "{suit: blue, action: reach}", "{suit: green, action: reach}")
    edit(root / "board.yaml", "hex_size_mm: 24", "hex_size_mm: 500")
    edit(root / "tokens.yaml", "shape: hex", "shape: hexx")
    return [
        err(where(root / "cards.yaml", "green"), "card 'green-reach': unknown suit 'green' "
            "(expected one of: yellow, blue, red)"),
        err(where(root / "board.yaml", "500"), "board 'duel': field 'hex_size_mm' must be from 5 to 100, got 500"),
        err(where(root / "tokens.yaml", "hexx"), "token 'wind': field 'shape': unknown value 'hexx' "
            f"(expected one of: {', '.join(SHAPES)}) (did you mean 'hex'?)"),
    ]


@case
def break_too_many_errors(root: Path) -> list[str]:
    limit = Problems().limit
    path = root / "cards.yaml"
    edit(path, "    - {id: wind, action: wind}\n",
         "".join(f"    - {{id: extra-{i}, action: wind, cuont: 1}}\n" for i in range(limit + 5)))
    found = [where(path, f"extra-{i}, action: wind, cuont", len(f"extra-{i}, action: wind, ")) for i in range(limit)]
    return [err(loc, f"card 'extra-{i}': unknown field 'cuont' (did you mean 'count'?)")
            for i, loc in enumerate(found)] + [err(found[-1], f"too many errors; stopped after {limit}")]


@pytest.mark.parametrize("name", list(BREAKS))
def test_bad_content_is_reported_located(pack: Path, name: str) -> None:
    expected = BREAKS[name](pack)
    assert errors_of(pack) == expected


@pytest.mark.slow
def test_the_bundled_pack_has_no_errors(pack: Path) -> None:
    assert errors_of(pack) == []


def test_python_tag_is_not_executed(pack: Path) -> None:
    break_python_tag(pack)
    with pytest.raises(ContentErrors):
        load_game(str(pack))
    assert not (pack.parent / "pwned").exists() and not (pack / "pwned").exists()


def test_every_error_line_is_one_line(pack: Path) -> None:
    break_several_errors(pack)
    lines = errors_of(pack)
    assert len(lines) >= 3
    for line in lines:
        assert "\n" not in line


@pytest.mark.slow
def test_the_cli_reports_every_case_without_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """All the broken packs through the real command line, in one process: located lines, exit 1."""
    monkeypatch.chdir(tmp_path)
    expected: list[str] = []
    for name, brk in BREAKS.items():
        expected += brk(copy_pack(tmp_path / name))
    run = subprocess.run([sys.executable, "-m", "pnpgen", "check", *BREAKS], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr + run.stdout
    # (broken copies that still load get the print preflight's warnings about the bundled kit too)
    assert [line for line in run.stderr.splitlines() if ": warning: " not in line] == expected
    assert len(run.stdout.splitlines()) == len(BREAKS)  # one summary line per game
    assert not (tmp_path / "pwned").exists()
