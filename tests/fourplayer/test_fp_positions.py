"""Four-player positions (players: 4, a market, deck and discard per deck, the token's side), logs and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from kit.narrow_seas import game, position4, text4

from pnpgen.cli import main
from pnpgen.engine.api import replay
from pnpgen.engine.narrow_seas import parse_position, write_log, write_position
from pnpgen.engine.narrow_seas.agents import greedy
from pnpgen.engine.narrow_seas.position import to_dict
from pnpgen.engine.positions import open_log
from pnpgen.engine.rng import Rng
from pnpgen.errors import ContentErrors


def errors(text: str) -> list[str]:
    with pytest.raises(ContentErrors) as e:
        parse_position(text, "pos.yaml")
    return [x.message for x in e.value.errors]


def test_a_position_writes_each_decks_piles_the_token_and_the_wind_set_aside():
    s = game(4).new_initial_state(4)
    d = yaml.safe_load(write_position(s))
    assert d["players"] == 4 and d["token"] == "green" and d["wind_aside"] == "A"
    assert set(d["decks"]) == {"A", "B"} and "market" not in d and "deck" not in d
    assert len(d["decks"]["A"]["deck"]) == 18 and len(d["decks"]["B"]["deck"]) == 19
    assert d["decks"]["B"]["market"] == s.markets[1] and d["decks"]["A"]["discard"] == []
    seen = s.observation(2)
    assert "deck" not in seen["decks"]["A"] and seen["decks"]["A"]["deck_size"] == 18


def test_positions_read_back_the_same_all_through_a_game():
    g = game(4)
    s, rng = g.new_initial_state(11), Rng(11)
    k = 0
    while not s.is_terminal() and k < 900:
        if k % 23 == 0:
            back = parse_position(write_position(s)).state
            assert to_dict(back) == to_dict(s)
            if s.phase != "plan":
                assert back.legal_actions() == s.legal_actions()
        s.apply(greedy(s, rng) if s.phase != "setup" else s.random_action(rng))
        k += 1


def test_the_token_must_show_the_first_players_team():
    assert errors(text4(first_player=1, token="pink")) == [
        "position: the first-player token shows the first player's team: 'green' for player 1, not 'pink'"]
    assert "position: field 'token': unknown value 'blue' (expected one of: green, pink)" in \
        errors(text4(token="blue"))[0]


def test_piles_go_under_decks_and_each_card_belongs_to_one_deck():
    text = text4(market=["red-run"])
    assert errors(text) == ["position: this game has decks A, B: give each its market, deck and discard under "
                            "'decks' ({A: {market: [...], deck: [...], discard: [...]}, ...})"]
    bad = errors(text4(hands={1: ["wind"], 2: [], 3: [], 4: []},
                       decks={"B": {"market": ["wind", "red-run", "red-tack"]}}))
    assert bad == ["deck B market: card 'wind' appears more often than Deck B holds it (1)"]
    assert errors(text4(hands={1: [], 2: ["wind"], 3: [], 4: []})) == [
        "hand of player 2 (from Deck A): card 'wind' appears more often than Deck A holds it (0) "
        "(its Wind card is set aside)"]
    ok = position4(hands={1: [], 2: ["wind"], 3: [], 4: []}, wind_aside="B")
    assert ok.wind_aside == 1 and ok.hands[1] == ["wind"]
    assert errors(text4(decks={"C": {"market": []}}))[0].startswith("decks: unknown deck 'C' (expected one of: A, B)")


def test_a_player_count_the_game_is_not_played_with_is_an_error():
    assert errors(text4().replace("players: 4", "players: 3")) == [
        "position: narrow-seas is played by 2 or 4 players, not 3"]


def test_a_four_player_log_replays(tmp_path: Path):
    g = game(4)
    start = g.new_initial_state(5)
    s, rng, actions = start.clone(), Rng(5), []
    while not s.is_terminal() and len(actions) < 120:
        a = greedy(s, rng) if s.phase != "setup" else ("set_wind", "SW")
        actions.append(a)
        s.apply(a)
    path = tmp_path / "four.yaml"
    path.write_text(write_log(start, actions))
    done = replay(*open_log(path))
    assert done.played == 120 and to_dict(done.state) == to_dict(s)


def test_the_cli_lists_legal_actions_of_a_four_player_position(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pos.yaml").write_text(text4(phase="draw", to_move=4))
    r = CliRunner().invoke(main, ["rules", "legal", "pos.yaml", "--json"])
    assert r.exit_code == 0, r.output
    assert [json.loads(line) for line in r.stdout.splitlines()] == [{"type": "draw"}]
    r = CliRunner().invoke(main, ["rules", "apply", "pos.yaml", '{"type": "draw", "player": 4}'])
    assert r.exit_code == 0, r.output
    after = yaml.safe_load(r.stdout)
    assert len(after["hands"][4]) == 1 and after["to_move"] == 3 and after["token"] == "green"


@pytest.mark.slow
def test_simulate_plays_the_four_player_game_and_reports_the_teams():
    r = CliRunner().invoke(main, ["simulate", "--players", "4", "--games", "6", "--agents", "greedy", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert set(out["wins_by_team"]) <= {"green", "pink"} and out["games"] == 6
    assert sum(v["count"] for v in out["wins_by_team"].values()) == out["finished"]
    assert set(out["victory"]) <= {"elimination", "mercy"}


def test_the_bundled_four_player_log_replays_to_an_elimination():
    from pnpgen.files.paths import CONTENT_DIR

    done = replay(*open_log(CONTENT_DIR / "narrow-seas" / "examples" / "four-player-01.yaml"))
    s = done.state
    assert s.is_terminal() and s.victory == "elimination" and s.winners == (1, 3)
    assert any(not any(s.afloat(i) for i in s.g.ships_of[p]) for p in (2, 4))
