"""A local web server for `build --watch --serve`: the output folder over HTTP on this machine only, with pages
that reload themselves when the watch rewrites them.

A page opened from a file (file://) may not ask whether a file changed (browsers forbid it), so the server adds to
every HTML page it sends a small script that asks `/__pnpgen/status` twice a second for the watch's version: the
page reloads when the version moves, and shows the errors of a save that does not build over the page until a
save builds again. The files on disk stay exactly as `pnpgen build` writes them.
"""

from __future__ import annotations

import errno
import json
import os
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .errors import PnpgenError

HOST = "127.0.0.1"  # loopback only: nobody else on the network sees the kit
STATUS = "/__pnpgen/status"
RELOAD_SCRIPT = """<script>
(function () {
  var seen = null, box = null;
  function show(lines) {
    if (!lines.length) { if (box) { box.remove(); box = null; } return; }
    if (!box) {
      box = document.createElement("pre");
      box.style.cssText = "position:fixed;left:0;right:0;top:0;margin:0;padding:1em;max-height:50vh;overflow:auto;" +
        "background:#fff0f0;color:#900;border-bottom:3px solid #c00;font:13px monospace;white-space:pre-wrap;z-index:9";
      document.body.appendChild(box);
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
""".replace("STATUS_PATH", STATUS)


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


class _Handler(SimpleHTTPRequestHandler):
    live: LiveState

    def __init__(self, *args, live: LiveState, **kwargs):
        self.live = live
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        path = self.path.split("?", 1)[0]
        if path == STATUS:
            self._send(200, "application/json", self.live.status())
            return
        if path == "/" and self.live.home:
            self.send_response(302)
            self.send_header("Location", "/" + self.live.home)
            self.end_headers()
            return
        local = Path(self.translate_path(path))
        for _ in range(6):  # the folder is being swapped for a new one: wait for it
            if local.exists():
                break
            time.sleep(0.05)
        if local.suffix == ".html" and local.is_file():
            try:
                page = local.read_bytes()
            except OSError:
                self.send_error(404)
                return
            script = RELOAD_SCRIPT.encode("utf-8")
            body = page.replace(b"</body>", script + b"</body>", 1) if b"</body>" in page else page + script
            self._send(200, "text/html; charset=utf-8", body)
            return
        super().do_GET()

    def _send(self, code: int, kind: str, body: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # a reload must fetch the new SVGs, never cached ones
        super().end_headers()

    def log_message(self, *_args) -> None:  # quiet: the watch's own lines are what the terminal shows
        pass


class LiveServer:
    """Serves a folder on the loopback address in a thread of its own."""

    def __init__(self, folder: Path, port: int, live: LiveState):
        self.folder = Path(os.path.abspath(folder))
        self.live = live
        self.folder.mkdir(parents=True, exist_ok=True)
        handler = partial(_Handler, directory=str(self.folder), live=live)
        try:
            self.httpd = ThreadingHTTPServer((HOST, port), handler)
        except OSError as e:
            why = "it is in use" if e.errno == errno.EADDRINUSE else (e.strerror or str(e))
            raise PnpgenError(f"--port {port}: cannot serve on {HOST}:{port} ({why}); choose another port "
                              "with --port (0 picks a free one)") from None
        self.httpd.daemon_threads = True
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
