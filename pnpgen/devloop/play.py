"""`pnpgen play`: a person plays one seat of a game against the bundled agents, in a page served on this machine.

The session holds the game (its engine, its rules, the seeded state and every action so far); the agents play the
other seats until it is the person's turn. The page shows the position as the person's seat sees it (others'
hands face down), the legal actions as buttons, and what each player did; the game so far downloads as a
playtest log that `pnpgen replay` reads. The server answers on the loopback address only, to requests that name
it so (as the preview does), and takes actions only as JSON posted from its own page.
"""

from __future__ import annotations

import html
import json
import threading
from functools import partial
from http.server import BaseHTTPRequestHandler

from ..components.scene import Pictures, picture
from ..engine.api import TERMINAL
from ..engine.rng import AgentRng
from ..errors import PnpgenError
from ..files.paths import bundled_name
from ..model import Game
from ..sim.playout import AGENT_SEED, AgentOptions, Table
from .serve import DROPPED, HOST, host_allowed, loopback_server

MOST_DECISIONS = 100_000  # the agents' decisions between two of the person's: past it, the game is left unfinished


class Session:
    """One game: the person's seat, the agents in the others, the state and the actions played so far."""

    def __init__(self, content: Game, seat: int, agent: str, players: int | None = None, seed: int = 1,
                 options: AgentOptions = ()):
        self.table = Table(content, players, options=options)
        self.engine, self.rules = self.table.engine, self.table.rules
        n = self.table.num_players
        if not 1 <= seat <= n:
            raise PnpgenError(f"--seat: expected a seat from 1 to {n}, got {seat}")
        self.seat, self.agent = seat, agent
        self.agents = self.table.agents(tuple(agent for _ in range(n)))  # the person's seat never asks its agent
        self.state = self.rules.new_initial_state(seed)
        self.start = self.state.clone()
        self.seed = seed
        self.rng = AgentRng(seed ^ AGENT_SEED)
        self.actions: list = []
        self.lines: list[str] = []
        self.pictures = Pictures(content)
        self.title = f"{content.title}: you are player {seat}, against {agent}"
        self.lock = threading.Lock()
        self._agents_play()

    def _play(self, action) -> None:
        who = self.state.current_player()
        said = f"{self.engine.status(self.state)}: {self.engine.describe_action(self.rules, action)}"
        self.state.apply(action)
        self.actions.append(action)
        self.lines.append(f"{len(self.actions)}. {'you' if who == self.seat else f'player {who}'}: {said}")

    def _agents_play(self) -> None:
        """The agents' moves until it is the person's turn, the game is over, or the round budget is spent."""
        for _ in range(MOST_DECISIONS):
            player = self.state.current_player()
            if player in (TERMINAL, self.seat) or self.unfinished:
                return
            self._play(self.agents[player - 1](self.state, self.rng))

    @property
    def unfinished(self) -> bool:
        """Whether the game ran past the simulator's round budget (not a rule: it stops there)."""
        return not self.state.is_terminal() and self.state.round > self.table.max_rounds

    def view(self) -> dict:
        """What the page shows: the picture as the person's seat sees it, the legal actions when it is their
        turn, what was played, and whether the game is over."""
        mine = self.state.current_player() == self.seat and not self.unfinished
        legal = [self.engine.describe_action(self.rules, a) for a in self.state.legal_actions()] if mine else []
        over = self.state.is_terminal() or self.unfinished
        return {"title": self.title, "status": self.engine.status(self.state), "your_turn": mine,
                "legal": legal, "over": over, "lines": self.lines[-40:], "played": len(self.actions),
                "picture": picture(self.engine, self.state, self.title, (), self.pictures, self.seat).decode("utf-8")}

    def act(self, index: int) -> None:
        """Play the person's `index`-th legal action, then the agents' moves after it."""
        if self.state.current_player() != self.seat or self.unfinished:
            raise PnpgenError("it is not your turn")
        legal = self.state.legal_actions()
        if not 0 <= index < len(legal):
            raise PnpgenError(f"no legal action {index} (there are {len(legal)})")
        self._play(legal[index])
        self._agents_play()

    def log(self) -> str:
        """The game so far as a playtest log."""
        ref = bundled_name(self.rules.content.root) or str(self.rules.content.root)
        header = f"# pnpgen play: player {self.seat} a person, the others {self.agent}; seed {self.seed}\n"
        return self.engine.write_log(self.start, self.actions, game_ref=ref, header=header)


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>TITLE</title>
<style>
body{margin:0;display:flex;font:14px sans-serif;height:100vh}
#side{width:34%;display:flex;flex-direction:column;border-right:1px solid #ccc}
#side>*{margin:0;padding:.6em 1em}
#actions{overflow:auto;flex:1}
#actions button{display:block;width:100%;text-align:left;margin:.2em 0;padding:.4em;font:13px sans-serif}
#lines{overflow:auto;max-height:35vh;font:12px monospace;white-space:pre-wrap;border-top:1px solid #ccc}
#picture{flex:1;overflow:auto}#picture svg{width:100%;height:auto}
</style></head><body>
<div id="side"><h1 style="font-size:16px">TITLE</h1><p id="status"></p><div id="actions"></div>
<p><a id="log" href="/log.yaml" download="playtest.yaml">the game so far, as a playtest log</a></p>
<div id="lines"></div></div>
<div id="picture"></div>
<script>
(function () {
  var auto = /[?&]autoplay=1/.test(location.search);
  function show(v) {
    document.getElementById("status").textContent = v.over ? "Game over: " + v.status : v.status;
    document.getElementById("picture").innerHTML = v.picture;
    document.getElementById("lines").textContent = v.lines.join("\\n");
    var box = document.getElementById("actions");
    box.innerHTML = "";
    v.legal.forEach(function (text, i) {
      var b = document.createElement("button");
      b.textContent = text;
      b.onclick = function () { act(i); };
      box.appendChild(b);
    });
    document.body.setAttribute("data-state", v.over ? "over" : v.your_turn ? "your-turn" : "waiting");
    document.body.setAttribute("data-played", v.played);
    if (auto && v.your_turn && v.legal.length) {  /* a test plays a random seat through the page itself */
      setTimeout(function () { box.children[Math.floor(Math.random() * v.legal.length)].click(); }, 0);
    }
  }
  function act(i) {
    fetch("/act", {method: "POST", headers: {"Content-Type": "application/json"},
                   body: JSON.stringify({action: i})})
      .then(function (r) { return r.json(); }).then(show);
  }
  fetch("/state", {cache: "no-store"}).then(function (r) { return r.json(); }).then(show);
})();
</script></body></html>
"""


class _Handler(BaseHTTPRequestHandler):
    """The page, the state as JSON, the log; a posted action. Nothing else, and only by a loopback name."""

    def __init__(self, *args, session: Session, **kwargs):
        self.session = session
        super().__init__(*args, **kwargs)

    def handle(self) -> None:
        try:
            super().handle()
        except DROPPED:
            pass

    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        if not self._allowed():
            return
        path = self.path.split("?", 1)[0]
        with self.session.lock:
            if path == "/":
                page = PAGE.replace("TITLE", html.escape(self.session.title))
                self._send(200, "text/html; charset=utf-8", page.encode("utf-8"))
            elif path == "/state":
                self._send(200, "application/json", json.dumps(self.session.view()).encode("utf-8"))
            elif path == "/log.yaml":
                self._send(200, "text/yaml; charset=utf-8", self.session.log().encode("utf-8"))
            else:
                self._send(404, "text/plain; charset=utf-8", b"not found\n")

    def do_POST(self) -> None:  # noqa: N802
        if not self._allowed():
            return
        origin = self.headers.get("Origin")
        port = self.server.server_address[1]
        if self.path != "/act" or not (self.headers.get("Content-Type") or "").startswith("application/json") or \
                (origin is not None and not host_allowed({"Host": origin.split("//", 1)[-1]}, port)):
            self._send(403, "text/plain; charset=utf-8", b"actions come as JSON from the page itself\n")
            return
        try:
            body = json.loads(self.rfile.read(min(int(self.headers.get("Content-Length") or 0), 10_000)))
            index = body["action"]
            if not isinstance(index, int) or isinstance(index, bool):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            self._send(400, "text/plain; charset=utf-8", b'expected {"action": N}\n')
            return
        with self.session.lock:
            try:
                self.session.act(index)
            except PnpgenError as e:
                self._send(409, "text/plain; charset=utf-8", f"{e}\n".encode())
                return
            self._send(200, "application/json", json.dumps(self.session.view()).encode("utf-8"))

    def _allowed(self) -> bool:
        if host_allowed(self.headers, self.server.server_address[1]):
            return True
        self._send(403, "text/plain; charset=utf-8", b"pnpgen answers only to 127.0.0.1, localhost and [::1]\n")
        return False

    def _send(self, code: int, kind: str, data: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *_args) -> None:
        pass


class PlayServer:
    """A session served on the loopback address in a thread of its own."""

    def __init__(self, session: Session, port: int = 0):
        self.httpd = loopback_server(port, partial(_Handler, session=session))
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="pnpgen-play", daemon=True)

    @property
    def url(self) -> str:
        """The address to open."""
        return f"http://{HOST}:{self.httpd.server_address[1]}/"

    def __enter__(self) -> PlayServer:
        self.thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)
