"""Fuzz the play page's server with hostile requests: bodies nested deep, lengths missing, negative, garbage or
short, bodies that are no JSON or no action, actions that were legal once (stale, double-posted), that belong to
another seat or another deal (forged), mutated field by field, and legal ones now and then so that the game moves.

The promise: every request is answered, at once; a 200 to a post only for the action that is legal now (then the
game records exactly it); anything else a 4xx that changes nothing; a refused request gets the very same answer
whatever the hidden cards are (its answer tells nothing the seat may not know); nothing printed; the server answers
a plain request after every case.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter

import pytest
from fuzz_mutations import NASTY_NUMBERS, nasty_text
from hypothesis import strategies as st
from kit.http import DEEP, raw

from pnpgen.devloop.play import Session
from pnpgen.devloop.play_server import PlayServer
from pnpgen.engine.rng import Rng
from pnpgen.load.loader import load_game

GAMES = ("narrow-seas", "enemy-in-sight", "seas-of-havoc")
LENGTHS = ("right", "right", "right", "missing", "-1", "garbage", "zero", "short", "huge")
KINDS = ("application/json", "application/json", "application/json; charset=utf-8", "text/plain", None)
ORIGINS = (None, None, "{self}", "http://evil.example", "null")

json_values = st.recursive(st.none() | st.booleans() | st.sampled_from(NASTY_NUMBERS).filter(
    lambda n: n == n and n not in (float("inf"), float("-inf"))) | nasty_text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(nasty_text(), inner, max_size=4), max_leaves=12)

# What a body holds, as a recipe the case turns into bytes against the game as it stands when it runs.
bodies = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 10 ** 6), st.sampled_from(["fresh", "stale", "none", "ahead"])),
    st.tuples(st.just("past"), st.integers(0, 10 ** 6)),
    st.tuples(st.just("forged"), st.integers(0, 10 ** 6)),
    st.tuples(st.just("mutated"), st.integers(0, 10 ** 6), st.integers(0, 50), json_values),
    st.tuples(st.just("json"), json_values),
    st.tuples(st.just("deep"), st.integers(30, 200_000), st.sampled_from(["[", '{"a":', '{"action":'])),
    st.tuples(st.just("bytes"), st.binary(max_size=300)),
)
requests = st.lists(st.tuples(st.sampled_from(["POST", "POST", "POST", "GET", "PUT"]),
                              st.sampled_from(["/act", "/act", "/act", "/state", "/log.yaml", "/", "/x"]),
                              bodies, st.sampled_from(LENGTHS), st.sampled_from(KINDS), st.sampled_from(ORIGINS),
                              st.sampled_from(GAMES)), min_size=1, max_size=6)


class Table:
    """A served session for each game, a fresh one when a game ends; the actions each one offered before; how
    many posts were played and how many refused."""

    def __init__(self):
        self.servers: dict[str, tuple[Session, PlayServer]] = {}
        self.past: dict[str, list[dict]] = {}
        self.outcomes: Counter[str] = Counter()

    def get(self, game: str) -> tuple[Session, PlayServer]:
        session_server = self.servers.get(game)
        if session_server is None or session_server[0].over:
            if session_server is not None:
                session_server[1].__exit__()
            session = Session(load_game(game), 1, "random", None, len(self.past.get(game, ())) + 1)
            self.servers[game] = (session, PlayServer(session, 0).__enter__())
            self.past.setdefault(game, [])
        return self.servers[game]

    def close(self) -> None:
        for _session, server in self.servers.values():
            server.__exit__()


@pytest.fixture(scope="module")
def table():
    t = Table()
    yield t
    t.close()


def _mutate(value, at: int, new):
    """The JSON value with its `at`-th field or item (counted depth first) replaced by `new`."""
    count = [at]

    def walk(v):
        if isinstance(v, dict):
            out = {}
            for k, inner in v.items():
                count[0] -= 1
                out[k] = new if count[0] == 0 else walk(inner)
            return out
        if isinstance(v, list):
            out = []
            for inner in v:
                count[0] -= 1
                out.append(new if count[0] == 0 else walk(inner))
            return out
        return v
    return walk(value)


def _body(recipe: tuple, session: Session, past: list[dict], rng: random.Random) -> tuple[bytes, dict | None]:
    """(the body's bytes, the action it posts when that action is legal and fresh now, else None)."""
    kind = recipe[0]
    legal = session.state.legal_actions() if session.state.current_player() == session.seat else []
    as_json = [session.engine.action_to_json(session.rules, a) for a in legal]
    played = len(session.actions)
    if kind == "legal" and as_json:
        action = as_json[recipe[1] % len(as_json)]
        after = {"fresh": played, "stale": played - 1, "none": None, "ahead": played + 1}[recipe[2]]
        body = {"action": action} if after is None else {"action": action, "after": after}
        return json.dumps(body).encode(), action if recipe[2] in ("fresh", "none") else None
    if kind == "past" and past:
        action = past[recipe[1] % len(past)]
        return json.dumps({"action": action}).encode(), action if action in as_json else None
    if kind == "forged" or (kind in ("legal", "past") and not as_json):
        other = session.state.sample_hidden(session.seat, Rng(rng.randrange(1 << 30)))
        moves = [session.engine.action_to_json(session.rules, a) for a in other.legal_actions()]
        action = moves[rng.randrange(len(moves))] if moves else {"type": "pass", "player": 2}
        action = {**action, "player": 2} if rng.random() < 0.3 else action
        return json.dumps({"action": action}).encode(), action if action in as_json and "player" not in action \
            else None
    if kind == "mutated":
        base = (as_json or past or [{"type": "pass"}])[recipe[1] % len(as_json or past or [1])]
        action = _mutate(base, recipe[2], recipe[3])
        text = json.dumps({"action": action}, allow_nan=False)
        return text.encode("utf-8", "surrogatepass"), action if action in as_json else None
    if kind == "json":
        text = json.dumps(recipe[1], allow_nan=False)
        return text.encode("utf-8", "surrogatepass"), None
    if kind == "deep":
        depth, opener = recipe[1], recipe[2]
        closer = b"]" if opener == "[" else b"}"
        return opener.encode() * depth + b"1" + closer * depth, None
    return recipe[1] if kind == "bytes" else DEEP, None


def _request(method: str, path: str, port: int, body: bytes, length: str, kind: str | None,
             origin: str | None) -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
    if kind is not None:
        head += f"Content-Type: {kind}\r\n"
    if origin is not None:
        head += f"Origin: {origin.format(self=f'http://127.0.0.1:{port}')}\r\n"
    if method in ("POST", "PUT") or length != "right":
        size = {"right": str(len(body)), "missing": None, "-1": "-1", "garbage": "1x2", "zero": "0",
                "short": str(max(0, len(body) // 2)), "huge": str(10 ** 9)}[length]
        if size is not None:
            head += f"Content-Length: {size}\r\n"
    return head.encode() + b"\r\n" + (body if method in ("POST", "PUT") else b"")


def _takes(method, path, length, kind, origin, body_ok: bool, action) -> bool:
    """Whether the server must play this request's action."""
    json_kind = kind is not None and kind.startswith("application/json")
    return (method == "POST" and path == "/act" and length == "right" and json_kind and origin in (None, "{self}")
            and body_ok and action is not None)


def run_play_case(fuzz, table: Table, case: list[tuple], capfd) -> None:
    broken: list[str] = []
    rng = random.Random(repr(case))
    for method, path, recipe, length, kind, origin, game in case:
        session, server = table.get(game)
        port = server.httpd.server_address[1]
        body, action = _body(recipe, session, table.past[game], rng)
        request = _request(method, path, port, body, length, kind, origin)
        takes = _takes(method, path, length, kind, origin, True, action)
        played = len(session.actions)
        seen = session.state.observation(1)
        if not takes and method == "POST":  # the same refusal whatever the hidden cards are
            real = session.state
            with session.lock:
                session.state = real.sample_hidden(1, Rng(rng.randrange(1 << 30)))
            try:
                other = raw(port, request)
            finally:
                with session.lock:
                    session.state = real
        try:
            status, answer = raw(port, request)
        except OSError as e:
            broken.append(f"{method} {path} {recipe!r:.200}: no answer: {type(e).__name__}: {e}")
            continue
        what = f"{method} {path} {length} {kind} {origin} {recipe!r:.300}"
        if status is None:
            broken.append(f"{what}: no status line")
        elif takes:
            table.outcomes["played"] += 1
            if status != 200 or len(session.actions) <= played or \
                    session.engine.action_to_json(session.rules, session.actions[played]) != action:
                broken.append(f"{what}: a legal, fresh action was not played as posted ({status}: {answer[:200]!r})")
        elif method == "POST":
            table.outcomes["refused"] += 1
            if not 400 <= status < 500:
                broken.append(f"{what}: answered {status} to what it must refuse: {answer[:200]!r}")
            if len(session.actions) != played or session.state.observation(1) != seen:
                broken.append(f"{what}: a refused request changed the game")
            if other != (status, answer):
                broken.append(f"{what}: the refusal differs with the hidden cards dealt again: {answer[:200]!r} / "
                              f"{other[1][:200]!r}")
        elif method == "PUT" and not 400 <= status < 500:
            broken.append(f"{what}: answered {status} to a PUT")
        if session.state.current_player() == session.seat:
            table.past[game] += [session.engine.action_to_json(session.rules, a)
                                 for a in session.state.legal_actions()[:20]]
        status, _ = raw(port, f"GET /state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        if status != 200:
            broken.append(f"after {what} the state was answered {status}")
    err = capfd.readouterr().err
    if "Traceback" in err or "Error" in err:
        broken.append("printed: " + err[-1500:])
    sys.stderr.flush()
    fuzz.judge("play", f"{len(case)} request(s): {case!r}"[:1500], broken, None)


def test_the_play_server_refuses_hostile_requests_and_plays_only_legal_fresh_actions(fuzz, table, capfd):
    found = fuzz.explore("play", requests, lambda case: run_play_case(fuzz, table, case, capfd))
    assert not found, "\n".join(map(str, found))
    assert table.outcomes["played"] > 0 and table.outcomes["refused"] > 0, table.outcomes
