"""`pnpgen rules legal|apply` and `pnpgen replay`, run through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpgen.cli import main
from pnpgen.files.paths import CONTENT_DIR

EXAMPLES = CONTENT_DIR / "narrow-seas" / "examples"
POSITION = """\
game: narrow-seas
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
seed: 7
"""


@pytest.fixture
def pos(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    p = tmp_path / "position.yaml"
    p.write_text(POSITION)
    return p


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_rules_legal_lists_every_action_readably(pos):
    r = run("rules", "legal", str(pos))
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "round 3, action phase, player 1 to move: 18 legal actions"
    assert "  A fires blue-broadside at W" in lines and "  A sails to [2, 0] with blue-reach" in lines
    assert lines[-1] == "  pass" and len(lines) == 19


def test_rules_legal_json_gives_one_object_per_action_in_a_stable_order(pos):
    r = run("rules", "legal", str(pos), "--json")
    assert r.exit_code == 0
    objs = [json.loads(line) for line in r.output.splitlines()]
    assert len(objs) == 18
    assert {"type": "fire", "card": "blue-broadside", "ship": "A", "target": "W"} in objs
    assert {"type": "sail", "card": "blue-reach", "ship": "A", "to": [-2, 2]} == objs[0]
    assert objs[-1] == {"type": "pass"}
    assert run("rules", "legal", str(pos), "--json").output == r.output


def test_rules_apply_prints_the_resulting_position(pos, tmp_path: Path):
    r = run("rules", "apply", str(pos), '{"type":"fire","card":"blue-broadside","ship":"A","target":"W"}')
    assert r.exit_code == 0, r.output
    assert "casualties: {ship: W, damage: 2, attacker: 1}" in r.output and "to_move: 2" in r.output
    nxt = tmp_path / "next.yaml"
    nxt.write_text(r.output)
    r2 = run("rules", "legal", str(nxt), "--json")
    assert r2.exit_code == 0
    assert [json.loads(x)["type"] for x in r2.output.splitlines()] == ["casualties"] * 3


def test_a_position_past_round_40_plays_on_under_rules_apply(pos, tmp_path: Path):
    # both players have passed but player 1, who passes too: Reset, and no rule stops the game after round 40
    pos.write_text(POSITION.replace("round: 3", "round: 40").replace("passed: []", "passed: [2]"))
    r = run("rules", "apply", str(pos), '{"type":"pass"}')
    assert r.exit_code == 0, r.output
    assert "round: 41\n" in r.output and "phase: plan\n" in r.output and "victory" not in r.output
    nxt = tmp_path / "round41.yaml"
    nxt.write_text(r.output)
    legal = run("rules", "legal", str(nxt))
    assert legal.exit_code == 0 and legal.output.startswith("round 41, plan phase, player 1 to move: ")
    over = POSITION.replace("phase: action", "phase: over").replace("round: 3", "round: 50")
    pos.write_text(over + "victory: cap\n")  # a stopped game is no longer a way to finish
    bad = run("rules", "legal", str(pos))
    assert bad.exit_code == 1 and "victory" in bad.output and "expected one of: sink, elimination, mercy" in bad.output


def test_rules_apply_refuses_an_illegal_action_in_one_line(pos):
    r = run("rules", "apply", str(pos), '{"type":"fire","card":"blue-broadside","ship":"A","target":"A"}')
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [
        "error: illegal action: ship A is not an enemy ship (rule 7.2 cannon: targets)"]
    r = run("rules", "apply", str(pos), '{"type":"sail","card":"blue-reach","ship":"A","to":[0,-1]}')
    assert r.exit_code == 1 and len(r.output.strip().splitlines()) == 1
    assert "(rule 7.1 sail: headings)" in r.output and "Traceback" not in r.output


def test_rules_apply_names_a_malformed_action(pos):
    r = run("rules", "apply", str(pos), '{"type":"fire","card":"red-broadsid","ship":"A","target":"W"}')
    assert r.exit_code == 1 and "did you mean 'red-broadside'?" in r.output and "Traceback" not in r.output


def test_a_bad_position_file_is_one_located_line_per_error(pos):
    pos.write_text(POSITION.replace("wind: S", "wind: south"))
    r = run("rules", "legal", str(pos))
    assert r.exit_code == 1
    assert r.output.startswith("position.yaml:2:7: error: position: unknown wind direction 'south'")
    assert "Traceback" not in r.output


def test_replay_accepts_the_stored_playtest(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(EXAMPLES)
    r = run("replay", "playtest-01.yaml")
    assert r.exit_code == 0, r.output
    assert r.output.strip() == ("playtest-01.yaml: 62 actions, all legal; "
                                "game over in round 5: player 1 won by sinking the enemy ships")


def test_replay_names_the_first_illegal_action_and_its_rule(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(EXAMPLES)
    r = run("replay", "playtest-02-illegal.yaml")
    assert r.exit_code == 1
    assert r.output.strip() == (
        "playtest-02-illegal.yaml:64:5: error: action 41 (B fires blue-broadside at X) is illegal: ship X is "
        "4 hexes from ship B; blue-broadside fires at exactly 2 (rule 7.2 exact range)")


def test_replay_checks_who_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    text = (EXAMPLES / "playtest-01.yaml").read_text()
    text = text.replace("  - {type: place, player: 2, ship: X", "  - {type: place, player: 1, ship: X", 1)
    (tmp_path / "log.yaml").write_text(text)
    r = run("replay", "log.yaml")
    assert r.exit_code == 1 and "action 2 (place X at [0, 0]) is illegal: it is player 2's turn" in r.output


def test_a_ship_plan_that_is_no_mapping_is_located_in_the_log_or_the_action(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # Found by tests/fuzz: the counts of one ship were reported at '<input>' (no file, line or column).
    monkeypatch.chdir(tmp_path)
    text = (EXAMPLES / "playtest-01.yaml").read_text()
    old = "{type: plan, player: 1, ships: {A: {sail: 1, duty: 1, lookout: 1, fire: 1}, B:"
    assert old in text
    (tmp_path / "log.yaml").write_text(text.replace(old, "{type: plan, player: 1, ships: {A: 1, B:", 1))
    line = next(i for i, row in enumerate(text.splitlines(), 1) if old in row)
    r = run("replay", "log.yaml")
    assert r.exit_code == 1
    assert r.output.strip() == f"log.yaml:{line}:40: error: action 6: 'ships.A': expected a mapping, got 1"
    r = run("rules", "legal", "log.yaml", "--at", "7")
    assert r.output.strip() == f"log.yaml:{line}:40: error: action 6: 'ships.A': expected a mapping, got 1"
    r = run("rules", "apply", str(EXAMPLES / "position-01.yaml"), '{"type": "plan", "ships": {"A": 1}}')
    assert r.exit_code == 1
    assert r.output.strip() == "<action>:1:33: error: action: 'ships.A': expected a mapping, got 1"


def test_the_shipped_position_is_the_first_playtest_after_59_actions(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(EXAMPLES)
    shipped = run("rules", "legal", "position-01.yaml")
    logged = run("rules", "legal", "playtest-01.yaml", "--at", "59")
    assert shipped.exit_code == logged.exit_code == 0, shipped.output + logged.output
    assert shipped.output == logged.output
    assert shipped.output.splitlines()[0] == "round 5, action phase, player 1 to move: 17 legal actions"
    assert "  A fires yellow-broadside at X" in shipped.output.splitlines()


def test_rules_at_n_acts_on_a_log_after_its_first_n_actions(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(EXAMPLES)
    start = run("rules", "legal", "playtest-01.yaml", "--at", "0", "--json")
    assert start.exit_code == 0 and json.loads(start.output.splitlines()[0])["type"] == "place"
    r = run("rules", "apply", "playtest-01.yaml", '{"type":"pass"}', "--at", "59")
    assert r.exit_code == 0, r.output
    said, written = r.output.split("\n", 1)
    assert said == "# round 5, action phase, player 1 to move: pass"
    assert written.startswith("game: narrow-seas\n") and "passed: [1]" in written and "actions:" not in written
    end = run("rules", "legal", "playtest-01.yaml", "--at", "62")
    assert end.output == "game over in round 5: player 1 won by sinking the enemy ships: 0 legal actions\n"


@pytest.mark.slow
def test_rules_at_n_names_a_count_out_of_range_or_an_illegal_action_on_the_way(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(EXAMPLES)
    r = run("rules", "legal", "playtest-01.yaml", "--at", "63")
    assert r.exit_code == 1
    assert r.output == "playtest-01.yaml:24:3: error: --at 63: the log has 62 actions (give 0 to 62)\n"
    bad = run("rules", "legal", "playtest-02-illegal.yaml", "--at", "50")
    assert bad.exit_code == 1
    assert bad.output.startswith("playtest-02-illegal.yaml:64:5: error: action 41 (B fires blue-broadside at X) "
                                 "is illegal: ")
    assert run("rules", "legal", "playtest-02-illegal.yaml", "--at", "40").exit_code == 0
    log = run("rules", "legal", "playtest-01.yaml")
    assert log.exit_code == 1
    assert log.output == ("playtest-01.yaml:23:1: error: this is a playtest log: --at N reads the position after "
                          "its first N actions\n")


def test_rules_apply_on_a_finished_game_says_it_is_over_even_when_the_action_names_a_player(
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(EXAMPLES)
    for action in ('{"type":"pass"}', '{"type":"pass","player":1}'):
        r = run("rules", "apply", "playtest-01.yaml", action, "--at", "62")
        assert r.exit_code == 1
        assert r.output == "error: illegal action: the game is over (rule 1.2 how to win)\n", action
