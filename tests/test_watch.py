"""`pnpgen build --watch`: rebuilds after a save, survives a broken one, stops cleanly; the file watcher and the
local server behind --serve."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pypdf
import pytest
from kit.packs import edit

from pnpgen.build.pipeline import BuildOptions
from pnpgen.devloop.filewatch import FileWatcher, scratch
from pnpgen.devloop.serve import RELOAD_SCRIPT, STATUS, LiveServer, LiveState
from pnpgen.devloop.watch import WatchEvent, watch
from pnpgen.files.atomic import write_atomically

WAIT = 120  # seconds before a test gives up on an event (a loaded machine is slow; no test measures time)


class Events:
    """The watch run in a thread, its events in a queue."""

    def __init__(self, options: BuildOptions, poll: bool):
        self.queue: queue.Queue[WatchEvent] = queue.Queue()
        self.stop = threading.Event()
        self.error: list[BaseException] = []
        self.thread = threading.Thread(target=self._run, args=(options, poll), daemon=True)
        self.thread.start()

    def _run(self, options: BuildOptions, poll: bool) -> None:
        try:
            watch(options, self.queue.put, self.stop, poll=poll)
        except BaseException as e:  # noqa: BLE001 (handed to the test)
            self.error.append(e)

    def next(self, *kinds: str) -> WatchEvent:
        """The next event of one of these kinds (others are skipped)."""
        while True:
            try:
                event = self.queue.get(timeout=WAIT)
            except queue.Empty:
                pytest.fail(f"no {'/'.join(kinds)} event within {WAIT} s (errors: {self.error})")
            if event.kind in kinds:
                return event

    def close(self) -> None:
        self.stop.set()
        self.thread.join(WAIT)
        assert not self.thread.is_alive() and not self.error


@pytest.mark.slow
@pytest.mark.parametrize("poll", [False, True], ids=["notified", "polling"])
def test_the_watch_rebuilds_after_a_save_and_waits_out_a_broken_one(pack, poll):
    out = pack.parent / "out"
    svg = out / "narrow-seas" / "svg" / "card-yellow-reach.svg"
    events = Events(BuildOptions(game=str(pack), out=out, papers=("a4",)), poll)
    try:
        assert events.next("start").message.startswith(f"watching {pack.resolve()} and pnpgen's templates")
        first = events.next("drawn")
        assert first.trigger == () and first.message.startswith("narrow-seas: 22 cards")
        assert "SVGs and contact sheet written" in first.message
        printed = events.next("printed", "failed")
        assert printed.kind == "printed" and printed.changes.first
        assert "Close Reach" not in svg.read_text(encoding="utf-8")
        assert not (out / "narrow-seas" / "report").exists()  # the quick simulation is not run

        edit(pack / "cards.yaml", "{suit: yellow, action: reach}", "{suit: yellow, action: reach, name: Close Reach}")
        drawn = events.next("drawn")
        assert drawn.trigger == ("cards.yaml",)
        assert "Close Reach" in svg.read_text(encoding="utf-8")
        printed = events.next("printed")
        assert [c.now.id for c in printed.changes.changed] == ["card-yellow-reach", "card-deck-b-yellow-reach"]
        assert (out / "narrow-seas" / "narrow-seas-changed-a4.pdf").is_file()

        before = {p.name: p.read_bytes() for p in (out / "narrow-seas").iterdir() if p.is_file()}
        good = (pack / "cards.yaml").read_text(encoding="utf-8")
        (pack / "cards.yaml").write_text("- id: action\n  cards: [\n", encoding="utf-8")
        failed = events.next("failed", "drawn")
        assert failed.kind == "failed" and failed.trigger == ("cards.yaml",)
        assert failed.message == "does not load — 1 error(s); waiting for the next save"
        assert len(failed.problems) == 1 and ": error: " in failed.problems[0]
        assert failed.problems[0].startswith("narrow-seas/cards.yaml:")  # located, as always
        assert events.thread.is_alive()
        assert {p.name: p.read_bytes() for p in (out / "narrow-seas").iterdir() if p.is_file()} == before

        (pack / "cards.yaml").write_text(good, encoding="utf-8")
        assert events.next("drawn").message.startswith("narrow-seas: 22 cards")
        assert events.next("printed", "failed").kind == "printed"

        edit(pack / "game.yaml", "  cards: 22\n", "  cards: 23\n")  # loads, but does not pass the checks
        drawn = events.next("drawn")
        assert "1 error(s)" in drawn.message and any("declares 23 cards" in line for line in drawn.problems)
        assert events.next("held", "printed").kind == "held"
        assert events.thread.is_alive()
    finally:
        events.close()


@pytest.mark.slow
def test_the_watch_writes_a_profiles_formats_after_the_checks(pack):
    """drivethrucards writes card-pdf only: no SVG pass, the deck PDFs at the shop's card size on every save."""
    out = pack.parent / "out"
    deck = out / "narrow-seas" / "drivethrucards" / "cards" / "action.pdf"
    events = Events(BuildOptions(game=str(pack), out=out, profile="drivethrucards"), poll=True)
    try:
        assert "; checked in " in events.next("drawn").message  # no SVGs asked for
        printed = events.next("printed", "failed")
        assert printed.kind == "printed" and printed.message.startswith("2 PDF(s) written in"), printed.message
        shop = out / "narrow-seas" / "drivethrucards"
        assert not (shop / "svg").exists() and not (shop / "index.html").exists()
        reader = pypdf.PdfReader(deck)
        assert len(reader.pages) == 44 and round(float(reader.pages[0].mediabox.width) * 25.4 / 72, 2) == 69.85
        assert "Close Reach" not in " ".join(reader.pages[0].extract_text().split())

        edit(pack / "cards.yaml", "{suit: yellow, action: reach}", "{suit: yellow, action: reach, name: Close Reach}")
        printed = events.next("printed")
        assert [c.now.id for c in printed.changes.changed] == ["card-yellow-reach", "card-deck-b-yellow-reach"]
        assert "Close Reach" in " ".join(pypdf.PdfReader(deck).pages[0].extract_text().split())
        assert not (shop / "narrow-seas-changed-a4.pdf").exists()  # no print sheets, no reprint
    finally:
        events.close()


