"""Golden narrations: every bundled example log told action by action (`pnpgen replay LOG --narrate`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpgen.cli import main
from pnpgen.engine.narrate import changes, narration
from pnpgen.engine.positions import open_log
from pnpgen.files.paths import bundled_packs, resolve_game

LOGS = sorted(path for pack in bundled_packs() for path in (resolve_game(pack) / "examples").glob("*.yaml")
              if "actions:" in path.read_text(encoding="utf-8") and "illegal" not in path.name)


def test_every_engine_has_a_narrated_log():
    assert {path.parent.parent.name for path in LOGS} == {"narrow-seas", "enemy-in-sight", "seas-of-havoc"}


@pytest.mark.parametrize("log", LOGS, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_each_example_log_narrates_as_stored(log: Path, golden):
    engine, read = open_log(log)
    lines = narration(engine, read.position, [item.action for item in read.actions])
    assert len(lines) == len(read.actions) + 1 > 1
    golden.check(f"narration/{log.parent.parent.name}-{log.stem}.txt", "\n".join(lines) + "\n")


def test_replay_narrate_prints_the_narration():
    log = next(p for p in LOGS if p.parent.parent.name == "narrow-seas" and p.stem == "playtest-01")
    result = CliRunner().invoke(main, ["replay", str(log), "--narrate"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "1. round 1, setup phase, player 1 to move: place B at [-1, -3] — ships.B.hex [-1, -3]"
    assert lines[-1] == "game over in round 5: player 1 won by sinking the enemy ships" and len(lines) == 63


def test_changes_word_numbers_lists_and_quiet_paths():
    before = {"to_move": 1, "hex": [2, -4], "hand": ["a", "b", "b"], "deck": ["c", "d"], "sick": 0, "gone": 3}
    after = {"to_move": 2, "hex": [2, -3], "hand": ["b", "c"], "deck": ["d", "c"], "sick": 2, "new": "NW"}
    assert changes(before, after, ("to_*",)) == [
        "hex [2, -4] → [2, -3]", "hand +c −a −b", "deck reordered", "sick 0 → 2", "new NW", "gone 3 → none"]
    assert changes({"x": list("abcdefgh")}, {"x": []}) == ["x −8"]
    assert changes({"x": None}, {"x": []}) == []
