"""Board and card analysis in `check`: a broken board or deck fails with the hexes or cards concerned."""

from __future__ import annotations

import re

import pytest
from kit.packs import copy_pack, edit

from pnpgen.checks import check_game
from pnpgen.checks.narrow_seas_play import find_placement
from pnpgen.engine.narrow_seas import make_game
from pnpgen.load.loader import load_game
from pnpgen.maths.hexgrid import distance


@pytest.fixture
def pack(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return copy_pack(tmp_path / "ns")


def drop_yellow_sail_cards(pack) -> None:
    """Remove the yellow Reach, Tack and Run cards (and fix the declared counts)."""
    cards = pack / "cards.yaml"
    for action in ("reach", "tack", "run"):
        edit(cards, f"    - {{suit: yellow, action: {action}}}\n", "")
    edit(cards, "  count: 22\n", "  count: 19\n")
    edit(pack / "game.yaml", "  cards: 22\n", "  cards: 19\n")


def messages(root) -> tuple[list[str], list[str]]:
    report = check_game(load_game(str(root)))
    return [e.message for e in report.errors], [w.message for w in report.warnings]


@pytest.mark.slow
def test_bundled_board_supports_play_with_no_warnings():
    errors, warnings = messages("narrow-seas")
    assert errors == [] and warnings == []


@pytest.mark.slow
def test_a_legal_placement_is_found_and_obeys_the_setup_rules():
    engine = make_game(load_game("narrow-seas"))
    placed = find_placement(engine.board, engine)
    assert placed is not None and len(placed) == 4
    (first, _), rest = placed[0], placed[1:]
    assert engine.edge_distance[first] <= 1
    for k, (cell, owner) in enumerate(rest, start=1):
        enemies = [c for c, o in placed[:k] if o != owner]
        ds = [distance(cell, e) for e in enemies]
        assert min(ds) >= 4 and 4 in ds


@pytest.mark.slow
def test_a_suit_missing_from_the_board_makes_its_cards_dead(pack):
    board = pack / "board.yaml"
    board.write_text(board.read_text().replace(", yellow]", ", blue]"))
    errors, warnings = messages(pack)
    dead = sorted(m for m in errors if "is dead: no hex of suit 'yellow'" in m)
    assert len(dead) == 7
    assert "board 'duel': card 'yellow-reach' is dead: no hex of suit 'yellow'" in dead
    assert "board 'duel': suit 'yellow' has no hexes" in warnings
    assert any(w.startswith("board 'duel': suits are unbalanced (yellow 0, blue 41, red 20)") for w in warnings)


@pytest.mark.slow
def test_a_suit_without_sail_cards_makes_its_hexes_traps(pack):
    drop_yellow_sail_cards(pack)
    errors, _ = messages(pack)
    trap = [m for m in errors if "can never sail, whatever the wind" in m and m.startswith("board 'duel'")]
    assert len(trap) == 1
    assert trap[0].startswith("board 'duel': a ship on these hexes can never sail, whatever the wind "
                              "(no sail card of their suit moves from them): [-4, 3], [-3, 0]")
    assert trap[0].endswith("(20 in all)")


def test_a_cut_off_region_and_an_impossible_setup_are_errors(pack):
    # A line of hexes whose middle two are of a suit without sail cards: a ship sailing in is stuck,
    # and the two ends cannot reach each other. Four ships cannot keep 4 apart on 8 hexes either.
    hexes = [[0, 0, "blue"], [1, 0, "red"], [2, 0, "blue"], [3, 0, "yellow"], [4, 0, "yellow"],
             [5, 0, "red"], [6, 0, "blue"], [7, 0, "red"]]
    board = pack / "board.yaml"
    text = board.read_text()
    start = text.index("  hexes: [")
    board.write_text(text[:start] + f"  hexes: {hexes}\n".replace("'", ""))
    edit(pack / "game.yaml", "  hexes: 61\n", "  hexes: 8\n")
    drop_yellow_sail_cards(pack)
    errors, _ = messages(pack)
    assert ("board 'duel': these hexes cannot be sailed to and back from the rest of the board under any "
            "winds: [3, 0], [4, 0], [5, 0], [6, 0], [7, 0]") in errors
    assert "board 'duel': no legal setup placement exists for all ships" in errors


@pytest.mark.slow
def test_a_cannon_range_no_hex_allows_is_an_error(pack):
    edit(pack / "actions.yaml", "  range: 3\n", "  range: 9\n")
    errors, _ = messages(pack)
    never = sorted(m for m in errors if "can never fire" in m)
    assert never == [f"board 'duel': card '{s}-long-nines' can never fire: no {s} hex has another hex at exactly "
                     "range 9" for s in ("blue", "red", "yellow")]


@pytest.mark.slow
def test_analysis_errors_fail_the_cli(pack):
    from click.testing import CliRunner

    from pnpgen.cli import main

    edit(pack / "actions.yaml", "  range: 3\n", "  range: 9\n")
    r = CliRunner().invoke(main, ["check", str(pack)])
    assert r.exit_code == 1
    assert re.search(r"ns/game\.yaml:\d+:\d+|ns/board\.yaml:\d+:\d+", r.output)
    assert "can never fire" in r.output and "Traceback" not in r.output
