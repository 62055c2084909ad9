"""Output folders are pnpgen's own: a folder it did not make, or one holding something it did not write, is refused
and left exactly as it was; a crash at any moment leaves the old output or the new one complete (and the next
write clears what the crash left); writes into one folder at once are serialised and both succeed."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.packs import copy_pack

from pnpgen.cli import main
from pnpgen.errors import PnpgenError
from pnpgen.files import atomic
from pnpgen.files.atomic import MARKER, write_atomically

pytestmark = pytest.mark.slow  # builds, simulations and processes that crash on purpose

OLD = {"a.txt": b"old a", "svg/b.svg": b"<svg>old b</svg>", "keep.txt": b"kept from an earlier build"}
NEW = {"a.txt": b"new a", "svg/c.svg": b"<svg>new c</svg>"}


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def state(folder: Path) -> dict[str, tuple]:
    """Everything about a folder tree that a careless rewrite would change: kinds, bytes, links, modes, inodes."""
    out: dict[str, tuple] = {}
    for here, dirs, names in os.walk(folder):
        for name in sorted(dirs + names):
            p = Path(here, name)
            st = os.lstat(p)
            what = os.readlink(p) if p.is_symlink() else p.read_bytes() if p.is_file() and not p.is_symlink() \
                else None
            out[p.relative_to(folder).as_posix()] = (st.st_mode, st.st_ino, st.st_nlink, st.st_size,
                                                     st.st_mtime_ns, what)
    return out


def contents(folder: Path) -> dict[str, bytes]:
    """The files of a pnpgen folder, after checking its marker lists exactly them."""
    files = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    listed = json.loads(files.pop(MARKER))["files"]
    assert sorted(listed) == sorted(files)
    return files


def leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if ".tmp-" in p.name or ".old-" in p.name)


def strange_folder(folder: Path) -> None:
    """A folder of someone's: a file, a hard link, a symlink, a symlinked and an empty folder, a FIFO, 0700."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "notes.txt").write_text("precious")
    os.link(folder / "notes.txt", folder / "notes-link.txt")
    (folder / "to-notes").symlink_to("notes.txt")
    (folder / "empty").mkdir()
    (folder / "private").mkdir(mode=0o700)
    (folder / "private" / "key").write_text("secret")
    (folder / "to-private").symlink_to("private", target_is_directory=True)
    os.mkfifo(folder / "pipe")


# -- defect 2: a folder that is not pnpgen's, or holds what it did not write, is refused and untouched ---------------

def test_a_report_folder_of_yours_is_refused_before_the_games_and_left_as_it_was(tmp_path):
    strange_folder(tmp_path / "mine")
    before = state(tmp_path)
    r = run("simulate", "--games", "3", "--report", str(tmp_path / "mine"))
    assert r.exit_code == 1
    assert r.output == (f"error: {tmp_path / 'mine'} exists and pnpgen did not make it (no {MARKER} file in it); "
                        "pnpgen replaces only its own folders: move it away or choose another folder\n")
    assert state(tmp_path) == before


