"""The live preview in a real browser: headless Chromium opens the page `build --watch --serve` serves, through a
good save, a broken save (the red box shows the located error over the page) and a fixed save (the box goes and the
page shows the new card); and one open page reloads by itself when the output is rewritten."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from kit.packs import edit

from pnpgen.authoring.scaffold import new_pack
from pnpgen.devloop.serve import LiveServer, LiveState
from pnpgen.files.atomic import write_atomically

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    CHROMIUM is None, reason="no headless Chromium here (Debian: apt-get install chromium; .ci/run installs it)")]
WAIT = 60
BOX = re.compile(r'<pre[^>]*position: ?fixed[^>]*>(.*?)</pre>', re.S)


def dom(url: str, budget_ms: int = 4000) -> str:
    """The page's document after its scripts have run for a while, as headless Chromium has it."""
    got = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          f"--virtual-time-budget={budget_ms}", "--dump-dom", url],
                         capture_output=True, text=True, timeout=WAIT)
    assert got.returncode == 0, got.stderr[-2000:]
    return got.stdout


def screenshot(url: str, path: Path) -> Path:
    """A screenshot of the page as it opens (no time for its scripts to run), 800 x 600."""
    got = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          "--hide-scrollbars", "--window-size=800,600", f"--screenshot={path}", url],
                         capture_output=True, text=True, timeout=WAIT, cwd=path.parent)
    assert got.returncode == 0 and path.is_file(), got.stderr[-2000:]
    return path


def reds(png: Path) -> int:
    """Pixels of the error box's colours (its #fff0f0 ground, its #cc0000 rule) in the top half of a screenshot."""
    from PIL import Image
    image = Image.open(png).convert("RGB")
    w, h = image.size
    colours = image.crop((0, 0, w, h // 2)).getcolors(maxcolors=w * h)
    return sum(n for n, (r, g, b) in colours if (r > 245 and 230 <= g <= 245 and 230 <= b <= 245) or
               (r > 180 and g < 40 and b < 40))


class Watch:
    """`pnpgen build PACK --watch --serve` as a user runs it, its output lines read as they come."""

    def __init__(self, pack: Path, out: Path):
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pnpgen", "build", str(pack), "--out", str(out), "--serve", "--port", "0",
             "--format", "svg", "--paper", "a4"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=env, cwd=pack.parent, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        self.lines: list[str] = []
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self.wait(r"^serving .* at (http://127\.0\.0\.1:\d+/)").group(1)

    def _read(self) -> None:
        for line in self.proc.stdout:
            with self.cond:
                self.lines.append(line.rstrip("\n"))
                self.cond.notify_all()

    def wait(self, pattern: str, after: int = 0) -> re.Match:
        """The first line from index `after` on that matches."""
        rx = re.compile(pattern)
        with self.cond:
            for _ in range(WAIT * 10):
                for line in self.lines[after:]:
                    if (m := rx.search(line)) is not None:
                        return m
                self.cond.wait(0.1)
        raise AssertionError(f"no line like {pattern!r}: {self.lines}")

    def mark(self) -> int:
        with self.cond:
            return len(self.lines)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(WAIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def test_good_broken_and_fixed_saves_in_a_real_browser(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pack = new_pack("nx", tmp_path)
    watch = Watch(pack, tmp_path / "out")
    try:
        watch.wait(r"SVGs and contact sheet written")
        page = dom(watch.url)  # '/' leads to the contact sheet
        assert "<figcaption>Move (sun)" in page and BOX.search(page) is None

        at = watch.mark()
        edit(pack / "cards.yaml", "    - {suit: sun, action: move}\n", "    - {suit: sunn, action: move}\n")
        watch.wait(r"saved: ", at)
        watch.wait(r"cards\.yaml:\d+:\d+: error: ", at)
        page = dom(watch.url)
        box = BOX.search(page)
        assert box is not None, page[-3000:]  # the red box, over the page the last good save drew
        assert re.search(r"cards\.yaml:\d+:\d+: error: .*unknown suit 'sunn'", box.group(1)), box.group(1)
        assert "<figcaption>Move (sun)" in page
        shot = screenshot(watch.url, tmp_path / "broken.png")  # the moment the page opens, as a person sees it
        assert reds(shot) > 2000, reds(shot)  # the box's pink ground and red rule across the top

        at = watch.mark()
        edit(pack / "cards.yaml", "    - {suit: sunn, action: move}\n",
             "    - {suit: sun, action: move, name: Fair Wind}\n")
        watch.wait(r"SVGs and contact sheet written", at)
        page = dom(watch.url)
        assert BOX.search(page) is None and "<figcaption>Fair Wind (sun)" in page
    finally:
        watch.close()
    assert watch.proc.returncode == 0, watch.lines


def test_a_watch_that_starts_broken_shows_its_error_at_the_printed_address(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pack = new_pack("nx", tmp_path)
    edit(pack / "cards.yaml", "    - {suit: sun, action: move}\n", "    - {suit: sunn, action: move}\n")
    watch = Watch(pack, tmp_path / "out")
    try:
        watch.wait(r"cards\.yaml:\d+:\d+: error: ")
        shot = screenshot(watch.url, tmp_path / "first.png")
        assert reds(shot) > 2000, reds(shot)  # no folder listing: a page that shows the error over it
        page = dom(watch.url)
        box = BOX.search(page)
        assert box is not None and "unknown suit 'sunn'" in box.group(1), page[-2000:]
        at = watch.mark()
        edit(pack / "cards.yaml", "    - {suit: sunn, action: move}\n", "    - {suit: sun, action: move}\n")
        watch.wait(r"SVGs and contact sheet written", at)
        page = dom(watch.url)  # the same address now leads to the contact sheet
        assert "<figcaption>Move (sun)" in page and BOX.search(page) is None
    finally:
        watch.close()


class Stages(LiveState):
    """A live state that moves the served kit on by itself as the open page polls it: at the 3rd poll a save is
    broken (the page lists its error), at the 6th it is fixed and the kit rewritten (the page must reload)."""

    def __init__(self, out: Path):
        super().__init__()
        self.out, self.polls, self.lock2 = out, 0, threading.Lock()
        self.pages: list[bytes] = []

    def status(self) -> bytes:
        with self.lock2:
            self.polls += 1
            if self.polls == 3:
                self.failed(("cards.yaml:4:5: error: card 'x': unknown suit 'sunn'",))
            if self.polls == 6:
                write_atomically(self.out / "g", {"index.html": b"<html><body><p>Card Two</p></body></html>"})
                self.rewritten()
        return super().status()


def test_an_open_page_shows_the_error_and_reloads_when_the_kit_is_rewritten(tmp_path):
    out = tmp_path / "out"
    write_atomically(out / "g", {"index.html": b"<html><body><p>Card One</p></body></html>"})
    live = Stages(out)
    with LiveServer(out, 0, live) as server:
        page = dom(server.url + "g/index.html", budget_ms=8000)
    assert live.polls > 6  # the page polled past the fix: it saw the error, then the rewrite
    assert "Card Two" in page and "Card One" not in page  # it reloaded by itself
    assert BOX.search(page) is None  # and the fixed kit shows no error box
