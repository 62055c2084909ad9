"""`pnpgen play`: a person plays one seat against the bundled agents through a page on this machine; the page
shows only what that seat may know, through every route it serves, takes an action only as the action itself
(refusing one no longer legal), and the finished game downloads as a log that replays."""

from __future__ import annotations

import http.client
import json
import random
import re

import pytest
from kit import enemy_in_sight as eis
from kit.http import hostile, post, raw

from pnpgen.devloop.play import Session
from pnpgen.devloop.play_server import GET_ROUTES, PlayServer
from pnpgen.devloop.seen import told
from pnpgen.devloop.steppers import filled, groups
from pnpgen.engine.api import TERMINAL, engine_for
from pnpgen.engine.rng import Rng
from pnpgen.errors import PnpgenError, Problems
from pnpgen.files.paths import bundled_packs
from pnpgen.load.loader import load_game

GAMES = [pack for pack in bundled_packs() if engine_for(load_game(pack)) is not None]
# Player 1: Victory (rated 1), Leander (4), Camilla (6); player 2: Orient, Achille (dismasted), Argus.
EIS_FLEETS = {"victory": eis.line(1), "leander": eis.line(1), "camilla": eis.line(1), "orient": eis.line(2),
              "achille": eis.line(2, damage=[["rigging", "broadsides-1"]]), "argus": eis.line(2)}


def test_every_bundled_engine_is_played_here():
    assert {"narrow-seas", "enemy-in-sight", "seas-of-havoc"} <= set(GAMES)


def _json(s: Session, action) -> dict:
    return s.engine.action_to_json(s.rules, action)


def _offered(view: dict) -> list[dict]:
    """Every action a view offers, as buttons or as steppers' legal choices, in the order of the legal actions."""
    out = [o["action"] for o in view["legal"]]
    for g in view["groups"]:
        fields = [(tuple(f["path"]), f["key"]) for f in g["fields"]]
        omit = {tuple(p) for p in g["omit_zero"]}
        out += [filled(g["template"], fields, v, omit) for v in g["vectors"]]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_person_is_offered_exactly_the_legal_actions_and_sees_others_hands_face_down(game):
    s = Session(load_game(game), 1, "random", None, 5)
    assert s.state.current_player() == 1  # the agents have played up to the person's turn
    view = s.view()
    assert view["your_turn"] and not view["over"]
    assert sorted(map(json.dumps, _offered(view))) == sorted(json.dumps(_json(s, a)) for a in s.state.legal_actions())
    texts = {json.dumps(_json(s, a)): s.engine.describe_action(s.rules, a) for a in s.state.legal_actions()}
    assert all(o["text"] == texts[json.dumps(o["action"])] for o in view["legal"])
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
        for route in ("/act", "/why"):
            out[f"POST {route} {k}"] = _request(port, "POST", route, body, {"Content-Type": "application/json"})
    view = json.loads(out["/state"][1])
    used = {key for o in view["legal"] for key in o["spots"]}
    for key in sorted(k for k in view["regions"] if k not in used)[:4]:  # clicks where no action goes: why
        body = json.dumps({"spot": key}).encode()
        out[f"POST /why_here {key}"] = _request(port, "POST", "/why_here", body, {"Content-Type": "application/json"})
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
    while not any(line.player == 1 and line.said[2].startswith("plan") for line in s.lines):
        s.act(_json(s, s.state.legal_actions()[0]), len(s.actions))
    said = [line.said[2] for line in s.lines if line.player == 1 and line.said[2].startswith("plan")]
    assert said[0] == "plan (which one is hidden from you)"  # what the session lists for the seat, too


def test_a_public_action_of_another_player_is_told_in_full():
    s = Session(load_game("narrow-seas"), 1, "greedy", None, 2)
    state = s.state.clone()
    rng = random.Random(0)
    while not (state.current_player() == 2 and state.phase == "action"):
        state.apply(rng.choice(state.legal_actions()))
    for action in state.legal_actions():
        assert told(s.engine, state, action, 1) == s.engine.describe_action(s.rules, action)


# -- numbers as steppers -----------------------------------------------------------------------------------------
def _to_plan(s: Session) -> None:
    while not (s.state.phase == "plan" and s.state.current_player() == s.viewer):
        s.act(_json(s, s.state.legal_actions()[0]), len(s.actions))


def test_the_plan_phase_offers_steppers_not_one_button_per_combination():
    s = Session(load_game("narrow-seas"), 1, "greedy", None, 2)
    _to_plan(s)
    combinations = len(s.state.legal_actions())
    view = s.view()
    (group,) = view["groups"]
    assert combinations > 100 and len(group["vectors"]) == combinations
    assert [o for o in view["legal"] if o["action"]["type"] == "plan"] == []  # no button for any of them
    varying = [f for f in group["fields"] if f["varies"]]
    ships = sorted({f["path"][1] for f in varying})
    assert ships == ["A", "B"] and len(varying) == 8  # four plan areas for each ship: 8 steppers, one play button
    assert [f["label"] for f in varying][:4] == ["A: sail", "A: duty", "A: lookout", "A: fire"]
    crew = {sid: sum(s.state.plan[s.rules.ship_index[sid]]) + s.state.spent[s.rules.ship_index[sid]]
            for sid in ships}
    assert {x["label"]: x["total"] for x in group["sums"]} == crew  # each ship's crew, to be shared out in full
    assert all(f["least"] == 0 and f["most"] == crew[f["path"][1]] for f in varying)


