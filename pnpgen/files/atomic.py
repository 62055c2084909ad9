"""Output folders pnpgen owns: written whole beside the target and swapped in, so a failure or a crash at any moment
leaves the old folder or the new one complete, and nothing pnpgen did not write is ever copied or deleted.

A folder pnpgen made holds a marker file, `.pnpgen-output`, listing the files it wrote. A target that exists
without one, or that holds anything the marker does not list, is refused. The new folder is written as
`.<name>.tmp-<pid>` and exchanged with the old one in a single step where the system can (renameat2 on Linux),
else by two renames, which the next write repairs if a crash falls between them; leftovers of a write whose
process is gone are removed by the next. Writes to one parent folder are serialised by a lock on that folder.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..errors import PnpgenError

MARKER = ".pnpgen-output"
DISPOSABLE = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})  # what file browsers leave in a folder shown
NOTE = "pnpgen made this folder and replaces it whole; a file it did not write here stops the next replacement"


@dataclass(frozen=True)
class Written:
    """One output: its path (relative to the output folder) and a note (pages, size)."""

    path: str
    size: int
    note: str = ""


def write_atomically(target: Path, files: dict[str, bytes], keep: Callable[[str], bool] = lambda _r: False,
                     protect: Iterable[Path] = ()) -> list[Written]:
    """Write `files` as the folder `target`, carrying over the old folder's files that `keep` names (and any
    pnpgen output nested in it), then swap the new folder in. Refuses a target that pnpgen does not own or that
    is, or holds, the working folder or a folder in `protect`."""
    shown = target
    target = check_target(target, protect)
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    with _locked(parent):
        _clear_leftovers(target)
        exists = os.path.lexists(target)
        if exists:
            _check_owned(target, shown)  # again, now that no other write is under way
        carried = _carried(target, keep, set(files)) if exists else {}
        tmp = parent / f".{target.name}.tmp-{os.getpid()}"
        try:
            _fill(tmp, files, carried)
            if exists:
                _swap(tmp, target)
                _remove_owned(tmp)  # after the exchange it holds the old output
            else:
                _rename_new(tmp, target)
        except BaseException:
            if tmp.is_dir() and not tmp.is_symlink():
                _remove_owned(tmp)
            raise
    return [Written(rel, len(files[rel])) for rel in sorted(files)]


def check_target(target: Path | str, protect: Iterable[Path] = ()) -> Path:
    """The absolute target after refusing one pnpgen must not replace (the root, the working folder or one
    holding it, a protected folder or one holding it, anything that is not pnpgen's own folder)."""
    path = Path(os.path.abspath(target))
    if path.parent == path:
        raise PnpgenError(f"{_shown(target)}: refusing to replace the root of the file system; choose a new folder")
    path = path.parent.resolve() / path.name
    here = Path.cwd().resolve()
    if here == path or path in here.parents:
        raise PnpgenError(f"{_shown(target)}: refusing to replace the working folder or a folder holding it; "
                          "choose a new folder")
    for folder in protect:
        folder = Path(folder).resolve()
        if folder == path or path in folder.parents:
            raise PnpgenError(f"{_shown(target)}: would replace {_shown(folder)}, which pnpgen reads from; "
                              "choose an output folder outside it")
    if os.path.lexists(path):
        _check_owned(path, target)
    return path


def _check_owned(path: Path, shown: Path | str) -> None:
    """Refuse a target that is not a folder pnpgen made, or that holds something pnpgen did not write."""
    if path.is_symlink() or not path.is_dir():
        raise PnpgenError(f"{_shown(shown)} exists and is not a folder pnpgen made ({_kind(path)}); pnpgen replaces "
                          "only its own folders: move it away or choose another folder")
    stranger = _stranger(path)
    if stranger is None:
        return
    if stranger == path:
        earlier = (" (a kit built by a pnpgen from before output folders carried that file: delete it once)"
                   if (path / "snapshot.json").is_file() else "")
        raise PnpgenError(f"{_shown(shown)} exists and pnpgen did not make it (no {MARKER} file in it); pnpgen "
                          f"replaces only its own folders: move it away or choose another folder{earlier}")
    inside = Path(shown) / stranger.relative_to(path)
    raise PnpgenError(f"{_shown(inside)}: pnpgen did not write this {_kind(stranger)} and will not replace the "
                      f"folder holding it; move it out of {_shown(shown)} and try again")


def _stranger(folder: Path) -> Path | None:
    """The first thing in a folder that pnpgen did not write (the folder itself when it has no marker and holds
    no pnpgen output), or None."""
    listed = listed_files(folder)
    if listed is None:
        nested = _entries(folder)
        if not nested or any(not (e.is_dir(follow_symlinks=False) and listed_files(Path(e.path)) is not None)
                             for e in nested):
            return folder
        listed = set()
    folders = {parent.as_posix() for rel in listed for parent in Path(rel).parents} - {"."}
    return _first_stranger(folder, "", listed, folders)


def _first_stranger(folder: Path, prefix: str, listed: set[str], folders: set[str]) -> Path | None:
    for entry in _entries(folder):
        rel = prefix + entry.name
        if entry.is_dir(follow_symlinks=False):
            if listed_files(Path(entry.path)) is not None:  # a pnpgen output of its own (e.g. schema/), checked alone
                found = _stranger(Path(entry.path))
            elif rel in folders:
                found = _first_stranger(Path(entry.path), rel + "/", listed, folders)
            else:
                found = Path(entry.path)
            if found is not None:
                return found
        elif not (entry.is_file(follow_symlinks=False) and (rel in listed or rel == MARKER
                                                            or entry.name in DISPOSABLE)):
            return Path(entry.path)
    return None


def _entries(folder: Path) -> list[os.DirEntry]:
    with os.scandir(folder) as it:
        return sorted(it, key=lambda e: e.name)


def listed_files(folder: Path) -> set[str] | None:
    """The files a pnpgen folder's marker lists, or None when it has no readable marker."""
    marker = folder / MARKER
    if marker.is_symlink() or not marker.is_file():
        return None
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        return None
    return {f for f in files if f and not f.startswith("/") and ".." not in f.split("/")}


def _carried(target: Path, keep: Callable[[str], bool], new: set[str]) -> dict[str, Path]:
    """The old folder's files to carry over, by relative path: those `keep` names and nested pnpgen outputs."""
    out: dict[str, Path] = {}
    listed = listed_files(target) or set()
    for rel in sorted(listed - new):
        if keep(rel) and (target / rel).is_file() and not (target / rel).is_symlink():
            out[rel] = target / rel
    new_folders = {parent.as_posix() for rel in new for parent in Path(rel).parents}
    for here, dirs, names in os.walk(target):
        base = Path(here)
        rel_base = base.relative_to(target).as_posix()
        if base != target and MARKER in names and listed_files(base) is not None and rel_base not in new_folders \
                and rel_base not in new:
            for inner, _dirs, inner_names in os.walk(base):
                for name in inner_names:
                    p = Path(inner, name)
                    out[p.relative_to(target).as_posix()] = p
            dirs[:] = []
    return out


def _fill(tmp: Path, files: dict[str, bytes], carried: dict[str, Path]) -> None:
    """Make the new folder: its marker first (so a leftover of a crash is known as pnpgen's), then every file."""
    tmp.mkdir()
    nested = {rel for rel in carried if rel.endswith("/" + MARKER)}
    nested_roots = tuple(rel[: -len(MARKER)] for rel in nested)
    own = sorted(set(files) | {rel for rel in carried if not rel.startswith(nested_roots)})
    (tmp / MARKER).write_text(json.dumps({"note": NOTE, "files": own}, indent=0) + "\n", encoding="utf-8")
    for rel in sorted(files):
        p = tmp / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(files[rel])
    for rel, source in sorted(carried.items()):
        p = tmp / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(source, p)  # the same file, not a copy: its links and times stay as they were
        except OSError:
            shutil.copy2(source, p)


def _swap(tmp: Path, target: Path) -> None:
    """Exchange the new folder with the old one in one step; where the system cannot, rename the old one aside
    and the new one in (a crash between the two is repaired by the next write: _clear_leftovers)."""
    if _exchange(tmp, target):
        return
    old = target.parent / f".{target.name}.old-{os.getpid()}"
    os.rename(target, old)
    try:
        os.rename(tmp, target)
    except BaseException:
        os.rename(old, target)
        raise
    os.rename(old, tmp)  # so the caller removes the old output where the exchange would have left it


def _rename_new(tmp: Path, target: Path) -> None:
    """Move the new folder into place where nothing is; a folder that appeared meanwhile is not replaced."""
    if not _exchange(tmp, target, no_replace=True):
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, "appeared while pnpgen wrote it", str(target))
        os.rename(tmp, target)


