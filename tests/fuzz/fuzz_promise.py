"""The promise each fuzz case is held to: exit 0, or exit 1 with one located one-line error per finding; never a
traceback, a hang past a bound, a malformed SVG, text read from outside the pack, or a changed byte outside the
output folder. Runs a case in this process (click's CliRunner) or as a whole process, and lists what it broke."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unicodedata
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner
from fuzz_mutations import CANARY, OUTSIDE_ABSOLUTE

from pnpgen.cli import main
from pnpgen.files.paths import CONTENT_DIR, TEMPLATES_DIR

LOCATED = re.compile(r"^(?P<file>\S.*?):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning): \S.*$")
FILE_ONLY = re.compile(r"^(?P<file>\S.*?): (?P<severity>error|warning): \S.*$")  # a file that cannot be read
PLAIN = re.compile(r"^(error|warning): \S.*$")
CASE_SECONDS = float(os.environ.get("PNPGEN_FUZZ_CASE_SECONDS", "60"))  # the bound on one case


@dataclass
class Outcome:
    """What one run of the command line gave."""

    args: list[str]
    exit_code: int | None  # None: it did not end within the bound
    stdout: str
    stderr: str
    crash: str = ""  # an exception that escaped the command line, with its traceback
    seconds: float = 0.0
    interrupted: bool = False  # Ctrl-C was sent (exit status 130 is then the promise)


class CaseTimeout(BaseException):
    """Raised in the case by the alarm at the bound (a BaseException, so that no `except Exception` eats it)."""


def _alarm(signum, frame):
    import traceback
    raise CaseTimeout("".join(traceback.format_stack(frame)[-6:]))  # where the case was when time ran out


def as_argv(args: list[str]) -> list[str]:
    """The arguments as a program receives them: bytes without NUL (a C string ends there), decoded as Python
    decodes a command line (a byte that is not UTF-8 becomes a lone surrogate, as with os.fsdecode)."""
    return [os.fsdecode(_encoded(a).replace(b"\0", b"")) for a in args]


def _encoded(text: str) -> bytes:
    """UTF-8 bytes of text in which a lone surrogate stands for a byte (as os.fsdecode makes them) or for itself."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def run_in_process(args: list[str], seconds: float = CASE_SECONDS) -> Outcome:
    """Run `pnpgen ARGS` through click's CliRunner, stopped by an alarm after `seconds`."""
    args = as_argv(args)
    runner = CliRunner()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    start = time.monotonic()
    try:
        result = runner.invoke(main, args)
    except CaseTimeout as stuck:
        return Outcome(args, None, "", str(stuck), seconds=time.monotonic() - start)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    crash = ""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback
        crash = "".join(traceback.format_exception(*result.exc_info)) if result.exc_info else repr(result.exception)
    return Outcome(args, result.exit_code, result.stdout, result.stderr, crash, time.monotonic() - start)


# A process that says when Python and click have started (a byte on a pipe), then runs pnpgen through its entry
# point, as the `pnpgen` command does: Ctrl-C is timed from there, since before it no code of pnpgen's runs that
# could answer it. Ctrl-C is set as a terminal sets it (a shell starts a background job, such as a nightly run, with
# SIGINT ignored, and its children inherit that).
_STARTED = ("import faulthandler, os, signal, sys, click; signal.signal(signal.SIGINT, signal.default_int_handler); "
            "faulthandler.register(signal.SIGUSR1, all_threads=True); "
            "os.write(int(sys.argv.pop(1)), b'.'); sys.argv[0] = 'pnpgen'; from pnpgen.launch import main; main()")


def run_process(args: list[str], cwd: Path, seconds: float = CASE_SECONDS, interrupt_after: float | None = None,
                signal_number: int = signal.SIGINT) -> Outcome:
    """Run pnpgen ARGS as a process of its own (in its own process group, so that a hang is ended whole); with
    `interrupt_after`, send it SIGINT (Ctrl-C; or `signal_number`) that many seconds after it started."""
    import select

    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("PYTHONIOENCODING", None)
    started_read, started_write = os.pipe()
    command = [sys.executable, "-c", _STARTED, str(started_write), *args]
    start = time.monotonic()
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, pass_fds=(started_write,))
    os.close(started_write)
    interrupted = False
    try:
        if interrupt_after is not None:
            select.select([started_read], [], [], seconds)
            try:
                proc.wait(timeout=interrupt_after)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal_number)  # a terminal's Ctrl-C reaches the whole foreground group
                interrupted = True
                start = time.monotonic()  # from here on, the bound is on stopping
        out, err = proc.communicate(timeout=seconds)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        stuck = subprocess.run(["ps", "-o", "pid,ppid,stat,wchan:20,args", "-g", str(proc.pid)],
                               capture_output=True, text=True).stdout  # what each process of the group waits on
        os.killpg(proc.pid, signal.SIGUSR1)  # each prints its Python stack (faulthandler), then goes
        time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        err += b"\n" + stuck.encode()
        code = None
    finally:
        os.close(started_read)
    text = (out.decode("utf-8", "backslashreplace"), err.decode("utf-8", "backslashreplace"))
    crash = "Traceback" in text[1] and text[1] or ""
    return Outcome(args, code, *text, crash=crash, seconds=time.monotonic() - start, interrupted=interrupted)