def test_a_steppers_choice_is_judged_by_the_engine_with_its_rule():
    s = Session(load_game("narrow-seas"), 1, "greedy", None, 2)
    _to_plan(s)
    (group,) = s.view()["groups"]
    fields = [(tuple(f["path"]), f["key"]) for f in group["fields"]]
    good = filled(group["template"], fields, group["start"], set())
    answer = s.why(good)
    assert answer["legal"] and answer["text"].startswith("plan A: ")
    bad_vector = [n + 1 if k == 0 else n for k, n in enumerate(group["start"])]  # one cube too many on A
    answer = s.why(filled(group["template"], fields, bad_vector, set()))
    assert not answer["legal"] and re.search(r"\(rule [0-9.]+ ", answer["why"]), answer
    before = len(s.actions)
    s.act(good, before)
    assert len(s.actions) > before


def test_count_maps_group_whatever_the_game_and_fill_back_to_the_same_json():
    swaps = [{"type": "swap", "at": "port", "give": {"gold": g}, "take": {"wood": 2 - g} if g < 2 else {}}
             for g in range(3)]
    actions = swaps * 2 + [{"type": "swap", "at": "port", "give": {"gold": 9}, "take": {"wood": 1}},
                           {"type": "pass"}, {"type": "sail", "to": [1, -1]}, {"type": "sail", "to": [2, 0]}]
    (group,) = groups(actions, least=6)
    assert group.members == [0, 1, 2, 3, 4, 5, 6]  # not the pass, nor the hexes (numbers in a list are places)
    page = group.to_json()
    assert [f["label"] for f in page["fields"]] == ["give: gold", "take: wood"] and page["title"] == "swap port"
    omit = {tuple(p) for p in page["omit_zero"]}
    assert omit == {("take",)}
    fields = [(tuple(f["path"]), f["key"]) for f in page["fields"]]
    assert [filled(page["template"], fields, v, omit) for v in page["vectors"]] == actions[:7]
    assert groups(actions, least=8) == []


# -- taking an action back ---------------------------------------------------------------------------------------
def test_the_seat_takes_back_its_last_action_while_the_agents_have_not_replied():
    s = Session(load_game("narrow-seas"), 1, "greedy", None, 2, pause_ms=1000)
    seen, played = s.state.observation(1), len(s.actions)
    view = s.view()
    s.act(view["legal"][0]["action"], played)
    assert s.view()["agents_next"] and s.view()["undo"] and len(s.actions) == played + 1
    s.undo()
    assert len(s.actions) == played and len(s.lines) == played and s.state.observation(1) == seen
    assert s.view()["legal"] == view["legal"] and not s.view()["undo"]
    with pytest.raises(PnpgenError, match="no action of yours to take back") as refused:
        s.undo()
    assert refused.value.status == 409
    s.act(view["legal"][0]["action"], played)
    s.advance()  # the agents reply: too late to take it back
    assert len(s.actions) > played + 1 or s.state.current_player() == 1
    if len(s.actions) > played + 1:
        assert not s.view()["undo"]
        with pytest.raises(PnpgenError, match="another player has played since"):
            s.undo()


def test_an_action_that_showed_the_seat_something_hidden_cannot_be_taken_back():
    s = Session(load_game("narrow-seas"), 1, "greedy", None, 2, pause_ms=1000)
    while not (s.state.phase == "draw" and s.state.current_player() == 1):
        s.act(_json(s, s.state.legal_actions()[0]), len(s.actions))
        s.advance()
    s.act({"type": "draw"}, len(s.actions))  # the top card of the deck: seen now, it stays drawn
    assert not s.view()["undo"]
    with pytest.raises(PnpgenError, match="showed you something you did not know"):
        s.undo()


# -- hot-seat ----------------------------------------------------------------------------------------------------
def _same_for_every_redeal(s: Session, of: int, rng: random.Random) -> None:
    """The view is the same when what seat `of` cannot see is dealt again."""
    real, view = s.state, s.view()
    for _ in range(3):
        s.state = real.sample_hidden(of, Rng(rng.randrange(1 << 30)))
        try:
            assert s.view() == view, f"the view changed when what player {of} cannot see was dealt again"
        finally:
            s.state = real