RENAME_NOREPLACE, RENAME_EXCHANGE = 1, 2
AT_FDCWD = -100
_renameat2 = None


def _exchange(a: Path, b: Path, no_replace: bool = False) -> bool:
    """renameat2(2) on Linux: exchange two paths (or rename where nothing is); False where it is not available."""
    global _renameat2
    if not sys.platform.startswith("linux"):
        return False
    if _renameat2 is None:
        import ctypes

        try:
            function = ctypes.CDLL(None, use_errno=True).renameat2
        except (OSError, AttributeError):  # a C library before glibc 2.28
            _renameat2 = False
            return False
        function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        _renameat2 = function
    if _renameat2 is False:
        return False
    import ctypes

    flags = RENAME_NOREPLACE if no_replace else RENAME_EXCHANGE
    if _renameat2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), flags) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP):  # a file system without it
        return False
    raise OSError(code, os.strerror(code), str(b))


def _clear_leftovers(target: Path) -> None:
    """Repair and remove what writes to `target` left when their process died: an old output renamed aside with
    no new one in place goes back; other leftovers that are pnpgen's (or empty) are removed."""
    pattern = re.compile(re.escape(f".{target.name}.") + r"(tmp|old)-(\d+)")
    leftovers = []
    for entry in _entries(target.parent):
        match = pattern.fullmatch(entry.name)
        if match and entry.is_dir(follow_symlinks=False):
            pid = int(match.group(2))
            if pid == os.getpid() or not _alive(pid):
                leftovers.append((match.group(1), Path(entry.path)))
    for kind, path in leftovers:
        if kind == "old" and not os.path.lexists(target) and _stranger(path) is None:
            os.rename(path, target)
    for _kind_name, path in leftovers:
        if path.is_dir():
            _remove_owned(path)


