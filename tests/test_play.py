"""`pnpgen play`: a person plays one seat against the bundled agents through a page on this machine; the page
shows only what that seat may know, through every route it serves, takes an action only as the action itself
(refusing one no longer legal), and the finished game downloads as a log that replays."""

from __future__ import annotations

import http.client
import json
import random
import re
import shutil
import subprocess

import pytest
from kit.http import hostile, post, raw

from pnpgen.devloop.play import Session
from pnpgen.devloop.play_server import GET_ROUTES, PlayServer
from pnpgen.devloop.seen import told
from pnpgen.engine.api import TERMINAL, Log, LoggedAction, engine_for, replay
from pnpgen.engine.positions import open_log
from pnpgen.engine.rng import Rng
from pnpgen.errors import PnpgenError, Problems
from pnpgen.files.paths import bundled_packs
from pnpgen.load.loader import load_game

GAMES = [pack for pack in bundled_packs() if engine_for(load_game(pack)) is not None]
CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)


def test_every_bundled_engine_is_played_here():
    assert {"narrow-seas", "enemy-in-sight", "seas-of-havoc"} <= set(GAMES)


def _json(s: Session, action) -> dict:
    return s.engine.action_to_json(s.rules, action)


@pytest.mark.parametrize("game", GAMES)
def test_the_person_is_offered_exactly_the_legal_actions_and_sees_others_hands_face_down(game):
    s = Session(load_game(game), 1, "random", None, 5)
    assert s.state.current_player() == 1  # the agents have played up to the person's turn
    view = s.view()
    assert view["your_turn"] and not view["over"]
    assert view["legal"] == [{"action": _json(s, a), "text": s.engine.describe_action(s.rules, a)}
                             for a in s.state.legal_actions()]
    turns = 0
    while True:  # on to a position where another player holds cards (at setup none may)
        scene = s.engine.scene(s.state, 1)
        hands = {row.label: row.cards for row in scene.rows if row.label.endswith("'s hand")}
        if any(cards for label, cards in hands.items() if not label.startswith("Player 1'")):
            break
        s.act(_json(s, s.state.legal_actions()[0]))
        turns += 1
        assert turns < 300
    assert len(hands) == s.table.num_players
    for label, cards in hands.items():
        mine = label.startswith("Player 1'")
        assert all(bool(c.card) == mine for c in cards), label
    before = len(s.actions)
    s.act(_json(s, s.state.legal_actions()[-1]), len(s.actions))
    assert len(s.actions) > before and (s.state.current_player() in (1, TERMINAL) or s.unfinished)


def test_an_action_stale_illegal_forged_or_out_of_turn_is_refused_and_changes_nothing():
    s = Session(load_game("narrow-seas"), 1, "greedy", None, 2)
    played, state = len(s.actions), s.state.clone()
    offered = _json(s, s.state.legal_actions()[0])
    for posted, after, status, says in [
            (offered, played - 1, 409, "the game moved on since that action was offered"),
            ({"type": "sail", "card": "wind", "ship": "A", "to": [0, 0]}, played, 409, "not legal now: "),
            ({"type": "pass", "player": 2}, played, 409, "it is player 1's turn, not player 2's"),
            ({"type": "fly"}, None, 400, "unknown value 'fly'"),
            ([0], None, 400, "expected a mapping")]:
        with pytest.raises(PnpgenError, match=says) as refused:
            s.act(posted, after)
        assert refused.value.status == status
        assert len(s.actions) == played and s.state.observation(1) == state.observation(1)
    s.act(offered, played)  # the same action, offered now, is played
    assert s.actions[played] == s.engine.action_from_json(s.rules, offered, Problems(), "", None)[0]
    with pytest.raises(PnpgenError, match="--seat: expected a seat from 1 to 2, got 3"):
        Session(load_game("narrow-seas"), 3, "greedy")
    with pytest.raises(PnpgenError, match="unknown agent 'grody'"):
        Session(load_game("narrow-seas"), 1, "grody")


