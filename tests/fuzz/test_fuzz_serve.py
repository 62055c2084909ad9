"""Fuzz the live preview's server and the CSV export.

serve: raw requests (any method, path, query, encoding, Host header or none, dropped half-way, reset, many at once)
to a server over an output folder that holds a kit pnpgen wrote, stray files, and links to a secret outside it. The
promise: a request that does not name the server by a loopback name and its port gets 403; nothing but the kit's
listed files, the status, the root page and redirects comes back with 200, and a file comes back as its bytes; the
secret and the strays never; no traceback is printed; the server answers a plain request after every case.

export: cards with hostile names and texts (formula-leading ones among them) written by export-cards and read back:
no cell a spreadsheet would run as a formula, the same cards, the same bytes when exported again.
"""

from __future__ import annotations

import csv
import http.client
import io
import socket
import struct
import sys
import threading
from pathlib import Path

import pytest
from fuzz_mutations import nasty_text
from hypothesis import strategies as st

from pnpgen.devloop.serve import LiveServer, LiveState
from pnpgen.files.atomic import write_atomically
from pnpgen.load.cardsheet import cards_csv
from pnpgen.load.loader import load_game
from pnpgen.source.sheets import FORMULA, PLAIN_NUMBER

SECRET = b"SECRET-7d1f"
STRAY = b"STRAY-51c2"
KIT = {"index.html": b"<html><body><p>kit</p></body></html>", "svg/a.svg": b"<svg>a</svg>",
       "report/index.html": b"<html><body>report</body></html>", "changes.txt": b"nothing changed"}
WAIT = 10

SEGMENTS = ["g", "svg", "a.svg", "index.html", "report", "..", ".", "", "%2e%2e", "%2E%2e", "%2f", "..%2f", "%00",
            "up", "link.svg", "stray.txt", "extra.svg", ".pnpgen-output", "secret.txt", "etc", "passwd", "\\",
            "..\\..", "%5c", "__pnpgen", "status", "é", "%C3%A9", "%ff", "a" * 300, "?x=1", "#top", ";", "%20"]
HOSTS = ["{ok}", "127.0.0.1:{port}", "localhost:{port}", "[::1]:{port}", "LocalHost:{port}", "127.0.0.1",
         "localhost", "evil.example", "evil.example:{port}", "127.0.0.1:{other}", "127.0.0.1.nip.io:{port}",
         "0.0.0.0:{port}", "[::ffff:127.0.0.1]:{port}", "", None, "127.0.0.1:{port}\r\nX-Evil: 1", " localhost:{port}"]


@st.composite
def requests(draw) -> list[tuple]:
    """A few raw requests: (method, path, host template, how the connection ends)."""
    out = []
    for _ in range(draw(st.integers(1, 6))):
        method = draw(st.sampled_from(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "BREW", "get", ""]))
        path = "/" + "/".join(draw(st.lists(st.one_of(st.sampled_from(SEGMENTS), nasty_text()), max_size=5)))
        if draw(st.booleans()):
            path = draw(st.sampled_from(["/", "//", "/g/", "/g/index.html", "/__pnpgen/status", "*",
                                          "http://evil.example/g/index.html", "/g/svg/a.svg"]))
        host = draw(st.sampled_from(HOSTS))
        end = draw(st.sampled_from(["whole", "whole", "whole", "half", "reset", "nothing", "burst"]))
        out.append((method, path, host, end))
    return out