@pytest.mark.parametrize("game", GAMES)
def test_hot_seat_hands_the_page_over_and_each_seat_sees_only_its_own_hand(game):
    s = Session(load_game(game), None, seed=4)
    rng = random.Random(4)
    handovers = 0
    for _ in range(60):
        if s.over:
            break
        view = s.view()
        if view["handover"] is not None:
            handovers += 1
            assert view["legal"] == [] and view["lines"] == [] and not view["your_turn"]
            for seat in range(1, s.table.num_players + 1):  # between seats: nobody's hidden cards
                _same_for_every_redeal(s, seat, rng)
            wrong = 1 + view["handover"] % s.table.num_players
            with pytest.raises(PnpgenError, match=f"it is player {view['handover']}'s turn"):
                s.take_seat(wrong)
            s.take_seat(view["handover"])
            view = s.view()
        assert view["your_turn"] and view["seat"] == s.state.current_player()
        _same_for_every_redeal(s, view["seat"], rng)
        s.act(rng.choice([o["action"] for o in view["legal"]] or
                         [_json(s, a) for a in s.state.legal_actions()]), len(s.actions))
    assert handovers >= 3


def test_hot_seat_lines_tell_each_seat_the_others_secret_choices_by_kind():
    s = Session(load_game("narrow-seas"), None, seed=2)
    while not any(line.full.startswith("plan") for line in s.lines):
        if s.handing_over() is not None:
            s.take_seat(s.handing_over())
        s.act(_json(s, s.state.legal_actions()[0]), len(s.actions))
    line = next(line for line in s.lines if line.full.startswith("plan"))
    assert line.said[line.player] == line.full
    other = 3 - line.player
    assert line.said[other] == "plan (which one is hidden from you)" and other in line.hidden_from


# -- saying why --------------------------------------------------------------------------------------------------
RULE = re.compile(r"\(rule [0-9]+(\.[0-9]+)* \w")  # a citation: the section's number and its title


def _eis_session(state) -> Session:
    s = Session(load_game("enemy-in-sight"), 1, "greedy", None, 1)
    with s.lock:
        s.state = state
    return s


def test_a_click_on_a_card_that_may_not_be_played_says_the_rule_it_breaks_with_its_section():
    # after a Broadsides that dismasted nothing, Achille (dismasted before) may not be boarded: only the Rake joins
    s = _eis_session(eis.position(EIS_FLEETS, {1: ["broadsides-5", "rake", "boarding-party"]}))
    for action in ({"type": "play", "card": "broadsides-5"}, {"type": "target", "ship": "orient"},
                   {"type": "part", "part": "hull"}, {"type": "from", "ship": "victory"}):
        s.act(action, len(s.actions))
    assert [o["text"] for o in s.view()["legal"]] == ["play rake", "done"]
    answer = s.why_here("card:Player 1's hand:boarding-party")
    why = ("after a Broadsides, a Boarding Party goes only against the ship that Broadsides dismasted, and this "
           "turn's Broadsides dismasted none (rule 7.3 Boarding Party)")
    assert answer["answers"] == [{"text": "play boarding-party", "why": why}]
    assert answer["message"] == f"Not there. play boarding-party: {why}"
    assert s.why_here("card:Player 2's line:achille") == {"answers": [],
                                                           "message": "None of your actions involves that."}


def test_a_click_on_a_ship_out_of_reach_says_why_for_each_action_it_could_mean():
    s = _eis_session(eis.position(EIS_FLEETS | {"orient": eis.line(2, struck=True, damage=[["hull", "rake"]])},
                                  {1: ["broadsides-4"]}))
    s.act({"type": "play", "card": "broadsides-4"}, len(s.actions))
    assert {o["text"] for o in s.view()["legal"]} == {"aim at Achille", "aim at Argus"}
    answer = s.why_here("card:Player 2's line:orient")
    assert answer["answers"] == [{"text": "aim at Orient", "why": "Orient has struck: struck ships cannot be "
                                                                  "attacked by gunfire (rule 6.4 Strike)"}]
    with pytest.raises(PnpgenError, match="no spot 'card:Player 2's line:victory' on your picture") as refused:
        s.why_here("card:Player 2's line:victory")
    assert refused.value.status == 409
    with pytest.raises(PnpgenError, match="expected the key of a spot") as refused:
        s.why_here(["card:Player 2's line:orient"])
    assert refused.value.status == 400


@pytest.mark.slow  # (plays a game asking about the picture's spots: each answer draws the seat's picture)
@pytest.mark.parametrize("game", GAMES)
def test_a_click_where_no_action_goes_is_answered_with_the_rules_of_what_it_could_mean(game):
    s = Session(load_game(game), 1, "random", None, 3)
    rng = random.Random(5)
    answered = asked = 0
    while not s.over and answered < 3 and len(s.actions) < 400:
        view = s.view()
        if view["your_turn"]:
            used = {k for o in view["legal"] for k in o["spots"]}
            for o in view["legal"][:3]:
                for picked in o["spots"][:1]:
                    kind = picked.split(":")[0]
                    others = [k for k in view["regions"] if k.startswith(kind + ":") and k not in used]
                    for key in others[:4]:
                        answer = s.why_here(key, [picked] if kind == "marker" else [])
                        asked += 1
                        assert all(RULE.search(a["why"]) for a in answer["answers"]), answer
                        answered += bool(answer["answers"])
        s.act(_json(s, rng.choice(s.state.legal_actions())), len(s.actions))
    assert answered >= 3, (game, asked)
