"""The play page's server: the page, the position as JSON, the log once the game is over, and what the page posts
(an action, a question whether one is legal, taking one back, the agents' reply, the hot-seat hand-over).

It answers on the loopback address only, to requests that name it so (as the preview does), and takes actions
only as JSON posted from its own page: a body of bounded length and depth, with its length stated (see bodies.py).
Whatever it refuses is answered with a 4xx and a sentence; it goes on serving.
"""

from __future__ import annotations

import html
import json
import threading
from functools import partial
from http.server import BaseHTTPRequestHandler

from .bodies import BadRequest, declared_length, drain, read_json
from .play import Refused, Session
from .play_page import PAGE
from .serve import DROPPED, HOST, host_allowed, loopback_server

MOST_BODY = 64_000  # bytes of a posted action: the largest the page sends is a few hundred
GET_ROUTES = ("/", "/state", "/log.yaml")  # everything the server answers a GET with (the tests walk them all)
# what may be posted, each with the keys its JSON object must hold: play an action; ask whether one is legal and
# why not; why no action goes to a spot of the picture; take back the seat's last action; let the agents reply;
# hand the page to the next seat (hot-seat)
POST_ROUTES = {"/act": ("action",), "/why": ("action",), "/why_here": ("spot",), "/undo": (), "/advance": (),
               "/seat": ("seat",)}
TEXT = "text/plain; charset=utf-8"
BODY_SECONDS = 5.0


class _Handler(BaseHTTPRequestHandler):
    """The page, the state as JSON, the log; a posted action. Nothing else, and only by a loopback name."""

    timeout = BODY_SECONDS  # a client that announces more than it sends is answered 408, not waited for

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
        session = self.session
        with session.lock:
            if path == "/":
                page = PAGE.replace("TITLE", html.escape(session.title))
                self._send(200, "text/html; charset=utf-8", page.encode("utf-8"))
            elif path == "/state":
                self._send(200, "application/json", json.dumps(session.view()).encode("utf-8"))
            elif path == "/log.yaml":
                try:
                    self._send(200, "text/yaml; charset=utf-8", session.log().encode("utf-8"))
                except Refused as e:
                    self._send(e.status, TEXT, f"{e}\n".encode())
            else:
                self._send(404, TEXT, b"not found\n")

    def do_POST(self) -> None:  # noqa: N802
        if not self._allowed():
            return
        origin = self.headers.get("Origin")
        port = self.server.server_address[1]
        if self.path not in POST_ROUTES or \
                not (self.headers.get("Content-Type") or "").startswith("application/json") or \
                (origin is not None and not host_allowed({"Host": origin.split("//", 1)[-1]}, port)):
            self._refuse(403, "the play page takes JSON posted from the page itself to " + ", ".join(POST_ROUTES))
            return
        try:
            body = read_json(self, MOST_BODY)
        except BadRequest as e:
            self._refuse(e.status, e.message)
            return
        wants = POST_ROUTES[self.path]
        if not isinstance(body, dict) or any(key not in body for key in wants) or \
                any(not _whole(body.get(key)) for key in ("after", "seat") if key in body):
            self._refuse(400, f"expected a JSON object with {', '.join(wants) or 'nothing'}" +
                         (" (the action as its JSON; after: the number of actions played when it was offered)"
                          if "action" in wants else ""))
            return
        session = self.session
        with session.lock:
            try:
                if self.path == "/act":
                    session.act(body["action"], body.get("after"))
                elif self.path == "/why":
                    self._send(200, "application/json", json.dumps(session.why(body["action"])).encode("utf-8"))
                    return
                elif self.path == "/why_here":
                    answer = session.why_here(body["spot"], body.get("picks", []))
                    self._send(200, "application/json", json.dumps(answer).encode("utf-8"))
                    return
                elif self.path == "/undo":
                    session.undo()
                elif self.path == "/seat":
                    session.take_seat(body["seat"])
                else:
                    session.advance()
            except Refused as e:
                self._send(e.status, TEXT, f"{e}\n".encode())
                return
            self._send(200, "application/json", json.dumps(session.view()).encode("utf-8"))

    def do_PUT(self) -> None:  # noqa: N802
        self._refuse(405, "the play page takes GET, and POST to " + ", ".join(POST_ROUTES))

    do_DELETE = do_PATCH = do_OPTIONS = do_PUT  # noqa: N815

    def _allowed(self) -> bool:
        try:
            declared_length(self.headers)
        except BadRequest as e:
            self._refuse(e.status, e.message)
            return False
        if host_allowed(self.headers, self.server.server_address[1]):
            return True
        self._refuse(403, "pnpgen answers only to 127.0.0.1, localhost and [::1]")
        return False

    def _refuse(self, code: int, message: str) -> None:
        """Answer with a status and a sentence, and close the connection (a body left unread is not a request)."""
        self.close_connection = True
        drain(self)
        self._send(code, TEXT, f"{message}\n".encode())

    def _send(self, code: int, kind: str, data: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *_args) -> None:
        pass


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