def test_an_action_no_longer_legal_is_refused_with_the_rule_not_replaced_by_another():
    s = Session(load_game("narrow-seas"), 1, "greedy", None, 2)
    while s.engine.action_to_json(s.rules, s.state.legal_actions()[0])["type"] != "plan":
        s.act(_json(s, s.state.legal_actions()[0]), len(s.actions))
    plan = _json(s, s.state.legal_actions()[0])
    s.act(plan, len(s.actions))  # played once; the same plan again (a double click) is refused
    with pytest.raises(PnpgenError, match=r"not legal now: .*\(rule [0-9.]+") as refused:
        s.act(plan)
    assert refused.value.status == 409


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
        view = json.loads(_request(port, "GET", "/state")[1])
        played = view["played"]
        act = json.dumps({"action": view["legal"][0]["action"], "after": played}).encode()
        assert _request(port, "POST", "/act", act, {"Content-Type": "text/plain"})[0] == 403  # a cross-site form
        assert _request(port, "POST", "/act", act, {"Content-Type": "application/json",
                                                    "Origin": "http://evil.example"})[0] == 403
        assert json.loads(_request(port, "GET", "/state")[1])["played"] == played
        status, got = _request(port, "POST", "/act", act, {"Content-Type": "application/json",
                                                           "Origin": f"http://127.0.0.1:{port}"})
        assert status == 200 and json.loads(got)["played"] > played
        status, why = _request(port, "POST", "/act", act, {"Content-Type": "application/json"})  # again: stale
        assert status == 409 and b"the game moved on since that action was offered" in why
        assert _request(port, "POST", "/act", b'{"action": 0}', {"Content-Type": "application/json"})[0] == 400
        assert _request(port, "POST", "/act", b'{"after": 1}', {"Content-Type": "application/json"})[0] == 400
        status, log = _request(port, "GET", "/log.yaml")  # not during play
        assert status == 409 and b"downloads when the game is over" in log
        assert not json.loads(_request(port, "GET", "/state")[1])["log"]


def test_the_finished_game_downloads_as_a_log_that_replays():
    s = Session(load_game("narrow-seas"), 2, "greedy", None, 4)
    rng = random.Random(1)
    while not s.over:
        s.act(_json(s, rng.choice(s.state.legal_actions())), len(s.actions))
    with PlayServer(s, 0) as server:
        status, log = _request(server.httpd.server_address[1], "GET", "/log.yaml")
    assert status == 200 and log.startswith(b"# pnpgen play: player 2 a person, the others greedy; seed 4")
    assert s.view()["log"] and not s.view()["log_note"]


@pytest.mark.parametrize("port_of", ["play", "preview"])
def test_hostile_bodies_get_a_4xx_quickly_and_the_server_keeps_serving(port_of, tmp_path, capfd):
    from pnpgen.devloop.serve import LiveServer, LiveState
    from pnpgen.files.atomic import write_atomically

    if port_of == "play":
        server, path = PlayServer(Session(load_game("narrow-seas"), 1, "greedy", None, 1), 0), "/act"
    else:
        write_atomically(tmp_path / "g", {"index.html": b"<html><body>kit</body></html>"})
        server, path = LiveServer(tmp_path, 0, LiveState()), "/g/index.html"
    with server:
        port = server.httpd.server_address[1]
        for what, request in hostile(port, path):
            status, body = raw(port, request)
            assert status is not None and 400 <= status < 500, (what, status, body[:200])
            assert raw(port, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()
                       )[0] in (200, 302), what
    err = capfd.readouterr().err
    assert "Traceback" not in err and "RecursionError" not in err, err[-2000:]


def test_a_post_with_its_length_right_is_still_taken():
    s = Session(load_game("narrow-seas"), 1, "greedy", None, 1)
    with PlayServer(s, 0) as server:
        port = server.httpd.server_address[1]
        body = json.dumps({"action": s.view()["legal"][0]["action"], "after": len(s.actions)}).encode()
        status, _ = raw(port, post(port, "/act", body))
    assert status == 200


def _responses(server: PlayServer, forgeries: list[dict]) -> dict:
    """Every GET route's status and body, and the answers to a few refused actions."""
    port = server.httpd.server_address[1]
    out = {route: _request(port, "GET", route) for route in GET_ROUTES}
    for k, forged in enumerate(forgeries):
        body = json.dumps({"action": forged}).encode()
        out[f"POST {k}"] = _request(port, "POST", "/act", body, {"Content-Type": "application/json"})
    return out


