"""The live preview's server is safe to leave running: it answers only to loopback names, serves only the files of
the kits pnpgen wrote, lists no folder, and takes dropped and concurrent clients quietly."""

from __future__ import annotations

import http.client
import os
import socket
import struct
import threading
import urllib.request
from pathlib import Path

import pytest

from pnpgen.devloop.serve import BACKLOG, RELOAD_SCRIPT, LiveServer, LiveState
from pnpgen.files.atomic import write_atomically

WAIT = 10


@pytest.fixture
def served(tmp_path: Path):
    """A server over an output folder holding one kit ('g') that pnpgen wrote, and a stray file beside it."""
    out = tmp_path / "out"
    write_atomically(out / "g", {"index.html": b"<html><body><p>kit</p></body></html>", "svg/a.svg": b"<svg/>"})
    (out / "stray.txt").write_text("not pnpgen's", encoding="utf-8")
    live = LiveState()
    with LiveServer(out, 0, live) as server:
        yield server, out, live


def ask(server: LiveServer, path: str, host: str | None = None, method: str = "GET") -> tuple[int, dict, bytes]:
    """(status, headers, body) of one request, with the Host header given (None: the server's own address)."""
    port = server.httpd.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    conn.putrequest(method, path, skip_host=True)
    if host != "":
        conn.putheader("Host", host if host is not None else f"127.0.0.1:{port}")
    conn.endheaders()
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, dict(response.getheaders()), body


def test_only_loopback_names_with_the_servers_port_are_answered(served):
    server, _out, _live = served
    port = server.httpd.server_address[1]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"[::1]:{port}"):
        assert ask(server, "/g/index.html", host)[0] == 200, host
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}", "localhost",
                 f"127.0.0.1.evil.example:{port}", ""):
        status, _headers, body = ask(server, "/g/index.html", host)
        assert status == 403 and b"only to 127.0.0.1, localhost and [::1]" in body, host
        assert ask(server, "/__pnpgen/status", host)[0] == 403, host  # the errors are not read either
        assert ask(server, "/g/index.html", host, "HEAD")[0] == 403, host


def test_only_the_files_pnpgen_wrote_are_served(served):
    server, out, _live = served
    assert ask(server, "/g/svg/a.svg")[2] == b"<svg/>"
    assert ask(server, "/g/svg/a.svg")[1]["Content-Type"] == "image/svg+xml"
    (out / "g" / "svg" / "extra.svg").write_text("<svg>stray</svg>", encoding="utf-8")
    (out / "g" / "svg" / "link.svg").symlink_to("/etc/passwd")
    (out / "g" / "up").symlink_to(out.parent)
    for path in ("/stray.txt", "/g/svg/extra.svg", "/g/svg/link.svg", "/g/up/out/stray.txt", "/g/.pnpgen-output",
                 "/g/../stray.txt", "/g/%2e%2e/stray.txt", "/../../etc/passwd", "/g/svg", "/g/svg/",
                 "/etc/passwd", "//etc/passwd", "/g/svg/a.svg/", "/g\\svg\\a.svg"):
        status, _headers, body = ask(server, path)
        assert status == 404 and b"root:" not in body and b"stray" not in body, (path, status, body)
    os.remove(out / "g" / "svg" / "a.svg")
    (out / "g" / "svg" / "a.svg").symlink_to("/etc/passwd")  # a listed file replaced by a link: refused
    assert ask(server, "/g/svg/a.svg")[0] == 404
    assert ask(server, "/g/svg/a.svg", method="HEAD")[0] == 404


def test_folders_are_not_listed_and_the_root_leads_to_the_contact_sheet(served):
    server, _out, live = served
    status, headers, body = ask(server, "/")
    assert status == 200 and b'<a href="/g/index.html">g</a>' in body and RELOAD_SCRIPT.encode() in body
    assert b"stray" not in body  # only kits are linked
    status, headers, _body = ask(server, "/g/")
    assert status == 302 and headers["Location"] == "/g/index.html"
    live.home = "g/index.html"  # once a build has said which kit it writes
    status, headers, _body = ask(server, "/")
    assert status == 302 and headers["Location"] == "/g/index.html"


def _reset(port: int, request: bytes) -> None:
    """Connect, send part of a request and hang up abruptly (a reset, as a browser dropping a picture does)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.sendall(request)
    s.close()


def test_dropped_and_concurrent_clients_print_nothing_and_are_all_answered(served, capfd):
    server, _out, _live = served
    port = server.httpd.server_address[1]
    assert server.httpd.request_queue_size == BACKLOG >= 128
    requests = [b"GET /g/svg/a.svg HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port, b"GET /g/in", b""]
    dropped = 0
    for k in range(120):
        _reset(port, requests[k % 3])
        dropped += 1
    answers: list[int] = []
    lock = threading.Lock()

    def fetch() -> None:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/g/svg/a.svg", timeout=WAIT) as r:
            r.read()
            with lock:
                answers.append(r.status)
    threads = [threading.Thread(target=fetch) for _ in range(200)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(WAIT * 3)
    assert dropped == 120 and answers == [200] * 200
    assert ask(server, "/g/index.html")[0] == 200  # still answering
    captured = capfd.readouterr()
    assert "Traceback" not in captured.err and "Exception" not in captured.err, captured.err[:2000]
