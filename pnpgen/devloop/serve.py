"""A local web server for `build --watch --serve`: the kits pnpgen wrote, over HTTP on this machine only, with
pages that reload themselves when the watch rewrites them.

It answers only requests that name it by a loopback name (127.0.0.1, localhost, [::1]) and its port, so a web page
that rebinds its own name to 127.0.0.1 is refused; it serves only the files each kit folder's marker lists as
written by pnpgen, as plain files inside that folder (no links, no strays, no folder listings); '/' leads to the
contact sheet (or, before the first build, to a page linking each kit's sheet). A client that hangs up is no error.

A page opened from a file (file://) may not ask whether a file changed (browsers forbid it), so the server adds to
every HTML page it sends a small script that asks `/__pnpgen/status` twice a second for the watch's version: the
page reloads when the version moves, and shows the errors of a save that does not build over the page until a
save builds again. The files on disk stay exactly as `pnpgen build` writes them.
"""

from __future__ import annotations

import errno
import html
import json
import mimetypes
import os
import sys
import threading
import time
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, unquote

from ..errors import PnpgenError
from ..files.atomic import listed_files
from .bodies import BadRequest, declared_length, drain

HOST = "127.0.0.1"  # loopback only: nobody else on the network sees the kit
STATUS = "/__pnpgen/status"
# the red box of problems over the page: fixed at the top, above anything the page draws
BOX_STYLE = ("position:fixed;left:0;right:0;top:0;margin:0;padding:1em;max-height:50vh;overflow:auto;"
             "background:#fff0f0;color:#900;border-bottom:3px solid #c00;font:13px monospace;white-space:pre-wrap;"
             "z-index:2147483647")
RELOAD_SCRIPT = """<script>
(function () {
  var seen = null, box = document.getElementById("pnpgen-problems");
  function show(lines) {
    if (!lines.length) { if (box) { box.remove(); box = null; } return; }
    if (!box) {
      box = document.createElement("pre");
      box.id = "pnpgen-problems";
      box.style.cssText = "BOX_STYLE";
      (document.body || document.documentElement).appendChild(box);
    }
    box.textContent = lines.join("\\n");
  }
  function poll() {
    fetch("STATUS_PATH", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (s) {
      if (seen !== null && s.version !== seen) { location.reload(); return; }
      seen = s.version;
      show(s.problems);
      setTimeout(poll, 500);
    }).catch(function () { setTimeout(poll, 1000); });
  }
  poll();
})();
</script>
""".replace("STATUS_PATH", STATUS).replace("BOX_STYLE", BOX_STYLE)


class LiveState:
    """What the pages are told: the version of the output (moved on by every rewrite) and the current problems."""

    def __init__(self):
        self.lock = threading.Lock()
        self.version = 0
        self.problems: tuple[str, ...] = ()
        self.home = ""  # the page '/' leads to ('narrow-seas/index.html')

    def rewritten(self, problems: tuple[str, ...] = ()) -> None:
        """The output changed: pages reload, then show these problems (none: a clean build)."""
        with self.lock:
            self.version += 1
            self.problems = tuple(problems)

    def failed(self, problems: tuple[str, ...]) -> None:
        """A save did not build: pages keep what they show and list the problems over it."""
        with self.lock:
            self.problems = tuple(problems)

    def status(self) -> bytes:
        """The status the pages poll, as JSON."""
        with self.lock:
            return json.dumps({"version": self.version, "problems": list(self.problems)}).encode("utf-8")


ALLOWED_HOSTS = ("127.0.0.1", "localhost", "[::1]")  # names a page on this machine reaches the server by
DROPPED = (ConnectionResetError, BrokenPipeError, ConnectionAbortedError, TimeoutError)  # a browser gave up
BACKLOG = 128  # connections waiting to be answered: a reload fetches a page and its pictures at once


def host_allowed(headers, port: int) -> bool:
    """Whether a request names a server by a loopback name and its port (a page that rebound its own name to
    127.0.0.1 still sends its own name: DNS rebinding is refused here)."""
    host = (headers.get("Host") or "").strip().lower()
    return host in {f"{name}:{port}" for name in ALLOWED_HOSTS}