@pytest.mark.parametrize("game", GAMES)
def test_nothing_the_server_returns_changes_when_what_the_seat_cannot_see_is_dealt_again(game):
    """The seat's information set, not the state: the server's every answer is the same for any state the seat
    cannot tell from the real one (the engine's sample_hidden deals others' hands, the decks and chance again)."""
    s = Session(load_game(game), 1, "random", None, 7)
    rng = random.Random(3)
    checked = redealt = 0
    with PlayServer(s, 0) as server:
        while not s.over and checked < 25:
            real = s.state
            # actions the seat may try that are not legal for it: others' moves in redealt states
            forgeries = []
            for _ in range(3):
                other = real.sample_hidden(1, Rng(rng.randrange(1 << 30)))
                other_moves = [a for a in other.legal_actions() if a not in real.legal_actions()]
                if other_moves:
                    forgeries.append(_json(s, rng.choice(other_moves)))
            before = _responses(server, forgeries)
            for _ in range(3):
                with s.lock:
                    s.state = real.sample_hidden(1, Rng(rng.randrange(1 << 30)))
                    assert s.state.observation(1) == real.observation(1)
                    redealt += s.state.observation(2) != real.observation(2)  # what seat 2 holds was dealt again
                try:
                    assert _responses(server, forgeries) == before, f"{game}: an answer changed when the hidden " \
                                                                    "was dealt again"
                finally:
                    with s.lock:
                        s.state = real
            checked += 1
            for _ in range(rng.randrange(1, 6)):
                if s.over:
                    break
                s.act(_json(s, rng.choice(s.state.legal_actions())), len(s.actions))
    assert checked >= 10 and redealt > 0  # the test looked many times, at states that did differ


def test_another_players_secret_choice_is_told_by_its_kind_only():
    """Narrow Seas plans are made in secret: the seat that has not planned yet is told only that a plan was made."""
    s = Session(load_game("narrow-seas"), 2, "greedy", None, 2)
    state = s.state.clone()
    rng = random.Random(0)
    while not (state.current_player() == 1 and state.phase == "plan" and not state.planned[1]):
        state.apply(rng.choice(state.legal_actions()))
    plan = state.legal_actions()[3]
    assert told(s.engine, state, plan, 2) == "plan (which one is hidden from you)"
    assert told(s.engine, state, plan, 1) == s.engine.describe_action(s.rules, plan)
    after = state.clone()
    after.apply(plan)  # the other seat plans last: the plans show, and so does what was planned
    last = after.legal_actions()[0]
    assert told(s.engine, after, last, 1) == s.engine.describe_action(s.rules, last)
    while not any(line.player == 1 and line.said.startswith("plan") for line in s.lines):
        s.act(_json(s, s.state.legal_actions()[0]), len(s.actions))
    said = [line.said for line in s.lines if line.player == 1 and line.said.startswith("plan")]
    assert said[0] == "plan (which one is hidden from you)"  # what the session lists for the seat, too


def test_a_public_action_of_another_player_is_told_in_full():
    s = Session(load_game("narrow-seas"), 1, "greedy", None, 2)
    state = s.state.clone()
    rng = random.Random(0)
    while not (state.current_player() == 2 and state.phase == "action"):
        state.apply(rng.choice(state.legal_actions()))
    for action in state.legal_actions():
        assert told(s.engine, state, action, 1) == s.engine.describe_action(s.rules, action)


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
    mine = sum(1 for line in s.lines if line.player == 1)
    assert mine > 10  # the person's seat played through the page, many times
    assert f'data-played="{len(s.actions)}"' in body
    path = tmp_path / "playtest.yaml"
    path.write_bytes(log)
    engine, lg = open_log(str(path))
    assert len(lg.actions) == len(s.actions)
    done = replay(engine, Log(lg.position, [LoggedAction(a.action, a.player, a.loc) for a in lg.actions]))
    assert engine.status(done.state) == engine.status(s.state)