def test_a_kit_from_a_pnpgen_before_the_marker_is_refused_with_what_to_do(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    old = tmp_path / "output" / "narrow-seas"
    (old / "svg").mkdir(parents=True)
    (old / "snapshot.json").write_text('{"format": 1}\n')
    (old / "narrow-seas-a4.pdf").write_bytes(b"%PDF-1.4\n")
    before = state(tmp_path)
    r = run("build", "--skip-sim", "--format", "svg")
    assert r.exit_code == 1 and r.output.count("\n") == 1
    assert r.output.endswith("choose another folder (a kit built by a pnpgen from before output folders carried "
                             "that file: delete it once)\n"), r.output
    assert state(tmp_path) == before


@pytest.mark.parametrize("kind", ["file", "symbolic link", "named pipe", "folder"])
def test_something_of_yours_put_in_a_pnpgen_folder_stops_the_next_write_and_stays(tmp_path, kind):
    report = tmp_path / "report"
    assert run("simulate", "--games", "2", "--report", str(report)).exit_code == 0
    stranger = report / "yours"
    if kind == "file":
        stranger.write_text("mine")
    elif kind == "symbolic link":
        stranger.symlink_to("/etc/hostname")
    elif kind == "named pipe":
        os.mkfifo(stranger)
    else:
        stranger.mkdir()
    before = state(tmp_path)
    r = run("simulate", "--games", "2", "--report", str(report))
    assert r.exit_code == 1
    assert r.output == (f"error: {stranger}: pnpgen did not write this {kind} and will not replace the folder "
                        f"holding it; move it out of {report} and try again\n")
    assert state(tmp_path) == before


@pytest.mark.parametrize("command", [("simulate", "--games", "2"), ("sweep", "--games", "2", "--jobs", "1")])
@pytest.mark.parametrize("folder", [".", "..", "/"])
def test_the_working_folder_and_the_root_are_refused_at_once(tmp_path, monkeypatch, command, folder):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("precious")
    before = state(tmp_path.parent)
    started = time.perf_counter()
    r = run(*command, "--report", folder)
    took = time.perf_counter() - started
    what = "the root of the file system" if folder == "/" else "the working folder or a folder holding it"
    assert r.exit_code == 1 and r.output == f"error: {folder}: refusing to replace {what}; choose a new folder\n"
    assert state(tmp_path.parent) == before
    assert took < 30  # (not a speed target: a walk of the whole file system would never end here)


def test_a_folder_of_yours_is_refused_as_a_build_output(tmp_path):
    strange_folder(tmp_path / "narrow-seas")
    before = state(tmp_path)
    r = run("build", "--skip-sim", "--format", "svg", "--paper", "a4", "--out", str(tmp_path))
    assert r.exit_code == 1 and r.output.count("\n") == 1 and "pnpgen did not make it" in r.output
    assert state(tmp_path) == before


def test_a_report_folder_is_replaced_whole_and_keeps_pnpgen_outputs_nested_in_it(tmp_path):
    write_atomically(tmp_path / "r", {"old.txt": b"gone next time", "sub/x": b"x"})
    write_atomically(tmp_path / "r" / "schema", {"s.json": b"{}"})  # another pnpgen output inside it
    inode = os.stat(tmp_path / "r" / "schema" / "s.json").st_ino
    write_atomically(tmp_path / "r", {"new.txt": b"new"})
    assert json.loads((tmp_path / "r" / MARKER).read_text())["files"] == ["new.txt"]
    assert sorted(p.relative_to(tmp_path / "r").as_posix() for p in (tmp_path / "r").rglob("*")) == \
        [MARKER, "new.txt", "schema", f"schema/{MARKER}", "schema/s.json"]
    assert os.stat(tmp_path / "r" / "schema" / "s.json").st_ino == inode  # carried over, not copied
    assert leftovers(tmp_path) == []


def test_files_a_build_keeps_are_the_same_files_not_copies(tmp_path):
    write_atomically(tmp_path / "g", OLD)
    inode = os.stat(tmp_path / "g" / "keep.txt").st_ino
    write_atomically(tmp_path / "g", NEW, keep=lambda rel: rel == "keep.txt")
    assert contents(tmp_path / "g") == {**NEW, "keep.txt": OLD["keep.txt"]}
    assert os.stat(tmp_path / "g" / "keep.txt").st_ino == inode


# -- defect 10: an output folder that is, or holds, the content pack ------------------------------------------------

def test_building_into_the_pack_itself_is_refused_and_the_pack_is_untouched(tmp_path, monkeypatch):
    content = tmp_path / "content"
    pack = copy_pack(content / "narrow-seas")
    (pack / "empty").mkdir()
    (pack / "rules-link.yaml").symlink_to("game.yaml")
    monkeypatch.chdir(content)
    before = state(tmp_path)
    for out in (".", str(content), str(tmp_path / "content" / "narrow-seas" / "..")):
        r = run("build", "narrow-seas", "--skip-sim", "--format", "svg", "--out", out)
        assert r.exit_code == 1
        assert r.output == (f"error: {Path(out) / 'narrow-seas'}: would replace {pack.resolve()}, which pnpgen reads "
                            "from; choose an output folder outside it\n")
        assert state(tmp_path) == before


def test_a_folder_holding_the_pack_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pack = copy_pack(tmp_path / "narrow-seas" / "inner" / "narrow-seas")
    with pytest.raises(PnpgenError, match="which pnpgen reads from"):
        write_atomically(tmp_path / "narrow-seas", {"x": b"x"}, protect=[pack])


# -- defect 9: a crash at any moment leaves the old or the new output complete -------------------------------------

CRASHER = """
import os, pathlib, sys
from pnpgen.files import atomic
target, crash_at, fallback = pathlib.Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
steps = [0]
def step(function):
    def wrapped(*args, **kwargs):
        steps[0] += 1
        if steps[0] == crash_at:
            os._exit(137)
        return function(*args, **kwargs)
    return wrapped
for name in ("rename", "replace", "mkdir", "unlink", "rmdir", "link"):
    setattr(os, name, step(getattr(os, name)))
pathlib.Path.write_bytes = step(pathlib.Path.write_bytes)
pathlib.Path.write_text = step(pathlib.Path.write_text)
atomic._exchange = step((lambda *a, **k: False) if fallback else atomic._exchange)
atomic.write_atomically(target, NEW_FILES, keep=lambda rel: rel == "keep.txt")
print(steps[0])
""".replace("NEW_FILES", repr(NEW))


def complete(folder: Path) -> str:
    """'old' or 'new' when the folder is one of them whole."""
    files = contents(folder)
    if files == OLD:
        return "old"
    assert files == {**NEW, "keep.txt": OLD["keep.txt"]}
    return "new"


@pytest.mark.parametrize("fallback", [False, True], ids=["exchange", "two-renames"])
def test_a_crash_at_every_step_of_a_write_leaves_a_whole_output_and_the_next_write_clears_up(tmp_path, fallback):
    (tmp_path / "probe").mkdir()
    if not fallback and not atomic._exchange(tmp_path / "probe", tmp_path / "probed", no_replace=True):
        pytest.skip("no renameat2 on this system or file system")
    seen = []
    crash_at = 1
    while True:
        target = tmp_path / f"run{crash_at}" / "g"
        write_atomically(target, OLD)
        done = subprocess.run([sys.executable, "-c", CRASHER, str(target), str(crash_at), "1" if fallback else "0"],
                              capture_output=True, text=True, timeout=60, cwd=tmp_path)
        if done.returncode == 0:
            assert complete(target) == "new" and leftovers(target.parent) == []
            break
        assert done.returncode == 137, done.stderr
        if target.exists() or not fallback:
            seen.append(complete(target))
        else:  # two renames: a crash between them leaves the old output aside, whole, for the next write
            (aside,) = [p for p in target.parent.iterdir() if ".old-" in p.name]
            assert complete(aside) == "old"
            seen.append("aside")
        write_atomically(target, NEW, keep=lambda rel: rel == "keep.txt")  # the next build, another process
        assert complete(target) == "new" and leftovers(target.parent) == []
        crash_at += 1
    assert crash_at > 10 and "old" in seen and "new" in seen
    assert ("aside" in seen) == fallback


def test_a_build_killed_at_random_moments_leaves_the_old_or_the_new_kit(tmp_path):
    out = tmp_path / "out"
    args = [sys.executable, "-m", "pnpgen", "build", "--skip-sim", "--format", "svg", "--paper", "a4",
            "--out", str(out)]
    started = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, timeout=300, cwd=tmp_path)
    took = time.perf_counter() - started
    reference = sorted(contents(out / "narrow-seas"))
    rng = random.Random(9)
    runs = 0
    for _ in range(3):
        build = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
        time.sleep(rng.uniform(0.5, 1.1) * took)
        build.send_signal(signal.SIGKILL)
        build.wait()
        assert sorted(contents(out / "narrow-seas")) == reference
        runs += 1
    subprocess.run(args, check=True, capture_output=True, timeout=300, cwd=tmp_path)
    assert runs == 3 and sorted(contents(out / "narrow-seas")) == reference
    assert leftovers(out) == []