def _raw(port: int, method: str, path: str, host: str | None, end: str) -> tuple[int | None, bytes]:
    """Send one raw request; (status or None, body) of the answer, when the case waits for one."""
    s = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    try:
        line = f"{method} {path} HTTP/1.1\r\n".encode("utf-8", "surrogatepass")
        head = line + (f"Host: {host}\r\n".encode("utf-8", "surrogatepass") if host is not None else b"")
        head += b"Connection: close\r\n\r\n"
        if end == "nothing":
            return None, b""
        if end in ("half", "reset"):
            s.sendall(head[: max(1, len(head) // 2)])
            if end == "reset":
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            return None, b""
        s.sendall(head)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    finally:
        s.close()
    status_line, _, rest = data.partition(b"\r\n")
    parts = status_line.split()
    status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
    return status, rest.partition(b"\r\n\r\n")[2]


def _good_host(host: str | None, port: int) -> bool:
    """Whether the Host header sent names the server (what follows a line break is a header of its own, and the
    space around a header's value is not part of it)."""
    if host is None:
        return False
    value = host.split("\r\n", 1)[0].strip().lower()
    return value in {f"{h}:{port}" for h in ("127.0.0.1", "localhost", "[::1]")}


def _well_formed(method: str, path: str) -> bool:
    """Whether a request line can be answered with a status line: a method word and a path without white space
    or control characters (anything else is a malformed request, which may be answered as HTTP/0.9)."""
    return bool(method) and method.isascii() and method.isalpha() and not any(
        c.isspace() or ord(c) < 32 or 0x7f <= ord(c) < 0xa0 or c in "\u2028\u2029\x85" for c in path)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """An output folder with a kit pnpgen wrote, strays beside and inside it, and links to a secret outside."""
    root = tmp_path_factory.mktemp("serve")
    (root / "secret.txt").write_bytes(SECRET)
    out = root / "out"
    write_atomically(out / "g", KIT)
    (out / "stray.txt").write_bytes(STRAY)
    (out / "g" / "svg" / "extra.svg").write_bytes(STRAY)
    (out / "g" / "svg" / "link.svg").symlink_to(root / "secret.txt")
    (out / "g" / "up").symlink_to(root)
    (out / "link").symlink_to(root)
    live = LiveState()
    live.failed(("x.yaml:1:1: error: <b>bad</b>",))
    with LiveServer(out, 0, live) as server:
        yield server


def run_serve_case(fuzz, server: LiveServer, case: list[tuple], capfd) -> None:
    port = server.httpd.server_address[1]
    broken: list[str] = []
    threads = []
    for method, path, host_template, end in case:
        host = None if host_template is None else host_template.format(
            ok=f"127.0.0.1:{port}", port=port, other=port + 1)

        def one(method=method, path=path, host=host, end=end):
            try:
                status, body = _raw(port, method, path, host, "whole" if end == "burst" else end)
            except OSError as e:
                if end in ("whole", "burst") and _well_formed(method, path):
                    broken.append(f"{method} {path!r} Host {host!r}: {type(e).__name__}: {e}")
                return
            if status is None:
                if end in ("whole", "burst") and _well_formed(method, path):
                    broken.append(f"{method} {path!r} Host {host!r}: no status line")
                return
            if SECRET in body or STRAY in body:
                broken.append(f"{method} {path!r} Host {host!r}: served a file pnpgen did not write ({status})")
            if status == 200 and not _good_host(host, port):
                broken.append(f"{method} {path!r} Host {host!r}: answered 200 to a host it must refuse")
            if status == 200 and method == "GET" and body not in KIT.values() and b"<script>" not in body \
                    and not body.startswith(b'{"version"'):
                broken.append(f"{method} {path!r} Host {host!r}: 200 with a body that is no kit file: {body[:80]!r}")
            if b"<b>bad</b>" in body and not body.startswith(b'{"version"'):  # (JSON is no page)
                broken.append(f"{method} {path!r}: a problem's text went into a page unescaped")
        if end == "burst":
            threads += [threading.Thread(target=one) for _ in range(20)]
        else:
            one()
    for t in threads:
        t.start()
    for t in threads:
        t.join(WAIT * 2)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        conn.request("GET", "/g/svg/a.svg")
        response = conn.getresponse()
        if response.status != 200 or response.read() != KIT["svg/a.svg"]:
            broken.append(f"after the case a plain request got {response.status}")
        conn.close()
    except OSError as e:
        broken.append(f"after the case the server did not answer: {e}")
    err = capfd.readouterr().err
    if "Traceback" in err or "Exception" in err:
        broken.append("printed: " + err[-1500:])
    sys.stderr.flush()
    fuzz.judge("serve", f"{len(case)} request(s): {case!r}"[:1500], broken, None)


def test_the_server_refuses_what_it_must_and_prints_nothing(fuzz, site, capfd):
    found = fuzz.explore("serve", requests(), lambda case: run_serve_case(fuzz, site, case, capfd))
    assert not found, "\n".join(map(str, found))


FORMULA_TEXT = st.tuples(st.sampled_from(["=", "+", "-", "@", "\t", "\r", "'=", "''+", "'", "-1", "+2.5"]),
                         nasty_text()).map("".join)


@pytest.fixture(scope="module")
def small_pack(tmp_path_factory):
    from pnpgen.authoring.scaffold import new_pack
    return new_pack("fx", tmp_path_factory.mktemp("export"))


def run_export_case(fuzz, pack: Path, names: list[str]) -> None:
    cards = "".join(f"    - {{id: c{k}, name: {_yaml_text(n)}, text: {_yaml_text(n[::-1])}}}\n"
                    for k, n in enumerate(names))
    source = pack / "cards.yaml"
    original = source.read_text(encoding="utf-8")
    broken: list[str] = []
    try:
        source.write_text(original.replace("  cards:\n", "  cards:\n" + cards, 1), encoding="utf-8")
        try:
            game = load_game(str(pack))
        except Exception:  # the names themselves do not load (a character text may not hold): not this target's
            return
        deck = game.decks[0].id
        text = cards_csv(game, deck)
        for row in csv.reader(io.StringIO(text)):
            for cell in row:
                if cell and FORMULA.match(cell) and not cell.startswith("'") and not PLAIN_NUMBER.fullmatch(cell):
                    broken.append(f"a cell a spreadsheet runs as a formula: {cell[:60]!r}")
        sheet = pack / "deck.csv"
        sheet.write_text(text, encoding="utf-8")
        source.write_text(_with_sheet(original), encoding="utf-8")
        try:
            again = load_game(str(pack))
        except Exception as e:
            broken.append(f"the exported sheet does not read back: {e}"[:500])
            return
        before = [(c.id, c.name, c.text) for c in game.decks[0].cards]
        after = [(c.id, c.name, c.text) for c in again.decks[0].cards]
        if before != after:
            broken.append(f"read back as other cards: {[a for a, b in zip(before, after) if a != b][:3]!r}"[:500])
        if cards_csv(again, deck) != text:
            broken.append("exported again, the sheet differs")
    finally:
        source.write_text(original, encoding="utf-8")
        (pack / "deck.csv").unlink(missing_ok=True)
    fuzz.judge("export", f"cards named {names!r}"[:1500], broken, None)


def _yaml_text(text: str) -> str:
    import json
    return json.dumps(text)  # a JSON string is a YAML flow scalar


def _with_sheet(original: str) -> str:
    """The pack's cards.yaml with the first deck's cards read from deck.csv."""
    import yaml
    decks = yaml.safe_load(original)
    decks[0]["cards"] = "deck.csv"
    return yaml.safe_dump(decks, sort_keys=False, allow_unicode=True)


def test_exported_cards_hold_no_live_formula_and_read_back_the_same(fuzz, small_pack):
    names = st.lists(st.one_of(FORMULA_TEXT, nasty_text()), min_size=1, max_size=4)
    found = fuzz.explore("export", names, lambda example: run_export_case(fuzz, small_pack, example))
    assert not found, "\n".join(map(str, found))