def _alive(pid: int) -> bool:
    if os.name != "posix":
        return True  # (no safe probe: leave it)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _remove_owned(folder: Path) -> None:
    """Delete what pnpgen wrote in a folder of its own: the files its marker lists, nested pnpgen outputs and
    what file browsers leave, then the folders so emptied; anything else stays, and so does the folder holding it.
    (A folder without a marker is one pnpgen left before writing it, or one holding only nested outputs.)"""
    listed = listed_files(folder) or set()
    for rel in sorted(listed):
        p = folder / rel
        if p.is_file() and not p.is_symlink():
            p.unlink()
    for here, dirs, names in os.walk(folder):
        base = Path(here)
        if base != folder and listed_files(base) is not None:
            _remove_owned(base)
            dirs[:] = []
            continue
        for name in names:
            if name in DISPOSABLE:
                (base / name).unlink()
    folders = {parent.as_posix() for rel in listed for parent in Path(rel).parents} - {"."}
    for rel in sorted(folders, key=lambda r: r.count("/"), reverse=True):
        try:
            (folder / rel).rmdir()
        except OSError:  # (not empty: something pnpgen did not write)
            pass
    try:
        (folder / MARKER).unlink(missing_ok=True)
        folder.rmdir()
    except OSError:
        pass


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on a folder (a lock file in it where a folder cannot be locked) while writing."""
    try:
        import fcntl
    except ImportError:  # (no flock: writes are not serialised)
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            os.close(fd)
            fd = os.open(folder / ".pnpgen.lock", os.O_RDWR | os.O_CREAT, 0o644)
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _kind(path: Path) -> str:
    if path.is_symlink():
        return "symbolic link"
    if path.is_dir():
        return "folder"
    if path.is_file():
        return "file"
    if path.is_fifo():
        return "named pipe"
    return "special file"


def _shown(path: Path | str) -> str:
    """A path for a one-line message: characters that do not print are escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(path))


def write_file(out: Path, data: bytes) -> None:
    """Write one file: over a regular file or nothing, whole (beside it first, then renamed over it, so a reader
    never sees half a file); into a device or named pipe as a shell's redirection would (`--out /dev/null`
    discards); a PnpgenError for a folder, a socket or a folder that does not exist. A symbolic link is followed:
    what it points at is written, the link stays."""
    shown = _shown(out)
    if out.name in ("", ".", ".."):  # '', '.', '/', 'x/..': a folder, not a file
        raise PnpgenError(f"--out: expected the name of a file to write, got a folder ('{shown}')")
    target = Path(os.path.realpath(out)) if out.is_symlink() else out
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and (stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISFIFO(mode)):
        _write_through(target, data)
        return
    if mode is not None and not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a regular file"
        raise PnpgenError(f"--out {shown}: expected the name of a file to write, got {kind} (nothing was written)")
    if not target.parent.is_dir():
        raise PnpgenError(f"--out {shown}: the folder '{_shown(target.parent)}' does not exist")
    tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    try:
        tmp.write_bytes(data)
        if mode is not None:
            os.chmod(tmp, stat.S_IMODE(mode))  # the file keeps its permissions, as a redirection would keep them
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _write_through(target: Path, data: bytes) -> None:
    """Write into a device or a named pipe, which is opened, not replaced (a pipe waits for its reader)."""
    fd = os.open(target, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