def test_leftovers_of_a_live_process_are_not_touched(tmp_path):
    write_atomically(tmp_path / "g", OLD)
    live = tmp_path / f".g.tmp-{os.getppid()}"  # a write of a process still running
    live.mkdir()
    (live / MARKER).write_text(json.dumps({"files": []}))
    write_atomically(tmp_path / "g", NEW)
    assert live.is_dir()


# -- defect 20: writes into one folder at once are serialised ------------------------------------------------------

WRITER = """
import pathlib, sys, time
from pnpgen.files.atomic import write_atomically
target, go = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[3])
files = {f"svg/{i}.svg": sys.argv[2].encode() * 200 for i in range(5)}
while not go.exists():  # both start together
    time.sleep(0.005)
for _ in range(150):
    write_atomically(target, files)
"""


def test_two_processes_writing_one_folder_over_and_over_both_succeed(tmp_path):
    target = tmp_path / "out" / "g"
    go = tmp_path / "go"
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(target), name, str(go)], stderr=subprocess.PIPE,
                                text=True, cwd=tmp_path) for name in ("a", "b")]
    time.sleep(1)
    go.touch()
    for w in writers:
        assert w.wait(timeout=300) == 0, w.stderr.read()
    files = contents(target)
    assert len(files) == 5 and len(set(files.values())) == 1
    assert leftovers(target.parent) == []


def test_a_write_waits_for_the_lock_of_another(tmp_path):
    import fcntl

    write_atomically(tmp_path / "g", OLD)
    fd = os.open(tmp_path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)  # another build is writing
    writer = threading.Thread(target=write_atomically, args=(tmp_path / "g", NEW))
    writer.start()
    writer.join(0.5)
    waited = writer.is_alive()
    assert contents(tmp_path / "g") == OLD
    os.close(fd)
    writer.join(30)
    assert waited and not writer.is_alive() and contents(tmp_path / "g") == NEW


def test_two_builds_into_one_out_at_once_both_succeed(tmp_path):
    args = [sys.executable, "-m", "pnpgen", "build", "--skip-sim", "--format", "svg", "--paper", "a4",
            "--out", str(tmp_path / "out")]
    builds = [subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
              for _ in range(2)]
    for b in builds:
        out, err = b.communicate(timeout=600)
        assert b.returncode == 0, err
    files = contents(tmp_path / "out" / "narrow-seas")
    assert "index.html" in files and sum(rel.startswith("svg/") for rel in files) > 10
    assert leftovers(tmp_path / "out") == []
