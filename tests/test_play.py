"""`pnpgen play`: a person plays one seat against the bundled agents through a page on this machine; the page
shows only what that seat may see, takes only its legal actions, and the game downloads as a log that replays."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import subprocess

import pytest

from pnpgen.devloop.play import PlayServer, Session
from pnpgen.engine.api import TERMINAL, Log, LoggedAction, replay
from pnpgen.engine.positions import open_log
from pnpgen.errors import PnpgenError
from pnpgen.load.loader import load_game

GAMES = ["narrow-seas", "enemy-in-sight", "seas-of-havoc"]
CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)


@pytest.mark.parametrize("game", GAMES)
def test_the_person_is_offered_exactly_the_legal_actions_and_sees_others_hands_face_down(game):
    s = Session(load_game(game), 1, "random", None, 5)
    assert s.state.current_player() == 1  # the agents have played up to the person's turn
    view = s.view()
    assert view["your_turn"] and not view["over"]
    assert view["legal"] == [s.engine.describe_action(s.rules, a) for a in s.state.legal_actions()]
    turns = 0
    while True:  # on to a position where another player holds cards (at setup none may)
        scene = s.engine.scene(s.state, 1)
        hands = {row.label: row.cards for row in scene.rows if row.label.endswith("'s hand")}
        if any(cards for label, cards in hands.items() if not label.startswith("Player 1'")):
            break
        s.act(0)
        turns += 1
        assert turns < 300
    view = s.view()
    assert len(hands) == s.table.num_players
    for label, cards in hands.items():
        mine = label.startswith("Player 1'")
        assert all(bool(c.card) == mine for c in cards), label
    assert any(cards for label, cards in hands.items() if not label.startswith("Player 1'"))  # backs shown
    before = len(s.actions)
    s.act(len(view["legal"]) - 1)
    assert len(s.actions) > before and (s.state.current_player() in (1, TERMINAL) or s.unfinished)


def test_an_action_out_of_range_or_out_of_turn_is_refused_and_changes_nothing():
    s = Session(load_game("narrow-seas"), 1, "greedy", None, 2)
    n = len(s.state.legal_actions())
    with pytest.raises(PnpgenError, match=f"no legal action {n} "):
        s.act(n)
    assert s.actions == s.actions[:len(s.actions)] and s.state.current_player() == 1
    with pytest.raises(PnpgenError, match="--seat: expected a seat from 1 to 2, got 3"):
        Session(load_game("narrow-seas"), 3, "greedy")
    with pytest.raises(PnpgenError, match="unknown agent 'grody'"):
        Session(load_game("narrow-seas"), 1, "grody")


def _request(port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(method, path, body=body, headers={"Host": f"127.0.0.1:{port}", **(headers or {})})
    r = conn.getresponse()
    return r.status, r.read()


def test_the_server_answers_its_own_page_only_and_takes_json_actions_from_it():
    s = Session(load_game("narrow-seas"), 2, "greedy", None, 4)
    with PlayServer(s, 0) as server:
        port = server.httpd.server_address[1]
        assert _request(port, "GET", "/", headers={"Host": "evil.example:80"})[0] == 403  # DNS rebinding
        status, page = _request(port, "GET", "/")
        assert status == 200 and b"you are player 2, against greedy" in page
        played = json.loads(_request(port, "GET", "/state")[1])["played"]
        act = json.dumps({"action": 0}).encode()
        assert _request(port, "POST", "/act", act, {"Content-Type": "text/plain"})[0] == 403  # a cross-site form
        assert _request(port, "POST", "/act", act, {"Content-Type": "application/json",
                                                    "Origin": "http://evil.example"})[0] == 403
        assert json.loads(_request(port, "GET", "/state")[1])["played"] == played
        status, got = _request(port, "POST", "/act", act, {"Content-Type": "application/json",
                                                           "Origin": f"http://127.0.0.1:{port}"})
        assert status == 200 and json.loads(got)["played"] > played
        assert _request(port, "POST", "/act", b'{"action": "x"}', {"Content-Type": "application/json"})[0] == 400
        status, log = _request(port, "GET", "/log.yaml")
        assert status == 200 and log.startswith(b"# pnpgen play: player 2 a person, the others greedy; seed 4")


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium here (.ci/run installs it)")
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_played_through_the_page_in_a_browser_replays_from_its_log(game, tmp_path):
    s = Session(load_game(game), 1, "random", None, 3)
    with PlayServer(s, 0) as server:
        got = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                              "--virtual-time-budget=900000", "--dump-dom", server.url + "?autoplay=1"],
                             capture_output=True, text=True, timeout=600)
        body = re.search(r"<body[^>]*>", got.stdout).group(0)
        status, log = _request(server.httpd.server_address[1], "GET", "/log.yaml")
    assert 'data-state="over"' in body, body
    mine = sum(1 for line in s.lines if line.split(" ", 2)[1] == "you:")
    assert mine > 10  # the person's seat played through the page, many times
    assert f'data-played="{len(s.actions)}"' in body
    path = tmp_path / "playtest.yaml"
    path.write_bytes(log)
    engine, lg = open_log(str(path))
    assert len(lg.actions) == len(s.actions)
    done = replay(engine, Log(lg.position, [LoggedAction(a.action, a.player, a.loc) for a in lg.actions]))
    assert engine.status(done.state) == engine.status(s.state)
