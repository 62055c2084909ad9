"""What a reader of the docs types and writes, read from the pages, and run in order in a scratch folder.

A page's steps are its fenced blocks, in order:

- a ```console block: each line starting with `$ ` is a command (a line ending in `\\` goes on to the next); the
  other lines are what it prints, shown, not run;
- a block with a `title="PATH"` (```yaml title="harbour/cards.yaml"```): the whole file the reader writes there;
- a ```diff block with a `title="PATH"`: an edit of that file, its `-` lines replaced by its `+` lines (the lines
  starting with a space are context and stay).

An HTML comment on the line before a block marks it for the test: `<!-- docs-test: exit 1 -->` (its commands end
with that status: a page that shows an error on purpose), `<!-- docs-test: skip REASON -->` (not run; the test
names each reason it accepts and why), `<!-- docs-test: watch -->` (a `build --watch` the reader leaves running
while the page's next edits are saved: it runs in the background, each edit waits for its rebuild, and Ctrl-C
stops it before the next command).

Used by tests/test_docs_commands.py and by docs/tools/pictures.py, which follows the tutorial to build the pack
its pictures show.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

FENCE = re.compile(r"^(?P<indent>\s*)(?P<ticks>`{3,})\s*(?P<lang>[\w+-]*)\s*(?P<attrs>.*)$")
MARK = re.compile(r"^\s*<!--\s*docs-test:\s*(?P<what>exit|skip|watch)\s*(?P<value>[\w-]*)\s*-->\s*$")
TITLE = re.compile(r'title="(?P<title>[^"]+)"')


@dataclass
class Step:
    """One thing the reader does: run a command, write a whole file, or edit one."""

    kind: str  # run, write, edit
    line: int  # where it is on its page (1-based)
    command: str = ""
    path: str = ""
    text: str = ""  # write: the file's text; edit: the text replaced
    new: str = ""  # edit: what replaces it
    status: int = 0  # run: the exit status the page expects
    skip: str = ""  # run: why it is not run (a reason the test knows), or ""
    watch: bool = False  # run: a `build --watch` left running while the next edits are saved


@dataclass
class Block:
    lang: str
    attrs: str
    line: int
    body: list[str] = field(default_factory=list)
    mark: tuple[str, str] | None = None


def blocks(text: str) -> list[Block]:
    """The fenced code blocks of a Markdown page, each with the docs-test mark on the line before it, if any."""
    lines = text.splitlines()
    found: list[Block] = []
    n = 0
    while n < len(lines):
        m = FENCE.match(lines[n])
        if not m:
            n += 1
            continue
        indent, ticks = m["indent"], m["ticks"]
        before = next((lines[i] for i in range(n - 1, -1, -1) if lines[i].strip()), "")
        mark = MARK.match(before)
        block = Block(m["lang"], m["attrs"], n + 1, mark=(mark["what"], mark["value"]) if mark else None)
        n += 1
        while n < len(lines) and not (lines[n].strip().startswith(ticks) and lines[n].strip().strip("`") == ""):
            line = lines[n]
            block.body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            n += 1
        found.append(block)
        n += 1
    return found


def steps(text: str) -> list[Step]:
    """What a reader of the page types and writes, in order."""
    out: list[Step] = []
    for block in blocks(text):
        title = TITLE.search(block.attrs)
        if block.lang == "console":
            status = int(block.mark[1]) if block.mark and block.mark[0] == "exit" else 0
            skip = block.mark[1] if block.mark and block.mark[0] == "skip" else ""
            watch = bool(block.mark and block.mark[0] == "watch")
            command: list[str] = []
            for offset, line in enumerate(block.body, start=1):
                if command:
                    command.append(line)
                elif line.startswith("$ "):
                    command = [line[2:]]
                    start = block.line + offset
                else:
                    continue
                if not line.endswith("\\"):
                    out.append(Step("run", start, command=" ".join(part.rstrip("\\").strip() for part in command),
                                    status=status, skip=skip, watch=watch))
                    command = []
        elif title and block.lang == "diff":
            old = [line[1:] for line in block.body if line[:1] in (" ", "-") or line == ""]
            new = [line[1:] for line in block.body if line[:1] in (" ", "+") or line == ""]
            out.append(Step("edit", block.line, path=title["title"], text="\n".join(old) + "\n",
                            new="\n".join(new) + "\n"))
        elif title:
            out.append(Step("write", block.line, path=title["title"], text="\n".join(block.body) + "\n"))
    return out


class StepFailed(AssertionError):
    """A step of a page did not do what the page says."""


def perform(step: Step, cwd: Path, env: dict[str, str] | None = None, timeout: float = 300) -> str:
    """Do one step in `cwd`; a command's output is returned. A command that ends with another status than the page
    expects, or an edit whose old lines are not in the file exactly once, raises StepFailed."""
    if step.kind == "write":
        path = cwd / step.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(step.text, encoding="utf-8")
        return ""
    if step.kind == "edit":
        path = cwd / step.path
        text = path.read_text(encoding="utf-8")
        if text.count(step.text) != 1:
            raise StepFailed(f"line {step.line}: the lines this edit replaces are in {step.path} "
                             f"{text.count(step.text)} times, not once:\n{step.text}")
        path.write_text(text.replace(step.text, step.new), encoding="utf-8")
        return ""
    done = subprocess.run(["bash", "-c", step.command], cwd=cwd, env=env or dict(os.environ), capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    output = done.stdout + done.stderr
    if done.returncode != step.status:
        raise StepFailed(f"line {step.line}: `{step.command}` ended with status {done.returncode}, the page expects "
                         f"{step.status}:\n{output[-3000:]}")
    return output


WATCH_PASS = re.compile(r"PDF\(s\) written|: error: ")  # a watch's pass that ended (PDFs written, or errors)


class Watching:
    """A `build --watch` running in the background, its output read as it comes."""

    def __init__(self, step: Step, cwd: Path, env: dict[str, str] | None, timeout: float = 120):
        import threading

        self.step, self.timeout, self.lines = step, timeout, []
        self.condition = threading.Condition()
        self.process = subprocess.Popen(["bash", "-c", f"exec {step.command}"], cwd=cwd,
                                        env={**(env or os.environ), "PYTHONUNBUFFERED": "1"}, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        threading.Thread(target=self._read, daemon=True).start()
        self.passes = 0
        self.wait_for_pass()

    def _read(self) -> None:
        for line in self.process.stdout:
            with self.condition:
                self.lines.append(line)
                self.condition.notify_all()

    def wait_for_pass(self) -> None:
        """Wait for the watch's next pass to end."""
        import time

        deadline = time.monotonic() + self.timeout
        with self.condition:
            while sum(1 for line in self.lines if WATCH_PASS.search(line)) <= self.passes:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise StepFailed(f"line {self.step.line}: `{self.step.command}` made no pass:\n"
                                     + "".join(self.lines)[-3000:])
                self.condition.wait(0.1)
            self.passes = sum(1 for line in self.lines if WATCH_PASS.search(line))

    def stop(self) -> str:
        """Ctrl-C, as the reader stops it; its output."""
        import signal

        self.process.send_signal(signal.SIGINT)
        status = self.process.wait(self.timeout)
        if status != 0:
            raise StepFailed(f"line {self.step.line}: `{self.step.command}` stopped with status {status}:\n"
                             + "".join(self.lines)[-3000:])
        return "".join(self.lines)


def follow(page: list[Step], cwd: Path, env: dict[str, str] | None = None, skips: dict[str, str] | None = None,
           timeout: float = 300) -> list[Step]:
    """Do a page's steps in order in `cwd`, as its reader would; the steps done. A step skipped for a reason not in
    `skips` raises StepFailed."""
    done: list[Step] = []
    watching: Watching | None = None
    for step in page:
        if step.kind == "run" and watching is not None:
            watching.stop()
            watching = None
        if step.skip:
            if step.skip not in (skips or {}):
                raise StepFailed(f"line {step.line}: skipped for '{step.skip}', a reason the test does not know")
            continue
        if step.watch:
            watching = Watching(step, cwd, env)
        else:
            perform(step, cwd, env, timeout)
            if watching is not None and step.kind in ("write", "edit"):
                watching.wait_for_pass()
        done.append(step)
    if watching is not None:
        watching.stop()
    return done