def _one_line(line: str) -> bool:
    """No character that splits a line or moves the cursor: values in messages are shown escaped."""
    return not any(unicodedata.category(c) in ("Cc", "Zl", "Zp", "Cs") and c != "\t" for c in line)


def _located_ok(line: str, cwd: Path, pseudo: tuple[str, ...]) -> str | None:
    """Why a located line does not point into a real file or one of the `pseudo` ones (None when it does)."""
    m = LOCATED.match(line)
    if not m or m["file"] in pseudo:
        return None
    path = Path(m["file"])
    path = path if path.is_absolute() else cwd / path
    if not path.exists():
        return f"names a file that does not exist: {line!r}"
    line_no, col = int(m["line"]), int(m["col"])
    if line_no < 1 or col < 1:
        return f"names line {line_no}, column {col}: {line!r}"
    if path.is_file() and path.stat().st_size < 2_000_000 and path.suffix.lower() != ".xlsx":  # (rows, not lines)
        lines = path.read_bytes().count(b"\n") + 1
        if line_no > lines:
            return f"names line {line_no} of a file of {lines} lines: {line!r}"
    return None


def _unreadable(line: str, cwd: Path) -> bool:
    """A 'FILE: error: ...' line about a file that is missing or not a regular file (it has no line to name), or
    a warning that names a file only."""
    m = FILE_ONLY.match(line)
    return bool(m) and (m["severity"] == "warning" or not (cwd / m["file"]).is_file())


def broken_promises(outcome: Outcome, cwd: Path, located: bool = True, plain_about: tuple[str, ...] = (),
                    pseudo: tuple[str, ...] = ()) -> list[str]:
    """What the outcome broke: exit status, traceback, hang, lines that are not one located error each.
    `located`: errors must name file:line:col (content, templates, positions), except an 'error: ...' line that
    begins with one of `plain_about` (it is about a command-line argument, such as a folder with no game.yaml);
    otherwise any 'error: ...' line is fine (a command-line option, an action given on the command line).
    `pseudo`: names that stand for text given on the command line ('<action>'), located but not files."""
    if outcome.exit_code is None:
        said = "\n      ".join(outcome.stderr.strip().splitlines()[-60:])
        return [f"hang: no end within {outcome.seconds:.0f} s" + (f"; its last words:\n      {said}" if said else "")]
    broken = []
    printed = outcome.stdout + outcome.stderr
    if outcome.crash or "Traceback (most recent call last)" in printed:
        trace = (outcome.crash or printed[printed.index("Traceback (most recent call last)"):]).strip().splitlines()
        return [f"traceback: {trace[-1]}\n      " + "\n      ".join(trace[-13:-1])]  # the rest is noise
    if outcome.exit_code not in (0, 1) and not (outcome.interrupted and outcome.exit_code == 130):
        broken.append(f"exit status {outcome.exit_code}")
    if outcome.exit_code == 130 and "interrupted" not in outcome.stderr.split("\n"):
        broken.append("exit status 130 without the line 'interrupted'")
    if CANARY in outcome.stdout + outcome.stderr:
        broken.append("text of a file outside the pack shows in the output")
    errors = 0
    for line in outcome.stderr.split("\n"):
        if not line:
            continue
        if not _one_line(line):
            broken.append(f"a line holds a control or line-break character: {line!r}")
        if LOCATED.match(line):
            errors += ": error: " in line
            where = _located_ok(line, cwd, pseudo)
            if where:
                broken.append(where)
        elif _unreadable(line, cwd):
            errors += ": error: " in line
        elif PLAIN.match(line):
            errors += line.startswith("error:")
            if line.startswith("error:") and located and not line.startswith(tuple(f"error: {a}" for a in plain_about)):
                broken.append(f"an error without file:line:col: {line!r}")
        else:
            errors += ": error: " in line
            if line != "interrupted" and not line.startswith("wrote "):  # (export-cards notes its file there)
                broken.append(f"a line that is not one error or warning: {line!r}")
    warned = "--strict" in outcome.args and ": warning: " in outcome.stderr  # (--strict fails on warnings)
    reported = any(": error: " in line or line.startswith("error: ") for line in outcome.stdout.split("\n"))
    if outcome.exit_code == 1 and not errors and not warned and not reported:  # (a sweep's table names errors)
        broken.append("exit status 1 with no error line")
    if outcome.exit_code == 0 and errors and "--force" not in outcome.args:
        broken.append("exit status 0 with error lines")
    return broken