class LoopbackServer(ThreadingHTTPServer):
    request_queue_size = BACKLOG
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        """A client that hung up is no error (a browser drops pictures in flight on every reload)."""
        if isinstance(sys.exc_info()[1], DROPPED + (OSError,)):
            return
        super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    """Answers GET and HEAD: the status, the contact sheets, and the files of the kits pnpgen wrote, nothing else."""

    live: LiveState
    folder: Path

    def __init__(self, *args, folder: Path, live: LiveState, **kwargs):
        self.folder, self.live = folder, live
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        self._answer(body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        self._answer(body=False)

    def do_POST(self) -> None:  # noqa: N802
        """The preview takes no bodies: 405 (403 to a foreign name), the body left unread, the connection closed."""
        self.close_connection = True
        drain(self)
        if not self._host_allowed():
            self._send(403, "text/plain; charset=utf-8", b"pnpgen answers only to 127.0.0.1, localhost and [::1]\n")
            return
        self._send(405, "text/plain; charset=utf-8", b"the preview only answers GET and HEAD\n", allow="GET, HEAD")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_POST  # noqa: N815

    def handle(self) -> None:
        try:
            super().handle()
        except DROPPED:
            pass

    def _answer(self, body: bool) -> None:
        try:
            declared_length(self.headers)
        except BadRequest as e:
            self.close_connection = True
            drain(self)
            self._send(e.status, "text/plain; charset=utf-8", f"{e.message}\n".encode(), body)
            return
        if not self._host_allowed():
            self._send(403, "text/plain; charset=utf-8", b"pnpgen answers only to 127.0.0.1, localhost and [::1]\n",
                       body)
            return
        path = unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        if path == STATUS:
            self._send(200, "application/json", self.live.status(), body)
            return
        if path == "/":
            if self.live.home:
                self._redirect("/" + self.live.home)
            else:
                self._send(200, "text/html; charset=utf-8", self._with_script(self._index()), body)
            return
        local = self._kit_file(path.lstrip("/"))
        if local is None and path.endswith("/") and self._kit_file(path.lstrip("/") + "index.html") is not None:
            self._redirect(path + "index.html")
            return
        if local is None:
            self._send(404, "text/plain; charset=utf-8", b"not a file of a kit pnpgen wrote here\n", body)
            return
        try:
            data = local.read_bytes()
        except OSError:
            self._send(404, "text/plain; charset=utf-8", b"not found\n", body)
            return
        if local.suffix == ".html":
            self._send(200, "text/html; charset=utf-8", self._with_script(data), body)
            return
        kind = mimetypes.guess_type(local.name)[0] or "application/octet-stream"
        self._send(200, kind, data, body)

    def _host_allowed(self) -> bool:
        return host_allowed(self.headers, self.server.server_address[1])

    def _kit_file(self, rel: str) -> Path | None:
        """The file at a path inside a kit folder pnpgen wrote (`GAME/...`, listed in that folder's marker), as a
        plain file that resolves inside it; None for anything else (folders, strays, links, other places)."""
        parts = rel.split("/")
        if len(parts) < 2 or any(p in ("", ".", "..") or "\\" in p or "\0" in p for p in parts):
            return None
        kit = self.folder / parts[0]
        inner = "/".join(parts[1:])
        for _ in range(6):  # the folder is being swapped for a new one: wait for it
            listed = kit_files(kit)
            if listed is not None and inner in listed:
                break
            time.sleep(0.05)
        else:
            return None
        local = kit.joinpath(*parts[1:])
        try:
            here = kit.resolve(strict=True)
            real = local.resolve(strict=True)
            steps = [kit.joinpath(*parts[1:k]) for k in range(2, len(parts) + 1)]  # each folder on the way, and it
            plain = not any(p.is_symlink() for p in (kit, *steps))
        except OSError:
            return None
        if not plain or not real.is_relative_to(here) or not real.is_file():
            return None
        return local

    def _index(self) -> bytes:
        """A page linking the contact sheet of each kit in the folder (before the first build has said which)."""
        links = []
        try:
            names = sorted(p.name for p in self.folder.iterdir() if p.is_dir() and not p.is_symlink())
        except OSError:
            names = []
        for name in names:
            if "index.html" in (kit_files(self.folder / name) or ()):
                quoted = html.escape(quote(name))
                links.append(f'<li><a href="/{quoted}/index.html">{html.escape(name)}</a></li>')
        items = "\n".join(links) or "<li>No kit yet: the first build is under way; this page reloads when it is "\
                                   "written.</li>"
        return (f"<!doctype html><html><head><meta charset='utf-8'><title>pnpgen</title></head><body>"
                f"<h1>Contact sheets</h1><ul>\n{items}\n</ul></body></html>\n").encode()

    def _with_script(self, page: bytes) -> bytes:
        """The page with the problems of the last save already in it (so they show the moment it opens), then
        the script that keeps them and the page up to date."""
        problems = self.live.problems
        box = (f'<pre id="pnpgen-problems" style="{BOX_STYLE}">{html.escape(chr(10).join(problems))}</pre>'
               if problems else "")
        script = (box + RELOAD_SCRIPT).encode("utf-8")
        return page.replace(b"</body>", script + b"</body>", 1) if b"</body>" in page else page + script

    def _redirect(self, where: str) -> None:
        self.send_response(302)
        self.send_header("Location", quote(where))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _send(self, code: int, kind: str, data: bytes, body: bool = True, allow: str = "") -> None:
        self.send_response(code)
        if allow:
            self.send_header("Allow", allow)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # a reload must fetch the new SVGs, never cached ones
        super().end_headers()

    def log_message(self, *_args) -> None:  # quiet: the watch's own lines are what the terminal shows
        pass


def kit_files(kit: Path) -> set[str] | None:
    """The files pnpgen lists as written in a kit folder (its marker), or None when it is not one."""
    return listed_files(kit)


def loopback_server(port: int, handler) -> LoopbackServer:
    """A server on the loopback address and `port` (0: any free one); a PnpgenError when it cannot listen there."""
    try:
        return LoopbackServer((HOST, port), handler)
    except OSError as e:
        why = "it is in use" if e.errno == errno.EADDRINUSE else (e.strerror or str(e))
        raise PnpgenError(f"--port {port}: cannot serve on {HOST}:{port} ({why}); choose another port "
                          "with --port (0 picks a free one)") from None


class LiveServer:
    """Serves a folder on the loopback address in a thread of its own."""

    def __init__(self, folder: Path, port: int, live: LiveState):
        self.folder = Path(os.path.abspath(folder))
        self.live = live
        self.folder.mkdir(parents=True, exist_ok=True)
        self.httpd = loopback_server(port, partial(_Handler, folder=self.folder, live=live))
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="pnpgen-serve", daemon=True)

    @property
    def url(self) -> str:
        """The address to open."""
        return f"http://{HOST}:{self.httpd.server_address[1]}/"

    def start(self) -> LiveServer:
        """Start answering."""
        self.thread.start()
        return self

    def close(self) -> None:
        """Stop answering and free the port."""
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *_exc) -> None:
        self.close()