def _ctrl_c_as_in_a_terminal() -> None:
    """SIGINT at its default in the child: a shell starts a background job (pytest run with &) with SIGINT
    ignored, and the child would inherit that and never see the Ctrl-C the test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
def test_the_command_serves_the_contact_sheet_and_stops_on_ctrl_c_with_status_0(pack):
    out = pack.parent / "out"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "pnpgen", "build", str(pack), "--out", str(out), "--serve",
                             "--port", "0", "--paper", "a4"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=pack.parent, preexec_fn=_ctrl_c_as_in_a_terminal)
    lines: list[str] = []
    try:
        reader, errors = _Lines(proc.stdout), _Lines(proc.stderr)
        url = ""
        while "written in" not in (line := reader.next()) or "PDF" not in line:
            lines.append(line)
            if line.startswith("serving "):
                url = line.split(" at ", 1)[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        page = urllib.request.urlopen(url, timeout=WAIT)  # '/' leads to the game's contact sheet
        assert page.url == url + "narrow-seas/index.html"
        html = page.read().decode("utf-8")
        assert RELOAD_SCRIPT in html and html.index(RELOAD_SCRIPT) < html.index("</body>")
        assert "Narrow Seas" in html
        status = json.loads(urllib.request.urlopen(url.rstrip("/") + STATUS, timeout=WAIT).read())
        assert status == {"version": 1, "problems": []}
        # the file on disk is the plain contact sheet
        assert RELOAD_SCRIPT not in (out / "narrow-seas" / "index.html").read_text(encoding="utf-8")
        proc.send_signal(signal.SIGINT)
        proc.wait(WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    rest, err = reader.rest(), errors.rest()
    assert proc.returncode == 0, err
    assert rest[-1] == "stopped watching"
    assert not any("Traceback" in line for line in rest + err)


class _Lines:
    """Lines from a pipe, read in a thread so that a test can give up waiting."""

    def __init__(self, pipe):
        self.queue: queue.Queue[str | None] = queue.Queue()
        self.thread = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self.thread.start()

    def _read(self, pipe) -> None:
        for line in pipe:
            self.queue.put(line.rstrip("\n"))
        self.queue.put(None)

    def next(self) -> str:
        try:
            line = self.queue.get(timeout=WAIT)
        except queue.Empty:
            pytest.fail(f"no output within {WAIT} s")
        if line is None:
            pytest.fail("the command ended early")
        return line

    def rest(self) -> list[str]:
        """Every line up to the end of the output."""
        self.thread.join(WAIT)
        out = []
        while (line := self.queue.get_nowait()) is not None:
            out.append(line)
        return out


@pytest.mark.parametrize("poll", [False, True], ids=["notified", "polling"])
def test_the_file_watcher_reports_content_not_scratch_or_output(tmp_path, poll):
    pack, out = tmp_path / "pack", tmp_path / "pack" / "output"
    (pack / "templates").mkdir(parents=True)
    out.mkdir()
    with FileWatcher([pack], leave_out=[out], poll=poll) as files:
        (pack / ".cards.yaml.swp").write_text("x")
        (pack / "cards.yaml~").write_text("x")
        (out / "x.svg").write_text("x")
        (pack / "templates" / "card.yaml").write_text("kind: card\n")
        changed: set[Path] = set()
        while not changed:
            got = files.wait(WAIT)
            assert got, f"no change seen within {WAIT} s"
            changed |= got
        assert {p.relative_to(pack).as_posix() for p in changed} == {"templates/card.yaml"}
        assert not files.pending()
    assert files.backend == ("polling" if poll else "watchfiles")


def test_scratch_names():
    assert all(scratch(n) for n in (".cards.yaml.swp", "cards.yaml~", "#cards.yaml#", "4913", ".git"))
    assert not any(scratch(n) for n in ("cards.yaml", "font.ttf", "templates"))


def test_the_server_answers_on_loopback_only_and_tells_pages_what_changed(tmp_path):
    write_atomically(tmp_path / "g", {"index.html": b"<html><body><p>kit</p></body></html>", "a.svg": b"<svg/>"})
    live = LiveState()
    with LiveServer(tmp_path, 0, live) as server:
        assert server.httpd.server_address[0] == "127.0.0.1"

        def get(path: str):
            return urllib.request.urlopen(server.url + path.lstrip("/"), timeout=WAIT)
        page = get("g/index.html")
        assert page.headers["Cache-Control"] == "no-store"
        assert page.read().decode("utf-8") == "<html><body><p>kit</p>" + RELOAD_SCRIPT + "</body></html>"
        assert get("g/a.svg").read() == b"<svg/>"
        assert json.loads(get(STATUS).read()) == {"version": 0, "problems": []}
        live.failed(("x.yaml:1:1: error: bad",))
        assert json.loads(get(STATUS).read()) == {"version": 0, "problems": ["x.yaml:1:1: error: bad"]}
        live.rewritten()
        assert json.loads(get(STATUS).read()) == {"version": 1, "problems": []}
    with LiveServer(tmp_path, 0, live) as first:
        port = first.httpd.server_address[1]
        with pytest.raises(Exception, match=f"--port {port}: cannot serve on 127.0.0.1:{port} \\(it is in use\\)"):
            LiveServer(tmp_path, port, live)


def test_a_watch_of_no_game_or_with_bad_options_is_one_line_and_exit_1(tmp_path):
    from click.testing import CliRunner

    from pnpgen.cli import main
    runner = CliRunner()
    result = runner.invoke(main, ["build", str(tmp_path / "nothing"), "--watch", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "not a bundled game" in result.output and "Traceback" not in result.output
    result = runner.invoke(main, ["build", "--watch", "--back-offset", "50,0", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "at most 20 mm" in result.output
    assert not (tmp_path / "out").exists()