def malformed_svgs(folder: Path) -> list[str]:
    """Every SVG under `folder` that is not well-formed XML."""
    bad = []
    try:
        is_folder = folder.is_dir()
    except (OSError, ValueError):  # a name too long for the system, or with a NUL: nothing was written there
        return bad
    for path in sorted(folder.rglob("*.svg")) if is_folder else []:
        try:
            ElementTree.parse(path)
        except ElementTree.ParseError as e:
            bad.append(f"malformed SVG {path.relative_to(folder)}: {e}")
    return bad


def snapshot(root: Path) -> dict[str, tuple]:
    """Each entry under root (not following symlinks): its kind, permission bits and bytes' hash or link target."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                entry: tuple = ("link", os.readlink(path))
            elif stat.S_ISREG(info.st_mode):
                entry = ("file", stat.S_IMODE(info.st_mode), info.st_ino if info.st_nlink > 1 else 0,
                         hashlib.sha256(path.read_bytes()).hexdigest())
            else:
                entry = (stat.S_IFMT(info.st_mode), stat.S_IMODE(info.st_mode))
            found[str(path.relative_to(root))] = entry
    return found


def changed_outside(before: dict[str, tuple], after: dict[str, tuple], outputs: list[str],
                    protected: list[str]) -> list[str]:
    """Paths that changed, appeared or went away outside the output folders, or in a protected folder (the pack)
    unless an output folder is, or lies within, it (the most specific folder holding a path decides: a pack
    named as an output folder on the command line is one)."""
    def depth(path: str, folder: str) -> int:
        folder = os.path.normpath(folder).strip("/") if folder else ""
        folder = "" if folder == "." else folder
        if not folder:
            return 0
        return folder.count("/") + 1 if path == folder or path.startswith(folder + "/") else -1

    def allowed(path: str) -> bool:
        if path not in before and after.get(path, ("",))[0] == stat.S_IFDIR and any(  # a new parent of an output
                os.path.normpath(f).startswith(path + "/") for f in outputs):
            return True
        out = max((depth(path, f) for f in outputs), default=-1)
        return out >= 0 and out >= max((depth(path, f) for f in protected), default=-1)

    changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
    return [f"changed outside the output folder: {p}" for p in changed if not allowed(p)]


Path(OUTSIDE_ABSOLUTE).write_text(f"id: {CANARY}\nkind: {CANARY}\n", encoding="utf-8")  # for absolute paths
BUNDLED = {"content": CONTENT_DIR, "templates": TEMPLATES_DIR}
_bundled_before = {name: snapshot(path) for name, path in BUNDLED.items()}


def bundled_changes() -> list[str]:
    """Files of the bundled packs and layouts that differ from when the suite started."""
    return [f"changed a bundled file: {name}/{p}" for name, path in BUNDLED.items()
            for p in changed_outside(_bundled_before[name], snapshot(path), [], [])]


@dataclass
class Scratch:
    """A folder for one case: copies of what the case mutates, and files outside the pack holding the canary."""

    root: Path
    pack: Path | None = None
    before: dict[str, tuple] = field(default_factory=dict)

    def copy_pack(self, name: str) -> Path:
        """A copy of a bundled pack at ROOT/<name>."""
        self.pack = self.root / name
        shutil.copytree(CONTENT_DIR / name, self.pack, symlinks=True)
        return self.pack

    def seal(self) -> None:
        """Take the snapshot the case is compared with."""
        self.before = snapshot(self.root)

    def broken(self, outcome: Outcome, outputs: tuple[str, ...] = (), located: bool = True,
               plain_about: tuple[str, ...] = (), pseudo: tuple[str, ...] = ()) -> list[str]:
        """Every promise the outcome broke, in the output, the files written and the files around them."""
        broken = broken_promises(outcome, self.root, located, plain_about, pseudo)
        for out in outputs:
            broken += malformed_svgs(self.root / out)
        protected = [str(self.pack.relative_to(self.root))] if self.pack else []
        broken += changed_outside(self.before, snapshot(self.root), list(outputs), protected + ["outside.yaml"])
        return broken + bundled_changes()


def pack_command(command: str, game: str) -> list[str]:
    """The argument list of a pack case: check, or a quick SVG-only build into OUT (forced or not)."""
    if command == "check":
        return ["check", game]
    return ["build", game, "--skip-sim", "--format", "svg", "--paper", "a4", "--out", "out", *command.split()[1:]]


@contextmanager
def scratch() -> Iterator[Scratch]:
    """A fresh folder, made the working folder for the case; removed afterwards."""
    root = Path(tempfile.mkdtemp(prefix="pnpgen-fuzz-"))
    (root / "outside.yaml").write_text(f"id: {CANARY}\ntitle: {CANARY}\nhexes: {CANARY}\n", encoding="utf-8")
    here = os.getcwd()
    os.chdir(root)
    try:
        yield Scratch(root)
    finally:
        os.chdir(here)
        shutil.rmtree(root, ignore_errors=True)
