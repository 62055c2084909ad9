"""Reading positions (docs/positions.md): the format, file references, and located errors for bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.narrow_seas import legal

from pnpgen.engine.narrow_seas import ENGINE, load_position, parse_position, write_position
from pnpgen.engine.narrow_seas import game as ns_game
from pnpgen.engine.positions import read_action
from pnpgen.errors import ContentErrors
from pnpgen.load.loader import load_game

GOOD = """\
game: narrow-seas
players: 2
wind: S
round: 3
phase: action
to_move: 1
first_player: 1
passed: []
ships:
  A: {owner: 1, hex: [0, 0], plan: {sail: 1, duty: 0, lookout: 0, fire: 2}, spent: 1, sick: 0}
  W: {owner: 2, hex: [2, -1], plan: {sail: 0, duty: 1, lookout: 1, fire: 1}, spent: 0, sick: 1}
hands: {1: [blue-reach, blue-broadside, wind], 2: [yellow-tack]}
market: [red-run, blue-carronades, yellow-long-nines]
discard: []
seed: 7
"""


def errors(text: str) -> list[str]:
    with pytest.raises(ContentErrors) as e:
        parse_position(text, "pos.yaml")
    return [str(x) for x in e.value.errors]


def test_the_design_example_reads_and_omitted_ships_have_sunk():
    s = parse_position(GOOD).state
    g = s.g
    assert (s.phase, s.round, s.wind_name, s.to_move) == ("action", 3, "S", 1)
    assert s.hex[g.ship_index["A"]] == (0, 0) and s.plan[g.ship_index["W"]] == [0, 1, 1, 1]
    assert s.sunk(g.ship_index["B"]) and s.sick[g.ship_index["X"]] == 4
    assert len(s.deck) == 22 - 3 - 3 - 1  # the rest, shuffled by the seed
    assert parse_position(GOOD).state.deck == s.deck
    assert ("fire", "blue-broadside", "A", "W") in legal(s)


def test_writing_then_reading_gives_the_same_position():
    s = parse_position(GOOD).state
    again = parse_position(write_position(s)).state
    assert write_position(again) == write_position(s)


@pytest.mark.parametrize("old, new, where, message", [
    ("wind: S", "wind: SSW", "pos.yaml:3:7", "unknown wind direction 'SSW'"),
    ("phase: action", "phase: acton", "pos.yaml:5:8", "did you mean 'action'?"),
    ("  W: {owner: 2,", "  Q: {owner: 2,", "pos.yaml:11:3", "unknown ship 'Q'"),
    ("hex: [2, -1]", "hex: [7, 0]", "pos.yaml:11:22", "hex [7, 0] is not on the board"),
    ("hex: [2, -1]", "hex: [0, 0]", "pos.yaml:11:22", "taken by ship A"),
    ("spent: 1, sick: 0}", "spent: 1, sick: 1}", "pos.yaml:10:6", "make 5, not the ship's crew of 4"),
    ("2: [yellow-tack]", "2: [yellow-tak]", "pos.yaml:12:52", "did you mean 'yellow-tack'?"),
    ("2: [yellow-tack]", "2: [wind]", "pos.yaml:12:52", "appears more often than the deck holds it"),
    ("passed: []", "passed: [1]", "pos.yaml:6:10", "player 1 has passed"),
    ("seed: 7", "sed: 7", "pos.yaml:15:1", "did you mean 'seed'?"),
    ("round: 3", "round: three", "pos.yaml:4:8", "must be a whole number"),
    ("game: narrow-seas", "game: narrow-sea", "pos.yaml:1:7", "not a bundled game"),
])
def test_bad_positions_get_located_errors(old, new, where, message):
    assert GOOD.count(old) == 1
    found = errors(GOOD.replace(old, new))
    assert any(e.startswith(where) and message in e for e in found), found


def test_a_yaml_syntax_error_is_located():
    found = errors(GOOD.replace("discard: []", "discard: ["))
    assert found and found[0].startswith("pos.yaml:") and "YAML" in found[0]


def test_a_board_file_relative_to_the_position(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "tiny.yaml").write_text("hexes: [[0, 0, blue], [1, 0, red], [0, 1, yellow], [2, -1, red]]\n")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "p.yaml").write_text(GOOD.replace("players: 2\n", "players: 2\nboard: ../boards/tiny.yaml\n"))
    pos = load_position(tmp_path / "games" / "p.yaml")
    assert sorted(pos.state.g.cells) == [(0, 0), (0, 1), (1, 0), (2, -1)]
    assert "board: ../boards/tiny.yaml" in write_position(pos)
    # the Reach from [0, 0] with the wind toward S stays on the four hexes
    assert {a[3] for a in legal(pos.state, "sail")} == {(1, 0), (0, 1)}


def test_a_bad_hex_in_a_board_file_is_located_in_that_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiny.yaml").write_text("hexes:\n  - [0, 0, blue]\n  - [1, x, red]\n  - [2, -1, purple]\n")
    (tmp_path / "p.yaml").write_text(GOOD.replace("players: 2\n", "players: 2\nboard: tiny.yaml\n"))
    with pytest.raises(ContentErrors) as e:
        load_position(tmp_path / "p.yaml")
    found = [str(x) for x in e.value.errors]
    assert any(x.startswith("tiny.yaml:3:5") for x in found), found
    assert any(x.startswith("tiny.yaml:4:13") and "unknown suit 'purple'" in x for x in found), found


def test_a_game_named_by_its_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pack: Path):
    (pack.parent / "p.yaml").write_text(GOOD.replace("game: narrow-seas", "game: ./narrow-seas"))
    assert load_position(pack.parent / "p.yaml").state.g.content.root == pack.resolve()


def test_setup_positions_may_leave_ships_unplaced_and_the_wind_unset():
    text = ("game: narrow-seas\nphase: setup\nwind: null\nto_move: 2\nfirst_player: 2\n"
            "ships:\n  W: {hex: [0, -4]}\n")
    s = parse_position(text).state
    assert s.placing() and s.current_player() == 2
    assert {a[1] for a in s.legal_actions()} == {"X"}  # W is placed; player 2's other ship
    assert all(a[0] == "place" for a in s.legal_actions())


def test_malformed_actions_are_located():
    g = parse_position(GOOD).state.g
    with pytest.raises(ContentErrors) as e:
        read_action(ENGINE, g, '{"type": "fire", "card": "red-broadsid", "ship": "A"}')
    found = [str(x) for x in e.value.errors]
    assert any("did you mean 'red-broadside'?" in x for x in found)
    assert any("missing required field 'target'" in x for x in found)
    assert read_action(ENGINE, g, "{type: pass}") == (("pass",), None)
    assert read_action(ENGINE, g, '{"type": "sail", "card": "blue-reach", "ship": "A", "to": [1, 0], "player": 1}') == (
        ("sail", "blue-reach", "A", (1, 0)), 1)


def test_an_inline_board_may_be_just_its_hexes():
    text = GOOD.replace("players: 2\n", "players: 2\nboard: [[0, 0, blue], [1, 0, red], [2, -1, red], [0, 1, blue]]\n")
    s = parse_position(text).state
    assert s.g.suit_at == {(0, 0): "blue", (1, 0): "red", (2, -1): "red", (0, 1): "blue"}
    assert "board:\n  hexes:\n    - [0, 0, blue]\n" in write_position(s)


def test_placement_answers_kept_stay_bounded(monkeypatch):
    g = ns_game.NarrowSeas(load_game("narrow-seas"))
    monkeypatch.setattr(ns_game, "PLACEMENTS_KEPT", 3)
    cells = g.cells[:6]
    answers = [g.placement_ring(frozenset([c])) for c in cells]
    assert len(g._placements) <= 3
    assert [g.placement_ring(frozenset([c])) for c in cells] == answers  # made again, the same
