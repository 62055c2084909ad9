"""Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: JSON messages ended by
a NUL byte, read from the browser's fd 4 and written to its fd 3), with nothing to download: open a page, run
script in it, and click with the mouse at a place on the screen, as a person does."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from typing import Any

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
WAIT = 60.0


class BrowserError(Exception):
    """The browser answered a command with an error, or not at all."""


class Browser:
    """One headless browser with one page (a tab), its viewport `width` x `height` CSS pixels."""

    def __init__(self, width: int = 1400, height: int = 1000):
        if CHROMIUM is None:
            raise BrowserError("no Chromium here")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def wire() -> None:  # in the child: the pipes as the fds the protocol names
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        self.profile = tempfile.mkdtemp(prefix="pnpgen-chromium-")
        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--remote-debugging-pipe", f"--user-data-dir={self.profile}", f"--window-size={width},{height}",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False,
            preexec_fn=wire)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._next = 0
        self._answers: dict[int, dict] = {}
        self._cond = threading.Condition()
        self.errors: list[str] = []  # exceptions thrown by the page's scripts
        threading.Thread(target=self._read, daemon=True).start()
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Runtime.enable", session=self.session)
        self.send("Page.enable", session=self.session)
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                         "mobile": False}, session=self.session)

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_browser, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                with self._cond:
                    self._cond.notify_all()
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if message.get("method") == "Runtime.exceptionThrown":
                    details = message["params"]["exceptionDetails"]
                    self.errors.append(details.get("exception", {}).get("description") or details.get("text", ""))
                with self._cond:
                    if "id" in message:
                        self._answers[message["id"]] = message
                        self._cond.notify_all()

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        """Run one protocol command and return its result."""
        with self._cond:
            self._next += 1
            number = self._next
        message = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + WAIT
        with self._cond:
            while number not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise BrowserError(f"no answer to {method}")
                self._cond.wait(left)
            answer = self._answers.pop(number)
        if "error" in answer:
            raise BrowserError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    def open(self, url: str) -> None:
        """Load a page."""
        self.send("Page.navigate", {"url": url}, session=self.session)

    def run(self, script: str) -> Any:
        """The value of a script run in the page (awaited when it is a promise)."""
        got = self.send("Runtime.evaluate", {"expression": script, "returnByValue": True, "awaitPromise": True},
                        session=self.session)
        if "exceptionDetails" in got:
            raise BrowserError(f"{script[:80]}: {got['exceptionDetails'].get('text')}")
        return got["result"].get("value")

    def wait_for(self, script: str, seconds: float = WAIT) -> Any:
        """The first true value of a script, asked again and again (a page being loaded may throw meanwhile)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                value = self.run(script)
            except BrowserError:
                value = None
            if value:
                return value
            time.sleep(0.02)
        raise BrowserError(f"never true: {script[:200]}")

    def click(self, x: float, y: float) -> None:
        """A left click with the mouse at (x, y), CSS pixels from the viewport's top left."""
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1},
                      session=self.session)

    def click_element(self, selector: str) -> str:
        """Scroll the first element matching a CSS selector into view and click the middle of it; its data-key or
        text."""
        box = self.run(f"""(function () {{
            var e = document.querySelector({json.dumps(selector)});
            if (!e) {{ return null; }}
            e.scrollIntoView({{block: "center", inline: "center"}});
            var r = e.getBoundingClientRect();
            return {{x: r.left + r.width / 2, y: r.top + r.height / 2,
                     what: e.getAttribute("data-key") || e.textContent}};
        }})()""")
        if box is None:
            raise BrowserError(f"nothing matches {selector}")
        self.click(box["x"], box["y"])
        return box["what"]

    def close(self) -> None:
        """Quit the browser."""
        try:
            self.send("Browser.close")
        except BrowserError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()
