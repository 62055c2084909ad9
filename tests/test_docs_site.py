"""The documentation site builds with `mkdocs build --strict` (no broken link, no missing picture, no page outside
the nav), loads nothing from the network, and its home page and tutorial open in headless Chromium with no console
error and every picture loaded. Needs the `docs` extra (`pip install -e '.[docs]'`; .ci/run installs it)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None,
    reason="the docs extra is not installed (pip install -e '.[docs]'; .ci/run installs it)")]
REMOTE_ASSET = re.compile(r"""<(?:script|img|link|iframe|source)\b[^>]*\b(?:src|href)=["']?(?:https?:)?//""", re.I)
REMOTE_CSS = re.compile(r"""url\(\s*["']?(?:https?:)?//|@import\s+["']?(?:https?:)?//""", re.I)


def build(config: Path, site: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
                          capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    built = build(ROOT / "mkdocs.yml", folder)
    assert built.returncode == 0, built.stderr[-3000:]
    return folder


def test_the_site_builds_strictly_and_loads_nothing_from_the_network(site: Path):
    pages = sorted(site.rglob("*.html"))
    assert {"index.html", "tutorial.html", "command-line.html", "narrow-seas.html"} <= {p.name for p in pages}
    for page in pages:
        match = REMOTE_ASSET.search(page.read_text(encoding="utf-8"))
        assert match is None, f"{page.relative_to(site)} loads from the network: {match.group(0)}"
    for sheet in site.rglob("*.css"):
        assert REMOTE_CSS.search(sheet.read_text(encoding="utf-8")) is None, sheet.relative_to(site)
    assert (site / "images" / "tutorial-sheet.png").is_file()


def test_a_broken_link_fails_the_strict_build(tmp_path: Path):
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    with (tmp_path / "docs" / "tutorial.md").open("a", encoding="utf-8") as page:
        page.write("\nSee [a page that is not there](no-such-page.md).\n")
    built = build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert built.returncode != 0 and "no-such-page.md" in built.stderr


class Browser:
    """Headless Chromium driven through the DevTools protocol over a pipe (no websocket, no download)."""

    def __init__(self):
        commands_read, self.commands = os.pipe()
        self.replies, replies_write = os.pipe()

        def descriptors():
            os.dup2(commands_read, 3)
            os.dup2(replies_write, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
             "--user-data-dir=" + str(Path(os.environ.get("TMPDIR", "/tmp")) / f"pnpgen-docs-{os.getpid()}"),
             "about:blank"], preexec_fn=descriptors, pass_fds=(3, 4),  # (the descriptors the protocol reads and writes)
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(commands_read)
        os.close(replies_write)
        self.buffer, self.next_id, self.events = b"", 0, []

    def _read(self) -> dict:
        while b"\0" not in self.buffer:
            chunk = os.read(self.replies, 65536)
            if not chunk:
                raise AssertionError("Chromium closed the DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self.next_id:
                assert "error" not in reply, reply
                return reply["result"]
            self.events.append(reply)

    def wait_for(self, method: str, seconds: float = 30) -> None:
        import select

        deadline = time.monotonic() + seconds
        while not any(e.get("method") == method for e in self.events):
            assert time.monotonic() < deadline, f"no {method}"
            if b"\0" not in self.buffer:
                select.select([self.replies], [], [], 0.2)
                if not select.select([self.replies], [], [], 0)[0]:
                    continue
            self.events.append(self._read())

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        os.close(self.commands)
        os.close(self.replies)


def open_page(browser: Browser, url: str) -> tuple[list[str], dict]:
    """The errors a page logs while it opens, and what its pictures are: how many, which did not load."""
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "Runtime", "Log"):
        browser.send(f"{domain}.enable", session=session)
    browser.events.clear()
    browser.send("Page.navigate", {"url": url}, session=session)
    browser.wait_for("Page.loadEventFired")
    time.sleep(1)  # the theme's scripts run after the load event
    pictures = browser.send("Runtime.evaluate", {"returnByValue": True, "expression": (
        "JSON.stringify({count: document.images.length, broken: Array.from(document.images)"
        ".filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src)})")}, session=session)
    errors = []
    for event in browser.events:
        params = event.get("params", {})
        if event.get("method") == "Runtime.exceptionThrown":
            errors.append(params["exceptionDetails"].get("exception", {}).get("description", str(params)))
        elif event.get("method") == "Runtime.consoleAPICalled" and params.get("type") == "error":
            errors.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))
        elif event.get("method") == "Log.entryAdded" and params["entry"]["level"] == "error":
            errors.append(f"{params['entry']['text']} {params['entry'].get('url', '')}")
    browser.send("Target.closeTarget", {"targetId": target})
    return errors, json.loads(pictures["result"]["value"])


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium here (Debian: apt-get install chromium)")
def test_the_home_page_and_the_tutorial_open_with_no_error_and_every_picture(site: Path, tmp_path: Path):
    browser = Browser()
    try:
        for page in ("index.html", "tutorial.html"):
            errors, pictures = open_page(browser, (site / page).as_uri())
            assert errors == [], (page, errors)
            assert pictures["count"] >= 1 and pictures["broken"] == [], (page, pictures)
        # the check sees what it is for: a page with a missing picture and a script error
        bad = tmp_path / "bad.html"
        bad.write_text('<img src="missing.png"><script>undefinedFunction()</script>', encoding="utf-8")
        errors, pictures = open_page(browser, bad.as_uri())
        assert any("undefinedFunction" in e for e in errors) and pictures["broken"], (errors, pictures)
    finally:
        browser.close()
